package solver

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
	"sync"
)

// Cost is what answering a problem is estimated to take, in CPU time: the
// wall time of the solve times the goroutines it runs on. It is an
// estimate, never a count, so it is a float: the cost of an open 32×32
// count is thousands of CPU-years, beyond a time.Duration.
type Cost struct {
	// Seconds is the CPU time estimated, in seconds.
	Seconds float64
	// Bound is true when Seconds bounds the cost from above rather than
	// estimating it: the whole search tree of a placement, which may be
	// found at its first leaf.
	Bound bool
	// How says how the estimate was made, for people.
	How string
}

// String gives the cost in the largest unit that keeps it at least 1:
// "0.2 CPU-seconds", "3.1 CPU-hours", "2,400 CPU-years".
func (c Cost) String() string {
	s := CPUTime(c.Seconds)
	if c.Bound {
		return "at most " + s
	}
	return s
}

// CPUTime writes seconds of CPU time for people, in the largest unit that
// keeps the number at least 1 (see figure).
func CPUTime(seconds float64) string {
	units := []struct {
		name string
		secs float64
	}{
		{"CPU-years", 365.25 * 86400},
		{"CPU-days", 86400},
		{"CPU-hours", 3600},
		{"CPU-minutes", 60},
	}
	for _, u := range units {
		if seconds >= u.secs {
			return withUnit(figure(seconds/u.secs), u.name)
		}
	}
	return withUnit(figure(seconds), "CPU-seconds")
}

// withUnit writes a figure and its unit, in the singular for 1.
func withUnit(fig, unit string) string {
	if fig == "1" {
		return "1 " + unit[:len(unit)-1]
	}
	return fig + " " + unit
}

// figure writes x for people: one decimal below 10 ("3.1", "0.2", "1"),
// whole numbers to 100, three significant digits above, with commas
// ("123,000"), and powers of ten past 10^15.
func figure(x float64) string {
	switch {
	case math.IsInf(x, 1) || x > 1e15:
		return fmt.Sprintf("%.1e", x)
	case x >= 100:
		unit := math.Pow(10, math.Floor(math.Log10(x))-2)
		return Thousands(int64(math.Round(x/unit) * unit))
	case x >= 10:
		return fmt.Sprintf("%.0f", x)
	}
	return strings.TrimSuffix(fmt.Sprintf("%.1f", x), ".0")
}

