package main

import (
	"errors"
	"fmt"

	"github.com/queensjudge/queensjudge/store"
)

// writable refuses, before any work, to go on with a command that writes to
// its cache when the cache may not be written, saying why and what to do.
// readOnlyOK lets a read-only cache through, for a command that can do with
// what is cached: what it would have to store is refused where it comes up.
// (Every write in store asks again.)
func (c *call) writable(readOnlyOK bool) error {
	err := c.db.Writable(c.ctx)
	if err == nil || readOnlyOK && errors.Is(err, store.ErrReadOnly) {
		return nil
	}
	return fmt.Errorf("%s: %w", c.Command.Name, cacheRefusal(err))
}

// cacheRefusal adds to the error of a write that the cache refused what to
// do about it.
func cacheRefusal(err error) error {
	switch {
	case errors.Is(err, store.ErrDamaged):
		return fmt.Errorf("%w; nothing was written to it: run queensjudge doctor", err)
	case errors.Is(err, store.ErrReadOnly):
		return fmt.Errorf("%w: it can be read, not written", err)
	}
	return err
}
