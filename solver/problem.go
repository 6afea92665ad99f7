package solver

import (
	"errors"
	"fmt"
)

// Version identifies the answers this solver gives and how it numbers the
// subproblems of a long count. Change it whenever a change could alter
// either, so that cached results are solved afresh and checkpoints or shards
// of an older numbering are not mixed in.
const Version = "6"

// Kind is the sort of puzzle.
type Kind string

// The kinds of puzzle.
const (
	// NQueens asks for n non-attacking queens on an n×n board.
	NQueens Kind = "nqueens"
	// Reserved is NQueens on a board whose reserved squares may not hold a
	// queen but do not block attacks.
	Reserved Kind = "reserved"
	// QueensKnights asks for m queens and m knights, no piece attacking another.
	QueensKnights Kind = "queens-knights"
)

// Kinds lists every kind, in the order the documentation gives them.
var Kinds = []Kind{NQueens, Reserved, QueensKnights}

// Ask is what a problem asks for.
type Ask string

// The questions a problem can ask.
const (
	// AskCount asks for the number of placements.
	AskCount Ask = "count"
	// AskUnique asks for the number of placements up to symmetry.
	AskUnique Ask = "unique"
	// AskMax asks for the largest m (queens-knights only).
	AskMax Ask = "max"
	// AskSolutions asks for every placement.
	AskSolutions Ask = "solutions"
	// AskPlacement asks for any one placement, or none when there is none.
	AskPlacement Ask = "placement"
)

// Asks lists every ask, in the order the documentation gives them.
var Asks = []Ask{AskCount, AskUnique, AskMax, AskSolutions, AskPlacement}

// AnyM is the value of Problem.M that asks for the largest m possible.
const AnyM = -1

// Limits on the board size. Beyond them the answer cannot be represented
// (counts overflow 64 bits, masks overflow a word) or cannot be computed.
const (
	// MaxCountN is the largest n whose n-queens count fits a uint64 and is
	// known to be computable (Q(27) = 234907967154122528).
	MaxCountN = 27
	// MaxPlacementN is the largest n for which an n-queens placement is built.
	MaxPlacementN = 10_000_000
	// MaxReservedN is the largest reserved board for count, unique and
	// solutions: its diagonals fit one word.
	MaxReservedN = 32
	// MaxReservedPlacementN is the largest reserved board for placement:
	// a board of a million squares, read in a set within its size limit,
	// and searched in seconds when it has a placement (findPlacement).
	MaxReservedPlacementN = 1000
	// MaxKnightsN is the largest queens-knights board for max and
	// placement. From n = 21 on, n-4 knights no longer fit the 16 squares
	// left by n-4 queens, so the largest m is n-5 at most, and a placement
	// with it is found in under a second up to here (n = 24 takes 1.5 to 4
	// s).
	MaxKnightsN = 23
	// MaxKnightsCountN is the largest queens-knights board for count,
	// unique and solutions (of the m KnightsCountM gives). Up to it the
	// largest m leaves a 4×4 frame and the frame search counts in seconds;
	// with 5×5 frames (n = 21) one of the 20,349 subproblems takes minutes.
	MaxKnightsCountN = 20
)

// KnightsCountM returns the m that count, unique and solutions (ask) of
// queens and knights on an n×n board are answered for: any m (ok), or only
// m ≤ lo and m ≥ hi; Validate refuses those between. It says ok for the
// other asks (max and placement take any m) and for an n beyond
// MaxKnightsCountN (refused by n). Between lo and hi the placements are
// 10^10 and more, too many to list in hours, and too few pieces stand on
// the board for the frame search, which lists the queens; m ≤ 3 is counted
// by formulas (knights_few.go), the largest m, and those whose knights
// have no room, by the frame search (KNIGHTS.md). The bounds are measured
// (knightsCountable).
func KnightsCountM(n int, ask Ask) (lo, hi int, ok bool) {
	if n < 1 || n > MaxKnightsCountN {
		return 0, 0, true
	}
	b := knightsCountable[n]
	switch ask {
	case AskCount, AskSolutions:
		lo, hi = int(b[0]), int(b[1])
	case AskUnique:
		lo, hi = int(b[2]), int(b[3])
	default:
		return 0, 0, true
	}
	return lo, hi, hi <= lo+1
}

// knightsCountable holds, for each n up to MaxKnightsCountN, the bounds
// KnightsCountM returns for count (and solutions) and for unique, lo and hi
// each: every m ≤ lo and every m ≥ hi is answered in under 10 CPU-seconds
// (measured one by one, going inwards from m = 4 and from the largest m
// until the first that took longer; m ≤ 3 are the formulas' and take 4.4
// CPU-seconds at most, at n = 20, m = 3). 0, 1: every m.
var knightsCountable = [MaxKnightsCountN + 1][4]int8{
	// n: count lo, hi, unique lo, hi
	1: {0, 1, 0, 1}, 2: {0, 1, 0, 1}, 3: {0, 1, 0, 1}, 4: {0, 1, 0, 1}, 5: {0, 1, 0, 1},
	6: {0, 1, 0, 1}, 7: {0, 1, 0, 1}, 8: {0, 1, 0, 1}, 9: {0, 1, 0, 1}, 10: {0, 1, 0, 1},
	11: {0, 1, 3, 6}, 12: {3, 7, 3, 7}, 13: {3, 9, 3, 9}, 14: {3, 10, 3, 10},
	15: {3, 11, 3, 11}, 16: {3, 12, 3, 12}, 17: {3, 13, 3, 13}, 18: {3, 14, 3, 14},
	19: {3, 15, 3, 15}, 20: {3, 16, 3, 16},
}

