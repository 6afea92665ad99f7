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
	if v := checkSize(p, pl.N); v != nil {
		return v
	}
	n := p.N
	for _, pieces := range [][]Square{pl.Queens, pl.Knights} {
		for _, s := range pieces {
			if s.Row < 0 || s.Row >= n || s.Col < 0 || s.Col >= n {
				return offBoard(s)
			}
		}
	}
	if v := checkCounts(p, len(pl.Queens), len(pl.Knights)); v != nil {
		return v
	}
	return checkConflicts(p, pl)
}

// CheckColumns is Check for the placement with the queen of row r in column
// cols[r] (0-based) and no knights: on any cols it gives what Check gives
// for that placement, the same violation in the same words. It is there for
// the judge, which reads the columns of up to 10,000,000 queens as int32s:
// made into a Placement they would take 160 MB more, while CheckColumns
// needs 6 bits a row beyond cols, and O(n) time.
func CheckColumns(p Problem, cols []int32) *Violation {
	n := len(cols)
	if v := checkSize(p, n); v != nil {
		return v
	}
	for r, c := range cols {
		if c < 0 || int(c) >= n {
			return offBoard(Square{r, int(c)})
		}
	}
	if v := checkCounts(p, n, 0); v != nil {
		return v
	}
	f := newConflicts(p, false)
	at := func(i int) piece { return piece{Square{i, int(cols[i])}, true} }
	for r, c := range cols {
		if s := (Square{r, int(c)}); !f.quick(s) {
			if v := f.add(r, piece{s, true}, at); v != nil {
				return v
			}
		}
	}
	return nil
}

// checkSize, offBoard and checkCounts are the violations looked for before
// the pieces are checked one by one, shared by Check and CheckColumns so
// that both say them alike.
func checkSize(p Problem, n int) *Violation {
	if n != p.N {
		return violation(nil, "board is %d×%d, expected %d×%d", n, n, p.N, p.N)
	}
	return nil
}

func offBoard(s Square) *Violation {
	return violation(nil, "square (%d, %d) is off the board", s.Row, s.Col)
}

