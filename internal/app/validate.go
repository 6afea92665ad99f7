package app

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/queensjudge/queensjudge/internal/pkgexport"
	"github.com/queensjudge/queensjudge/internal/truth"
	"github.com/queensjudge/queensjudge/internal/validator"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
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
	Budget   time.Duration // CPU time to solve the problem; the solver's default when zero
}

// Validate judges the team output on stdin, writes judgemessage.txt and
// teammessage.txt into the feedback directory and returns the judgement,
// with its outcome as the error: Accepted or Rejected, said (the verdict is
// in the feedback files), or a said failure on a judge error. With the
// cases= flag of a package's run script the answer file is the ground
// truth (validator.Validate); without it, the truth comes from the cache or
// the solver, and the answer file must agree with it (see crossCheck).
func Validate(ctx context.Context, con Console, req ValidateRequest) (judge.Judgement, error) {
	if err := checkBudget(req.Budget); err != nil {
		return judge.Judgement{}, err
	}
	c := validator.Call{Input: req.Input, Answer: req.Answer, Feedback: req.Feedback, Flags: req.Flags, MaxBytes: req.MaxBytes}
	if f, err := validator.ParseFlags(req.Flags, validator.KeyKind, validator.KeyAsk, validator.KeyM, validator.KeyID, validator.KeyCases); err == nil && len(f.Cases) > 0 {
		return validator.Validate(ctx, c, newCtxReader(ctx, con.Stdin), con.Stderr)
	}
	g, cachePath, cacheErr := begin(req.Cache, req.Input, req.Answer)
	// First of all, before the cache, the solver or the team output: a
	// validator that is killed (a time or memory limit) or crashes leaves
	// the provisional message for the judges to read.
	feedback, err := validator.Feedback(g, req.Feedback)
	if err != nil {
		return judge.Judgement{}, err
	}
	j, err := validate(ctx, con, req, cachePath, cacheErr)
	if err != nil {
		j = judge.Judgement{Verdict: judge.JE, Message: err.Error(), TeamMessage: "judge error"}
	}
	return j, validator.Conclude(g, feedback, j, con.Stderr)
}

// validate judges the team output on stdin against the problem in the
// request's input, its truth from the cache or the solver.
func validate(ctx context.Context, con Console, req ValidateRequest, cachePath string, cacheErr error) (judge.Judgement, error) {
	f, err := validator.ParseFlags(req.Flags, validator.KeyKind, validator.KeyAsk, validator.KeyM, validator.KeyID, validator.KeyCases)
	if err != nil {
		return judge.Judgement{}, err
	}
	if err := validator.TeamOutput(con.Stdin); err != nil {
		return judge.Judgement{}, err // before any problem is solved
	}
	p, err := validatorProblem(req.Input, f)
	if err != nil {
		return judge.Judgement{}, err
	}
	// The truth is had once, and only when the judging needs it: for a
	// placement problem, when the answer file or the team output is none
	// (see judge.JudgeLazily).
	lt := &onceTruth{get: func(ctx context.Context) (judge.Truth, error) {
		return validatorTruth(ctx, cachePath, cacheErr == nil, p, req.Budget)
	}}
	if judge.NeedsTruth(p.Problem) {
		if _, err := lt.truth(ctx); err != nil {
			return judge.Judgement{}, err
		}
	}
	if err := crossCheck(ctx, req.Answer, p.Problem, lt); err != nil {
		return judge.Judgement{}, err
	}
	return judge.JudgeLazily(ctx, p.Problem, lt.truth, newCtxReader(ctx, con.Stdin), judge.Limits{MaxBytes: req.MaxBytes}), nil
}

// onceTruth is the ground truth of one validator call, had the first time
// it is asked for, and kept. Not safe for concurrent use.
type onceTruth struct {
	get   func(context.Context) (judge.Truth, error)
	asked bool
	t     judge.Truth
	err   error
}

// truth returns the truth, getting it the first time.
func (o *onceTruth) truth(ctx context.Context) (judge.Truth, error) {
	if !o.asked {
		o.asked = true
		o.t, o.err = o.get(ctx)
	}
	return o.t, o.err
}

// validatorProblem reads the problem from input: plain input when the
// flags give a kind, a problem set otherwise.
func validatorProblem(input string, f validator.Flags) (problems.Problem, error) {
	if f.Kind != "" {
		if f.Ask == "" {
			return problems.Problem{}, errors.New("validator flag kind= without ask=")
		}
		p, err := validator.ReadInput(input, f)
		return problems.Problem{Problem: p, ID: filepath.Base(input), Points: 1}, err
	}
	set, err := problems.Load(input)
	if err != nil {
		return problems.Problem{}, err
	}
	var p problems.Problem
	id, test, hasTest := strings.Cut(f.ID, "/")
	switch {
	case f.ID != "":
		var ok bool
		if p, ok = set.Problem(id); !ok {
			return p, fmt.Errorf("%s has no problem %q", input, id)
		}
	case len(set.Problems) != 1:
		return problems.Problem{}, fmt.Errorf("%s has %d problems; name one with id=ID", input, len(set.Problems))
	default:
		p = set.Problems[0]
	}
	return namedCase(input, p, test, hasTest, "id=")
}

