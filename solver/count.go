package solver

import (
	"context"
	"errors"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/queensjudge/queensjudge/internal/pool"
	"github.com/queensjudge/queensjudge/solver/internal/join"
)

// countQueens counts the placements of n queens on p's board.
//
// A small board is counted at once. A long count is cut into numbered
// subproblems, the same for a problem and a solver Version, and handed to
// opt.Workers goroutines from a shared counter: n-queens boards of
// minQuadrantN..maxQuadrantN and reserved boards of those sizes with not
// too many reserved squares by the quadrant join (package join; see
// planCount), the others by a search split on its first rows (see spread).
// The subproblems honour opt's hooks: Shard, Resume, Checkpoint and
// Progress.
func countQueens(ctx context.Context, p Problem, opt Options) (uint64, error) {
	return countQueensConf(ctx, p, opt, join.DefaultConfig())
}

// countQueensConf is countQueens with the join's code paths conf: tests
// take every board through a kernel or a path that only some boards take.
func countQueensConf(ctx context.Context, p Problem, opt Options, conf join.Config) (uint64, error) {
	hooks := opt.Progress != nil || opt.Resume != nil || opt.Checkpoint != nil || opt.Shard.K > 0
	b := newBoard(p)
	if p.N <= smallN && !hooks {
		return b.countSmall(), ctx.Err()
	}
	if p.Kind == Reserved {
		// A board proved to have no placement (matchSearch sees most at
		// once or in milliseconds) is one subproblem, which counts 0: the
		// search would look for hours on a large one (a reserved column,
		// two columns only two rows can fill). The proof is bounded by
		// nodes, not time (proveSerial), so that every run and every slice
		// of a count numbers its subproblems alike. A checkpoint or a shard
		// of another numbering of a board with no placement holds only
		// zeros, and adds up to the same answer.
		e, err := proveSerial(ctx, p)
		if err != nil {
			return 0, err
		}
		if e.Decided && !e.Exists {
			return runSplit(ctx, 1, 1, opt, func(*atomic.Bool) (func(int) uint64, func()) {
				return func(int) uint64 { return 0 }, nil
			})
		}
	}
	return countPlanned(ctx, p, b, opt, planCount(p), conf)
}

// countPlanned is countQueens's long count of p's board b, by plan, the
// join taking conf's code paths.
func countPlanned(ctx context.Context, p Problem, b *board, opt Options, plan countPlan, conf join.Config) (uint64, error) {
	if plan != planSearch {
		var stop atomic.Bool // the tables of n = 20 take seconds to make
		stopWatch := context.AfterFunc(ctx, func() { stop.Store(true) })
		j, err := join.New(joinBoard(p, plan, BoardSyms(p)), conf, &stop, workers(opt))
		stopWatch()
		if err != nil {
			return 0, err
		}
		if j == nil {
			return 0, ctx.Err()
		}
		return runJoin(ctx, j, opt)
	}
	s := newSpread(b)
	return runSplit(ctx, len(s.prefixes), 1, opt, func(stop *atomic.Bool) (func(int) uint64, func()) {
		s.stop = stop // the same flag for every worker
		return func(i int) uint64 {
			x := s.prefixes[i]
			return x.weight * s.count(&x)
		}, nil
	})
}

// countPlan is how a long count is made.
type countPlan int

const (
	planSearch countPlan = iota // the split row search (spread)
	planJoin                    // the quadrant join under the board's symmetries
	planImages                  // the quadrant join in images mode (join.Board.Images)
)

// minQuadrantN is the smallest board the quadrant join is used for; smaller
// boards are counted faster by the plain search.
const minQuadrantN = 10

// minBoundedN is the smallest board whose join makes its tables a group of
// subproblems at a time (join.Board.Bounded): from n = 22 on the four
// quarter tables of the plain join take 6.4 GB (67 million entries each at
// 16 bytes, and their keys at 8), a group's at most 0.3 GB.
const minBoundedN = 22

// maxQuadrantN is the largest board the join is used for: n = 24 would take
// months on a thousand cores.
const maxQuadrantN = 23

