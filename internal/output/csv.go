package output

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/queensjudge/queensjudge/internal/text"
)

// Cell returns s as a cell of a CSV or TSV file that a spreadsheet shows as
// text and never runs: text.Printable (one line of valid UTF-8), and behind
// a single quote when it starts with a character that makes a spreadsheet
// read a formula (=, +, -, @, tab or carriage return: OWASP's defence
// against CSV injection). The tool's own cells (counts, times, verdicts,
// problem ids) never start so and are kept as they are; a team named "=1+2"
// is the cell "'=1+2".
func Cell(s string) string {
	s = text.Printable(s)
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// WriteCSV writes a header and records as CSV, every cell (the header's
// too) through Cell: the one CSV writer of the tool, for reports and rows
// alike, so that a name that a spreadsheet would run, or that would break a
// line, is written safe in every command. The error is a failed write.
func WriteCSV(w io.Writer, header []string, records [][]string) error {
	return WriteCSVRecords(w, append([][]string{header}, records...))
}

// WriteCSVRecords writes records as WriteCSV does, with no header: the
// records that follow a header already written, a chunk at a time.
func WriteCSVRecords(w io.Writer, records [][]string) error {
	cw := csv.NewWriter(w)
	var cells []string
	for _, rec := range records {
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

// csvCell writes one CSV cell whose length is not known in advance, as
// encoding/csv writes a cell: in quotes, with its quotes doubled, when it
// holds a comma, a quote or a line break or begins with a space. It holds the
// cell back until it meets one of those or the cell ends; the cells it
// writes (an answer's JSON) meet one within their first few bytes or are a
// few bytes long. It is WriteCSV's quoting for the one cell WriteCSV cannot
// hold, a streamed answer, and does not go through Cell: an answer is ASCII
// and starts with a digit, [ or n.
type csvCell struct {
	w       *bufio.Writer
	held    []byte
	decided bool // whether the cell is quoted is known, and held is written
	quoted  bool
}

func (c *csvCell) Write(p []byte) (int, error) {
	if !c.decided {
		if !bytes.ContainsAny(p, ",\"\r\n") {
			c.held = append(c.held, p...)
			return len(p), nil
		}
		c.decide(true)
	}
	c.write(p)
	return len(p), nil
}

// decide writes the held bytes, quoted or not.
func (c *csvCell) decide(quoted bool) {
	c.decided, c.quoted = true, quoted
	if quoted {
		c.w.WriteByte('"')
	}
	c.write(c.held)
	c.held = nil
}

func (c *csvCell) write(p []byte) {
	if !c.quoted {
		c.w.Write(p)
		return
	}
	for len(p) > 0 {
		i := bytes.IndexByte(p, '"')
		if i < 0 {
			c.w.Write(p)
			return
		}
		c.w.Write(p[:i+1])
		c.w.WriteByte('"')
		p = p[i+1:]
	}
}

// Close ends the cell.
func (c *csvCell) Close() {
	if !c.decided {
		r, _ := utf8.DecodeRune(c.held)
		c.decide(string(c.held) == `\.` || len(c.held) > 0 && unicode.IsSpace(r))
	}
	if c.quoted {
		c.w.WriteByte('"')
	}
}
