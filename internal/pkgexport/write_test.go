package pkgexport

import (
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/guard"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// eightQueens returns the package of 8 queens (count) with a fake binary
// in a temporary directory: Write does not look inside it.
func eightQueens(t *testing.T) Package {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "queensjudge")
	if err := os.WriteFile(bin, []byte("not really a binary\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := problems.Problem{Problem: solver.Problem{Kind: solver.NQueens, Ask: solver.AskCount, N: 8, M: solver.AnyM}, ID: "eight-queens", Title: "Eight queens", Points: 3}
	s := SampleOf(p)
	return Package{
		Set:    "contest",
		Secret: Case{Problem: p, Truth: judge.Truth{Problem: p.Problem, Answer: solver.Answer{Count: 92}}},
		Sample: Case{Problem: s, Truth: judge.Truth{Problem: s.Problem, Answer: solver.Answer{Count: 10}}},
		Binary: bin,
	}
}

// claimOut returns a guard for an export into out (made here) with
// pkg.Binary as input, as export claims them.
func claimOut(t *testing.T, out string, pkg Package) *guard.Guard {
	t.Helper()
	g := guard.New()
	g.Input(pkg.Binary)
	if _, err := g.Dir("OUTDIR", out); err != nil {
		t.Fatal(err)
	}
	return g
}

// snapshot returns every file under dir, by its path in dir, as its mode
// and content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		info, err := d.Info()
		if err != nil {
			return err
		}
		if d.IsDir() {
			files[rel] = info.Mode().String()
			return nil
		}
		b, err := os.ReadFile(path)
		files[rel] = info.Mode().String() + " " + string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// names returns the names in the directory dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ns []string
	for _, e := range es {
		ns = append(ns, e.Name())
	}
	return ns
}

func TestWriteLayouts(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		layout        Layout
		outDir, inDir string
		files         []string
	}{
		{Legacy, "output_validators/queensjudge", "input_validators/queensjudge", []string{"problem_statement/problem.en.tex"}},
		{V2023_07, "output_validator/queensjudge", "input_validators/queensjudge", []string{"statement/problem.en.tex"}},
	} {
		t.Run(string(tc.layout), func(t *testing.T) {
			out := t.TempDir()
			pkg := eightQueens(t)
			g := claimOut(t, out, pkg)
			dir := filepath.Join(out, "eightqueens")
			if err := Write(ctx, g, dir, tc.layout, pkg); err != nil {
				t.Fatal(err)
			}
			got := snapshot(t, dir)
			want := map[string]string{
				"data/secret/1.ans":          "-rw-r--r-- 92\n",
				"data/sample/1.ans":          "-rw-r--r-- 10\n",
				"data/secret/1.in":           "-rw-r--r-- 8\n",
				"data/sample/1.in":           "-rw-r--r-- 5\n",
				"domjudge-problem.ini":       "-rw-r--r-- timelimit = 2\npoints = 3\n",
				SubmissionPath:               "",
				tc.outDir + "/" + BinaryName: "-rwxr-xr-x not really a binary\n",
				tc.inDir + "/" + BinaryName:  "-rwxr-xr-x not really a binary\n",
				tc.outDir + "/build":         "-rwxr-xr-x " + buildScript,
				tc.inDir + "/build":          "-rwxr-xr-x " + buildScript,
				// sha256 of "5\n":"10\n" and "8\n":"92\n"
				tc.outDir + "/run": "-rwxr-xr-x " + OutputRun(pkg.Secret.Problem.Problem, []string{
					"f0b5c2c2211c8d67ed15e75e656c7862d086e9245420892a7de62cd9ec582a06:917df3320d778ddbaa5c5c7742bc4046bf803c36ed2b050f30844ed206783469",
					"aa67a169b0bba217aa0aa88a65346920c84c42447c36ba5f7ea65f422c1fe5d8:13c1dc569ae4a0d7f90d8f83d22fc9c8fa526e133f8fea0f9526c8533c4d8da3"}),
				tc.inDir + "/run": "-rwxr-xr-x " + InputRun(pkg.Secret.Problem.Problem),
				"problem.yaml":    "",
				tc.files[0]:       "",
			}
			for _, f := range tc.files[1:] {
				want[f] = ""
			}
			for name, w := range want {
				g, ok := got[name]
				switch {
				case !ok:
					t.Errorf("%s is missing", name)
				case w != "" && g != w:
					t.Errorf("%s = %q, want %q", name, g, w)
				}
			}
			first, _ := os.Stat(filepath.Join(dir, tc.outDir, BinaryName))
			second, _ := os.Stat(filepath.Join(dir, tc.inDir, BinaryName))
			if first == nil || second == nil || !os.SameFile(first, second) {
				t.Errorf("the validator binaries are not one file (a hard link)")
			}
			if got := names(t, out); !slices.Equal(got, []string{"eightqueens"}) {
				t.Errorf("OUTDIR holds %v, want [eightqueens]: the staging directory is left", got)
			}
		})
	}
}

