package judge

import (
	"fmt"
	"io"
	"strings"

	"github.com/queensjudge/queensjudge/solver"
)

// maxPictured is the largest board drawn: beyond it the squares would be
// specks.
const maxPictured = 64

// The pieces, drawn in a 100×100 box: a crowned queen and a knight's head.
const (
	queenPath  = "M18 84h64v8H18zM22 80l-8-46 18 24 6-36 12 30 12-30 6 36 18-24-8 46z"
	knightPath = "M26 92h52l-6-22c0-22 10-34 2-52L58 6l-6 10-12-2-20 26 6 12 16-8-20 30z"
)

// WriteBoardSVG writes a standalone SVG picture of pl on p's board: checkered
// squares, file letters and rank numbers, reserved squares hatched, the
// pieces, and the highlight squares (the pair at fault) outlined in red. A
// board larger than 64×64 is not drawn; the picture says so.
func WriteBoardSVG(w io.Writer, p solver.Problem, pl solver.Placement, highlight []solver.Square) error {
	_, err := io.WriteString(w, BoardSVG(p, pl, highlight))
	return err
}

// BoardSVG returns the picture WriteBoardSVG writes.
func BoardSVG(p solver.Problem, pl solver.Placement, highlight []solver.Square) string {
	n := pl.N
	var b strings.Builder
	if n > maxPictured || n < 1 {
		fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 40" role="img" aria-label="board"><text x="8" y="26" font-family="sans-serif" font-size="16">a %d×%d board is too large to draw</text></svg>`, n, n)
		return b.String()
	}
	const cell, margin = 40, 28
	size := n*cell + 2*margin
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img" aria-label="%d×%d board">`, size, size, n, n)
	b.WriteString(`<defs><pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#8a8a8a"/><line x1="0" y1="0" x2="0" y2="8" stroke="#555" stroke-width="4"/></pattern></defs>`)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/>`, size, size)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			fill := "#f0d9b5"
			if (r+c)%2 == 1 {
				fill = "#b58863"
			}
			if p.IsReserved(r, c) {
				fill = "url(#hatch)"
			}
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`, margin+c*cell, margin+r*cell, cell, cell, fill)
		}
	}
	font := `font-family="sans-serif" font-size="14" fill="#333" text-anchor="middle"`
	for i := 0; i < n; i++ {
		x := margin + i*cell + cell/2
		fmt.Fprintf(&b, `<text x="%d" y="%d" %s>%s</text>`, x, size-9, font, solver.FileName(i))
		fmt.Fprintf(&b, `<text x="%d" y="%d" %s>%s</text>`, x, 19, font, solver.FileName(i))
		y := margin + i*cell + cell/2 + 5
		fmt.Fprintf(&b, `<text x="%d" y="%d" %s>%d</text>`, margin/2, y, font, n-i)
		fmt.Fprintf(&b, `<text x="%d" y="%d" %s>%d</text>`, size-margin/2, y, font, n-i)
	}
	piece := func(s solver.Square, path, name string) {
		if s.Row < 0 || s.Row >= n || s.Col < 0 || s.Col >= n {
			return
		}
		fmt.Fprintf(&b, `<path transform="translate(%d %d) scale(%g)" d="%s" fill="#1b1b1b" stroke="#fff" stroke-width="5" stroke-linejoin="round"><title>%s on %s</title></path>`,
			margin+s.Col*cell+2, margin+s.Row*cell+2, float64(cell-4)/100, path, name, s.Name(n))
	}
	for _, q := range pl.Queens {
		piece(q, queenPath, "queen")
	}
	for _, k := range pl.Knights {
		piece(k, knightPath, "knight")
	}
	for _, s := range highlight {
		if s.Row >= 0 && s.Row < n && s.Col >= 0 && s.Col < n {
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#d00000" stroke-width="5"/>`,
				margin+s.Col*cell+3, margin+s.Row*cell+3, cell-6, cell-6)
		}
	}
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#333" stroke-width="2"/>`, margin, margin, n*cell, n*cell)
	b.WriteString(`</svg>`)
	return b.String()
}
