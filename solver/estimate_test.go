package solver

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/solver/internal/join"
)

// TestProbesAgainstSearch checks Knuth's estimates against the trees they
// estimate, counted whole by the plain search: the placements (countSmall)
// and the inner nodes (nodesBelow) of every n-queens board to 12 and of
// random reserved boards. The estimates are averages of at least a
// thousand probes; a wrong weight (a mirror counted twice, a branching
// left out) is off by a factor of 2 or more. Estimate, which makes 1,024
// probes of a board to 12 and 16,384 of a larger one, answers the open
// 12×12 board and a reserved 12×12 one of each density in the quick
// suite, every board with -long
// (0.6 s of CPU more).
func TestProbesAgainstSearch(t *testing.T) {
	t.Parallel() // no shared state, no time bound: it runs beside the other such tests
	ctx := context.Background()
	var ps []Problem
	estimated := map[int]bool{} // the indices in ps of the boards Estimate answers
	for n := 4; n <= 12; n++ {
		estimated[len(ps)] = n == 12 || testflag.Long()
		ps = append(ps, Problem{Kind: NQueens, N: n, Ask: AskCount})
	}
	rng := rand.New(rand.NewPCG(33, 1))
	for _, n := range []int{8, 10, 12} {
		for _, d := range []float64{0.05, 0.15, 0.3} {
			estimated[len(ps)] = n == 12 || testflag.Long()
			estimated[len(ps)+1] = testflag.Long()
			ps = append(ps, randomBoards(rng, 2, n, d)...)
		}
	}
	for i, p := range ps {
		want := newBoard(p).countSmall()
		s, prng := newProbeSpread(p)
		var nodes, leaves float64
		for range smallProbes {
			n, l := s.probe(prng)
			nodes += n
			leaves += l
		}
		nodes /= smallProbes
		leaves /= smallProbes
		wantNodes := s.nodesBelow(s.full, 0, 0, 0)
		if want >= 50 && (leaves < float64(want)/1.5 || leaves > float64(want)*1.5) {
			t.Errorf("n = %d %v: probes estimate %.0f placements, want about %d", p.N, p.Reserved, leaves, want)
		}
		if nodes < wantNodes/1.3 || nodes > wantNodes*1.3 {
			t.Errorf("n = %d %v: probes estimate %.0f nodes, want about %.0f", p.N, p.Reserved, nodes, wantNodes)
		}
		if !estimated[i] {
			continue
		}
		if _, err := Estimate(ctx, p, Options{}); err != nil {
			t.Errorf("Estimate(n = %d) = %v", p.N, err)
		}
	}
}

