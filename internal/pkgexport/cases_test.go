package pkgexport

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// board4 is a 4×4 reserved board with the squares of rows reserved.
func board4(rows ...uint64) solver.Problem {
	r := make([]uint64, 4)
	copy(r, rows)
	return solver.Problem{Kind: solver.Reserved, Ask: solver.AskCount, N: 4, M: solver.AnyM, Reserved: r}
}

// withTests returns the package of a problem with tests and groups (a
// sample, two tests in small worth 30, one in large worth 70) when scored,
// or without groups, with a fake binary and fake answers: Write does not
// check them.
func withTests(t *testing.T, scored bool) Package {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "queensjudge")
	if err := os.WriteFile(bin, []byte("not really a binary\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := problems.Problem{Problem: solver.Problem{Kind: solver.Reserved, Ask: solver.AskCount, M: solver.AnyM}, ID: "cses", Title: "Chessboard and queens", Points: 1}
	tests := []problems.Test{
		{Problem: board4(), Name: "1", Sample: true},
		{Problem: board4(1), Name: "2", Group: "small"},
		{Problem: board4(2), Name: "3", Group: "small"},
		{Problem: board4(1, 2), Name: "big", Group: "large"},
	}
	if scored {
		p.Groups = []problems.Group{{Name: "small", Points: 30}, {Name: "large", Points: 70}}
		p.Points = 100
	} else {
		for i := range tests {
			tests[i].Group = ""
		}
	}
	p.Tests = tests
	pkg := Package{Set: "contest", Secret: Case{Problem: p}, Binary: bin}
	for i, c := range p.Cases() {
		pkg.Tests = append(pkg.Tests, Case{Problem: c, Truth: judge.Truth{Problem: c.Problem, Answer: solver.Answer{Count: uint64(i + 2)}}})
	}
	return pkg
}

// TestCasesOfPackage: a classic package is its sample and its secret case,
// each "1"; a package with tests is a case a test, named by its number and
// name, in the group's directory.
func TestCasesOfPackage(t *testing.T) {
	var got []string
	for _, c := range eightQueens(t).cases() {
		got = append(got, c.dataDir()+"/"+c.name)
	}
	if want := "data/sample/1 data/secret/1"; strings.Join(got, " ") != want {
		t.Errorf("classic cases = %q, want %q", got, want)
	}
	got = nil
	for _, c := range withTests(t, true).cases() {
		got = append(got, c.dataDir()+"/"+c.name)
	}
	if want := "data/sample/1-1 data/secret/small/2-2 data/secret/small/3-3 data/secret/large/4-big"; strings.Join(got, " ") != want {
		t.Errorf("cases = %q, want %q", got, want)
	}
	got = nil
	for _, c := range withTests(t, false).cases() {
		got = append(got, c.dataDir()+"/"+c.name)
	}
	if want := "data/sample/1-1 data/secret/2-2 data/secret/3-3 data/secret/4-big"; strings.Join(got, " ") != want {
		t.Errorf("pass-fail cases = %q, want %q", got, want)
	}
}

// TestWriteTests: every test is a case of the package with its answer
// file, the output validator's run holds the digests of all of them, and a
// problem with groups is a scoring problem in each layout's terms.
func TestWriteTests(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		layout  Layout
		scored  bool
		outDir  string
		want    map[string]string // file: a line it must hold ("" for any)
		wantNot []string
	}{
		{Legacy, true, "output_validators/queensjudge", map[string]string{
			"problem.yaml":                      "type: scoring",
			"data/testdata.yaml":                "grader_flags: ignore_sample",
			"data/sample/testdata.yaml":         "accept_score: 0",
			"data/secret/testdata.yaml":         "range: 0 100",
			"data/secret/small/testdata.yaml":   "accept_score: 30",
			"data/secret/large/testdata.yaml":   "accept_score: 70",
			"data/secret/large/4-big.ans":       "5",
			"domjudge-problem.ini":              "points = 100",
			"problem_statement/problem.en.tex":  "",
			"input_validators/queensjudge/run":  "",
			"output_validators/queensjudge/run": "",
		}, []string{"data/secret/test_group.yaml"}},
		{V2023_07, true, "output_validator/queensjudge", map[string]string{
			"problem.yaml":                    "type: scoring",
			"data/secret/small/testdata.yaml": "grader_flags: min",
			"statement/problem.en.tex":        "",
		}, nil},
		{V2025_09, true, "output_validator", map[string]string{
			"problem.yaml":                           "problem_format_version: 2025-09",
			"data/secret/test_group.yaml":            "max_score: 100",
			"data/secret/small/test_group.yaml":      "max_score: 30",
			"data/secret/large/test_group.yaml":      "score_aggregation: pass-fail",
			"output_validator/queensjudge-validator": "",
			SubmissionPath:                           "import hashlib",
		}, []string{"output_validator/queensjudge", "domjudge-problem.ini", "data/testdata.yaml", "data/sample/testdata.yaml", "data/secret/testdata.yaml", "data/secret/large/testdata.yaml"}},
		{Legacy, false, "output_validators/queensjudge", map[string]string{
			"data/secret/4-big.in": ".*..",
			"data/sample/1-1.ans":  "2",
		}, []string{"data/testdata.yaml", "data/secret/testdata.yaml", "data/sample/testdata.yaml", "data/secret/small"}},
	} {
		name := string(tc.layout)
		if !tc.scored {
			name += "-pass-fail"
		}
		t.Run(name, func(t *testing.T) {
			out := t.TempDir()
			pkg := withTests(t, tc.scored)
			dir := filepath.Join(out, "cses")
			if err := Write(ctx, claimOut(t, out, pkg), dir, tc.layout, pkg); err != nil {
				t.Fatal(err)
			}
			for f, line := range tc.want {
				b, err := os.ReadFile(filepath.Join(dir, f))
				if err != nil {
					t.Errorf("%s: %v", f, err)
				} else if !strings.Contains("\n"+string(b), "\n"+line) {
					t.Errorf("%s has no line %q:\n%s", f, line, b)
				}
			}
			for _, f := range tc.wantNot {
				if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
					t.Errorf("%s is there", f)
				}
			}
			meta, _ := os.ReadFile(filepath.Join(dir, "problem.yaml"))
			if !tc.scored && strings.Contains(string(meta), "scoring") {
				t.Errorf("problem.yaml of a pass-fail problem:\n%s", meta)
			}
			run, err := os.ReadFile(filepath.Join(dir, tc.outDir, "run"))
			if err != nil {
				t.Fatal(err)
			}
			_, cases, _ := strings.Cut(string(run), " cases=")
			if n := len(strings.Split(strings.TrimSpace(cases), ",")); n != 4 {
				t.Errorf("run holds %d cases, want 4:\n%s", n, run)
			}
		})
	}
}

