package solver

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/queensjudge/queensjudge/internal/pool"
)

// solveKnights answers a QueensKnights problem.
//
// Count and unique of m ≤ maxFewM pieces of each go to fewCount, which
// counts the knights by formulas (knights_few.go). Otherwise boards with at
// most maxFrameK rows left without a queen (m ≥ n-8, which takes in the
// largest m of every board up to MaxKnightsN) go to the frame search
// (knights_frame.go): count and unique as long counts in numbered
// subproblems that honour opt's hooks, placement and solutions in a fixed
// order. Smaller m, whose counts are astronomic on large boards, go to the
// row-by-row bitboard search (knightsCount), which has no subproblems and
// ignores the hooks; Problem.Validate refuses the counts of those, and of
// the m near them, that no search answers in seconds (knightsCountable).
//
// A shard of a unique count answers its part of the classes, not of the
// placements as for n-queens: the subproblems count classes, so the parts
// add up to the answer with no FinishCount step.
func solveKnights(ctx context.Context, p Problem, opt Options) (Answer, error) {
	m := p.M
	if m == AnyM {
		var err error
		if m, err = knightsMax(ctx, p.N, opt); err != nil {
			return Answer{}, err
		}
	}
	if p.M != AnyM && (p.N-m)*(p.N-m) < m {
		// m queens leave (n-m)² squares for the knights: too few, and no
		// search needs to find that out frame by frame.
		return Answer{M: m}, nil
	}
	// A few pieces are counted by fewCount, which does not list the
	// knights, not by the searches that do (in hours for n = 20, m = 3).
	// It has no subproblems and ignores the hooks, as the row search did;
	// a shard of a count the frame search would answer stays with it, so
	// that its parts add up as before.
	if m <= maxFewM && !(opt.Shard.K > 0 && p.N-m <= maxFrameK) {
		switch p.Ask {
		case AskCount, AskUnique:
			c, err := fewCount(ctx, p.N, m, Options{Workers: opt.Workers})
			if err != nil || p.Ask == AskCount {
				return Answer{Count: c, M: m}, err
			}
			u, err := fewUnique(ctx, p.N, m, c)
			return Answer{Count: u, M: m}, err
		case AskSolutions:
			// Refused before any placement is looked for; within the limit,
			// listed by the search below, which counts again.
			total, err := fewCount(ctx, p.N, m, Options{Workers: opt.Workers})
			if err != nil {
				return Answer{}, err
			}
			if total > opt.MaxSolutions {
				return Answer{}, tooMany(total, opt.MaxSolutions)
			}
		}
	}
	if p.N-m > maxFrameK {
		return solveKnightsRows(ctx, p, m, opt)
	}
	f := newKFrames(p.N, m)
	switch p.Ask {
	case AskMax:
		return Answer{Count: uint64(m), M: m}, nil
	case AskCount:
		c, err := f.count(ctx, opt)
		return Answer{Count: c, M: m}, err
	case AskUnique:
		c, err := f.unique(ctx, opt)
		return Answer{Count: c, M: m}, err
	case AskPlacement:
		pl, err := f.first(ctx, opt)
		return Answer{M: m, Placement: pl}, err
	case AskSolutions:
		// The count first, on every core and with no hooks: nothing is
		// emitted for a problem over the limit.
		total, err := f.count(ctx, Options{Workers: opt.Workers})
		if err != nil {
			return Answer{}, err
		}
		if total > opt.MaxSolutions {
			return Answer{}, tooMany(total, opt.MaxSolutions)
		}
		if opt.Emit != nil {
			if err := f.each(ctx, opt.Emit); err != nil {
				return Answer{}, err
			}
		}
		return Answer{Count: total, M: m}, nil
	}
	return Answer{}, fmt.Errorf("ask %s is not for %s", p.Ask, p.Kind)
}

// solveKnightsRows answers p for m queens and knights with the row-by-row
// search.
func solveKnightsRows(ctx context.Context, p Problem, m int, opt Options) (Answer, error) {
	switch p.Ask {
	case AskMax:
		return Answer{Count: uint64(m), M: m}, nil
	case AskCount:
		c, err := knightsCount(ctx, p.N, m, nil)
		return Answer{Count: c, M: m}, err
	case AskUnique:
		var classes uint64
		_, err := knightsCount(ctx, p.N, m, func(pl Placement) error {
			if isCanonical(pl, Syms) {
				classes++
			}
			return nil
		})
		return Answer{Count: classes, M: m}, err
	case AskPlacement:
		pl, err := knightsRows(p.N, m).first(ctx)
		if err != nil {
			return Answer{}, err
		}
		return Answer{M: m, Placement: pl}, nil
	case AskSolutions:
		total, err := knightsRows(p.N, m).solutions(ctx, opt)
		if err != nil {
			return Answer{}, err
		}
		return Answer{Count: total, M: m}, nil
	}
	return Answer{}, fmt.Errorf("ask %s is not for %s", p.Ask, p.Kind)
}

