package command

import (
	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/internal/app"
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
of its path). A refused merge changes no part and leaves no new OUT.db. The links of the parts from
problem ids to the counts are carried over, so show answers by id from
OUT.db as from a cache that solved the set, and merge prints a row for each
problem id, or "merged" and the definition's hash for a count no id links.`,
		Flags: []cli.Flag{formatFlag("table")},
		Action: action(arity{2, -1, "OUT.db and at least one PART.db"}, func(c *cli.Context) error {
			con, err := console(c)
			if err != nil {
				return err
			}
			a := c.Args().Slice()
			_, err = app.Merge(c.Context, con, app.MergeRequest{Out: a[0], Parts: a[1:]})
			return err
		}),
	}
}

func doctorCommand() *cli.Command {
	return &cli.Command{
		Name:  "doctor",
		Usage: "check the cache: integrity, stale results, orphans",
		Description: `Doctor runs SQLite's integrity check on the cache and reports problems whose
answer is stale (their definition has no answer from this solver version),
problems with no answer yet whose count is held here in slices (solve
--shard) or was stopped with subproblems kept, answers of older solver
versions, answers no problem links to, and the checkpoints of interrupted
counts. With --fix it removes what is safe to
remove: answers of other solver versions, checkpoints of finished counts, and
the checkpoints of counts interrupted under another solver version (whose
subproblems this one numbers differently). Links, judgements, shard parts,
current answers (those no problem links to too: export's samples, earlier
definitions of edited problems) and the checkpoints an interrupted count
resumes from are kept. The exit status is 1 when the integrity check fails: doctor then prints
each problem SQLite found, skips the other checks and changes nothing, with
or without --fix, which repairs no damage.`,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "fix", Usage: "remove what is safe to remove"},
			formatFlag("table"),
		},
		Action: action(arity{0, 0, "no arguments"}, func(c *cli.Context) error {
			db, err := cacheFlag(c)
			if err != nil {
				return err
			}
			con, err := console(c)
			if err != nil {
				return err
			}
			_, err = app.Doctor(c.Context, con, app.DoctorRequest{Cache: db, Fix: c.Bool("fix")})
			return err
		}),
	}
}
