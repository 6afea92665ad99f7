package solver

import (
	"slices"
	"strings"
)

// The slow references every fast algorithm is checked against. They try
// every arrangement and test each with attacks written out square by
// square, so they are easy to trust and only reach small boards.

// bruteAttack reports whether pieces a and b attack each other: a queen
// attacks along its row, column and diagonals whatever stands between (a
// piece in between would itself be attacked), a knight a knight's move away.
func bruteAttack(a Square, aQueen bool, b Square, bQueen bool) bool {
	dr, dc := a.Row-b.Row, a.Col-b.Col
	if dr < 0 {
		dr = -dr
	}
	if dc < 0 {
		dc = -dc
	}
	line := dr == 0 || dc == 0 || dr == dc
	knight := (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
	return ((aQueen || bQueen) && line) || ((!aQueen || !bQueen) && knight)
}

// brutePlacements returns every valid placement of wantQ queens and wantN
// knights on p's board (queens off reserved squares), assigning each square
// in turn empty, a queen or a knight.
func brutePlacements(p Problem, wantQ, wantN int) []Placement {
	n := p.N
	var out []Placement
	var qs, ks []Square
	var walk func(i int)
	walk = func(i int) {
		if len(qs) == wantQ && len(ks) == wantN {
			out = append(out, Placement{N: n, Queens: slices.Clone(qs), Knights: slices.Clone(ks)})
			return
		}
		if i == n*n {
			return
		}
		s := Square{i / n, i % n}
		fits := func(queen bool) bool {
			for _, q := range qs {
				if bruteAttack(s, queen, q, true) {
					return false
				}
			}
			for _, k := range ks {
				if bruteAttack(s, queen, k, false) {
					return false
				}
			}
			return true
		}
		if len(qs) < wantQ && !p.IsReserved(s.Row, s.Col) && fits(true) {
			qs = append(qs, s)
			walk(i + 1)
			qs = qs[:len(qs)-1]
		}
		if len(ks) < wantN && fits(false) {
			ks = append(ks, s)
			walk(i + 1)
			ks = ks[:len(ks)-1]
		}
		walk(i + 1)
	}
	walk(0)
	return out
}

// bruteClasses counts the placements up to group by collecting the least
// text form of each orbit.
func bruteClasses(pls []Placement, group []Sym) int {
	seen := map[string]bool{}
	for _, pl := range pls {
		least := ""
		for _, g := range group {
			t := strings.Join(pl.Transform(g).Rows(), "/")
			if least == "" || t < least {
				least = t
			}
		}
		seen[least] = true
	}
	return len(seen)
}

// bruteOn returns the pieces on each square pl names, true for a queen.
func bruteOn(pl Placement) map[Square][]bool {
	on := map[Square][]bool{}
	for _, q := range pl.Queens {
		on[q] = append(on[q], true)
	}
	for _, k := range pl.Knights {
		on[k] = append(on[k], false)
	}
	return on
}

// bruteBefore reports whether a comes before b in row-major order.
func bruteBefore(a, b Square) bool {
	return a.Row < b.Row || a.Row == b.Row && a.Col < b.Col
}

// bruteCheck judges pl against p by the rules written out, piece against
// piece. shape is false when the board is the wrong size, a piece stands off
// it or the pieces are the wrong number: n queens and no knights, or for
// queens-knights m of each (any equal numbers with AnyM). With the shape
// right, bad is false when pl answers p, and otherwise first is the first
// square in row-major order that breaks a rule: it holds two pieces, or a
// queen on a reserved square, or a piece attacked by a piece on a square
// before it.
func bruteCheck(p Problem, pl Placement) (shape bool, first Square, bad bool) {
	n := p.N
	if pl.N != n {
		return false, Square{}, false
	}
	on := bruteOn(pl)
	for s := range on {
		if s.Row < 0 || s.Row >= n || s.Col < 0 || s.Col >= n {
			return false, Square{}, false
		}
	}
	q, k := len(pl.Queens), len(pl.Knights)
	switch {
	case p.Kind != QueensKnights && (q != n || k != 0),
		p.Kind == QueensKnights && p.M == AnyM && q != k,
		p.Kind == QueensKnights && p.M != AnyM && (q != p.M || k != p.M):
		return false, Square{}, false
	}
	for r := range n {
		for c := range n {
			s := Square{r, c}
			here := on[s]
			if len(here) > 1 {
				return true, s, true
			}
			for _, queen := range here {
				if queen && p.IsReserved(r, c) {
					return true, s, true
				}
				for e, there := range on {
					for _, eQueen := range there {
						if bruteBefore(e, s) && bruteAttack(e, eQueen, s, queen) {
							return true, s, true
						}
					}
				}
			}
		}
	}
	return true, Square{}, false
}
