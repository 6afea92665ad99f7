package judge

import (
	"context"
	"iter"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// Truth is the ground truth of one problem.
type Truth struct {
	// Problem is the definition judged against. For a queens-knights
	// problem with M = solver.AnyM, Answer.M is the m the answers are for.
	Problem solver.Problem
	// Answer is the solver's answer: Count for count, unique and max (the
	// largest m) and the number of placements for solutions; Placement for
	// placement, nil when there is none.
	Answer solver.Answer
	// Solutions, when not nil, streams the expected placements of a
	// solutions problem. Judging does not need it (each listed placement is
	// checked and the distinct valid ones counted against Answer.Count); it
	// is asked only to name a missing placement in the judge message. It may
	// be called from several goroutines at once.
	Solutions func(ctx context.Context) iter.Seq2[solver.Placement, error]
}

// Truths gives the ground truth of the problems of a set; truth.Source
// implements it with the cache and the solver.
type Truths interface {
	// Truth returns the ground truth of p. An error means it could not be
	// had: every answer to p that needs it (see NeedsTruth) is judged JE,
	// and every other answer is judged without it. Contest calls Truth at
	// most once per problem, or per test of a problem with tests, and only
	// when an answer needs it: for a placement problem, when an answer is
	// none. The calls come one at a time, from any of Contest's judging
	// goroutines.
	Truth(ctx context.Context, p problems.Problem) (Truth, error)
}

// NeedsTruth reports whether every answer to p is judged against the
// ground truth, which is then had before the answer is read. It is false
// for a placement problem whose m is given (every one but queens-knights
// with M = solver.AnyM): any valid placement is right, so the checker
// alone decides every answer but none, and the truth, which may cost a
// long solve or be out of reach (refused, stopped at its budget), is asked
// only for none. A count, unique, max or solutions answer, and a placement
// of a queens-knights problem that leaves m open (whose m is the truth's),
// always need it.
//
// It is the one place that decides it: Judge, JudgeLazily and Contest
// ask for the truth by it, and the commands that solve before judging
// solve up front only the problems for which it is true.
func NeedsTruth(p solver.Problem) bool {
	if p.Ask != solver.AskPlacement {
		return true
	}
	return p.Kind == solver.QueensKnights && p.M == solver.AnyM
}

// TruthsFunc adapts a function to the Truths interface.
type TruthsFunc func(ctx context.Context, p problems.Problem) (Truth, error)

// Truth calls f.
func (f TruthsFunc) Truth(ctx context.Context, p problems.Problem) (Truth, error) { return f(ctx, p) }

var _ Truths = TruthsFunc(nil)

// SolverTruths is the Truths that solves every problem afresh, with no cache:
// for tests, and for judging where no cache is at hand. Options tune the
// solver.
type SolverTruths struct {
	Options solver.Options
}

var _ Truths = SolverTruths{}

// Truth solves p.
func (s SolverTruths) Truth(ctx context.Context, p problems.Problem) (Truth, error) {
	return SolveTruth(ctx, p.Problem, s.Options)
}

// SolveTruth returns the ground truth of p from the solver. For a solutions
// problem, Truth.Solutions solves it again to stream the placements.
func SolveTruth(ctx context.Context, p solver.Problem, opt solver.Options) (Truth, error) {
	opt.Emit = nil
	a, err := solver.Solve(ctx, p, opt)
	if err != nil {
		return Truth{}, err
	}
	t := Truth{Problem: p, Answer: a}
	if p.Ask == solver.AskSolutions {
		t.Solutions = func(ctx context.Context) iter.Seq2[solver.Placement, error] {
			return solver.Placements(ctx, p, opt)
		}
	}
	return t, nil
}
