package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/solver"
)

func doctorCommand() *cli.Command {
	return &cli.Command{
		Name:  "doctor",
		Usage: "check the cache: integrity, stale results, orphans",
		Description: `Doctor runs SQLite's integrity check on the cache and reports problems whose
answer is stale (their definition has no answer from this solver version),
answers of older solver versions, answers no problem links to, and the
checkpoints of interrupted counts. With --fix it removes what is safe to
remove: answers of other solver versions, checkpoints of finished counts, and
the checkpoints of counts interrupted under another solver version (whose
subproblems this one numbers differently). Links, judgements, shard parts,
current answers and the checkpoints an interrupted count resumes from are
kept. The exit status is 1 when the integrity check fails: doctor then prints
each problem SQLite found, skips the other checks and changes nothing, with
or without --fix, which repairs no damage.`,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "fix", Usage: "remove what is safe to remove"},
		},
		Action: action(needs{args: "no arguments", cache: true}, func(c *call) error {
			ctx, db := c.ctx, c.db
			rep, err := db.Doctor(ctx, solver.Version)
			if err != nil {
				return err
			}
			w := c.stdout
			if len(rep.Integrity) == 0 {
				fmt.Fprintln(w, "integrity: ok")
			}
			for _, line := range rep.Integrity {
				fmt.Fprintf(w, "integrity: %s\n", line)
			}
			if len(rep.Integrity) > 0 {
				fmt.Fprintf(c.stderr, "doctor: cache %s is damaged: SQLite's integrity check found the problems above\n"+
					"doctor: the other checks were skipped and nothing was changed; --fix repairs no damage\n"+
					"doctor: every answer can be solved again into a new cache (delete this file, or --db NEW.db); "+
					"judgements cannot: copy them out first (README: \"A damaged cache\")\n", db.Path())
				return errReported
			}
			for _, s := range rep.Stale {
				fmt.Fprintf(w, "stale: problem %q of set %q has no answer from solver version %s; solve the set again\n", s.ID, s.Set, solver.Version)
			}
			fmt.Fprintf(w, "answers of other solver versions: %d\n", rep.OldResults)
			fmt.Fprintf(w, "answers no problem links to: %d\n", rep.Orphans)
			fmt.Fprintf(w, "interrupted counts (resumable): %d\n", rep.Checkpoints)
			fmt.Fprintf(w, "interrupted counts of other solver versions: %d\n", rep.OldCheckpoints)
			fmt.Fprintf(w, "checkpoints of finished counts: %d\n", rep.FinishedCheckpoints)
			if c.Bool("fix") {
				removed, err := db.Fix(ctx, solver.Version)
				if err != nil {
					return cacheRefusal(err)
				}
				fmt.Fprintf(w, "fixed: removed %d rows\n", removed)
			}
			return nil
		}),
	}
}
