package judge

import (
	"bytes"
	"strconv"

	"github.com/queensjudge/queensjudge/solver"
)

// maxKeptDigits is how many significant digits of a number are kept: more
// than any uint64 has, so a longer number is wrong by its length alone.
const maxKeptDigits = 32

// judgeNumber judges the answer to a count, unique or max problem: one
// non-negative decimal integer, compared as text with want.
func judgeNumber(s *scanner, ask solver.Ask, want uint64) *failure {
	t, ok := s.next(maxKeptDigits + 1)
	if !ok {
		if s.failed != nil {
			return s.failed
		}
		return empty(ask)
	}
	if t.class != classDigit {
		return unreadable(t, "a non-negative decimal integer")
	}
	digits, size := t.text, t.size-t.zeros // the scanner strips leading zeros
	line := t.line
	if f := s.rest("the number"); f != nil {
		return f
	}
	exp := strconv.FormatUint(want, 10)
	if size == int64(len(exp)) && bytes.Equal(digits, []byte(exp)) {
		return accepted("answer %s", exp)
	}
	got := showNumber(digits, size)
	return fail(WA, line, "answer %s, expected %s", got, exp).withTeam("%s", wrongNumber(ask))
}

func wrongNumber(ask solver.Ask) string {
	switch ask {
	case solver.AskUnique:
		return "the count up to symmetry is wrong"
	case solver.AskMax:
		return "the largest m is wrong"
	}
	return "the count is wrong"
}

// empty is the NO of an empty answer. Its team message says what the
// ask wants written: none only where none is an answer (a placement, a
// solutions list), so that a team answering a count is not told to write
// none, and a team answering solutions learns that an empty list is written
// none, not left empty.
func empty(ask solver.Ask) *failure {
	return fail(NO, 0, "the answer is empty").withTeam("the answer is empty: %s", emptyHint(ask))
}

// emptyHint says what an answer to ask is, for a team that wrote nothing.
func emptyHint(ask solver.Ask) string {
	switch ask {
	case solver.AskUnique:
		return "write the number of placements up to symmetry"
	case solver.AskMax:
		return "write the largest m"
	case solver.AskPlacement:
		return "write a placement, or none when there is no placement"
	case solver.AskSolutions:
		return "list every placement, or write none when there is no placement (the empty list is written none)"
	}
	return "write the number of placements"
}
