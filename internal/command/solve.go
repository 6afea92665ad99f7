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
found. It prints one row per problem.

Every problem is solved within its budget of CPU time (--budget): a problem
estimated to cost more is refused at once, with its estimate, and any solve
that reaches the budget stops (a count keeps what it counted, and goes on
from it in a later run with a larger budget). With --estimate, solve prints
what each problem would cost, and whether it would be refused, without
solving anything or opening the cache.`,
		Flags: append(batchFlags(),
			formatFlag("table"),
			&cli.StringFlag{
				Name: "shard",
				Usage: "count only slice `I/K` (0-based) of every long count, into this cache; " +
					"K alone takes I from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID; merge adds the slices up",
			},
			&cli.BoolFlag{Name: "estimate", Usage: "print what each problem would cost in CPU time, and whether it is within the budget, without solving"},
		),
		Action: action(arity{1, -1, "problem set"}, func(c *cli.Context) error {
			db, err := cacheFlag(c)
			if err != nil {
				return err
			}
			con, err := console(c)
			if err != nil {
				return err
			}
			b, err := batch(c, string(con.Format))
			if err != nil {
				return err
			}
			if c.Bool("estimate") {
				_, err = app.Estimate(c.Context, con, app.EstimateRequest{Sets: c.Args().Slice(), Batch: b})
				return err
			}
			_, err = app.Solve(c.Context, con, app.SolveRequest{Cache: db, Sets: c.Args().Slice(), Batch: b})
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
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the key to `FILE` (- for stdout), a new file unless --replace"},
			replaceFlag(),
		),
		Action: action(arity{1, -1, "problem set"}, func(c *cli.Context) error {
			db, err := cacheFlag(c)
			if err != nil {
				return err
			}
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
			_, err = app.Key(c.Context, con, app.KeyRequest{Cache: db, Sets: c.Args().Slice(), Batch: b, Out: out, Replace: c.Bool("replace")})
			return err
		}),
	}
}
