package solver

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// parseByFields is ParseCompact's column form read the plain way: a list of
// fields, then of columns.
func parseByFields(s string) (Placement, error) {
	fields := strings.Fields(s)
	cols := make([]int, len(fields))
	for i, f := range fields {
		c, err := strconv.Atoi(f)
		if err != nil || c < 1 || c > len(fields) {
			return Placement{}, fmt.Errorf("placement %q: bad column %q", s, f)
		}
		cols[i] = c - 1
	}
	return FromColumns(cols), nil
}

// stringByColumns is String's column form made the plain way.
func stringByColumns(p Placement) string {
	cols, _ := p.Columns()
	parts := make([]string, len(cols))
	for i, c := range cols {
		parts[i] = strconv.Itoa(c + 1)
	}
	return strings.Join(parts, " ")
}

func TestStringAndParseCompact(t *testing.T) {
	for _, c := range []struct {
		pl   Placement
		text string
	}{
		{FromColumns([]int{1, 3, 5, 0, 2, 4}), "2 4 6 1 3 5"},
		{FromColumns([]int{0}), "1"},
		{FromColumns([]int{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}), "10 9 8 7 6 5 4 3 2 1"},
		{Placement{N: 2, Queens: []Square{{0, 1}}, Knights: []Square{{1, 0}}}, ".Q/N."},
		{Placement{N: 3}, ".../.../..."},
	} {
		if got := c.pl.String(); got != c.text {
			t.Errorf("String(%v) = %q, want %q", c.pl, got, c.text)
		}
		back, err := ParseCompact(c.text)
		if err != nil {
			t.Errorf("ParseCompact(%q): %v", c.text, err)
			continue
		}
		if back.String() != c.text {
			t.Errorf("ParseCompact(%q).String() = %q", c.text, back.String())
		}
	}
	// Queens out of row order are written in the board form, and read back
	// in row order.
	if got := (Placement{N: 2, Queens: []Square{{1, 0}, {0, 1}}}).String(); got != ".Q/Q." {
		t.Errorf("String of queens out of row order = %q, want %q", got, ".Q/Q.")
	}
	for _, s := range []string{"", "1 1", "2 0", "1 x", "3 1 2 4 5 9", " 1\t2\n", "+1 2", "1,2"} {
		got, gerr := ParseCompact(s)
		want, werr := parseByFields(s)
		if fmt.Sprint(gerr) != fmt.Sprint(werr) || !samePlacement(got, want) {
			t.Errorf("ParseCompact(%q) = %v, %v; want %v, %v", s, got, gerr, want, werr)
		}
	}
}

func TestHasColumns(t *testing.T) {
	for _, c := range []struct {
		pl   Placement
		want bool
	}{
		{FromColumns([]int{1, 3, 0, 2}), true},
		{Placement{}, true},
		{Placement{N: 2, Queens: []Square{{0, 1}}}, false},
		{Placement{N: 2, Queens: []Square{{1, 0}, {0, 1}}}, false},
		{Placement{N: 1, Queens: []Square{{0, 0}}, Knights: []Square{{0, 0}}}, false},
	} {
		_, ok := c.pl.Columns()
		if got := c.pl.HasColumns(); got != c.want || ok != c.want {
			t.Errorf("HasColumns(%v) = %v (Columns ok %v), want %v", c.pl, got, ok, c.want)
		}
	}
}

// samePlacement compares placements, an empty list and nil alike.
func samePlacement(a, b Placement) bool {
	return a.N == b.N && slices.Equal(a.Queens, b.Queens) && slices.Equal(a.Knights, b.Knights)
}

// FuzzParseCompact holds ParseCompact to the plain reading on any text, and
// String to the plain writing on what it reads.
func FuzzParseCompact(f *testing.F) {
	for _, s := range []string{"2 4 6 1 3 5", "1", "", "1 1", ".Q/N.", "NN.N../....../....../.....Q/..Q.../....Q.", " 3  1 2 ", "1 +2", "٣ 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseCompact(s)
		if strings.Contains(s, "/") || strings.ContainsAny(s, ".QN") {
			if err != nil {
				return
			}
			if back, err := ParseCompact(got.String()); err != nil || !samePlacement(back, got) {
				t.Fatalf("ParseCompact(String(%v)) = %v, %v", got, back, err)
			}
			return
		}
		want, werr := parseByFields(s)
		if fmt.Sprint(err) != fmt.Sprint(werr) || !samePlacement(got, want) {
			t.Fatalf("ParseCompact(%q) = %v, %v; want %v, %v", s, got, err, want, werr)
		}
		if err != nil {
			return
		}
		text := got.String()
		if got.N > 0 && text != stringByColumns(got) {
			t.Fatalf("String(%v) = %q, want %q", got, text, stringByColumns(got))
		}
		if back, err := ParseCompact(text); err != nil || !samePlacement(back, got) {
			t.Fatalf("ParseCompact(String(%v)) = %v, %v", got, back, err)
		}
	})
}
