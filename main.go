// Queensjudge solves, caches and judges chess placement puzzles for
// programming contests.
//
// A problem set is a YAML file of puzzles of three kinds: nqueens (n queens
// on an n×n board, none attacking another), reserved (the same, on a board
// whose reserved squares may not hold a queen but do not block attacks) and
// queens-knights (m queens and m knights, no piece attacking another). Each
// problem asks for a count, a count up to symmetry, the largest m, every
// solution, or one placement, of one instance or of a family of tests.
//
// Usage:
//
//	queensjudge [global flags] COMMAND [flags] ARGS...
//
// The commands are solve, key, show, judge, check, validate, check-input,
// export, regrade, merge, doctor and completion; `queensjudge help COMMAND`
// gives each one's flags. The manual is docs/commands.md in the
// repository, which a test keeps in agreement with the help; README.md is
// the way in.
//
// Main parses nothing itself: it wires signals to a context and runs
// internal/command, which maps every outcome to the exit status.
package main

import (
	"os"

	"github.com/queensjudge/queensjudge/internal/command"
)

func main() {
	ctx, stop := command.WithSignals(os.Stderr, os.Exit)
	code := command.Run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
