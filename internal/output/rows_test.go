package output

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"text/tabwriter"

	"gopkg.in/yaml.v3" // to read back what the program writes through problems.WriteYAML

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// valueRow is a row with its answer as a value, the way rows were printed
// before answers were streamed: encoding/json and yaml.v3 encoded it whole.
// It is the reference the streamed rows are held to, byte for byte.
type valueRow struct {
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
	Shard   string      `json:"shard,omitempty" yaml:"shard,omitempty"`
}

// valueOf is the answer as a value: what JSON and YAML show.
func valueOf(t *testing.T, a Answer) any {
	t.Helper()
	placement := func(pl solver.Placement) any {
		if a.Kind != solver.QueensKnights {
			if cols, ok := pl.Columns(); ok {
				for i := range cols {
					cols[i]++
				}
				return cols
			}
		}
		return pl.Rows()
	}
	switch a.Ask {
	case solver.AskPlacement:
		if a.Value.Placement == nil {
			return nil
		}
		return placement(*a.Value.Placement)
	case solver.AskSolutions:
		list := []any{}
		for pl, err := range a.Solutions {
			if err != nil {
				t.Fatal(err)
			}
			list = append(list, placement(pl))
		}
		return list
	}
	return a.Value.Count
}

// textOf is the answer in a table cell, made from the whole compact form.
func textOf(a Answer) string {
	switch a.Ask {
	case solver.AskPlacement:
		if a.Value.Placement == nil {
			return "none"
		}
		s := a.Value.Placement.String()
		if len(s) > 48 {
			cut := strings.LastIndexByte(s[:48], ' ')
			if cut < 0 {
				cut = 48
			}
			s = s[:cut] + " …"
		}
		return s
	case solver.AskSolutions:
		return solver.Plural(int64(a.Value.Count), "placement")
	}
	return strconv.FormatUint(a.Value.Count, 10)
}

// keyValueRow is a valueRow of an answer key: without cached and seconds.
type keyValueRow struct {
	ID     string      `json:"id" yaml:"id"`
	Set    string      `json:"set" yaml:"set"`
	Kind   solver.Kind `json:"kind" yaml:"kind"`
	Ask    solver.Ask  `json:"ask" yaml:"ask"`
	N      int         `json:"n" yaml:"n"`
	M      *int        `json:"m,omitempty" yaml:"m,omitempty"`
	Answer any         `json:"answer" yaml:"answer"`
	Hash   string      `json:"hash" yaml:"hash"`
	Shard  string      `json:"shard,omitempty" yaml:"shard,omitempty"`
}

