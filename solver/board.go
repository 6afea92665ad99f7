package solver

import (
	"context"
	"math/bits"
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
}

func newBoard(p Problem) *board {
	b := &board{n: p.N, full: 1<<uint(p.N) - 1, free: make([]uint64, p.N)}
	for r := range b.free {
		b.free[r] = b.full
		if p.Kind == Reserved {
			b.free[r] &^= p.Reserved[r]
		}
	}
	return b
}

// count returns the number of completions of the rows from row on. It is the
// whole count of a small board: nothing to set up, nothing to poll.
func (b *board) count(row int, cols, diag, anti uint64) uint64 {
	if row == b.n-1 {
		return uint64(bits.OnesCount64(b.free[row] &^ (cols | diag | anti)))
	}
	var total uint64
	for avail := b.free[row] &^ (cols | diag | anti); avail != 0; avail &= avail - 1 {
		bit := avail & -avail
		total += b.count(row+1, cols|bit, (diag|bit)<<1&b.full, (anti|bit)>>1)
	}
	return total
}

// mirrored reports whether the free squares are symmetric left to right.
func (b *board) mirrored() bool {
	for _, f := range b.free {
		if bits.Reverse64(f)>>(64-uint(b.n)) != f {
			return false
		}
	}
	return true
}

// countSmall counts the placements of a small board in one go, using the
// mirror when the board has it.
func (b *board) countSmall() uint64 {
	if b.n == 1 || !b.mirrored() {
		return b.count(0, 0, 0, 0)
	}
	var total uint64
	for avail := b.free[0]; avail != 0; avail &= avail - 1 {
		bit := avail & -avail
		c := bits.TrailingZeros64(bit)
		w := uint64(2)
		switch {
		case 2*c+1 > b.n:
			return total
		case 2*c+1 == b.n:
			w = 1
		}
		total += w * b.count(1, bit, bit<<1&b.full, bit>>1)
	}
	return total
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

// spread is the search for large boards, split into numbered subproblems.
// Diagonals are kept in board coordinates (bit c-r+n-1 of diag, bit r+c of
// anti for a queen on row r, column c), so that the rows can be filled in
// any order: each step fills the row with the fewest candidates, which on a
// board with many reserved squares cuts the tree hard. An open board keeps
// the top-down order, which is cheaper per step.
type spread struct {
	n        int
	full     uint64
	free     [MaxReservedN]uint64
	fewest   bool
	prefixes []spreadNode
	stop     *atomic.Bool // polled at nodes with pollRows rows or more left
}

// fewestRows is the fewest rows left at which spread.next looks for the row
// with the fewest candidates; below it the choice gains less than it costs.
const fewestRows = 7

// pollRows is where spread.count polls its stop flag: the subtree of a node
// with fewer rows left is small, and the nodes above it are few.
const pollRows = 9

// spreadNode is a partial placement: the rows still empty, what the queens
// placed take, and the placements each completion stands for.
type spreadNode struct {
	rows, cols, diag, anti uint64
	weight                 uint64
}

// splitTarget is how many subproblems a long count is cut into at least:
// enough for an even spread over the workers, for checkpoints and shards,
// and for cancellation between subproblems.
const splitTarget = 10_000

func newSpread(b *board) *spread {
	s := &spread{n: b.n, full: b.full}
	copy(s.free[:], b.free)
	for _, f := range b.free {
		if f != b.full {
			s.fewest = true
		}
	}
	s.split(b.mirrored())
	return s
}

// candidates returns the columns row r can take in node x.
func (s *spread) candidates(x *spreadNode, r int) uint64 {
	return s.free[r&(MaxReservedN-1)] &^ (x.cols | x.diag>>uint(s.n-1-r) | x.anti>>uint(r))
}

// next returns the row to fill next in x and its candidates.
func (s *spread) next(x *spreadNode) (int, uint64) {
	if !s.fewest {
		r := bits.TrailingZeros64(x.rows)
		return r, s.candidates(x, r)
	}
	best, bestC, least := -1, uint64(0), 65
	for rows := x.rows; rows != 0; rows &= rows - 1 {
		r := bits.TrailingZeros64(rows)
		c := s.candidates(x, r)
		if k := bits.OnesCount64(c); k < least {
			best, bestC, least = r, c, k
			if k <= 1 {
				break
			}
		}
	}
	return best, bestC
}

func (s *spread) place(x spreadNode, r int, bit uint64) spreadNode {
	c := bits.TrailingZeros64(bit)
	x.rows &^= 1 << uint(r)
	x.cols |= bit
	x.diag |= 1 << uint(c-r+s.n-1)
	x.anti |= 1 << uint(r+c)
	return x
}

// split cuts the search into at least splitTarget subproblems (fewer when
// the board has fewer), level by level, in a fixed order. On a board
// symmetric left to right the first row filled only takes queens left of
// the middle, counted twice, and the middle one.
func (s *spread) split(mirror bool) {
	level := []spreadNode{{rows: s.full, weight: 1}}
	for depth := 0; depth < s.n-1 && len(level) < splitTarget; depth++ {
		var next []spreadNode
		for _, x := range level {
			r, avail := s.next(&x)
			for ; avail != 0; avail &= avail - 1 {
				bit := avail & -avail
				child := s.place(x, r, bit)
				if depth == 0 && mirror && s.n > 1 {
					c := bits.TrailingZeros64(bit)
					switch {
					case 2*c+1 > s.n:
						continue
					case 2*c+1 < s.n:
						child.weight = 2
					}
				}
				next = append(next, child)
			}
		}
		level = next
		if len(level) == 0 {
			break
		}
	}
	s.prefixes = level
}

// count returns the number of completions of node x; it gives up early, with
// a meaningless result, once stop is set.
func (s *spread) count(x *spreadNode) uint64 {
	return s.walk(x.rows, x.cols, x.diag, x.anti)
}

func (s *spread) walk(rows, cols, diag, anti uint64) uint64 {
	left := bits.OnesCount64(rows)
	if left >= pollRows && s.stop.Load() {
		return 0
	}
	x := spreadNode{rows: rows, cols: cols, diag: diag, anti: anti}
	r, avail := s.next(&x)
	if left == 1 {
		return uint64(bits.OnesCount64(avail))
	}
	rows &^= 1 << uint(r)
	var total uint64
	for ; avail != 0; avail &= avail - 1 {
		c := bits.TrailingZeros64(avail)
		total += s.walk(rows, cols|1<<uint(c), diag|1<<uint(c-r+s.n-1), anti|1<<uint(r+c))
	}
	return total
}
