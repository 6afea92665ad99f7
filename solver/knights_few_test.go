package solver

import (
	"context"
	"testing"

	"github.com/queensjudge/queensjudge/internal/testflag"
)

// TestFewAgainstBrute checks the count of few queens and knights, and its
// classes by Burnside, against brute force (every square empty, a queen or
// a knight) on the boards it reaches, and against the row search, which
// lists the placements, on larger ones: 6×6 and 7×7 in the quick suite,
// 8 to 10 (8 alone 0.3 s of CPU) with -long.
func TestFewAgainstBrute(t *testing.T) {
	t.Parallel() // no shared state, no time bound: it runs beside the other such tests
	ctx := context.Background()
	for n := 1; n <= 5; n++ {
		for m := 0; m <= maxFewM; m++ {
			brute := brutePlacements(Problem{N: n}, m, m)
			got, err := fewCount(ctx, n, m, Options{Workers: 1})
			if err != nil || got != uint64(len(brute)) {
				t.Errorf("fewCount(%d, %d) = %d, %v, want %d", n, m, got, err, len(brute))
			}
			u, err := fewUnique(ctx, n, m, got)
			if want := bruteClasses(brute, Syms); err != nil || u != uint64(want) {
				t.Errorf("fewUnique(%d, %d) = %d, %v, want %d", n, m, u, err, want)
			}
		}
	}
	top := 7 // n = 8: 0.3 s more for the row search, 9 and 10 a second
	if testflag.Long() {
		top = 10
	}
	for n := 6; n <= top; n++ {
		for m := 1; m <= maxFewM; m++ {
			var rows []Placement
			want, err := knightsCount(ctx, n, m, func(pl Placement) error {
				if n <= 7 {
					rows = append(rows, pl)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			got, err := fewCount(ctx, n, m, Options{})
			if err != nil || got != want {
				t.Errorf("fewCount(%d, %d) = %d, %v, the row search %d", n, m, got, err, want)
			}
			if n > 7 {
				continue
			}
			u, err := fewUnique(ctx, n, m, got)
			if wantU := burnside(rows); err != nil || u != wantU {
				t.Errorf("fewUnique(%d, %d) = %d, %v, the row search's placements by Burnside %d", n, m, u, err, wantU)
			}
		}
	}
}

// FuzzFew compares the count of few queens and knights with the row search
// on boards up to 8×8.
func FuzzFew(f *testing.F) {
	f.Add(uint8(8), uint8(3))
	f.Add(uint8(5), uint8(2))
	f.Fuzz(func(t *testing.T, nb, mb uint8) {
		n, m := 1+int(nb)%8, int(mb)%(maxFewM+1)
		ctx := context.Background()
		want, err := knightsCount(ctx, n, m, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := fewCount(ctx, n, m, Options{Workers: 1}); err != nil || got != want {
			t.Fatalf("fewCount(%d, %d) = %d, %v, the row search %d", n, m, got, err, want)
		}
	})
}
