package solver

import (
	"context"
	"slices"
	"testing"
)

// TestBuiltAndRebuild holds Built and Rebuild to Solve, on every board to
// 300: Solve's placement is Built, Rebuild makes it again, square for
// square; an n without a placement is neither.
func TestBuiltAndRebuild(t *testing.T) {
	for n := 1; n <= 300; n++ {
		a, err := Solve(context.Background(), Problem{Kind: NQueens, Ask: AskPlacement, N: n, M: AnyM}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		pl, err := Rebuild(n)
		if a.Placement == nil {
			if err == nil {
				t.Errorf("Rebuild(%d) = %v, nil; want an error: there is no placement", n, pl)
			}
			continue
		}
		if !Built(*a.Placement) {
			t.Fatalf("Built(Solve's placement of %d) = false, want true", n)
		}
		if err != nil || pl.N != n || !slices.Equal(pl.Queens, a.Placement.Queens) || pl.Knights != nil {
			t.Fatalf("Rebuild(%d) = %v, %v; want %v, nil", n, pl, err, *a.Placement)
		}
	}
}

// TestBuiltRefuses checks that Built accepts no placement but the built
// one: another valid placement, the built one changed in one square or one
// row, or given other pieces.
func TestBuiltRefuses(t *testing.T) {
	built, _ := Construct(8)
	mirrored := make([]int, 8) // valid, and not the built one
	for r, c := range built {
		mirrored[r] = 7 - c
	}
	moved := slices.Clone(built)
	moved[7] = (moved[7] + 1) % 8
	withKnight := FromColumns(built)
	withKnight.Knights = []Square{{0, 0}}
	rowsSwapped := FromColumns(built)
	rowsSwapped.Queens[0].Row, rowsSwapped.Queens[1].Row = 1, 0
	for name, pl := range map[string]Placement{
		"mirrored":      FromColumns(mirrored),
		"moved":         FromColumns(moved),
		"with a knight": withKnight,
		"rows swapped":  rowsSwapped,
		"short":         {N: 8, Queens: FromColumns(built).Queens[:7]},
		"empty":         {},
		"n = 2":         {N: 2},
	} {
		if Built(pl) {
			t.Errorf("Built(%s: %v) = true, want false", name, pl)
		}
	}
	if !Built(FromColumns(built)) {
		t.Errorf("Built(%v) = false, want true", built)
	}
}