// joinBoard returns p's board for the join, by plan (planJoin or
// planImages), under group (BoardSyms(p) or a subgroup of it; images mode
// takes all 8), bounded from minBoundedN on.
func joinBoard(p Problem, plan countPlan, group []Sym) join.Board {
	b := join.Board{N: p.N, Images: plan == planImages, Bounded: p.N >= minBoundedN}
	if p.Kind == Reserved {
		b.Reserved = p.Reserved
	}
	for _, g := range group {
		b.Group = append(b.Group, join.Sym(g))
	}
	return b
}

// runJoin counts the subproblems of j in opt's shard, as runSplit does,
// each worker with the join's own scratch space, on tables of only the
// entries they read (see join.Join.Start).
func runJoin(ctx context.Context, j *join.Join, opt Options) (uint64, error) {
	return runSplitPlanned(ctx, j.Len(), j.Parts(), opt, j.Start, j.Worker)
}

// planCount chooses how p is counted. Every n-queens board of
// minQuadrantN..maxQuadrantN goes to the join. A reserved board of those
// sizes goes to the search when more than a fraction 0.03n-0.18 of its
// squares are reserved: every reserved square prunes the search's tree, but
// the join still lists and matches the half-boards of both halves, so past
// that line, which grows with n as the join gains on the search, the search
// is the faster (BenchmarkCountPlans; far from it the slower one takes 4 to
// 100 times as long).
//
// Below it, a board whose few reserved squares break the open board's
// symmetries goes to images mode, which keeps the 8 symmetries and pays
// for each such square (at most n/3 of them on an even board of n ≥ 16, n
// on an odd one): the join under the board's own symmetries loses most on
// odd boards, whose middle pairs stand for 8 each, and wins on the small
// even boards (BenchmarkReservedVsOpen). docs/performance.md gives the
// figures.
func planCount(p Problem) countPlan {
	if p.N < minQuadrantN || p.N > maxQuadrantN {
		return planSearch
	}
	if p.Kind == NQueens {
		return planJoin
	}
	if p.Kind != Reserved {
		return planSearch
	}
	n, k := p.N, 0
	for _, m := range p.Reserved {
		k += bits.OnesCount64(m)
	}
	if 100*k > n*n*(3*n-18) {
		return planSearch
	}
	limit := n
	if n%2 == 0 {
		limit = n / 3
		if n < 16 {
			limit = 0
		}
	}
	if ki := join.ImageSquares(p.N, p.Reserved); ki > 0 && ki <= limit {
		return planImages
	}
	return planJoin
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

// A worker of runSplit reports a subproblem that took reportSlow or more to
// the hooks at once, and quicker ones in batches: of reportBatch, or of
// those finished within reportEvery, whichever is first. The reports are
// made under a lock that the workers share: one a subproblem, at N = 17's
// 3 µs a subproblem, kept the workers of one process waiting on each other
// for the lock and the checkpoints' map.
const (
	reportSlow  = time.Millisecond
	reportBatch = 1024
	reportEvery = 50 * time.Millisecond
)

// finished is a subproblem counted, not yet reported.
type finished struct {
	i     int
	count uint64
}

// runSplit counts the subproblems 0..total-1 of opt's shard, skipping those
// opt.Resume knows, with opt.Workers goroutines (GOMAXPROCS when zero). Each
// worker's counting function is made by newWorker, called before any of them
// starts; the function may give up once stop is set, and its result is then
// dropped. The worker's leave, when not nil, is called once it takes no more
// subproblems (done, stopped or failed). The subproblems come in runs of
// group that share work (1 for none): while much is left, a worker takes the
// rest of a run at once, and near the end single subproblems, so that the
// workers finish together. It returns the sum, or ctx's error (within a
// second of ctx being done) or Checkpoint's.
func runSplit(ctx context.Context, total, group int, opt Options, newWorker func(stop *atomic.Bool) (count func(i int) uint64, leave func())) (uint64, error) {
	return runSplitPlanned(ctx, total, group, opt, nil, newWorker)
}

// runSplitPlanned is runSplit that first tells plan, when not nil, which
// subproblems it will count, in order, before any worker is made.
func runSplitPlanned(ctx context.Context, total, group int, opt Options, plan func(todo []int), newWorker func(stop *atomic.Bool) (count func(i int) uint64, leave func())) (uint64, error) {
	if opt.Plan != nil {
		opt.Plan(total)
	}
	from, to := opt.Shard.bounds(total)
	mine := to - from
	todo := make([]int, 0, mine)
	var sum uint64
	var failed error
	for i := from; i < to; i++ {
		if opt.Resume != nil {
			if c, ok := opt.Resume(i); ok {
				if sum, ok = addCount(sum, c); !ok {
					failed = errOverflow
				}
				continue
			}
		}
		todo = append(todo, i)
	}
	done := mine - len(todo)
	if plan != nil {
		plan(todo)
	}
	if opt.Progress != nil {
		opt.Progress(done, mine)
	}
	workers := min(workers(opt), len(todo))

	var stop atomic.Bool
	stopWatch := context.AfterFunc(ctx, func() { stop.Store(true) })
	defer stopWatch()
	if failed != nil {
		return 0, failed
	}
	var mu sync.Mutex // serialises the hooks and guards sum, done, failed
	next := pool.NewCounter(len(todo))
	// take hands out the next subproblems, todo[lo:hi].
	take := func() (lo, hi int) {
		if next.Left() > 4*workers*group {
			return next.Take(group)
		}
		return next.Take(1)
	}
	counts, leaves := make([]func(int) uint64, workers), make([]func(), workers)
	for k := range counts {
		counts[k], leaves[k] = newWorker(&stop)
	}
	// report adds a worker's finished subproblems to the sum and hands them
	// to the hooks, and empties the batch.
	report := func(batch *[]finished) {
		if len(*batch) == 0 {
			return
		}
		mu.Lock()
		for _, f := range *batch {
			var ok bool
			if sum, ok = addCount(sum, f.count); !ok && failed == nil {
				failed = errOverflow
				stop.Store(true)
			}
			done++
			if opt.Checkpoint != nil && failed == nil {
				if err := opt.Checkpoint(f.i, f.count); err != nil {
					failed = err
					stop.Store(true)
				}
			}
		}
		if opt.Progress != nil && failed == nil {
			opt.Progress(done, mine)
		}
		mu.Unlock()
		*batch = (*batch)[:0]
	}
	pool.Run(workers, &stop, func(k int) {
		count := counts[k]
		if leave := leaves[k]; leave != nil {
			defer leave()
		}
		batch := make([]finished, 0, reportBatch)
		var since time.Time  // when the batch's first subproblem finished
		defer report(&batch) // whole counts, kept when the count stops
		for {
			lo, hi := take()
			if lo == hi {
				return
			}
			for _, i := range todo[lo:hi] {
				if stop.Load() {
					return
				}
				start := time.Now()
				c := count(i)
				if stop.Load() {
					return // c may be cut short
				}
				end := time.Now()
				if len(batch) == 0 {
					since = end
				}
				batch = append(batch, finished{i, c})
				if len(batch) == reportBatch || end.Sub(since) >= reportEvery || end.Sub(start) >= reportSlow {
					report(&batch)
				}
			}
		}
	})
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if failed != nil {
		return 0, failed
	}
	return sum, nil
}

// countUpTo returns the number of placements of p's queens if it is at
// most limit, or ok == false as soon as more than limit are found, so that
// a solutions problem over the limit is refused after a count of limit+1
// placements at most, not of all of them, and before any is listed. It
// searches as spread does, with the fewest-candidates row first on every
// board: on the open 27×27 board that order finds a million placements in
// a few seconds where the rows top down take a minute (and the lexicographic
// listing that refused such a problem before took 64 s). The subproblems go
// to opt.Workers goroutines, which share the number found.
func countUpTo(ctx context.Context, p Problem, limit uint64, opt Options) (count uint64, ok bool, err error) {
	b := newBoard(p)
	if p.N <= smallN {
		c := b.countSmall()
		return c, c <= limit, ctx.Err()
	}
	if p.Kind == Reserved {
		e, err := proveSerial(ctx, p)
		if err != nil {
			return 0, false, err
		}
		if e.Decided && !e.Exists {
			return 0, true, nil
		}
	}
	s := upToSpread(p)
	order := spreadOrder(len(s.prefixes))
	var stop atomic.Bool
	stopWatch := context.AfterFunc(ctx, func() { stop.Store(true) })
	defer stopWatch()
	var found atomic.Uint64 // flushed from the workers' own counts
	k := min(workers(opt), len(s.prefixes))
	walks := make([]capWalk, k)
	for w := range walks {
		walks[w] = capWalk{s: s, found: &found, limit: limit, stop: &stop}
	}
	pool.Each(k, len(s.prefixes), &stop, func(w, i int) {
		x := s.prefixes[order[i]]
		walks[w].weight = x.weight
		walks[w].walk(x.rows, x.cols, x.diag, x.anti)
		walks[w].flush()
	})
	if err := ctx.Err(); err != nil {
		return 0, false, err
	}
	if c := found.Load(); c <= limit {
		return c, true, nil
	}
	return 0, false, nil
}

// upToSpread returns the search of countUpTo, split.
func upToSpread(p Problem) *spread {
	b := newBoard(p)
	s := &spread{n: b.n, full: b.full, fewest: true}
	copy(s.free[:], b.free)
	s.split(b.mirrored())
	return s
}

// capWalk is one worker of countUpTo: spread.walk that adds up as it goes,
// and stops every worker once the placements found pass the limit.
type capWalk struct {
	s      *spread
	found  *atomic.Uint64
	limit  uint64
	stop   *atomic.Bool
	weight uint64 // of the subproblem walked
	local  uint64 // found, not yet added to found
	nodes  int
	// maxNodes, when positive, stops the walk after that many nodes (the
	// estimate's sample of the search, sampleUpTo).
	maxNodes int
}

// flush adds the placements found to the shared number, and stops every
// worker when it passes the limit.
func (w *capWalk) flush() {
	if w.local == 0 {
		return
	}
	if w.found.Add(w.local) > w.limit {
		w.stop.Store(true)
	}
	w.local = 0
}

func (w *capWalk) walk(rows, cols, diag, anti uint64) {
	if w.nodes++; w.nodes&(1<<12-1) == 0 {
		w.flush()
		if w.maxNodes > 0 && w.nodes >= w.maxNodes {
			w.stop.Store(true)
		}
	}
	if w.stop.Load() {
		return
	}
	s := w.s
	x := spreadNode{rows: rows, cols: cols, diag: diag, anti: anti}
	r, avail := s.next(&x)
	if bits.OnesCount64(rows) == 1 {
		w.local += w.weight * uint64(bits.OnesCount64(avail))
		return
	}
	rows &^= 1 << uint(r)
	for ; avail != 0; avail &= avail - 1 {
		c := bits.TrailingZeros64(avail)
		w.walk(rows, cols|1<<uint(c), diag|1<<uint(c-r+s.n-1), anti|1<<uint(r+c))
	}
}

// spreadOrder returns 0..total-1 in the order of their bit reversals, so
// that the first subproblems counted sample the whole search rather than
// one corner of it.
func spreadOrder(total int) []int {
	b := bits.Len(uint(total))
	order := make([]int, 0, total)
	for k := 0; k < 1<<uint(b); k++ {
		if j := int(bits.Reverse(uint(k)) >> (bits.UintSize - b)); j < total {
			order = append(order, j)
		}
	}
	return order
}

// errOverflow refuses a count that does not fit 64 bits: only a reserved
// board of n ≥ 29 could hold so many placements, and its count is refused
// by its estimate long before (see MaxBudget).
var errOverflow = errors.New("the count exceeds 2^64")

// addCount returns a+b, and false when the sum does not fit 64 bits.
func addCount(a, b uint64) (uint64, bool) {
	s, carry := bits.Add64(a, b, 0)
	return s, carry == 0
}
