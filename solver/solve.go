package solver

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"time"
)

// Answer is the solver's answer to a problem.
type Answer struct {
	// Count is the number asked for by AskCount and AskUnique, the largest m
	// for AskMax, and the number of placements for AskSolutions.
	Count uint64
	// M is the m a queens-knights answer is for: the problem's m, or the
	// largest possible when the problem left it open. Zero for other kinds.
	M int
	// Placement answers AskPlacement; nil when no placement exists.
	Placement *Placement
}

// DefaultMaxSolutions is the default limit on the placements AskSolutions
// will list.
const DefaultMaxSolutions = 1_000_000

// Options tune Solve. The zero value is ready to use.
type Options struct {
	// Workers is the number of goroutines a long count uses; GOMAXPROCS
	// when zero.
	Workers int
	// MaxSolutions refuses an AskSolutions problem with more placements;
	// DefaultMaxSolutions when zero.
	MaxSolutions uint64
	// Budget is the CPU time the solve may take (see DefaultBudget):
	// DefaultBudget when zero, MaxBudget at most. A count estimated to cost
	// more is refused before any work, and every solve stops at it, with a
	// *BudgetError.
	Budget time.Duration
	// Emit receives each placement of an AskSolutions problem, in a
	// deterministic order, once the problem is known to be within
	// MaxSolutions. The placement is not reused. An error from Emit stops
	// the solve and is returned.
	Emit func(Placement) error

	// The hooks below serve long counts (AskCount and AskUnique), which are
	// split into numbered independent subproblems. The numbering is
	// deterministic for a problem and a solver Version, so a checkpoint taken
	// by one run can be resumed by another.

	// Plan, when not nil, is told the number of subproblems of a long count
	// (of all shards) once, before any is counted.
	Plan func(total int)
	// Progress, when not nil, is told how many subproblems of a long count
	// are done, of how many (of its shard). Calls are serialised.
	Progress func(done, total int)
	// Resume, when not nil, is asked for each subproblem before it is
	// counted; ok == true gives its count from an earlier run, and it is not
	// counted again.
	Resume func(i int) (count uint64, ok bool)
	// Checkpoint, when not nil, receives the count of each subproblem
	// counted: one of a millisecond or more as it finishes, quicker ones in
	// batches (of those a worker finished within 50 ms, or when its next
	// subproblem finishes), and every one before the solve returns, stopped
	// or not. Calls are serialised. An error stops the solve.
	Checkpoint func(i int, count uint64) error
	// Shard, when Shard.K > 0, restricts a long count to its slice of the
	// subproblems; Answer.Count is then that slice's partial sum of all
	// placements, for AskUnique too (FinishCount makes the classes).
	Shard Shard
}

// Shard is slice I (0-based) of K of a long count's subproblems: the I-th of
// K runs of consecutive subproblems, of sizes that differ by one at most.
// Consecutive subproblems share their tables (the quadrant join's groups of
// tables, package join), so that a slice makes few of them.
type Shard struct {
	I, K int
}

// bounds returns the subproblems lo..hi-1 of total in slice s: all of them
// when s.K is not positive, none when s.I is not 0..K-1.
func (s Shard) bounds(total int) (lo, hi int) {
	if s.K <= 0 {
		return 0, total
	}
	if s.I < 0 || s.I >= s.K {
		return 0, 0
	}
	return int(int64(s.I) * int64(total) / int64(s.K)), int(int64(s.I+1) * int64(total) / int64(s.K))
}

// ErrTooManySolutions is returned, wrapped, for an AskSolutions problem with
// more placements than Options.MaxSolutions, before any is emitted.
var ErrTooManySolutions = errors.New("too many solutions")

// tooMany is the error of an AskSolutions problem with more placements
// than max: total of them when the count is known, or 0 when only a part
// of them was counted, more than max already.
func tooMany(total, max uint64) error {
	if total == 0 {
		if max == 1 {
			return fmt.Errorf("%w: more than 1 placement", ErrTooManySolutions)
		}
		return fmt.Errorf("%w: more than %d placements", ErrTooManySolutions, max)
	}
	return fmt.Errorf("%w: %d placements, more than %d", ErrTooManySolutions, total, max)
}

// Solve answers p within opt's budget. It returns ctx's error when ctx is
// done first: a long count stops within a second of it. A problem over its
// budget gets a *BudgetError, before any work when its estimate is over
// it. A panic of the solver is returned as an error, not raised: a bug on
// one board must not end a batch, or a contest's judging.
func Solve(ctx context.Context, p Problem, opt Options) (a Answer, err error) {
	if err := p.Validate(); err != nil {
		return Answer{}, err
	}
	if opt.MaxSolutions == 0 {
		opt.MaxSolutions = DefaultMaxSolutions
	}
	defer recovered(&err)
	return withBudget(ctx, p, opt, func(ctx context.Context) (Answer, error) {
		if p.Kind == QueensKnights {
			return solveKnights(ctx, p, opt)
		}
		return solveQueens(ctx, p, opt)
	})
}

