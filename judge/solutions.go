package judge

import (
	"cmp"
	"context"
	"encoding/binary"
	"hash/maphash"
	"slices"

	"github.com/queensjudge/queensjudge/solver"
)

// entry is what is kept of one valid placement of a solutions list: a
// 128-bit hash of its pieces and where it was.
type entry struct {
	h1, h2      uint64
	index, line int32
}

// hasher hashes placements to 128 bits with two seeded maphashes; the seeds
// are fresh for every answer, so no team can aim at a collision.
type hasher struct {
	s1, s2 maphash.Seed
	buf    []byte
}

func newHasher() *hasher { return &hasher{s1: maphash.MakeSeed(), s2: maphash.MakeSeed()} }

func (h *hasher) sum() (uint64, uint64) {
	return maphash.Bytes(h.s1, h.buf), maphash.Bytes(h.s2, h.buf)
}

func (h *hasher) square(r, c int) {
	h.buf = binary.LittleEndian.AppendUint32(h.buf, uint32(r))
	h.buf = binary.LittleEndian.AppendUint32(h.buf, uint32(c))
}

// placement hashes the pieces of pl, which must be in row-major order.
func (h *hasher) placement(pl solver.Placement) (uint64, uint64) {
	h.buf = h.buf[:0]
	for _, q := range pl.Queens {
		h.square(q.Row, q.Col)
	}
	h.buf = binary.LittleEndian.AppendUint64(h.buf, ^uint64(0))
	for _, k := range pl.Knights {
		h.square(k.Row, k.Col)
	}
	return h.sum()
}

// columns hashes 0-based columns the way placement hashes their queens.
func (h *hasher) columns(cols []int32) (uint64, uint64) {
	h.buf = h.buf[:0]
	for r, c := range cols {
		h.square(r, int(c))
	}
	h.buf = binary.LittleEndian.AppendUint64(h.buf, ^uint64(0))
	return h.sum()
}

// judgeSolutions judges the answer to a solutions problem: the list must be
// the key's set. Each placement is checked; the first invalid one, or the
// first to repeat an earlier one, is WA; otherwise a list shorter than the
// key's count is WA. Only the first count+1 valid placements are kept, as
// hashes: among them, if the list is too long, a repeat is sure to be.
func judgeSolutions(ctx context.Context, s *scanner, ck *checker, truth Truth) *failure {
	p := ck.p
	want := truth.Answer.Count
	t, ok := s.next(max(p.N, colKeep))
	if !ok {
		if s.failed != nil {
			return s.failed
		}
		return empty(solver.AskSolutions)
	}
	if isNone(t) {
		if f := s.rest("none"); f != nil {
			return f
		}
		if want == 0 {
			return accepted("none, and there is no placement")
		}
		return fail(WA, t.line, "answer none, but there are %d placements", want).
			withTeam("answer none, but there are placements")
	}
	columnForm := t.class == classDigit
	switch {
	case columnForm && p.Kind == solver.QueensKnights:
		return fail(PE, t.line, "column numbers are only for queens-only problems: write the boards, %d rows of Q, N and . each", p.N)
	case !columnForm && t.class != classBoard:
		return unreadable(t, "a list of placements (boards separated by blank lines, lines of column numbers, or none)")
	}

	l := solutionsList{ck: ck, h: newHasher(), want: want, base: -1}
	for more := true; more; {
		l.index++
		if l.index%4096 == 0 && ctx.Err() != nil {
			return keyError("judging stopped: %v", ctx.Err())
		}
		var f *failure
		if columnForm {
			t, more, f = l.readColumns(s, t)
		} else {
			t, more, f = l.readBoard(s, t)
		}
		if f != nil {
			return f
		}
	}
	return l.verdict(ctx, truth)
}

// solutionsList is a solutions answer as judgeSolutions reads it, one
// placement after the other: the valid placements kept so far, as hashes,
// and the first invalid one.
type solutionsList struct {
	ck   *checker
	h    *hasher
	want uint64 // the key's count
	// index is the number of the placement read last, 1-based.
	index    int
	entries  []entry
	bad      *failure // the first invalid placement
	badIndex int
	// base is the base of the column form, once a line shows it (-1
	// before), and baseAt the placement that showed it.
	base, baseAt int
	c            columns
}

// keep keeps the hash of a valid placement, at line, while fewer than
// count+1 are kept.
func (l *solutionsList) keep(h1, h2 uint64, line int) {
	if uint64(len(l.entries)) <= l.want {
		l.entries = append(l.entries, entry{h1, h2, int32(l.index), int32(line)})
	}
}

// invalid records f, the failure of the placement read last, when it is
// the first.
func (l *solutionsList) invalid(f *failure) {
	l.bad, l.badIndex = f.in(l.index), l.index
}

// readColumns reads the placement at t in the column form, checks it and
// keeps it when valid. The failure returned ends the judging: a board
// among columns, or a line that cannot be read; an invalid placement is
// recorded instead, and once one is, the rest are only read.
func (l *solutionsList) readColumns(s *scanner, t token) (next token, more bool, f *failure) {
	if t.class == classBoard {
		return t, false, fail(PE, t.line, "placement %d is a board, but placement 1 is in the column form", l.index)
	}
	if t, more, f = readColumns(s, t, l.ck.p.N, true, &l.c); f != nil || l.bad != nil {
		return t, more, f
	}
	if bad := l.checkColumns(); bad != nil {
		l.invalid(bad)
		return t, more, nil
	}
	h1, h2 := l.h.columns(l.c.cols)
	l.keep(h1, h2, l.c.line)
	return t, more, nil
}

