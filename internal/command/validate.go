package command

import (
	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/validator"
)

func validateCommand() *cli.Command {
	return &cli.Command{
		Name:      "validate",
		Usage:     "judge one team output as a Kattis/DOMjudge output validator",
		ArgsUsage: "INPUT ANSWER FEEDBACK_DIR [kind=K ask=A m=M id=ID] < team_output",
		Description: `Validate follows the output-validator interface of the problem package format,
as Kattis problemtools and DOMjudge call it: it judges the team output on
stdin, writes judgemessage.txt and teammessage.txt into FEEDBACK_DIR and exits
42 when the output is accepted, 43 when it is not, and with any other status
on a judge error.

INPUT is the test input the team's program read: a problem set in YAML (of
one problem, or id=ID picks one), or the plain input (a line with n, or the
board rows) with kind= and ask= (and m= for queens-knights) among the
validator flags. The ground truth comes from the cache, or from the solver
when the cache cannot be opened. From a read-only cache, an answer it does
not hold is solved and not kept; from a damaged one, it is a judge error (run
doctor). When ANSWER holds a number for a count, it must agree with the
solver's, or the run is a judge error.

The first thing validate does is write a provisional judge error into
judgemessage.txt, which the real message replaces: a validator killed on the
way (a time or memory limit) leaves a message that says so.`,
		Flags: []cli.Flag{
			maxBytesFlag("an output larger than `N` bytes is rejected unread"),
		},
		Action: action(arity{3, -1, "INPUT ANSWER FEEDBACK_DIR"}, func(c *cli.Context) error {
			db, err := cacheFlag(c)
			if err != nil {
				return err
			}
			con, err := console(c)
			if err != nil {
				return err
			}
			maxBytes, err := maxBytes(c)
			if err != nil {
				return err
			}
			budget, err := budget(c)
			if err != nil {
				return err
			}
			call, err := validator.ParseCall("validate", c.Args().Slice())
			if err != nil {
				return status.Usagef("%v", err)
			}
			_, err = app.Validate(c.Context, con, app.ValidateRequest{
				Cache: db, Input: call.Input, Answer: call.Answer, Feedback: call.Feedback, Flags: call.Flags,
				MaxBytes: maxBytes, Budget: budget,
			})
			return err
		}),
	}
}

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
		Action: action(arity{0, -1, ""}, func(c *cli.Context) error {
			con, err := console(c)
			if err != nil {
				return err
			}
			return app.CheckInput(c.Context, con, app.CheckInputRequest{Flags: c.Args().Slice()})
		}),
	}
}
