package main

import (
	"errors"
	"fmt"

	"github.com/queensjudge/queensjudge/store"
)

// writable refuses, before any work, to go on with a command that writes to
// its cache when the cache may not be written: the refusal says why and
// what to do. (Every write in store checks it again.)
func (c *call) writable() error {
	return cacheRefusal(c.db.Writable(c.ctx))
}

// cacheRefusal adds to the error of a write that the cache refused what to
// do about it.
func cacheRefusal(err error) error {
	if errors.Is(err, store.ErrDamaged) {
		return fmt.Errorf("%w; nothing was written to it: run queensjudge doctor", err)
	}
	return err
}
