package solver

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/solver/internal/join"
)

// a000170Long extends the published counts past the table of solve_test.go.
var a000170Long = []uint64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104, 666090624, 4968057848, 39029188884}

// TestQuadrantsAgainstMirror checks the quadrant join, and the plain search
// used outside its range, against the reference counter: to N = 13 in the
// quick suite, 14 (0.3 s of CPU more, the reference half of it) with -long.
func TestQuadrantsAgainstMirror(t *testing.T) {
	t.Parallel() // no shared state, no time bound: it runs beside the other such tests
	top := 13
	if testflag.Long() {
		top = 14
	}
	for n := 1; n <= top; n++ {
		want := mirrorCount(n)
		if want != a000170Long[n-1] {
			t.Fatalf("mirrorCount(%d) = %d, want %d", n, want, a000170Long[n-1])
		}
		// Five workers on a small odd board span more configurations than
		// the cache of shared tables holds.
		for _, workers := range []int{1, 2, 5} {
			got, err := countQueens(context.Background(), Problem{Kind: NQueens, N: n}, Options{Workers: workers, Progress: func(int, int) {}})
			if err != nil || got != want {
				t.Errorf("countQueens(%d, %d workers) = %d, %v, want %d", n, workers, got, err, want)
			}
		}
		if n >= minQuadrantN {
			got := quadrantTotal(mustJoin(Problem{Kind: NQueens, N: n}, Syms, false, false, join.DefaultConfig(), 2))
			if got != want {
				t.Errorf("the join of %d queens = %d, want %d", n, got, want)
			}
		}
	}
}

// TestQuadrantsPublished checks the larger counts the reference is too slow
// for against OEIS A000170.
func TestQuadrantsPublished(t *testing.T) {
	t.Parallel() // no shared state, no time bound: it runs beside the other such tests

	top := 16 // N = 17 takes over a second, 18 six: -long
	if testflag.Long() {
		top = 18
	}
	for n := 15; n <= top; n++ {
		got, err := countQueens(context.Background(), Problem{Kind: NQueens, N: n}, Options{})
		if err != nil || got != a000170Long[n-1] {
			t.Errorf("countQueens(%d) = %d, %v, want %d", n, got, err, a000170Long[n-1])
		}
	}
}

// TestCountHooks checks shards, checkpoints, resume and progress on
// n-queens counts (quadrant join, and the search on a small board) and
// reserved ones (each plan). The random board of images mode is 11×11 in
// the quick suite, 13×13 (0.35 s of CPU more) with -long.
func TestCountHooks(t *testing.T) {
	t.Parallel() // no shared state, no time bound: it runs beside the other such tests
	rsv := Problem{Kind: Reserved, N: 11, Reserved: make([]uint64, 11)}
	rsv.Reserved[3] = 0b100100
	rsv.Reserved[7] = 0b1000000001
	// The quadrant join in images mode, under the board's symmetries, and
	// the search.
	imagesN := 11
	if testflag.Long() {
		imagesN = 13
	}
	images := randomSquares(rand.New(rand.NewPCG(1, 1)), imagesN, 3)
	join := randomSquares(rand.New(rand.NewPCG(1, 2)), 12, 15)
	search := randomSquares(rand.New(rand.NewPCG(1, 3)), 12, 40)
	plans := []countPlan{planImages, planImages, planJoin, planSearch}
	for i, p := range []Problem{rsv, images, join, search} {
		if got := planCount(p); got != plans[i] {
			t.Fatalf("planCount(%v) = %d, want %d", boardRows(p), got, plans[i])
		}
	}
	for _, p := range []Problem{{Kind: NQueens, N: 13}, {Kind: NQueens, N: 8}, rsv, images, join, search} {
		ctx := context.Background()
		want, err := countQueens(ctx, p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		// A full run with checkpoints.
		var mu sync.Mutex
		ck := map[int]uint64{}
		var lastDone, lastTotal int
		got, err := countQueens(ctx, p, Options{
			Checkpoint: func(i int, c uint64) error { mu.Lock(); ck[i] = c; mu.Unlock(); return nil },
			Progress:   func(done, total int) { lastDone, lastTotal = done, total },
		})
		if err != nil || got != want {
			t.Fatalf("%s %d with checkpoints = %d, %v, want %d", p.Kind, p.N, got, err, want)
		}
		if lastDone != lastTotal || lastTotal != len(ck) {
			t.Errorf("%s %d: progress ended at %d/%d with %d checkpoints", p.Kind, p.N, lastDone, lastTotal, len(ck))
		}
		var sum uint64
		for _, c := range ck {
			sum += c
		}
		if sum != want {
			t.Errorf("%s %d: checkpoints add up to %d, want %d", p.Kind, p.N, sum, want)
		}
		// Shards add up.
		const k = 3
		var parts uint64
		for i := 0; i < k; i++ {
			c, err := countQueens(ctx, p, Options{Shard: Shard{I: i, K: k}, Workers: 1 + i%2})
			if err != nil {
				t.Fatal(err)
			}
			parts += c
		}
		if parts != want {
			t.Errorf("%s %d: %d shards add up to %d, want %d", p.Kind, p.N, k, parts, want)
		}
		// Resume from half the checkpoints: only the rest are counted.
		var counted int
		got, err = countQueens(ctx, p, Options{
			Resume:     func(i int) (uint64, bool) { c, ok := ck[i]; return c, ok && i%2 == 0 },
			Checkpoint: func(i int, c uint64) error { counted++; return nil },
		})
		if err != nil || got != want {
			t.Errorf("%s %d resumed = %d, %v, want %d", p.Kind, p.N, got, err, want)
		}
		if counted != len(ck)/2 {
			t.Errorf("%s %d: resumed run counted %d subproblems, want %d", p.Kind, p.N, counted, len(ck)/2)
		}
		// A failing checkpoint stops the count with its error.
		boom := errors.New("disk full")
		if _, err := countQueens(ctx, p, Options{Checkpoint: func(int, uint64) error { return boom }}); !errors.Is(err, boom) {
			t.Errorf("%s %d: failing checkpoint gave %v, want %v", p.Kind, p.N, err, boom)
		}
	}
}

// TestCountCancel checks that a long count stops soon after its context is
// cancelled: 17 after 100 ms, while the join counts (it begins at about
// 35 ms), 20 after 100 ms, while it makes its tables (past 300 ms), and 25
// after 100 ms, while the search counts (from 12 ms). 200 ms for all took
// 0.6 s more of CPU. With -long, 18 after 200 ms too, while it counts (it
// begins at about 110 ms), and 23, whose tables are made past 100 ms as
// 20's (0.6 s of CPU in all).
func TestCountCancel(t *testing.T) {
	sizes := []int{17, 20, 25}
	if testflag.Long() {
		sizes = []int{17, 18, 20, 23, 25}
	}
	for _, n := range sizes {
		ctx, cancel := context.WithCancel(context.Background())
		start := time.Now()
		after := 100 * time.Millisecond
		if n == 18 {
			after = 200 * time.Millisecond
		}
		time.AfterFunc(after, cancel)
		_, err := countQueens(ctx, Problem{Kind: NQueens, N: n}, Options{})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("n=%d: cancelled count gave %v", n, err)
		}
		// Loose, so that a loaded machine passes: uncancelled, these counts
		// run for minutes to years.
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("n=%d: cancelled count took %v", n, d)
		}
	}
}

