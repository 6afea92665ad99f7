package command

import (
	"archive/zip"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/pkgexport"
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

// validatorStandIn returns a validator program for export to copy into
// the packages: a script that runs this test binary, which is the
// validator under QUEENSJUDGE_RUN_VALIDATOR=1. Export copies the program
// into each package twice and a judge system copies it again; copies of
// the 18 MB test binary were most of the system time of the tests that
// run the validators (export takes the script with --allow-dynamic, as it
// takes the test binary). The tests of the copy itself (pkgexport, and
// export's refusals) still copy a real file.
func validatorStandIn(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(exe, "'") {
		return exe // the script could not quote it; copy the binary
	}
	path := filepath.Join(t.TempDir(), "validator")
	if err := os.WriteFile(path, []byte("#!/bin/sh\nexec '"+exe+"' \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// judgeSystem is how a judge system installs a validator directory of a
// package before it runs build there.
type judgeSystem struct {
	name string
	// mode is the mode the judge system gives the file name of the
	// validator directory, which has mode m in the package.
	mode func(name string, m fs.FileMode) fs.FileMode
}

// judgeSystems: problemtools copies the directory with its modes
// (problemtools/run/buildrun.py); DOMjudge's problem import keeps the
// executable bits only on the files named build and run.
var judgeSystems = []judgeSystem{
	{"problemtools", func(_ string, m fs.FileMode) fs.FileMode { return m }},
	{"domjudge", func(name string, _ fs.FileMode) fs.FileMode {
		if name == "build" || name == "run" {
			return 0o755
		}
		return 0o644
	}},
}

// install copies the validator directory src into a new work directory, as
// js installs it, and returns the work directory.
func (js judgeSystem) install(t *testing.T, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.Mkdir(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		if !info.Mode().IsRegular() {
			t.Fatalf("%s in a validator directory is not a plain file: %v", e.Name(), info.Mode())
		}
		in, err := os.Open(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		copied := filepath.Join(dst, e.Name())
		out, err := os.Create(copied)
		if err == nil {
			_, err = io.Copy(out, in)
			if cerr := out.Close(); err == nil {
				err = cerr
			}
		}
		in.Close()
		if err == nil {
			err = os.Chmod(copied, js.mode(e.Name(), info.Mode().Perm()))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// validatorCall runs the program path (a validator's build or run script)
// with args in the directory dir, stdin from the file stdin (none when ""),
// as a judge system runs it: no flags of its own, the test binary acting as
// the validator program (QUEENSJUDGE_RUN_VALIDATOR=1) and TMPDIR set to
// tmp. It returns the exit status and what the program printed.
func validatorCall(t *testing.T, tmp, dir, stdin, path string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(path, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "QUEENSJUDGE_RUN_VALIDATOR=1", "TMPDIR="+tmp)
	if stdin != "" {
		f, err := os.Open(stdin)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd.Stdin = f
	}
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), string(out)
	} else if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return 0, string(out)
}

// TestExportPackagesLikeProblemtools exports packages and does with their
// validators what problemtools' verifyproblem and DOMjudge do: install the
// validator directory (problemtools keeps the modes, DOMjudge only the
// executable bits of build and run), run ./build there, then call run with
// no flags of the judge's: every answer file through the output validator
// (42), junk output (43), an answer file that is not the case's (the other
// case's, or one edited after export) a judge error (1), every input
// through the input validator (42), junk input (43). The validator leaves
// nothing in TMPDIR and only its two messages in the feedback directory.
func TestExportPackagesLikeProblemtools(t *testing.T) {
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
			out := exportExample(t, validatorStandIn(t), set, want, "--layout", layout.name)
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
					t.Parallel() // each validator call starts a process: 20 a package
					for _, f := range []string{"problem.yaml", "data/sample/1.in", "data/sample/1.ans", "data/secret/1.in", "data/secret/1.ans",
						layout.outDir + "/build", layout.outDir + "/run", layout.outDir + "/" + pkgexport.BinaryName,
						layout.inDir + "/build", layout.inDir + "/run", layout.inDir + "/" + pkgexport.BinaryName} {
						if _, err := os.Stat(filepath.Join(pkg, f)); err != nil {
							t.Errorf("%s: %v", pkg, err)
						}
					}
					meta, err := os.ReadFile(filepath.Join(pkg, "problem.yaml"))
					if err != nil {
						t.Fatal(err)
					}
					// The flags are in run: nothing a judge system reads
					// passes any, and the validator needs none from it.
					if strings.Contains(string(meta), "validator_flags") {
						t.Errorf("%s/problem.yaml has validator flags:\n%s", pkg, meta)
					}
					if _, err := os.Stat(filepath.Join(pkg, "data/testdata.yaml")); err == nil {
						t.Errorf("%s has a data/testdata.yaml", pkg)
					}
					if want := layout.name == "2023-07"; strings.Contains(string(meta), "problem_format_version: 2023-07-draft") != want {
						t.Errorf("%s/problem.yaml: problem_format_version 2023-07-draft there %v, want %v:\n%s", pkg, !want, want, meta)
					}
					for _, js := range judgeSystems {
						t.Run(js.name, func(t *testing.T) {
							tmp := t.TempDir()
							outVal := js.install(t, filepath.Join(pkg, layout.outDir))
							inVal := js.install(t, filepath.Join(pkg, layout.inDir))
							for _, dir := range []string{outVal, inVal} {
								if code, msg := validatorCall(t, tmp, dir, "", "./build"); code != 0 {
									t.Fatalf("%s/build: exit %d, want 0\n%s", dir, code, msg)
								}
								if fi, err := os.Stat(filepath.Join(dir, "run")); err != nil || fi.Mode()&0o111 == 0 {
									t.Fatalf("%s/build left run not executable: %v", dir, err)
								}
							}
							// call runs the output validator on one case and
							// returns its exit status and judge message.
							call := func(in, ans, output string) (int, string) {
								t.Helper()
								feedback := t.TempDir()
								code, msg := validatorCall(t, tmp, outVal, output, filepath.Join(outVal, "run"), in, ans, feedback)
								if names := dirNames(t, feedback); names != "judgemessage.txt teammessage.txt" {
									t.Errorf("%s < %s: the feedback directory holds %s, want judgemessage.txt teammessage.txt", ans, output, names)
								}
								j, _ := os.ReadFile(filepath.Join(feedback, "judgemessage.txt"))
								return code, msg + string(j)
							}
							cases := []string{"sample", "secret"}
							for i, tc := range cases {
								in := filepath.Join(pkg, "data", tc, "1.in")
								ans := filepath.Join(pkg, "data", tc, "1.ans")
								if js.name == "domjudge" {
									// DOMjudge keeps the test data in its
									// database and writes it out under names
									// of its own.
									text, err := os.ReadFile(ans)
									if err != nil {
										t.Fatal(err)
									}
									ans = filepath.Join(t.TempDir(), "testcase.ans")
									if err := os.WriteFile(ans, text, 0o644); err != nil {
										t.Fatal(err)
									}
								}
								if code, msg := call(in, ans, ans); code != 42 {
									t.Errorf("%s: the answer file through the output validator: exit %d, want 42\n%s", ans, code, msg)
								}
								if code, msg := call(in, ans, junk); code != 43 {
									t.Errorf("%s: junk through the output validator: exit %d, want 43\n%s", ans, code, msg)
								}
								if code, msg := validatorCall(t, tmp, inVal, in, filepath.Join(inVal, "run")); code != 42 {
									t.Errorf("%s: the input validator: exit %d, want 42\n%s", in, code, msg)
								}
								if code, msg := validatorCall(t, tmp, inVal, junk, filepath.Join(inVal, "run")); code != 43 {
									t.Errorf("%s: junk through the input validator: exit %d, want 43\n%s", in, code, msg)
								}
								if js.name != "problemtools" {
									continue // the validator judges alike however it was installed
								}
								// Answer files that are not this case's, the
								// team output saying what they say.
								other := filepath.Join(pkg, "data", cases[1-i], "1.ans")
								edited := filepath.Join(t.TempDir(), "1.ans")
								text, err := os.ReadFile(ans)
								if err != nil {
									t.Fatal(err)
								}
								if err := os.WriteFile(edited, append(text, '\n'), 0o644); err != nil {
									t.Fatal(err)
								}
								for _, wrong := range []struct{ what, ans string }{
									{"the " + cases[1-i] + "'s answer file", other},
									{"an edited answer file", edited},
								} {
									if code, msg := call(in, wrong.ans, wrong.ans); code != 1 || !strings.Contains(msg, "JE: ") || !strings.Contains(msg, wrong.ans) {
										t.Errorf("%s: %s through the output validator: exit %d, want 1 and a judge error naming it\n%s", in, wrong.what, code, msg)
									}
								}
							}
							if names := dirNames(t, tmp); names != "" {
								t.Errorf("the validator left %s in TMPDIR", names)
							}
						})
					}
				})
			}
		})
	}
}

