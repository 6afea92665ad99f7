package problems

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

func nq(n int, ask solver.Ask) solver.Problem {
	return solver.Problem{Kind: solver.NQueens, N: n, M: solver.AnyM, Ask: ask}
}

func qk(n, m int, ask solver.Ask) solver.Problem {
	return solver.Problem{Kind: solver.QueensKnights, N: n, M: m, Ask: ask}
}

func rs(ask solver.Ask, rows ...uint64) solver.Problem {
	return solver.Problem{Kind: solver.Reserved, N: len(rows), Reserved: rows, M: solver.AnyM, Ask: ask}
}

func TestLoadGood(t *testing.T) {
	tests := []struct {
		file string
		name string
		want []Problem
	}{
		{"testdata/good/spring-cup.yaml", "spring-cup-2026", []Problem{
			{Problem: nq(8, solver.AskCount), ID: "eight-queens", Title: "The eight queens", Points: 1, Line: 6},
			{Problem: nq(8, solver.AskUnique), ID: "eight-queens-unique", Points: 2, Line: 12},
			{Problem: nq(6, solver.AskSolutions), ID: "six-queens-all", Points: 1, Line: 17},
			{Problem: nq(1_000_000, solver.AskPlacement), ID: "big-placement", Title: "A million queens", Points: 5, Line: 21},
			{Problem: rs(solver.AskCount, 0, 0, 1<<2, 0, 0, 1<<5|1<<6, 1<<3, 0), ID: "cses-sample",
				Title: "CSES 1624, Chessboard and Queens", Points: 3, Line: 27},
			{Problem: qk(8, solver.AnyM, solver.AskMax), ID: "qk8-max", Points: 1, Line: 41},
			{Problem: qk(8, 5, solver.AskCount), ID: "qk8-count", Points: 1, Line: 45},
			{Problem: qk(8, solver.AnyM, solver.AskUnique), ID: "qk8-unique", Points: 1, Line: 50},
		}},
		{"testdata/good/small-boards.yaml", "small-boards", []Problem{
			{Problem: rs(solver.AskCount, 1, 0, 0, 1<<3), ID: "corner-4", Points: 1, Line: 5},
			{Problem: rs(solver.AskUnique, 1<<2, 0, 1|1<<4, 0, 1<<2), ID: "cross-5", Points: 1, Line: 10},
			{Problem: rs(solver.AskPlacement, 0, 0, 0, 0, 0), ID: "empty-5", Points: 1, Line: 19},
			{Problem: nq(1, solver.AskCount), ID: "one", Points: 1, Line: 28},
			{Problem: nq(3, solver.AskPlacement), ID: "none-3", Points: 1, Line: 32},
			{Problem: qk(3, solver.AnyM, solver.AskCount), ID: "qk3", Points: 1, Line: 36},
			{Problem: qk(4, 0, solver.AskCount), ID: "qk4-m0", Points: 1, Line: 40},
			{Problem: qk(5, solver.AnyM, solver.AskPlacement), ID: "qk5-any", Points: 1, Line: 45},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			s, err := Load(tt.file)
			if err != nil {
				t.Fatalf("Load(%s): %v", tt.file, err)
			}
			if s.Name != tt.name || s.File != tt.file {
				t.Errorf("Load(%s) name, file = %q, %q, want %q, %q", tt.file, s.Name, s.File, tt.name, tt.file)
			}
			if !reflect.DeepEqual(s.Problems, tt.want) {
				t.Errorf("Load(%s) problems:\n%+v\nwant:\n%+v", tt.file, s.Problems, tt.want)
			}
			for _, p := range s.Problems {
				if err := p.Validate(); err != nil {
					t.Errorf("problem %s: Validate() = %v", p.ID, err)
				}
				got, ok := s.Problem(p.ID)
				if !ok || !reflect.DeepEqual(got, p) {
					t.Errorf("Problem(%q) = %+v, %v, want %+v, true", p.ID, got, ok, p)
				}
			}
			if _, ok := s.Problem("no-such-id"); ok {
				t.Errorf("Problem(no-such-id) found a problem")
			}
		})
	}
}

