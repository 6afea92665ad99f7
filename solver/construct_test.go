package solver

import (
	"slices"
	"testing"

	"github.com/queensjudge/queensjudge/internal/testflag"
)

// constructByLists is Construct as it was first written, from the lists of
// even and odd columns: the placements the cache holds were made by it, so
// Construct must keep making the same ones.
func constructByLists(n int) ([]int, bool) {
	if n < 1 || n == 2 || n == 3 {
		return nil, false
	}
	seq := func(from, limit int) []int {
		var s []int
		for v := from; v <= limit; v += 2 {
			s = append(s, v)
		}
		return s
	}
	var evens, odds []int
	switch n % 6 {
	case 2:
		evens = seq(2, n)
		odds = append([]int{3, 1}, seq(7, n)...)
		if n >= 5 {
			odds = append(odds, 5)
		}
	case 3:
		evens = append(seq(4, n), 2)
		odds = append(seq(5, n), 1, 3)
	default:
		evens = seq(2, n)
		odds = seq(1, n)
	}
	var cols []int
	for _, c := range append(evens, odds...) {
		cols = append(cols, c-1)
	}
	return cols, true
}

// TestConstructSameAsLists holds Construct and constructPlacement to
// constructByLists on every board to 300 (each class mod 6 fifty times) in
// the quick suite, to 3000 (0.3 s of CPU more) with -long.
func TestConstructSameAsLists(t *testing.T) {
	top := 300
	if testflag.Long() {
		top = 3000
	}
	for n := 0; n <= top; n++ {
		got, ok := Construct(n)
		want, wantOK := constructByLists(n)
		if ok != wantOK || !slices.Equal(got, want) {
			t.Fatalf("Construct(%d) = %v, %v, want %v, %v", n, got, ok, want, wantOK)
		}
		pl, ok := constructPlacement(n)
		if ok != wantOK {
			t.Fatalf("constructPlacement(%d) ok = %v, want %v", n, ok, wantOK)
		}
		if ok && !slices.Equal(pl.Queens, FromColumns(want).Queens) || pl.N != len(want) {
			t.Fatalf("constructPlacement(%d) = %v, want FromColumns(%v)", n, pl, want)
		}
	}
}