// TestExportZip checks that --zip writes one zip a package, with the
// package's files at the top and the executables executable.
func TestExportZip(t *testing.T) {
	// A stand-in for the binary: deflating 13 copies of the 20 MB test
	// binary takes seconds, and nothing here runs it.
	bin := filepath.Join(t.TempDir(), "queensjudge")
	if err := os.WriteFile(bin, []byte("stand-in"), 0o755); err != nil {
		t.Fatal(err)
	}
	out := exportExample(t, bin, "testdata/example/contest.yaml", 13, "--zip")
	zips, _ := filepath.Glob(filepath.Join(out, "*"))
	if len(zips) != 13 {
		t.Fatalf("got %d files in %s, want 13 zips: %v", len(zips), out, zips)
	}
	r, err := zip.OpenReader(filepath.Join(out, "eightqueens.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var names []string
	for _, f := range r.File {
		names = append(names, f.Name)
		want := fs.FileMode(0o644)
		switch path.Base(f.Name) {
		case "build", "run", pkgexport.BinaryName, path.Base(pkgexport.SubmissionPath):
			want = 0o755
		}
		if f.Mode() != want {
			t.Errorf("%s in the zip: mode %v, want %v", f.Name, f.Mode(), want)
		}
	}
	slices.Sort(names)
	want := []string{
		"data/sample/1.ans", "data/sample/1.in", "data/secret/1.ans", "data/secret/1.in",
		"domjudge-problem.ini",
		"input_validators/queensjudge/build", "input_validators/queensjudge/" + pkgexport.BinaryName, "input_validators/queensjudge/run",
		"output_validators/queensjudge/build", "output_validators/queensjudge/" + pkgexport.BinaryName, "output_validators/queensjudge/run",
		"problem.yaml", "problem_statement/problem.en.tex", pkgexport.SubmissionPath,
	}
	if !slices.Equal(names, want) {
		t.Errorf("eightqueens.zip holds\n%s\nwant\n%s", strings.Join(names, "\n"), strings.Join(want, "\n"))
	}
}

// TestExportRefusals: a dynamic binary without --allow-dynamic and an
// unknown layout are refused; a package that exists already is updated,
// and refused while it holds a file export does not write. The exports that are not refused copy
// a stand-in for the validator: nothing here runs it, and 26 copies of the
// 20 MB test binary, each scanned for its size in SQL (pkgexport.OverPacket),
// took 3 s. The set is the three problems of testdata/export/quick.yaml: the
// whole example contest, 13 packages written twice, took 0.6 s more.
func TestExportRefusals(t *testing.T) {
	db := filepath.Join(t.TempDir(), "cache.db")
	out := t.TempDir()
	_, stderr, code := queensjudge(t, db, "export", "--validator-binary", os.Args[0], out, "testdata/export/quick.yaml")
	if code != 1 || !strings.Contains(stderr, "dynamically linked") || !strings.Contains(stderr, "static") {
		t.Errorf("dynamic binary: exit %d, stderr %q; want 1 and a word on the static build", code, stderr)
	}
	if _, stderr, code = queensjudge(t, db, "export", "--layout", "2024", out, "testdata/export/quick.yaml"); code != 2 {
		t.Errorf("--layout 2024: exit %d, want 2\n%s", code, stderr)
	}
	bin := filepath.Join(t.TempDir(), "queensjudge")
	writeFile(t, bin, "a stand-in: nothing runs it")
	args := []string{"export", "--validator-binary", bin, "--allow-dynamic", out, "testdata/export/quick.yaml"}
	if _, stderr, code = queensjudge(t, db, args...); code != 0 {
		t.Fatalf("first export: exit %d\n%s", code, stderr)
	}
	// A setter's file in a package, and a file export writes, edited: the
	// first is named in a refusal that changes nothing (a package holds
	// what export writes, issue 47); moved out, the second is written
	// again.
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
	if _, stderr, code = queensjudge(t, db, args...); code != 1 || !strings.Contains(stderr, "submissions/accepted/mine.py") {
		t.Fatalf("second export into the same directory: exit %d, want 1 naming mine.py\n%s", code, stderr)
	}
	if got, _ := os.ReadFile(meta); string(got) != "edited\n" {
		t.Errorf("refused export: problem.yaml is %q, want it as it was", got)
	}
	if err := os.Remove(mine); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code = queensjudge(t, db, args...); code != 0 {
		t.Fatalf("third export into the same directory: exit %d, want 0\n%s", code, stderr)
	}
	if got, _ := os.ReadFile(meta); string(got) != string(want) {
		t.Errorf("third export: problem.yaml is %q, want it written again:\n%s", got, want)
	}
	if left, _ := filepath.Glob(filepath.Join(out, ".*")); len(left) != 0 {
		t.Errorf("second export left %q in OUTDIR", left)
	}
}

// TestCheckInput runs check-input as problemtools runs an input validator,
// the input on stdin, the verdict in the exit status; in process, as the
// status is Run's (TestValidateLikeJudges runs the validator as a process).
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
			db := filepath.Join(t.TempDir(), "cache.db")
			_, _, code := runStdin(t, c.input, append([]string{"queensjudge", "--db", db, "check-input"}, c.args...)...)
			if code != c.status {
				t.Errorf("check-input %v < %q: exit %d, want %d", c.args, c.input, code, c.status)
			}
		})
	}
}

