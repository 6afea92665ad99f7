package report

import (
	"testing"

	"github.com/queensjudge/queensjudge/judge"
)

// printable leaves r as it is and returns a copy with every name printable,
// in the same order, but the results, which printableResults makes
// printable a team at a time.
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
	res := printableResults(p.Results)[0]
	if res.Team != `new\nline` || res.File != `new\nline/q6\xff.txt` || res.Message != `not read: new line/q6\xff.txt` {
		t.Errorf("printable result = %+v", res)
	}
	if s := p.Scoreboard[0]; s.Team != `new\nline` || s.Rank != 1 || len(s.Problems) != 1 || s.Problems[0].Problem != "q6" {
		t.Errorf("printable standing = %+v", s)
	}
}
