// Queensjudge solves, caches and judges chess placement puzzles for
// programming contests.
//
// A problem set is a YAML file of puzzles of three kinds: nqueens (n queens
// on an n×n board, none attacking another), reserved (the same, on a board
// whose reserved squares may not hold a queen but do not block attacks) and
// queens-knights (m queens and m knights, no piece attacking another). Each
// problem asks for a count, a count up to symmetry, the largest m, every
// solution, or one placement.
//
// Queensjudge solves the problems with exact algorithms, caches each answer in
// SQLite under the content hash of the problem's definition (so identical
// problems in different sets share an answer, and an edited problem is solved
// afresh), writes answer keys, and looks answers up by problem id.
//
// Usage:
//
//	queensjudge [--db PATH] solve [--force] [--jobs N] [--timeout D] [--shard I/K] [--format F] SET.yaml...
//	queensjudge [--db PATH] key [--format F] [--out FILE] SET.yaml...
//	queensjudge [--db PATH] show [--set NAME] [--board] [--svg FILE] [--format F] ID...
//	queensjudge [--db PATH] judge [--strict] [--format F] [--html FILE] [--scoreboard FILE] [--results-tsv FILE] SET.yaml SUBMISSIONS
//	queensjudge [--db PATH] check [--format F] SET.yaml ID FILE|-
//	queensjudge [--db PATH] validate INPUT ANSWER FEEDBACK_DIR [kind=K ask=A m=M id=ID] < team_output
//	queensjudge [--db PATH] regrade [--dry-run] [--format F] SET.yaml
//	queensjudge [--db PATH] merge [--format F] OUT.db PART.db...
//	queensjudge [--db PATH] doctor [--fix] [--format F]
//	queensjudge [--db PATH] export [--layout legacy|2023-07] [--zip] [--validator-binary PATH] [--allow-dynamic] OUTDIR SET.yaml...
//	queensjudge check-input kind=K ask=A [m=M] < input
//	queensjudge completion bash|zsh|fish
//
// F, the output format, is one of table, json, yaml and csv on every command
// that prints data.
//
// The cache is queensjudge/cache.db under the user cache directory
// ($XDG_CACHE_HOME or ~/.cache on Linux); --db or QUEENSJUDGE_DB names
// another file. Every global flag can be set from the environment:
// QUEENSJUDGE_DB, QUEENSJUDGE_QUIET, QUEENSJUDGE_FORMAT.
//
// A problem set:
//
//	name: spring-cup-2026          # optional; default: the file name
//	problems:
//	  - id: eight-queens            # letters, digits, '.', '_', '-'; at most 64
//	    kind: nqueens               # nqueens | reserved | queens-knights
//	    n: 8
//	    ask: count                  # count | unique | max | solutions | placement
//	    points: 1                   # optional, default 1
//	  - id: cses-sample
//	    kind: reserved
//	    board: |                    # '.' free, '*' reserved
//	      ........
//	      ........
//	      ..*.....
//	      ........
//	      ........
//	      .....**.
//	      ...*....
//	      ........
//	    ask: count
//	  - id: qk8
//	    kind: queens-knights
//	    n: 8                        # m: 5 to fix m; default: the largest m
//	    ask: max
//
// Solve answers every problem not already cached, --jobs at a time, stores
// each answer as soon as it is found and prints one row per problem. With
// --format json each row is an object with the fields id, set, kind, ask, n,
// m (queens-knights), answer, cached, seconds and hash. The answer is an
// integer for count, unique and max; for a placement of queens alone, the
// column of the queen in each row from the top, counting from 1; for
// queens-knights, the board rows ('Q' queen, 'N' knight, '.' empty); null
// when no placement exists; for solutions, the list of placements. A long
// count keeps the counts of its finished subproblems in the cache as it goes:
// after Ctrl-C, --timeout or a kill, solve again goes on where it stopped.
//
// Key writes the answer key of the sets, solving what is missing: the same
// rows, read back from the cache, without cached and seconds, so that two
// runs, or two caches, give identical bytes.
// Show prints cached answers by problem id without the YAML file; --board
// draws the placements.
//
// Judge judges a contest: SUBMISSIONS is a directory with one folder per
// team and in it one file per problem named after the problem id, or a CSV
// manifest team,problem,time,file of timed attempts. It prints the verdicts
// (AC accepted, WA wrong answer, PE malformed, NO empty, JE judge error),
// a judge message and a team message for each, and the scoreboard, ranked
// by points and then ICPC penalty; it keeps the judgements in the cache for
// regrade. Check judges one answer. Validate is an output validator for
// Kattis problemtools and DOMjudge: it exits 42 when the team output on stdin
// is accepted, 43 when it is not.
//
// Export writes each problem of the sets as a problem package that Kattis
// problemtools verifies and DOMjudge imports: problem.yaml, a statement, a
// sample and a secret test case with their answers from the cache, and
// queensjudge itself (a static build) as the output and input validators;
// check-input is that input validator.
//
// Solve --shard I/K counts slice I of K of every long count into its own
// cache, for a batch system (the index may come from JOB_COMPLETION_INDEX or
// SLURM_ARRAY_TASK_ID); merge adds the slices up. Doctor checks the cache.
//
// Exit status: 0 on success, 1 when something could not be done (each
// failure is printed to stderr and the rest of the batch goes on), 2 on a
// usage error; validate exits 42 or 43. Ctrl-C (SIGINT) or SIGTERM stops a
// command wherever it is, reading included: what was done is kept, one line
// says what, and the exit status is 130 (143); a second signal stops it at
// once. Data goes to stdout, messages to stderr.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/problems"
)

