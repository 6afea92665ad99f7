package picture

import (
	"fmt"

	"github.com/queensjudge/queensjudge/solver"
)

// side returns the side of the board a picture of pl on p's board shows:
// p's, which pl must share unless it is the zero Placement (an empty
// board).
func side(p solver.Problem, pl solver.Placement) (int, error) {
	n := p.N
	if n < 1 {
		return 0, fmt.Errorf("n is %d", n)
	}
	if pl.N != 0 && pl.N != n {
		return 0, fmt.Errorf("a placement on a %d×%d board for a %d×%d problem", pl.N, pl.N, n, n)
	}
	return n, nil
}

// on reports whether s is a square of an n×n board: a picture leaves out
// what is not, rather than fail or panic.
func on(s solver.Square, n int) bool {
	return s.Row >= 0 && s.Row < n && s.Col >= 0 && s.Col < n
}
