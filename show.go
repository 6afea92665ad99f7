package main

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

func showCommand() *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "print cached answers by problem id",
		ArgsUsage: "ID...",
		Description: `Show prints the cached answers of the problems with the given ids, from the
cache alone. An id that is in several sets is shown for each, unless --set
names one. An id that was never solved is an error.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "set", Usage: "only the problems of the set `NAME`"},
			formatFlag("table", "json", "yaml"),
		},
		Action: func(c *cli.Context) error {
			f, err := format(c, "table", "json", "yaml")
			if err != nil {
				return err
			}
			if err := needArgs(c, "problem id"); err != nil {
				return err
			}
			ctx := c.Context
			db, err := openDB(ctx, c)
			if err != nil {
				return err
			}
			defer db.Close()
			stderr := c.App.ErrWriter
			var rows []row
			failed := false
			for _, id := range c.Args().Slice() {
				entries, err := db.Lookup(ctx, c.String("set"), id)
				if err != nil {
					return err
				}
				if len(entries) == 0 {
					where := ""
					if s := c.String("set"); s != "" {
						where = fmt.Sprintf(" in set %q", s)
					}
					fmt.Fprintf(stderr, "show: problem %q%s has never been solved\n", id, where)
					failed = true
				}
				for _, e := range entries {
					if !e.OK {
						fmt.Fprintf(stderr, "show: problem %q of set %q has no answer from this solver version; run solve again\n", id, e.Set)
						failed = true
						continue
					}
					r, err := rowOf(ctx, db, e.Set, e.ID, e.Result, true)
					if err != nil {
						fmt.Fprintln(stderr, err)
						failed = true
						continue
					}
					rows = append(rows, r)
				}
			}
			if err := writeRows(c.App.Writer, f, rows); err != nil {
				return err
			}
			if failed {
				return errReported
			}
			return nil
		},
	}
}
