package app_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/pkgexport"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// quickSet is three problems of the example contest, one of each form of
// answer.
const quickSet = testdata + "/export/quick.yaml"

// fakeBinary is a stand-in validator binary: export copies it into each
// package, and a few bytes copy faster than a test binary.
func fakeBinary(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "queensjudge")
	writeFile(t, path, "#!/bin/sh\nexit 0\n")
	return path
}

// TestExport writes a package per problem, named after its id, with the
// input and the answer of its secret case.
func TestExport(t *testing.T) {
	t.Parallel()
	for _, layout := range []pkgexport.Layout{pkgexport.Legacy, pkgexport.V2023_07} {
		t.Run(string(layout), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "packages")
			con := newConsole(output.Table, "")
			res, err := app.Export(context.Background(), con.Console, app.ExportRequest{
				Cache: tempCache(t), OutDir: out, Sets: []string{quickSet}, Batch: batch, Layout: layout,
				Binary: fakeBinary(t), AllowDynamic: true,
			})
			if err != nil {
				t.Fatalf("Export = %v; stderr:\n%s", err, con.stderr)
			}
			want := []string{filepath.Join(out, "eightqueens"), filepath.Join(out, "sixall"), filepath.Join(out, "qk6placement")}
			if strings.Join(res.Packages, " ") != strings.Join(want, " ") {
				t.Errorf("Export wrote %q, want %q", res.Packages, want)
			}
			if got := con.stdout.String(); got != strings.Join(want, "\n")+"\n" {
				t.Errorf("stdout = %q, want a path a line", got)
			}
			pkg := want[0]
			if got := string(readFile(t, filepath.Join(pkg, "data", "secret", "1.in"))); got != "8\n" {
				t.Errorf("eightqueens/data/secret/1.in = %q, want 8", got)
			}
			if got := string(readFile(t, filepath.Join(pkg, "data", "secret", "1.ans"))); got != "92\n" {
				t.Errorf("eightqueens/data/secret/1.ans = %q, want 92", got)
			}
			if !exists(t, filepath.Join(pkg, "problem.yaml")) {
				t.Error("eightqueens has no problem.yaml")
			}
		})
	}
}

// TestExportBadSet: a set that cannot be read is a said failure, and no
// OUTDIR is made.
func TestExportBadSet(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "packages")
	con := newConsole(output.Table, "")
	_, err := app.Export(context.Background(), con.Console, app.ExportRequest{
		Cache: tempCache(t), OutDir: out, Sets: []string{badSet, quickSet}, Batch: batch,
		Layout: pkgexport.Legacy, Binary: fakeBinary(t), AllowDynamic: true,
	})
	checkOutcome(t, "Export", err, status.Failed, true)
	if exists(t, out) {
		t.Error("Export made OUTDIR")
	}
}

