package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/solver/internal/join"
)

// Whole counts through each of the join's code paths (join.Config): each
// kernel the machine runs, and every list matched by buckets, against the
// published counts and the plain search.

// withKernel returns the join's configuration of a count with kernel k.
func withKernel(k join.Kernel) join.Config {
	conf := join.DefaultConfig()
	conf.Kernel = k
	return conf
}

// TestCountKernels counts n queens by the quadrant join with each kernel
// (the progress hook keeps the small boards from the plain search): to
// N = 14 in the quick suite, 15 (0.2 s of CPU more) with -long.
func TestCountKernels(t *testing.T) {
	top := 14
	if testflag.Long() {
		top = 15
	}
	for n := minQuadrantN; n <= top; n++ {
		for _, k := range join.Kernels() {
			got, err := countQueensConf(context.Background(), Problem{Kind: NQueens, N: n}, Options{Workers: 2, Progress: func(int, int) {}}, withKernel(k))
			if err != nil || got != a000170Long[n-1] {
				t.Errorf("countQueens(%d) with the %s kernel = %d, %v, want %d", n, k, got, err, a000170Long[n-1])
			}
		}
	}
}

// BenchmarkMatchKernels times the n-queens count on one core with each
// kernel, one after the other in each iteration, and reports the median
// times ("go-s", "avx2-s", "avx512-s") and how many times faster the best
// kernel makes the whole count than the one before it ("x-go" for
// join's matchAVX2, "x-avx2" for its matchAVX512).
func BenchmarkMatchKernels(b *testing.B) {
	ks := join.Kernels()
	if len(ks) == 1 {
		b.Skip("no AVX2")
	}
	for _, n := range []int{16, 17, 18} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			times := make([][]time.Duration, len(ks))
			for b.Loop() {
				for i, k := range ks {
					start := time.Now()
					got, err := countQueensConf(context.Background(), Problem{Kind: NQueens, N: n}, Options{Workers: 1}, withKernel(k))
					if err != nil || got != a000170Long[n-1] {
						b.Fatalf("countQueens(%d) with the %s kernel = %d, %v", n, k, got, err)
					}
					times[i] = append(times[i], time.Since(start))
				}
			}
			for i, k := range ks {
				b.ReportMetric(median(times[i]).Seconds(), k.String()+"-s")
			}
			last := len(ks) - 1
			b.ReportMetric(median(times[last-1]).Seconds()/median(times[last]).Seconds(), "x-"+ks[last-1].String())
		})
	}
}

// TestCountSplit counts n queens, and reserved boards, by the quadrant join
// with every list of half-boards matched by buckets (join's splitMatch,
// join.Config.MinSplitKeys 1), against the
// published counts and the plain join. The open boards and the bounded
// join's go to 12 in the quick suite, the reserved are 11×11 (the odd
// size that makes images mode, which 12 does not) and 12×12; 13 (0.9 s
// more), 14 (2 s more), and the open 15, which check the same on bigger
// boards, with -long.
func TestCountSplit(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 14))
	var reserved []Problem
	top := 12
	if testflag.Long() {
		top = 14
	}
	for n := 11; n <= top; n++ {
		// In images mode, and joined under the board's own symmetries.
		reserved = append(reserved, randomReserved(rng, n, 0.05, Identity), randomReserved(rng, n, 0.08, Rot90))
	}
	plans := map[countPlan]int{}
	for _, p := range reserved {
		plans[planCount(p)]++
	}
	if plans[planJoin] == 0 || plans[planImages] == 0 {
		t.Fatalf("the reserved boards are counted by %v: want the join and images mode", plans)
	}
	plain := make([]uint64, len(reserved))
	for i, p := range reserved {
		plain[i] = newBoard(p).count(0, 0, 0, 0)
	}
	split := join.DefaultConfig()
	split.MinSplitKeys = 1
	open := top
	if testflag.Long() {
		open = 15
	}
	for n := minQuadrantN; n <= open; n++ {
		got, err := countQueensConf(ctx, Problem{Kind: NQueens, N: n}, Options{Workers: 2, Progress: func(int, int) {}}, split)
		if err != nil || got != a000170Long[n-1] {
			t.Errorf("countQueens(%d), every list split = %d, %v, want %d", n, got, err, a000170Long[n-1])
		}
	}
	for i, p := range reserved {
		got, err := countQueensConf(ctx, p, Options{Workers: 2, Progress: func(int, int) {}}, split)
		if err != nil || got != plain[i] {
			t.Errorf("reserved %v, every list split = %d, %v, the plain search %d", boardRows(p), got, err, plain[i])
		}
	}
	// The bounded join (N = 22 and 23), whose tables hold one number of
	// queens a quarter.
	for n := 12; n <= top; n++ {
		p := Problem{Kind: NQueens, N: n}
		if got := quadrantTotal(mustJoin(p, BoardSyms(p), false, true, split, 2)); got != a000170Long[n-1] {
			t.Errorf("bounded join of %d queens, every list split = %d, want %d", n, got, a000170Long[n-1])
		}
	}
}