func checkCounts(p Problem, queens, knights int) *Violation {
	wantQ, wantN := p.N, 0
	if p.Kind == QueensKnights {
		wantQ, wantN = p.M, p.M
		if p.M == AnyM {
			wantQ, wantN = queens, queens
		}
	}
	if queens != wantQ {
		return violation(nil, "%s, expected %d", Plural(int64(queens), "queen"), wantQ)
	}
	if knights != wantN {
		return violation(nil, "%s, expected %d", Plural(int64(knights), "knight"), wantN)
	}
	return nil
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

func newLines(n int) *lines {
	return &lines{make([]uint64, (n+63)/64), make([]uint64, (n+63)/64), make([]uint64, (2*n+63)/64), make([]uint64, (2*n+63)/64)}
}

// hit reports whether any line through s (on an n×n board) is marked.
// Lines index their bitsets with uints, which shift where ints would divide.
func (l *lines) hit(s Square, n int) bool {
	r, c, d, a := uint(s.Row), uint(s.Col), uint(s.Row-s.Col+n-1), uint(s.Row+s.Col)
	return (l.row[r/64]>>(r%64)|l.col[c/64]>>(c%64)|l.diag[d/64]>>(d%64)|l.anti[a/64]>>(a%64))&1 == 1
}

func (l *lines) mark(s Square, n int) {
	r, c, d, a := uint(s.Row), uint(s.Col), uint(s.Row-s.Col+n-1), uint(s.Row+s.Col)
	l.row[r/64] |= 1 << (r % 64)
	l.col[c/64] |= 1 << (c % 64)
	l.diag[d/64] |= 1 << (d % 64)
	l.anti[a/64] |= 1 << (a % 64)
}

// claim is hit and mark in one call, for the loops over 10,000,000 queens:
// it marks the lines through s and reports true when none of them was
// marked, and else marks nothing and reports false.
func (l *lines) claim(s Square, n int) bool {
	r, c, d, a := uint(s.Row), uint(s.Col), uint(s.Row-s.Col+n-1), uint(s.Row+s.Col)
	if (l.row[r/64]>>(r%64)|l.col[c/64]>>(c%64)|l.diag[d/64]>>(d%64)|l.anti[a/64]>>(a%64))&1 == 1 {
		return false
	}
	l.row[r/64] |= 1 << (r % 64)
	l.col[c/64] |= 1 << (c % 64)
	l.diag[d/64] |= 1 << (d % 64)
	l.anti[a/64] |= 1 << (a % 64)
	return true
}

// checkConflicts looks for the first conflict among pl's pieces, on the
// board and as many as asked.
func checkConflicts(p Problem, pl Placement) *Violation {
	var at func(i int) piece
	if len(pl.Knights) == 0 && slices.IsSortedFunc(pl.Queens, compareSquares) {
		// The common case, and the one of 10,000,000 queens: no copy.
		at = func(i int) piece { return piece{pl.Queens[i], true} }
	} else {
		pieces := make([]piece, 0, len(pl.Queens)+len(pl.Knights))
		for _, s := range pl.Queens {
			pieces = append(pieces, piece{s, true})
		}
		for _, s := range pl.Knights {
			pieces = append(pieces, piece{s, false})
		}
		slices.SortStableFunc(pieces, func(a, b piece) int { return compareSquares(a.Square, b.Square) })
		at = func(i int) piece { return pieces[i] }
	}
	f := newConflicts(p, len(pl.Knights) > 0)
	for i := range len(pl.Queens) + len(pl.Knights) {
		if pc := at(i); !(pc.queen && f.quick(pc.Square)) {
			if v := f.add(i, pc, at); v != nil {
				return v
			}
		}
	}
	return nil
}

// conflicts checks pieces one at a time in row-major order, each against
// those before it, marking the lines they stand on so that each check takes
// O(1); only naming the piece a conflict is with looks back at them all.
// Check and CheckColumns both feed their pieces to it, so the order and the
// words of a violation are the same whatever the placement's form.
type conflicts struct {
	p Problem
	n int
	// anyLine marks the lines of every piece, queenLine those of the
	// queens; without knights they are the same, and queenLine is nil.
	anyLine, queenLine *lines
	// occupied is only needed for knight moves, and knights only stand on
	// the small boards of queens-knights problems.
	occupied map[Square]piece
	// plain is true when a queen can only be at fault by sharing a line:
	// there are no knights and no reserved squares.
	plain bool
}

func newConflicts(p Problem, knights bool) *conflicts {
	f := &conflicts{p: p, n: p.N, anyLine: newLines(p.N), plain: !knights && p.Kind != Reserved}
	if knights {
		f.queenLine = newLines(p.N)
		f.occupied = make(map[Square]piece)
	}
	return f
}

// quick adds a queen on s, the next piece, and reports true when that is
// all there is to do: on a plain board, no line through s is marked (a
// second piece on a square finds the row of the first marked). It is add's
// common case, small enough to inline in the loops over 10,000,000 queens;
// when it reports false, add must be called.
func (f *conflicts) quick(s Square) bool {
	return f.plain && f.anyLine.claim(s, f.n)
}

// add checks pc, the i-th piece in row-major order, against the pieces added
// before it, and then marks it; at(j) returns the j-th piece. Adding stops
// at the first violation.
func (f *conflicts) add(i int, pc piece, at func(int) piece) *Violation {
	n := f.n
	if i > 0 && at(i-1).Square == pc.Square {
		return violation([]Square{pc.Square}, "two pieces on %s", pc.where(n))
	}
	if pc.queen && f.p.IsReserved(pc.Row, pc.Col) {
		return violation([]Square{pc.Square}, "square %s is reserved", pc.where(n))
	}
	if pc.queen && f.anyLine.hit(pc.Square, n) {
		return conflict(nearestOnLine(at, i, false), pc, n)
	}
	if f.occupied == nil { // queens alone: one set of lines
		f.anyLine.mark(pc.Square, n)
		return nil
	}
	if !pc.queen && f.queenLine.hit(pc.Square, n) {
		return conflict(nearestOnLine(at, i, true), pc, n)
	}
	for _, d := range knightMoves {
		other, ok := f.occupied[Square{pc.Row + d.Row, pc.Col + d.Col}]
		if ok && (!other.queen || !pc.queen) {
			return knightConflict(other, pc, n)
		}
	}
	f.occupied[pc.Square] = pc
	f.anyLine.mark(pc.Square, n)
	if pc.queen {
		f.queenLine.mark(pc.Square, n)
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
		return violation(sq, "queens on %s and %s share a %s", a.where(n), b.where(n), line)
	}
	if a.queen {
		return violation(sq, "queen on %s attacks knight on %s", a.where(n), b.where(n))
	}
	return violation(sq, "queen on %s attacks knight on %s", b.where(n), a.where(n))
}

// knightConflict describes a and b (a before b) a knight's move apart, one of
// them a knight.
func knightConflict(a, b piece, n int) *Violation {
	sq := []Square{a.Square, b.Square}
	if !a.queen && !b.queen {
		return violation(sq, "knights on %s and %s attack each other", a.where(n), b.where(n))
	}
	k, other := a, b
	if a.queen {
		k, other = b, a
	}
	return violation(sq, "knight on %s attacks %s on %s", k.where(n), other.name(), other.where(n))
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
