package join

// Sym is one of the 8 symmetries of the square, numbered as solver.Sym
// numbers them, so that solver passes its own as Sym(g). The join keeps its
// own copy of the group (and of square below) because it may not import
// solver, which imports it; solver's tests check that the two agree
// (TestJoinSyms).
type Sym int

// The symmetries of the square, in solver.Sym's order.
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

// square is a square of the board: row and column from 0.
type square struct{ Row, Col int }

// Apply returns the image of square (r, c) of an n×n board under g.
func (g Sym) Apply(r, c, n int) (int, int) {
	s := g.apply(square{r, c}, n)
	return s.Row, s.Col
}

// apply maps square s of an n×n board by g.
func (g Sym) apply(s square, n int) square {
	r, c, m := s.Row, s.Col, n-1
	switch g {
	case Rot90:
		return square{c, m - r}
	case Rot180:
		return square{m - r, m - c}
	case Rot270:
		return square{m - c, r}
	case FlipH:
		return square{r, m - c}
	case FlipV:
		return square{m - r, c}
	case Transpose:
		return square{c, r}
	case AntiTrans:
		return square{m - c, m - r}
	}
	return s
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
