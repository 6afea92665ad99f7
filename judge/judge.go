package judge

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/solver"
)

// Judge judges the answer read from r against truth, which is at hand. It
// never fails: bad input is a verdict (PE, NO, WA) and a key or reader that
// cannot be used is JE. It reads at most lim.MaxBytes+1 bytes and holds
// O(n) memory for a placement (O(key count) for solutions) whatever the
// input. Safe for concurrent use.
//
// A valid placement is AC, but one that truth says cannot exist is JE: the
// truth at hand is wrong. Where the truth is still to be had, JudgeLazily
// asks for it only when the answer needs it.
func Judge(ctx context.Context, truth Truth, r io.Reader, lim Limits) Judgement {
	return judgeAnswer(ctx, truth.Problem, &lazyTruth{truth: truth, had: true}, r, lim)
}

// JudgeLazily judges the answer read from r to p as Judge does, asking
// truth for the ground truth only when the answer needs it: before reading
// the answer when every answer to p does (NeedsTruth), else only when the
// answer is none. So a valid placement is AC, and an invalid one WA (the
// checker says what is wrong), without the truth; none is AC or WA by the
// truth, and JE when the truth cannot be had (truth's error), naming why.
// An answer that needs a truth that cannot be had is JE before it is read,
// as in Contest.
//
// Judgement.WithoutTruth says whether the verdict was reached without
// asking. truth is called at most once, from this goroutine; the verdict
// is judged against p, with the truth's Answer (and for a queens-knights
// problem with M = solver.AnyM, its m). Safe for concurrent use when truth
// is.
func JudgeLazily(ctx context.Context, p solver.Problem, truth func(context.Context) (Truth, error), r io.Reader, lim Limits) Judgement {
	return judgeAnswer(ctx, p, &lazyTruth{ask: truth}, r, lim)
}

// judgeAnswer judges the answer read from r to p against lt.
func judgeAnswer(ctx context.Context, p solver.Problem, lt *lazyTruth, r io.Reader, lim Limits) Judgement {
	lim = lim.withDefaults()
	f := judge(ctx, p, lt, r, lim)
	if f == nil { // not reached: every path ends in a verdict
		f = keyError("no verdict")
	}
	j := f.judgement(p.N, lim)
	j.WithoutTruth = !lt.used && j.Verdict != JE
	return j
}

// lazyTruth is the ground truth of one judgement: at hand (had), or asked
// for the first time a verdict needs it.
type lazyTruth struct {
	ask   func(context.Context) (Truth, error)
	had   bool // truth is at hand, or was asked for: err says whether it came
	truth Truth
	err   error
	// used is true once a verdict depended on the truth.
	used bool
}

// get returns the truth, asking for it the first time.
func (lt *lazyTruth) get(ctx context.Context) (Truth, error) {
	if !lt.had {
		lt.had = true
		if lt.ask == nil {
			lt.err = errors.New("no source of the ground truth")
		} else {
			lt.truth, lt.err = lt.ask(ctx)
		}
	}
	lt.used = true
	return lt.truth, lt.err
}

// known returns the truth when it is at hand without asking.
func (lt *lazyTruth) known() (Truth, bool) {
	return lt.truth, lt.had && lt.err == nil
}

// noTruth is the JE of an answer that needs the ground truth when it
// cannot be had: the judges' own error, kept whole up to maxJudgeError.
func noTruth(format string, args ...any) *failure {
	f := keyError(format, args...)
	f.whole = true
	return f
}

func judge(ctx context.Context, p solver.Problem, lt *lazyTruth, r io.Reader, lim Limits) *failure {
	if err := p.Validate(); err != nil {
		return keyError("the key's problem is not valid: %v", err)
	}
	if r == nil {
		return keyError("no answer to read")
	}
	if err := ctx.Err(); err != nil {
		return keyError("judging stopped: %v", err)
	}
	var truth Truth
	if NeedsTruth(p) {
		t, err := lt.get(ctx)
		if err != nil {
			return noTruth("no ground truth: %v", err)
		}
		truth = t
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
		return judgePlacement(ctx, s, ck, lt)
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

// judgePlacement judges the answer to a placement problem. Only none asks
// lt for the truth: a placement is judged by the checker alone, and a
// valid one is AC unless a truth already at hand says none exists.
func judgePlacement(ctx context.Context, s *scanner, ck *checker, lt *lazyTruth) *failure {
	p := ck.p
	t, ok := s.next(max(p.N, colKeep))
	if !ok {
		if s.failed != nil {
			return s.failed
		}
		return empty(solver.AskPlacement)
	}
	var f *failure
	switch {
	case isNone(t):
		if f := s.rest("none"); f != nil {
			return f
		}
		truth, err := lt.get(ctx)
		if err != nil {
			return noTruth("no ground truth to judge none: %v", err)
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
	}
	if truth, ok := lt.known(); ok && truth.Answer.Placement == nil {
		lt.used = true
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
