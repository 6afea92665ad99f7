package judge

import (
	"io"

	"github.com/queensjudge/queensjudge/solver"
)

// ReadPlacement reads one placement from an answer to p, in the board or
// the column form, with the reader the judge uses, so that it sees the
// placement the judge saw: to draw a wrong answer in the report. ok is false
// when the answer is not one well-formed placement of p's size (none, a
// number, a solutions list, a board of the wrong size or a PE of any kind).
// A * on a square that is not reserved is read as empty. It holds O(n)
// memory and reads at most lim.MaxBytes+1 bytes.
func ReadPlacement(p solver.Problem, r io.Reader, lim Limits) (pl solver.Placement, ok bool) {
	n := p.N
	if n < 1 || r == nil {
		return pl, false
	}
	lim = lim.withDefaults()
	s := newScanner(r, lim.MaxBytes)
	defer s.release()
	t, ok := s.next(max(n, colKeep))
	if !ok {
		return pl, false
	}
	switch t.class {
	case classDigit:
		var c columns
		if _, _, f := readColumns(s, t, n, false, &c); f != nil || c.shape() != nil {
			return pl, false
		}
		base := c.ownBase()
		if base < 0 {
			base = 1 // as the judge reads it
		}
		c.toZero(base)
		pl = solver.Placement{N: n, Queens: make([]solver.Square, n)}
		for row, col := range c.cols {
			pl.Queens[row] = solver.Square{Row: row, Col: int(col)}
		}
		return pl, true
	case classBoard:
		b, _, _, f := readBoard(s, t, p, false)
		if f != nil || b.rows != n || b.width != int64(n) ||
			b.queens != int64(len(b.pl.Queens)) || b.knights != int64(len(b.pl.Knights)) {
			return pl, false // not all the pieces were kept: a picture would lie
		}
		return b.pl, true
	}
	return pl, false
}
