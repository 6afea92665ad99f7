package output

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"

	_ "github.com/queensjudge/queensjudge/internal/testflag" // go test ./... -update and -long reach every package
)

func TestParseFormat(t *testing.T) {
	for _, f := range Formats {
		got, err := ParseFormat(string(f))
		if err != nil || got != f {
			t.Errorf("ParseFormat(%q) = %q, %v; want %q", f, got, err, f)
		}
	}
	for _, s := range []string{"xml", "", "JSON", " json", "tsv"} {
		got, err := ParseFormat(s)
		want := fmt.Sprintf("unknown format %q (want table, json, yaml, csv)", s)
		if err == nil || err.Error() != want {
			t.Errorf("ParseFormat(%q) = %q, %v; want the error %s", s, got, err, want)
		}
	}
}

// team is a small Data: a result in each format, as a command's would be.
type team struct {
	Name   string `json:"name"`
	Solved int    `json:"solved"`
	Note   string `json:"note,omitempty"`
}

func (d team) JSONValue() any { return d }

func (d team) Records() ([]string, [][]string) {
	return []string{"name", "solved"}, [][]string{{d.Name, fmt.Sprint(d.Solved)}}
}

func (d team) WriteTable(w io.Writer) error {
	_, err := fmt.Fprintf(w, "%s solved %d\n", d.Name, d.Solved)
	return err
}

func TestWrite(t *testing.T) {
	d := team{Name: "=a<b>", Solved: 3}
	for _, c := range []struct {
		f    Format
		want string
	}{
		{Table, "=a<b> solved 3\n"},
		{JSON, "{\n  \"name\": \"=a<b>\",\n  \"solved\": 3\n}\n"},
		{YAML, "name: =a<b>\nsolved: 3\n"},
		{CSV, "name,solved\n'=a<b>,3\n"},
	} {
		var b bytes.Buffer
		if err := Write(&b, c.f, d); err != nil {
			t.Fatalf("Write %s: %v", c.f, err)
		}
		if got := b.String(); got != c.want {
			t.Errorf("Write %s = %q, want %q", c.f, got, c.want)
		}
	}
}

// failing is a writer that takes n bytes and then fails.
type failing struct{ n int }

var errFull = errors.New("disk full")

func (f *failing) Write(p []byte) (int, error) {
	if len(p) > f.n {
		k := f.n
		f.n = 0
		return k, errFull
	}
	f.n -= len(p)
	return len(p), nil
}

// TestWriteErrors checks that Write refuses a format that is not one,
// writing nothing, and returns the error of a failed write, which the
// buffer meets when it is flushed.
func TestWriteErrors(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, "xml", team{Name: "a"}); err == nil || b.Len() > 0 {
		t.Errorf("Write(xml) wrote %q, error %v; want nothing and an error", b.String(), err)
	}
	for _, f := range Formats {
		if err := Write(&failing{n: 3}, f, team{Name: "a"}); !errors.Is(err, errFull) {
			t.Errorf("Write %s to a full disk: error %v, want %v", f, err, errFull)
		}
		if err := Write(&failing{n: 3}, f, Rows{Rows: sampleRows(t)[:2]}); !errors.Is(err, errFull) {
			t.Errorf("Write %s rows to a full disk: error %v, want %v", f, err, errFull)
		}
	}
}