// Placements returns the placements of p, an AskSolutions problem, in the
// order Solve gives them to Options.Emit (opt.Emit itself is not used). Each
// range over it solves p afresh; breaking out of the loop stops the solve.
// An error (a bad problem, ErrTooManySolutions before any placement, ctx's)
// is yielded once, with a zero Placement, and ends the sequence. The
// placements are yielded on the goroutine that ranges.
func Placements(ctx context.Context, p Problem, opt Options) iter.Seq2[Placement, error] {
	return func(yield func(Placement, error) bool) {
		if p.Ask != AskSolutions {
			yield(Placement{}, fmt.Errorf("ask %s does not list placements", p.Ask))
			return
		}
		broke := false
		opt := opt // each range its own
		opt.Emit = func(pl Placement) error {
			if !yield(pl, nil) {
				broke = true
				return errStop
			}
			return nil
		}
		if _, err := Solve(ctx, p, opt); err != nil && !broke {
			yield(Placement{}, err)
		}
	}
}

// solveQueens answers the queens-only kinds, NQueens and Reserved.
func solveQueens(ctx context.Context, p Problem, opt Options) (Answer, error) {
	switch p.Ask {
	case AskCount:
		c, err := countQueens(ctx, p, opt)
		return Answer{Count: c}, err
	case AskUnique:
		c, err := countQueens(ctx, p, opt)
		if err != nil || opt.Shard.K > 0 {
			// A shard's part of the count is not a number of classes:
			// FinishCount makes them from the parts added up.
			return Answer{Count: c}, err
		}
		u, err := classes(ctx, p, c)
		return Answer{Count: u}, err
	case AskPlacement:
		if p.Kind == NQueens {
			pl, ok := constructPlacement(p.N)
			if !ok {
				return Answer{}, nil
			}
			return Answer{Placement: &pl}, nil
		}
		pl, err := reservedPlacement(ctx, p, opt)
		if err != nil {
			return Answer{}, err
		}
		return Answer{Placement: pl}, nil
	case AskSolutions:
		// Count first, up to the limit: nothing is listed for a problem
		// over it, and it is refused after limit+1 placements are found.
		total, ok, err := countUpTo(ctx, p, opt.MaxSolutions, Options{Workers: opt.Workers})
		if err != nil {
			return Answer{}, err
		}
		if !ok {
			return Answer{}, tooMany(0, opt.MaxSolutions)
		}
		if opt.Emit != nil && total > 0 {
			var err error
			if p.Kind == Reserved {
				err = reservedSolutions(ctx, p, total, opt.Emit)
			} else {
				err = queensWalk(p).each(ctx, func(cols []int) error {
					return opt.Emit(FromColumns(append([]int(nil), cols...)))
				})
			}
			if err != nil {
				return Answer{}, err
			}
		}
		return Answer{Count: total}, nil
	}
	return Answer{}, fmt.Errorf("ask %s is not for %s", p.Ask, p.Kind)
}

// errStop ends a walk early once it has what it needs.
var errStop = errors.New("stop")

// walker is a search that lists the placements of a problem one by one, in a
// fixed order, in the form T it finds them in (a board's columns, a
// Placement).
type walker[T any] struct {
	// each calls fn with every placement in order, stopping at the first
	// error fn returns, or ctx's, and returning it. The T may be reused
	// between calls.
	each func(ctx context.Context, fn func(T) error) error
	// place makes a Placement of a T, one that outlives the call to fn.
	place func(T) Placement
}

// first returns the first placement of w, or nil when there is none.
func (w walker[T]) first(ctx context.Context) (*Placement, error) {
	var found *Placement
	err := w.each(ctx, func(x T) error {
		pl := w.place(x)
		found = &pl
		return errStop
	})
	if err != nil && err != errStop {
		return nil, err
	}
	return found, nil
}

// solutions answers AskSolutions: it returns the number of placements and
// emits each to opt.Emit. It walks twice: the first walk counts, stopping
// with ErrTooManySolutions past opt.MaxSolutions, so that nothing is
// emitted for a problem over the limit; the second emits.
func (w walker[T]) solutions(ctx context.Context, opt Options) (uint64, error) {
	var total uint64
	err := w.each(ctx, func(T) error {
		if total++; total > opt.MaxSolutions {
			return errStop
		}
		return nil
	})
	if err == errStop {
		return 0, tooMany(0, opt.MaxSolutions)
	}
	if err != nil {
		return 0, err
	}
	if opt.Emit != nil {
		if err := w.each(ctx, func(x T) error { return opt.Emit(w.place(x)) }); err != nil {
			return 0, err
		}
	}
	return total, nil
}

// queensWalk is the walker of a queens-only problem: the board's search,
// in lexicographic order of columns.
func queensWalk(p Problem) walker[[]int] {
	return walker[[]int]{
		each:  newBoard(p).each,
		place: func(cols []int) Placement { return FromColumns(append([]int(nil), cols...)) },
	}
}

// FinishCount returns the answer to a long count of p (AskCount or
// AskUnique) from the number of its placements, summed over the
// subproblems of all shards: the count itself, or the classes by Burnside.
func FinishCount(ctx context.Context, p Problem, count uint64) (Answer, error) {
	if err := p.Validate(); err != nil {
		return Answer{}, err
	}
	if p.Kind == QueensKnights {
		return Answer{}, fmt.Errorf("a %s count is not finished from shards", p.Kind)
	}
	switch p.Ask {
	case AskCount:
		return Answer{Count: count}, nil
	case AskUnique:
		u, err := classes(ctx, p, count)
		return Answer{Count: u}, err
	}
	return Answer{}, fmt.Errorf("ask %s is not a count", p.Ask)
}
