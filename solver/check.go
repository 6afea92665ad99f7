package solver

import (
	"fmt"
	"slices"
	"strconv"
)

// Violation is the first thing wrong with a placement: the reason it is not
// an answer to the problem, and the squares at fault (none, one or two).
type Violation struct {
	Msg     string
	Squares []Square
}

func (v *Violation) Error() string { return v.Msg }

func violation(squares []Square, format string, args ...any) *Violation {
	return &Violation{Msg: fmt.Sprintf(format, args...), Squares: squares}
}

// Check reports the first violation that keeps pl from answering p, or nil
// when pl is a valid placement. For a queens-knights problem p.M must be the
// m the answer is for; with AnyM only equal numbers of queens and knights
// are required. It runs in O(n) time and memory plus the number of pieces, so
// it checks a 10,000,000-queen placement in well under a second.
//
// Violations are looked for in a fixed order: the board size, pieces off the
// board, the number of pieces, then the pieces in row-major order, each
// against the pieces before it; a conflict names the nearest earlier piece.
func Check(p Problem, pl Placement) *Violation {
	n := p.N
	if pl.N != n {
		return violation(nil, "board is %d×%d, expected %d×%d", pl.N, pl.N, n, n)
	}
	for _, pieces := range [][]Square{pl.Queens, pl.Knights} {
		for _, s := range pieces {
			if s.Row < 0 || s.Row >= n || s.Col < 0 || s.Col >= n {
				return violation(nil, "square (%d, %d) is off the board", s.Row, s.Col)
			}
		}
	}
	wantQ, wantN := n, 0
	if p.Kind == QueensKnights {
		wantQ, wantN = p.M, p.M
		if p.M == AnyM {
			wantQ, wantN = len(pl.Queens), len(pl.Queens)
		}
	}
	if len(pl.Queens) != wantQ {
		return violation(nil, "%s, expected %d", Plural(int64(len(pl.Queens)), "queen"), wantQ)
	}
	if len(pl.Knights) != wantN {
		return violation(nil, "%s, expected %d", Plural(int64(len(pl.Knights)), "knight"), wantN)
	}
	return checkConflicts(p, pl)
}

// A piece is a queen or a knight on a square.
type piece struct {
	Square
	queen bool
}

func (pc piece) name() string {
	if pc.queen {
		return "queen"
	}
	return "knight"
}

// lines are the four lines through a square (row, column, diagonal,
// anti-diagonal), each marked in a bitset.
type lines struct {
	row, col, diag, anti []uint64
}

func newLines(n int) lines {
	return lines{make([]uint64, (n+63)/64), make([]uint64, (n+63)/64), make([]uint64, (2*n+63)/64), make([]uint64, (2*n+63)/64)}
}

func testBit(set []uint64, i int) bool { return set[i/64]>>(uint(i)%64)&1 == 1 }
func setBit(set []uint64, i int)       { set[i/64] |= 1 << (uint(i) % 64) }

// hit reports whether any line through s (on an n×n board) is marked.
func (l lines) hit(s Square, n int) bool {
	return testBit(l.row, s.Row) || testBit(l.col, s.Col) ||
		testBit(l.diag, s.Row-s.Col+n-1) || testBit(l.anti, s.Row+s.Col)
}

func (l lines) mark(s Square, n int) {
	setBit(l.row, s.Row)
	setBit(l.col, s.Col)
	setBit(l.diag, s.Row-s.Col+n-1)
	setBit(l.anti, s.Row+s.Col)
}

