package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/internal/guard"
	"github.com/queensjudge/queensjudge/internal/pkgexport"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/truth"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// ValidateRequest is one call of the output validator, as a judge system
// makes it: the test input, the judges' answer, the feedback directory and
// the validator flags; the team output is on the console's stdin.
type ValidateRequest struct {
	Cache    string
	Input    string
	Answer   string
	Feedback string
	Flags    []string // key=value; a flag without '=' is ignored
	MaxBytes int64
}

// Validate judges the team output on stdin, writes judgemessage.txt and
// teammessage.txt into the feedback directory and returns the judgement,
// with its outcome as the error: Accepted or Rejected, said (the verdict is
// in the feedback files), or a said failure on a judge error.
func Validate(ctx context.Context, con Console, req ValidateRequest) (judge.Judgement, error) {
	g := guard.New()
	g.Input(req.Input, req.Answer)
	cachePath, cacheErr := claimCache(g, req.Cache)
	feedback, err := g.Dir("FEEDBACK_DIR", req.Feedback)
	if err != nil {
		return judge.Judgement{}, err
	}
	// First of all, before the cache, the solver or the team output: a
	// validator that is killed (a time or memory limit) or crashes leaves
	// this for the judges to read.
	if err := writeFeedbackFile(g, feedback, "judgemessage.txt", ProvisionalMessage); err != nil {
		return judge.Judgement{}, err
	}
	j, err := validate(ctx, con, req, cachePath, cacheErr)
	if err != nil {
		j = judge.Judgement{Verdict: judge.JE, Message: err.Error(), TeamMessage: "judge error"}
	}
	if err := writeFeedback(g, feedback, j); err != nil {
		return j, err
	}
	switch j.Verdict {
	case judge.AC:
		return j, status.Said(status.Accepted)
	case judge.JE:
		con.errorf("validate: %s", j.Message)
		return j, status.Said(status.Failed)
	}
	return j, status.Said(status.Rejected)
}

// validate judges the team output on stdin against the problem in the
// request's input.
func validate(ctx context.Context, con Console, req ValidateRequest, cachePath string, cacheErr error) (judge.Judgement, error) {
	opts, m, err := validatorFlags(req.Flags, "kind", "ask", "m", "id")
	if err != nil {
		return judge.Judgement{}, err
	}
	p, err := validatorProblem(req.Input, opts, m)
	if err != nil {
		return judge.Judgement{}, err
	}
	var t judge.Truth
	if cacheErr != nil {
		t, err = judge.SolveTruth(ctx, p.Problem, solver.Options{})
	} else {
		t, err = validatorTruth(ctx, cachePath, p)
	}
	if err != nil {
		return judge.Judgement{}, err
	}
	if err := crossCheck(req.Answer, t); err != nil {
		return judge.Judgement{}, err
	}
	return judge.Judge(ctx, t, newCtxReader(ctx, con.Stdin), judge.Limits{MaxBytes: req.MaxBytes}), nil
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
func validatorTruth(ctx context.Context, cachePath string, p problems.Problem) (judge.Truth, error) {
	cache, err := truth.Open(ctx, cachePath)
	if err != nil {
		return judge.SolveTruth(ctx, p.Problem, solver.Options{})
	}
	defer cache.Close()
	t, err := cache.Source(truth.Options{}).Truth(ctx, p)
	if errors.Is(err, truth.ErrReadOnly) {
		// A cache shared read-only with the judge host: solve, and keep
		// nothing.
		return judge.SolveTruth(ctx, p.Problem, solver.Options{})
	}
	return t, truth.Refusal(err)
}

// crossCheck compares the judges' answer file with the solver's answer when
// both are numbers: a problem package whose answer disagrees with the
// solver is a judge error, not a verdict.
func crossCheck(answer string, t judge.Truth) error {
	switch t.Problem.Ask {
	case solver.AskCount, solver.AskUnique, solver.AskMax:
	default:
		return nil
	}
	data, err := os.ReadFile(answer)
	if err != nil {
		return nil // problemtools always gives one, but nothing is lost without it
	}
	s := strings.TrimSpace(strings.TrimPrefix(string(data), "\ufeff"))
	if n, err := strconv.ParseUint(s, 10, 64); err == nil && n != t.Answer.Count {
		return fmt.Errorf("answer file %s says %d, the solver says %d", answer, n, t.Answer.Count)
	}
	return nil
}

// ProvisionalMessage is the judge message until the validator has judged:
// what is left when it is killed or crashes on the way.
const ProvisionalMessage = "JE: the validator stopped before it judged: it was killed (a time or memory limit?) or crashed; its exit status and standard error say which\n"

// writeFeedback writes the judge and team messages into the feedback
// directory, the judge message last: it replaces the provisional one, and
// until it does, the provisional one stands.
func writeFeedback(g *guard.Guard, dir string, j judge.Judgement) error {
	if err := writeFeedbackFile(g, dir, "teammessage.txt", j.TeamMessage+"\n"); err != nil {
		return err
	}
	return writeFeedbackFile(g, dir, "judgemessage.txt", fmt.Sprintf("%s: %s\n", j.Verdict, j.Message))
}

// writeFeedbackFile writes text to the file name in the feedback directory
// dir, whole or not at all: a validator killed while it writes leaves the
// file as it was, not cut short.
func writeFeedbackFile(g *guard.Guard, dir, name, text string) error {
	err := g.WriteFile(filepath.Join(dir, name), 0o644, nil, func(w io.Writer) error {
		_, err := io.WriteString(w, text)
		return err
	})
	if err != nil {
		return fmt.Errorf("feedback: %w", err)
	}
	return nil
}

// CheckInputRequest is one call of the input validator: a test input on
// the console's stdin, and the flags kind=, ask=, m=.
type CheckInputRequest struct {
	Flags []string
}

// MaxInputBytes bounds the input check-input reads: the largest input, a
// 64×64 board with its n line, is some 4 kB.
const MaxInputBytes = 1 << 20

// CheckInput follows the input-validator interface: Accepted when stdin is
// a valid input of the problem the flags describe, written in the one form
// export writes; Rejected, with the reason on stderr, when not.
func CheckInput(ctx context.Context, con Console, req CheckInputRequest) error {
	opts, m, err := validatorFlags(req.Flags, "kind", "ask", "m")
	if err != nil {
		return status.Usagef("check-input: %v", err)
	}
	if opts["kind"] == "" || opts["ask"] == "" {
		return status.Usagef("check-input: want kind=K and ask=A")
	}
	data, err := io.ReadAll(io.LimitReader(newCtxReader(ctx, con.Stdin), MaxInputBytes+1))
	if err != nil {
		return fmt.Errorf("check-input: read stdin: %w", err)
	}
	if len(data) > MaxInputBytes {
		con.errorf("input: more than %d bytes", MaxInputBytes)
		return status.Said(status.Rejected)
	}
	p, err := problems.ParseInput("input", data, solver.Kind(opts["kind"]), solver.Ask(opts["ask"]), m)
	if err != nil {
		fmt.Fprintln(con.Stderr, err)
		return status.Said(status.Rejected)
	}
	// A test input is written one way only, as export writes it: validate
	// would read a sloppier one, but a team's program need not.
	if want := pkgexport.Input(p); string(data) != want {
		con.errorf("input: not in the one form of the format: want %q", short(want))
		return status.Said(status.Rejected)
	}
	return status.Said(status.Accepted)
}

// short cuts s to 80 bytes for a message.
func short(s string) string {
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}
