package report

import (
	"encoding/csv"
	"io"
	"strings"

	"github.com/queensjudge/queensjudge/judge"
)

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
