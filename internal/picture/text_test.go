package picture

import (
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

// TestWriteText draws small boards of every kind, in both sets of glyphs,
// and spells out each picture.
func TestWriteText(t *testing.T) {
	eight := solver.Problem{Kind: solver.NQueens, N: 8, Ask: solver.AskPlacement}
	eightQueens := solver.FromColumns([]int{0, 4, 7, 5, 2, 6, 1, 3})
	corners := solver.Problem{Kind: solver.Reserved, N: 6, Reserved: []uint64{0b100001, 0, 0, 0, 0, 0b100001}}
	cornerQueens := solver.FromColumns([]int{1, 3, 5, 0, 2, 4})
	qk := solver.Problem{Kind: solver.QueensKnights, N: 6, M: 3, Ask: solver.AskPlacement}
	qkPlacement := solver.Placement{N: 6,
		Queens:  []solver.Square{{Row: 3, Col: 5}, {Row: 4, Col: 2}, {Row: 5, Col: 4}},
		Knights: []solver.Square{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 0, Col: 3}}}
	for _, c := range []struct {
		name string
		p    solver.Problem
		pl   solver.Placement
		g    Glyphs
		want string
	}{
		{"nqueens", eight, eightQueens, ASCII, `
8 Q . . . . . . .
7 . . . . Q . . .
6 . . . . . . . Q
5 . . . . . Q . .
4 . . Q . . . . .
3 . . . . . . Q .
2 . Q . . . . . .
1 . . . Q . . . .
  a b c d e f g h
`},
		{"nqueens-unicode", eight, eightQueens, Unicode, `
8 ♛ · · · · · · ·
7 · · · · ♛ · · ·
6 · · · · · · · ♛
5 · · · · · ♛ · ·
4 · · ♛ · · · · ·
3 · · · · · · ♛ ·
2 · ♛ · · · · · ·
1 · · · ♛ · · · ·
  a b c d e f g h
`},
		{"reserved", corners, cornerQueens, Unicode, `
6 ░ ♛ · · · ░
5 · · · ♛ · ·
4 · · · · · ♛
3 ♛ · · · · ·
2 · · ♛ · · ·
1 ░ · · · ♛ ░
  a b c d e f
`},
		{"reserved-ascii", corners, cornerQueens, ASCII, `
6 * Q . . . *
5 . . . Q . .
4 . . . . . Q
3 Q . . . . .
2 . . Q . . .
1 * . . . Q *
  a b c d e f
`},
		{"queens-knights", qk, qkPlacement, Unicode, `
6 ♞ ♞ · ♞ · ·
5 · · · · · ·
4 · · · · · ·
3 · · · · · ♛
2 · · ♛ · · ·
1 · · · · ♛ ·
  a b c d e f
`},
		{"one", solver.Problem{Kind: solver.NQueens, N: 1}, solver.FromColumns([]int{0}), ASCII, `
1 Q
  a
`},
		{"empty", solver.Problem{Kind: solver.NQueens, N: 2}, solver.Placement{}, ASCII, `
2 . .
1 . .
  a b
`},
		{"off-board", solver.Problem{Kind: solver.NQueens, N: 2},
			solver.Placement{N: 2, Queens: []solver.Square{{Row: -1, Col: 0}, {Row: 1, Col: 1}, {Row: 0, Col: 2}}}, ASCII, `
2 . .
1 . Q
  a b
`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			if err := WriteText(&b, c.p, c.pl, c.g); err != nil {
				t.Fatal(err)
			}
			if got, want := b.String(), strings.TrimPrefix(c.want, "\n"); got != want {
				t.Errorf("WriteText =\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// TestWriteTextWide draws boards past 26 files, whose columns are as wide as
// their two-letter names, up to the largest that is drawn.
func TestWriteTextWide(t *testing.T) {
	pl := solver.Placement{N: 28, Queens: []solver.Square{{Row: 0, Col: 27}, {Row: 27, Col: 0}, {Row: 13, Col: 26}}}
	var b strings.Builder
	if err := WriteText(&b, solver.Problem{Kind: solver.NQueens, N: 28}, pl, ASCII); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	dots := func(k int) string { return strings.Repeat(" . ", k) }
	if len(lines) != 29 {
		t.Fatalf("a 28×28 board is drawn in %d lines, want 29:\n%s", len(lines), b.String())
	}
	for i, want := range map[int]string{
		0:  "28" + dots(27) + " Q",
		1:  "27" + strings.TrimRight(dots(28), " "),
		13: "15" + dots(26) + " Q  .",
		19: " 9" + strings.TrimRight(dots(28), " "),
		27: " 1 Q " + strings.TrimRight(dots(27), " "),
		28: "   a  b  c  d  e  f  g  h  i  j  k  l  m  n  o  p  q  r  s  t  u  v  w  x  y  z  aa ab",
	} {
		if lines[i] != want {
			t.Errorf("line %d = %q, want %q", i+1, lines[i], want)
		}
	}

	b.Reset()
	if err := WriteText(&b, solver.Problem{Kind: solver.NQueens, N: MaxText}, solver.Placement{}, Unicode); err != nil {
		t.Fatalf("WriteText of a %d×%d board: %v", MaxText, MaxText, err)
	}
	if got := strings.Count(b.String(), "\n"); got != MaxText+1 {
		t.Errorf("a %d×%d board is drawn in %d lines, want %d", MaxText, MaxText, got, MaxText+1)
	}
}

// TestWriteTextErrors: a board too large to draw, or a placement for
// another board, is an error and nothing is written.
func TestWriteTextErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		p    solver.Problem
		pl   solver.Placement
		want string
	}{
		{"too-large", solver.Problem{Kind: solver.NQueens, N: MaxText + 1}, solver.Placement{N: MaxText + 1},
			"text picture: a 65×65 board is too large to draw (at most 64×64)"},
		{"other-side", solver.Problem{Kind: solver.NQueens, N: 8}, solver.Placement{N: 7},
			"text picture: a placement on a 7×7 board for a 8×8 problem"},
		{"no-board", solver.Problem{}, solver.Placement{}, "text picture: n is 0"},
	} {
		var b strings.Builder
		err := WriteText(&b, c.p, c.pl, ASCII)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: WriteText error = %v, want %s", c.name, err, c.want)
		}
		if b.Len() != 0 {
			t.Errorf("%s: WriteText wrote %q as well as an error", c.name, b.String())
		}
	}
}