func checkConflicts(p Problem, pl Placement) *Violation {
	n := p.N
	total := len(pl.Queens) + len(pl.Knights)
	var at func(i int) piece
	if len(pl.Knights) == 0 && slices.IsSortedFunc(pl.Queens, compareSquares) {
		// The common case, and the one of 10,000,000 queens: no copy.
		at = func(i int) piece { return piece{pl.Queens[i], true} }
	} else {
		pieces := make([]piece, 0, total)
		for _, s := range pl.Queens {
			pieces = append(pieces, piece{s, true})
		}
		for _, s := range pl.Knights {
			pieces = append(pieces, piece{s, false})
		}
		slices.SortStableFunc(pieces, func(a, b piece) int { return compareSquares(a.Square, b.Square) })
		at = func(i int) piece { return pieces[i] }
	}

	anyLine, queenLine := newLines(n), newLines(n)
	// occupied is only needed for knight moves, and knights only stand on
	// the small boards of queens-knights problems.
	var occupied map[Square]piece
	if len(pl.Knights) > 0 {
		occupied = make(map[Square]piece, total)
	}
	for i := 0; i < total; i++ {
		pc := at(i)
		if i > 0 && at(i-1).Square == pc.Square {
			return violation([]Square{pc.Square}, "two pieces on %s", pc.Name(n))
		}
		if pc.queen && p.IsReserved(pc.Row, pc.Col) {
			return violation([]Square{pc.Square}, "square %s is reserved", pc.Name(n))
		}
		if pc.queen && anyLine.hit(pc.Square, n) {
			return conflict(nearestOnLine(at, i, false), pc, n)
		}
		if !pc.queen && queenLine.hit(pc.Square, n) {
			return conflict(nearestOnLine(at, i, true), pc, n)
		}
		if occupied != nil {
			for _, d := range knightMoves {
				other, ok := occupied[Square{pc.Row + d.Row, pc.Col + d.Col}]
				if ok && (!other.queen || !pc.queen) {
					return knightConflict(other, pc, n)
				}
			}
			occupied[pc.Square] = pc
		}
		anyLine.mark(pc.Square, n)
		if pc.queen {
			queenLine.mark(pc.Square, n)
		}
	}
	return nil
}

// knightMoves are the eight moves of a knight.
var knightMoves = [8]Square{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}

// nearestOnLine returns the piece before the i-th (queens only, when
// queensOnly) that shares a row, column or diagonal with the i-th and is
// nearest to it.
func nearestOnLine(at func(int) piece, i int, queensOnly bool) piece {
	s := at(i).Square
	best, bestDist := piece{}, -1
	for j := 0; j < i; j++ {
		pc := at(j)
		if queensOnly && !pc.queen {
			continue
		}
		dr, dc := abs(pc.Row-s.Row), abs(pc.Col-s.Col)
		if dr != 0 && dc != 0 && dr != dc {
			continue
		}
		if d := max(dr, dc); bestDist < 0 || d < bestDist {
			best, bestDist = pc, d
		}
	}
	return best
}

// conflict describes a and b (a before b) sharing a line, one of them a queen.
func conflict(a, b piece, n int) *Violation {
	sq := []Square{a.Square, b.Square}
	if a.queen && b.queen {
		line := "diagonal"
		switch {
		case a.Row == b.Row:
			line = "row"
		case a.Col == b.Col:
			line = "column"
		}
		return violation(sq, "queens on %s and %s share a %s", a.Name(n), b.Name(n), line)
	}
	if a.queen {
		return violation(sq, "queen on %s attacks knight on %s", a.Name(n), b.Name(n))
	}
	return violation(sq, "queen on %s attacks knight on %s", b.Name(n), a.Name(n))
}

// knightConflict describes a and b (a before b) a knight's move apart, one of
// them a knight.
func knightConflict(a, b piece, n int) *Violation {
	sq := []Square{a.Square, b.Square}
	if !a.queen && !b.queen {
		return violation(sq, "knights on %s and %s attack each other", a.Name(n), b.Name(n))
	}
	k, other := a, b
	if a.queen {
		k, other = b, a
	}
	return violation(sq, "knight on %s attacks %s on %s", k.Name(n), other.name(), other.Name(n))
}

// Plural returns k and noun, with an s after noun unless k is 1: "1 queen",
// "0 knights", "12 column numbers". Every message that counts things says it
// through Plural, so that the solver, the judge and the command word counts
// alike; the solver, lowest of them, owns it. Nouns whose plural is not
// noun+s need another way.
func Plural(k int64, noun string) string {
	if k == 1 {
		return "1 " + noun
	}
	return strconv.FormatInt(k, 10) + " " + noun + "s"
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
