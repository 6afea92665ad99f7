package solver

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/testflag"
)

// rowsOf reads a placement from rows of 'Q', 'N' and '.', top row first.
func rowsOf(rows ...string) Placement {
	pl, err := ParseCompact(strings.Join(rows, "/"))
	if err != nil {
		panic(err)
	}
	return pl
}

func TestCheckNamesTheFirstViolation(t *testing.T) {
	q8 := Problem{Kind: NQueens, N: 8}
	reserved := Problem{Kind: Reserved, N: 4, Reserved: []uint64{0, 0, 1 << 2, 0}}
	qk := Problem{Kind: QueensKnights, N: 4, M: 1}
	for _, c := range []struct {
		name string
		p    Problem
		pl   Placement
		want string // "" for valid
	}{
		{"valid", q8, FromColumns([]int{0, 4, 7, 5, 2, 6, 1, 3}), ""},
		{"diagonal", q8, FromColumns([]int{0, 4, 7, 5, 2, 6, 3, 1}), "queens on h6 and d2 share a diagonal"},
		{"column", q8, FromColumns([]int{0, 0, 7, 5, 2, 6, 1, 3}), "queens on a8 and a7 share a column"},
		{"row", Problem{Kind: NQueens, N: 2}, rowsOf("QQ", ".."), "queens on a2 and b2 share a row"},
		{"too few", q8, rowsOf("Q.......", "........", "........", "........", "........", "........", "........", "........"), "1 queen, expected 8"},
		{"size", q8, FromColumns([]int{1, 3, 0, 2}), "board is 4×4, expected 8×8"},
		{"reserved", reserved, FromColumns([]int{1, 3, 2, 0}), "square c2 is reserved"},
		{"queen attacks knight", qk, rowsOf("Q...", "....", "....", "...N"), "queen on a4 attacks knight on d1"},
		{"knight attacks queen", qk, rowsOf("....", "..N.", "Q...", "...."), "knight on c3 attacks queen on a2"},
		{"knights", Problem{Kind: QueensKnights, N: 4, M: AnyM}, rowsOf("N...", "..N.", "....", "...."), "2 knights, expected 0"},
		{"two on a square", qk, Placement{N: 4, Queens: []Square{{0, 0}}, Knights: []Square{{0, 0}}}, "two pieces on a4"},
		{"nearest on the line", Problem{Kind: QueensKnights, N: 8, M: 2}, rowsOf("N.......", "........", "........", "N.......", "........", "........", "........", "Q......Q"), "queen on a1 attacks knight on a5"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := ""
			if v := Check(c.p, c.pl); v != nil {
				got = v.Msg
			}
			if got != c.want {
				t.Errorf("Check = %q, want %q", got, c.want)
			}
		})
	}
}

// BenchmarkCheck10M checks the placement of 10,000,000 queens that
// Construct builds: O(n) time, O(n) bits of memory.
func BenchmarkCheck10M(b *testing.B) {
	cols, _ := Construct(10_000_000)
	pl := FromColumns(cols)
	p := Problem{Kind: NQueens, N: 10_000_000}
	b.ResetTimer()
	for range b.N {
		if v := Check(p, pl); v != nil {
			b.Fatal(v)
		}
	}
}

// BenchmarkCheckColumns10M checks the same placement in the column form the
// judge reads.
func BenchmarkCheckColumns10M(b *testing.B) {
	cols := make([]int32, 10_000_000)
	ints, _ := Construct(len(cols))
	for r, c := range ints {
		cols[r] = int32(c)
	}
	p := Problem{Kind: NQueens, N: len(cols)}
	b.ResetTimer()
	for range b.N {
		if v := CheckColumns(p, cols); v != nil {
			b.Fatal(v)
		}
	}
}

