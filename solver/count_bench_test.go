package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/solver/internal/join"
)

// mirrorCount is the reference the benchmarks measure against: the plain
// recursive bitboard counter, first-row queens in the left half counted
// twice (and, on odd boards, the middle one with its second-row queen in
// the left half counted twice).
func mirrorCount(n int) uint64 {
	if n == 1 {
		return 1
	}
	full := uint64(1)<<uint(n) - 1
	var total uint64
	half := uint64(1)<<uint(n/2) - 1
	for avail := half; avail != 0; avail &= avail - 1 {
		bit := avail & -avail
		total += 2 * mirrorRec(full, bit, bit<<1&full, bit>>1)
	}
	if n%2 == 1 {
		bit := uint64(1) << uint(n/2)
		diag, anti := bit<<1&full, bit>>1
		for avail := half &^ (bit | diag | anti); avail != 0; avail &= avail - 1 {
			b2 := avail & -avail
			total += 2 * mirrorRec(full, bit|b2, (diag|b2)<<1&full, (anti|b2)>>1)
		}
	}
	return total
}

func mirrorRec(full, cols, diag, anti uint64) uint64 {
	if cols == full {
		return 1
	}
	var total uint64
	for avail := full &^ (cols | diag | anti); avail != 0; avail &= avail - 1 {
		bit := avail & -avail
		total += mirrorRec(full, cols|bit, (diag|bit)<<1&full, (anti|bit)>>1)
	}
	return total
}

// refTimes caches the reference counter's time for each n, measured once
// per run of the test binary: the median of three runs, or of those that fit
// in refBudget (at least one).
var refTimes sync.Map

const refBudget = 20 * time.Second

func refTime(b *testing.B, n int) time.Duration {
	if d, ok := refTimes.Load(n); ok {
		return d.(time.Duration)
	}
	var runs []time.Duration
	var spent time.Duration
	for len(runs) < 3 {
		start := time.Now()
		if got := mirrorCount(n); got != a000170Long[n-1] {
			b.Fatalf("mirrorCount(%d) = %d, want %d", n, got, a000170Long[n-1])
		}
		runs = append(runs, time.Since(start))
		if spent += runs[len(runs)-1]; spent+runs[0] >= refBudget {
			break // the next run would not fit
		}
	}
	d := median(runs)
	refTimes.Store(n, d)
	return d
}

// BenchmarkNQueensCount times the n-queens count on one core and reports
// how many times faster it is than the plain mirror counter ("x-mirror"),
// timed in the same run (see refTime; N = 18 takes it about four minutes).
func BenchmarkNQueensCount(b *testing.B) {
	for _, n := range []int{16, 17, 18} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			ref := refTime(b, n)
			b.ResetTimer()
			for b.Loop() {
				got, err := countQueens(context.Background(), Problem{Kind: NQueens, N: n}, Options{Workers: 1})
				if err != nil || got != a000170Long[n-1] {
					b.Fatalf("count(%d) = %d, %v", n, got, err)
				}
			}
			per := b.Elapsed() / time.Duration(b.N)
			b.ReportMetric(ref.Seconds(), "mirror-s")
			b.ReportMetric(ref.Seconds()/per.Seconds(), "x-mirror")
		})
	}
}

// BenchmarkNQueensCountWorkers times the count with one and with two
// workers, one after the other in each iteration, and reports the median
// times and the speed-up, the ratio of the medians ("x-1core"): a host that
// steals a core for a moment slows one iteration, not the figure.
func BenchmarkNQueensCountWorkers(b *testing.B) {
	for _, n := range []int{16, 17, 18} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			// One untimed run first, so that neither timing pays for the
			// first touch of the memory.
			if _, err := countQueens(context.Background(), Problem{Kind: NQueens, N: n}, Options{Workers: 2}); err != nil {
				b.Fatal(err)
			}
			var one, two []time.Duration
			for b.Loop() {
				for _, w := range []int{1, 2} {
					start := time.Now()
					got, err := countQueens(context.Background(), Problem{Kind: NQueens, N: n}, Options{Workers: w})
					if err != nil || got != a000170Long[n-1] {
						b.Fatalf("count(%d) = %d, %v", n, got, err)
					}
					if w == 1 {
						one = append(one, time.Since(start))
					} else {
						two = append(two, time.Since(start))
					}
				}
			}
			m1, m2 := median(one), median(two)
			b.ReportMetric(m1.Seconds(), "1core-s")
			b.ReportMetric(m2.Seconds(), "2core-s")
			b.ReportMetric(m1.Seconds()/m2.Seconds(), "x-1core")
		})
	}
}