func main() {
	ctx, stop := withSignals(os.Stderr)
	code := run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// Exit statuses.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
)

// usageError marks an error in how the command was called: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

// errReported says the failures were already printed, one by one; only the
// exit status remains to be set.
var errReported = errors.New("failures reported")

// run is the whole program: it parses args, runs the command with stdin,
// stdout and stderr, and returns the exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(stdin, stdout, stderr)
	err := app.RunContext(ctx, flagsFirst(app, args))
	if in, ok := interruption(ctx); ok {
		// What the command kept is kept; it said so, or says nothing
		// but this, not the errors of every step the signal cut short.
		if err != nil && !errors.Is(err, errInterrupted) {
			fmt.Fprintln(stderr, "queensjudge: interrupted")
		}
		return in.status()
	}
	var ue usageError
	var status exitStatus
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &status):
		return int(status)
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "queensjudge: %v\n", err)
		fmt.Fprintln(stderr, "run 'queensjudge help' for usage")
		return exitUsage
	case errors.Is(err, errReported):
		return exitFailure
	default:
		fmt.Fprintf(stderr, "queensjudge: %v\n", err)
		return exitFailure
	}
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Reader: stdin,
		Name:   "queensjudge",
		Usage:  "solve, cache and judge chess placement puzzles",
		UsageText: "queensjudge [--db PATH] [--quiet] COMMAND [flags] ARGS...\n\n" +
			"Flags may be typed anywhere: before the command, after it, or after the arguments.",
		Writer:    stdout,
		ErrWriter: stderr,
		Flags: []cli.Flag{
			&cli.StringFlag{
				Name:    "db",
				Usage:   "the cache `FILE` (default: queensjudge/cache.db under the user cache directory)",
				EnvVars: []string{"QUEENSJUDGE_DB"},
			},
			&cli.BoolFlag{
				Name:    "quiet",
				Aliases: []string{"q"},
				Usage:   "no progress bar",
				EnvVars: []string{"QUEENSJUDGE_QUIET"},
			},
		},
		Commands: []*cli.Command{
			solveCommand(),
			keyCommand(),
			showCommand(),
			judgeCommand(),
			checkCommand(),
			validateCommand(),
			checkInputCommand(),
			exportCommand(),
			regradeCommand(),
			mergeCommand(),
			doctorCommand(),
			completionCommand(),
		},
		EnableBashCompletion: true,
		HideVersion:          true,
		Suggest:              true,
		OnUsageError:         onUsageError,
		ExitErrHandler:       func(*cli.Context, error) {}, // run sets the exit status
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return unknownCommand(c)
			}
			return cli.ShowAppHelp(c)
		},
	}
	for _, cmd := range app.Commands {
		cmd.OnUsageError = onUsageError
	}
	return app
}

func onUsageError(_ *cli.Context, err error, _ bool) error {
	return usageError{err.Error()}
}

func unknownCommand(c *cli.Context) error {
	name := c.Args().First()
	msg := fmt.Sprintf("unknown command %q", name)
	var names []string
	for _, cmd := range c.App.Commands {
		names = append(names, cmd.Names()...)
	}
	if s := problems.Closest(name, names); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return usageError{msg}
}