// knightsRows is the walker of m queens and m knights on an n×n board by
// the row-by-row search, pieces in row-major order.
func knightsRows(n, m int) walker[Placement] {
	return walker[Placement]{
		each: func(ctx context.Context, fn func(Placement) error) error {
			_, err := knightsCount(ctx, n, m, fn)
			return err
		},
		place: func(pl Placement) Placement { return pl },
	}
}

// knightsMax returns the largest m for which m queens and m knights can
// stand on an n×n board with no piece attacking another.
func knightsMax(ctx context.Context, n int, opt Options) (int, error) {
	for m := n; m > 0; m-- {
		// m queens fill m rows and m columns; the knights need m of the
		// (n-m)² squares left.
		if (n-m)*(n-m) < m {
			continue
		}
		var pl *Placement
		var err error
		if n-m > maxFrameK {
			pl, err = knightsRows(n, m).first(ctx)
		} else {
			pl, err = newKFrames(n, m).first(ctx, Options{Workers: opt.Workers})
		}
		if err != nil {
			return 0, err
		}
		if pl != nil {
			return m, nil
		}
	}
	return 0, nil
}

// count returns the number of placements, a long count in f's subproblems.
func (f *kframes) count(ctx context.Context, opt Options) (uint64, error) {
	return runSplit(ctx, len(f.subs), 1, opt, func(stop *atomic.Bool) (func(int) uint64, func()) {
		w := newKWorker(f, stop)
		return w.subCount, nil
	})
}

// unique returns the number of placements up to symmetry, a long count in
// f's subproblems. Each subproblem counts classes, so the parts of a shard
// add up to the classes too.
func (f *kframes) unique(ctx context.Context, opt Options) (uint64, error) {
	return runSplit(ctx, len(f.subs), 1, opt, func(stop *atomic.Bool) (func(int) uint64, func()) {
		w := newKWorker(f, stop)
		return w.subUnique, nil
	})
}

// first returns the first placement in the order of each, or nil when there
// is none. The subproblems are searched on opt.Workers goroutines, and the
// answer is the first placement of the first subproblem that has one,
// whatever the timing.
func (f *kframes) first(ctx context.Context, opt Options) (*Placement, error) {
	var stop atomic.Bool
	stopWatch := context.AfterFunc(ctx, func() { stop.Store(true) })
	defer stopWatch()
	var (
		next   = pool.NewCounter(len(f.subs))
		best   atomic.Int64 // the least subproblem known to have a placement
		mu     sync.Mutex
		found  *Placement
		foundI = len(f.subs)
	)
	best.Store(int64(len(f.subs)))
	ws := make([]*kworker, min(workers(opt), len(f.subs)))
	for k := range ws {
		ws[k] = newKWorker(f, &stop)
	}
	pool.Run(len(ws), &stop, func(k int) {
		w := ws[k]
		for !stop.Load() {
			i, ok := next.Next()
			if !ok || i >= int(best.Load()) {
				return
			}
			var pl *Placement
			w.subEach(i, func(p Placement) bool {
				pl = &p
				return false
			})
			w.stopped = false
			if pl == nil {
				continue
			}
			mu.Lock()
			if i < foundI {
				found, foundI = pl, i
				best.Store(int64(i))
			}
			mu.Unlock()
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return found, nil
}

// each calls emit with every placement, subproblem by subproblem: in each,
// the least frames of its row set in increasing order of columns, in each
// frame the queens in lexicographic order of columns row by row, then the
// knights in lexicographic order of squares, and after each placement its
// images in the other frames of its orbit. An error from emit or ctx stops
// it and is returned.
func (f *kframes) each(ctx context.Context, emit func(Placement) error) error {
	var stop atomic.Bool
	stopWatch := context.AfterFunc(ctx, func() { stop.Store(true) })
	defer stopWatch()
	w := newKWorker(f, &stop)
	var err error
	for i := range f.subs {
		if !w.subEach(i, func(pl Placement) bool {
			err = emit(pl)
			return err == nil
		}) {
			break
		}
	}
	if err != nil {
		return err
	}
	return ctx.Err()
}

// knightMove reports whether a and b are a knight's move apart.
func knightMove(a, b Square) bool {
	dr, dc := abs(a.Row-b.Row), abs(a.Col-b.Col)
	return dr*dc == 2
}

// knightAttacksAny reports whether s is a knight's move from one of knights.
func knightAttacksAny(s Square, knights []Square) bool {
	for _, k := range knights {
		if knightMove(s, k) {
			return true
		}
	}
	return false
}