// Problem is one puzzle instance.
type Problem struct {
	Kind Kind
	// N is the side of the board.
	N int
	// Reserved holds, for a Reserved problem, the reserved squares row by
	// row, ReservedWords(N) words a row: the square in row r, column c is
	// reserved when bit c%64 of Reserved[r*ReservedWords(N)+c/64] is set.
	// Up to n = 64 that is one mask per row, bit c for column c.
	Reserved []uint64
	// M is the number of queens and of knights of a QueensKnights problem,
	// or AnyM for the largest possible.
	M   int
	Ask Ask
}

// MaxN returns the largest board side the solver accepts for kind and ask.
func MaxN(kind Kind, ask Ask) int {
	switch kind {
	case NQueens:
		if ask == AskPlacement {
			return MaxPlacementN
		}
		return MaxCountN
	case Reserved:
		if ask == AskPlacement {
			return MaxReservedPlacementN
		}
		return MaxReservedN
	case QueensKnights:
		if ask == AskMax || ask == AskPlacement {
			return MaxKnightsN
		}
		return MaxKnightsCountN
	}
	return 0
}

// FieldError is one reason a Problem is not valid, with the field at
// fault, so that a caller reading problems from a file can point at the
// line that field came from without reading the message.
type FieldError struct {
	// Field names the field at fault as a problem set's key names it:
	// "kind", "ask", "n", "board" (for Reserved) or "m".
	Field string
	Msg   string
}

// Error returns the message alone: each message already names its field in
// words.
func (e *FieldError) Error() string { return e.Msg }

// The fields a FieldError can name.
const (
	FieldKind  = "kind"
	FieldAsk   = "ask"
	FieldN     = "n"
	FieldBoard = "board"
	FieldM     = "m"
)

// Fields lists every field a FieldError can name.
var Fields = []string{FieldKind, FieldAsk, FieldN, FieldBoard, FieldM}

func fieldErrorf(field, format string, args ...any) *FieldError {
	return &FieldError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// Validate reports why p is not a problem the solver can answer, or nil.
// Each reason is a *FieldError; several are joined with errors.Join. An
// unknown kind is the only reason given when there is one, since the other
// checks depend on the kind.
func (p Problem) Validate() error {
	var errs []error
	known := false
	for _, k := range Kinds {
		known = known || k == p.Kind
	}
	if !known {
		return fieldErrorf(FieldKind, "unknown kind %q (want nqueens, reserved or queens-knights)", p.Kind)
	}
	switch p.Ask {
	case AskCount, AskUnique, AskSolutions, AskPlacement:
	case AskMax:
		if p.Kind != QueensKnights {
			errs = append(errs, fieldErrorf(FieldAsk, "ask max is only for queens-knights"))
		}
	default:
		errs = append(errs, fieldErrorf(FieldAsk, "unknown ask %q (want count, unique, max, solutions or placement)", p.Ask))
	}
	if max := MaxN(p.Kind, p.Ask); p.N < 1 || p.N > max {
		errs = append(errs, fieldErrorf(FieldN, "n must be 1..%d for %s %s, got %d", max, p.Kind, p.Ask, p.N))
	}
	if p.Kind == Reserved {
		if w := ReservedWords(p.N); p.N < 0 || len(p.Reserved) != p.N*w {
			errs = append(errs, fieldErrorf(FieldBoard, "board has %d rows, want %d", len(p.Reserved)/max(w, 1), p.N))
		} else if p.N >= 1 && p.N <= MaxReservedPlacementN {
			last := uint64(1)<<uint((p.N-1)%64+1) - 1 // the columns of a row's last word
			for r := range p.N {
				if p.Reserved[(r+1)*w-1]&^last != 0 {
					errs = append(errs, fieldErrorf(FieldBoard, "row %d reserves a square beyond column %d", r+1, p.N))
				}
			}
		}
	} else if p.Reserved != nil {
		errs = append(errs, fieldErrorf(FieldBoard, "only a reserved problem has a board"))
	}
	if p.Kind == QueensKnights {
		if p.M != AnyM && (p.M < 0 || p.M > p.N) {
			errs = append(errs, fieldErrorf(FieldM, "m must be 0..n (%d), got %d", p.N, p.M))
		} else if lo, hi, ok := KnightsCountM(p.N, p.Ask); p.M != AnyM && !ok && p.M > lo && p.M < hi {
			errs = append(errs, fieldErrorf(FieldM, "m must be 0..%d or %d..%d for queens-knights %s with n = %d (those between take hours), got %d", lo, hi, p.N, p.Ask, p.N, p.M))
		}
		if p.M != AnyM && p.Ask == AskMax {
			errs = append(errs, fieldErrorf(FieldM, "ask max takes no m"))
		}
	} else if p.M != AnyM && p.M != 0 {
		errs = append(errs, fieldErrorf(FieldM, "only a queens-knights problem has m"))
	}
	return errors.Join(errs...)
}

// ReservedWords returns the words a row of a reserved board of side n
// takes in Problem.Reserved.
func ReservedWords(n int) int { return (n + 63) / 64 }

// NewReserved returns the board of side n with no square reserved, in the
// form Problem.Reserved holds.
func NewReserved(n int) []uint64 { return make([]uint64, max(n, 0)*ReservedWords(n)) }

// IsReserved reports whether the square at row r, column c is reserved.
func (p Problem) IsReserved(r, c int) bool {
	if p.Kind != Reserved || r < 0 || c < 0 || c >= p.N {
		return false
	}
	i := r*ReservedWords(p.N) + c/64
	return i < len(p.Reserved) && p.Reserved[i]>>uint(c%64)&1 == 1
}

// Reserve reserves the square at row r, column c of p's board, which
// must be allocated (NewReserved).
func (p Problem) Reserve(r, c int) {
	p.Reserved[r*ReservedWords(p.N)+c/64] |= 1 << uint(c%64)
}
