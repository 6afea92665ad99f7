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

	h := newHasher()
	var (
		entries  []entry
		bad      *failure // the first invalid placement
		badIndex int
		base     = -1 // the base of the column form, once a line shows it
		baseAt   int
		c        columns
		more     = true
		index    int
	)
	keep := func(h1, h2 uint64, line int) {
		if uint64(len(entries)) <= want {
			entries = append(entries, entry{h1, h2, int32(index), int32(line)})
		}
	}
	for more {
		index++
		if index%4096 == 0 && ctx.Err() != nil {
			return keyError("judging stopped: %v", ctx.Err())
		}
		if columnForm {
			if t.class == classBoard {
				return fail(PE, t.line, "placement %d is a board, but placement 1 is in the column form", index)
			}
			var f *failure
			if t, more, f = readColumns(s, t, p.N, true, &c); f != nil {
				return f
			}
			if bad != nil {
				continue
			}
			f = c.shape()
			if f == nil {
				own := c.ownBase()
				switch {
				case own >= 0 && base >= 0 && own != base:
					f = fail(WA, c.line, "the columns count from %d, but placement %d counted from %d", own, baseAt, base)
				case own >= 0 && base < 0:
					base, baseAt = own, index
				}
				if f == nil {
					use := base
					if own >= 0 {
						use = own
					} else if use < 0 {
						use = 1
					}
					f = ck.columns(&c, use)
				}
			}
			if f != nil {
				bad, badIndex = f.in(index), index
				continue
			}
			h1, h2 := h.columns(c.cols)
			keep(h1, h2, c.line)
			continue
		}

		if t.class == classDigit {
			return fail(PE, t.line, "placement %d is in the column form, but placement 1 is a board", index)
		}
		var b board
		var f *failure
		if b, t, more, f = readBoard(s, t, p, true); f != nil {
			return f
		}
		if f = b.shape(p, true); f != nil && f.verdict == PE {
			return f.in(index)
		}
		if bad != nil {
			continue
		}
		if f == nil {
			f = ck.placement(b.pl, b.line)
		}
		if f != nil {
			if f.verdict == JE {
				return f.in(index)
			}
			bad, badIndex = f.in(index), index
			continue
		}
		h1, h2 := h.placement(b.pl)
		keep(h1, h2, b.line)
	}
	listed := index

	if dup, first, ok := firstRepeat(entries); ok && (bad == nil || int(dup.index) < badIndex) {
		return fail(WA, int(dup.line), "placement %d repeats placement %d (line %d)", dup.index, first.index, first.line)
	}
	if bad != nil {
		return bad
	}
	switch {
	case uint64(listed) > want:
		return keyError("%d distinct valid placements, but the key has only %d", listed, want)
	case uint64(listed) < want:
		missing := ""
		if truth.Solutions != nil {
			missing = firstMissing(ctx, truth, h, entries)
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