// TestWriteUpdatesPackage: export into an existing package replaces the
// files export writes; a package that holds anything else (a setter's
// file, a test of before, a file of another layout) is refused, naming
// each, and left as it was (issue 47: they were kept, silently).
func TestWriteUpdatesPackage(t *testing.T) {
	ctx := context.Background()
	out := t.TempDir()
	pkg := eightQueens(t)
	dir := filepath.Join(out, "eightqueens")
	if err := Write(ctx, claimOut(t, out, pkg), dir, Legacy, pkg); err != nil {
		t.Fatal(err)
	}
	fresh := snapshot(t, dir)
	if err := os.WriteFile(filepath.Join(dir, "problem.yaml"), []byte("name: edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(ctx, claimOut(t, out, pkg), dir, Legacy, pkg); err != nil {
		t.Fatalf("Write into an existing package = %v", err)
	}
	got := snapshot(t, dir)
	for name, w := range fresh {
		if got[name] != w {
			t.Errorf("%s = %q after export, want %q", name, got[name], w)
		}
	}
	first, _ := os.Stat(filepath.Join(dir, "output_validators", "queensjudge", BinaryName))
	second, _ := os.Stat(filepath.Join(dir, "input_validators", "queensjudge", BinaryName))
	if first == nil || second == nil || !os.SameFile(first, second) {
		t.Errorf("the validator binaries are not one file after the update")
	}
	setter := map[string]string{
		"submissions/wrong_answer/x.py": "print(93)\n",
		"notes.txt":                     "ask the head judge\n",
		"data/secret/2.in":              "9\n",
	}
	for name, text := range setter {
		path := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.MkdirAll(filepath.Join(dir, "data", "secret", "old"), 0o755)
	before := snapshot(t, dir)
	pkg.Set = "another" // problem.yaml would change
	err := Write(ctx, claimOut(t, out, pkg), dir, Legacy, pkg)
	for _, name := range []string{"submissions/wrong_answer/x.py", "notes.txt", "data/secret/2.in", "data/secret/old/"} {
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("Write into a package with %s = %v, want a refusal naming it", name, err)
		}
	}
	if after := snapshot(t, dir); !maps.Equal(after, before) {
		t.Errorf("the refused export changed the package")
	}
	if got := names(t, out); !slices.Equal(got, []string{"eightqueens"}) {
		t.Errorf("OUTDIR holds %v, want [eightqueens]", got)
	}
}

// TestWriteFailureKeepsPackage: a package that fails on the way leaves an
// existing package byte for byte as it was, and no staging directory.
func TestWriteFailureKeepsPackage(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		spoil func(pkg *Package, dir string)
		want  string
		usage bool
	}{
		{"answer writer fails", func(pkg *Package, dir string) {
			pkg.Secret.Truth = judge.Truth{Problem: solver.Problem{Kind: solver.NQueens, Ask: solver.AskSolutions, N: 14}, Answer: solver.Answer{Count: MaxSolutions + 1}}
			pkg.Secret.Problem.Ask = solver.AskSolutions
		}, "too many", false},
		{"no binary", func(pkg *Package, dir string) {
			pkg.Binary = filepath.Join(dir, "nosuch")
		}, "validator binary", false},
		{"binary is the package's own", func(pkg *Package, dir string) {
			pkg.Binary = filepath.Join(dir, "output_validators", "queensjudge", BinaryName)
		}, "would write over", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			pkg := eightQueens(t)
			dir := filepath.Join(out, "eightqueens")
			if err := Write(ctx, claimOut(t, out, pkg), dir, Legacy, pkg); err != nil {
				t.Fatal(err)
			}
			before := snapshot(t, dir)
			tc.spoil(&pkg, dir)
			pkg.Set = "another" // problem.yaml would change
			err := Write(ctx, claimOut(t, out, pkg), dir, Legacy, pkg)
			if err == nil || !strings.Contains(err.Error(), tc.want) || (status.KindOf(err) == status.Usage) != tc.usage {
				t.Fatalf("Write = %v, want an error saying %q (usage %v)", err, tc.want, tc.usage)
			}
			after := snapshot(t, dir)
			for name, w := range before {
				if after[name] != w {
					t.Errorf("%s = %q after a failed export, want %q", name, after[name], w)
				}
			}
			for name := range after {
				if _, ok := before[name]; !ok {
					t.Errorf("%s appeared in a failed export", name)
				}
			}
			if got := names(t, out); !slices.Equal(got, []string{"eightqueens"}) {
				t.Errorf("OUTDIR holds %v, want [eightqueens]", got)
			}
		})
	}
}

// TestWriteFailureLeavesNothing: a new package that fails leaves no
// directory behind.
func TestWriteFailureLeavesNothing(t *testing.T) {
	out := t.TempDir()
	pkg := eightQueens(t)
	pkg.Binary = filepath.Join(out, "nosuch")
	err := Write(context.Background(), claimOut(t, out, pkg), filepath.Join(out, "eightqueens"), Legacy, pkg)
	if err == nil {
		t.Fatal("Write with no binary = nil, want an error")
	}
	if got := names(t, out); len(got) != 0 {
		t.Errorf("OUTDIR holds %v after a failed export, want nothing", got)
	}
}

// TestWriteNeedsClaim: a package outside the claimed directory is not
// written.
func TestWriteNeedsClaim(t *testing.T) {
	out := t.TempDir()
	pkg := eightQueens(t)
	g := claimOut(t, filepath.Join(out, "claimed"), pkg)
	err := Write(context.Background(), g, filepath.Join(out, "other", "eightqueens"), Legacy, pkg)
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Write outside OUTDIR = %v, want a refusal", err)
	}
	if got := names(t, out); len(got) != 0 {
		t.Errorf("%v written outside OUTDIR", got)
	}
}
