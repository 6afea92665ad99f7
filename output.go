package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/internal/report"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// row is one answered problem as solve, key, show and merge print it.
type row struct {
	ID      string
	Set     string
	Kind    solver.Kind
	Ask     solver.Ask
	N       int
	M       *int // queens-knights: the m the answer is for
	Answer  answer
	Cached  bool
	Seconds float64
	Hash    string
	// Shard is the slice a solve --shard counted ("2/8"); the answer is
	// then its partial sum.
	Shard string

	text string // the answer in a table cell
}

// timedRow is a row in JSON and YAML as solve, show and merge print it. Its
// JSON fields are a contract: tests outside the project read them. Answer
// holds a placeholder that writeRows replaces with the answer as it writes
// the rows.
type timedRow struct {
	ID      string      `json:"id" yaml:"id"`
	Set     string      `json:"set" yaml:"set"`
	Kind    solver.Kind `json:"kind" yaml:"kind"`
	Ask     solver.Ask  `json:"ask" yaml:"ask"`
	N       int         `json:"n" yaml:"n"`
	M       *int        `json:"m,omitempty" yaml:"m,omitempty"`
	Answer  string      `json:"answer" yaml:"answer"`
	Cached  bool        `json:"cached" yaml:"cached"`
	Seconds float64     `json:"seconds" yaml:"seconds"`
	Hash    string      `json:"hash" yaml:"hash"`
	Shard   string      `json:"shard,omitempty" yaml:"shard,omitempty"`
}

// keyRow is a row of an answer key in JSON and YAML: a timedRow without
// cached and seconds. A key holds what a problem setter compares from one
// cache to another, the definitions (by their hash) and the answers;
// seconds differ from run to run, and cached is true on every row of a key,
// which is read back from the cache.
type keyRow struct {
	ID     string      `json:"id" yaml:"id"`
	Set    string      `json:"set" yaml:"set"`
	Kind   solver.Kind `json:"kind" yaml:"kind"`
	Ask    solver.Ask  `json:"ask" yaml:"ask"`
	N      int         `json:"n" yaml:"n"`
	M      *int        `json:"m,omitempty" yaml:"m,omitempty"`
	Answer string      `json:"answer" yaml:"answer"`
	Hash   string      `json:"hash" yaml:"hash"`
	Shard  string      `json:"shard,omitempty" yaml:"shard,omitempty"`
}

// writeRows prints rows in format: table, json, yaml or csv. In CSV the
// answer is its JSON text. A row's answer is written as it is read (see
// answer), so an error reading a solutions list can end the output half
// way; it is returned.
func writeRows(w io.Writer, format string, rows []row) error {
	return printRows(w, format, rows, true)
}

// writeKeyRows prints rows as an answer key: as writeRows does, without
// each row's cached and seconds (see keyRow), so that two caches that hold
// the same answers give the same bytes.
func writeKeyRows(w io.Writer, format string, rows []row) error {
	return printRows(w, format, rows, false)
}

// printRows prints rows in format, with each row's cached and seconds when
// timed.
func printRows(w io.Writer, format string, rows []row, timed bool) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var err error
	switch format {
	case "json", "yaml", "csv":
		err = writeRowsSpliced(bw, format, rows, timed)
	default:
		err = writeTable(bw, rows, timed)
	}
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	return err
}

