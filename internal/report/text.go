package report

import (
	"encoding/csv"
	"io"
	"slices"
	"strings"

	"github.com/queensjudge/queensjudge/judge"
)

// printable returns a copy of r whose names and messages are
// judge.Printable: one line of valid UTF-8 each, whatever bytes a team put
// in its folder or file names. Every writer lays out the copy, so that a
// team is named alike in every format. The order of everything is kept.
func printable(r judge.Report) judge.Report {
	r.Set = judge.Printable(r.Set)
	r.Problems = slices.Clone(r.Problems)
	for i, p := range r.Problems {
		r.Problems[i] = judge.Printable(p)
	}
	r.Results = slices.Clone(r.Results)
	for i := range r.Results {
		res := &r.Results[i]
		res.Team = judge.Printable(res.Team)
		res.Problem = judge.Printable(res.Problem)
		res.File = judge.Printable(res.File)
		res.Message = judge.Printable(res.Message)
		res.TeamMessage = judge.Printable(res.TeamMessage)
	}
	r.Scoreboard = slices.Clone(r.Scoreboard)
	for i := range r.Scoreboard {
		s := &r.Scoreboard[i]
		s.Team = judge.Printable(s.Team)
		s.Problems = slices.Clone(s.Problems)
		for k := range s.Problems {
			s.Problems[k].Problem = judge.Printable(s.Problems[k].Problem)
		}
	}
	return r
}

// Cell returns s as a cell of a CSV or TSV file that a spreadsheet shows as
// text and never runs: judge.Printable, and behind a single quote when it
// starts with a character that makes a spreadsheet read a formula (=, +, -,
// @, tab or carriage return: OWASP's defence against CSV injection). The
// tool's own cells (counts, times, verdicts, problem ids) never start so and
// are kept as they are; a team named "=1+2" is the cell "'=1+2".
func Cell(s string) string {
	s = judge.Printable(s)
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// WriteCSVRecords writes a header and records as CSV, every cell through
// Cell: the one CSV writer of the tool, for the reports here and the rows of
// the other commands alike.
func WriteCSVRecords(w io.Writer, header []string, records [][]string) error {
	cw := csv.NewWriter(w)
	cells := make([]string, 0, len(header))
	for _, rec := range append([][]string{header}, records...) {
		cells = cells[:0]
		for _, s := range rec {
			cells = append(cells, Cell(s))
		}
		if err := cw.Write(cells); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