// TestParseSpellings checks that the ways of writing one problem the format
// allows all decode to the same definition.
func TestParseSpellings(t *testing.T) {
	cses := rs(solver.AskCount, 1<<0, 0, 1<<1|1<<2)
	tests := []struct {
		name, text string
		want       solver.Problem
	}{
		{"block", "problems:\n- id: x\n  kind: reserved\n  board: |\n    *..\n    ...\n    .**\n  ask: count\n", cses},
		{"block with n", "problems:\n- id: x\n  kind: reserved\n  n: 3\n  board: |\n    *..\n    ...\n    .**\n  ask: count\n", cses},
		{"block, trailing blanks", "problems:\n- id: x\n  kind: reserved\n  board: |+\n    *..  \n    ...\n    .**\n\n\n  ask: count\n", cses},
		{"list", "problems:\n- id: x\n  kind: reserved\n  board: ['*..', ..., .**]\n  ask: count\n", cses},
		{"block list", "problems:\n- ask: count\n  board:\n  - \"*..\"\n  - ...\n  - .**\n  kind: reserved\n  id: x\n", cses},
		{"flow", "{problems: [{id: x, kind: reserved, board: ['*..', '...', '.**'], ask: count, points: 7}]}", cses},
		{"comments", "# set\nproblems: # list\n- id: x # id\n  kind: reserved\n  board: | # rows\n    *..\n    ...\n    .**\n  ask: count\n", cses},
		{"quoted values", "problems:\n- id: 'x'\n  kind: \"reserved\"\n  board: \"*..\\n...\\n.**\"\n  ask: 'count'\n", cses},
		{"explicit int tag", "problems:\n- {id: x, kind: nqueens, n: !!int 8, ask: count}\n", nq(8, solver.AskCount)},
		{"underscores", "problems:\n- {id: x, kind: nqueens, n: 1_000, ask: placement}\n", nq(1000, solver.AskPlacement)},
		{"m", "problems:\n- {id: x, kind: queens-knights, n: 8, m: 5, ask: count}\n", qk(8, 5, solver.AskCount)},
		{"no m", "problems:\n- {id: x, kind: queens-knights, n: 8, ask: count}\n", qk(8, solver.AnyM, solver.AskCount)},
		{"null title", "problems:\n- {id: x, title: ~, kind: nqueens, n: 4, ask: solutions}\n", nq(4, solver.AskSolutions)},
		{"document start and end", "---\nproblems:\n- {id: x, kind: nqueens, n: 4, ask: count}\n...\n", nq(4, solver.AskCount)},
	}
	for _, tt := range tests {
		for _, form := range []struct {
			name string
			edit func(string) string
		}{
			{"lf", func(s string) string { return s }},
			{"crlf", func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }},
			{"bom", func(s string) string { return "\ufeff" + s }},
			{"bom crlf", func(s string) string { return "\ufeff" + strings.ReplaceAll(s, "\n", "\r\n") }},
		} {
			t.Run(tt.name+"/"+form.name, func(t *testing.T) {
				s, err := Parse("set.yaml", []byte(form.edit(tt.text)))
				if err != nil {
					t.Fatalf("Parse: %v", err)
				}
				if len(s.Problems) != 1 {
					t.Fatalf("Parse gave %d problems, want 1", len(s.Problems))
				}
				if got := s.Problems[0].Problem; !reflect.DeepEqual(got, tt.want) {
					t.Errorf("Parse problem = %+v, want %+v", got, tt.want)
				}
				if got, want := Canonical(s.Problems[0].Problem), Canonical(tt.want); got != want {
					t.Errorf("Canonical = %q, want %q", got, want)
				}
			})
		}
	}
}

