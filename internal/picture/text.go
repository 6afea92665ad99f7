package picture

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/solver"
)

// MaxText is the largest board side WriteText draws; a bigger board would
// not fit a terminal.
const MaxText = 64

// Glyphs are the characters a board is drawn with by WriteText, one a
// square. Each must take one column of the terminal, or the files drift out
// of line with their letters.
type Glyphs struct {
	Queen, Knight, Empty, Reserved string
}

var (
	// Unicode draws the pieces as chess glyphs and shades the reserved
	// squares: for a terminal whose locale says UTF-8.
	Unicode = Glyphs{Queen: "♛", Knight: "♞", Empty: "·", Reserved: "░"}
	// ASCII draws a board in the letters of an answer's board form: for any
	// other terminal, and for text that is read back.
	ASCII = Glyphs{Queen: "Q", Knight: "N", Empty: ".", Reserved: "*"}
)

// WriteText writes pl, a placement on p's board, as a chessboard of text
// in the glyphs g: a line a rank, its number down the left, the file letters
// along the bottom, p's reserved squares in g.Reserved. Columns are as wide
// as the longest file name, so a board past 26 files stays in line; no line
// ends in a space. Pieces off the board are left out.
//
// The output depends on its arguments only. An error is w's, unwrapped, or
// says that nothing was written: for a placement of another board side, or
// a board side above MaxText (the caller says in its own words where else
// to look for such a placement).
func WriteText(w io.Writer, p solver.Problem, pl solver.Placement, g Glyphs) error {
	n, err := side(p, pl)
	if err != nil {
		return fmt.Errorf("text picture: %w", err)
	}
	if n > MaxText {
		return fmt.Errorf("text picture: a %d×%d board is too large to draw (at most %d×%d)", n, n, MaxText, MaxText)
	}
	grid := make([][]string, n)
	for r := range grid {
		grid[r] = make([]string, n)
		for c := range grid[r] {
			grid[r][c] = g.Empty
			if p.IsReserved(r, c) {
				grid[r][c] = g.Reserved
			}
		}
	}
	for _, q := range pl.Queens {
		if on(q, n) {
			grid[q.Row][q.Col] = g.Queen
		}
	}
	for _, k := range pl.Knights {
		if on(k, n) {
			grid[k.Row][k.Col] = g.Knight
		}
	}
	cell := len(solver.FileName(n - 1)) // file names are one or two letters
	rankWidth := len(strconv.Itoa(n))
	var b strings.Builder
	line := func(label string, cells func(c int) string) {
		var l strings.Builder
		fmt.Fprintf(&l, "%*s", rankWidth, label)
		for c := 0; c < n; c++ {
			l.WriteString(" " + cells(c) + strings.Repeat(" ", cell-len([]rune(cells(c)))))
		}
		b.WriteString(strings.TrimRight(l.String(), " ") + "\n")
	}
	for r := 0; r < n; r++ {
		line(strconv.Itoa(n-r), func(c int) string { return grid[r][c] })
	}
	line("", solver.FileName)
	_, err = io.WriteString(w, b.String())
	return err
}