// TestSetupThenExport follows the README's set-up and checks that export
// works with what it installs: export once failed there, for want of a
// validator the set-up never built. go list checks that the set-up
// installs queensjudge and a main package named pkgexport.BinaryName, side
// by side; with -long, the set-up is run, go install into a fresh GOBIN
// (5 s), and export runs with what it installed.
func TestSetupThenExport(t *testing.T) {
	const setup = "go install . ./internal/cmd/queensjudge-validator"
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "```sh\n"+setup+"\n```") {
		t.Fatalf("README.md: the set-up is not %q", setup)
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		testflag.Skipf(t, "go is not on PATH: %v", err)
	}
	list := exec.Command(goCmd, append([]string{"list", "-f", "{{.Name}} {{.Target}}"}, strings.Fields(setup)[2:]...)...)
	got, err := list.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var names []string
	for _, l := range strings.Split(strings.TrimSpace(string(got)), "\n") {
		name, target, _ := strings.Cut(l, " ")
		if name != "main" {
			t.Errorf("go list: %q is not a command", l)
		}
		names = append(names, filepath.Base(target))
	}
	if want := []string{"queensjudge", pkgexport.BinaryName}; !slices.Equal(names, want) {
		t.Errorf("%s installs %q, want %q", setup, names, want)
	}
	if !testflag.Long() {
		return
	}
	bin := t.TempDir()
	install := exec.Command(goCmd, strings.Fields(setup)[1:]...)
	install.Env = append(os.Environ(), "GOBIN="+bin, "GOFLAGS=")
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", setup, err, out)
	}
	dir := t.TempDir()
	set := filepath.Join(dir, "set.yaml")
	writeFile(t, set, "name: s\nproblems:\n  - {id: eight-queens, kind: nqueens, n: 8, ask: count}\n")
	out := filepath.Join(dir, "packages")
	export := exec.Command(filepath.Join(bin, "queensjudge"), "--db", filepath.Join(dir, "cache.db"), "export", out, set)
	if msg, err := export.CombinedOutput(); err != nil {
		t.Fatalf("queensjudge export after the set-up: %v\n%s", err, msg)
	}
	if _, err := os.Stat(filepath.Join(out, "eightqueens", "output_validators", "queensjudge", pkgexport.BinaryName)); err != nil {
		t.Errorf("the exported package has no validator: %v", err)
	}
}
