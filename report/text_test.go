package report

import (
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
		{"bad\xffname", `bad\xffname`},
		{"'quoted", "'quoted"},
	} {
		if got := Cell(c.in); got != c.want {
			t.Errorf("Cell(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Every cell, the header's too, goes through Cell, and each record is one
// line that encoding/csv reads back.
func TestWriteCSVRecords(t *testing.T) {
	var b strings.Builder
	err := WriteCSVRecords(&b, []string{"team", "=header"}, [][]string{
		{"=1+2", "two\nlines"},
		{"bad\xffname", `"quoted", and a comma`},
	})
	if err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !utf8.ValidString(out) || strings.Count(out, "\n") != 3 {
		t.Fatalf("WriteCSVRecords wrote %q, want 3 lines of valid UTF-8", out)
	}
	got, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"team", "'=header"}, {"'=1+2", `two\nlines`}, {`bad\xffname`, `"quoted", and a comma`}}
	for i := range want {
		for j := range want[i] {
			if got[i][j] != want[i][j] {
				t.Errorf("record %d cell %d = %q, want %q", i, j, got[i][j], want[i][j])
			}
		}
	}
}