// TestExportCMS writes a CMS task directory per problem, named after its
// id, and contest.yaml listing them; an export into the same folder keeps
// the organiser's files: a file added to a task, and a contest.yaml that
// was edited (with a warning naming the tasks). --zip does not go with
// the CMS layout.
func TestExportCMS(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	out := filepath.Join(t.TempDir(), "contest")
	cache, bin := tempCache(t), fakeBinary(t)
	req := app.ExportRequest{Cache: cache, OutDir: out, Sets: []string{quickSet}, Batch: batch, Layout: pkgexport.CMS, Binary: bin, AllowDynamic: true}
	con := newConsole(output.Table, "")
	res, err := app.Export(ctx, con.Console, req)
	if err != nil {
		t.Fatalf("Export = %v; stderr:\n%s", err, con.stderr)
	}
	want := []string{filepath.Join(out, "eight-queens"), filepath.Join(out, "six-all"), filepath.Join(out, "qk6-placement")}
	if strings.Join(res.Packages, " ") != strings.Join(want, " ") || res.Contest != filepath.Join(out, "contest.yaml") {
		t.Errorf("Export wrote %q and %q, want %q and contest.yaml", res.Packages, res.Contest, want)
	}
	task := want[0]
	for _, f := range []string{"task.yaml", "input/input0.txt", "input/input1.txt", "output/output0.txt", "output/output1.txt", "check/checker", "statement/statement.pdf"} {
		if !exists(t, filepath.Join(task, f)) {
			t.Errorf("eight-queens has no %s", f)
		}
	}
	if got := string(readFile(t, filepath.Join(task, "input", "input1.txt"))); got != "8\n" {
		t.Errorf("input1.txt = %q, want 8", got)
	}
	if got := string(readFile(t, filepath.Join(task, "output", "output1.txt"))); !strings.HasPrefix(got, pkgexport.CMSMagic+" ") || !strings.Contains(got, "\nkind=nqueens ask=count cases=") || !strings.HasSuffix(got, "\n92\n") {
		t.Errorf("output1.txt = %q, want the header and 92", got)
	}
	if got := string(readFile(t, filepath.Join(task, "statement", "statement.pdf"))); !strings.HasPrefix(got, "%PDF-") {
		t.Errorf("statement.pdf is no PDF: %.20q", got)
	}
	ty := string(readFile(t, filepath.Join(task, "task.yaml")))
	for _, line := range []string{"name: eight-queens", "n_input: 2", "output_only: true", "score_mode: max_subtask", "primary_language: en", "score_type_parameters: [[0, 1], [100, 1]]"} {
		if !strings.Contains(ty, "\n"+line+"\n") {
			t.Errorf("task.yaml has no line %q:\n%s", line, ty)
		}
	}
	contest := string(readFile(t, res.Contest))
	if !strings.Contains(contest, "tasks:\n  - eight-queens\n  - six-all\n  - qk6-placement\n") {
		t.Errorf("contest.yaml does not list the tasks:\n%s", contest)
	}

	// Again, over the organiser's changes.
	notes := filepath.Join(task, "att", "notes.txt")
	if err := os.MkdirAll(filepath.Dir(notes), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, notes, "the setter's\n")
	edited := strings.Replace(contest, "users: []", "users:\n  - {username: ada, password: x}", 1)
	writeFile(t, res.Contest, edited)
	writeFile(t, filepath.Join(task, "output", "output1.txt"), "93\n")
	con = newConsole(output.Table, "")
	res2, err := app.Export(ctx, con.Console, req)
	if err != nil {
		t.Fatalf("Export again = %v; stderr:\n%s", err, con.stderr)
	}
	if got := string(readFile(t, notes)); got != "the setter's\n" {
		t.Errorf("the setter's notes.txt = %q after export", got)
	}
	if got := string(readFile(t, filepath.Join(out, "contest.yaml"))); got != edited || res2.Contest != "" {
		t.Errorf("an edited contest.yaml was replaced (Contest %q):\n%s", res2.Contest, got)
	}
	if !strings.Contains(con.stderr.String(), "eight-queens, six-all, qk6-placement") {
		t.Errorf("no warning naming the tasks: %q", con.stderr.String())
	}
	if got := string(readFile(t, filepath.Join(task, "output", "output1.txt"))); !strings.HasSuffix(got, "\n92\n") {
		t.Errorf("output1.txt = %q after export, want the truth again", got)
	}

	// No zip.
	zipOut := filepath.Join(t.TempDir(), "zips")
	req.OutDir, req.Zip = zipOut, true
	_, err = app.Export(ctx, newConsole(output.Table, "").Console, req)
	checkOutcome(t, "Export --zip --layout cms", err, status.Usage, false)
	if exists(t, zipOut) {
		t.Error("Export --zip --layout cms made OUTDIR")
	}
}

// exportTestsSet is problems with tests: a scoring one with a sample and two
// groups, a pass-fail one, and queens-knights tests of one m.
const exportTestsSet = testdata + "/export/tests.yaml"

