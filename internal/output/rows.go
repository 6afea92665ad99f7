package output

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// Row is one answered problem as solve, key, show and merge print it.
type Row struct {
	ID, Set string
	Kind    solver.Kind
	Ask     solver.Ask
	N       int
	M       *int // queens-knights: the m the answer is for
	Answer  Answer
	Cached  bool
	Seconds float64
	Hash    string // the content hash of the problem's definition
	// Shard is the slice a solve --shard counted ("2/8"); the answer is
	// then its partial sum, and the table says so after the answer.
	Shard string
	// Test, Group and Sample are, on a row of one test of a problem with
	// tests, the test's name, its group ("" for none) and whether it is a
	// sample; Board is then the rows of its board (reserved only), since
	// the test's instance is not in the set under its id. All are empty on
	// the row of a problem without tests.
	Test   string
	Group  string
	Sample bool
	Board  []string
}

// Ref is the row's problem id, or ID/TEST for a test.
func (r Row) Ref() string {
	if r.Test == "" {
		return r.ID
	}
	return r.ID + "/" + r.Test
}

// Rows are the rows a command prints: timed (solve, show, merge: each row's
// cached and seconds too) or, when Key is true, an answer key.
//
// A key holds what a problem setter compares from one cache to another, the
// definitions (by their hash) and the answers, so that two caches that hold
// the same answers give the same bytes: no cached, which is true on every
// row of a key (read back from the cache), and no seconds, which differ
// from run to run.
//
// Rows is a Streamer: Write writes each answer as it is read (see Answer),
// and an error reading a solutions list ends the output half way and is
// returned. Its JSON and YAML are a list of objects with the fields id,
// test, group and sample (a test's row only), set, kind, ask, n, board (a
// reserved test's row only), m (queens-knights only), answer, cached,
// seconds, hash and shard (a slice only), cached and seconds left out of a
// key; tests outside the project read them. YAML keeps that order of
// fields. CSV has those columns under a header (test, group, sample and
// board when any row is a test's, the board's rows joined by '/'), the
// answer as its compact JSON. The table has a header and a line a row, a
// test's named ID/TEST, and is empty when there are no rows.
type Rows struct {
	Rows []Row
	Key  bool
}

var (
	_ Data     = Rows{}
	_ Streamer = Rows{}
)

// jsonRow is a Row in JSON and YAML. Its fields are a contract (see
// Rows). Answer is the Answer, or a placeholder that Stream replaces with
// it. Cached and Seconds are nil in a key, which leaves them out.
type jsonRow struct {
	ID      string      `json:"id" yaml:"id"`
	Test    string      `json:"test,omitempty" yaml:"test,omitempty"`
	Group   string      `json:"group,omitempty" yaml:"group,omitempty"`
	Sample  bool        `json:"sample,omitempty" yaml:"sample,omitempty"`
	Set     string      `json:"set" yaml:"set"`
	Kind    solver.Kind `json:"kind" yaml:"kind"`
	Ask     solver.Ask  `json:"ask" yaml:"ask"`
	N       int         `json:"n" yaml:"n"`
	Board   []string    `json:"board,omitempty" yaml:"board,omitempty"`
	M       *int        `json:"m,omitempty" yaml:"m,omitempty"`
	Answer  any         `json:"answer" yaml:"answer"`
	Cached  *bool       `json:"cached,omitempty" yaml:"cached,omitempty"`
	Seconds *float64    `json:"seconds,omitempty" yaml:"seconds,omitempty"`
	Hash    string      `json:"hash" yaml:"hash"`
	Shard   string      `json:"shard,omitempty" yaml:"shard,omitempty"`
}

// csvHeader names the CSV columns, those of jsonRow in its order; a key
// has no cached and seconds, and rows with no test have no test, group,
// sample and board.
func (rs Rows) csvHeader() []string {
	var h []string
	if rs.tests() {
		h = []string{"id", "test", "group", "sample", "set", "kind", "ask", "n", "board", "m", "answer"}
	} else {
		h = []string{"id", "set", "kind", "ask", "n", "m", "answer"}
	}
	if !rs.Key {
		h = append(h, "cached", "seconds")
	}
	return append(h, "hash", "shard")
}

