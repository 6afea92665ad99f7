package solver

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/queensjudge/queensjudge/solver/internal/join"
)

// Cost is what answering a problem is estimated to take, in CPU time: the
// wall time of the solve times the goroutines it runs on. It is an
// estimate, never a count, so it is a float: the cost of an open 32×32
// count is thousands of CPU-years, beyond a time.Duration.
type Cost struct {
	// Seconds is the CPU time estimated, in seconds.
	Seconds float64
	// Bound is true when Seconds bounds the cost from above rather than
	// estimating it: what Validate accepts of queens and knights.
	Bound bool
	// AtLeast is true when Seconds bounds the cost from below: a search
	// for a placement that decided nothing in that time.
	AtLeast bool
	// How says how the estimate was made, for people.
	How string
}

// String gives the cost in the largest unit that keeps it at least 1:
// "0.2 CPU-seconds", "3.1 CPU-hours", "2,400 CPU-years".
func (c Cost) String() string {
	s := CPUTime(c.Seconds)
	switch {
	case c.Bound:
		return "at most " + s
	case c.AtLeast:
		return "more than " + s
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
// and 0.2 s at most (a bounded proof, the probes and a solutions list's
// sample of its search, each of tens of milliseconds). An error is a
// problem that is not valid, or ctx's.
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
// solutions list costs the search that finds one placement more than the
// limit, then the listing (see solutionsCost). A reserved count or list is
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
	case p.Kind == Reserved && p.Ask == AskPlacement:
		return placementCost(ctx, p)
	}
	var proof float64 // the seconds of the proof before a reserved count or list
	proofHow := ""
	if p.Kind == Reserved && p.Ask != AskPlacement {
		e, err := proveOnce(ctx, p)
		if err != nil {
			return Cost{}, err
		}
		proof = float64(e.Nodes) * matchPerNode
		if e.Decided && !e.Exists {
			how := "no placement: proved by the matchings of its lines"
			if e.Nodes > 0 {
				how = fmt.Sprintf("no placement: proved by a search of %s nodes", Thousands(int64(e.Nodes)))
			}
			return Cost{Seconds: proof, How: how}, nil
		}
		if !e.Decided {
			proofHow = fmt.Sprintf(", after a search of %s nodes for one placement, which decides nothing", Thousands(int64(e.Nodes)))
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
		limit := opt.MaxSolutions
		if limit == 0 {
			limit = DefaultMaxSolutions
		}
		c := solutionsCost(p, t, limit)
		c.Seconds += proof
		c.How += proofHow
		return c, nil
	}
	return Cost{Seconds: t.nodes * t.perNode, Bound: true, How: fmt.Sprintf("a search of about %s nodes at most", sci(t.nodes))}, nil
}

// solutionsCost estimates a solutions list of p with at most limit
// placements, whose search tree t is: countUpTo's count, up to limit+1
// placements, then the listing of them all if there are no more, a second
// search and listPerQueen a queen listed.
//
// Where the placements lie decides how far the count goes. Knuth's probes
// estimate the tree and its leaves, but a tree whose placements crowd into
// a few of its subtrees is met by few of them (a 30×30 board reserved below
// its diagonal took 15 times what the probes' share of the tree gave); the
// first sampleNodes nodes of countUpTo's own search, in its order, give
// the placements found a node there, but from a few of its subproblems
// (a 26×26 board took an eighth of what that rate gave). Over 31 lists
// refused past a million placements, n = 18..32, the first was 0.22 to
// 1.5 times the time taken, the second 0.71 to 8.4, and their geometric
// mean, which the estimate takes, 0.64 to 2.7. A sample that walks the
// whole search, or finds more than the limit, is exact.
func solutionsCost(p Problem, t tree, limit uint64) Cost {
	lim := float64(limit)
	nodes, leaves := t.nodes, t.leaves // the whole search, and its placements
	perNode := t.perNode
	need := nodes // the nodes walked to find limit+1 placements, if there are more
	if leaves > lim {
		need = (lim + 1) / leaves * nodes
	}
	if p.N > smallN {
		perNode = searchPerNode // countUpTo picks the row with the fewest candidates
		walked, found, done := sampleUpTo(p, limit, sampleNodes)
		switch {
		case done || found > limit:
			nodes, leaves, need = float64(walked), float64(found), float64(walked)
		default:
			sampled := nodes
			if found > 0 {
				sampled = min(nodes, (lim+1)*float64(walked)/float64(found))
			}
			need = math.Sqrt(need * sampled)
			if need >= nodes {
				leaves = min(leaves, lim)
			} else {
				leaves = lim + 1
			}
		}
	}
	if leaves > lim {
		return Cost{Seconds: need * perNode, How: fmt.Sprintf("a search of about %s nodes, to %s placements: more than the limit", sci(need), sci(lim+1))}
	}
	list := 0.0
	if leaves > 0 {
		list = nodes*perNode + leaves*float64(p.N)*listPerQueen
	}
	return Cost{Seconds: nodes*perNode + list, How: fmt.Sprintf("a search of about %s nodes, to %s placements, then listed", sci(nodes), sci(leaves))}
}

// sampleNodes is how many nodes of countUpTo's search the estimate of a
// solutions list walks: about 30 ms.
const sampleNodes = 1 << 20

// sampleUpTo walks countUpTo's search of p, one goroutine, its
// subproblems in countUpTo's order, until it has walked maxNodes nodes,
// found more than limit placements, or walked it all (done). The same
// board gives the same walk.
func sampleUpTo(p Problem, limit uint64, maxNodes int) (nodes int, found uint64, done bool) {
	s := upToSpread(p)
	var stop atomic.Bool
	var shared atomic.Uint64
	w := capWalk{s: s, found: &shared, limit: limit, stop: &stop, maxNodes: maxNodes}
	order := spreadOrder(len(s.prefixes))
	i := 0
	for ; i < len(order) && !stop.Load(); i++ {
		x := s.prefixes[order[i]]
		w.weight = x.weight
		w.walk(x.rows, x.cols, x.diag, x.anti)
	}
	w.flush()
	return w.nodes, shared.Load(), !stop.Load() && i == len(order)
}

// sci writes a large number for people: "3.2e+12", or the number itself
// below a million.
func sci(x float64) string {
	if x < 1e6 {
		return Thousands(int64(math.Round(x)))
	}
	return fmt.Sprintf("%.1e", x)
}

// The constants that turn counted work into CPU time, each measured on one
// core of an idle machine. They are part of the program, not read from the
// machine it runs on: an estimate, and a refusal by it, is the same on every
// machine and at every load. docs/performance.md gives the measurements
// each comes from. The quadrant join's tables, which change with every
// change of the join, are measured by a test and written to
// calibration_gen.go:
//
//go:generate env QUEENSJUDGE_CALIBRATE=calibration_gen.go go test -run ^TestCalibrate$ -count=1 -timeout 0 .
const (
	// knightsBound bounds every queens-and-knights problem Validate accepts:
	// 20 s was the longest of TestLimitsLong, on one core.
	knightsBound = 20
	// placementSecondsPerQueen is the time to build and check an n-queens
	// placement, per queen (BenchmarkCheck10M).
	placementSecondsPerQueen = 6e-8
	// searchPerNode is a node of spread on a board with reserved squares,
	// which looks at every row left for the one with the fewest
	// candidates: the median over random boards of n = 16 to 32.
	searchPerNode = 30e-9
	// openPerNode is a node of spread on an open board, top down, which
	// takes the next row without looking.
	openPerNode = 13e-9
	// matchPerNode is a node of matchSearch, which matches the rows left
	// onto the columns left at every node.
	matchPerNode = 260e-9
	// wideNodeBase and wideNodePerSide make a node of wideSearch, whose
	// bit sets grow with the side (BenchmarkPlacementWide).
	wideNodeBase    = 0.5e-6
	wideNodePerSide = 16e-9
	// localLookSeconds is a look of localSearch at a square: the median
	// over tries on boards of n = 16 to 1,000.
	localLookSeconds = 4.4e-9
	// wideMatchPerSquare is the matchings wideSearch tests before its
	// runs, a free square: the median over random boards of n = 100 to
	// 1,000.
	wideMatchPerSquare = 210e-9
	// listPerQueen is what a placement of a solutions list costs to hand
	// on (Options.Emit: the cache's rows, in truth), a queen.
	listPerQueen = 0.22e-6
)

// placementEstimate is the CPU time of the search the estimate of a
// reserved placement runs, counted in nodes (placeNodeSeconds).
const placementEstimate = 0.1

// placeNodeSeconds is the time of a node of findPlacement's search on a
// board of side n.
func placeNodeSeconds(n int) float64 {
	if n <= MaxReservedN {
		return matchPerNode
	}
	return wideNodeBase + wideNodePerSide*float64(n)
}

// placementCost estimates a reserved placement by running its search,
// findPlacement, for placementEstimate seconds' worth of nodes: most boards
// are decided in far fewer, and then the estimate is the search's own
// nodes, the same the solve takes, and past 32 its matchings. A board it does not decide is searched
// until the budget: its cost is more than those nodes, by an amount no
// estimate knows (Cost.AtLeast).
func placementCost(ctx context.Context, p Problem) (Cost, error) {
	per := placeNodeSeconds(p.N)
	res, err := findPlacement(ctx, p, max(int(placementEstimate/per), 1))
	if err != nil {
		return Cost{}, err
	}
	c := Cost{Seconds: float64(res.Nodes) * per}
	if p.N > MaxReservedN {
		free := p.N * p.N
		for _, w := range p.Reserved {
			free -= bits.OnesCount64(w)
		}
		c.Seconds += float64(free) * wideMatchPerSquare
	}
	runs := Plural(int64(res.Runs), "run")
	switch {
	case res.Exists:
		c.How = fmt.Sprintf("a placement found by a search of %s nodes (%s)", Thousands(int64(res.Nodes)), runs)
	case res.Decided && res.Nodes == 0:
		c.How = "no placement: proved by the matchings of its lines"
	case res.Decided:
		c.How = fmt.Sprintf("no placement: proved by a search of %s nodes (%s)", Thousands(int64(res.Nodes)), runs)
	default:
		c.AtLeast = true
		c.How = fmt.Sprintf("not decided by a search of %s nodes (%s, restarted with cut-offs that grow); it searches on until its budget", Thousands(int64(res.Nodes)), runs)
	}
	return c, nil
}

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
// placements (estimated by probes) times joinPerPlacement[n]; for a
// reserved board that times joinFactor(p, plan) and its half-boards'
// share of the open board's, weighted 0.1 north and 0.7 south (a board
// whose south half-boards are few joins few pairs, whatever its north
// ones), plus joinPerSubproblem for each of its subproblems, which on an
// odd board, with no symmetry to share them, can be five times the open
// board's (a 21×21 board with 0.1% of the half-boards took 64 s, where
// the share alone gave 9). A slice does its share of that work, and makes
// its tables as a whole count does (joinSetup), by the same share of
// half-boards.
func joinCost(ctx context.Context, p Problem, plan countPlan, k int) (float64, error) {
	open, err := openEstimate(ctx, p.N)
	if err != nil {
		return 0, err
	}
	work, setup := open.placements*joinPerPlacement[p.N], joinSetup[p.N]
	if p.Kind == Reserved && open.halves > 0 {
		north, south := halfBoards(p, true)/open.halves, halfBoards(p, false)/open.halves
		work *= joinFactor(p, plan) * min(1, 0.1*north+0.7*south)
		work += float64(joinSubproblems(p, plan)) * joinPerSubproblem
		setup *= min(1, (north+south)/2)
	}
	if k <= 1 {
		return work, nil
	}
	return work/float64(k) + min(setup, work), nil
}

// joinPerSubproblem is the time of a subproblem of the join beyond its
// pairs: its configuration's tables read, its half-boards listed. Fitted
// with the weights and factors of joinCost on 73 reserved boards of
// n = 14..22 of nine shapes (random, stripes, blocks, rows, rings, ...),
// counted whole on one core: 1.5 µs; the estimates were then within 2.6
// times the time taken (median distance 1.3).
const joinPerSubproblem = 1.5e-6

// joinSubproblems returns the number of subproblems the join of p's
// board lists by plan, without making a table: a set S of north columns
// for each middle placement (join.Subproblems; before the parting of
// small boards).
func joinSubproblems(p Problem, plan countPlan) int {
	return join.Subproblems(joinBoard(p, plan, BoardSyms(p)))
}

// joinFactor is how much more a reserved board's join costs than the open
// board's, for the share of the half-boards joinCost gives it: the join of
// an even board loses most of the open board's symmetries, an odd board's
// join all of them, and its middle pairs, and images mode grows with the
// squares it filters by (join.ImageSquares); a board that keeps all 8 is
// joined as the open board is. The factors are fitted, with
// joinPerSubproblem, to the times of random reserved boards of n = 16..18
// against the open board's (docs/performance.md gives the fit).
func joinFactor(p Problem, plan countPlan) float64 {
	switch {
	case plan == planJoin && len(BoardSyms(p)) == len(Syms):
		return 1 // joined under all 8 symmetries, as the open board is
	case plan == planImages:
		return 2.25 + 0.19*float64(join.ImageSquares(p.N, p.Reserved))
	case p.N%2 == 1:
		return 6
	}
	return 2.5
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
