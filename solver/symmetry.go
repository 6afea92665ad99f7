package solver

import "slices"

// Sym is one of the 8 symmetries of the square (the dihedral group D4).
type Sym int

// The symmetries of the square.
const (
	Identity  Sym = iota
	Rot90         // a quarter turn clockwise
	Rot180        // a half turn
	Rot270        // a quarter turn anticlockwise
	FlipH         // mirror left to right
	FlipV         // mirror top to bottom
	Transpose     // mirror in the main diagonal
	AntiTrans     // mirror in the anti-diagonal
)

// Syms lists the 8 symmetries.
var Syms = []Sym{Identity, Rot90, Rot180, Rot270, FlipH, FlipV, Transpose, AntiTrans}

// Apply maps square s of an n×n board by g.
func (g Sym) Apply(s Square, n int) Square {
	r, c, m := s.Row, s.Col, n-1
	switch g {
	case Rot90:
		return Square{c, m - r}
	case Rot180:
		return Square{m - r, m - c}
	case Rot270:
		return Square{m - c, r}
	case FlipH:
		return Square{r, m - c}
	case FlipV:
		return Square{m - r, c}
	case Transpose:
		return Square{c, r}
	case AntiTrans:
		return Square{m - c, m - r}
	}
	return s
}

// Transform returns pl mapped by g, pieces in row-major order.
func (pl Placement) Transform(g Sym) Placement {
	out := Placement{N: pl.N, Queens: make([]Square, len(pl.Queens)), Knights: make([]Square, len(pl.Knights))}
	for i, s := range pl.Queens {
		out.Queens[i] = g.Apply(s, pl.N)
	}
	for i, s := range pl.Knights {
		out.Knights[i] = g.Apply(s, pl.N)
	}
	sortSquares(out.Queens)
	sortSquares(out.Knights)
	return out
}

// BoardSyms returns the symmetries that map the reserved squares of p onto
// themselves (all 8 when nothing is reserved): the group under which a
// Reserved problem's placements are counted up to symmetry.
func BoardSyms(p Problem) []Sym {
	var group []Sym
	for _, g := range Syms {
		ok := true
		for r := 0; r < p.N && ok; r++ {
			for c := 0; c < p.N && ok; c++ {
				if p.IsReserved(r, c) {
					t := g.Apply(Square{r, c}, p.N)
					ok = p.IsReserved(t.Row, t.Col)
				}
			}
		}
		if ok {
			group = append(group, g)
		}
	}
	return group
}

// isCanonical reports whether pl (pieces in row-major order) is the least of
// its images under group, comparing queens then knights square by square.
// Exactly one placement of each orbit is canonical, so counting the
// canonical placements counts the orbits.
func isCanonical(pl Placement, group []Sym) bool {
	for _, g := range group {
		if g == Identity {
			continue
		}
		if comparePlacements(pl.Transform(g), pl) < 0 {
			return false
		}
	}
	return true
}

func comparePlacements(a, b Placement) int {
	cmp := func(x, y Square) int {
		if x.Row != y.Row {
			return x.Row - y.Row
		}
		return x.Col - y.Col
	}
	if c := slices.CompareFunc(a.Queens, b.Queens, cmp); c != 0 {
		return c
	}
	return slices.CompareFunc(a.Knights, b.Knights, cmp)
}