// TestCheckColumns holds CheckColumns to Check on random placements of
// random boards, one queen a row (5,000 in the quick suite, 20,000 with
// -long), and on every 6×6 one: the same first violation, word for word.
func TestCheckColumns(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	random := 5000
	if testflag.Long() {
		random = 20000
	}
	for range random {
		n := 1 + rng.IntN(9)
		p := Problem{Kind: NQueens, N: n, Ask: AskPlacement}
		if rng.IntN(2) == 0 {
			p.Kind, p.Reserved = Reserved, make([]uint64, n)
			for r := range p.Reserved {
				p.Reserved[r] = rng.Uint64() & rng.Uint64() & rng.Uint64() & (1<<uint(n) - 1)
			}
		}
		cols := make([]int32, n)
		perm := rng.Perm(n)
		for r := range cols {
			cols[r] = int32(perm[r])
			if rng.IntN(4) == 0 {
				cols[r] = int32(rng.IntN(n))
			}
		}
		compareColumns(t, p, cols)
	}
	// Every 6×6 placement of one queen a row, to be sure of the plain board.
	p := Problem{Kind: NQueens, N: 6, Ask: AskPlacement}
	var walk func(cols []int32)
	walk = func(cols []int32) {
		if len(cols) == 6 {
			compareColumns(t, p, cols)
			return
		}
		for c := range int32(6) {
			walk(append(cols, c))
		}
	}
	walk(nil)
}

// compareColumns fails t unless CheckColumns(p, cols) is what Check gives
// for the same placement, and returns that.
func compareColumns(t *testing.T, p Problem, cols []int32) *Violation {
	t.Helper()
	ints := make([]int, len(cols))
	for i, c := range cols {
		ints[i] = int(c)
	}
	want := Check(p, FromColumns(ints))
	got := CheckColumns(p, cols)
	if (got == nil) != (want == nil) || got != nil && (got.Msg != want.Msg || !slices.Equal(got.Squares, want.Squares)) {
		t.Fatalf("CheckColumns(%v on %v) = %v, want Check's %v", cols, p.Reserved, got, want)
	}
	return got
}

// holdToBrute fails t unless v, what Check or CheckColumns (named by what)
// says of pl, agrees with bruteCheck: nil exactly when pl is valid; no
// square named when the board, a square off it or the number of pieces is
// wrong; otherwise the last square named is the first to break a rule. One
// square named must hold two pieces or a queen on a reserved square; of two,
// the first comes before the second, pieces on them attack each other, both
// are in the message, and when they share a line no piece before the second
// attacks it from nearer along a line.
func holdToBrute(t *testing.T, what string, p Problem, pl Placement, v *Violation) {
	shape, first, bad := bruteCheck(p, pl)
	fail := func(format string, args ...any) {
		t.Helper()
		got := "nil"
		if v != nil {
			got = fmt.Sprintf("%q on %v", v.Msg, v.Squares)
		}
		t.Errorf("%s(%s n=%d m=%d reserved=%x; board %d, queens %v, knights %v) = %s, %s", what, p.Kind, p.N, p.M,
			p.Reserved, pl.N, pl.Queens, pl.Knights, got, fmt.Sprintf(format, args...))
	}
	switch {
	case !shape:
		if v == nil || len(v.Squares) != 0 {
			fail("want a violation naming no square: the size, a square off the board or the count is wrong")
		}
		return
	case !bad:
		if v != nil {
			fail("want nil: valid by brute force")
		}
		return
	case v == nil || len(v.Squares) == 0 || len(v.Squares) > 2:
		fail("want a violation on %v", first)
		return
	case v.Squares[len(v.Squares)-1] != first:
		fail("want it to end with %v, the first square to break a rule", first)
		return
	}
	on := bruteOn(pl)
	if len(v.Squares) == 1 {
		if here := on[first]; len(here) < 2 && !(here[0] && p.IsReserved(first.Row, first.Col)) {
			fail("but %v holds neither two pieces nor a queen on a reserved square", first)
		}
		return
	}
	a, b := v.Squares[0], v.Squares[1]
	attack := func(e Square) bool {
		for _, eQueen := range on[e] {
			for _, bQueen := range on[b] {
				if bruteAttack(e, eQueen, b, bQueen) {
					return true
				}
			}
		}
		return false
	}
	if !bruteBefore(a, b) || !attack(a) {
		fail("want a piece before %v that attacks it", b)
		return
	}
	if !strings.Contains(v.Msg, a.Name(p.N)) || !strings.Contains(v.Msg, b.Name(p.N)) {
		fail("want both squares named in the message")
	}
	dist := func(e Square) int { return max(abs(e.Row-b.Row), abs(e.Col-b.Col)) }
	onLine := func(e Square) bool {
		dr, dc := abs(e.Row-b.Row), abs(e.Col-b.Col)
		return dr == 0 || dc == 0 || dr == dc
	}
	if !onLine(a) {
		return // a knight's move
	}
	for e := range on {
		if bruteBefore(e, b) && onLine(e) && attack(e) && dist(e) < dist(a) {
			fail("but %v attacks %v from nearer", e, b)
		}
	}
}

