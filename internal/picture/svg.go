package picture

import (
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/solver"
)

// MaxSVG is the largest board side WriteSVG draws; a larger board is drawn
// as a note saying it is too large.
const MaxSVG = 64

// The geometry of a board picture, in viewBox units: every square is
// svgCell wide whatever n, and the width and height attributes scale it.
const svgCell = 40

// The colours of a board picture.
const (
	svgLight    = "#f0d9b5"
	svgDark     = "#b58863"
	svgReserved = "#7d8796"
	svgPiece    = "#141414"
	svgOutline  = "#ffffff"
	svgFault    = "#e00000"
	svgLabel    = "#333333"
)

// The pieces, drawn in a 100×100 box so that they render the same in every
// browser and viewer, with no font. The queen is a crown of five points
// with a ball on each; the knight a horse's head looking left.
const (
	svgQueen = "M20 82L12 38L31 60L33 26L50 56L67 26L69 60L88 38L80 82Z" +
		"M18 86H82V95H18Z" +
		"M4 36a8 8 0 1 0 16 0a8 8 0 1 0-16 0Z" +
		"M25 24a8 8 0 1 0 16 0a8 8 0 1 0-16 0Z" +
		"M42 14a8 8 0 1 0 16 0a8 8 0 1 0-16 0Z" +
		"M59 24a8 8 0 1 0 16 0a8 8 0 1 0-16 0Z" +
		"M80 36a8 8 0 1 0 16 0a8 8 0 1 0-16 0Z"
	svgKnight = "M26 95H82C82 72 80 52 74 38C68 24 60 15 49 11L46 2L38 13" +
		"C30 18 24 27 20 37L11 53C9 61 15 66 23 62L33 56C37 54 42 52 47 48" +
		"C44 64 28 72 26 95Z"
	svgEye = "M36 29a4 4 0 1 0 8 0a4 4 0 1 0-8 0Z"
)

// WriteSVG writes pl, a placement on p's board, as a standalone SVG
// picture: a checkered board with file letters below it and rank numbers to
// its left, the queens and knights as vector shapes, p's reserved squares
// shaded and crossed, and the highlight squares (the pair at fault in a
// wrong answer) outlined in red and, when there are two, joined by a dashed
// red line. Pieces and highlights off the board are left out.
//
// The picture has a viewBox, so it scales; its width and height suit a
// screen for n from 1 to MaxSVG. A larger board is written as a small
// picture saying it is too large to draw. The output depends on its
// arguments only, and it has no ids, so several pictures can share one HTML
// page. An error is a write error, or a placement for another board side.
func WriteSVG(w io.Writer, p solver.Problem, pl solver.Placement, highlight []solver.Square) error {
	return writeSVG(w, p, pl, highlight, MaxSVG)
}

// MaxFileSVG is the largest board side WriteFileSVG draws: the largest
// board of any problem with a board (solver.MaxReservedPlacementN).
const MaxFileSVG = solver.MaxReservedPlacementN

// WriteFileSVG is WriteSVG for a picture on its own, a file rather than one
// of many on a page: it draws boards up to MaxFileSVG. Past MaxSVG the
// board is drawn compactly, to stay a few megabytes at n = 1,000 (a line a
// rank for the dark squares, a rectangle a run of reserved squares in a
// rank, no crosses, which would be a pixel wide), and scaled to about 960
// pixels across.
func WriteFileSVG(w io.Writer, p solver.Problem, pl solver.Placement, highlight []solver.Square) error {
	return writeSVG(w, p, pl, highlight, MaxFileSVG)
}

func writeSVG(w io.Writer, p solver.Problem, pl solver.Placement, highlight []solver.Square, most int) error {
	n, err := side(p, pl)
	if err != nil {
		return fmt.Errorf("board picture: %w", err)
	}
	var b strings.Builder
	if n > most {
		svgTooLarge(&b, n, most)
	} else {
		drawSVG(&b, p, pl, highlight)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("board picture: %w", err)
	}
	return nil
}

const svgFonts = `font-family="DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"`

