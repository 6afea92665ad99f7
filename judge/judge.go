package judge

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/solver"
)

// Judge judges the answer read from r against key. It never fails: bad input
// is a verdict (PE, NO, WA) and a key or reader that cannot be used is JE. It
// reads at most lim.MaxBytes+1 bytes and holds O(n) memory for a placement
// (O(key count) for solutions) whatever the input. Safe for concurrent use.
func Judge(ctx context.Context, truth Truth, r io.Reader, lim Limits) Judgement {
	lim = lim.withDefaults()
	f := judge(ctx, truth, r, lim)
	if f == nil { // not reached: every path ends in a verdict
		f = keyError("no verdict")
	}
	return f.judgement(truth.Problem.N, lim)
}

func judge(ctx context.Context, truth Truth, r io.Reader, lim Limits) *failure {
	p := truth.Problem
	if err := p.Validate(); err != nil {
		return keyError("the key's problem is not valid: %v", err)
	}
	if r == nil {
		return keyError("no answer to read")
	}
	if err := ctx.Err(); err != nil {
		return keyError("judging stopped: %v", err)
	}
	ck := &checker{p: p}
	if p.Kind == solver.QueensKnights && p.M == solver.AnyM {
		if m := truth.Answer.M; m < 0 || m > p.N {
			return keyError("the key's m is %d, outside 0..%d", m, p.N)
		}
		ck.p.M, ck.anyM = truth.Answer.M, true
	}
	s := newScanner(r, lim.MaxBytes)
	defer s.release()
	switch p.Ask {
	case solver.AskCount, solver.AskUnique, solver.AskMax:
		return judgeNumber(s, p.Ask, truth.Answer.Count)
	case solver.AskPlacement:
		return judgePlacement(s, ck, truth)
	case solver.AskSolutions:
		return judgeSolutions(ctx, s, ck, truth)
	}
	return keyError("unknown ask %q", p.Ask)
}

// keyError is a JE: the key or the judging broke, not the team.
func keyError(format string, args ...any) *failure {
	return fail(JE, 0, format, args...).withTeam("judge error: the judges will look into it")
}

func accepted(format string, args ...any) *failure {
	return fail(AC, 0, format, args...).withTeam("accepted")
}

// in prefixes f's messages with the place of a placement in a list.
func (f *failure) in(index int) *failure {
	prefix := "placement " + strconv.Itoa(index) + ": "
	f.msg = prefix + f.msg
	if f.team != "" {
		f.team = prefix + f.team
	}
	return f
}

// isNone reports whether t is the word none, in any case.
func isNone(t token) bool {
	return t.whole() && t.zeros == 0 && strings.EqualFold(string(t.text), "none")
}

// checker checks placements against one key.
type checker struct {
	// p is the key's problem with, for queens-knights, the key's m.
	p solver.Problem
	// anyM is true when the problem leaves m open: the key's m then
	// answers another question (max), so team messages must not name it.
	anyM bool
}

// board checks a placement read in the board form; nil means valid.
func (ck *checker) board(b *board, blocks bool) *failure {
	if f := b.shape(ck.p, blocks); f != nil {
		return f
	}
	return ck.placement(b.pl, b.line)
}

// placement checks pl with solver.Check; nil means valid.
func (ck *checker) placement(pl solver.Placement, line int) *failure {
	p := ck.p
	if !ck.anyM {
		return violation(solver.Check(p, pl), line)
	}
	free := p
	free.M = solver.AnyM
	if f := violation(solver.Check(free, pl), line); f != nil {
		return f
	}
	switch k := len(pl.Queens); {
	case k > p.M:
		return keyError("a valid placement of %s and %s, but the key says the largest m is %d",
			solver.Plural(int64(k), "queen"), solver.Plural(int64(k), "knight"), p.M)
	case k < p.M:
		return fail(WA, line, "%s and %s, expected %d of each", solver.Plural(int64(k), "queen"), solver.Plural(int64(k), "knight"), p.M).
			withTeam("%s and %s: valid, but not the most pieces possible", solver.Plural(int64(k), "queen"), solver.Plural(int64(k), "knight"))
	}
	return nil
}

// columns checks a placement read in the column form, counting from base
// (0 or 1); nil means valid. The columns are made 0-based.
func (ck *checker) columns(c *columns, base int) *failure {
	c.toZero(base)
	f := violation(solver.CheckColumns(ck.p, c.cols), c.line)
	if f != nil && c.row0 < 0 && c.rowN < 0 {
		f.msg += fmt.Sprintf(" (columns read as counting from %d)", base)
	}
	return f
}

func violation(v *solver.Violation, line int) *failure {
	if v == nil {
		return nil
	}
	f := fail(WA, line, "%s", v.Msg)
	f.squares = v.Squares
	return f
}

// ownBase is the base the numbers of c show: 0 or 1, or -1 when they show
// neither. c must have passed shape.
func (c *columns) ownBase() int {
	switch {
	case c.row0 >= 0:
		return 0
	case c.rowN >= 0:
		return 1
	}
	return -1
}

// judgePlacement judges the answer to a placement problem.
func judgePlacement(s *scanner, ck *checker, truth Truth) *failure {
	p := ck.p
	t, ok := s.next(max(p.N, colKeep))
	if !ok {
		if s.failed != nil {
			return s.failed
		}
		return empty()
	}
	var f *failure
	switch {
	case isNone(t):
		if f := s.rest("none"); f != nil {
			return f
		}
		if truth.Answer.Placement == nil {
			return accepted("none, and there is no placement")
		}
		return fail(WA, t.line, "answer none, but there is a placement: %s", preview(truth.Answer.Placement)).
			withTeam("answer none, but there is a placement")
	case t.class == classDigit:
		if p.Kind == solver.QueensKnights {
			return fail(PE, t.line, "column numbers are only for queens-only problems: write the board, %d rows of Q, N and .", p.N)
		}
		var c columns
		if _, _, f := readColumns(s, t, p.N, false, &c); f != nil {
			return f
		}
		if f = c.shape(); f == nil {
			base := c.ownBase()
			if base < 0 {
				base = 1
			}
			f = ck.columns(&c, base)
		}
	case t.class == classBoard:
		b, _, _, rf := readBoard(s, t, p, false)
		if rf != nil {
			return rf
		}
		f = ck.board(&b, false)
	default:
		return unreadable(t, "a placement (n rows of Q, N and ., n column numbers, or none)")
	}
	switch {
	case f != nil:
		if f.verdict == WA {
			f.line = 0 // the squares say where; the line is the first
		}
		return f
	case truth.Answer.Placement == nil:
		return keyError("the key says there is no placement, but this one is valid")
	}
	return accepted("a valid placement")
}

// preview shows a placement in a message: the first columns of a large
// queens-only one, the board rows of a small one.
func preview(pl *solver.Placement) string {
	const maxCols = 16
	if len(pl.Knights) == 0 && len(pl.Queens) == pl.N && pl.N > maxCols {
		var b strings.Builder
		for i, q := range pl.Queens[:maxCols] {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(q.Col + 1))
		}
		b.WriteString(" …")
		return b.String()
	}
	return pl.String()
}