// checkAll holds Check on pl to brute force and, when pl is one queen a
// row or cols is given (pl is then its placement), CheckColumns to Check.
func checkAll(t *testing.T, p Problem, pl Placement, cols []int32) {
	t.Helper()
	v := Check(p, pl)
	holdToBrute(t, "Check", p, pl, v)
	if cols == nil {
		if ints, ok := pl.Columns(); ok {
			cols = make([]int32, len(ints))
			for r, c := range ints {
				cols[r] = int32(c)
			}
		}
	}
	if cols != nil {
		compareColumns(t, p, cols)
	}
}

// fuzzCase makes a problem and a placement of FuzzCheck's arguments. kind
// picks the kind, size the side n (1 to 8), m the m of queens-knights (AnyM
// to n), and reserved, 8 bits a row, the reserved squares. An even form
// reads data as columns, a byte a row; an odd one reads a piece from each
// byte, a knight when the top bit is set, with the board one smaller or
// larger when form&6 is 4 or 6 and the queens sorted when form&8 is set.
// Bytes from 0xf0 (columns) or 0x70 (squares) up are off the board.
func fuzzCase(kind, size, m uint8, reserved uint64, form uint8, data []byte) (Problem, Placement, []int32) {
	n := 1 + int(size%8)
	p := Problem{Kind: Kinds[int(kind)%len(Kinds)], N: n, Ask: AskPlacement}
	switch p.Kind {
	case Reserved:
		p.Reserved = make([]uint64, n)
		for r := range n {
			p.Reserved[r] = reserved >> uint(8*r) & (1<<uint(n) - 1)
		}
	case QueensKnights:
		p.M = int(m)%(n+2) - 1
	}
	data = data[:min(len(data), 2*8+4)]
	if form%2 == 0 {
		cols := make([]int32, len(data))
		ints := make([]int, len(data))
		for i, b := range data {
			switch w := int32(b & 0xf); {
			case b < 0xf0:
				cols[i] = int32(int(b) % n)
			case w == 7:
				cols[i] = math.MinInt32
			case w == 15:
				cols[i] = math.MaxInt32
			case w < 8:
				cols[i] = -1 - w
			default:
				cols[i] = int32(n) + w - 8
			}
			ints[i] = int(cols[i])
		}
		return p, FromColumns(ints), cols
	}
	pl := Placement{N: n}
	switch form >> 1 & 3 {
	case 2:
		pl.N = n - 1
	case 3:
		pl.N = n + 1
	}
	for _, b := range data {
		s := fuzzSquare(int(b&0x7f), n)
		if b&0x80 != 0 {
			pl.Knights = append(pl.Knights, s)
		} else {
			pl.Queens = append(pl.Queens, s)
		}
	}
	if form&8 != 0 {
		sortSquares(pl.Queens)
	}
	return p, pl, nil
}

// fuzzSquare reads v (0 to 127) as a square on the board below 0x70, and
// as one just off it from there.
func fuzzSquare(v, n int) Square {
	if v < 0x70 {
		i := v % (n * n)
		return Square{i / n, i % n}
	}
	w := v - 0x70
	x := w / 4 % n
	return [4]Square{{-1, x}, {n, x}, {x, -1}, {x, n}}[w%4]
}

