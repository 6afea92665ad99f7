package command

import (
	"archive/zip"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/testflag"
)

// exportExample exports the problem set (its want problems) into a fresh
// directory with bin as validator and returns the directory. The test
// binary runs as queensjudge when QUEENSJUDGE_RUN_MAIN=1.
func exportExample(t *testing.T, bin, set string, want int, extra ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "packages")
	args := append([]string{"export", "--validator-binary", bin, "--allow-dynamic"}, extra...)
	args = append(args, out, set)
	stdout, stderr, code := queensjudge(t, filepath.Join(t.TempDir(), "cache.db"), args...)
	if code != 0 {
		t.Fatalf("export: exit %d\n%s", code, stderr)
	}
	if n := len(strings.Fields(stdout)); n != want {
		t.Fatalf("export printed %d packages, want %d:\n%s", n, want, stdout)
	}
	return out
}

// wrapper runs the Python wrapper at path with args and stdin from the file
// stdin, as problemtools runs a validator, and returns its exit status.
func wrapper(t *testing.T, python, path, stdin string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(python, append([]string{path}, args...)...)
	cmd.Env = append(os.Environ(), "QUEENSJUDGE_RUN_MAIN=1", "TMPDIR="+t.TempDir()) // the wrapper keeps its cache in TMPDIR
	f, err := os.Open(stdin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd.Stdin = f
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), string(out)
	} else if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return 0, string(out)
}

