package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
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

// writeRows prints rows in format: table, json or yaml.
func writeRows(w io.Writer, format string, rows []row) error {
	switch format {
	case "json":
		if rows == nil {
			rows = []row{}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rows)
	case "yaml":
		if rows == nil {
			rows = []row{}
		}
		return problems.WriteYAML(w, rows)
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