// tests reports whether any row is a test's.
func (rs Rows) tests() bool {
	for _, r := range rs.Rows {
		if r.Test != "" {
			return true
		}
	}
	return false
}

// value returns the rows as JSON and YAML show them, with answer(i) as the
// answer of rs.Rows[i]. No rows are an empty list, [], not null.
func (rs Rows) value(answer func(i int) any) any {
	out := []jsonRow{}
	for i, r := range rs.Rows {
		row := jsonRow{ID: r.ID, Test: r.Test, Group: r.Group, Sample: r.Sample, Set: r.Set, Kind: r.Kind, Ask: r.Ask, N: r.N,
			Board: r.Board, M: r.M, Answer: answer(i), Hash: r.Hash, Shard: r.Shard}
		if !rs.Key {
			row.Cached, row.Seconds = &r.Cached, &r.Seconds
		}
		out = append(out, row)
	}
	return out
}

// records returns the rows as CSV shows them, with answer(i) as the answer
// cell of rs.Rows[i].
func (rs Rows) records(answer func(i int) string) (header []string, records [][]string) {
	tests := rs.tests()
	for i, r := range rs.Rows {
		m := ""
		if r.M != nil {
			m = strconv.Itoa(*r.M)
		}
		var rec []string
		if tests {
			sample := "" // a problem without tests has no tests to be samples
			if r.Test != "" {
				sample = strconv.FormatBool(r.Sample)
			}
			rec = []string{r.ID, r.Test, r.Group, sample, r.Set, string(r.Kind), string(r.Ask),
				strconv.Itoa(r.N), strings.Join(r.Board, "/"), m, answer(i)}
		} else {
			rec = []string{r.ID, r.Set, string(r.Kind), string(r.Ask), strconv.Itoa(r.N), m, answer(i)}
		}
		if !rs.Key {
			rec = append(rec, strconv.FormatBool(r.Cached), strconv.FormatFloat(r.Seconds, 'f', -1, 64))
		}
		records = append(records, append(rec, r.Hash, r.Shard))
	}
	return rs.csvHeader(), records
}

// JSONValue returns the rows as JSON shows them, each answer an Answer,
// which encodes itself whole (see Answer.MarshalJSON). WriteJSON of it gives
// the bytes Write does; WriteYAML of it does not, as it sorts the fields.
// Write streams instead: this is for a caller that needs the value.
func (rs Rows) JSONValue() any {
	return rs.value(func(i int) any { return rs.Rows[i].Answer })
}

// Records returns the rows as CSV shows them, each answer cell its compact
// JSON, read whole. Records cannot report an error reading a solutions
// list: the cell then holds the placements read before it, an unfinished
// list. Write streams, and returns the error.
func (rs Rows) Records() (header []string, records [][]string) {
	return rs.records(func(i int) string {
		b, _ := rs.Rows[i].Answer.MarshalJSON() // the error is documented above
		return string(b)
	})
}

