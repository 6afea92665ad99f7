package judge

import (
	"github.com/queensjudge/queensjudge/solver"
)

// board is one placement read in the board form.
type board struct {
	pl      solver.Placement // the pieces, when the board is n×n
	rows    int
	width   int64
	line    int
	queens  int64 // all the queens and knights, also those not kept in pl
	knights int64
	star    solver.Square // the first * on a square that is not reserved
	hasStar bool
}

// readBoard reads the rows of one placement in the board form, starting
// with row t. With blocks (a solutions list), a blank line ends the board and
// the next token is returned with more == true; otherwise blank lines are
// allowed between rows and the board runs to the end of the text. A token
// that is not a row is PE, except that with blocks one starting a new line
// is left to the caller.
//
// At most n+1 queens and n+1 knights are kept: no valid answer has more,
// so a board of queens fills no more memory than a good answer.
func readBoard(s *scanner, t token, p solver.Problem, blocks bool) (b board, next token, more bool, f *failure) {
	n := p.N
	b = board{pl: solver.Placement{N: n}, line: t.line, width: t.size}
	for first := true; ; first = false {
		if !first && blocks && t.breaks > 1 {
			return b, t, true, nil
		}
		if t.class != classBoard {
			if !first && blocks && t.breaks > 0 && t.class == classDigit {
				return b, t, true, nil // the caller names the mix of forms
			}
			return b, t, false, unreadable(t, "a board row of Q, N, . and *")
		}
		if !first && t.breaks == 0 {
			return b, t, false, fail(PE, t.line, "a space inside a board row: write each row as %d characters with no spaces", n)
		}
		if t.size != b.width {
			return b, t, false, fail(PE, t.line, "row %d of the board has %s, but row 1 has %d", b.rows+1, solver.Plural(t.size, "square"), b.width)
		}
		r := b.rows
		for c, ch := range t.text {
			switch ch {
			case 'Q':
				b.queens++
				if b.width == int64(n) && r < n && b.queens <= int64(n)+1 {
					b.pl.Queens = append(b.pl.Queens, solver.Square{Row: r, Col: c})
				}
			case 'N':
				b.knights++
				if b.width == int64(n) && r < n && b.knights <= int64(n)+1 {
					b.pl.Knights = append(b.pl.Knights, solver.Square{Row: r, Col: c})
				}
			case '*':
				if !b.hasStar && r < n && c < n && !p.IsReserved(r, c) {
					b.star, b.hasStar = solver.Square{Row: r, Col: c}, true
				}
			}
		}
		b.rows++
		var ok bool
		if t, ok = s.next(n); !ok {
			return b, token{}, false, s.failed
		}
	}
}

// shape reports what keeps b from being a placement on an n×n board: the
// wrong size, a * on a square that is not reserved, or more pieces than a
// valid answer has. blocks tells whether b is one of a solutions list.
func (b *board) shape(p solver.Problem, blocks bool) *failure {
	n := p.N
	switch {
	case b.rows == n && b.width == int64(n):
	case int64(b.rows) == b.width:
		return fail(WA, b.line, "board is %d×%d, expected %d×%d", b.rows, b.rows, n, n)
	case blocks && b.width == int64(n) && b.rows%n == 0:
		return fail(PE, b.line, "%d rows of %d squares: separate the placements with a blank line", b.rows, n)
	default:
		return fail(WA, b.line, "board has %s of %s, expected %d×%d", solver.Plural(int64(b.rows), "row"), solver.Plural(b.width, "square"), n, n)
	}
	if b.hasStar {
		f := fail(WA, b.line, "square %s is marked * but is not reserved", b.star.Name(n))
		f.squares = []solver.Square{b.star}
		return f
	}
	// Beyond n+1 of a kind the pieces were not all kept; solver.Check
	// judges the rest.
	if b.queens > int64(n)+1 {
		return fail(WA, b.line, "%s on a board of %d rows: two share a row", solver.Plural(b.queens, "queen"), n)
	}
	if b.knights > int64(n)+1 && p.Kind == solver.QueensKnights {
		return fail(WA, b.line, "%s, more than the m ≤ %d of a %d×%d board", solver.Plural(b.knights, "knight"), n, n, n)
	}
	if b.knights > int64(n)+1 {
		return fail(WA, b.line, "%s, expected 0", solver.Plural(b.knights, "knight"))
	}
	return nil
}
