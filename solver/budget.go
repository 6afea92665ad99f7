package solver

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"
)

// The budget of a problem is the CPU time Solve may spend on it: the wall
// time of the solve times the goroutines it runs on (Options.Workers). It
// is kept in two ways, so that nothing runs for hours unasked whatever the
// board: a problem estimated to cost more (Estimate; all but the bounds)
// is refused before any work, and every solve, of every kind and ask,
// stops once the CPU time its meter charges reaches the budget: the wall
// time of each phase times the goroutines it runs on. Either way Solve
// returns a *BudgetError.
const (
	// DefaultBudget is the budget when Options.Budget is zero: a minute of
	// one core, half a minute of wall time on two, so that any problem is
	// answered or refused within seconds unless the user asks for more. The
	// n-queens counts to n = 19 fit it (estimated at 15 CPU-seconds); n = 20
	// (1.5 CPU-minutes; 89 CPU-seconds measured) and beyond, and reserved
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
	switch {
	case e.Stopped && e.Cost.AtLeast:
		return fmt.Sprintf("stopped at its budget of %s, with no placement found and none proved impossible", CPUTime(e.Budget.Seconds()))
	case e.Stopped:
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
// (queens and knights are bounded by the hardest Validate accepts), nor is
// a search for a placement that its estimate did not decide (AtLeast):
// the solve stops at the budget if it must.
func (c Cost) Over(budget time.Duration) bool {
	return !c.Bound && !c.AtLeast && c.Seconds > budget.Seconds()
}

// refusable reports whether a solve of p is estimated first, and refused
// when its estimate is over the budget. Knights have a bound, not an
// estimate, and a reserved placement's estimate runs the search itself
// (see Estimate): neither is.
func refusable(p Problem) bool {
	return p.Kind != QueensKnights && (p.Kind != Reserved || p.Ask != AskPlacement)
}

// Refuses reports whether Solve refuses p at once, under budget, when
// Estimate gives it cost: the one rule, for the solve and for what
// solve --estimate says of it.
func Refuses(p Problem, cost Cost, budget time.Duration) bool {
	return refusable(p) && cost.Over(budget)
}

// errBudgetSpent is the cause of the context a solve runs under once its
// budget is spent.
var errBudgetSpent = errors.New("budget spent")

// withBudget runs solve under the budget of opt: it refuses a problem at
// once when its estimate is over the budget, and stops any solve once the
// CPU time its meter charges reaches the budget.
func withBudget[T any](ctx context.Context, p Problem, opt Options, solve func(ctx context.Context) (T, error)) (T, error) {
	var zero T
	budget := opt.BudgetOrDefault()
	ctx = context.WithValue(ctx, proofKey{}, &proofMemo{}) // proved once, for the estimate and the solve
	var cost Cost
	estimated := refusable(p)
	if estimated {
		var err error
		if cost, err = Estimate(ctx, p, opt); err != nil {
			return zero, err
		}
		if Refuses(p, cost, budget) {
			return zero, &BudgetError{Cost: cost, Budget: budget}
		}
	}
	bctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	m := startMeter(budget, workers(opt), func() { cancel(errBudgetSpent) })
	defer m.stop()
	v, err := solve(context.WithValue(bctx, meterKey{}, m))
	if err != nil && ctx.Err() == nil && context.Cause(bctx) == errBudgetSpent {
		if !estimated {
			// Only now is the estimate worth its tenth of a second or two: to say
			// what the problem would have cost.
			if c, eerr := Estimate(ctx, p, opt); eerr == nil {
				cost = c
			}
		}
		return zero, &BudgetError{Cost: cost, Budget: budget, Stopped: true}
	}
	return v, err
}

// meter charges a solve the CPU time it takes: the wall time of each of
// its phases times the cores the phase has, which is the goroutines it
// runs on (all of the workers, unless a phase says it runs on one:
// serial) while the process's cores are enough for every solve running
// in it, and an even share of them when they are not: two solves of two
// workers each on two cores, as solve --jobs 2 runs them, are charged a
// core each, not two. It calls spent once the charge reaches the budget.
// Safe for concurrent use.
type meter struct {
	mu      sync.Mutex
	left    time.Duration // the budget left at since
	since   time.Time
	rate    float64 // the cores charged since since
	k       int     // the goroutines the work runs on
	workers int
	timer   *time.Timer
}

// meters are the solves of this process that are running, which share its
// cores.
var meters = struct {
	sync.Mutex
	running map[*meter]bool
}{running: map[*meter]bool{}}

// meterKey is the key of a solve's meter in its context.
type meterKey struct{}

// startMeter starts the meter of a solve on workers goroutines, with
// budget to spend, and charges every other running solve its new share.
func startMeter(budget time.Duration, workers int, spent func()) *meter {
	m := &meter{left: budget, since: time.Now(), k: workers, workers: workers}
	m.timer = time.AfterFunc(budget, spent)
	meters.Lock()
	defer meters.Unlock()
	meters.running[m] = true
	rerate()
	return m
}

// stop stops m, and charges every other running solve its new share.
func (m *meter) stop() {
	meters.Lock()
	defer meters.Unlock()
	delete(meters.running, m)
	m.timer.Stop()
	rerate()
}

// rerate charges every running solve from now at its share of the cores,
// which depends on how many there are. Called under meters' lock.
func rerate() {
	share := float64(runtime.GOMAXPROCS(0)) / float64(len(meters.running))
	for m := range meters.running {
		m.reshare(share)
	}
}

// reshare charges m from now at share cores, or its goroutines if fewer.
func (m *meter) reshare(share float64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.accountLocked(m.k, share)
}

// charge sets the goroutines the work runs on from now.
func (m *meter) charge(k int) {
	meters.Lock()
	share := float64(runtime.GOMAXPROCS(0)) / float64(max(1, len(meters.running)))
	meters.Unlock()
	m.account(k, share)
}

// account charges the time since the last account at the rate then, and
// sets the rate from now: k goroutines, or share cores if fewer.
func (m *meter) account(k int, share float64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.accountLocked(k, share)
}

// accountLocked is account with m.mu held.
func (m *meter) accountLocked(k int, share float64) {
	now := time.Now()
	m.left -= time.Duration(float64(now.Sub(m.since)) * m.rate)
	m.since, m.k, m.rate = now, k, min(float64(k), share)
	m.timer.Reset(time.Duration(float64(max(m.left, 0)) / m.rate))
}

// serial charges the work of ctx's solve from now as one goroutine's, until
// the function it returns is called: a phase that runs on one goroutine
// (the proof before a reserved count) is not charged for the workers that
// wait for it. Without a meter in ctx it does nothing.
func serial(ctx context.Context) (end func()) {
	m, ok := ctx.Value(meterKey{}).(*meter)
	if !ok || m.workers == 1 {
		return func() {}
	}
	m.charge(1)
	return func() { m.charge(m.workers) }
}