// writeTable writes rows as an aligned table, nothing when there are none.
func writeTable(w io.Writer, rows []row, timed bool) error {
	if len(rows) == 0 {
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if timed {
		fmt.Fprintln(tw, "SET\tID\tKIND\tASK\tN\tANSWER\tCACHED\tSECONDS")
	} else {
		fmt.Fprintln(tw, "SET\tID\tKIND\tASK\tN\tANSWER")
	}
	for _, r := range rows {
		n := strconv.Itoa(r.N)
		if r.M != nil {
			n += fmt.Sprintf(" m=%d", *r.M)
		}
		if !timed {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.Set, r.ID, r.Kind, r.Ask, n, r.text)
			continue
		}
		cached := "no"
		if r.Cached {
			cached = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.3f\n", r.Set, r.ID, r.Kind, r.Ask, n, r.text, cached, r.Seconds)
	}
	return tw.Flush()
}

// writeRowsSpliced writes rows in format json, yaml or csv in two steps.
// First the rows are encoded as before, by writeJSON, problems.WriteYAML
// and writeCSV, each with a placeholder for its answer: a small document
// whatever the answers. Then the document is copied to w with each
// placeholder replaced by its answer, which is written as it is read. So
// every other field keeps the exact form of its encoder, and an answer is
// never held whole, let alone as a tree of YAML nodes.
func writeRowsSpliced(w *bufio.Writer, format string, rows []row, timed bool) error {
	// The placeholders are words no field holds: almost always on the
	// first try, since ids hold no such words, but checked.
	for try := 0; ; try++ {
		mark := "queensjudge-answer-" + strconv.Itoa(try) + "-"
		placeholder := func(i int) string { return mark + strconv.Itoa(i) + "-" }
		var doc bytes.Buffer
		if err := encodeRows(&doc, format, rows, timed, placeholder); err != nil {
			return err
		}
		if bytes.Count(doc.Bytes(), []byte(mark)) == len(rows) {
			return splice(w, format, doc.Bytes(), rows, placeholder)
		}
	}
}

// encodeRows writes rows in format with placeholder(i) for the answer of
// rows[i].
func encodeRows(w io.Writer, format string, rows []row, timed bool, placeholder func(int) string) error {
	if format == "csv" {
		header := []string{"id", "set", "kind", "ask", "n", "m", "answer", "cached", "seconds", "hash", "shard"}
		if !timed {
			header = []string{"id", "set", "kind", "ask", "n", "m", "answer", "hash", "shard"}
		}
		var records [][]string
		for i, r := range rows {
			m := ""
			if r.M != nil {
				m = strconv.Itoa(*r.M)
			}
			rec := []string{r.ID, r.Set, string(r.Kind), string(r.Ask), strconv.Itoa(r.N), m, placeholder(i)}
			if timed {
				rec = append(rec, strconv.FormatBool(r.Cached), strconv.FormatFloat(r.Seconds, 'f', -1, 64))
			}
			records = append(records, append(rec, r.Hash, r.Shard))
		}
		return writeCSV(w, header, records)
	}
	var v any
	if timed {
		out := []timedRow{}
		for i, r := range rows {
			out = append(out, timedRow{ID: r.ID, Set: r.Set, Kind: r.Kind, Ask: r.Ask, N: r.N, M: r.M,
				Answer: placeholder(i), Cached: r.Cached, Seconds: r.Seconds, Hash: r.Hash, Shard: r.Shard})
		}
		v = out
	} else {
		out := []keyRow{}
		for i, r := range rows {
			out = append(out, keyRow{ID: r.ID, Set: r.Set, Kind: r.Kind, Ask: r.Ask, N: r.N, M: r.M,
				Answer: placeholder(i), Hash: r.Hash, Shard: r.Shard})
		}
		v = out
	}
	if format == "json" {
		return writeJSON(w, v)
	}
	return problems.WriteYAML(w, v)
}

// splice copies doc, the rows encoded in format by encodeRows, to w with
// each placeholder replaced by its row's answer. In JSON a placeholder is a
// string, "…", and the answer is indented under the line that holds it; in
// YAML it follows "answer: " and a block list goes under that line; in CSV
// it is a cell.
func splice(w *bufio.Writer, format string, doc []byte, rows []row, placeholder func(int) string) error {
	yq := yamlQuoter{}
	for i, r := range rows {
		p := placeholder(i)
		switch format {
		case "json":
			p = `"` + p + `"`
		case "yaml":
			p = " " + p
		}
		at := bytes.Index(doc, []byte(p))
		if at < 0 {
			return fmt.Errorf("write %s: the answer of row %d has no place", format, i+1)
		}
		w.Write(doc[:at])
		line := doc[bytes.LastIndexByte(doc[:at], '\n')+1 : at]
		indent := string(line[:len(line)-len(bytes.TrimLeft(line, " "))])
		var err error
		switch format {
		case "json":
			err = r.Answer.writeJSON(w, indent)
		case "yaml":
			err = r.Answer.writeYAML(w, indent, yq)
		default:
			err = r.Answer.writeCSV(w)
		}
		if err != nil {
			return err
		}
		doc = doc[at+len(p):]
	}
	_, err := w.Write(doc)
	return err
}

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // as report writes JSON: a message with < reads the same in both
	return enc.Encode(v)
}

// writeYAMLOf writes as YAML what writeJSON writes as JSON: the same fields
// under the same names, read back from the JSON so that the two agree.
func writeYAMLOf(w io.Writer, writeJSON func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := writeJSON(&buf); err != nil {
		return err
	}
	d := json.NewDecoder(&buf)
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return err
	}
	return problems.WriteYAML(w, plainNumbers(v))
}

// plainNumbers turns the json.Numbers in v into integers (exactly, for
// counts) or floats, so that YAML prints them as numbers.
func plainNumbers(v any) any {
	switch v := v.(type) {
	case json.Number:
		if i, err := strconv.ParseInt(string(v), 10, 64); err == nil {
			return i
		}
		if u, err := strconv.ParseUint(string(v), 10, 64); err == nil {
			return u
		}
		f, _ := v.Float64()
		return f
	case []any:
		for i := range v {
			v[i] = plainNumbers(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = plainNumbers(v[k])
		}
	}
	return v
}

// writeCSV writes a header and rows as CSV, as report writes its own: each
// cell one line of valid UTF-8, and never a formula (see report.Cell).
func writeCSV(w io.Writer, header []string, rows [][]string) error {
	return report.WriteCSVRecords(w, header, rows)
}

// rowOf returns the printed row of a result of problem id in set. The
// placements of a solutions answer are not read here but as the row is
// written, from ctx and db.
func rowOf(ctx context.Context, db *store.DB, set, id string, r store.Result, cached bool) row {
	ans := answer{kind: r.Kind, ask: r.Ask, a: r.Answer}
	if r.Ask == solver.AskSolutions {
		ans.solutions = db.Solutions(ctx, r.Key)
	}
	rw := row{
		ID: id, Set: set, Kind: r.Kind, Ask: r.Ask, N: r.N,
		Answer: ans, Cached: cached, Seconds: r.Seconds, Hash: r.Key.DefHash,
		text: ans.text(),
	}
	if r.Kind == solver.QueensKnights {
		m := r.Answer.M
		rw.M = &m
	}
	return rw
}