// TestEstimateKinds checks that every kind and ask is estimated, that the
// estimates grow with the board, and that a bound is marked as one.
func TestEstimateKinds(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	small, err := Estimate(ctx, Problem{Kind: NQueens, N: 16, Ask: AskCount}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	large, err := Estimate(ctx, Problem{Kind: NQueens, N: 27, Ask: AskCount}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if large.Seconds < 1e6*small.Seconds || small.Bound || large.Bound {
		t.Errorf("Estimate(n = 16) = %+v, Estimate(n = 27) = %+v: want estimates, the second a million times the first or more", small, large)
	}
	sliced, err := Estimate(ctx, Problem{Kind: NQueens, N: 27, Ask: AskCount}, Options{Shard: Shard{I: 3, K: 1000}})
	if err != nil {
		t.Fatal(err)
	}
	if r := large.Seconds / sliced.Seconds; math.Abs(r-1000) > 1e-6 {
		t.Errorf("a slice of 1000 is estimated at 1/%g of the count, want 1/1000", r)
	}
	for _, p := range []Problem{
		{Kind: NQueens, N: 1000, Ask: AskPlacement},
		{Kind: NQueens, N: 20, Ask: AskSolutions},
		{Kind: QueensKnights, N: 8, M: AnyM, Ask: AskMax},
		{Kind: Reserved, N: 20, Reserved: make([]uint64, 20), Ask: AskPlacement},
	} {
		c, err := Estimate(ctx, p, Options{})
		if err != nil || c.Seconds <= 0 || c.How == "" {
			t.Errorf("Estimate(%s %s n = %d) = %+v, %v", p.Kind, p.Ask, p.N, c, err)
		}
	}
	if _, err := Estimate(ctx, Problem{Kind: NQueens, N: 0, Ask: AskCount}, Options{}); err == nil {
		t.Error("Estimate of n = 0: no error")
	}
}

func TestCPUTime(t *testing.T) {
	for _, c := range []struct {
		secs float64
		want string
	}{
		{0.04, "0 CPU-seconds"},
		{0.25, "0.2 CPU-seconds"},
		{1, "1 CPU-second"},
		{42, "42 CPU-seconds"},
		{3600, "1 CPU-hour"},
		{5400, "1.5 CPU-hours"},
		{3.1 * 365.25 * 86400, "3.1 CPU-years"},
		{123456 * 365.25 * 86400, "123,000 CPU-years"},
	} {
		if got := CPUTime(c.secs); got != c.want {
			t.Errorf("CPUTime(%g) = %q, want %q", c.secs, got, c.want)
		}
	}
}

// BenchmarkEstimateAccuracy estimates 20 problems of different kinds,
// shapes and plans, solves each on one core, and logs the estimate, the
// time and their ratio; it reports the median and the largest of the
// ratios (estimate over time, or time over estimate, whichever is larger).
// Run it with -benchtime 1x -v: it takes a few minutes.
func BenchmarkEstimateAccuracy(b *testing.B) {
	rng := rand.New(rand.NewPCG(20, 26))
	random := func(n int, d float64) Problem { return randomBoards(rng, 1, n, d)[0] }
	one := func(n, r0, c0 int) Problem {
		return freeBoard(n, func(r, c int) bool { return r != r0 || c != c0 })
	}
	type board struct {
		name string
		p    Problem
	}
	boards := []board{
		{"nqueens 13", Problem{Kind: NQueens, N: 13}},
		{"nqueens 16", Problem{Kind: NQueens, N: 16}},
		{"nqueens 17 unique", Problem{Kind: NQueens, N: 17, Ask: AskUnique}},
		{"nqueens 18", Problem{Kind: NQueens, N: 18}},
		{"16, one square in the middle", one(16, 8, 8)},
		{"17, one square in a corner", one(17, 0, 0)},
		{"18, 3 random squares", randomSquares(rng, 18, 3)},
		{"16, 10% random", random(16, 0.1)},
		{"17, 20% random", random(17, 0.2)},
		{"18, 30% random", random(18, 0.3)},
		{"20, 45% random", random(20, 0.45)},
		{"22, 50% random", random(22, 0.5)},
		{"24, 55% random", random(24, 0.55)},
		{"28, 65% random", random(28, 0.65)},
		{"32, 75% random", random(32, 0.75)},
		{"18, every third anti-diagonal", freeBoard(18, func(r, c int) bool { return (r+c)%3 != 0 })},
		{"16, every fourth anti-diagonal, unique", freeBoard(16, func(r, c int) bool { return (r+c)%4 != 0 })},
		{"20, band of width 6", freeBoard(20, func(r, c int) bool { return abs(c-r) <= 6 })},
		{"18, every third row half reserved", freeBoard(18, func(r, c int) bool { return r%3 != 0 || c%2 == 0 })},
		{"16, 25% random, solutions", random(16, 0.25)},
	}
	boards[16].p.Ask = AskUnique
	boards[19].p.Ask = AskSolutions
	for b.Loop() {
		var ratios []float64
		for _, x := range boards {
			p := x.p
			if p.Ask == "" {
				p.Ask = AskCount
			}
			opt := Options{Workers: 1, Budget: MaxBudget}
			// A list is handed on as solve hands it to the cache: here
			// written out as text, which leaves out the cache's writes.
			var listed int
			opt.Emit = func(pl Placement) error { listed += len(pl.String()); return nil }
			est, err := Estimate(context.Background(), p, opt)
			if err != nil {
				b.Fatal(err)
			}
			start := time.Now()
			a, err := Solve(context.Background(), p, opt)
			took := time.Since(start).Seconds()
			if err != nil {
				b.Fatalf("%s: %v", x.name, err)
			}
			r := est.Seconds / took
			ratios = append(ratios, max(r, 1/r))
			b.Logf("%-40s %-10s estimate %8.3f s, took %8.3f s, ratio %5.2f (answer %d; %s)", x.name, p.Ask, est.Seconds, took, r, a.Count, est.How)
		}
		slices.Sort(ratios)
		b.ReportMetric(ratios[len(ratios)/2], "median-x")
		b.ReportMetric(ratios[len(ratios)-1], "worst-x")
	}
}

// nodesBelow returns the inner nodes of s's search below and at a node,
// as walk expands them.
func (s *spread) nodesBelow(rows, cols, diag, anti uint64) float64 {
	x := spreadNode{rows: rows, cols: cols, diag: diag, anti: anti}
	r, avail := s.next(&x)
	if bits.OnesCount64(rows) == 1 {
		return 1
	}
	rows &^= 1 << uint(r)
	total := 1.0
	for ; avail != 0; avail &= avail - 1 {
		c := bits.TrailingZeros64(avail)
		total += s.nodesBelow(rows, cols|1<<uint(c), diag|1<<uint(c-r+s.n-1), anti|1<<uint(r+c))
	}
	return total
}

// TestJoinSubproblems checks the estimate's count of the join's
// subproblems, made without a table, against the subproblems the join
// lists, on even and odd boards, open, reserved and in images mode.
func TestJoinSubproblems(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(14, 17))
	for _, n := range []int{14, 15, 16, 17} {
		for _, p := range []Problem{
			{Kind: NQueens, N: n},
			randomSquares(rng, n, 2),
			randomBoards(rng, 1, n, 0.1)[0],
			freeBoard(n, func(r, c int) bool { return r != c }),
		} {
			p.Ask = AskCount
			plan := planCount(p)
			if plan == planSearch {
				continue
			}
			j := mustJoin(p, BoardSyms(p), plan == planImages, false, join.DefaultConfig(), 1)
			if got, want := joinSubproblems(p, plan), j.Len()/j.Parts(); got != want {
				t.Errorf("joinSubproblems(n = %d, plan %d, %v) = %d, want %d", n, plan, p.Reserved, got, want)
			}
		}
	}
}
