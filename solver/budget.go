package solver

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// The budget of a problem is the CPU time Solve may spend on it: the wall
// time of the solve times the goroutines it runs on (Options.Workers). It
// is kept in two ways, so that nothing runs for hours unasked whatever the
// board: a problem estimated to cost more (Estimate; all but the bounds)
// is refused before any work, and every solve, of every kind and ask,
// stops once its wall time reaches the budget over its workers. Either way
// Solve returns a *BudgetError.
const (
	// DefaultBudget is the budget when Options.Budget is zero: a minute of
	// one core, half a minute of wall time on two, so that any problem is
	// answered or refused within seconds unless the user asks for more. The
	// n-queens counts to n = 19 fit it (40 CPU-seconds on the machine of
	// joinPerPlacement); n = 20 (3.7 CPU-minutes) and beyond, and reserved
	// boards of the like, are asked for with a larger budget, which the
	// refusal names. (With ten minutes, four 19×19 counts with one reserved
	// square took 149 s of wall time between them.)
	DefaultBudget = time.Minute
	// MaxBudget is the largest budget: a CPU-year. It is also what keeps a
	// count inside 64 bits where a board could hold more placements (a
	// reserved board of n ≥ 29): no subproblem, which one goroutine counts,
	// can add up 2^64 placements in a year, and the sums of subproblems are
	// checked (addCount).
	MaxBudget = 8766 * time.Hour
)

// ErrOverBudget is what every *BudgetError is (errors.Is).
var ErrOverBudget = errors.New("over its budget")

// BudgetError refuses a problem that costs more than its budget: at once,
// by its estimate, or when stopped at its budget. A stopped count keeps the
// subproblems it finished through Options.Checkpoint, like any stopped count.
type BudgetError struct {
	Cost    Cost          // the estimate
	Budget  time.Duration // the budget, in CPU time
	Stopped bool          // the solve ran, and was stopped at its budget
}

func (e *BudgetError) Error() string {
	if e.Stopped {
		return fmt.Sprintf("stopped at its budget of %s (estimated: %s)", CPUTime(e.Budget.Seconds()), e.Cost)
	}
	return fmt.Sprintf("estimated %s; the budget is %s", e.Cost, CPUTime(e.Budget.Seconds()))
}

// Is makes every BudgetError ErrOverBudget.
func (e *BudgetError) Is(target error) bool { return target == ErrOverBudget }

// BudgetOrDefault returns the budget opt gives: DefaultBudget for none,
// MaxBudget at most.
func (opt Options) BudgetOrDefault() time.Duration {
	switch {
	case opt.Budget <= 0:
		return DefaultBudget
	case opt.Budget > MaxBudget:
		return MaxBudget
	}
	return opt.Budget
}

// Over reports whether a problem of cost c is refused at once under budget:
// when c estimates more than the budget. A bound over it is not refused
// (a placement's bound is its whole search tree, and the search often ends
// at its first leaf): the solve stops at the budget if it must.
func (c Cost) Over(budget time.Duration) bool {
	return !c.Bound && c.Seconds > budget.Seconds()
}

// errBudgetSpent is the cause of the context a solve runs under once its
// budget is spent.
var errBudgetSpent = errors.New("budget spent")

// withBudget runs solve under the budget of opt: it refuses a problem at
// once when its estimate is over the budget, and stops any solve once its
// wall time times its workers reaches the budget.
func withBudget[T any](ctx context.Context, p Problem, opt Options, solve func(ctx context.Context) (T, error)) (T, error) {
	var zero T
	budget := opt.BudgetOrDefault()
	var cost Cost
	// Knights and reserved placements have a bound, not an estimate (see
	// Estimate): they are not refused by it.
	estimated := p.Kind != QueensKnights && (p.Kind != Reserved || p.Ask != AskPlacement)
	if estimated {
		var err error
		if cost, err = quickEstimate(ctx, p, opt, budget); err != nil {
			return zero, err
		}
		if cost.Over(budget) {
			return zero, &BudgetError{Cost: cost, Budget: budget}
		}
	}
	wall := budget / time.Duration(workers(opt))
	bctx, cancel := context.WithTimeoutCause(ctx, wall, errBudgetSpent)
	defer cancel()
	v, err := solve(bctx)
	if err != nil && ctx.Err() == nil && context.Cause(bctx) == errBudgetSpent {
		if !estimated {
			// Only now is the estimate worth its tenth of a second: to say
			// what the problem would have cost.
			if c, eerr := Estimate(ctx, p, opt); eerr == nil {
				cost = c
			}
		}
		return zero, &BudgetError{Cost: cost, Budget: budget, Stopped: true}
	}
	return v, err
}

// quickEstimate is Estimate made only as well as the decision needs: a
// count whose rough estimate (roughEstimate, microseconds on small boards)
// is far within the budget is not estimated again (which takes up to a
// tenth of a second).
func quickEstimate(ctx context.Context, p Problem, opt Options, budget time.Duration) (Cost, error) {
	if p.N <= MaxReservedN && p.Ask != AskPlacement {
		if c := roughEstimate(p); c.Seconds < budget.Seconds()/100 {
			return c, nil
		}
	}
	return Estimate(ctx, p, opt)
}