// TestExportTests: a problem with tests is one package of a case a test,
// in its group's directory, its answer the test's; a CMS task of a test
// case a test, scored by subtasks; --cms-type batch a Batch task.
func TestExportTests(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cache := tempCache(t)
	out := filepath.Join(t.TempDir(), "packages")
	con := newConsole(output.Table, "")
	res, err := app.Export(ctx, con.Console, app.ExportRequest{
		Cache: cache, OutDir: out, Sets: []string{exportTestsSet}, Batch: batch, Layout: pkgexport.Legacy, Binary: fakeBinary(t), AllowDynamic: true,
	})
	if err != nil {
		t.Fatalf("Export = %v; stderr:\n%s", err, con.stderr)
	}
	if want := []string{filepath.Join(out, "cses"), filepath.Join(out, "nq"), filepath.Join(out, "qk")}; strings.Join(res.Packages, " ") != strings.Join(want, " ") {
		t.Errorf("Export wrote %q, want %q", res.Packages, want)
	}
	for f, want := range map[string]string{
		"cses/data/sample/1-1.in":              "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n",
		"cses/data/sample/1-1.ans":             "65\n",
		"cses/data/secret/small/testdata.yaml": "on_reject: break\naccept_score: 30\nrange: 0 30\ngrader_flags: min\n",
		"nq/data/secret/1-1.in":                "4\n",
		"nq/data/secret/1-1.ans":               "2\n",
		"nq/data/secret/4-4.ans":               "40\n",
		"qk/data/sample/1-1.in":                "4\n",
	} {
		if got := string(readFile(t, filepath.Join(out, f))); got != want {
			t.Errorf("%s = %q, want %q", f, got, want)
		}
	}
	for _, f := range []string{"cses/data/secret/large/5-big-1.in", "cses/data/secret/large/6-big-2.ans", "cses/data/secret/small/4-4.ans"} {
		if !exists(t, filepath.Join(out, f)) {
			t.Errorf("no %s", f)
		}
	}
	// nq's tests hold the sample a classic problem would have (5 queens):
	// it has none.
	if exists(t, filepath.Join(out, "nq", "data", "sample")) {
		t.Error("nq has a sample, one of its own tests")
	}
	if run := string(readFile(t, filepath.Join(out, "qk", "output_validators", "queensjudge", "run"))); !strings.Contains(run, " kind=queens-knights ask=count m=2 cases=") {
		t.Errorf("qk's run has not the tests' m:\n%s", run)
	}

	cmsOut := filepath.Join(t.TempDir(), "cms")
	con = newConsole(output.Table, "")
	if _, err := app.Export(ctx, con.Console, app.ExportRequest{
		Cache: cache, OutDir: cmsOut, Sets: []string{exportTestsSet}, Batch: batch, Layout: pkgexport.CMS, CMSType: pkgexport.Batch, Binary: fakeBinary(t), AllowDynamic: true,
	}); err != nil {
		t.Fatalf("Export --layout cms --cms-type batch = %v; stderr:\n%s", err, con.stderr)
	}
	ty := string(readFile(t, filepath.Join(cmsOut, "cses", "task.yaml")))
	for _, line := range []string{"n_input: 6", "time_limit: 2", "infile: \"\"", "  - [0, [\"000\"]]", "  - [30, [\"001\", \"002\", \"003\"]]", "  - [70, [\"004\", \"005\"]]", "public_testcases: \"0\""} {
		if !strings.Contains(ty, "\n"+line+"\n") {
			t.Errorf("task.yaml has no line %q:\n%s", line, ty)
		}
	}
	if got := string(readFile(t, filepath.Join(cmsOut, "cses", "output", "output0.txt"))); !strings.HasSuffix(got, "\n65\n") {
		t.Errorf("output0.txt = %q, want the sample's 65", got)
	}

	// --cms-type goes with the CMS layout only.
	_, err = app.Export(ctx, newConsole(output.Table, "").Console, app.ExportRequest{
		Cache: cache, OutDir: filepath.Join(t.TempDir(), "x"), Sets: []string{exportTestsSet}, Batch: batch, Layout: pkgexport.Legacy, CMSType: pkgexport.Batch, Binary: fakeBinary(t), AllowDynamic: true,
	})
	checkOutcome(t, "Export --cms-type batch --layout legacy", err, status.Usage, false)
}

