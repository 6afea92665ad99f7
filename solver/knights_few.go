package solver

import (
	"context"
	"math/bits"
	"sync/atomic"

	"github.com/queensjudge/queensjudge/solver/internal/combin"
)

// The count of few queens and knights.
//
// Far below the largest m the placements are astronomically many (n = 20,
// m = 3: 10^13), and the searches that list the knights one set at a time
// (knights_search.go) or by frames (knights_frame.go, whose frames grow
// past a word) run for hours. For m ≤ maxFewM the knights need not be
// listed: with the queens placed, the sets of m non-attacking knights on
// the f squares left are counted by inclusion and exclusion over the
// knight moves between those squares (e of them):
//
//	m = 1: f
//	m = 2: C(f, 2) - e
//	m = 3: C(f, 3) - e(f-2) + P, P = Σ C(deg v, 2)
//
// (a triple with one knight move is taken away once; one with two, a path
// through v, is taken away twice, once for each move, and given back once
// in P; the knight graph has no triangle, as a knight always changes the
// colour of its square). So the work is the queens' placements, about
// n^(2m)/m!: 10^7 for m = 3, n = 20, each a few hundred word operations.
//
// The classes (unique) come by Burnside's lemma: the mean over the 8
// symmetries of the placements each leaves as they are. A placement that a
// symmetry g fixes is made of whole orbits of g's action on the squares,
// so fewFixed places orbits, not squares: few enough to list.

// maxFewM is the largest m counted without listing the knights.
const maxFewM = 3

// fewCount returns the number of placements of m ≤ maxFewM queens and m
// knights on an n×n board, with opt.Workers goroutines. The work is cut by
// the square of the first queen in row-major order, n² parts of
// milliseconds; solveKnights gives it no hooks (the parts are not numbered
// subproblems of a long count: n = 20, m = 3 takes 2 s).
func fewCount(ctx context.Context, n, m int, opt Options) (uint64, error) {
	if m == 0 {
		return 1, ctx.Err() // the empty board
	}
	return runSplit(ctx, n*n, 1, opt, func(*atomic.Bool) (func(int) uint64, func()) {
		w := &fewWorker{s: knightsSearch{n: n, m: m, full: 1<<uint(n) - 1}}
		return w.sub, nil
	})
}

// fewWorker counts subproblems of fewCount; each goroutine has its own.
type fewWorker struct {
	s knightsSearch // for n, m, full and attack
}

// sub returns the count of subproblem i. A subproblem takes milliseconds
// at most (n = 20, m = 3: some 10^4 placements of the other two queens), so
// it does not poll the stop flag.
func (w *fewWorker) sub(i int) uint64 {
	var qatt, block [MaxKnightsN]uint32
	r, c := i/w.s.n, i%w.s.n
	w.s.attack(r, c, &qatt, &block)
	return w.queens(r+1, w.s.m-1, &qatt, &block)
}

// queens places the left queens still to place on rows from row on (a
// queen's own row is taken by it, so the next queen in row-major order
// stands on a later row) and returns the number of placements they make
// with the knights.
func (w *fewWorker) queens(row, left int, qatt, block *[MaxKnightsN]uint32) uint64 {
	if left == 0 {
		return w.knights(block)
	}
	var total uint64
	for r := row; r < w.s.n; r++ {
		for free := w.s.full &^ qatt[r]; free != 0; free &= free - 1 {
			nq, nb := *qatt, *block
			w.s.attack(r, bits.TrailingZeros32(free), &nq, &nb)
			total += w.queens(r+1, left-1, &nq, &nb)
		}
	}
	return total
}

