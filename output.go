package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/report"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// row is one answered problem as solve, key and show print it. Its JSON
// fields are a contract: tests outside the project read them.
type row struct {
	ID      string      `json:"id" yaml:"id"`
	Set     string      `json:"set" yaml:"set"`
	Kind    solver.Kind `json:"kind" yaml:"kind"`
	Ask     solver.Ask  `json:"ask" yaml:"ask"`
	N       int         `json:"n" yaml:"n"`
	M       *int        `json:"m,omitempty" yaml:"m,omitempty"`
	Answer  any         `json:"answer" yaml:"answer"`
	Cached  bool        `json:"cached" yaml:"cached"`
	Seconds float64     `json:"seconds" yaml:"seconds"`
	Hash    string      `json:"hash" yaml:"hash"`
	// Shard is the slice a solve --shard counted ("2/8"); the answer is
	// then its partial sum.
	Shard string `json:"shard,omitempty" yaml:"shard,omitempty"`

	text string // the answer in a table cell
}

// writeRows prints rows in format: table, json, yaml or csv. In CSV the
// answer is its JSON text.
func writeRows(w io.Writer, format string, rows []row) error {
	if rows == nil {
		rows = []row{}
	}
	switch format {
	case "json":
		return writeJSON(w, rows)
	case "yaml":
		return problems.WriteYAML(w, rows)
	case "csv":
		var records [][]string
		for _, r := range rows {
			answer, err := json.Marshal(r.Answer)
			if err != nil {
				return err
			}
			m := ""
			if r.M != nil {
				m = strconv.Itoa(*r.M)
			}
			records = append(records, []string{r.ID, r.Set, string(r.Kind), string(r.Ask), strconv.Itoa(r.N), m,
				string(answer), strconv.FormatBool(r.Cached), strconv.FormatFloat(r.Seconds, 'f', -1, 64), r.Hash, r.Shard})
		}
		return writeCSV(w, []string{"id", "set", "kind", "ask", "n", "m", "answer", "cached", "seconds", "hash", "shard"}, records)
	}
	if len(rows) == 0 {
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SET\tID\tKIND\tASK\tN\tANSWER\tCACHED\tSECONDS")
	for _, r := range rows {
		n := strconv.Itoa(r.N)
		if r.M != nil {
			n += fmt.Sprintf(" m=%d", *r.M)
		}
		cached := "no"
		if r.Cached {
			cached = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.3f\n", r.Set, r.ID, r.Kind, r.Ask, n, r.text, cached, r.Seconds)
	}
	return tw.Flush()
}

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
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

// rowOf returns the printed row of a result of problem id in set.
func rowOf(ctx context.Context, db *store.DB, set, id string, r store.Result, cached bool) (row, error) {
	ans, err := answerValue(r.Kind, r.Ask, r.Answer, db.Solutions(ctx, r.Key))
	if err != nil {
		return row{}, fmt.Errorf("read solutions of %s: %w", id, err)
	}
	rw := row{
		ID: id, Set: set, Kind: r.Kind, Ask: r.Ask, N: r.N,
		Answer: ans, Cached: cached, Seconds: r.Seconds, Hash: r.Key.DefHash,
		text: answerText(r.Ask, r.Answer),
	}
	if r.Kind == solver.QueensKnights {
		m := r.Answer.M
		rw.M = &m
	}
	return rw, nil
}
