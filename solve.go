package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/internal/truth"
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
		Action: action(needs{minArgs: 1, maxArgs: -1, args: "problem set", cache: true}, func(c *call) error {
			rows, failed, err := c.solveAndList(c.format)
			if err != nil {
				return err
			}
			if err := writeRows(c.stdout, c.format, rows); err != nil {
				return err
			}
			return reported(failed)
		}),
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
// shown is the format of what goes to stdout ("" when it goes to a file),
// which decides whether a progress bar is drawn.
func (c *call) solveAndList(shown string) (rows []row, failed bool, err error) {
	if err := c.writable(true); err != nil {
		return nil, false, err
	}
	src, err := c.source(shown)
	if err != nil {
		return nil, false, err
	}
	sets, failed := loadSets(c.Args().Slice(), c.stderr)
	shard := shardLabel(src.Shard())
	outs := src.Solve(c.ctx, sets)
	if _, ok := interruption(c.ctx); ok {
		c.sayInterrupted(outs)
		return nil, true, errInterrupted
	}
	for _, o := range outs {
		if errors.Is(o.Err, truth.ErrNotSharded) {
			fmt.Fprintf(c.stderr, "%s:%d: problem %q: skipped: %v\n", o.Set.File, o.Problem.Line, o.Problem.ID, o.Err)
			continue
		}
		if o.Err != nil {
			fmt.Fprintf(c.stderr, "%s:%d: problem %q: %v\n", o.Set.File, o.Problem.Line, o.Problem.ID, o.Err)
			failed = true
			continue
		}
		r := rowOf(context.WithoutCancel(c.ctx), c.db, o.Set.Name, o.Problem.ID, o.Result, o.Cached)
		if r.Shard = shard; r.Shard != "" {
			r.text += " (slice " + r.Shard + ")"
		}
		rows = append(rows, r)
	}
	return rows, failed, nil
}

// loadSets reads the problem sets at paths, printing what keeps each one
// from being read to stderr. failed reports whether any could not.
func loadSets(paths []string, stderr io.Writer) (sets []*problems.Set, failed bool) {
	for _, path := range paths {
		set, err := loadSet(stderr, path)
		if err != nil {
			failed = true
			continue
		}
		sets = append(sets, set)
	}
	return sets, failed
}

// loadSet reads the problem set at path. What keeps it from being read is
// printed to stderr, and errReported returned: the mistakes in the file as a
// compiler prints them (file:line: ...), anything else (a missing file)
// after the program's name.
func loadSet(stderr io.Writer, path string) (*problems.Set, error) {
	set, err := problems.Load(path)
	if err != nil {
		var located *problems.Error
		if errors.As(err, &located) {
			fmt.Fprintln(stderr, err)
		} else {
			fmt.Fprintf(stderr, "queensjudge: %v\n", err)
		}
		return nil, errReported
	}
	return set, nil
}

// sayInterrupted prints the one line that tells what a batch stopped by a
// signal kept: what was answered is stored and linked, and the finished
// subproblems of the long counts cut short are kept for the next run.
func (c *call) sayInterrupted(outs []truth.Outcome) {
	var kept, total, unanswered int
	for _, o := range outs {
		var st *truth.StoppedError
		switch {
		case errors.As(o.Err, &st):
			kept += st.Kept
			total += st.Total
			unanswered++
		case o.Err != nil:
			unanswered++
		}
	}
	msg := fmt.Sprintf("interrupted: %d of %d problems answered", len(outs)-unanswered, len(outs))
	if total > 0 {
		msg = fmt.Sprintf("interrupted: %d of %d subproblems kept", kept, total)
	}
	fmt.Fprintf(c.stderr, "%s; run %s again to go on\n", msg, c.Command.Name)
}
