package solver

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// The search for one placement on a reserved board (reserved_search.go),
// measured through Solve on boards of shapes that no test names: how many
// are answered with a placement, proved to have none, or stopped at a
// budget of a CPU-second, and how long each took. Every board is made
// from a fixed seed, so a run measures the same boards on every machine.
//
//	go test ./solver/ -run '^$' -bench 'PlacementFamilies|PlacementWide' -benchtime 1x -v
//
// Each stopped board costs its second, and the estimate Solve makes then to
// say what it would have cost; the rest take microseconds to a quarter of a
// second (docs/performance.md). The budget is CPU time as Solve charges
// it, so a machine busy with other work stops more.

// famBudget is the budget of each solve: a CPU-second.
const famBudget = time.Second

// famBoard is a board of the benchmarks: its family, and its parameters
// in words, which say which board was stopped.
type famBoard struct {
	family string
	params string
	p      Problem
}

// famReserve returns the reserved placement problem of side n whose
// reserved squares are those reserve reports.
func famReserve(n int, reserve func(r, c int) bool) Problem {
	p := Problem{Kind: Reserved, Ask: AskPlacement, N: n, Reserved: NewReserved(n), M: AnyM}
	for r := range n {
		for c := range n {
			if reserve(r, c) {
				p.Reserve(r, c)
			}
		}
	}
	return p
}

// famGrid is a board being drawn: true is reserved.
type famGrid struct {
	n   int
	sq  []bool
	set int
}

func newFamGrid(n int) *famGrid { return &famGrid{n: n, sq: make([]bool, n*n)} }

// mark reserves row r, column c when it is on the board.
func (g *famGrid) mark(r, c int) {
	if r < 0 || c < 0 || r >= g.n || c >= g.n || g.sq[r*g.n+c] {
		return
	}
	g.sq[r*g.n+c] = true
	g.set++
}

func (g *famGrid) density() float64 { return float64(g.set) / float64(g.n*g.n) }

func (g *famGrid) problem() Problem {
	return famReserve(g.n, func(r, c int) bool { return g.sq[r*g.n+c] })
}

// famBetween returns a number drawn from lo to hi.
func famBetween(rng *rand.Rand, lo, hi float64) float64 { return lo + (hi-lo)*rng.Float64() }

// famRandom returns a board of side n with each square reserved with
// probability density.
func famRandom(rng *rand.Rand, n int, density float64) Problem {
	return famReserve(n, func(r, c int) bool { return rng.Float64() < density })
}

// famRectangles reserves random rectangles, up to a side of maxSide, until
// density of the board is reserved.
func famRectangles(rng *rand.Rand, n int, density float64, maxSide int) Problem {
	g := newFamGrid(n)
	for g.density() < density {
		h, w := 1+rng.IntN(maxSide), 1+rng.IntN(maxSide)
		r0, c0 := rng.IntN(n), rng.IntN(n)
		for r := r0; r < r0+h; r++ {
			for c := c0; c < c0+w; c++ {
				g.mark(r, c)
			}
		}
	}
	return g.problem()
}

// famLines reserves each diagonal with probability q and each
// anti-diagonal with probability q: 1 − (1−q)² of the board.
func famLines(rng *rand.Rand, n int, q float64) Problem {
	diag, anti := make([]bool, 2*n-1), make([]bool, 2*n-1)
	for i := range diag {
		diag[i], anti[i] = rng.Float64() < q, rng.Float64() < q
	}
	return famReserve(n, func(r, c int) bool { return diag[c-r+n-1] || anti[r+c] })
}

// famFamily makes the board of a shape family of side n from rng.
type famFamily struct {
	name string
	make func(rng *rand.Rand, n int) (params string, p Problem)
}

