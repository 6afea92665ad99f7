package solver

import (
	"context"
	"errors"
	"math"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// TestBudgetRefusesAtOnce checks that counts estimated over the budget are
// refused before any work, with their estimate: the context's deadline
// fails the test instead of letting a count of years run.
func TestBudgetRefusesAtOnce(t *testing.T) {
	corner := Problem{Kind: Reserved, N: 30, Ask: AskCount, Reserved: make([]uint64, 30)}
	corner.Reserved[0] = 1
	for _, c := range []struct {
		p   Problem
		opt Options
	}{
		{Problem{Kind: NQueens, N: 27, Ask: AskCount}, Options{}},
		{Problem{Kind: NQueens, N: 24, Ask: AskUnique}, Options{Budget: MaxBudget}},
		{corner, Options{}},
		{Problem{Kind: NQueens, N: 18, Ask: AskCount}, Options{Budget: time.Millisecond}},
		{Problem{Kind: NQueens, N: 27, Ask: AskCount}, Options{Shard: Shard{I: 5, K: 100}}},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_, err := Solve(ctx, c.p, c.opt)
		cancel()
		var be *BudgetError
		if !errors.As(err, &be) || be.Stopped || !errors.Is(err, ErrOverBudget) {
			t.Errorf("Solve(%s %s n = %d, budget %v) = %v, want a refusal by the estimate", c.p.Kind, c.p.Ask, c.p.N, c.opt.Budget, err)
			continue
		}
		if be.Cost.Seconds <= c.opt.BudgetOrDefault().Seconds() {
			t.Errorf("refused with an estimate of %v, within the budget of %v", be.Cost, c.opt.BudgetOrDefault())
		}
	}
}

// TestBudgetStopsTheSolve checks that a solve not refused by an estimate
// (a reserved placement; this 32×32 board, reserved on every third
// anti-diagonal and every fourth diagonal, is not decided in 10 s) stops
// at its budget.
func TestBudgetStopsTheSolve(t *testing.T) {
	p := freeBoard(32, func(r, c int) bool { return (r+c)%3 != 0 && (c-r+32)%4 != 0 })
	p.Ask = AskPlacement
	start := time.Now()
	_, err := Solve(context.Background(), p, Options{Workers: 1, Budget: 20 * time.Millisecond})
	var be *BudgetError
	if !errors.As(err, &be) || !be.Stopped || !be.Cost.AtLeast {
		t.Fatalf("Solve(a 32×32 placement, budget 20 ms) = %v, want it stopped at its budget, with what its estimate's search spent", err)
	}
	t.Logf("stopped after %v: %v", time.Since(start), err)
}

// TestBudgetLetsSmallProblemsBe checks that the budget changes no answer
// within it.
func TestBudgetLetsSmallProblemsBe(t *testing.T) {
	a, err := Solve(context.Background(), Problem{Kind: NQueens, N: 12, Ask: AskCount}, Options{Budget: time.Second})
	if err != nil || a.Count != newBoard(Problem{Kind: NQueens, N: 12}).countSmall() {
		t.Errorf("Solve(12 count, budget 1 s) = %d, %v", a.Count, err)
	}
}

// TestRunSplitOverflow checks that a sum of subproblems past 2^64 is an
// error, from the counts resumed and from the counts made.
func TestRunSplitOverflow(t *testing.T) {
	big := uint64(1) << 63
	resumed := Options{Workers: 1, Resume: func(i int) (uint64, bool) { return big, i < 2 }}
	if _, err := runSplit(context.Background(), 3, 1, resumed, func(*atomic.Bool) (func(int) uint64, func()) {
		return func(int) uint64 { return 0 }, nil
	}); !errors.Is(err, errOverflow) {
		t.Errorf("resumed counts of 2^63 twice: %v, want errOverflow", err)
	}
	if _, err := runSplit(context.Background(), 4, 1, Options{Workers: 2}, func(*atomic.Bool) (func(int) uint64, func()) {
		return func(int) uint64 { return big }, nil
	}); !errors.Is(err, errOverflow) {
		t.Errorf("counts of 2^63 four times: %v, want errOverflow", err)
	}
	if s, ok := addCount(math.MaxUint64-1, 1); !ok || s != math.MaxUint64 {
		t.Errorf("addCount(2^64-2, 1) = %d, %v", s, ok)
	}
}

// TestPanicIsAnError checks that a panic in a worker of a split count comes
// back from Solve's recovery as an *InternalError, not as a crash.
func TestPanicIsAnError(t *testing.T) {
	run := func() (err error) {
		defer recovered(&err)
		_, err = runSplit(context.Background(), 100, 1, Options{Workers: 2}, func(*atomic.Bool) (func(int) uint64, func()) {
			return func(i int) uint64 {
				if i == 37 {
					var a []int
					return uint64(a[i])
				}
				return 1
			}, nil
		})
		return err
	}
	var ie *InternalError
	if err := run(); !errors.As(err, &ie) || len(ie.Stack) == 0 {
		t.Errorf("a worker's panic: %v, want an *InternalError with its stack", err)
	}
}

// TestMeterChargesPhases checks that the meter charges a phase on one
// goroutine as one, not as the workers that wait: with a budget of 1 s on
// 2 workers, 0.6 s of wall time spent serially is 0.6 s of CPU, within
// the budget, where the same time on both workers (1.2 s) passes it; the
// 0.4 s left, on both workers, is then spent in 0.2 s of wall time.
//
// Not parallel: another solve running beside it would take its share of
// the cores.
func TestMeterChargesPhases(t *testing.T) {
	var spent atomic.Bool
	m := startMeter(time.Second, 2, func() { spent.Store(true) })
	defer m.stop()
	ctx := context.WithValue(context.Background(), meterKey{}, m)
	end := serial(ctx)
	time.Sleep(600 * time.Millisecond)
	if spent.Load() {
		t.Fatal("0.6 s on one goroutine spent a budget of 1 CPU-second")
	}
	end()
	start := time.Now()
	for !spent.Load() && time.Since(start) < 5*time.Second {
		time.Sleep(10 * time.Millisecond)
	}
	if took := time.Since(start); !spent.Load() || took > time.Second {
		t.Errorf("the 0.4 CPU-seconds left on 2 workers were spent after %v of wall time, want about 0.2 s", took)
	}
	if end := serial(context.Background()); end == nil {
		t.Error("serial without a meter returned no function")
	} else {
		end()
	}
}

// TestMeterSharesCores checks that solves running at once in a process
// share its cores: each of two solves on as many workers as there are
// cores is charged half of them, and spends a budget in twice the wall
// time of a solve alone.
//
// Not parallel, as TestMeterChargesPhases.
func TestMeterSharesCores(t *testing.T) {
	cores := runtime.GOMAXPROCS(0)
	budget := time.Duration(cores) * 400 * time.Millisecond // 0.4 s of wall time alone
	var spent [2]atomic.Bool
	start := time.Now()
	a := startMeter(budget, cores, func() { spent[0].Store(true) })
	b := startMeter(budget, cores, func() { spent[1].Store(true) })
	defer a.stop()
	defer b.stop()
	time.Sleep(600 * time.Millisecond)
	if spent[0].Load() || spent[1].Load() {
		t.Fatalf("two solves on %d cores spent a budget of %v in 0.6 s of wall time, want 0.8 s or more", cores, budget)
	}
	for !(spent[0].Load() && spent[1].Load()) && time.Since(start) < 5*time.Second {
		time.Sleep(10 * time.Millisecond)
	}
	if took := time.Since(start); !spent[0].Load() || !spent[1].Load() || took > 2*time.Second {
		t.Errorf("two solves on %d cores spent a budget of %v after %v of wall time, want about 0.8 s", cores, budget, took)
	}
}

// TestRefuses checks the one rule of refusal: an estimate over the budget
// refuses a count, never a reserved placement (its estimate is its search)
// or queens and knights (a bound), nor a cost that is at least, or at most.
func TestRefuses(t *testing.T) {
	count := Problem{Kind: Reserved, N: 8, Ask: AskCount, Reserved: NewReserved(8), M: AnyM}
	place := count
	place.Ask = AskPlacement
	knights := Problem{Kind: QueensKnights, N: 8, Ask: AskMax, M: AnyM}
	over := Cost{Seconds: 3600}
	for _, c := range []struct {
		p    Problem
		cost Cost
		want bool
	}{
		{count, over, true},
		{count, Cost{Seconds: 1}, false},
		{count, Cost{Seconds: 3600, AtLeast: true}, false},
		{place, over, false},
		{knights, Cost{Seconds: 3600, Bound: true}, false},
		{knights, over, false},
	} {
		if got := Refuses(c.p, c.cost, time.Minute); got != c.want {
			t.Errorf("Refuses(%s %s, %+v, 1 minute) = %v, want %v", c.p.Kind, c.p.Ask, c.cost, got, c.want)
		}
	}
}
