package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/solver"
)

// maxDrawn is the largest board show --board draws; a bigger one would not
// fit a terminal.
const maxDrawn = 64

// glyphs are the characters a board is drawn with.
type glyphs struct {
	queen, knight, empty, reserved string
}

var (
	unicodeGlyphs = glyphs{queen: "♛", knight: "♞", empty: "·", reserved: "░"}
	asciiGlyphs   = glyphs{queen: "Q", knight: "N", empty: ".", reserved: "*"}
)

// terminalGlyphs returns the chess glyphs when the locale says UTF-8, the
// letters otherwise.
func terminalGlyphs() glyphs {
	for _, v := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if s := os.Getenv(v); s != "" {
			s = strings.ToLower(s)
			if strings.Contains(s, "utf-8") || strings.Contains(s, "utf8") {
				return unicodeGlyphs
			}
			return asciiGlyphs
		}
	}
	return asciiGlyphs
}

// drawBoard writes pl as a chessboard: rank numbers down the left, file
// letters along the bottom, reserved squares of p shaded.
func drawBoard(w io.Writer, p solver.Problem, pl solver.Placement, g glyphs) error {
	n := pl.N
	if n > maxDrawn {
		_, err := fmt.Fprintf(w, "(a %d×%d board is too big to draw; --format json lists the placement)\n", n, n)
		return err
	}
	grid := make([][]string, n)
	for r := range grid {
		grid[r] = make([]string, n)
		for c := range grid[r] {
			grid[r][c] = g.empty
			if p.IsReserved(r, c) {
				grid[r][c] = g.reserved
			}
		}
	}
	for _, q := range pl.Queens {
		grid[q.Row][q.Col] = g.queen
	}
	for _, k := range pl.Knights {
		grid[k.Row][k.Col] = g.knight
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
	_, err := io.WriteString(w, b.String())
	return err
}