// writeValueRows writes rows as they were written before answers were
// streamed: as solve writes them, or as key does when key is true.
func writeValueRows(t *testing.T, format Format, rows []Row, key bool) string {
	t.Helper()
	var b bytes.Buffer
	vs := []valueRow{}
	keys := []keyValueRow{}
	for _, r := range rows {
		v := valueRow{ID: r.ID, Set: r.Set, Kind: r.Kind, Ask: r.Ask, N: r.N, M: r.M,
			Answer: valueOf(t, r.Answer), Cached: r.Cached, Seconds: r.Seconds, Hash: r.Hash, Shard: r.Shard}
		vs = append(vs, v)
		keys = append(keys, keyValueRow{ID: v.ID, Set: v.Set, Kind: v.Kind, Ask: v.Ask, N: v.N, M: v.M, Answer: v.Answer, Hash: v.Hash, Shard: v.Shard})
	}
	var doc any = vs
	if key {
		doc = keys
	}
	var err error
	switch format {
	case JSON:
		err = WriteJSON(&b, doc)
	case YAML:
		err = problems.WriteYAML(&b, doc)
	case CSV:
		var records [][]string
		for _, v := range vs {
			answer, err := json.Marshal(v.Answer)
			if err != nil {
				t.Fatal(err)
			}
			m := ""
			if v.M != nil {
				m = strconv.Itoa(*v.M)
			}
			if key {
				records = append(records, []string{v.ID, v.Set, string(v.Kind), string(v.Ask), strconv.Itoa(v.N), m,
					string(answer), v.Hash, v.Shard})
				continue
			}
			records = append(records, []string{v.ID, v.Set, string(v.Kind), string(v.Ask), strconv.Itoa(v.N), m,
				string(answer), strconv.FormatBool(v.Cached), strconv.FormatFloat(v.Seconds, 'f', -1, 64), v.Hash, v.Shard})
		}
		header := []string{"id", "set", "kind", "ask", "n", "m", "answer", "cached", "seconds", "hash", "shard"}
		if key {
			header = []string{"id", "set", "kind", "ask", "n", "m", "answer", "hash", "shard"}
		}
		err = WriteCSV(&b, header, records)
	default:
		if len(rows) == 0 {
			return ""
		}
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		if key {
			fmt.Fprintln(tw, "SET\tID\tKIND\tASK\tN\tANSWER")
		} else {
			fmt.Fprintln(tw, "SET\tID\tKIND\tASK\tN\tANSWER\tCACHED\tSECONDS")
		}
		for _, r := range rows {
			n := strconv.Itoa(r.N)
			if r.M != nil {
				n += fmt.Sprintf(" m=%d", *r.M)
			}
			cached := "no"
			if r.Cached {
				cached = "yes"
			}
			text := textOf(r.Answer)
			if r.Shard != "" {
				text += " (slice " + r.Shard + ")"
			}
			if key {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.Set, r.ID, r.Kind, r.Ask, n, text)
				continue
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.3f\n", r.Set, r.ID, r.Kind, r.Ask, n, text, cached, r.Seconds)
		}
		err = tw.Flush()
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// listOf yields the placements of a solutions answer, or err after them.
func listOf(err error, pls ...solver.Placement) iter.Seq2[solver.Placement, error] {
	return func(yield func(solver.Placement, error) bool) {
		for _, pl := range pls {
			if !yield(pl, nil) {
				return
			}
		}
		if err != nil {
			yield(solver.Placement{}, err)
		}
	}
}

func compact(t *testing.T, s string) solver.Placement {
	t.Helper()
	pl, err := solver.ParseCompact(s)
	if err != nil {
		t.Fatal(err)
	}
	return pl
}

// sampleRows are rows of every form an answer takes, on boards of every
// size class, under ids and set names that YAML and JSON quote or escape.
func sampleRows(t *testing.T) []Row {
	q := solver.NQueens
	qk := solver.QueensKnights
	big, _ := solver.Construct(12_000) // longer than every buffer on the way (64 KiB)
	five := 5
	zero := 0
	mk := func(id, set string, kind solver.Kind, ask solver.Ask, n int, m *int, a Answer) Row {
		a.Kind, a.Ask = kind, ask
		return Row{ID: id, Set: set, Kind: kind, Ask: ask, N: n, M: m, Answer: a,
			Cached: len(id)%2 == 0, Seconds: float64(len(id)) / 7, Hash: strings.Repeat("ab", 32)}
	}
	pl := func(p solver.Placement) Answer { return Answer{Value: solver.Answer{Placement: &p}} }
	return []Row{
		mk("eight", "cup", q, solver.AskCount, 8, nil, Answer{Value: solver.Answer{Count: 92}}),
		mk("max64", "yes", q, solver.AskUnique, 27, nil, Answer{Value: solver.Answer{Count: math.MaxUint64}}),
		mk("null", "1.5", q, solver.AskPlacement, 2, nil, Answer{}),
		mk("one", "a: b # c", q, solver.AskPlacement, 1, nil, pl(solver.FromColumns([]int{0}))),
		mk("six", "<été & co>", q, solver.AskPlacement, 6, nil, pl(compact(t, "2 4 6 1 3 5"))),
		mk("ten", "cup", q, solver.AskPlacement, 10, nil, pl(compact(t, "10 9 8 7 6 5 4 3 2 1"))),
		mk("twenty", "cup", q, solver.AskPlacement, 20, nil, pl(compact(t, "20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1"))),
		mk("big", "cup", q, solver.AskPlacement, len(big), nil, pl(solver.FromColumns(big))),
		mk("reserved", "cup", solver.Reserved, solver.AskPlacement, 4, nil, pl(compact(t, "2 4 1 3"))),
		mk("qk6", "cup", qk, solver.AskPlacement, 6, &five, pl(compact(t, "NN.N../....../....../.....Q/..Q.../....Q."))),
		mk("qk3", "cup", qk, solver.AskPlacement, 3, &zero, pl(compact(t, ".../.../..."))),
		mk("qk1", "cup", qk, solver.AskPlacement, 1, &zero, pl(compact(t, "."))),
		mk("none-listed", "cup", q, solver.AskSolutions, 3, nil, Answer{Solutions: listOf(nil)}),
		mk("one-listed", "cup", q, solver.AskSolutions, 1, nil, Answer{Value: solver.Answer{Count: 1}, Solutions: listOf(nil, compact(t, "1"))}),
		mk("four-listed", "cup", q, solver.AskSolutions, 4, nil, Answer{Value: solver.Answer{Count: 2},
			Solutions: listOf(nil, compact(t, "2 4 1 3"), compact(t, "3 1 4 2"))}),
		mk("qk-listed", "cup", qk, solver.AskSolutions, 3, &zero, Answer{Value: solver.Answer{Count: 1},
			Solutions: listOf(nil, compact(t, ".../.../..."))}),
		mk("qk5-listed", "cup", qk, solver.AskSolutions, 5, &five, Answer{Value: solver.Answer{Count: 2},
			Solutions: listOf(nil, compact(t, ".N.N./...../...../..Q../....Q"), compact(t, "...../....N/.Q.../....N/Q...."))}),
		{ID: "sliced", Set: "cup", Kind: q, Ask: solver.AskCount, N: 18, Shard: "2/8", Hash: "00",
			Answer: Answer{Kind: q, Ask: solver.AskCount, Value: solver.Answer{Count: 77}}},
	}
}

// TestRowsAsTheEncodersWroteThem holds the streamed rows to the rows encoded
// whole by encoding/json, yaml.v3 and encoding/csv, byte for byte, in every
// format, as solve and as key print them, and checks that yaml.v3 reads the
// YAML back to the same values.
func TestRowsAsTheEncodersWroteThem(t *testing.T) {
	rows := sampleRows(t)
	for _, format := range Formats {
		for _, rs := range [][]Row{rows, rows[:1], nil} {
			for _, key := range []bool{false, true} {
				var got bytes.Buffer
				if err := Write(&got, format, Rows{Rows: rs, Key: key}); err != nil {
					t.Fatalf("%s: %v", format, err)
				}
				want := writeValueRows(t, format, rs, key)
				if got.String() != want {
					t.Errorf("%s, %d rows, key %v: got\n%.3000s\nwant\n%.3000s", format, len(rs), key, got.String(), want)
				}
			}
		}
	}

	var got bytes.Buffer
	if err := Write(&got, YAML, Rows{Rows: rows}); err != nil {
		t.Fatal(err)
	}
	var back []valueRow
	if err := yaml.Unmarshal(got.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		want, err := json.Marshal(valueOf(t, r.Answer))
		if err != nil {
			t.Fatal(err)
		}
		read, err := json.Marshal(back[i].Answer)
		if err != nil {
			t.Fatal(err)
		}
		if back[i].ID != r.ID || back[i].Set != r.Set || string(read) != string(want) {
			t.Errorf("row %d read back from YAML as %s/%s %.200s, want %s/%s %.200s", i, back[i].Set, back[i].ID, read, r.Set, r.ID, want)
		}
	}
}

// TestRowsData checks the Data methods of Rows, which hold the answers
// whole, against what Write streams: WriteJSON of JSONValue, WriteCSV of
// Records and WriteTable give the same bytes. So does Stream on a writer
// that Write has not buffered.
func TestRowsData(t *testing.T) {
	for _, key := range []bool{false, true} {
		rs := Rows{Rows: sampleRows(t), Key: key}
		header, records := rs.Records()
		for _, c := range []struct {
			f     Format
			write func(w io.Writer) error
		}{
			{JSON, func(w io.Writer) error { return WriteJSON(w, rs.JSONValue()) }},
			{CSV, func(w io.Writer) error { return WriteCSV(w, header, records) }},
			{Table, rs.WriteTable},
		} {
			var got, want bytes.Buffer
			if err := c.write(&got); err != nil {
				t.Fatalf("%s: %v", c.f, err)
			}
			if err := Write(&want, c.f, rs); err != nil {
				t.Fatalf("%s: %v", c.f, err)
			}
			if got.String() != want.String() {
				t.Errorf("%s, key %v, whole: got\n%.3000s\nwant (streamed)\n%.3000s", c.f, key, got.String(), want.String())
			}
		}
		for _, f := range Formats {
			var got, want bytes.Buffer
			if err := rs.Stream(&got, f); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if err := Write(&want, f, rs); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if got.String() != want.String() {
				t.Errorf("Stream %s, key %v: got\n%.3000s\nwant (Write)\n%.3000s", f, key, got.String(), want.String())
			}
		}
	}
}

// TestRowsPlaceholderInAField checks that a field that holds what looks
// like an answer's placeholder is printed as it is, however many tries it
// takes to find a placeholder no field holds.
func TestRowsPlaceholderInAField(t *testing.T) {
	rows := sampleRows(t)[:4]
	rows[0].Set = "queensjudge-answer-0"
	rows[1].ID = "queensjudge-answer-1-"
	rows[2].ID = "x queensjudge-answer-2"
	rows[3].Set = "queensjudge-answer-3,queensjudge-answer-30"
	for _, format := range Formats {
		var got bytes.Buffer
		if err := Write(&got, format, Rows{Rows: rows}); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if want := writeValueRows(t, format, rows, false); got.String() != want {
			t.Errorf("%s: got\n%s\nwant\n%s", format, got.String(), want)
		}
	}
}

// TestRowsSolutionsError checks that an error reading a solutions list
// while it is written is returned, by Write in every format that writes the
// list and by WriteJSON of JSONValue.
func TestRowsSolutionsError(t *testing.T) {
	broken := errors.New("disk on fire")
	rs := Rows{Rows: []Row{{ID: "p", Set: "s", Kind: solver.NQueens, Ask: solver.AskSolutions, N: 4,
		Answer: Answer{Kind: solver.NQueens, Ask: solver.AskSolutions, Value: solver.Answer{Count: 2},
			Solutions: listOf(broken, solver.FromColumns([]int{1, 3, 0, 2}))}}}}
	for _, format := range []Format{JSON, YAML, CSV} {
		if err := Write(&bytes.Buffer{}, format, rs); !errors.Is(err, broken) {
			t.Errorf("Write %s: error %v, want %v", format, err, broken)
		}
	}
	if err := WriteJSON(&bytes.Buffer{}, rs.JSONValue()); !errors.Is(err, broken) {
		t.Errorf("WriteJSON(JSONValue()): error %v, want %v", err, broken)
	}
	if _, records := rs.Records(); records[0][6] != "[[2,4,1,3]" {
		t.Errorf("Records: answer cell %q, want the unfinished list [[2,4,1,3]", records[0][6])
	}
}

// TestRowsUnknownFormat checks that rows in a format that is not one are
// an error, and nothing is written.
func TestRowsUnknownFormat(t *testing.T) {
	var b bytes.Buffer
	if err := (Rows{Rows: sampleRows(t)[:1]}).Stream(&b, "xml"); err == nil || b.Len() > 0 {
		t.Errorf("Stream(xml) wrote %q, error %v; want nothing and an error", b.String(), err)
	}
}

// TestRowsReadPlacements checks that an answer whose placement is read by
// Answer.Placement is written as the same answer held in Value, in every
// format and both kinds of rows; that each write reads each placement
// once; and that an error reading one is returned.
func TestRowsReadPlacements(t *testing.T) {
	rows := sampleRows(t)
	lazy := slices.Clone(rows)
	reads := map[string]int{}
	for i := range lazy {
		a := &lazy[i].Answer
		if a.Ask != solver.AskPlacement {
			continue
		}
		pl, id := a.Value.Placement, lazy[i].ID
		a.Value.Placement = nil
		a.Placement = func() (*solver.Placement, error) {
			reads[id]++
			return pl, nil
		}
	}
	for _, format := range Formats {
		for _, key := range []bool{false, true} {
			clear(reads)
			var got, want bytes.Buffer
			if err := Write(&got, format, Rows{Rows: lazy, Key: key}); err != nil {
				t.Fatalf("%s: %v", format, err)
			}
			if err := Write(&want, format, Rows{Rows: rows, Key: key}); err != nil {
				t.Fatalf("%s: %v", format, err)
			}
			if got.String() != want.String() {
				t.Errorf("%s, key %v: placements read as written: got\n%.3000s\nwant\n%.3000s", format, key, got.String(), want.String())
			}
			for _, r := range lazy {
				if n := reads[r.ID]; r.Ask == solver.AskPlacement && n != 1 {
					t.Errorf("%s, key %v: %s: the placement was read %d times, want once", format, key, r.ID, n)
				}
			}
		}
	}

	broken := errors.New("disk on fire")
	rs := Rows{Rows: []Row{{ID: "p", Set: "s", Kind: solver.NQueens, Ask: solver.AskPlacement, N: 4,
		Answer: Answer{Kind: solver.NQueens, Ask: solver.AskPlacement,
			Placement: func() (*solver.Placement, error) { return nil, broken }}}}}
	for _, format := range Formats {
		if err := Write(&bytes.Buffer{}, format, rs); !errors.Is(err, broken) {
			t.Errorf("Write %s: error %v, want %v", format, err, broken)
		}
	}
}

// TestRowsOfTests writes the rows of tests: their test, group, sample and
// board fields in JSON, those columns in CSV only when a row is a test's,
// and ID/TEST in the table.
func TestRowsOfTests(t *testing.T) {
	m := 5
	rows := Rows{Key: true, Rows: []Row{
		{ID: "cb", Test: "1", Sample: true, Set: "s", Kind: solver.Reserved, Ask: solver.AskCount, N: 2, Board: []string{"*.", ".."},
			Answer: Answer{Kind: solver.Reserved, Ask: solver.AskCount, Value: solver.Answer{Count: 0}}, Hash: "h1"},
		{ID: "qk", Test: "big", Group: "large", Set: "s", Kind: solver.QueensKnights, Ask: solver.AskMax, N: 8, M: &m,
			Answer: Answer{Kind: solver.QueensKnights, Ask: solver.AskMax, Value: solver.Answer{Count: 5, M: 5}}, Hash: "h2"},
	}}
	var b bytes.Buffer
	if err := Write(&b, JSON, rows); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"test": "1",`, `"sample": true,`, `"group": "large",`, "\"board\": [\n      \"*.\",\n      \"..\"\n    ],"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("JSON has no %q:\n%s", want, b.String())
		}
	}
	b.Reset()
	if err := Write(&b, CSV, rows); err != nil {
		t.Fatal(err)
	}
	want := "id,test,group,sample,set,kind,ask,n,board,m,answer,hash,shard\n" +
		"cb,1,,true,s,reserved,count,2,*./..,,0,h1,\n" +
		"qk,big,large,false,s,queens-knights,max,8,,5,5,h2,\n"
	if b.String() != want {
		t.Errorf("CSV:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	if err := Write(&b, Table, rows); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "s    cb/1    reserved") || !strings.Contains(b.String(), "qk/big") {
		t.Errorf("table:\n%s", b.String())
	}
}
