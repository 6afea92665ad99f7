package problems

import (
	"fmt"

	"github.com/queensjudge/queensjudge/solver"
)

// MaxSetBytes is the most a set's answers may take where they are written:
// in the cache, and in its answer key in any format. A set whose answers
// would take more is refused when it is loaded, before any work, with the
// size they would take. Without it the only bound was the number of tests:
// 1,000 n-queens placements of n = 10^7, two lines of YAML, would have
// written 149 GB of key. A command given several sets may write their sum.
//
// The solutions lists of solutions problems are not counted: each is bounded
// at solve time by --max-solutions, which a set does not know (at the
// default, 1,000,000 placements of at most 32 queens, some 400 MB of JSON).
const MaxSetBytes = 1 << 30

// testBytes is what a test takes, in the cache or in the key, besides an
// n-queens placement: its names, definition, hash and answer. The largest,
// a 32×32 reserved board with long names and its placement, takes 2.1 kB
// in the JSON key and 2.2 kB in the cache (measured on 1,000 of them); a
// count is at most 20 digits, a reserved or queens-knights placement at
// most 32 rows.
const testBytes = 4 << 10

// answerBytes returns a bound of what the answer to in takes, beyond
// testBytes, in the cache and in every form of the answer key. An
// n-queens placement grows past testBytes with the problem: its columns
// are a permutation of 1..n, written in decimal, and the largest form of
// them, the key's JSON, puts each on a line of its own, indented six
// spaces and ended by a comma: 8 bytes a column besides its digits (the
// cache stores one space a column; 149 MB against 79 MB for n = 10^7).
// An instance outside the solver's limits, which the loader refuses
// besides, takes nothing here.
//
// A reserved board past solver.MaxReservedN (placement only, up to
// n = 1,000) grows past testBytes too, with its board as well as its
// placement: the cache keeps the board in the problem's definition, a row
// of n squares and a '/' each, and the key's JSON writes it for a test a
// row a line, quoted, indented and ended by a comma: n + 16 bytes a row at
// most. A 1000×1000 test takes some 1 MB; the 1 GiB of a set holds about
// a thousand of them.
func answerBytes(in solver.Problem) int64 {
	if in.N < 1 || in.N > solver.MaxN(in.Kind, in.Ask) {
		return 0
	}
	n := int64(in.N)
	switch {
	case in.Kind == solver.NQueens && in.Ask == solver.AskPlacement:
		return digitsUpTo(in.N) + 8*n
	case in.Kind == solver.Reserved && in.N > solver.MaxReservedN:
		return n*(n+16) + digitsUpTo(in.N) + 8*n
	}
	return 0
}

// digitsUpTo returns the number of decimal digits in 1, 2, …, n written out.
func digitsUpTo(n int) int64 {
	var sum int64
	for d, lo := int64(1), int64(1); lo <= int64(n); d, lo = d+1, lo*10 {
		hi := min(int64(n), lo*10-1)
		sum += d * (hi - lo + 1)
	}
	return sum
}

// setSize sums what the answers of a set take as its problems are decoded,
// and remembers where the sum passes MaxSetBytes.
type setSize struct {
	total int64
	// over is the mistake to report at the case whose answer takes the sum
	// past MaxSetBytes, nil while it has not; its message is worded at the
	// end, with the whole set's size.
	over *Error
	// what is what to ask fewer of, said of the case that passed the sum.
	what string
}

// add counts the cases of p, the index-th problem of the list.
func (s *setSize) add(index int, p Problem) {
	for _, c := range p.Cases() {
		s.total += testBytes + answerBytes(c.Problem)
		if s.over == nil && s.total > MaxSetBytes {
			s.over = &Error{Line: c.Line, Index: index, ID: p.ID}
			s.what = "n-queens placements"
			if c.Kind == solver.Reserved {
				s.what = "reserved boards"
			}
			if c.Test != nil {
				s.over.Test = c.Test.Name
			}
		}
	}
}

// check records the mistake of a set whose answers take more than
// MaxSetBytes, at the case that passes it.
func (s *setSize) check(d *decoder) {
	if s.over == nil || d.full(s.over.Line) {
		return
	}
	e := *s.over
	e.File = d.file
	what := "problem"
	if e.Test != "" {
		what = "test"
	}
	e.Msg = fmt.Sprintf("the set's answers would take %s, more than the %d GiB a set may write to the cache or the answer key, "+
		"from this %s on: ask for fewer or smaller %s", byteSize(s.total), MaxSetBytes>>30, what, s.what)
	d.errs = append(d.errs, &e)
}

// byteSize words a size in bytes for a message, in decimal units, with
// two figures at least: "948 MB", "1.8 GB", "149 GB".
func byteSize(b int64) string {
	for _, u := range []struct {
		name  string
		scale int64
	}{{"TB", 1e12}, {"GB", 1e9}, {"MB", 1e6}, {"kB", 1e3}} {
		switch {
		case b >= 10*u.scale:
			return fmt.Sprintf("%d %s", (b+u.scale/2)/u.scale, u.name)
		case b >= u.scale:
			tenths := (b*10 + u.scale/2) / u.scale
			return fmt.Sprintf("%d.%d %s", tenths/10, tenths%10, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", b)
}