// namedCase returns the case of p that the validator judges: p itself when
// it has no tests, else its test named test (from id=ID/TEST), or its
// one test. prefix is how the caller names a problem in a hint ("id=" for
// the validator's flag, "" for an argument).
func namedCase(input string, p problems.Problem, test string, named bool, prefix string) (problems.Problem, error) {
	switch {
	case named && !p.HasTests():
		return problems.Problem{}, fmt.Errorf("%s: problem %q has no tests; name it as %s%s", input, p.ID, prefix, p.ID)
	case named:
		if c, ok := p.Case(test); ok {
			return c, nil
		}
		return problems.Problem{}, fmt.Errorf("%s: problem %q has no test %q", input, p.ID, test)
	case len(p.Tests) > 1:
		return problems.Problem{}, fmt.Errorf("%s: problem %q has %d tests; name one as %s%s/TEST", input, p.ID, len(p.Tests), prefix, p.ID)
	}
	return p.Cases()[0], nil
}

// validatorTruth returns the ground truth of p from the cache at
// cachePath (when useCache), solving and storing it when missing; from a
// cache it may not write, solved and kept nowhere; and from the solver
// alone when the cache cannot be opened (a judge host may give the
// validator no writable home).
//
// An n-queens placement is built, never cached here: the construction
// takes half a second at n = 10^7, where reading that placement from the
// cache, or storing it, takes more memory than a judge's 1 GiB of address
// space leaves the validator.
func validatorTruth(ctx context.Context, cachePath string, useCache bool, p problems.Problem, budget time.Duration) (judge.Truth, error) {
	opt := truth.Options{Budget: budget}
	if !useCache || p.Kind == solver.NQueens && p.Ask == solver.AskPlacement {
		return truth.Solver(opt).Truth(ctx, p)
	}
	cache, err := truth.Open(ctx, cachePath)
	if err != nil {
		return truth.Solver(opt).Truth(ctx, p)
	}
	defer cache.Close()
	t, err := cache.Source(opt).Truth(ctx, p)
	if errors.Is(err, store.ErrReadOnly) {
		// A cache shared read-only with the judge host: read it, solve
		// the rest, keep nothing.
		t, err = cache.Reader(opt).Truth(ctx, p)
	}
	return t, truth.Refusal(err)
}

// crossCheck checks the judges' answer file to p against the ground truth
// that ask gives; a wrong, missing or unreadable one means the problem
// package is broken, and the run is a judge error, not a verdict.
//
// A placement answer file is right when it is a valid placement of the
// problem (or none, exactly when there is none), whichever placement the
// solver gives: a setter's own placement is as good as the project's, and
// is right without the truth (judge.NeedsTruth), which only none asks
// for. A
// solutions file is right when it holds the same set, in any order and
// either form. Each is judged as a team's answer would be, and must be
// accepted. A number must be exactly what export writes for it
// (pkgexport.WriteAnswer): "92" and a line end, no other text.
func crossCheck(ctx context.Context, answer string, p solver.Problem, lt *onceTruth) error {
	f, err := os.Open(answer)
	if err != nil {
		return fmt.Errorf("answer file: %w", err)
	}
	defer f.Close()
	if p.Ask == solver.AskPlacement || p.Ask == solver.AskSolutions {
		// No limit but the file's own size: the judges' file is trusted
		// to be as large as the truth needs (79 MB at n = 10^7).
		j := judge.JudgeLazily(ctx, p, lt.truth, bufio.NewReader(f), judge.Limits{MaxBytes: 1 << 40})
		if j.Verdict == judge.JE && lt.asked && lt.err != nil {
			// No truth to judge the file by (it says none): not the
			// file's fault.
			return fmt.Errorf("answer file %s: %s", answer, j.Message)
		}
		if j.Verdict != judge.AC {
			return fmt.Errorf("answer file %s is wrong: %s: %s", answer, j.Verdict, j.Message)
		}
		return nil
	}
	t, err := lt.truth(ctx)
	if err != nil {
		return err
	}
	cmp := &sameBytes{r: bufio.NewReader(f)}
	werr := pkgexport.WriteAnswer(ctx, cmp, t)
	if werr == nil && cmp.differ == "" {
		if _, err := cmp.r.ReadByte(); err == nil {
			cmp.differ = "it goes on after the ground truth ends"
		}
	}
	switch {
	case cmp.differ != "":
		return fmt.Errorf("answer file %s is not the ground truth: %s", answer, cmp.differ)
	case werr != nil && !errors.Is(werr, errDiffer):
		return fmt.Errorf("answer file %s: the ground truth cannot be written to compare: %w", answer, werr)
	}
	return nil
}

// errDiffer stops writing the ground truth at its first byte that the
// answer file does not have.
var errDiffer = errors.New("differs")

// sameBytes is a writer that compares what is written with what r reads.
type sameBytes struct {
	r      *bufio.Reader
	at     int64
	differ string // where and how the two part, when they do
}

func (s *sameBytes) Write(p []byte) (int, error) {
	for i, b := range p {
		got, err := s.r.ReadByte()
		if err != nil {
			s.differ = fmt.Sprintf("it ends at byte %d, where the ground truth goes on", s.at+1)
			return i, errDiffer
		}
		if got != b {
			s.differ = fmt.Sprintf("byte %d is %q, the ground truth has %q there", s.at+1, got, b)
			return i, errDiffer
		}
		s.at++
	}
	return len(p), nil
}

// CheckInputRequest is one call of the input validator: a test input on
// the console's stdin, and the flags kind=, ask=, m=.
type CheckInputRequest struct {
	Flags []string
}

// CheckInput follows the input-validator interface (see
// validator.CheckInput).
func CheckInput(ctx context.Context, con Console, req CheckInputRequest) error {
	return validator.CheckInput(ctx, req.Flags, newCtxReader(ctx, con.Stdin), con.Stderr)
}