func TestParseFields(t *testing.T) {
	s, err := Parse("dir/contest.yml", []byte("problems:\n- {id: a.b_c-9, title: 'Hard: one', kind: nqueens, n: 8, ask: count, points: 1000000}\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := Problem{Problem: nq(8, solver.AskCount), ID: "a.b_c-9", Title: "Hard: one", Points: MaxPoints, Line: 2}
	if s.Name != "contest" || s.File != "dir/contest.yml" || !reflect.DeepEqual(s.Problems, []Problem{want}) {
		t.Errorf("Parse = %+v, want name contest, file dir/contest.yml, problems [%+v]", s, want)
	}
}

func TestDefaultName(t *testing.T) {
	tests := []struct{ file, want string }{
		{"contest.yaml", "contest"},
		{"a/b/spring.yml", "spring"},
		{"plain", "plain"},
		{".yaml", ".yaml"},
		{"stdin", "stdin"},
	}
	for _, tt := range tests {
		if got := defaultName(tt.file); got != tt.want {
			t.Errorf("defaultName(%q) = %q, want %q", tt.file, got, tt.want)
		}
	}
}

func TestLoadStdin(t *testing.T) {
	data, err := os.ReadFile("testdata/good/small-boards.yaml")
	if err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		w.Write(data)
		w.Close()
	}()
	defer r.Close()
	stdin := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = stdin }()
	s, err := Load("-")
	if err != nil {
		t.Fatalf("Load(-): %v", err)
	}
	if s.Name != "stdin" || s.File != "stdin" || len(s.Problems) != 8 {
		t.Errorf("Load(-) = name %q, file %q, %d problems, want stdin, stdin, 8", s.Name, s.File, len(s.Problems))
	}
}

func TestWriteYAML(t *testing.T) {
	type row struct {
		ID     string `yaml:"id"`
		Answer any    `yaml:"answer"`
	}
	var b bytes.Buffer
	err := WriteYAML(&b, []row{{"q1", uint64(234907967154122528)}, {"q2", []int{2, 4, 1, 3}}, {"q3", nil},
		{"q4", [][]string{{".Q..", "...Q"}, {"..Q.", "Q..."}}}})
	if err != nil {
		t.Fatal(err)
	}
	want := `- id: q1
  answer: 234907967154122528
- id: q2
  answer: [2, 4, 1, 3]
- id: q3
  answer: null
- id: q4
  answer:
    - [.Q.., '...Q']
    - [..Q., Q...]
`
	if got := b.String(); got != want {
		t.Errorf("WriteYAML wrote:\n%s\nwant:\n%s", got, want)
	}
	if err := WriteYAML(&b, map[string]any{"f": func() {}}); err == nil {
		t.Errorf("WriteYAML(a func) = nil, want an error")
	}
}

func TestCheckNames(t *testing.T) {
	parse := func(file, text string) *Set {
		t.Helper()
		s, err := Parse(file, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	const problem = "problems:\n- {id: q1, kind: nqueens, n: 8, ask: count}\n"
	a := parse("a.yaml", "name: cup\n"+problem)
	b := parse("b.yaml", "# the spring one\nname: cup\n"+problem)
	c := parse("dir/cup.yaml", problem)
	d := parse("d.yaml", "name: other\n"+problem)
	again := parse("./a.yaml", "name: cup\n"+problem)
	tests := []struct {
		name string
		sets []*Set
		want []string
	}{
		{"unique", []*Set{a, d}, nil},
		{"none", nil, nil},
		{"two names", []*Set{a, d, b}, []string{
			`b.yaml:2: set name "cup" is also the name of a.yaml's set: give one a name: of its own`}},
		{"a file name", []*Set{a, c, b}, []string{
			`dir/cup.yaml:1: set name "cup", from the file's name, is also the name of a.yaml's set: give one a name: of its own`,
			`b.yaml:2: set name "cup" is also the name of a.yaml's set: give one a name: of its own`}},
		{"one file twice", []*Set{a, d, again}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, err := range CheckNames(tt.sets) {
				var e *Error
				if !errors.As(err, &e) {
					t.Errorf("CheckNames error %q is a %T, want *Error", err, err)
				}
				got = append(got, err.Error())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("CheckNames = %q, want %q", got, tt.want)
			}
		})
	}
}
