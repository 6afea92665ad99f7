package join

import (
	"math/bits"
	"slices"

	"github.com/queensjudge/queensjudge/solver/internal/combin"
)

// Symmetry in the quadrant join (see quadrant.go): the placements of the
// middle queens of an odd board, one per orbit; the sets S under each, one
// per orbit under the mirrors and half turn used; and an even board's plan,
// sets S paired or long diagonals weighted (evenPlan).

// frees returns the core rows of the north and south halves and the core
// columns of the west and east halves that configuration c leaves free, as
// local masks: the middle row's queen takes a core column, the middle
// column's a core row.
func (qd *Join) frees(c middle) (freeN, freeS, freeW, freeE uint32) {
	h := qd.h
	full := uint32(1)<<uint(h) - 1
	freeN, freeS, freeW, freeE = full, full, full, full
	if len(c.mid) == 2 {
		if a := c.mid[0].Col; a < h {
			freeW &^= 1 << uint(a)
		} else {
			freeE &^= 1 << uint(a-h-1)
		}
		if b := c.mid[1].Row; b < h {
			freeN &^= 1 << uint(b)
		} else {
			freeS &^= 1 << uint(b-h-1)
		}
	}
	return freeN, freeS, freeW, freeE
}

// middle is one placement of the middle row's and column's queens (none on
// an even board) and how the subproblems under it are listed: each set S
// of north core columns that is the least of its orbit under sGroup, of
// weight times the orbit's size.
type middle struct {
	mid    []square
	weight uint16
	sGroup []Sym
	// The long diagonals weighted on an even board (see evenPlan): the main
	// one (row = column) and the anti-diagonal (row + column = n-1).
	weighD, weighA bool
}

// middles lists the placements of the middle queens in their fixed order.
func (qd *Join) middles() []middle {
	n, h := qd.n, qd.h
	if n%2 == 0 {
		sGroup, weighD, weighA := evenPlan(qd.group)
		return []middle{{weight: 1, sGroup: sGroup, weighD: weighD, weighA: weighA}}
	}
	var ms []middle
	m := h
	if !qd.reserved(m, m) {
		ms = append(ms, middle{mid: []square{{m, m}}, weight: 1, sGroup: qd.lineSyms(FlipH, FlipV, Rot180)})
	}
	// The queen of the middle row on column a, that of the middle column on
	// row b, not attacking each other. No such pair is fixed by a symmetry
	// (a pair fixed by a diagonal mirror shares an anti-diagonal or a
	// diagonal), so each stands for its orbit, |G| pairs, and only the
	// least of them is counted.
	for a := range n {
		for b := range n {
			if a == m || b == m || abs(a-m) == abs(b-m) || qd.reserved(m, a) || qd.reserved(b, m) {
				continue
			}
			if pair := []square{{m, a}, {b, m}}; leastMiddle(pair, n, qd.group) {
				ms = append(ms, middle{mid: pair, weight: uint16(len(qd.group))})
			}
		}
	}
	return ms
}

// centre says which sets S of north core columns there are under md: those
// of t of the 2h core columns (the north rows md leaves free), none of them
// in skip (the core column md takes), the west columns first.
func (qd *Join) centre(md middle) (t int, skip uint32) {
	freeN, _, freeW, freeE := qd.frees(md)
	core := uint32(1)<<uint(2*qd.h) - 1
	return bits.OnesCount32(freeN), core &^ (freeW | freeE<<uint(qd.h))
}

// centreSets appends md's subproblems to out, in the order of S.
func (qd *Join) centreSets(out []quadSub, md middle) []quadSub {
	t, skip := qd.centre(md)
	core := uint32(1)<<uint(2*qd.h) - 1
	for s := uint32(1)<<uint(t) - 1; s <= core; s = nextSubset(s) {
		if s&skip != 0 {
			continue
		}
		least, orbit, size := s, [4]uint32{s}, 1
		for _, g := range md.sGroup {
			t := qd.sImage(g, s)
			least = min(least, t)
			if !slices.Contains(orbit[:size], t) {
				orbit[size] = t
				size++
			}
		}
		if least == s {
			out = append(out, quadSub{s: s, weight: md.weight * uint16(size)})
		}
	}
	return out
}

