package main

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/internal/pkgexport"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// maxInputBytes bounds the input check-input reads: the largest input, a
// 64×64 board with its n line, is some 4 kB.
const maxInputBytes = 1 << 20

func checkInputCommand() *cli.Command {
	return &cli.Command{
		Name:      "check-input",
		Usage:     "check a test input as a problem package's input validator",
		ArgsUsage: "kind=K ask=A [m=M] < input",
		Description: `Check-input follows the input-validator interface of the problem package
format: it reads a test input on stdin, the plain input validate reads (a
line with n, or the board rows), and exits 42 when it is a valid input of a
problem of kind K and ask A (and m M), 43 with the reason on stderr when it
is not. The input must be in the one form export writes: n in decimal with no
sign or leading zero, or the board rows, each line ended by a newline, no
other white space. Arguments without '=' are ignored.`,
		Action: action(needs{minArgs: 0, maxArgs: -1}, func(c *call) error {
			opts, m, err := validatorFlags(c.Args().Slice(), "kind", "ask", "m")
			if err != nil {
				return usagef("check-input: %v", err)
			}
			if opts["kind"] == "" || opts["ask"] == "" {
				return usagef("check-input: want kind=K and ask=A")
			}
			data, err := io.ReadAll(io.LimitReader(newCtxReader(c.ctx, c.App.Reader), maxInputBytes+1))
			if err != nil {
				return fmt.Errorf("check-input: read stdin: %w", err)
			}
			if len(data) > maxInputBytes {
				fmt.Fprintf(c.stderr, "input: more than %d bytes\n", maxInputBytes)
				return exitStatus(exitWrongAnswer)
			}
			p, err := problems.ParseInput("input", data, solver.Kind(opts["kind"]), solver.Ask(opts["ask"]), m)
			if err != nil {
				fmt.Fprintln(c.stderr, err)
				return exitStatus(exitWrongAnswer)
			}
			// A test input is written one way only, as export writes it:
			// validate would read a sloppier one, but a team's program
			// need not.
			if want := pkgexport.Input(p); string(data) != want {
				fmt.Fprintf(c.stderr, "input: not in the one form of the format: want %q\n", short(want))
				return exitStatus(exitWrongAnswer)
			}
			return exitStatus(exitAccepted)
		}),
	}
}

// short cuts s to 80 bytes for a message.
func short(s string) string {
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}