// median returns the median of ds (the mean of the middle two when their
// number is even).
func median(ds []time.Duration) time.Duration {
	ds = slices.Clone(ds)
	slices.Sort(ds)
	k := len(ds)
	if k%2 == 1 {
		return ds[k/2]
	}
	return (ds[k/2-1] + ds[k/2]) / 2
}

// BenchmarkNQueensUnique times the classes of n-queens (count plus the
// turn-fixed searches) on one core, and the turn-fixed searches alone.
func BenchmarkNQueensUnique(b *testing.B) {
	for _, n := range []int{16, 17, 18} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Solve(context.Background(), Problem{Kind: NQueens, N: n, Ask: AskUnique}, Options{Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	for _, n := range []int{18, 20} {
		b.Run(fmt.Sprintf("fixed/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				p := Problem{Kind: NQueens, N: n}
				if _, err := countFixed(context.Background(), p, Rot180); err != nil {
					b.Fatal(err)
				}
				if _, err := countFixed(context.Background(), p, Rot90); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// randomBoards returns k random reserved boards of side n, each square
// reserved with probability density.
func randomBoards(rng *rand.Rand, k, n int, density float64) []Problem {
	ps := make([]Problem, k)
	for i := range ps {
		p := Problem{Kind: Reserved, N: n, Ask: AskCount, Reserved: make([]uint64, n)}
		for r := range p.Reserved {
			for c := 0; c < n; c++ {
				if rng.Float64() < density {
					p.Reserved[r] |= 1 << uint(c)
				}
			}
		}
		ps[i] = p
	}
	return ps
}

// BenchmarkReserved8 solves a batch of random 8×8 boards (a square in six
// reserved) through Solve on one goroutine and reports boards per second.
func BenchmarkReserved8(b *testing.B) {
	ps := randomBoards(rand.New(rand.NewPCG(8, 8)), 1000, 8, 1.0/6)
	var k int
	for b.Loop() {
		if _, err := Solve(context.Background(), ps[k%len(ps)], Options{Workers: 1}); err != nil {
			b.Fatal(err)
		}
		k++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "boards/s")
}

// BenchmarkReservedLarge counts large reserved boards, each in seconds.
// The time grows fast as fewer squares are reserved: the 32×32 board with
// half its squares reserved (seed 32) is not counted in 100 s on one core,
// with 70% in 19 s, with 75% in 0.2 s.
func BenchmarkReservedLarge(b *testing.B) {
	for _, c := range []struct {
		n       int
		density float64
	}{{16, 0.1}, {24, 0.6}, {28, 0.65}, {32, 0.75}} {
		ps := randomBoards(rand.New(rand.NewPCG(uint64(c.n), 1)), 1, c.n, c.density)
		b.Run(fmt.Sprintf("n=%d/density=%.2f", c.n, c.density), func(b *testing.B) {
			for b.Loop() {
				if _, err := Solve(context.Background(), ps[0], Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// randomSquares returns a board of side n with k distinct reserved squares,
// drawn by rng.
func randomSquares(rng *rand.Rand, n, k int) Problem {
	p := Problem{Kind: Reserved, N: n, Reserved: make([]uint64, n)}
	for placed := 0; placed < k; {
		r, c := rng.IntN(n), rng.IntN(n)
		if p.Reserved[r]>>uint(c)&1 == 0 {
			p.Reserved[r] |= 1 << uint(c)
			placed++
		}
	}
	return p
}

// BenchmarkReservedVsOpen times a board with a few random reserved squares
// (fixed seeds) and the open board of the same size, one after the other in
// each iteration, on one core, and reports the median times and their ratio
// ("x-open", reserved/open). Count and unique. An iteration at n = 18 takes
// a minute or more, at n = 19 five, at n = 20 half an hour, at n = 21
// hours: run it with -benchtime=1x or 3x, and pick the sizes, as in
//
//	go test ./solver -run '^$' -bench 'ReservedVsOpen/count/n=19' -benchtime 1x -timeout 0
func BenchmarkReservedVsOpen(b *testing.B) {
	for _, ask := range []Ask{AskCount, AskUnique} {
		for _, n := range []int{16, 17, 18, 19, 20, 21} {
			for _, k := range []int{1, 3, 5} {
				p := randomSquares(rand.New(rand.NewPCG(uint64(n), uint64(k))), n, k)
				p.Ask = ask
				open := Problem{Kind: NQueens, N: n, Ask: ask}
				b.Run(fmt.Sprintf("%s/n=%d/k=%d", ask, n, k), func(b *testing.B) {
					var ts [2][]time.Duration
					for b.Loop() {
						for i, q := range []Problem{open, p} {
							start := time.Now()
							if _, err := Solve(context.Background(), q, Options{Workers: 1}); err != nil {
								b.Fatal(err)
							}
							ts[i] = append(ts[i], time.Since(start))
						}
					}
					o, r := median(ts[0]), median(ts[1])
					b.ReportMetric(o.Seconds(), "open-s")
					b.ReportMetric(r.Seconds(), "reserved-s")
					b.ReportMetric(r.Seconds()/o.Seconds(), "x-open")
				})
			}
		}
	}
}

// BenchmarkBoundedSlice counts one slice of the n-queens count of n = 22
// (1 of 200) and n = 23 (1 of 2000), the middle one, with two workers, and
// reports the slice's subproblems, its seconds and the process's peak
// resident memory while it ran ("peak-MB", from /proc/self/status after
// resetting it; Linux). An iteration takes minutes: run it with
// -benchtime=1x.
func BenchmarkBoundedSlice(b *testing.B) {
	for _, c := range []struct{ n, k int }{{22, 200}, {23, 2000}} {
		b.Run(fmt.Sprintf("n=%d/slice=%d-of-%d", c.n, c.k/2, c.k), func(b *testing.B) {
			p := Problem{Kind: NQueens, N: c.n, Ask: AskCount}
			var subs int
			resetPeakRSS()
			for b.Loop() {
				opt := Options{Workers: 2, Shard: Shard{I: c.k / 2, K: c.k}, Progress: func(_, total int) { subs = total }}
				if _, err := countQueens(context.Background(), p, opt); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(subs), "subproblems")
			if mb, ok := peakRSSMB(); ok {
				b.ReportMetric(mb, "peak-MB")
			}
		})
	}
}

// BenchmarkSubproblems lists the subproblems of the bounded join of
// n = 21, 22 and 23, as a count or a slice of it does before it makes any
// tables, and reports how many and the process's peak resident memory while
// it listed them ("peak-MB"). Run it with -benchtime=1x: a second listing
// would be measured on top of the first one's garbage.
func BenchmarkSubproblems(b *testing.B) {
	for _, n := range []int{21, 22, 23} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			p := Problem{Kind: NQueens, N: n}
			var subs int
			debug.FreeOSMemory()
			resetPeakRSS()
			for b.Loop() {
				subs = mustJoin(p, BoardSyms(p), false, true, join.DefaultConfig(), 2).Len()
			}
			b.ReportMetric(float64(subs), "subproblems")
			if mb, ok := peakRSSMB(); ok {
				b.ReportMetric(mb, "peak-MB")
			}
		})
	}
}

// resetPeakRSS resets the process's peak resident memory (Linux 4.0 on;
// elsewhere nothing).
func resetPeakRSS() {
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
}

// peakRSSMB returns the process's peak resident memory in MB (VmHWM).
func peakRSSMB() (float64, bool) {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return float64(kb) / 1000, err == nil
		}
	}
	return 0, false
}

// BenchmarkJoinPerPlacement measures joinPerPlacement, the table the
// estimates of the quadrant join start from (estimate.go): the CPU time of
// the open board's count on one core, per placement counted, for n =
// 10..19, and that time over the table's estimate of it (x-table). The
// larger boards (to 23) are measured as slices with -bench
// JoinPerPlacementSlices. TestCalibrate writes the table from the same
// measures (s/probed-placement; s/slice, less the tables' time).
func BenchmarkJoinPerPlacement(b *testing.B) {
	for n := minQuadrantN; n <= 19; n++ {
		b.Run(fmt.Sprintf("n=%d", n), benchJoinPerPlacement(n))
	}
}

func benchJoinPerPlacement(n int) func(*testing.B) {
	return func(b *testing.B) {
		var got uint64
		for b.Loop() {
			var err error
			if got, err = countQueens(context.Background(), Problem{Kind: NQueens, N: n}, Options{Workers: 1, Progress: func(int, int) {}}); err != nil {
				b.Fatal(err)
			}
		}
		per := b.Elapsed().Seconds() / float64(b.N)
		b.ReportMetric(per*1e9/float64(got), "ns/placement")
		b.ReportMetric(per/tableEstimate(b, n), "x-table")
		b.ReportMetric(per/probedPlacements(b, n), "s/probed-placement")
	}
}

// probedPlacements is the number of placements of the open n×n board that
// openEstimate's probes give.
func probedPlacements(b *testing.B, n int) float64 {
	o, err := openEstimate(context.Background(), n)
	if err != nil {
		b.Fatal(err)
	}
	return o.placements
}

// tableEstimate is the estimate's time of the open n×n board's count:
// joinPerPlacement[n] times the placements its probes estimate.
func tableEstimate(b *testing.B, n int) float64 {
	return joinPerPlacement[n] * probedPlacements(b, n)
}

// BenchmarkJoinPerPlacementSlices measures joinPerPlacement for n = 20..23
// from the middle slice of 1,000 of each count, on one core: its time per
// placement counted, and a thousand times its time over the table's
// estimate of the whole count (x-table; the middle slice holds more
// placements than most, for less time each).
func BenchmarkJoinPerPlacementSlices(b *testing.B) {
	for n := 20; n <= maxQuadrantN; n++ {
		b.Run(fmt.Sprintf("n=%d", n), benchJoinPerPlacementSlice(n))
	}
}

func benchJoinPerPlacementSlice(n int) func(*testing.B) {
	return func(b *testing.B) {
		var got uint64
		for b.Loop() {
			var err error
			if got, err = countQueens(context.Background(), Problem{Kind: NQueens, N: n}, Options{Workers: 1, Shard: Shard{I: 500, K: 1000}}); err != nil {
				b.Fatal(err)
			}
		}
		per := b.Elapsed().Seconds() / float64(b.N)
		b.ReportMetric(per*1e9/float64(got), "ns/placement")
		b.ReportMetric(1000*per/tableEstimate(b, n), "x-table")
		b.ReportMetric(per, "s/slice")
	}
}

// BenchmarkCountPlans counts random reserved boards by the search and by
// the join under the board's symmetries, one after the other in each
// iteration, on one core, at densities on either side of planCount's line
// (0.03n-0.18 of the squares reserved), and reports the median times and
// their ratio ("x-join", search/join): below 1, the search is the faster.
//
//	go test ./solver -run '^$' -bench CountPlans -benchtime 3x -timeout 0
func BenchmarkCountPlans(b *testing.B) {
	for _, n := range []int{12, 14, 16} {
		line := 0.03*float64(n) - 0.18
		for _, d := range []float64{line - 0.06, line, line + 0.06} {
			p := randomSquares(rand.New(rand.NewPCG(uint64(n), uint64(100*d))), n, int(d*float64(n*n)))
			b.Run(fmt.Sprintf("n=%d/density=%.2f", n, d), func(b *testing.B) {
				var ts [2][]time.Duration
				for b.Loop() {
					for i, plan := range []countPlan{planSearch, planJoin} {
						start := time.Now()
						if _, err := countPlanned(context.Background(), p, newBoard(p), Options{Workers: 1, Progress: func(int, int) {}}, plan, join.DefaultConfig()); err != nil {
							b.Fatal(err)
						}
						ts[i] = append(ts[i], time.Since(start))
					}
				}
				s, j := median(ts[0]), median(ts[1])
				b.ReportMetric(s.Seconds(), "search-s")
				b.ReportMetric(j.Seconds(), "join-s")
				b.ReportMetric(s.Seconds()/j.Seconds(), "x-join")
			})
		}
	}
}