// TestWriteRefusesStaleCases: an export of a problem with tests into a
// package that holds files it does not write (an earlier export's, of
// more tests and another group) stops and names each of them, the group's
// scoring files too (issue 47: its test_group.yaml and testdata.yaml were
// kept, and counted), and changes nothing.
func TestWriteRefusesStaleCases(t *testing.T) {
	ctx := context.Background()
	for _, layout := range []Layout{Legacy, V2025_09, CMS} {
		t.Run(string(layout), func(t *testing.T) {
			out := t.TempDir()
			pkg := withTests(t, true)
			pkg.PDF = func(w io.Writer, _ Document) error { _, err := io.WriteString(w, "%PDF-\n"); return err }
			dir := filepath.Join(out, "cses")
			if err := Write(ctx, claimOut(t, out, pkg), dir, layout, pkg); err != nil {
				t.Fatal(err)
			}
			before := snapshot(t, dir)
			fewer := pkg
			fewer.Tests = pkg.Tests[:3]
			fewer.Secret.Problem.Groups = fewer.Secret.Problem.Groups[:1]
			err := Write(ctx, claimOut(t, out, fewer), dir, layout, fewer)
			want := map[Layout][]string{
				Legacy:   {"data/secret/large/4-big.ans", "data/secret/large/4-big.in", "data/secret/large/testdata.yaml"},
				V2025_09: {"data/secret/large/4-big.ans", "data/secret/large/4-big.in", "data/secret/large/test_group.yaml"},
				CMS:      {"input/input3.txt", "output/output3.txt"},
			}[layout]
			for _, w := range want {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Errorf("Write over a package with a test more = %v, want an error naming %s", err, w)
				}
			}
			if err != nil && strings.Contains(err.Error(), "testdata.yaml") && layout == V2025_09 {
				t.Errorf("a 2025-09 package had a testdata.yaml: %v", err)
			}
			if after := snapshot(t, dir); len(after) != len(before) || after["problem.yaml"] != before["problem.yaml"] {
				t.Error("the refused export changed the package")
			}
			// The same tests again is an update.
			if err := Write(ctx, claimOut(t, out, pkg), dir, layout, pkg); err != nil {
				t.Errorf("Write again = %v", err)
			}
		})
	}
}

// TestExtra names what a folder holds beyond the files given: files, and
// directories holding no file, not the directories on the way to one.
func TestExtra(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"problem.yaml", "data/secret/1.in", "data/secret/b/2.in", "data/secret/b/test_group.yaml", "notes.txt"} {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(f)), 0o755)
		os.WriteFile(filepath.Join(dir, f), nil, 0o644)
	}
	os.MkdirAll(filepath.Join(dir, "data", "secret", "c", "d"), 0o755)
	got, err := Extra(dir, []string{"problem.yaml", "data/secret/1.in", "data/sample/1.in"})
	want := []string{"data/secret/b/2.in", "data/secret/b/test_group.yaml", "data/secret/c/", "notes.txt"}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("Extra = %q, %v, want %q", got, err, want)
	}
	if got, err := Extra(filepath.Join(dir, "nosuch"), nil); err != nil || len(got) != 0 {
		t.Errorf("Extra of no folder = %q, %v, want nothing", got, err)
	}
}

// TestRunScriptArgLimit: the cases= word of a problem of the most tests
// there may be, and a sample of its own, stays under Linux's limit on one
// argument (MAX_ARG_STRLEN, 128 KiB), as it must to reach the validator.
func TestRunScriptArgLimit(t *testing.T) {
	digest := strings.Repeat("0", 64)
	cases := make([]string, problems.MaxTests+1)
	for i := range cases {
		cases[i] = digest + ":" + digest
	}
	run := OutputRun(solver.Problem{Kind: solver.QueensKnights, Ask: solver.AskCount, M: 12}, cases)
	for _, w := range strings.Fields(run) {
		if len(w) >= 128<<10 {
			t.Errorf("a word of run is %d bytes, at most %d may be", len(w), 128<<10-1)
		}
	}
}