// thousands writes v with commas between groups of three digits.
func Thousands(v int64) string {
	s := fmt.Sprint(v)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Estimate returns the CPU time Solve is expected to take on p with opt,
// without solving it: for a shard, of its slice. It takes milliseconds,
// and about a tenth of a second at most. An error is a problem that is not
// valid, or ctx's.
//
// An estimate is a function of the problem, opt and the solver Version
// alone: it counts work (the nodes of a search, as random probes with a
// fixed seed estimate them; the placements of the open board; the nodes
// of a proof bounded by nodes) and turns work into time by constants fixed
// in this file, measured once on the machine they name. So the same
// problem gets the same estimate, and the same refusal, on every machine
// and at every load; what the clock decides is only where a solve stops.
//
// A queens count (count, unique) is estimated from Knuth's random probes
// of the search tree ("Estimating the efficiency of backtrack programs",
// 1975): each probe walks from the root to a leaf by random children,
// and the product of the branchings along its path is an unbiased
// estimate of the nodes at each depth. The search's cost is its nodes
// times the time of one (perNode); the quadrant join's follows the open
// board's placements and the board's half-boards (see joinCost). A
// solutions list costs the share of the search that finds one placement
// more than the limit, then the listing. A reserved count or list is
// preceded by the bounded proof that the board has a placement
// (proofNodes), which the estimate runs: a board with none is answered by
// it, and every board is charged its nodes, once for each slice too. Two
// costs are bounds (Cost.Bound), not estimates: a reserved placement's,
// its whole search tree (it is often found far sooner), and queens and
// knights', the measured limit of what Validate accepts (KnightsCountM).
// An n-queens placement is built in O(n).
func Estimate(ctx context.Context, p Problem, opt Options) (Cost, error) {
	if err := p.Validate(); err != nil {
		return Cost{}, err
	}
	return estimate(ctx, p, opt)
}

func estimate(ctx context.Context, p Problem, opt Options) (Cost, error) {
	switch {
	case p.Kind == QueensKnights:
		return Cost{Seconds: knightsBound, Bound: true, How: "the measured limit of every accepted n and m"}, nil
	case p.Kind == NQueens && p.Ask == AskPlacement:
		return Cost{Seconds: float64(p.N) * placementSecondsPerQueen, How: "built in O(n)"}, nil
	}
	var proof float64 // the seconds of the proof before a reserved count or list
	proofHow := ""
	if p.Kind == Reserved && p.Ask != AskPlacement {
		e, err := proveExists(ctx, p, proofNodes)
		if err != nil {
			return Cost{}, err
		}
		proof = float64(e.Nodes) * matchPerNode
		if e.Decided && !e.Exists {
			return Cost{Seconds: proof, How: fmt.Sprintf("no placement: proved in %s nodes", Thousands(int64(e.Nodes)))}, nil
		}
		if !e.Decided {
			proofHow = fmt.Sprintf(", after %s nodes of a search for one placement that decide nothing", Thousands(int64(e.Nodes)))
		}
	}
	t, err := probeTree(ctx, p)
	if err != nil {
		return Cost{}, err
	}
	switch p.Ask {
	case AskCount, AskUnique:
		// A slice counts its share of the subproblems; it makes its tables,
		// and proves the board has a placement, as the whole count does.
		var work float64
		var how string
		if plan := planCount(p); plan != planSearch {
			if work, err = joinCost(ctx, p, plan, opt.Shard.K); err != nil {
				return Cost{}, err
			}
			how = fmt.Sprintf("the quadrant join, about %s placements (%d probes)", sci(t.leaves), t.probes)
		} else {
			work = t.nodes * t.perNode / float64(max(opt.Shard.K, 1))
			how = fmt.Sprintf("a search of about %s nodes (%d probes)", sci(t.nodes), t.probes)
		}
		if opt.Shard.K > 0 {
			how += fmt.Sprintf(", one slice of %d", opt.Shard.K)
		}
		return Cost{Seconds: proof + work, How: how + proofHow}, nil
	case AskSolutions:
		// Counting up to the limit: the share of the tree that holds limit+1
		// placements, if they are spread evenly; and listing them, a
		// second search, if that is all there are and there are any.
		limit := float64(opt.MaxSolutions)
		if limit == 0 {
			limit = DefaultMaxSolutions
		}
		share, walks := 1.0, 1.0
		switch {
		case t.leaves > limit:
			share = (limit + 1) / t.leaves
		case t.leaves > 0:
			walks = 2
		}
		return Cost{Seconds: proof + walks*share*t.nodes*t.perNode, How: fmt.Sprintf("a search of about %s nodes, to %s placements", sci(share*t.nodes), sci(min(t.leaves, limit+1))) + proofHow}, nil
	}
	return Cost{Seconds: t.nodes * t.perNode, Bound: true, How: fmt.Sprintf("a search of about %s nodes at most", sci(t.nodes))}, nil
}

// sci writes a large number for people: "3.2e+12", or the number itself
// below a million.
func sci(x float64) string {
	if x < 1e6 {
		return Thousands(int64(math.Round(x)))
	}
	return fmt.Sprintf("%.1e", x)
}

// The constants that turn counted work into CPU time, measured on one core
// of a 2-core AMD EPYC (Zen 3, 2.45 GHz, AVX2) on the dates given. They are
// part of the program: an estimate, and a refusal by it, is the same on
// every machine; a faster machine solves within the estimate.
const (
	// knightsBound bounds every queens-and-knights problem Validate accepts:
	// 20 s was the longest of TestLimitsLong, on one core.
	knightsBound = 20
	// placementSecondsPerQueen is the time to build and check an n-queens
	// placement, per queen: 0.6 s at n = 10^7.
	placementSecondsPerQueen = 6e-8
	// searchPerNode is a node of spread on a board with reserved squares,
	// which looks at every row left for the one with the fewest
	// candidates: 27 to 66 ns, median 48, over 25 random boards of n = 16
	// to 32 counted whole in 0.03 to 50 s (2026-11-27).
	searchPerNode = 48e-9
	// openPerNode is a node of spread on an open board, top down: 12.5 to
	// 18 ns on the open boards of n = 13 to 16 (2026-11-27).
	openPerNode = 14e-9
	// matchPerNode is a node of matchSearch, which matches the rows left
	// onto the columns left at every node: 190 to 350 ns on boards of
	// n = 20 to 32 searched for 10^2 to 10^7 nodes (2026-11-27).
	matchPerNode = 300e-9
)

// tree is what the probes of a search tree found.
type tree struct {
	nodes   float64 // the inner nodes: those the search expands
	leaves  float64 // the placements
	perNode float64 // seconds of one node: searchPerNode or openPerNode
	probes  int
}

// The probes of probeTree, a fixed number for a board size: their random
// numbers come from a fixed seed, so the same board gets the same
// estimate. Small boards, counted in milliseconds, take fewer.
const (
	smallProbes = 1 << 10
	probes      = 1 << 14
)

// probeTree estimates spread's search tree of p, whose rows it fills in
// the order spread does, by a fixed number of probes.
func probeTree(ctx context.Context, p Problem) (tree, error) {
	s, rng := newProbeSpread(p)
	t := tree{probes: probes, perNode: openPerNode}
	if p.N <= smallN {
		t.probes = smallProbes
	}
	if s.fewest {
		t.perNode = searchPerNode
	}
	for k := range t.probes {
		if k%256 == 0 {
			if err := ctx.Err(); err != nil {
				return tree{}, err
			}
		}
		nodes, leaves := s.probe(rng)
		t.nodes += nodes
		t.leaves += leaves
	}
	t.nodes /= float64(t.probes)
	t.leaves /= float64(t.probes)
	if b := newBoard(p); b.n > 1 && b.mirrored() {
		t.nodes /= 2 // spread takes the first row's left half only
	}
	return t, nil
}

// newProbeSpread returns spread's search of p, not split, and the random
// numbers of its probes.
func newProbeSpread(p Problem) (*spread, *rand.Rand) {
	b := newBoard(p)
	s := &spread{n: b.n, full: b.full}
	copy(s.free[:], b.free)
	for _, f := range b.free {
		if f != b.full {
			s.fewest = true
		}
	}
	return s, rand.New(rand.NewPCG(uint64(p.N), 0x9e3779b97f4a7c15))
}

// probe walks one random path of s's search tree from the root, and
// returns Knuth's estimates of the inner nodes and of the leaves (the
// placements) of the whole tree.
func (s *spread) probe(rng *rand.Rand) (nodes, leaves float64) {
	x := spreadNode{rows: s.full}
	w := 1.0 // the nodes at this depth, as the path estimates them
	for {
		nodes += w
		r, avail := s.next(&x)
		d := bits.OnesCount64(avail)
		if d == 0 {
			return nodes, 0
		}
		if x.rows&(x.rows-1) == 0 { // the last row: its candidates are placements
			return nodes, w * float64(d)
		}
		w *= float64(d)
		pick := avail
		for k := rng.IntN(d); k > 0; k-- {
			pick &= pick - 1
		}
		x = s.place(x, r, pick&-pick)
	}
}

// joinCost estimates the CPU time of the quadrant join of p's board by
// plan, counted whole or in a slice of k (k > 1): the open n×n board's
// placements (estimated by probes) times joinPerPlacement[n], and for a
// reserved board that times joinFactor(p, plan) and the share of the open
// board's half-boards that p's keeps. The join's work follows its
// half-boards, which it lists and matches 512 at a time, not its
// placements, which can be few or none on a board with many half-boards
// (random boards of n = 14..18, 10% and 20% reserved: this model within
// 0.7-1.5 times the time measured, and images mode within 0.8-1.3). A
// slice does its share of that work, and makes its tables as a whole
// count does (joinSetup), by the same share of half-boards.
func joinCost(ctx context.Context, p Problem, plan countPlan, k int) (float64, error) {
	open, err := openEstimate(ctx, p.N)
	if err != nil {
		return 0, err
	}
	work, setup := open.placements*joinPerPlacement[p.N], joinSetup[p.N]
	if p.Kind == Reserved && open.halves > 0 {
		share := min(1, (halfBoards(p, true)+halfBoards(p, false))/(2*open.halves))
		work *= joinFactor(p, plan) * share
		setup *= share
	}
	if k <= 1 {
		return work, nil
	}
	return work/float64(k) + min(setup, work), nil
}

// joinSetup[n] is the CPU time a slice of the open n×n board's join takes
// to make its tables, which a whole count's time (joinPerPlacement)
// includes: the four quarter tables of the plain join (n < minBoundedN),
// or one group's (n ≥ minBoundedN). Measured on one core, beside other
// work (2026-11-27): newQuadrants for n = 16..21, the first slice of
// 100,000 for n = 22 and 23; below n = 16 under 5 ms.
var joinSetup = [maxQuadrantN + 1]float64{
	10: 1e-3, 11: 1e-3, 12: 1e-3, 13: 1e-3, 14: 2e-3, 15: 4e-3,
	16: 0.05, 17: 0.03, 18: 0.35, 19: 0.35, 20: 2.3, 21: 3.5, 22: 0.75, 23: 2,
}

// joinFactor is how much more a reserved board's join costs than the open
// board's, for as many placements: the join of an even board loses most of
// the open board's symmetries (3 times), an odd board's join all of them,
// and its middle pairs (12 times), measured on random boards of n = 14..18
// (see joinCost). Images mode grows with the squares it filters by
// (imageSquares): on random boards of n = 16..18 with 1, 3, 5, 10 and 15 of
// them it took 1.4-2.5 (median 2.0), 1.9-2.9 (2.1), 2.3-3.5 (2.5), 2.7-3.3
// and 3.9-4.4 times the open count (one core, 2026-11-26, the AVX2 kernels;
// 18 boards timed twice, each against the estimate's table of the open
// board's time; the host's speed moved by a third between the two).
func joinFactor(p Problem, plan countPlan) float64 {
	switch {
	case plan == planImages:
		return 1.8 + 0.15*float64(imageSquares(p))
	case p.N%2 == 1:
		return 12
	}
	return 3
}

// openBoard is what probes estimate of the open n×n board: its
// placements, and its half-boards (see halfBoards).
type openBoard struct {
	placements, halves float64
}

// openEstimate returns the estimates of the open n×n board, made once for
// each n by joinProbes probes: the same probes give the same estimates.
func openEstimate(ctx context.Context, n int) (openBoard, error) {
	if v, ok := openCache.Load(n); ok {
		return v.(openBoard), nil
	}
	p := Problem{Kind: NQueens, N: n}
	s, rng := newProbeSpread(p)
	var leaves float64
	for k := range joinProbes {
		if k%256 == 0 {
			if err := ctx.Err(); err != nil {
				return openBoard{}, err
			}
		}
		_, l := s.probe(rng)
		leaves += l
	}
	o := openBoard{placements: leaves / joinProbes, halves: halfBoards(p, true)}
	openCache.Store(n, o)
	return o, nil
}

// joinProbes is the number of probes of openEstimate and halfBoards, with
// which joinPerPlacement was measured: a change of it, or of their seeds,
// asks for joinPerPlacement to be measured again.
const joinProbes = 1 << 10

// openCache holds openEstimate's estimates by n.
var openCache sync.Map

// halfBoards estimates by joinProbes probes the north half-boards of p (its
// partial placements of queens on each of its top n/2 rows), or the south
// ones: the tables the quadrant join lists and matches.
func halfBoards(p Problem, north bool) float64 {
	b := newBoard(p)
	h := p.N / 2
	rng := rand.New(rand.NewPCG(uint64(p.N), 0x5851f42d4c957f2d))
	var sum float64
	for range joinProbes {
		w := 1.0
		var cols, diag, anti uint64
		for i := 0; i < h && w > 0; i++ {
			r := i
			if !north {
				r = p.N - 1 - i
			}
			avail := b.free[r] &^ (cols | diag>>uint(p.N-1-r) | anti>>uint(r))
			d := bits.OnesCount64(avail)
			if d == 0 {
				w = 0
				break
			}
			w *= float64(d)
			for k := rng.IntN(d); k > 0; k-- {
				avail &= avail - 1
			}
			c := bits.TrailingZeros64(avail)
			cols |= 1 << uint(c)
			diag |= 1 << uint(c-r+p.N-1)
			anti |= 1 << uint(r+c)
		}
		sum += w
	}
	return sum / joinProbes
}

// joinPerPlacement[n] is the CPU time of the quadrant join of the open
// n×n board, in seconds, per placement that openEstimate's probes give it:
// the time measured per placement counted, times the placements counted
// over those the probes estimate. The probes are the same in every run, so
// their error for each n is folded in here; it is small but at n = 13, 21
// and 23, where they estimate 1.44, 0.40 and 0.60 times the placements
// counted (1.06e5 of 73,712; 1.25e11 of 3.15e11; 1.46e13 of 2.42e13).
// The times are of a 2-core AMD EPYC with the AVX2 kernels (2026-11-26):
// for n = 10..19, BenchmarkJoinPerPlacement on one core (three runs later
// that day within 5% of it); for n = 20, 21 and 22, whole counts as
// processes on two workers (167, 1,251 and 10,074 CPU-seconds); for n = 23
// the middle slice of 1,000 (BenchmarkJoinPerPlacementSlices, 4.5 ns a
// placement counted; that of n = 22 took 0.74 times its whole count's time
// a placement). The AVX-512 kernels take about 0.6 times as long, which the
// estimate's factor of 3 allows.
var joinPerPlacement = [maxQuadrantN + 1]float64{
	10: 1250e-9, 11: 2100e-9, 12: 220e-9, 13: 220e-9, 14: 75e-9, 15: 80e-9,
	16: 16e-9, 17: 23e-9, 18: 7.9e-9, 19: 8.7e-9, 20: 4.2e-9, 21: 10e-9, 22: 4.4e-9, 23: 7.5e-9,
}
