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
		return empty()
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

func empty() *failure {
	return fail(NO, 0, "the answer is empty").withTeam("the answer is empty (write none when there is no placement)")
}
