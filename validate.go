package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
	"github.com/queensjudge/queensjudge/internal/truth"
)

// The exit statuses of the output-validator interface.
const (
	exitAccepted    = 42
	exitWrongAnswer = 43
)

// exitStatus ends the program with a status of its own, for the validator.
type exitStatus int

func (e exitStatus) Error() string { return "exit status " + strconv.Itoa(int(e)) }

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
			&cli.Int64Flag{Name: "max-bytes", Value: judge.DefaultMaxBytes, Usage: "an output larger than `N` bytes is rejected unread"},
		},
		Action: action(needs{minArgs: 3, maxArgs: -1, args: "INPUT ANSWER FEEDBACK_DIR"}, func(c *call) error {
			input, answer, feedback := c.Args().Get(0), c.Args().Get(1), c.Args().Get(2)
			// First of all, before the cache, the solver or the team
			// output: a validator that is killed (a time or memory
			// limit) or crashes leaves this for the judges to read.
			if err := writeFeedbackFile(feedback, "judgemessage.txt", provisionalMessage); err != nil {
				return err
			}
			j, err := validate(c, input, answer, c.Args().Slice()[3:])
			if err != nil {
				j = judge.Judgement{Verdict: judge.JE, Message: err.Error(), TeamMessage: "judge error"}
			}
			if err := writeFeedback(feedback, j); err != nil {
				return err
			}
			switch j.Verdict {
			case judge.AC:
				return exitStatus(exitAccepted)
			case judge.JE:
				fmt.Fprintf(c.stderr, "validate: %s\n", j.Message)
				return errReported
			}
			return exitStatus(exitWrongAnswer)
		}),
	}
}

// validate judges the team output on stdin against the problem in input.
func validate(c *call, input, answer string, flags []string) (judge.Judgement, error) {
	ctx := c.ctx
	opts, m, err := validatorFlags(flags, "kind", "ask", "m", "id")
	if err != nil {
		return judge.Judgement{}, err
	}
	p, err := validatorProblem(input, opts, m)
	if err != nil {
		return judge.Judgement{}, err
	}
	key, err := validatorTruth(ctx, c.Context, p)
	if err != nil {
		return judge.Judgement{}, err
	}
	if err := crossCheck(answer, key); err != nil {
		return judge.Judgement{}, err
	}
	return judge.Judge(ctx, key, newCtxReader(ctx, c.App.Reader), judge.Limits{MaxBytes: c.Int64("max-bytes")}), nil
}

// validatorFlags reads the flags a judge passes a validator: key=value for
// the keys known, m= as a number (solver.AnyM when missing). A flag without
// '=' is ignored: it is one of the default validator's, such as
// case_sensitive.
func validatorFlags(flags []string, known ...string) (opts map[string]string, m int, err error) {
	opts = map[string]string{}
	for _, f := range flags {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			continue
		}
		if !slices.Contains(known, k) {
			return nil, 0, fmt.Errorf("unknown validator flag %q (want %s=)", f, strings.Join(known, "=, "))
		}
		opts[k] = v
	}
	m = solver.AnyM
	if s, ok := opts["m"]; ok {
		if m, err = strconv.Atoi(s); err != nil {
			return nil, 0, fmt.Errorf("validator flag m=%s: not a number", s)
		}
	}
	return opts, m, nil
}

// validatorProblem reads the problem from input: plain input when opts give
// a kind (m for queens-knights), a problem set otherwise.
func validatorProblem(input string, opts map[string]string, m int) (problems.Problem, error) {
	if kind, ok := opts["kind"]; ok {
		data, err := os.ReadFile(input)
		if err != nil {
			return problems.Problem{}, err
		}
		p, err := problems.ParseInput(input, data, solver.Kind(kind), solver.Ask(opts["ask"]), m)
		return problems.Problem{Problem: p, ID: filepath.Base(input), Points: 1}, err
	}
	set, err := problems.Load(input)
	if err != nil {
		return problems.Problem{}, err
	}
	if id, ok := opts["id"]; ok {
		p, ok := set.Problem(id)
		if !ok {
			return p, fmt.Errorf("%s has no problem %q", input, id)
		}
		return p, nil
	}
	if len(set.Problems) != 1 {
		return problems.Problem{}, fmt.Errorf("%s has %d problems; name one with id=ID", input, len(set.Problems))
	}
	return set.Problems[0], nil
}

// validatorTruth returns the ground truth of p from the cache, solving and
// storing it when missing, or from the solver alone when the cache cannot
// be opened (a judge host may give the validator no writable home).
func validatorTruth(ctx context.Context, c *cli.Context, p problems.Problem) (judge.Truth, error) {
	db, err := openDB(ctx, c)
	if err != nil {
		return judge.SolveTruth(ctx, p.Problem, solver.Options{})
	}
	defer db.Close()
	t, err := truth.New(db, truth.Options{}).Truth(ctx, p)
	if errors.Is(err, store.ErrReadOnly) {
		// A cache shared read-only with the judge host: solve, and keep
		// nothing.
		return judge.SolveTruth(ctx, p.Problem, solver.Options{})
	}
	return t, cacheRefusal(err)
}

// crossCheck compares the judges' answer file with the solver's answer when
// both are numbers: a problem package whose answer disagrees with the
// solver is a judge error, not a verdict.
func crossCheck(answer string, key judge.Truth) error {
	switch key.Problem.Ask {
	case solver.AskCount, solver.AskUnique, solver.AskMax:
	default:
		return nil
	}
	data, err := os.ReadFile(answer)
	if err != nil {
		return nil // problemtools always gives one, but nothing is lost without it
	}
	s := strings.TrimSpace(strings.TrimPrefix(string(data), "\ufeff"))
	if n, err := strconv.ParseUint(s, 10, 64); err == nil && n != key.Answer.Count {
		return fmt.Errorf("answer file %s says %d, the solver says %d", answer, n, key.Answer.Count)
	}
	return nil
}

// provisionalMessage is the judge message until the validator has judged:
// what is left when it is killed or crashes on the way.
const provisionalMessage = "JE: the validator stopped before it judged: it was killed (a time or memory limit?) or crashed; its exit status and standard error say which\n"

// writeFeedback writes the judge and team messages into the feedback
// directory, the judge message last: it replaces the provisional one, and
// until it does, the provisional one stands.
func writeFeedback(dir string, j judge.Judgement) error {
	if err := writeFeedbackFile(dir, "teammessage.txt", j.TeamMessage+"\n"); err != nil {
		return err
	}
	return writeFeedbackFile(dir, "judgemessage.txt", fmt.Sprintf("%s: %s\n", j.Verdict, j.Message))
}

// writeFeedbackFile writes text to the file name in the feedback directory
// dir, whole or not at all: a validator killed while it writes leaves the
// file as it was, not cut short. The text goes to a hidden file beside it,
// which is renamed over it.
func writeFeedbackFile(dir, name, text string) error {
	path := filepath.Join(dir, name)
	tmp := filepath.Join(dir, "."+name+"."+strconv.Itoa(os.Getpid()))
	err := os.WriteFile(tmp, []byte(text), 0o644)
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		// The error is told of the file the judges read, not the hidden one.
		var pe *os.PathError
		var le *os.LinkError
		switch {
		case errors.As(err, &pe):
			err = pe.Err
		case errors.As(err, &le):
			err = le.Err
		}
		return fmt.Errorf("write feedback %s: %w", path, err)
	}
	return nil
}
