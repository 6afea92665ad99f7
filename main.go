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
//	queensjudge [--db PATH] solve [--force] [--jobs N] [--format table|json|yaml] SET.yaml...
//	queensjudge [--db PATH] key [--format yaml|json] [--out FILE] SET.yaml...
//	queensjudge [--db PATH] show [--set NAME] [--format table|json|yaml] ID...
//
// The cache is queensjudge/cache.db under the user cache directory
// ($XDG_CACHE_HOME or ~/.cache on Linux); --db or QUEENSJUDGE_DB names
// another file.
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
// Solve solves every problem not already cached, in parallel, stores each
// answer as soon as it is found and prints one row per problem:
//
//	$ queensjudge solve testdata/example/contest.yaml
//	SET  ID  KIND  ASK  N  ANSWER  CACHED  SECONDS
//	...
//
// With --format json each row is an object with the fields id, set, kind, ask,
// n, m (queens-knights), answer, cached, seconds and hash. The answer is an
// integer for count, unique and max; for a placement of queens alone, the
// column of the queen in each row from the top, counting from 1; for
// queens-knights, the board rows ('Q' queen, 'N' knight, '.' empty); null
// when no placement exists; for solutions, the list of placements.
//
// Key writes the answer key of the sets, solving what is missing: the same
// rows, read back from the cache, so that two runs give identical bytes.
// Show prints cached answers by problem id without the YAML file.
//
// Exit status: 0 on success, 1 when something could not be done (each
// failure is printed to stderr and the rest of the batch goes on), 2 on a
// usage error. Data goes to stdout, messages to stderr.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/problems"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args, os.Stdout, os.Stderr)
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

// run is the whole program: it parses args, runs the command and returns
// the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	app := newApp(stdout, stderr)
	err := app.RunContext(ctx, args)
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

func newApp(stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:      "queensjudge",
		Usage:     "solve, cache and judge chess placement puzzles",
		UsageText: "queensjudge [--db PATH] COMMAND [flags] ARGS...",
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
