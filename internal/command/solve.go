package command

import (
	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/internal/app"
)

func solveCommand() *cli.Command {
	return &cli.Command{
		Name:      "solve",
		Usage:     "solve the problems of sets that are not cached yet",
		ArgsUsage: "SET.yaml...",
		Description: `Solve answers every problem of the sets, from the cache where it can and
by solving the rest, several at a time, storing each answer as soon as it is
found. It prints one row per problem.`,
		Flags: append(batchFlags(),
			formatFlag("table"),
			&cli.StringFlag{
				Name: "shard",
				Usage: "count only slice `I/K` (0-based) of every long count, into this cache; " +
					"K alone takes I from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID; merge adds the slices up",
			},
		),
		Action: action(arity{1, -1, "problem set"}, func(c *cli.Context) error {
			con, err := console(c)
			if err != nil {
				return err
			}
			b, err := batch(c, string(con.Format))
			if err != nil {
				return err
			}
			_, err = app.Solve(c.Context, con, app.SolveRequest{Cache: c.String("db"), Sets: c.Args().Slice(), Batch: b})
			return err
		}),
	}
}

func keyCommand() *cli.Command {
	return &cli.Command{
		Name:      "key",
		Usage:     "write the answer key of problem sets",
		ArgsUsage: "SET.yaml...",
		Description: `Key writes the answer key of the sets, solving what is not cached yet: the
rows of solve, read back from the cache, without cached and seconds. It holds
the answers and the hashes of the definitions they answer, so two runs give
identical bytes, and so do two caches that solved the same sets apart.`,
		Flags: append(batchFlags(),
			formatFlag("yaml"),
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the key to `FILE` (- for stdout)"},
		),
		Action: action(arity{1, -1, "problem set"}, func(c *cli.Context) error {
			con, err := console(c)
			if err != nil {
				return err
			}
			out := c.String("out")
			shown := string(con.Format) // the format on the terminal, if the key goes there
			if out != "" && out != "-" {
				shown = ""
			}
			b, err := batch(c, shown)
			if err != nil {
				return err
			}
			_, err = app.Key(c.Context, con, app.KeyRequest{Cache: c.String("db"), Sets: c.Args().Slice(), Batch: b, Out: out})
			return err
		}),
	}
}