// knights returns the number of sets of m non-attacking knights on the
// squares block leaves free, by the formulas above.
func (w *fewWorker) knights(block *[MaxKnightsN]uint32) uint64 {
	n, m := w.s.n, w.s.m
	var free [MaxKnightsN + 4]uint32 // rows shifted by 2: free[r+2] is row r
	f := 0
	for r := 0; r < n; r++ {
		free[r+2] = w.s.full &^ block[r]
		f += bits.OnesCount32(free[r+2])
	}
	if m == 1 {
		return uint64(f)
	}
	// e: the moves from each square to the rows below it.
	e := 0
	for r := 2; r < n+2; r++ {
		x := free[r]
		e += bits.OnesCount32(x&(free[r+1]<<2)) + bits.OnesCount32(x&(free[r+1]>>2)) +
			bits.OnesCount32(x&(free[r+2]<<1)) + bits.OnesCount32(x&(free[r+2]>>1))
	}
	if m == 2 {
		return combin.Binomial(f, 2) - uint64(e)
	}
	// P: for each square, the pairs of its 8 knight moves that land on
	// free squares.
	var p uint64
	for r := 2; r < n+2; r++ {
		x := free[r]
		if x == 0 {
			continue
		}
		moves := [8]uint32{
			x & (free[r-1] << 2), x & (free[r-1] >> 2), x & (free[r+1] << 2), x & (free[r+1] >> 2),
			x & (free[r-2] << 1), x & (free[r-2] >> 1), x & (free[r+2] << 1), x & (free[r+2] >> 1),
		}
		for a := 0; a < len(moves); a++ {
			for b := a + 1; b < len(moves); b++ {
				p += uint64(bits.OnesCount32(moves[a] & moves[b]))
			}
		}
	}
	return combin.Binomial(f, 3) + p - uint64(e)*uint64(f-2)
}

// fewUnique returns the number of placements of m ≤ maxFewM queens and m
// knights up to the 8 symmetries, given count, the number of all of them
// (fewCount's), by Burnside's lemma.
func fewUnique(ctx context.Context, n, m int, count uint64) (uint64, error) {
	sum := count
	for _, g := range Syms {
		if g == Identity {
			continue
		}
		f, err := fewFixed(ctx, n, m, g)
		if err != nil {
			return 0, err
		}
		sum += f
	}
	return sum / uint64(len(Syms)), nil
}

// fewFixed returns the number of placements of m queens and m knights that
// g maps onto themselves: the queens a union of orbits of g, the knights
// too. It lists them, orbit by orbit: with m ≤ 3 and g not the identity, an
// orbit of one square lies on a line of the board (an axis or a diagonal of
// a mirror, the centre of a turn), so such placements are few (n = 20, m =
// 3: a few million orbit choices for the transpose, none for a turn).
func fewFixed(ctx context.Context, n, m int, g Sym) (uint64, error) {
	orbits := squareOrbits(n, g)
	var queens, knights []Square
	var total uint64
	steps := 0
	var stopped error
	fits := func(o []Square, queen bool) bool {
		for i, s := range o {
			for _, t := range o[:i] {
				if piecesAttack(s, queen, t, queen) {
					return false
				}
			}
			for _, q := range queens {
				if piecesAttack(s, queen, q, true) {
					return false
				}
			}
			for _, k := range knights {
				if piecesAttack(s, queen, k, false) {
					return false
				}
			}
		}
		return true
	}
	var pick func(from, left int, queen bool)
	pick = func(from, left int, queen bool) {
		if stopped != nil {
			return
		}
		if steps++; steps&(1<<14-1) == 0 {
			stopped = ctx.Err()
		}
		if left == 0 {
			if queen {
				pick(0, m, false)
			} else {
				total++
			}
			return
		}
		for i := from; i < len(orbits); i++ {
			o := orbits[i]
			if len(o) > left || !fits(o, queen) {
				continue
			}
			if queen {
				queens = append(queens, o...)
				pick(i+1, left-len(o), true)
				queens = queens[:len(queens)-len(o)]
			} else {
				knights = append(knights, o...)
				pick(i+1, left-len(o), false)
				knights = knights[:len(knights)-len(o)]
			}
		}
	}
	pick(0, m, true)
	return total, stopped
}

// squareOrbits returns the orbits of g's action on the squares of an n×n
// board, each once, in row-major order of their first squares.
func squareOrbits(n int, g Sym) [][]Square {
	seen := make([]bool, n*n)
	var out [][]Square
	for i := range seen {
		if seen[i] {
			continue
		}
		var o []Square
		for s := (Square{i / n, i % n}); !seen[s.Row*n+s.Col]; s = g.Apply(s, n) {
			seen[s.Row*n+s.Col] = true
			o = append(o, s)
		}
		out = append(out, o)
	}
	return out
}

// piecesAttack reports whether pieces on squares a and b attack each other
// (a queen when aQueen, bQueen, a knight otherwise): a queen along its
// lines, whatever stands between, a knight a knight's move away.
func piecesAttack(a Square, aQueen bool, b Square, bQueen bool) bool {
	dr, dc := abs(a.Row-b.Row), abs(a.Col-b.Col)
	if (aQueen || bQueen) && (dr == 0 || dc == 0 || dr == dc) {
		return true
	}
	return (!aQueen || !bQueen) && dr*dc == 2
}
