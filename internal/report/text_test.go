package report

import (
	"encoding/csv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/queensjudge/queensjudge/judge"
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

// printable leaves r as it is and returns a copy with every name printable,
// in the same order.
func TestPrintableReport(t *testing.T) {
	r := judge.Report{
		Set:      "cup",
		Problems: []string{"q6"},
		Results: []judge.Result{{Team: "new\nline", Problem: "q6", File: "new\nline/q6\xff.txt",
			Message: "not read: new line/q6\xff.txt", TeamMessage: "judge error"}},
		Scoreboard: []judge.Standing{{Rank: 1, Team: "new\nline", Problems: []judge.Cell{{Problem: "q6"}}}},
	}
	p := printable(r)
	if r.Results[0].Team != "new\nline" || r.Scoreboard[0].Team != "new\nline" {
		t.Errorf("printable changed the report it was given: %+v", r)
	}
	res := p.Results[0]
	if res.Team != `new\nline` || res.File != `new\nline/q6\xff.txt` || res.Message != `not read: new line/q6\xff.txt` {
		t.Errorf("printable result = %+v", res)
	}
	if s := p.Scoreboard[0]; s.Team != `new\nline` || s.Rank != 1 || len(s.Problems) != 1 || s.Problems[0].Problem != "q6" {
		t.Errorf("printable standing = %+v", s)
	}
}
