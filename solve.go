package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/solver"
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
		Action: func(c *cli.Context) error {
			f, err := format(c)
			if err != nil {
				return err
			}
			if err := needArgs(c, "problem set"); err != nil {
				return err
			}
			rows, failed, err := solveAndList(c, f)
			if err != nil {
				return err
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

// batchFlags are the flags of the commands that solve problem sets.
func batchFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "force", Usage: "solve again even what is cached"},
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress bar (also a global flag)"},
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: runtime.GOMAXPROCS(0), Usage: "solve `N` problems at once"},
		&cli.DurationFlag{Name: "timeout", Usage: "give up on a problem after `DURATION` (e.g. 10m); 0 for never"},
		&cli.Uint64Flag{Name: "max-solutions", Value: solver.DefaultMaxSolutions, Usage: "refuse a solutions problem with more than `N` placements"},
	}
}

// solveAndList solves the sets named by c's arguments and returns a row per
// problem answered. Every problem that could not be answered is reported to
// stderr and makes failed true; err is for what stops the whole command.
// format is the format of what goes to stdout ("" when it goes to a file),
// which decides whether a progress bar is drawn.
func solveAndList(c *cli.Context, format string) (rows []row, failed bool, err error) {
	stderr := c.App.ErrWriter
	ctx := c.Context
	opt, err := batchOptionsOf(c, format)
	if err != nil {
		return nil, false, err
	}
	db, err := openDB(ctx, c)
	if err != nil {
		return nil, false, err
	}
	defer db.Close()
	sets, failed := loadSets(c.Args().Slice(), stderr)
	outs := solveSets(ctx, db, sets, opt)
	for _, o := range outs {
		if errors.Is(o.err, errNotSharded) {
			fmt.Fprintf(stderr, "%s:%d: problem %q: skipped: %v\n", o.set.File, o.prob.Line, o.prob.ID, o.err)
			continue
		}
		if o.err != nil {
			fmt.Fprintf(stderr, "%s:%d: problem %q: %v\n", o.set.File, o.prob.Line, o.prob.ID, o.err)
			failed = true
			continue
		}
		r, err := rowOf(context.WithoutCancel(ctx), db, o.set.Name, o.prob.ID, o.result, o.cached)
		if err != nil {
			fmt.Fprintln(stderr, err)
			failed = true
			continue
		}
		if r.Shard = shardLabel(opt.shard); r.Shard != "" {
			r.text += " (slice " + r.Shard + ")"
		}
		rows = append(rows, r)
	}
	return rows, failed, nil
}

// batchOptionsOf returns the options that c's batch flags set. format is
// the format of what goes to stdout ("" when it goes to a file), which
// decides whether a progress bar is drawn.
func batchOptionsOf(c *cli.Context, format string) (batchOptions, error) {
	stderr := c.App.ErrWriter
	shard, err := parseShard(c.String("shard"), os.Getenv)
	if err != nil {
		return batchOptions{}, err
	}
	return batchOptions{
		shard:        shard,
		force:        c.Bool("force"),
		jobs:         max(c.Int("jobs"), 1),
		timeout:      c.Duration("timeout"),
		maxSolutions: c.Uint64("max-solutions"),
		progress: func(total int) *progress {
			return newProgress(stderr, showProgress(stderr, c.Bool("quiet"), format), total, "solving")
		},
	}, nil
}
