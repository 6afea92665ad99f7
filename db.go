package main

import (
	"context"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/store"
)

// openDB opens the cache named by --db, or the default one.
func openDB(ctx context.Context, c *cli.Context) (*store.DB, error) {
	path := c.String("db")
	if path == "" {
		var err error
		if path, err = store.DefaultPath(); err != nil {
			return nil, err
		}
	}
	return store.Open(ctx, path)
}
