package problems

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

// FuzzParse feeds Parse arbitrary bytes. It must never panic; a rejected
// input must be reported as the Error contract says; an accepted one must
// hold only valid problems with unique ids, and must survive a round trip:
// written back out with WriteYAML and parsed again, it gives the same set.
func FuzzParse(f *testing.F) {
	for _, dir := range []string{"testdata/good", "testdata/bad"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Add([]byte("problems:\n- {id: a, kind: queens-knights, n: 4, m: 2, ask: count, title: \"\\N\\L\\0\"}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse("fuzz.yaml", data)
		if err != nil {
			if s != nil {
				t.Errorf("Parse returned a set and an error")
			}
			checkErrors(t, "fuzz.yaml", err)
			return
		}
		checkSet(t, s)
		var out bytes.Buffer
		if err := WriteYAML(&out, asFile(s)); err != nil {
			t.Fatalf("WriteYAML: %v", err)
		}
		again, err := Parse("fuzz.yaml", out.Bytes())
		if err != nil {
			t.Fatalf("Parse(WriteYAML(set)): %v\n%s", err, out.Bytes())
		}
		if again.Name != s.Name || len(again.Problems) != len(s.Problems) {
			t.Fatalf("round trip gave name %q and %d problems, want %q and %d", again.Name, len(again.Problems), s.Name, len(s.Problems))
		}
		for i, p := range again.Problems {
			want := s.Problems[i]
			p.Line, want.Line = 0, 0
			if !reflect.DeepEqual(p, want) {
				t.Errorf("round trip of problem %d = %+v, want %+v", i+1, p, want)
			}
		}
	})
}

// checkSet checks what Parse promises of a set it returns.
func checkSet(t *testing.T, s *Set) {
	t.Helper()
	if checkID(s.Name) != "" && s.Name != defaultName(s.File) {
		t.Errorf("set name %q is not valid", s.Name)
	}
	if len(s.Problems) == 0 {
		t.Errorf("set has no problems")
	}
	ids := map[string]bool{}
	for _, p := range s.Problems {
		if msg := checkID(p.ID); msg != "" || ids[p.ID] {
			t.Errorf("problem id %q is invalid (%s) or a duplicate", p.ID, msg)
		}
		ids[p.ID] = true
		if err := p.Validate(); err != nil {
			t.Errorf("problem %s: Validate() = %v", p.ID, err)
		}
		if p.Kind != solver.QueensKnights && p.M != solver.AnyM {
			t.Errorf("problem %s of kind %s has M = %d, want AnyM", p.ID, p.Kind, p.M)
		}
		if p.Points < 1 || p.Points > MaxPoints || !oneLine(p.Title) {
			t.Errorf("problem %s has points %d, title %q", p.ID, p.Points, p.Title)
		}
		if c := Canonical(p.Problem); strings.Count(c, "\n") > 6 || len(Hash(p.Problem)) != 64 {
			t.Errorf("problem %s: canonical text %q, hash %q", p.ID, c, Hash(p.Problem))
		}
	}
}

// asFile returns s in the shape of the file format, for WriteYAML.
func asFile(s *Set) any {
	type problem struct {
		ID     string   `yaml:"id"`
		Title  string   `yaml:"title,omitempty"`
		Kind   string   `yaml:"kind"`
		N      int      `yaml:"n"`
		Board  []string `yaml:"board,omitempty"`
		M      *int     `yaml:"m,omitempty"`
		Ask    string   `yaml:"ask"`
		Points int      `yaml:"points"`
	}
	type set struct {
		Name     string    `yaml:"name"`
		Problems []problem `yaml:"problems"`
	}
	out := set{Name: s.Name}
	for _, p := range s.Problems {
		q := problem{ID: p.ID, Title: p.Title, Kind: string(p.Kind), N: p.N, Ask: string(p.Ask), Points: p.Points}
		if p.Kind == solver.Reserved {
			for _, mask := range p.Reserved {
				row := []byte(strings.Repeat(".", p.N))
				for c := range row {
					if mask>>uint(c)&1 == 1 {
						row[c] = '*'
					}
				}
				q.Board = append(q.Board, string(row))
			}
		}
		if p.M != solver.AnyM {
			m := p.M
			q.M = &m
		}
		out.Problems = append(out.Problems, q)
	}
	return out
}
