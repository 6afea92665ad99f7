package solver

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
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
// random boards, one queen a row, and on every 6×6 one: the same first
// violation, word for word.
func TestCheckColumns(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
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
