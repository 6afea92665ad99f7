package output

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCell(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"ada", "ada"},
		{"92", "92"},
		{"a-b", "a-b"},
		{"=1+2", "'=1+2"},
		{"+1+1", "'+1+1"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{`=HYPERLINK("http://evil","x")`, `'=HYPERLINK("http://evil","x")`},
		{"\t=1", `\t=1`}, // a tab is written \t, which no spreadsheet runs
		{"\r=1", `\r=1`},
		{"new\nline", `new\nline`},
		{"line\u2028sep", `line\u2028sep`},
		{"bad\xffname", `bad\xffname`},
		{"'quoted", "'quoted"},
		// Bidi controls are escaped, as text.Printable escapes them: a
		// spreadsheet would show "\u202egnp.exe" as "exe.png". One in front
		// of = does not make a formula; one behind = does not hide it.
		{"\u202e=1+2", `\u202e=1+2`},
		{"=\u202e1+2", `'=\u202e1+2`},
		{"ab\u2066cd\u2069", `ab\u2066cd\u2069`},
	} {
		if got := Cell(c.in); got != c.want {
			t.Errorf("Cell(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Every cell, the header's too, goes through Cell, and each record is one
// line of valid UTF-8 that encoding/csv reads back.
func TestWriteCSV(t *testing.T) {
	var b strings.Builder
	err := WriteCSV(&b, []string{"team", "=header"}, [][]string{
		{"=1+2", "two\nlines"},
		{"bad\xffname", `"quoted", and a comma`},
		{"\u202egnp.exe", "-1\r\n=2"},
	})
	if err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !utf8.ValidString(out) || strings.Count(out, "\n") != 4 {
		t.Fatalf("WriteCSV wrote %q, want 4 lines of valid UTF-8", out)
	}
	got, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"team", "'=header"},
		{"'=1+2", `two\nlines`},
		{`bad\xffname`, `"quoted", and a comma`},
		{`\u202egnp.exe`, `'-1\r\n=2`},
	}
	if len(got) != len(want) {
		t.Fatalf("WriteCSV wrote %d records, want %d: %q", len(got), len(want), out)
	}
	for i := range want {
		for j := range want[i] {
			if got[i][j] != want[i][j] {
				t.Errorf("record %d cell %d = %q, want %q", i, j, got[i][j], want[i][j])
			}
		}
	}
}

// TestWriteCSVNoRecords checks that no records are the header alone.
func TestWriteCSVNoRecords(t *testing.T) {
	var b strings.Builder
	if err := WriteCSV(&b, []string{"a", "b"}, nil); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "a,b\n"; got != want {
		t.Errorf("WriteCSV with no records = %q, want %q", got, want)
	}
}

// TestCSVCell holds the streamed cell to encoding/csv's quoting of the same
// cell, written a byte at a time so that what is held back is tested.
func TestCSVCell(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"92", "92"},
		{"[1]", "[1]"},
		{"[1,2]", `"[1,2]"`},
		{`["."]`, `"["".""]"`},
		{" x", `" x"`},
		{`\.`, `"\."`},
		{"a\nb", "\"a\nb\""},
	} {
		var b bytes.Buffer
		w := bufio.NewWriter(&b)
		cell := &csvCell{w: w}
		for i := range len(c.in) {
			cell.Write([]byte{c.in[i]})
		}
		cell.Close()
		w.Flush()
		if b.String() != c.want {
			t.Errorf("csvCell(%q) = %q, want %q", c.in, b.String(), c.want)
		}
		var ref bytes.Buffer
		cw := csv.NewWriter(&ref)
		cw.Write([]string{c.in, ""}) // two cells, so that an empty one is not written ""
		cw.Flush()
		if want := strings.TrimSuffix(ref.String(), ",\n"); b.String() != want {
			t.Errorf("csvCell(%q) = %q, encoding/csv wrote %q", c.in, b.String(), want)
		}
	}
}