// famFamilies are the shape families of BenchmarkPlacementFamilies, none
// of which a test names (the tests' checkerboards, bands, quarters,
// stripes of rows, columns, diagonals and anti-diagonals, grids, blocks,
// single squares and uniform random boards are left out).
var famFamilies = []famFamily{
	{"knight lattice", func(rng *rand.Rand, n int) (string, Problem) {
		// The knight moves from the points of a lattice of period a.
		a, o1, o2 := 3+rng.IntN(4), rng.IntN(6), rng.IntN(6)
		moves := [8][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}
		return fmt.Sprintf("period %d", a), famReserve(n, func(r, c int) bool {
			for _, m := range moves {
				if (r-m[0]+o1+a*n)%a == 0 && (c-m[1]+o2+a*n)%a == 0 {
					return true
				}
			}
			return false
		})
	}},
	{"spiral", func(rng *rand.Rand, n int) (string, Problem) {
		// A wall wound inwards s apart, with a door every g squares.
		s, g, o := 2+rng.IntN(3), 3+rng.IntN(4), rng.IntN(2)
		grid := newFamGrid(n)
		r, c, step := o, o, 0
		dirs := [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
		for i, length := 0, n-1-2*o; length > 0; i++ {
			for range length {
				if step++; step%g != 0 {
					grid.mark(r, c)
				}
				r, c = r+dirs[i%4][0], c+dirs[i%4][1]
			}
			if i >= 2 && i%2 == 0 {
				length -= s
			}
		}
		return fmt.Sprintf("spacing %d, door every %d", s, g), grid.problem()
	}},
	{"circles", func(rng *rand.Rand, n int) (string, Problem) {
		// Rings about a random centre, w wide, every other one reserved.
		cr, cc, w := famBetween(rng, 0, float64(n)), famBetween(rng, 0, float64(n)), famBetween(rng, 1.2, 3)
		return fmt.Sprintf("width %.1f", w), famReserve(n, func(r, c int) bool {
			return int(math.Hypot(float64(r)-cr, float64(c)-cc)/w)%2 == 0
		})
	}},
	{"square rings with doors", func(rng *rand.Rand, n int) (string, Problem) {
		// Every k-th ring from the edge, with doors where (r+c) % g == 0.
		k, j, g := 2+rng.IntN(3), rng.IntN(2), 3+rng.IntN(5)
		return fmt.Sprintf("every %d from %d, doors %d", k, j, g), famReserve(n, func(r, c int) bool {
			d := min(r, c, n-1-r, n-1-c)
			return d%k == j && (r+c)%g != 0
		})
	}},
	{"rectangles", func(rng *rand.Rand, n int) (string, Problem) {
		d := famBetween(rng, 0.3, 0.7)
		return fmt.Sprintf("density %.2f", d), famRectangles(rng, n, d, n/3)
	}},
	{"mirror random", func(rng *rand.Rand, n int) (string, Problem) {
		// Random on the left, mirrored on the right, denser towards the bottom.
		lo, hi := famBetween(rng, 0.2, 0.5), famBetween(rng, 0.5, 0.85)
		half := famReserve(n, func(r, c int) bool { return false })
		for r := range n {
			d := lo + (hi-lo)*float64(r)/float64(n-1)
			for c := range (n + 1) / 2 {
				if rng.Float64() < d {
					half.Reserve(r, c)
					half.Reserve(r, n-1-c)
				}
			}
		}
		return fmt.Sprintf("density %.2f to %.2f", lo, hi), half
	}},
	{"random + diagonal band", func(rng *rand.Rand, n int) (string, Problem) {
		d, w, off := famBetween(rng, 0.15, 0.45), 1+rng.IntN(n/6), rng.IntN(n)-n/2
		return fmt.Sprintf("density %.2f, band %d at %d", d, 2*w+1, off), famReserve(n, func(r, c int) bool {
			return abs(c-r-off) <= w || rng.Float64() < d
		})
	}},
	{"random diagonal lines", func(rng *rand.Rand, n int) (string, Problem) {
		q := famBetween(rng, 0.1, 0.35)
		return fmt.Sprintf("each line %.2f", q), famLines(rng, n, q)
	}},
	{"block checker", func(rng *rand.Rand, n int) (string, Problem) {
		b := 2 + rng.IntN(4)
		o1, o2 := rng.IntN(b), rng.IntN(b)
		return fmt.Sprintf("blocks of %d", b), famReserve(n, func(r, c int) bool { return ((r+o1)/b+(c+o2)/b)%2 == 0 })
	}},
	{"sparse + a column", func(rng *rand.Rand, n int) (string, Problem) {
		// Sparse random, and one column reserved but for one to three squares.
		d, col, open := famBetween(rng, 0.1, 0.3), rng.IntN(n), 1+rng.IntN(3)
		keep := map[int]bool{}
		for range open {
			keep[rng.IntN(n)] = true
		}
		return fmt.Sprintf("density %.2f, column %d open in %d", d, col, len(keep)), famReserve(n, func(r, c int) bool {
			return c == col && !keep[r] || rng.Float64() < d
		})
	}},
	{"latin", func(rng *rand.Rand, n int) (string, Problem) {
		// (a·r + b·c) mod k < t, never rows, columns nor diagonals.
		for {
			k := 5 + rng.IntN(5)
			a, b, t := 1+rng.IntN(k-1), 1+rng.IntN(k-1), 1+rng.IntN(k-2)
			if a == b || (a+b)%k == 0 {
				continue
			}
			return fmt.Sprintf("(%dr+%dc) mod %d < %d", a, b, k, t), famReserve(n, func(r, c int) bool { return (a*r+b*c)%k < t })
		}
	}},
	{"waves", func(rng *rand.Rand, n int) (string, Problem) {
		amp, period, k := famBetween(rng, 1, 4), famBetween(rng, 6, 16), 2+rng.IntN(3)
		return fmt.Sprintf("amplitude %.1f, period %.1f, every %d", amp, period, k), famReserve(n, func(r, c int) bool {
			y := r + int(math.Round(amp*math.Sin(2*math.Pi*float64(c)/period)))
			return (y%k+k)%k == 0
		})
	}},
	{"plus signs", func(rng *rand.Rand, n int) (string, Problem) {
		d := famBetween(rng, 0.3, 0.6)
		g := newFamGrid(n)
		for g.density() < d {
			r, c, arm := rng.IntN(n), rng.IntN(n), 1+rng.IntN(3)
			for i := -arm; i <= arm; i++ {
				g.mark(r+i, c)
				g.mark(r, c+i)
			}
		}
		return fmt.Sprintf("density %.2f", d), g.problem()
	}},
	{"random walks", func(rng *rand.Rand, n int) (string, Problem) {
		d := famBetween(rng, 0.3, 0.6)
		g := newFamGrid(n)
		for g.density() < d {
			r, c := rng.IntN(n), rng.IntN(n)
			for range 3 * n {
				g.mark(r, c)
				switch rng.IntN(4) {
				case 0:
					r = min(r+1, n-1)
				case 1:
					r = max(r-1, 0)
				case 2:
					c = min(c+1, n-1)
				default:
					c = max(c-1, 0)
				}
			}
		}
		return fmt.Sprintf("density %.2f", d), g.problem()
	}},
	{"sparse rows", func(rng *rand.Rand, n int) (string, Problem) {
		// Some rows with only two to four free squares, the rest sparse.
		q, d := famBetween(rng, 0.15, 0.4), famBetween(rng, 0.1, 0.3)
		p := famReserve(n, func(r, c int) bool { return false })
		for r := range n {
			if rng.Float64() < q {
				free := map[int]bool{}
				for range 2 + rng.IntN(3) {
					free[rng.IntN(n)] = true
				}
				for c := range n {
					if !free[c] {
						p.Reserve(r, c)
					}
				}
				continue
			}
			for c := range n {
				if rng.Float64() < d {
					p.Reserve(r, c)
				}
			}
		}
		return fmt.Sprintf("%.2f of rows, the rest %.2f", q, d), p
	}},
	{"two densities", func(rng *rand.Rand, n int) (string, Problem) {
		// Split at a random row or column: sparse on one side, dense on the other.
		lo, hi, at, rows := famBetween(rng, 0.05, 0.4), famBetween(rng, 0.6, 0.9), n/4+rng.IntN(n/2), rng.IntN(2) == 0
		return fmt.Sprintf("%.2f | %.2f at %d, rows %v", lo, hi, at, rows), famReserve(n, func(r, c int) bool {
			x := c
			if rows {
				x = r
			}
			if x < at {
				return rng.Float64() < lo
			}
			return rng.Float64() < hi
		})
	}},
	{"diamonds", func(rng *rand.Rand, n int) (string, Problem) {
		// Rings of Manhattan distance about a random centre, every k-th.
		cr, cc, k := rng.IntN(n), rng.IntN(n), 2+rng.IntN(4)
		j := rng.IntN(k)
		return fmt.Sprintf("every %d", k), famReserve(n, func(r, c int) bool { return (abs(r-cr)+abs(c-cc))%k == j })
	}},
	{"holes", func(rng *rand.Rand, n int) (string, Problem) {
		// Round holes of radius 1 to 4.
		d := famBetween(rng, 0.3, 0.6)
		g := newFamGrid(n)
		for g.density() < d {
			r0, c0, rad := rng.IntN(n), rng.IntN(n), 1+rng.IntN(4)
			for r := r0 - rad; r <= r0+rad; r++ {
				for c := c0 - rad; c <= c0+rad; c++ {
					if (r-r0)*(r-r0)+(c-c0)*(c-c0) <= rad*rad {
						g.mark(r, c)
					}
				}
			}
		}
		return fmt.Sprintf("density %.2f", d), g.problem()
	}},
	{"caves", func(rng *rand.Rand, n int) (string, Problem) {
		// Random squares smoothed twice by the majority of their 3×3.
		d := famBetween(rng, 0.4, 0.6)
		sq := make([]bool, n*n)
		for i := range sq {
			sq[i] = rng.Float64() < d
		}
		for range 2 {
			next := make([]bool, n*n)
			for r := range n {
				for c := range n {
					k := 0
					for dr := -1; dr <= 1; dr++ {
						for dc := -1; dc <= 1; dc++ {
							if r2, c2 := r+dr, c+dc; r2 >= 0 && c2 >= 0 && r2 < n && c2 < n && sq[r2*n+c2] {
								k++
							}
						}
					}
					next[r*n+c] = k >= 5
				}
			}
			sq = next
		}
		return fmt.Sprintf("seeded at %.2f", d), famReserve(n, func(r, c int) bool { return sq[r*n+c] })
	}},
}

// placementFamilyBoards returns a board of every family of famFamilies for
// every n from 16 to 32: 323 boards.
func placementFamilyBoards() []famBoard {
	var out []famBoard
	for i, f := range famFamilies {
		for n := 16; n <= MaxReservedN; n++ {
			params, p := f.make(rand.New(rand.NewPCG(uint64(i), uint64(n))), n)
			out = append(out, famBoard{f.name, fmt.Sprintf("n = %d, %s", n, params), p})
		}
	}
	return out
}

// wideDensities are the densities of BenchmarkPlacementWide.
var wideDensities = []float64{0, 0.3, 0.5, 0.7, 0.8, 0.9}

// wideFamilyBoards returns the boards of side n of BenchmarkPlacementWide:
// the open board, and at each other density of wideDensities two random
// boards, random rectangles (up to n/10 a side) and random diagonal lines.
func wideFamilyBoards(n int) []famBoard {
	var out []famBoard
	for i, d := range wideDensities {
		rng := rand.New(rand.NewPCG(uint64(n), uint64(i)))
		name := func(family string) famBoard {
			return famBoard{family: family, params: fmt.Sprintf("n = %d, density %.1f", n, d)}
		}
		if d == 0 {
			b := name("open")
			b.p = famReserve(n, func(r, c int) bool { return false })
			out = append(out, b)
			continue
		}
		for range 2 {
			b := name("random")
			b.p = famRandom(rng, n, d)
			out = append(out, b)
		}
		b := name("rectangles")
		b.p = famRectangles(rng, n, d, max(2, n/10))
		out = append(out, b)
		b = name("diagonal lines")
		b.p = famLines(rng, n, 1-math.Sqrt(1-d)) // 1 − (1−q)² = d
		out = append(out, b)
	}
	return out
}

// famResult is how the solve of one board ended, and its wall time.
type famResult struct {
	board famBoard
	how   string // "found", "none" or "stopped"
	took  time.Duration
}

// solveFamilies solves each board through Solve under famBudget, checks
// every placement found with Check, and fails b on any other error.
func solveFamilies(b *testing.B, boards []famBoard) []famResult {
	out := make([]famResult, 0, len(boards))
	for _, x := range boards {
		start := time.Now()
		a, err := Solve(context.Background(), x.p, Options{Budget: famBudget})
		took := time.Since(start)
		var be *BudgetError
		switch {
		case errors.As(err, &be) && be.Stopped:
			out = append(out, famResult{x, "stopped", took})
		case err != nil:
			b.Fatalf("%s, %s: %v", x.family, x.params, err)
		case a.Placement == nil:
			out = append(out, famResult{x, "none", took})
		default:
			if v := Check(x.p, *a.Placement); v != nil {
				b.Fatalf("%s, %s: the placement found is not valid: %v", x.family, x.params, v)
			}
			out = append(out, famResult{x, "found", took})
		}
	}
	return out
}

// famSummary is the found, none and stopped of some results, and their
// median (of an even number, the upper of the middle two) and worst wall
// times.
type famSummary struct {
	found, none, stopped int
	median, worst        time.Duration
}

func famSummarize(rs []famResult) famSummary {
	var s famSummary
	var times []time.Duration
	for _, r := range rs {
		switch r.how {
		case "found":
			s.found++
		case "none":
			s.none++
		default:
			s.stopped++
		}
		times = append(times, r.took)
	}
	if len(times) > 0 {
		slices.Sort(times)
		s.median, s.worst = times[len(times)/2], times[len(times)-1]
	}
	return s
}

func (s famSummary) String() string {
	return fmt.Sprintf("%5d found %5d none %5d stopped   median %9s  worst %9s",
		s.found, s.none, s.stopped, s.median.Round(10*time.Microsecond), s.worst.Round(10*time.Microsecond))
}

// reportFamilies logs a line for each group of rs (by the key group
// gives, in the order first met), the stopped boards, and the total,
// and reports the total as b's metrics.
func reportFamilies(b *testing.B, rs []famResult, group func(famResult) string) {
	var keys []string
	by := map[string][]famResult{}
	for _, r := range rs {
		k := group(r)
		if _, ok := by[k]; !ok {
			keys = append(keys, k)
		}
		by[k] = append(by[k], r)
	}
	for _, k := range keys {
		b.Logf("%-28s %4d boards: %v", k, len(by[k]), famSummarize(by[k]))
	}
	for _, r := range rs {
		if r.how == "stopped" {
			b.Logf("stopped: %s, %s (%s)", r.board.family, r.board.params, r.took.Round(time.Millisecond))
		}
	}
	all := famSummarize(rs)
	b.Logf("%-28s %4d boards: %v", "all", len(rs), all)
	b.ReportMetric(float64(all.found), "found")
	b.ReportMetric(float64(all.none), "none")
	b.ReportMetric(float64(all.stopped), "stopped")
	b.ReportMetric(float64(all.median.Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(all.worst.Microseconds())/1000, "worst-ms")
}

// BenchmarkPlacementFamilies solves the 323 boards of
// placementFamilyBoards (19 families, n = 16..32) for a placement, each
// under a budget of a CPU-second, and reports how many were answered with
// a placement, proved none or stopped, with the median and worst wall
// times, by family and in all. Run it with -benchtime 1x: an iteration
// takes seconds, and a second more for each board stopped.
func BenchmarkPlacementFamilies(b *testing.B) {
	boards := placementFamilyBoards()
	for b.Loop() {
		rs := solveFamilies(b, boards)
		reportFamilies(b, rs, func(r famResult) string { return r.board.family })
	}
}

// BenchmarkPlacementWide does as BenchmarkPlacementFamilies for boards of
// n = 64, 100, 500 and 1,000 (a sub-benchmark each) at the densities of
// wideDensities: the boards of wideFamilyBoards.
func BenchmarkPlacementWide(b *testing.B) {
	for _, n := range []int{64, 100, 500, MaxReservedPlacementN} {
		b.Run(fmt.Sprint("n=", n), func(b *testing.B) {
			boards := wideFamilyBoards(n)
			for b.Loop() {
				rs := solveFamilies(b, boards)
				reportFamilies(b, rs, func(r famResult) string { return r.board.family + ", " + r.board.params })
			}
		})
	}
}