func svgTooLarge(b *strings.Builder, n, most int) {
	text := fmt.Sprintf("%d×%d board: too large to draw (at most %d×%d)", n, n, most, most)
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 60" width="480" height="60" role="img" aria-label="%s">`+"\n", text)
	fmt.Fprintf(b, `<rect x="1" y="1" width="478" height="58" rx="6" fill="#f4f4f4" stroke="#999" stroke-width="2"/>`+"\n")
	fmt.Fprintf(b, `<text x="240" y="36" text-anchor="middle" font-size="17" fill="%s" %s>%s</text>`+"\n", svgLabel, svgFonts, text)
	b.WriteString("</svg>\n")
}

func drawSVG(b *strings.Builder, p solver.Problem, pl solver.Placement, highlight []solver.Square) {
	n := p.N
	// Past 16 files only every step-th square is labelled, in a larger font,
	// so that the labels stay readable when a big board is drawn small.
	step := (n + 15) / 16
	font := min(15*step, 40)
	margin := font*2 + 4 // room for "64" to the left and a row of letters below
	large := n > MaxSVG
	if large {
		margin = max(margin, font*len(strconv.Itoa(n))*3/5+font/2+4) // "1000"
	}
	side := n * svgCell
	width, height := margin+side+8, 8+side+margin
	px := float64(min(56, max(9, 480/n))) // screen pixels per square
	if large {
		px = 960 / float64(n)
	}
	scale := func(u int) string { return strconv.FormatFloat(float64(u)*px/svgCell, 'f', 0, 64) }
	x0, y0 := margin, 8
	at := func(s solver.Square) (int, int) { return x0 + s.Col*svgCell, y0 + s.Row*svgCell }

	label := fmt.Sprintf("%d×%d board, %s, %s", n, n, solver.Plural(int64(len(pl.Queens)), "queen"), solver.Plural(int64(len(pl.Knights)), "knight"))
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%s" height="%s" role="img" aria-label="%s">`+"\n",
		width, height, scale(width), scale(height), label)
	fmt.Fprintf(b, "<title>%s</title>\n", html.EscapeString(describe(pl, highlight, n)))

	// The board: light squares as one rectangle, the dark ones on top.
	fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", x0, y0, side, side, svgLight)
	if large {
		// A rank's dark squares as one dashed line: n lines, not n²/2
		// squares.
		fmt.Fprintf(b, `<g stroke="%s" stroke-width="%d" stroke-dasharray="%d %d">`+"\n", svgDark, svgCell, svgCell, svgCell)
		for r := range n {
			first := 1 - r%2 // the first dark square of rank r: (r+c)%2 == 1
			fmt.Fprintf(b, `<path d="M%d %dh%d"/>`+"\n", x0+first*svgCell, y0+r*svgCell+svgCell/2, (n-first)*svgCell)
		}
		b.WriteString("</g>\n")
	} else {
		b.WriteString(`<path fill="` + svgDark + `" d="`)
		for r := range n {
			for c := range n {
				if (r+c)%2 == 1 {
					x, y := at(solver.Square{Row: r, Col: c})
					fmt.Fprintf(b, "M%d %dh%dv%dh-%dZ", x, y, svgCell, svgCell, svgCell)
				}
			}
		}
		b.WriteString("\"/>\n")
	}
	// Reserved squares: shaded, with a cross, so that they show without colour.
	var reserved, cross strings.Builder
	for r := range n {
		for c := 0; c < n && large; c++ {
			// A run of reserved squares in rank r as one rectangle.
			if !p.IsReserved(r, c) {
				continue
			}
			run := 1
			for c+run < n && p.IsReserved(r, c+run) {
				run++
			}
			x, y := at(solver.Square{Row: r, Col: c})
			fmt.Fprintf(&reserved, "M%d %dh%dv%dh-%dZ", x, y, run*svgCell, svgCell, run*svgCell)
			c += run - 1
		}
		for c := 0; c < n && !large; c++ {
			if p.IsReserved(r, c) {
				x, y := at(solver.Square{Row: r, Col: c})
				fmt.Fprintf(&reserved, "M%d %dh%dv%dh-%dZ", x, y, svgCell, svgCell, svgCell)
				fmt.Fprintf(&cross, "M%d %dl%d %dM%d %dl-%d %d", x+8, y+8, svgCell-16, svgCell-16, x+svgCell-8, y+8, svgCell-16, svgCell-16)
			}
		}
	}
	if reserved.Len() > 0 {
		fmt.Fprintf(b, `<path fill="%s" d="%s"/>`+"\n", svgReserved, reserved.String())
		if cross.Len() > 0 {
			fmt.Fprintf(b, `<path fill="none" stroke="#ffffff" stroke-width="3" stroke-linecap="round" d="%s"/>`+"\n", cross.String())
		}
	}
	fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="%s" stroke-width="2"/>`+"\n", x0-1, y0-1, side+2, side+2, svgLabel)

	// Labels: files below, ranks to the left, counted from the bottom left.
	fmt.Fprintf(b, `<g fill="%s" font-size="%d" text-anchor="middle" %s>`+"\n", svgLabel, font, svgFonts)
	for k := 0; k < n; k += step {
		fmt.Fprintf(b, `<text x="%d" y="%d">%s</text>`+"\n", x0+k*svgCell+svgCell/2, y0+side+font+4, solver.FileName(k))
	}
	for k := 0; k < n; k += step {
		y := y0 + (n-1-k)*svgCell + svgCell/2 + font*7/20
		fmt.Fprintf(b, `<text x="%d" y="%d">%d</text>`+"\n", margin/2, y, k+1)
	}
	b.WriteString("</g>\n")

	// The pair at fault: a dashed line between them under the pieces.
	var marks []solver.Square
	for _, s := range highlight {
		if on(s, n) {
			marks = append(marks, s)
		}
	}
	if len(marks) == 2 {
		ax, ay := at(marks[0])
		bx, by := at(marks[1])
		fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="4" stroke-dasharray="8 6" stroke-linecap="round" opacity="0.85"/>`+"\n",
			ax+svgCell/2, ay+svgCell/2, bx+svgCell/2, by+svgCell/2, svgFault)
	}

	// The pieces, each in a square of svgCell: the 100-unit shapes at 0.3
	// with a margin of 5, inside the outline of a square at fault.
	piece := func(s solver.Square, d string, knight bool) {
		if !on(s, n) {
			return
		}
		x, y := at(s)
		fmt.Fprintf(b, `<g transform="translate(%d %d) scale(0.3)">`, x+5, y+5)
		fmt.Fprintf(b, `<path d="%s" fill="%s" stroke="%s" stroke-width="4" stroke-linejoin="round"/>`, d, svgPiece, svgOutline)
		if knight {
			fmt.Fprintf(b, `<path d="%s" fill="%s"/>`, svgEye, svgOutline)
		}
		b.WriteString("</g>\n")
	}
	for _, q := range pl.Queens {
		piece(q, svgQueen, false)
	}
	for _, k := range pl.Knights {
		piece(k, svgKnight, true)
	}

	// The outlines of the squares at fault, over the pieces.
	for _, s := range marks {
		x, y := at(s)
		fmt.Fprintf(b, `<rect x="%d.5" y="%d.5" width="%d" height="%d" fill="none" stroke="%s" stroke-width="4"/>`+"\n",
			x+2, y+2, svgCell-5, svgCell-5, svgFault)
	}
	b.WriteString("</svg>\n")
}

// describe says in words what a picture shows, for its title.
func describe(pl solver.Placement, highlight []solver.Square, n int) string {
	names := func(sq []solver.Square) string {
		var s []string
		for _, q := range sq {
			if on(q, n) {
				s = append(s, q.Name(n))
			}
		}
		return strings.Join(s, " ")
	}
	var parts []string
	if len(pl.Queens) > 0 {
		parts = append(parts, "queens on "+names(pl.Queens))
	}
	if len(pl.Knights) > 0 {
		parts = append(parts, "knights on "+names(pl.Knights))
	}
	if len(parts) == 0 {
		parts = append(parts, "no pieces")
	}
	if h := names(highlight); h != "" {
		parts = append(parts, "at fault: "+h)
	}
	return fmt.Sprintf("%d×%d board: %s", n, n, strings.Join(parts, "; "))
}
