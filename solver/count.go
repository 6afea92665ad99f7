package solver

import (
	"context"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// countQueens counts the placements of n queens on p's board.
//
// A small board is counted at once. A long count is cut into numbered
// subproblems, the same for a problem and a solver Version, and handed to
// opt.Workers goroutines from a shared counter: n-queens boards of
// minQuadrantN..maxQuadrantN by the quadrant join (see quadrants), the others
// by a search split on its first rows (see spread). The subproblems honour
// opt's hooks: Shard, Resume, Checkpoint and Progress.
func countQueens(ctx context.Context, p Problem, opt Options) (uint64, error) {
	hooks := opt.Progress != nil || opt.Resume != nil || opt.Checkpoint != nil || opt.Shard.K > 0
	b := newBoard(p)
	if p.N <= smallN && !hooks {
		return b.countSmall(), ctx.Err()
	}
	if useQuadrants(p) {
		var stop atomic.Bool // the tables of n = 20 take seconds to make
		stopWatch := context.AfterFunc(ctx, func() { stop.Store(true) })
		qd := newQuadrants(p, BoardSyms(p), p.N >= minBoundedN, &stop, workers(opt))
		stopWatch()
		if qd == nil {
			return 0, ctx.Err()
		}
		return runSplit(ctx, len(qd.subs), 1<<uint(qd.partBits), opt, func(stop *atomic.Bool) func(i int) uint64 {
			w := newQuadWork()
			w.stop = stop
			return func(i int) uint64 { return qd.count(qd.subs[i], w) }
		})
	}
	s := newSpread(b)
	return runSplit(ctx, len(s.prefixes), 1, opt, func(stop *atomic.Bool) func(i int) uint64 {
		s.stop = stop // the same flag for every worker
		return func(i int) uint64 {
			x := s.prefixes[i]
			return x.weight * s.count(&x)
		}
	})
}

// useQuadrants reports whether p's count goes to the quadrant join: every
// n-queens board of minQuadrantN..maxQuadrantN, and the reserved boards of
// those sizes with few enough reserved squares.
func useQuadrants(p Problem) bool {
	if p.N < minQuadrantN || p.N > maxQuadrantN {
		return false
	}
	if p.Kind == NQueens {
		return true
	}
	if p.Kind != Reserved {
		return false
	}
	k := 0
	for _, m := range p.Reserved {
		k += bits.OnesCount64(m)
	}
	return k <= p.N*p.N/10
}

// smallN is the largest board counted at once, in one goroutine, when no
// hook asks for subproblems: an open 12×12 board takes milliseconds.
const smallN = 12

// workers returns the number of goroutines opt asks for.
func workers(opt Options) int {
	if opt.Workers < 1 {
		return runtime.GOMAXPROCS(0)
	}
	return opt.Workers
}

// runSplit counts the subproblems 0..total-1 of opt's shard, skipping those
// opt.Resume knows, with opt.Workers goroutines (GOMAXPROCS when zero). Each
// worker's counting function is made by newWorker, called before any of them
// starts; the function may give up once stop is set, and its result is then
// dropped. The subproblems come in runs of group that share work (1 for
// none): while much is left, a worker takes the rest of a run at once, and
// near the end single subproblems, so that the workers finish together. It
// returns the sum, or ctx's error (within a second of ctx being done) or
// Checkpoint's.
func runSplit(ctx context.Context, total, group int, opt Options, newWorker func(stop *atomic.Bool) func(i int) uint64) (uint64, error) {
	if opt.Plan != nil {
		opt.Plan(total)
	}
	var todo []int
	var sum uint64
	mine := 0
	for i := 0; i < total; i++ {
		if !opt.Shard.holds(i, total) {
			continue
		}
		mine++
		if opt.Resume != nil {
			if c, ok := opt.Resume(i); ok {
				sum += c
				continue
			}
		}
		todo = append(todo, i)
	}
	done := mine - len(todo)
	if opt.Progress != nil {
		opt.Progress(done, mine)
	}
	workers := min(workers(opt), len(todo))

	var stop atomic.Bool
	stopWatch := context.AfterFunc(ctx, func() { stop.Store(true) })
	defer stopWatch()
	var (
		next   atomic.Int64
		mu     sync.Mutex // serialises the hooks and guards sum, done, failed
		failed error
		wg     sync.WaitGroup
	)
	// take hands out the next subproblems, todo[lo:hi].
	take := func() (lo, hi int) {
		for {
			k := next.Load()
			left := int64(len(todo)) - k
			if left <= 0 {
				return len(todo), len(todo)
			}
			g := int64(1)
			if left > int64(4*workers*group) {
				g = int64(group) - k%int64(group)
			}
			if next.CompareAndSwap(k, k+g) {
				return int(k), int(k + g)
			}
		}
	}
	counts := make([]func(int) uint64, workers)
	for k := range counts {
		counts[k] = newWorker(&stop)
	}
	for _, count := range counts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				lo, hi := take()
				if lo == hi {
					return
				}
				for _, i := range todo[lo:hi] {
					if stop.Load() {
						return
					}
					c := count(i)
					if stop.Load() {
						return // c may be cut short
					}
					mu.Lock()
					sum += c
					done++
					if opt.Checkpoint != nil && failed == nil {
						if err := opt.Checkpoint(i, c); err != nil {
							failed = err
							stop.Store(true)
						}
					}
					if opt.Progress != nil && failed == nil {
						opt.Progress(done, mine)
					}
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if failed != nil {
		return 0, failed
	}
	return sum, nil
}