// FuzzCheck holds Check to brute force, and CheckColumns to Check, on
// placements of every kind of problem up to 8×8, valid or not.
func FuzzCheck(f *testing.F) {
	for _, c := range []struct {
		kind, size, m uint8
		reserved      uint64
		form          uint8
		data          []byte
	}{
		{0, 7, 0, 0, 0, []byte{0, 4, 7, 5, 2, 6, 1, 3}},                  // valid
		{0, 7, 0, 0, 0, []byte{0, 4, 7, 5, 2, 6, 3, 1}},                  // a diagonal
		{0, 7, 0, 0, 0, []byte{0, 4, 7, 5, 2, 6, 1}},                     // too few
		{0, 3, 0, 0, 0, []byte{1, 3, 0, 0xf8}},                           // off the board
		{0, 3, 0, 0, 9, []byte{1, 7, 8, 14}},                             // valid, squares
		{0, 3, 0, 0, 1, []byte{14, 8, 7, 1}},                             // valid, unsorted
		{0, 3, 0, 0, 9, []byte{1, 7, 8, 8}},                              // two on a square
		{0, 3, 0, 0, 7, []byte{1, 7, 8, 14}},                             // board too large
		{1, 3, 0, 1 << (8*2 + 2), 0, []byte{1, 3, 2, 0}},                 // reserved
		{1, 7, 0, 0x8100000000000081, 0, []byte{1, 3, 5, 7, 2, 0, 6, 4}}, // valid, corners reserved
		{2, 3, 2, 0, 1, []byte{0, 0x80 | 7}},                             // valid, m = 1
		{2, 3, 2, 0, 1, []byte{0, 0x80 | 15}},                            // queen attacks knight
		{2, 3, 2, 0, 1, []byte{0x80 | 6, 8}},                             // knight attacks queen
		{2, 3, 0, 0, 1, []byte{0x80 | 0, 0x80 | 6}},                      // knights, AnyM
		{2, 3, 2, 0, 1, []byte{0, 0x80}},                                 // two on a square
		{2, 5, 4, 0, 1, []byte{0, 13, 0x80 | 22, 0x80 | 35, 0x80 | 29}},  // counts
	} {
		f.Add(c.kind, c.size, c.m, c.reserved, c.form, c.data)
	}
	f.Fuzz(func(t *testing.T, kind, size, m uint8, reserved uint64, form uint8, data []byte) {
		p, pl, cols := fuzzCase(kind, size, m, reserved, form, data)
		checkAll(t, p, pl, cols)
	})
}

// TestCheckAgainstBrute is FuzzCheck's check on random placements that are
// mostly nearly valid: answers of the plain board or greedy queens-knights
// placements, some changed a little (a piece moved, added, dropped, made a
// knight or put off the board, the board resized, the order shuffled).
func TestCheckAgainstBrute(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	answers := make([][]Placement, 9)
	for n := 1; n <= 8; n++ {
		answers[n] = slowPlacements(Problem{Kind: NQueens, N: n})
	}
	randomSquare := func(n int) Square {
		if rng.IntN(20) == 0 {
			return fuzzSquare(0x70+rng.IntN(16), n)
		}
		return Square{rng.IntN(n), rng.IntN(n)}
	}
	for range 20000 {
		kind, n := Kinds[rng.IntN(len(Kinds))], 1+rng.IntN(8)
		if kind == QueensKnights && rng.IntN(4) > 0 {
			n = 4 + rng.IntN(5) // below 4×4 only m = 0 fits
		}
		p := Problem{Kind: kind, N: n, Ask: AskPlacement}
		pl := Placement{N: n}
		switch p.Kind {
		case Reserved:
			p.Reserved = make([]uint64, n)
			for r := range n {
				for c := range n {
					if rng.IntN(12) == 0 {
						p.Reserved[r] |= 1 << uint(c)
					}
				}
			}
			fallthrough
		case NQueens:
			if as := answers[n]; len(as) > 0 && rng.IntN(4) > 0 {
				pl.Queens = slices.Clone(as[rng.IntN(len(as))].Queens)
			} else {
				for r, c := range rng.Perm(n) {
					pl.Queens = append(pl.Queens, Square{r, c})
				}
			}
		case QueensKnights:
			pl = greedyQueensKnights(rng, n, rng.IntN(n+1))
			switch p.M = len(pl.Queens); rng.IntN(8) {
			case 0, 1:
				p.M = AnyM
			case 2:
				p.M = rng.IntN(n + 1)
			}
		}
		if rng.IntN(2) == 0 {
			for range 1 + rng.IntN(2) {
				mutate(rng, &pl, n, randomSquare)
			}
		}
		checkAll(t, p, pl, nil)
	}
}