// checkColumns checks the columns read last: their shape, the base they
// count from against the list's (a line with a 0 or an N shows its own;
// the first to show one sets the list's, and 1 is taken where none is
// shown yet), and the placement they make.
func (l *solutionsList) checkColumns() *failure {
	c := &l.c
	if f := c.shape(); f != nil {
		return f
	}
	own := c.ownBase()
	switch {
	case own >= 0 && l.base >= 0 && own != l.base:
		return fail(WA, c.line, "the columns count from %d, but placement %d counted from %d", own, l.baseAt, l.base)
	case own >= 0 && l.base < 0:
		l.base, l.baseAt = own, l.index
	}
	use := l.base
	if own >= 0 {
		use = own
	} else if use < 0 {
		use = 1
	}
	return l.ck.columns(c, use)
}

// readBoard reads the placement at t as a board, checks it and keeps it
// when valid. The failure returned ends the judging: columns among boards,
// a board that cannot be read or is misshapen (PE), or a judge error; an
// invalid placement is recorded instead, and once one is, the rest are
// only read and shaped.
func (l *solutionsList) readBoard(s *scanner, t token) (next token, more bool, f *failure) {
	p := l.ck.p
	if t.class == classDigit {
		return t, false, fail(PE, t.line, "placement %d is in the column form, but placement 1 is a board", l.index)
	}
	var b board
	if b, t, more, f = readBoard(s, t, p, true); f != nil {
		return t, more, f
	}
	if f = b.shape(p, true); f != nil && f.verdict == PE {
		return t, more, f.in(l.index)
	}
	if l.bad != nil {
		return t, more, nil
	}
	if f == nil {
		f = l.ck.placement(b.pl, b.line)
	}
	if f != nil {
		if f.verdict == JE {
			return t, more, f.in(l.index)
		}
		l.invalid(f)
		return t, more, nil
	}
	h1, h2 := l.h.placement(b.pl)
	l.keep(h1, h2, b.line)
	return t, more, nil
}

// verdict judges the list read whole: the first repeat or invalid
// placement, whichever comes first, is WA; else the number listed against
// the key's count (a list too long, of distinct valid placements, means a
// wrong key).
func (l *solutionsList) verdict(ctx context.Context, truth Truth) *failure {
	listed, want := l.index, l.want
	if dup, first, ok := firstRepeat(l.entries); ok && (l.bad == nil || int(dup.index) < l.badIndex) {
		return fail(WA, int(dup.line), "placement %d repeats placement %d (line %d)", dup.index, first.index, first.line)
	}
	if l.bad != nil {
		return l.bad
	}
	switch {
	case uint64(listed) > want:
		return keyError("%d distinct valid placements, but the key has only %d", listed, want)
	case uint64(listed) < want:
		missing := ""
		if truth.Solutions != nil {
			missing = firstMissing(ctx, truth, l.h, l.entries)
		}
		return fail(WA, 0, "%s, expected %d%s", solver.Plural(int64(listed), "placement"), want, missing).
			withTeam("%s, all valid and distinct, but some are missing", solver.Plural(int64(listed), "placement"))
	}
	return accepted("all %d placements", want)
}

// firstRepeat sorts entries by hash and returns the earliest entry in the
// list that repeats an earlier one, and that earlier one.
func firstRepeat(entries []entry) (dup, first entry, ok bool) {
	slices.SortFunc(entries, compareEntries)
	for i := 1; i < len(entries); i++ {
		e, prev := entries[i], entries[i-1]
		if e.h1 != prev.h1 || e.h2 != prev.h2 {
			continue
		}
		if i >= 2 && entries[i-2].h1 == e.h1 && entries[i-2].h2 == e.h2 {
			continue // a third copy: the second is earlier
		}
		if !ok || e.index < dup.index {
			dup, first, ok = e, prev, true
		}
	}
	return dup, first, ok
}

func compareEntries(a, b entry) int {
	if c := cmp.Compare(a.h1, b.h1); c != 0 {
		return c
	}
	if c := cmp.Compare(a.h2, b.h2); c != 0 {
		return c
	}
	return cmp.Compare(a.index, b.index)
}

// firstMissing streams the key's placements and names the first one not in
// entries (sorted), for the judge message; "" when it cannot say.
func firstMissing(ctx context.Context, truth Truth, h *hasher, entries []entry) string {
	for pl, err := range truth.Solutions(ctx) {
		if err != nil {
			return ""
		}
		h1, h2 := h.placement(pl)
		_, found := slices.BinarySearchFunc(entries, entry{h1: h1, h2: h2}, func(e, target entry) int {
			if c := cmp.Compare(e.h1, target.h1); c != 0 {
				return c
			}
			return cmp.Compare(e.h2, target.h2)
		})
		if !found {
			return "; missing " + preview(&pl)
		}
	}
	return ""
}
