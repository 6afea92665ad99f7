package judge

import "github.com/queensjudge/queensjudge/solver"

// columns is one placement read in the column form: the column of the queen
// in each row from the top, as written (from 0 or from 1).
type columns struct {
	n     int
	cols  []int32 // the first n numbers, -1 for one too large for an int32
	count int64   // how many numbers there were
	line  int     // the line of the first number
	// The first rows (0-based) holding 0, n and a number beyond n; -1 for none.
	row0, rowN, rowOff int
	off                token // the number beyond n, for the message
	offText            []byte
}

// colKeep is how much of a column number is kept: n ≤ 10^7 has 8 digits.
const colKeep = 12

// readColumns reads the numbers of one placement in the column form,
// starting with t. With perLine, the placement ends at the end of t's line
// and the first token of the next line is returned with more == true;
// otherwise it runs to the end of the text. A token that is not a number is
// PE, except that with perLine one starting a new line is left to the caller.
// c's memory is reused.
func readColumns(s *scanner, t token, n int, perLine bool, c *columns) (next token, more bool, f *failure) {
	if cap(c.cols) < n {
		c.cols = make([]int32, 0, n)
	}
	*c = columns{n: n, cols: c.cols[:0], line: t.line, row0: -1, rowN: -1, rowOff: -1, offText: c.offText[:0]}
	for first := true; ; first = false {
		if !first && perLine && t.breaks > 0 {
			return t, true, nil
		}
		if t.class != classDigit { // on a line of its own only after the first
			return t, false, unreadable(t, "a column number")
		}
		v := int64(-1)
		if sig := t.size - t.zeros; sig <= 9 {
			v = 0
			for _, d := range t.text {
				v = v*10 + int64(d-'0')
			}
		}
		row := int(c.count)
		switch {
		case v == 0 && c.row0 < 0:
			c.row0 = row
		case v == int64(n) && c.rowN < 0:
			c.rowN = row
		case (v < 0 || v > int64(n)) && c.rowOff < 0:
			c.rowOff = row
			c.off = t
			c.offText = append(c.offText[:0], t.text...)
		}
		if c.count < int64(n) {
			c.cols = append(c.cols, int32(v))
		}
		c.count++
		var ok bool
		if t, ok = s.next(colKeep); !ok {
			return token{}, false, s.failed
		}
	}
}

// base returns the base the numbers count from: 0 when a 0 is among them, 1
// when n is, 1 (the form of the answer keys) when neither is, and -1 when
// both are.
func (c *columns) base() int {
	switch {
	case c.row0 >= 0 && c.rowN >= 0:
		return -1
	case c.row0 >= 0:
		return 0
	}
	return 1
}

// shape reports what keeps c from being n columns on the board: the wrong
// count, a number off the board, or both 0 and n among the numbers.
func (c *columns) shape() *failure {
	n := c.n
	if c.count != int64(n) {
		return fail(WA, c.line, "%s, expected %d (one for each row)", solver.Plural(c.count, "column number"), n)
	}
	if c.rowOff >= 0 {
		return fail(WA, c.line, "row %d from the top: column %s is off the board of %d columns",
			c.rowOff+1, showNumber(c.offText, c.off.size-c.off.zeros), n)
	}
	if c.base() < 0 {
		return fail(WA, c.line, "the columns must count all from 0 or all from 1, but row %d from the top has 0 and row %d has %d",
			c.row0+1, c.rowN+1, n)
	}
	return nil
}

// toZero makes the columns count from 0, given that they count from base.
func (c *columns) toZero(base int) {
	if base == 0 {
		return
	}
	for i := range c.cols {
		c.cols[i] -= int32(base)
	}
}
