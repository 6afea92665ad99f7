package solver

import (
	"context"
	"fmt"
	"math/bits"
)

// classes returns the number of placements of p's queens up to the
// symmetries of p's board, given count, the number of all placements.
//
// By Burnside's lemma the number of orbits is the mean, over the group, of
// the placements each symmetry fixes. For n > 1 no queens placement is fixed
// by a reflection (a mirror in a side pairs queens in one row or column, a
// mirror in a diagonal pairs queens on one anti-diagonal or diagonal), so
// only the turns contribute: a half turn fixes P placements, each quarter
// turn the same R, and classes = (count + P + 2R) / 8 on a plain board.
func classes(ctx context.Context, p Problem, count uint64) (uint64, error) {
	group := BoardSyms(p)
	if count == 0 {
		return 0, nil // a placement fixed by a turn is a placement
	}
	if p.N == 1 {
		return count, nil // the lone square, fixed by everything
	}
	sum := count
	fixed := map[Sym]uint64{}
	for _, g := range group {
		switch g {
		case Rot90, Rot270, Rot180:
			turn := g
			if g == Rot270 {
				turn = Rot90 // a placement fixed by one quarter turn is fixed by the other
			}
			f, ok := fixed[turn]
			if !ok {
				var err error
				if f, err = countFixed(ctx, p, turn); err != nil {
					return 0, err
				}
				fixed[turn] = f
			}
			if sum, ok = addCount(sum, f); !ok {
				return 0, errOverflow
			}
		}
	}
	return sum / uint64(len(group)), nil
}

// countFixed counts the placements of p's queens that the turn g maps onto
// themselves; p's reserved squares must be mapped onto themselves by g. It
// places whole orbits of g at once, filling the top free row each time, so
// it searches a board of a half (Rot180) or a quarter (Rot90) of the rows.
//
// Every mask of such a placement is symmetric, which keeps each step to a
// few word operations: under the half turn the queen on row r, column c
// (diagonal index δ = c-r+n-1, anti-diagonal α = r+c) has its image on
// column n-1-c, δ' = 2n-2-δ and α' = 2n-2-α; under the quarter turn the four
// queens of an orbit take the same set of rows as of columns, and the same
// set of indices {δ, α, 2n-2-δ, 2n-2-α} of diagonals as of anti-diagonals.
func countFixed(ctx context.Context, p Problem, g Sym) (uint64, error) {
	f := fixedSearch{n: p.N, full: 1<<uint(p.N) - 1, ctx: ctx}
	for r := 0; r < p.N; r++ {
		f.free[r] = f.full
		if p.Kind == Reserved {
			f.free[r] &^= p.Reserved[r]
		}
	}
	n := p.N
	m := n / 2
	var c uint64
	switch g {
	case Rot180:
		if n%2 == 0 {
			c = f.half(0, 0, 0, 0)
			break
		}
		// The middle row's queen is its own image: the centre.
		if f.free[m]>>uint(m)&1 == 1 {
			c = f.half(0, 1<<uint(m), 1<<uint(n-1), 1<<uint(n-1))
		}
	case Rot90, Rot270:
		switch n % 4 {
		case 0:
			c = f.quarter(0, 0)
		case 1:
			if f.free[m]>>uint(m)&1 == 1 {
				c = f.quarter(1<<uint(m), 1<<uint(n-1))
			}
		}
	default:
		return 0, fmt.Errorf("count fixed placements: %v is not a turn", g)
	}
	if f.stopped {
		return 0, ctx.Err()
	}
	return c, nil
}

// fixedSearch is the state of countFixed.
type fixedSearch struct {
	n       int
	full    uint64
	free    [64]uint64
	ctx     context.Context
	polls   int
	stopped bool
}

// poll reports whether the search should stop; it asks ctx every 1024 calls.
func (f *fixedSearch) poll() bool {
	if f.polls++; f.polls&1023 == 0 && f.ctx.Err() != nil {
		f.stopped = true
	}
	return f.stopped
}

// half counts the half-turn-fixed completions with rows 0..r-1 (and their
// images) filled.
func (f *fixedSearch) half(r int, cols, diag, anti uint64) uint64 {
	n := f.n
	if r >= n/2 {
		return 1
	}
	if r < n/2-4 && f.poll() {
		return 0
	}
	// A queen on column r or n-1-r would share a diagonal with its image,
	// one on the middle column (odd n) its column.
	avail := f.free[r&63] &^ (cols | diag>>uint(n-1-r) | anti>>uint(r) | 1<<uint(r) | 1<<uint(n-1-r))
	if n%2 == 1 {
		avail &^= 1 << uint(n/2)
	}
	var total uint64
	for ; avail != 0; avail &= avail - 1 {
		c := bits.TrailingZeros64(avail)
		d, a := uint(c-r+n-1), uint(r+c)
		total += f.half(r+1, cols|1<<uint(c)|1<<uint(n-1-c), diag|1<<d|1<<(uint(2*n-2)-d), anti|1<<a|1<<(uint(2*n-2)-a))
	}
	return total
}

// quarter counts the quarter-turn-fixed completions of a placement whose
// rows (and columns) are used and whose diagonals (and anti-diagonals) are
// lines.
func (f *fixedSearch) quarter(used, lines uint64) uint64 {
	n := f.n
	r := bits.TrailingZeros64(^used)
	if r >= n/2 {
		return 1 // the top half's rows are filled, and with them all
	}
	if f.poll() {
		return 0
	}
	var total uint64
	for avail := f.free[r&63] &^ used; avail != 0; avail &= avail - 1 {
		c := bits.TrailingZeros64(avail)
		// The orbit (r,c) (c,n-1-r) (n-1-r,n-1-c) (n-1-c,r) takes rows
		// {r, c, n-1-r, n-1-c}: four distinct ones, none used.
		if c == r || c == n-1-r || 2*c == n-1 {
			continue
		}
		rows := uint64(1)<<uint(r) | 1<<uint(c) | 1<<uint(n-1-r) | 1<<uint(n-1-c)
		if rows&used != 0 {
			continue
		}
		d, a := uint(c-r+n-1), uint(r+c)
		ls := uint64(1)<<d | 1<<a | 1<<(uint(2*n-2)-d) | 1<<(uint(2*n-2)-a)
		if bits.OnesCount64(ls) != 4 || ls&lines != 0 {
			continue
		}
		total += f.quarter(used|rows, lines|ls)
	}
	return total
}
