package main

import (
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

func mergeCommand() *cli.Command {
	return &cli.Command{
		Name:      "merge",
		Usage:     "add up the caches of solve --shard runs",
		ArgsUsage: "OUT.db PART.db...",
		Description: `Merge reads the caches written by solve --shard I/K runs, checks that every
slice 0..K-1 of each count is there once and finished, adds the slices up and
stores the answers in OUT.db. It refuses parts of different solver versions,
missing or doubled slices, and subproblems counted differently by two parts.`,
		Flags: []cli.Flag{formatFlag("table")},
		Action: func(c *cli.Context) error {
			f, err := format(c)
			if err != nil {
				return err
			}
			if c.NArg() < 2 {
				return usagef("merge: want OUT.db and at least one PART.db")
			}
			ctx := c.Context
			db, err := store.Open(ctx, c.Args().First())
			if err != nil {
				return err
			}
			defer db.Close()
			merged, err := db.Merge(ctx, c.Args().Slice()[1:])
			if err != nil {
				return err
			}
			var rows []row
			failed := false
			for _, m := range merged {
				p, err := problems.ParseCanonical(m.Part.Definition)
				if err == nil && m.Part.Key.SolverVersion != solver.Version {
					err = fmt.Errorf("parts are from solver version %s, this is %s", m.Part.Key.SolverVersion, solver.Version)
				}
				var ans solver.Answer
				if err == nil {
					ans, err = solver.FinishCount(ctx, p, m.Sum)
				}
				res := store.Result{
					Key: m.Part.Key, Definition: m.Part.Definition, Kind: p.Kind, Ask: p.Ask, N: p.N,
					Answer: ans, SolvedAt: time.Now().UTC(),
				}
				if err == nil {
					err = db.Put(ctx, res, nil)
				}
				if err != nil {
					fmt.Fprintf(c.App.ErrWriter, "merge %s: %v\n", m.Part.Key, err)
					failed = true
					continue
				}
				r, err := rowOf(ctx, db, "merged", m.Part.Key.String(), res, false)
				if err != nil {
					return err
				}
				rows = append(rows, r)
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