// TestRunSplitKeepsOnStop checks that the subproblems counted before a
// count is cancelled reach Checkpoint, once each, though a worker reports
// them in batches: a Ctrl-C loses no finished work.
func TestRunSplitKeepsOnStop(t *testing.T) {
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithCancel(context.Background())
		kept := map[int]int{}
		var lastDone int
		opt := Options{Workers: workers,
			Checkpoint: func(i int, c uint64) error {
				if c != uint64(i) {
					t.Errorf("%d workers: subproblem %d checkpointed as %d", workers, i, c)
				}
				kept[i]++
				return nil
			},
			Progress: func(done, _ int) { lastDone = done }}
		_, err := runSplit(ctx, 100_000, 1, opt, func(stop *atomic.Bool) (func(int) uint64, func()) {
			return func(i int) uint64 {
				if i == 500 {
					cancel()
					for !stop.Load() {
						runtime.Gosched()
					}
				}
				return uint64(i)
			}, nil
		})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("%d workers: cancelled count gave %v", workers, err)
		}
		// One worker counts 0..499 before 500. (Two may drop any of theirs
		// that finished as the count stopped: it might have been cut short.)
		for i := range 500 {
			if kept[i] > 1 || kept[i] == 0 && workers == 1 {
				t.Errorf("%d workers: subproblem %d, finished before the cancel, checkpointed %d times", workers, i, kept[i])
			}
		}
		if lastDone != len(kept) {
			t.Errorf("%d workers: progress says %d done, %d checkpointed", workers, lastDone, len(kept))
		}
	}
}

// TestRunSplitGroups checks that runSplit counts every subproblem of its
// shard exactly once, whatever the runs, workers, shards and resumed ones,
// and that each worker made leaves once.
func TestRunSplitGroups(t *testing.T) {
	const total = 1000
	for _, group := range []int{1, 3, 8} {
		for _, workers := range []int{1, 2, 3} {
			for _, shard := range []Shard{{}, {I: 1, K: 3}} {
				var mu sync.Mutex
				seen := make([]int, total)
				var made, left atomic.Int32
				resume := func(i int) (uint64, bool) { return uint64(i), i%7 == 0 }
				got, err := runSplit(context.Background(), total, group, Options{Workers: workers, Shard: shard, Resume: resume},
					func(*atomic.Bool) (func(int) uint64, func()) {
						made.Add(1)
						return func(i int) uint64 { mu.Lock(); seen[i]++; mu.Unlock(); return uint64(i) }, func() { left.Add(1) }
					})
				if m, l := made.Load(), left.Load(); m != int32(workers) || l != m {
					t.Errorf("group %d, %d workers, shard %v: %d workers made, %d left", group, workers, shard, m, l)
				}
				var want uint64
				for i := range total {
					mine := shard.K == 0 || i >= total*shard.I/shard.K && i < total*(shard.I+1)/shard.K
					if mine {
						want += uint64(i)
					}
					if n := seen[i]; (mine && i%7 != 0) != (n == 1) || n > 1 {
						t.Fatalf("group %d, %d workers, shard %v: subproblem %d counted %d times", group, workers, shard, i, n)
					}
				}
				if err != nil || got != want {
					t.Errorf("group %d, %d workers, shard %v: sum %d, %v, want %d", group, workers, shard, got, err, want)
				}
			}
		}
	}
}