// TestExportTestsOfManyM: the tests of a queens-knights problem that ask
// for different m are refused, naming two of them: its input is n alone.
func TestExportTestsOfManyM(t *testing.T) {
	t.Parallel()
	set := filepath.Join(t.TempDir(), "m.yaml")
	writeFile(t, set, "name: m\nproblems:\n  - id: qk\n    kind: queens-knights\n    ask: count\n    tests:\n      - {n: 4, m: 1}\n      - {n: 5, m: 2}\n  - id: eight\n    kind: nqueens\n    n: 8\n    ask: count\n")
	out := filepath.Join(t.TempDir(), "packages")
	con := newConsole(output.Table, "")
	res, err := app.Export(context.Background(), con.Console, app.ExportRequest{
		Cache: tempCache(t), OutDir: out, Sets: []string{set}, Batch: batch, Layout: pkgexport.Legacy, Binary: fakeBinary(t), AllowDynamic: true,
	})
	checkOutcome(t, "Export", err, status.Failed, true)
	if want := `problem "qk": test 1 asks for m = 1 and test 2 for m = 2`; !strings.Contains(con.stderr.String(), want) {
		t.Errorf("stderr = %q, want %q", con.stderr.String(), want)
	}
	if len(res.Packages) != 1 || exists(t, filepath.Join(out, "qk")) {
		t.Errorf("Export wrote %q, want eight alone", res.Packages)
	}
}

// TestExportPast32 exports reserved placement problems past 32 in every
// layout: the 100×100 board's input is its rows as the set has them, its
// answer a valid placement on that board, and its statement gives the
// bound of placement, 1,000.
func TestExportPast32(t *testing.T) {
	t.Parallel()
	set, err := problems.Load(past32Set)
	if err != nil {
		t.Fatal(err)
	}
	hundred, _ := set.Problem("hundred")
	cache := tempCache(t)
	for _, layout := range []pkgexport.Layout{pkgexport.Legacy, pkgexport.V2025_09, pkgexport.CMS} {
		out := filepath.Join(t.TempDir(), "packages")
		con := newConsole(output.Table, "")
		if _, err := app.Export(context.Background(), con.Console, app.ExportRequest{
			Cache: cache, OutDir: out, Sets: []string{past32Set}, Batch: batch, Layout: layout,
			Binary: fakeBinary(t), AllowDynamic: true,
		}); err != nil {
			t.Fatalf("Export %s = %v; stderr:\n%s", layout, err, con.stderr)
		}
		in, ans := filepath.Join(out, "hundred", "data", "secret", "1.in"), filepath.Join(out, "hundred", "data", "secret", "1.ans")
		if layout == pkgexport.CMS {
			in, ans = filepath.Join(out, "hundred", "input", "input1.txt"), filepath.Join(out, "hundred", "output", "output1.txt")
		}
		if got, want := string(readFile(t, in)), strings.Join(problems.BoardRows(hundred.Problem), "\n")+"\n"; got != want {
			t.Errorf("%s: hundred's input is not its board (%d bytes, want %d)", layout, len(got), len(want))
		}
		lines := strings.Split(strings.TrimSpace(string(readFile(t, ans))), "\n")
		var cols []int
		for _, f := range strings.Fields(lines[len(lines)-1]) { // CMS: after its header lines
			c, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("%s: hundred's answer %q: %v", layout, f, err)
			}
			cols = append(cols, c-1)
		}
		if len(cols) != 100 {
			t.Fatalf("%s: hundred's answer has %d columns, want 100", layout, len(cols))
		}
		if v := solver.Check(hundred.Problem, solver.FromColumns(cols)); v != nil {
			t.Errorf("%s: hundred's answer is not a placement on its board: %v", layout, v)
		}
		if layout == pkgexport.Legacy {
			tex := string(readFile(t, filepath.Join(out, "hundred", "problem_statement", "problem.en.tex")))
			if !strings.Contains(tex, `$1 \le n \le 1000$`) {
				t.Errorf("the statement does not bound n by 1000:\n%s", tex)
			}
		}
	}
}
