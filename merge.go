package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/store"
	"github.com/queensjudge/queensjudge/internal/truth"
)

func mergeCommand() *cli.Command {
	return &cli.Command{
		Name:      "merge",
		Usage:     "add up the caches of solve --shard runs",
		ArgsUsage: "OUT.db PART.db...",
		Description: `Merge reads the caches written by solve --shard I/K runs, checks that every
slice 0..K-1 of each count is there once and finished, adds the slices up and
stores the answers in OUT.db. It refuses parts of different solver versions,
missing or doubled slices, subproblems counted differently by two parts, and
an OUT.db that is one of the parts (by any name: a link or another spelling
of its path). A refused merge changes no part. The links of the parts from
problem ids to the counts are carried over, so show answers by id from
OUT.db as from a cache that solved the set, and merge prints a row for each
problem id, or "merged" and the definition's hash for a count no id links.`,
		Flags: []cli.Flag{formatFlag("table")},
		Action: action(needs{minArgs: 2, maxArgs: -1, args: "OUT.db and at least one PART.db"}, func(c *call) error {
			out, parts := c.Args().First(), c.Args().Slice()[1:]
			if err := store.CheckMergeOut(out, parts); err != nil {
				return err
			}
			db, err := store.Open(c.ctx, out)
			if err != nil {
				return err
			}
			defer db.Close()
			if err := db.Writable(c.ctx); err != nil {
				return fmt.Errorf("merge: %w", cacheRefusal(err))
			}
			outs, err := truth.New(db, truth.Options{}).Merge(c.ctx, parts)
			if err != nil {
				return err
			}
			var rows []row
			failed := false
			for _, o := range outs {
				if o.Err != nil {
					fmt.Fprintln(c.stderr, o.Err)
					failed = true
					continue
				}
				set, id := "merged", o.Key.String() // a count no part links to a problem id
				if o.Set != nil {
					set, id = o.Set.Name, o.Problem.ID
				}
				rows = append(rows, rowOf(c.ctx, db, set, id, o.Result, false))
			}
			if err := writeRows(c.stdout, c.format, rows); err != nil {
				return err
			}
			return reported(failed)
		}),
	}
}