// TestExportPackagesLikeProblemtools exports the example contest and does
// what problemtools' verifyproblem does with the validators: every answer
// file through the output validator (42), junk output (43), every input
// through the input validator (42), junk input (43).
func TestExportPackagesLikeProblemtools(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 to run the validator wrappers")
	}
	for _, layout := range []struct{ name, outDir, inDir string }{
		{"legacy", "output_validators/queensjudge", "input_validators/queensjudge"},
		{"2023-07", "output_validator/queensjudge", "input_validators/queensjudge"},
	} {
		t.Run(layout.name, func(t *testing.T) {
			if layout.name != "legacy" && !testflag.Long() {
				t.Skip("the 2023-07 layout's validators are the legacy ones moved: -long runs them")
			}
			// Three problems, one of each form of answer, by default; -long
			// exports the whole example contest.
			set, want := "testdata/export/quick.yaml", 3
			if testflag.Long() {
				set, want = "testdata/example/contest.yaml", 12
			}
			out := exportExample(t, os.Args[0], set, want, "--layout", layout.name)
			junk := filepath.Join(t.TempDir(), "junk")
			if err := os.WriteFile(junk, []byte("0 8\nNaN\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			pkgs, _ := filepath.Glob(filepath.Join(out, "*"))
			if len(pkgs) != want {
				t.Fatalf("got %d packages, want %d", len(pkgs), want)
			}
			for _, pkg := range pkgs {
				t.Run(filepath.Base(pkg), func(t *testing.T) {
					t.Parallel() // each validator run starts a process: 4 a case, 8 a package
					for _, f := range []string{"problem.yaml", "data/sample/1.in", "data/sample/1.ans", "data/secret/1.in", "data/secret/1.ans",
						layout.outDir + "/validate.py", layout.outDir + "/queensjudge", layout.inDir + "/validate.py", layout.inDir + "/queensjudge"} {
						if _, err := os.Stat(filepath.Join(pkg, f)); err != nil {
							t.Errorf("%s: %v", pkg, err)
						}
					}
					meta, err := os.ReadFile(filepath.Join(pkg, "problem.yaml"))
					if err != nil {
						t.Fatal(err)
					}
					// The flags the judge passes: from problem.yaml (legacy) or
					// data/testdata.yaml (2023-07).
					flagsFile := filepath.Join(pkg, "problem.yaml")
					key := "validator_flags: "
					if layout.name == "2023-07" {
						flagsFile, key = filepath.Join(pkg, "data/testdata.yaml"), "output_validator_flags: "
						if !strings.Contains(string(meta), "problem_format_version: 2023-07-draft") {
							t.Errorf("%s/problem.yaml has no problem_format_version:\n%s", pkg, meta)
						}
					}
					text, err := os.ReadFile(flagsFile)
					if err != nil {
						t.Fatal(err)
					}
					_, rest, ok := strings.Cut(string(text), key)
					if !ok {
						t.Fatalf("%s has no %s", flagsFile, key)
					}
					flags := strings.Fields(strings.SplitN(rest, "\n", 2)[0])
					outVal := filepath.Join(pkg, layout.outDir, "validate.py")
					inVal := filepath.Join(pkg, layout.inDir, "validate.py")
					for _, tc := range []string{"sample", "secret"} {
						in := filepath.Join(pkg, "data", tc, "1.in")
						ans := filepath.Join(pkg, "data", tc, "1.ans")
						feedback := t.TempDir()
						if code, msg := wrapper(t, python, outVal, ans, append([]string{in, ans, feedback}, flags...)...); code != 42 {
							j, _ := os.ReadFile(filepath.Join(feedback, "judgemessage.txt"))
							t.Errorf("%s: the answer file through the output validator: exit %d, want 42\n%s%s", ans, code, msg, j)
						}
						if code, msg := wrapper(t, python, outVal, junk, append([]string{in, ans, feedback}, flags...)...); code != 43 {
							t.Errorf("%s: junk through the output validator: exit %d, want 43\n%s", ans, code, msg)
						}
						if code, msg := wrapper(t, python, inVal, in); code != 42 {
							t.Errorf("%s: the input validator: exit %d, want 42\n%s", in, code, msg)
						}
						if code, msg := wrapper(t, python, inVal, junk); code != 43 {
							t.Errorf("%s: junk through the input validator: exit %d, want 43\n%s", in, code, msg)
						}
					}
				})
			}
		})
	}
}

// TestExportZip checks that --zip writes one zip a package, with the
// package's files at the top and the executables executable.
func TestExportZip(t *testing.T) {
	// A stand-in for the binary: deflating 12 copies of the 20 MB test
	// binary takes seconds, and nothing here runs it.
	bin := filepath.Join(t.TempDir(), "queensjudge")
	if err := os.WriteFile(bin, []byte("stand-in"), 0o755); err != nil {
		t.Fatal(err)
	}
	out := exportExample(t, bin, "testdata/example/contest.yaml", 12, "--zip")
	zips, _ := filepath.Glob(filepath.Join(out, "*"))
	if len(zips) != 12 {
		t.Fatalf("got %d files in %s, want 12 zips: %v", len(zips), out, zips)
	}
	r, err := zip.OpenReader(filepath.Join(out, "eightqueens.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var names []string
	for _, f := range r.File {
		names = append(names, f.Name)
		if strings.HasSuffix(f.Name, "/queensjudge") || strings.HasSuffix(f.Name, ".py") {
			if f.Mode()&0o111 == 0 {
				t.Errorf("%s in the zip is not executable: %v", f.Name, f.Mode())
			}
		}
	}
	slices.Sort(names)
	want := []string{
		"data/sample/1.ans", "data/sample/1.in", "data/secret/1.ans", "data/secret/1.in",
		"domjudge-problem.ini",
		"input_validators/queensjudge/queensjudge", "input_validators/queensjudge/validate.py",
		"output_validators/queensjudge/queensjudge", "output_validators/queensjudge/validate.py",
		"problem.yaml", "problem_statement/problem.en.tex",
	}
	if !slices.Equal(names, want) {
		t.Errorf("eightqueens.zip holds\n%s\nwant\n%s", strings.Join(names, "\n"), strings.Join(want, "\n"))
	}
}

// TestExportRefusals: a dynamic binary without --allow-dynamic and an
// unknown layout are refused; a package that exists already is updated,
// the setter's own files in it kept.
func TestExportRefusals(t *testing.T) {
	db := filepath.Join(t.TempDir(), "cache.db")
	out := t.TempDir()
	_, stderr, code := queensjudge(t, db, "export", "--validator-binary", os.Args[0], out, "testdata/example/contest.yaml")
	if code != 1 || !strings.Contains(stderr, "dynamically linked") || !strings.Contains(stderr, "static") {
		t.Errorf("dynamic binary: exit %d, stderr %q; want 1 and a word on the static build", code, stderr)
	}
	if _, stderr, code = queensjudge(t, db, "export", "--layout", "2024", out, "testdata/example/contest.yaml"); code != 2 {
		t.Errorf("--layout 2024: exit %d, want 2\n%s", code, stderr)
	}
	args := []string{"export", "--validator-binary", os.Args[0], "--allow-dynamic", out, "testdata/example/contest.yaml"}
	if _, stderr, code = queensjudge(t, db, args...); code != 0 {
		t.Fatalf("first export: exit %d\n%s", code, stderr)
	}
	// What the README tells a setter to add, and a file export writes,
	// edited: the first must survive a second export, the second be
	// written again.
	pkg := filepath.Join(out, "eightqueens")
	mine := filepath.Join(pkg, "submissions", "accepted", "mine.py")
	if err := os.MkdirAll(filepath.Dir(mine), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mine, []byte("print(92)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	meta := filepath.Join(pkg, "problem.yaml")
	want, _ := os.ReadFile(meta)
	if err := os.WriteFile(meta, []byte("edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code = queensjudge(t, db, args...); code != 0 {
		t.Fatalf("second export into the same directory: exit %d, want 0\n%s", code, stderr)
	}
	if got, err := os.ReadFile(mine); err != nil || string(got) != "print(92)\n" {
		t.Errorf("second export: the setter's %s is %q, %v; want it kept", mine, got, err)
	}
	if got, _ := os.ReadFile(meta); string(got) != string(want) {
		t.Errorf("second export: problem.yaml is %q, want it written again:\n%s", got, want)
	}
	if left, _ := filepath.Glob(filepath.Join(out, ".*")); len(left) != 0 {
		t.Errorf("second export left %q in OUTDIR", left)
	}
}

// TestCheckInput runs check-input as problemtools runs an input validator.
func TestCheckInput(t *testing.T) {
	for _, c := range []struct {
		name, input string
		args        []string
		status      int
	}{
		{"n", "8\n", []string{"kind=nqueens", "ask=count"}, 42},
		{"board", "..*\n...\n...\n", []string{"kind=reserved", "ask=count"}, 42},
		{"queens-knights m", "6\n", []string{"kind=queens-knights", "ask=placement", "m=3"}, 42},
		{"leading zero", "08\n", []string{"kind=nqueens", "ask=count"}, 43},
		{"trailing space", "8 \n", []string{"kind=nqueens", "ask=count"}, 43},
		{"no newline", "8", []string{"kind=nqueens", "ask=count"}, 43},
		{"junk", "NaN\n", []string{"kind=nqueens", "ask=count"}, 43},
		{"n zero", "0\n", []string{"kind=nqueens", "ask=count"}, 43},
		{"ragged board", "..\n...\n", []string{"kind=reserved", "ask=count"}, 43},
		{"no kind", "8\n", []string{"ask=count"}, 2},
		{"unknown flag", "8\n", []string{"kind=nqueens", "ask=count", "x=1"}, 2},
		{"judge's bare flag ignored", "8\n", []string{"kind=nqueens", "ask=count", "case_sensitive"}, 42},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := binary(t, c.input, append([]string{"check-input"}, c.args...)...)
			err := cmd.Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != c.status {
				t.Errorf("check-input %v < %q: exit %d, want %d", c.args, c.input, code, c.status)
			}
		})
	}
}
