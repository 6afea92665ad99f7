package solver

import (
	"context"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// board is the row-by-row bitboard search shared by n-queens and reserved
// boards: bit c of a mask is column c, free[r] holds the squares of row r that
// may take a queen. Diagonals are kept relative to the current row, shifted
// one column per row, so n ≤ 32 keeps everything in one word.
type board struct {
	n    int
	full uint64
	free []uint64
	// stop is polled at row checkRow; a set flag unwinds the search.
	stop     *atomic.Bool
	checkRow int
}

func newBoard(p Problem) *board {
	b := &board{n: p.N, full: 1<<uint(p.N) - 1, free: make([]uint64, p.N), stop: new(atomic.Bool), checkRow: -1}
	for r := range b.free {
		b.free[r] = b.full
		if p.Kind == Reserved {
			b.free[r] &^= p.Reserved[r]
		}
	}
	return b
}

// prefix is a partial placement of the first rows: the state of the search
// after them, and the number of placements each completion stands for.
type prefix struct {
	row              int
	cols, diag, anti uint64
	weight           uint64
}

func (b *board) place(pf prefix, bit uint64) prefix {
	return prefix{
		row:    pf.row + 1,
		cols:   pf.cols | bit,
		diag:   (pf.diag | bit) << 1 & b.full,
		anti:   (pf.anti | bit) >> 1,
		weight: pf.weight,
	}
}

func (b *board) candidates(pf prefix) uint64 {
	return b.free[pf.row] &^ (pf.cols | pf.diag | pf.anti)
}

// count returns the number of completions of the rows from pf.row on.
func (b *board) count(row int, cols, diag, anti uint64) uint64 {
	if row == b.n {
		return 1
	}
	if row == b.checkRow && b.stop.Load() {
		return 0
	}
	var total uint64
	for avail := b.free[row] &^ (cols | diag | anti); avail != 0; avail &= avail - 1 {
		bit := avail & -avail
		total += b.count(row+1, cols|bit, (diag|bit)<<1&b.full, (anti|bit)>>1)
	}
	return total
}

// mirrored reports whether the free squares are symmetric left to right, so
// that only first-row queens in the left half need be searched.
func (b *board) mirrored() bool {
	for _, f := range b.free {
		if bits.Reverse64(f)>>(64-uint(b.n)) != f {
			return false
		}
	}
	return true
}

// splitTarget is how many independent subproblems a parallel count is cut
// into: enough for an even spread over the workers and for cancellation to
// take effect between subproblems.
const splitTarget = 10_000

// prefixes cuts the search into at least target subproblems (fewer when the
// board has fewer), each a placement of the same number of first rows. On a
// left-right symmetric board, first-row queens right of the middle are left
// out and those left of it weigh 2.
func (b *board) prefixes(target int) []prefix {
	level := []prefix{{weight: 1}}
	mirror := b.mirrored()
	for depth := 0; depth < b.n-1 && len(level) < target; depth++ {
		var next []prefix
		for _, pf := range level {
			for avail := b.candidates(pf); avail != 0; avail &= avail - 1 {
				bit := avail & -avail
				child := b.place(pf, bit)
				if depth == 0 && mirror && b.n > 1 {
					c := bits.TrailingZeros64(bit)
					switch {
					case 2*c+1 > b.n:
						continue
					case 2*c+1 < b.n:
						child.weight = 2
					}
				}
				next = append(next, child)
			}
		}
		level = next
	}
	return level
}

// countParallel counts the placements of queens on the free squares of b,
// handing subproblems to workers (GOMAXPROCS when workers < 1) from a shared
// counter. It stops early with ctx's error when ctx is done.
func (b *board) countParallel(ctx context.Context, workers int) (uint64, error) {
	pfs := b.prefixes(splitTarget)
	if len(pfs) == 0 {
		return 0, ctx.Err()
	}
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	b.checkRow = min(pfs[0].row+2, b.n-1)
	stopWatch := context.AfterFunc(ctx, func() { b.stop.Store(true) })
	defer stopWatch()

	var next atomic.Int64
	var total atomic.Uint64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !b.stop.Load() {
				i := int(next.Add(1) - 1)
				if i >= len(pfs) {
					return
				}
				pf := pfs[i]
				total.Add(pf.weight * b.count(pf.row, pf.cols, pf.diag, pf.anti))
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	return total.Load(), nil
}

// each calls fn with the 0-based columns of every placement in
// lexicographic order, stopping at the first error fn returns (or ctx's).
// cols is reused between calls.
func (b *board) each(ctx context.Context, fn func(cols []int) error) error {
	cols := make([]int, b.n)
	var visited int
	var walk func(row int, used, diag, anti uint64) error
	walk = func(row int, used, diag, anti uint64) error {
		if row == b.n {
			return fn(cols)
		}
		if visited++; visited%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		for avail := b.free[row] &^ (used | diag | anti); avail != 0; avail &= avail - 1 {
			bit := avail & -avail
			cols[row] = bits.TrailingZeros64(bit)
			if err := walk(row+1, used|bit, (diag|bit)<<1&b.full, (anti|bit)>>1); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(0, 0, 0, 0)
}