// greedyQueensKnights places up to m queens and m knights on random
// squares of an n×n board, a queen then a knight, none attacking another,
// until it finds no room for the next.
func greedyQueensKnights(rng *rand.Rand, n, m int) Placement {
	pl := Placement{N: n}
	place := func(queen bool) bool {
		for range 30 {
			s := Square{rng.IntN(n), rng.IntN(n)}
			fits := true
			for _, q := range pl.Queens {
				fits = fits && q != s && !bruteAttack(q, true, s, queen)
			}
			for _, k := range pl.Knights {
				fits = fits && k != s && !bruteAttack(k, false, s, queen)
			}
			if fits {
				if queen {
					pl.Queens = append(pl.Queens, s)
				} else {
					pl.Knights = append(pl.Knights, s)
				}
				return true
			}
		}
		return false
	}
	for range m {
		if !place(true) {
			break
		}
		if !place(false) {
			pl.Queens = pl.Queens[:len(pl.Queens)-1]
			break
		}
	}
	return pl
}

// mutate changes pl, a placement for an n×n board, a little at random.
func mutate(rng *rand.Rand, pl *Placement, n int, square func(n int) Square) {
	pieces := &pl.Queens
	if len(pl.Knights) > 0 && rng.IntN(2) == 0 {
		pieces = &pl.Knights
	}
	switch k := len(*pieces); rng.IntN(10) {
	case 0, 1: // move a piece
		if k > 0 {
			(*pieces)[rng.IntN(k)] = square(n)
		}
	case 8, 9: // move a piece near another: a knight's move or a step or two along a line
		if q := len(pl.Queens); k > 0 && q+len(pl.Knights) > 1 {
			i, j := rng.IntN(k), rng.IntN(q+len(pl.Knights))
			e := append(pl.Queens[:q:q], pl.Knights...)[j]
			d := knightMoves[rng.IntN(8)]
			if rng.IntN(2) == 0 {
				d = Square{rng.IntN(3) - 1, rng.IntN(3) - 1}
				d = Square{d.Row * (1 + rng.IntN(2)), d.Col * (1 + rng.IntN(2))}
			}
			(*pieces)[i] = Square{e.Row + d.Row, e.Col + d.Col}
		}
	case 2: // move a piece within its row
		if k > 0 {
			i := rng.IntN(k)
			(*pieces)[i].Col = rng.IntN(n)
		}
	case 3: // add a queen or a knight
		if rng.IntN(2) == 0 {
			pl.Queens = append(pl.Queens, square(n))
		} else {
			pl.Knights = append(pl.Knights, square(n))
		}
	case 4: // drop a piece
		if k > 0 {
			*pieces = slices.Delete(*pieces, k-1, k)
		}
	case 5: // make a queen a knight
		if q := len(pl.Queens); q > 0 {
			i := rng.IntN(q)
			pl.Knights = append(pl.Knights, pl.Queens[i])
			pl.Queens = slices.Delete(pl.Queens, i, i+1)
		}
	case 6: // shuffle
		rng.Shuffle(k, func(i, j int) { (*pieces)[i], (*pieces)[j] = (*pieces)[j], (*pieces)[i] })
	case 7: // resize the board
		pl.N += 1 - 2*rng.IntN(2)
	}
}
