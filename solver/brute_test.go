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