// WriteTable writes the rows as aligned columns under a header, nothing
// when there are none. An answer is its Text, followed by " (slice 2/8)"
// for a slice of a sharded count.
func (rs Rows) WriteTable(w io.Writer) error {
	if len(rs.Rows) == 0 {
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if rs.Key {
		fmt.Fprintln(tw, "SET\tID\tKIND\tASK\tN\tANSWER")
	} else {
		fmt.Fprintln(tw, "SET\tID\tKIND\tASK\tN\tANSWER\tCACHED\tSECONDS")
	}
	for _, r := range rs.Rows {
		n := strconv.Itoa(r.N)
		if r.M != nil {
			n += fmt.Sprintf(" m=%d", *r.M)
		}
		text, err := r.Answer.Text()
		if err != nil {
			return err
		}
		if r.Shard != "" {
			text += " (slice " + r.Shard + ")"
		}
		if rs.Key {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.Set, r.Ref(), r.Kind, r.Ask, n, text)
			continue
		}
		cached := "no"
		if r.Cached {
			cached = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.3f\n", r.Set, r.Ref(), r.Kind, r.Ask, n, text, cached, r.Seconds)
	}
	return tw.Flush()
}

// Stream writes the rows in format f, each answer as it is read (see
// Rows). The table is WriteTable's. JSON, YAML and CSV are written in two
// steps. First the rows are encoded by WriteJSON, problems.WriteYAML (on
// the rows themselves, not through JSON, to keep the order of the fields)
// and WriteCSV, with a placeholder for each answer: a small document
// whatever the answers. Then the document is copied to w with each
// placeholder replaced by its answer, written as it is read. So every other
// field keeps the exact form of its encoder, and an answer is never held
// whole, let alone as a tree of YAML nodes.
func (rs Rows) Stream(w io.Writer, f Format) error {
	switch f {
	case Table:
		return rs.WriteTable(w)
	case JSON, YAML, CSV:
	default:
		_, err := ParseFormat(string(f))
		return fmt.Errorf("write rows: %w", err)
	}
	if bw, ok := w.(*bufio.Writer); ok { // Write's
		return rs.spliced(bw, f)
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	err := rs.spliced(bw, f)
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	return err
}

// spliced writes the rows in f, JSON, YAML or CSV, by the two steps Stream
// describes. The placeholder is a word no field holds: so on the first try
// unless an id or a set is named like it, and on some later try whatever
// the fields, since each try's word is in fewer of them.
func (rs Rows) spliced(w *bufio.Writer, f Format) error {
	for try := 0; ; try++ {
		mark := "queensjudge-answer-" + strconv.Itoa(try)
		var doc bytes.Buffer
		var err error
		switch f {
		case JSON:
			err = WriteJSON(&doc, rs.value(func(int) any { return mark }))
		case YAML:
			err = problems.WriteYAML(&doc, rs.value(func(int) any { return mark }))
		default:
			header, records := rs.records(func(int) string { return mark })
			err = WriteCSV(&doc, header, records)
		}
		if err != nil {
			return err
		}
		if bytes.Count(doc.Bytes(), []byte(mark)) == len(rs.Rows) {
			return rs.splice(w, f, doc.Bytes(), []byte(mark))
		}
	}
}

// splice copies doc, the rows encoded in f with mark in place of every
// answer and nowhere else, to w with each mark replaced by its row's answer.
// In JSON the mark is a string, "…", and the answer is indented under the
// line that holds it; in YAML it follows "answer: ", and a block list goes
// under that line; in CSV it is a cell.
func (rs Rows) splice(w *bufio.Writer, f Format, doc, mark []byte) error {
	yq := yamlQuoter{}
	for i, r := range rs.Rows {
		at := bytes.Index(doc, mark)
		start, end := at, at+len(mark)
		switch f {
		case JSON: // the quotes of the string go with it
			start, end = start-1, end+1
		case YAML: // the space before it too: a block list starts with a line break instead
			start--
		}
		// Never so while the encoders write a plain word as they do; but
		// if one changed, an error is better than a broken document.
		if at < 0 || start < 0 || end > len(doc) ||
			f == JSON && (doc[start] != '"' || doc[end-1] != '"') || f == YAML && doc[start] != ' ' {
			return fmt.Errorf("write %s: the answer of row %d has no place", f, i+1)
		}
		w.Write(doc[:start])
		line := doc[bytes.LastIndexByte(doc[:start], '\n')+1 : start]
		indent := string(line[:len(line)-len(bytes.TrimLeft(line, " "))])
		var err error
		switch f {
		case JSON:
			err = r.Answer.writeJSON(w, indent)
		case YAML:
			err = r.Answer.writeYAML(w, indent, yq)
		default:
			err = r.Answer.writeCSV(w)
		}
		if err != nil {
			return err
		}
		doc = doc[end:]
	}
	_, err := w.Write(doc)
	return err
}