// centreCount returns how many subproblems centreSets lists under md: all
// t-sets of the core columns not in skip when no symmetry pairs them.
func (qd *Join) centreCount(md middle) int {
	if len(md.sGroup) > 0 {
		return len(qd.centreSets(nil, md))
	}
	t, skip := qd.centre(md)
	return int(combin.Binomial(2*qd.h-bits.OnesCount32(skip), t))
}

// sImage returns the image of the set S of north core columns s under g, a
// mirror in a side or the half turn.
func (qd *Join) sImage(g Sym, s uint32) uint32 {
	h := uint(qd.h)
	core := uint32(1)<<(2*h) - 1
	switch g {
	case FlipH:
		return bits.Reverse32(s) >> (32 - 2*h)
	case FlipV:
		return core ^ s
	case Rot180:
		return bits.Reverse32(core^s) >> (32 - 2*h)
	}
	return s
}

// lineSyms returns those of gs that are used.
func (qd *Join) lineSyms(gs ...Sym) []Sym {
	var out []Sym
	for _, g := range gs {
		if qd.has(g) {
			out = append(out, g)
		}
	}
	return out
}

// evenPlan chooses how an even board uses the symmetries of group: the
// mirrors and half turn that pair sets S (sGroup), and the long diagonals
// weighted (see Join).
//
// The weighting is exact when, for every placement, its weights under a
// subgroup H of group add up to |H|. A symmetry moves the queen of a long
// diagonal to a long diagonal, in the same half or the other: the transpose
// moves that of the anti-diagonal to the other half and keeps that of the
// main one; the anti-transpose the reverse; the half turn moves both; a
// quarter turn swaps the two diagonals, moving one queen across. So both
// diagonals can be weighted with H = {1, half turn, transpose,
// anti-transpose} or H = the turns, the main one alone with H = {1,
// anti-transpose} or {1, half turn}, the anti-diagonal alone with {1,
// transpose}. The weights are kept by the mirror left to right (it swaps the
// diagonals within each half) when both are weighted, and by no other
// symmetry, so only that mirror can pair sets S besides.
//
// Which is worth more was measured on the open 16×16 board with the join
// forced to each subgroup (one core): all 8 symmetries 0.24 s, the mirrors
// and half turn (sets S paired) 0.24, the turns or the diagonal group (both
// diagonals weighted) 0.45-0.46, one side mirror or the half turn (S paired)
// 0.46-0.47, one diagonal mirror (one diagonal weighted) 0.62, none 0.89.
// At n = 18 the weighting with the mirror beats the pairing by the mirrors
// and half turn (9.4 s against 13.1), so the open board keeps it. Hence:
// both diagonals weighted (and the mirror, when G has it) when G holds the
// turns or the diagonal group; else the sets S paired by the side mirrors
// and the half turn G holds; else one diagonal weighted by a diagonal mirror.
func evenPlan(group []Sym) (sGroup []Sym, weighD, weighA bool) {
	has := func(g Sym) bool { return slices.Contains(group, g) }
	switch {
	case has(Rot90) || has(Rot180) && has(Transpose) && has(AntiTrans):
		if has(FlipH) {
			sGroup = []Sym{FlipH}
		}
		return sGroup, true, true
	case has(FlipH) || has(FlipV) || has(Rot180):
		for _, g := range []Sym{FlipH, FlipV, Rot180} {
			if has(g) {
				sGroup = append(sGroup, g)
			}
		}
		return sGroup, false, false
	case has(AntiTrans):
		return nil, true, false
	case has(Transpose):
		return nil, false, true
	}
	return nil, false, false
}

// leastMiddle reports whether the middle-row-and-column pair is the least of
// its images under group, comparing (middle-row column, middle-column row).
func leastMiddle(pair []square, n int, group []Sym) bool {
	m := n / 2
	for _, g := range group {
		x, y := g.apply(pair[0], n), g.apply(pair[1], n)
		if x.Row != m {
			x, y = y, x
		}
		if x.Col < pair[0].Col || x.Col == pair[0].Col && y.Row < pair[1].Row {
			return false
		}
	}
	return true
}

// nextSubset returns the next larger number with as many bits set as s
// (Gosper's hack).
func nextSubset(s uint32) uint32 {
	c := s & -s
	r := s + c
	return (s^r)>>2/c | r
}
