package picture

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/solver"
)

// sq finds the square of an n×n board whose chess name is name, the slow
// way: by asking every square its name.
func sq(t *testing.T, name string, n int) solver.Square {
	t.Helper()
	for r := range n {
		for c := range n {
			if s := (solver.Square{Row: r, Col: c}); s.Name(n) == name {
				return s
			}
		}
	}
	t.Fatalf("no square %q on a %d×%d board", name, n, n)
	return solver.Square{}
}

// TestWriteSVG draws boards of every kind and size class and compares
// each picture with testdata/svg/NAME.golden.
func TestWriteSVG(t *testing.T) {
	cols64 := make([]int, 64)
	for r := range cols64 {
		cols64[r] = (r*2 + r/32) % 64
	}
	corners := solver.Problem{Kind: solver.Reserved, N: 6, Reserved: []uint64{0b100001, 0, 0, 0, 0, 0b100001}}
	qk := solver.Problem{Kind: solver.QueensKnights, N: 6, M: 3, Ask: solver.AskPlacement}
	eight := solver.Problem{Kind: solver.NQueens, N: 8, Ask: solver.AskPlacement}
	for _, c := range []struct {
		name      string
		p         solver.Problem
		pl        solver.Placement
		highlight []string
	}{
		{"one", solver.Problem{Kind: solver.NQueens, N: 1}, solver.FromColumns([]int{0}), nil},
		{"eight-diagonal", eight, solver.FromColumns([]int{0, 4, 7, 5, 2, 6, 1, 2}), []string{"c3", "c1"}},
		{"eight-empty", eight, solver.Placement{N: 8}, nil},
		{"corners-reserved", corners, solver.FromColumns([]int{0, 2, 4, 1, 3, 5}), []string{"a6"}},
		{"queens-knights", qk, solver.Placement{N: 6,
			Queens:  []solver.Square{{Row: 0, Col: 0}, {Row: 2, Col: 4}, {Row: 4, Col: 1}},
			Knights: []solver.Square{{Row: 1, Col: 2}, {Row: 5, Col: 5}, {Row: 3, Col: 3}}}, []string{"a6", "e4"}},
		{"sixty-four", solver.Problem{Kind: solver.NQueens, N: 64}, solver.FromColumns(cols64), []string{"a64", "bl1"}},
		{"too-large", solver.Problem{Kind: solver.NQueens, N: 65}, solver.Placement{N: 65}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var hl []solver.Square
			for _, name := range c.highlight {
				hl = append(hl, sq(t, name, c.p.N))
			}
			var b bytes.Buffer
			if err := WriteSVG(&b, c.p, c.pl, hl); err != nil {
				t.Fatal(err)
			}
			got := b.String()
			if !strings.HasPrefix(got, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="`) || !strings.HasSuffix(got, "</svg>\n") {
				t.Errorf("not one svg element:\n%s", got)
			}
			if strings.Contains(got, ` id="`) {
				t.Errorf("the picture has an id, which would clash on a page of several")
			}
			if c.p.N <= MaxSVG {
				if k := strings.Count(got, `fill="none" stroke="#e00000"`); k != len(hl) {
					t.Errorf("%d squares outlined in red, want %d", k, len(hl))
				}
			} else if !strings.Contains(got, "too large to draw") {
				t.Errorf("a %d×%d board is drawn", c.p.N, c.p.N)
			}
			testflag.Golden(t, filepath.Join("testdata", "svg", c.name+".golden"), b.Bytes())
		})
	}
}

func TestWriteSVGErrors(t *testing.T) {
	var b bytes.Buffer
	if err := WriteSVG(&b, solver.Problem{N: 0}, solver.Placement{}, nil); err == nil {
		t.Errorf("WriteSVG of a 0×0 board: no error")
	}
	if err := WriteSVG(&b, solver.Problem{N: 8}, solver.Placement{N: 7}, nil); err == nil {
		t.Errorf("WriteSVG of a 7×7 placement on an 8×8 problem: no error")
	}
	// Pieces and highlights off the board are left out, not a panic.
	pl := solver.Placement{N: 4, Queens: []solver.Square{{Row: -1, Col: 0}, {Row: 4, Col: 4}}}
	if err := WriteSVG(&b, solver.Problem{N: 4}, pl, []solver.Square{{Row: 9, Col: 9}}); err != nil {
		t.Errorf("WriteSVG with pieces off the board: %v", err)
	}
}

// TestWriteFileSVG draws reserved boards past MaxSVG, as show --svg does:
// every queen drawn, the reserved squares in runs (as many rectangles as
// runs), a line a rank for the dark squares, and a note past MaxFileSVG.
func TestWriteFileSVG(t *testing.T) {
	for _, n := range []int{40, 65, 100, 1000} {
		p := solver.Problem{Kind: solver.Reserved, Ask: solver.AskPlacement, N: n, Reserved: solver.NewReserved(n), M: solver.AnyM}
		runs := 0
		for r := range n {
			for c := range n {
				if (r*7+c*c)%5 == 0 && c != (2*r)%n {
					p.Reserve(r, c)
					if c == 0 || !p.IsReserved(r, c-1) {
						runs++
					}
				}
			}
		}
		cols := make([]int, n)
		for r := range cols {
			cols[r] = (2 * r) % n // not a placement: the picture does not care
		}
		var b bytes.Buffer
		if err := WriteFileSVG(&b, p, solver.FromColumns(cols), nil); err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
		got := b.String()
		if strings.Contains(got, "too large") || strings.Count(got, svgQueen) != n {
			t.Errorf("n = %d: %d queens drawn, want %d (too large: %v)", n, strings.Count(got, svgQueen), n, strings.Contains(got, "too large"))
		}
		if n > MaxSVG {
			if k := strings.Count(got, "Z") - strings.Count(got, svgQueen)*strings.Count(svgQueen, "Z"); k != runs {
				t.Errorf("n = %d: %d reserved rectangles, want %d runs", n, k, runs)
			}
			if k := len(regexp.MustCompile(`<path d="M\d+ \d+h\d+"/>`).FindAllString(got, -1)); k != n {
				t.Errorf("n = %d: %d rank lines, want %d", n, k, n)
			}
		} else if small := b.String(); func() string {
			var s bytes.Buffer
			WriteSVG(&s, p, solver.FromColumns(cols), nil)
			return s.String()
		}() != small {
			t.Errorf("n = %d: WriteFileSVG differs from WriteSVG up to MaxSVG", n)
		}
	}
	var b bytes.Buffer
	if err := WriteFileSVG(&b, solver.Problem{Kind: solver.NQueens, N: MaxFileSVG + 1}, solver.Placement{}, nil); err != nil || !strings.Contains(b.String(), "too large to draw (at most 1000×1000)") {
		t.Errorf("WriteFileSVG of a %d×%d board = %v, %q, want the note", MaxFileSVG+1, MaxFileSVG+1, err, b.String())
	}
}
