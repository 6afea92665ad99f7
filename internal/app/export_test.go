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
// id, and contest.yaml listing them; an export into the same folder
// refuses a task holding a file it does not write, and keeps a
// contest.yaml that was edited (with a warning naming the tasks). --zip
// does not go with the CMS layout.
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
	// A file export does not write, in a task: refused, naming it, and
	// nothing written (issue 47: it was kept).
	con = newConsole(output.Table, "")
	_, err = app.Export(ctx, con.Console, req)
	checkOutcome(t, "Export into a task holding att/notes.txt", err, status.Failed, true)
	if !strings.Contains(con.stderr.String(), "att/notes.txt") || !strings.Contains(con.stderr.String(), "no package written") {
		t.Errorf("stderr = %q, want a refusal naming att/notes.txt", con.stderr.String())
	}
	if got := string(readFile(t, filepath.Join(task, "output", "output1.txt"))); got != "93\n" {
		t.Errorf("output1.txt = %q after a refused export, want it as it was", got)
	}
	if err := os.RemoveAll(filepath.Dir(notes)); err != nil {
		t.Fatal(err)
	}
	con = newConsole(output.Table, "")
	res2, err := app.Export(ctx, con.Console, req)
	if err != nil {
		t.Fatalf("Export again = %v; stderr:\n%s", err, con.stderr)
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
// for different m are refused, naming two of them: its input is n alone;
// and no package is written, the other problem's neither.
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
	if want := `m.yaml:3: problem "qk": test "1" asks for m = 1 and test "2" for m = 2`; !strings.Contains(con.stderr.String(), want) {
		t.Errorf("stderr = %q, want %q", con.stderr.String(), want)
	}
	if len(res.Packages) != 0 || exists(t, out) {
		t.Errorf("Export wrote %q, want none: a refused problem stops every package", res.Packages)
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

// exportSet writes set text as a file and exports it into out in layout;
// it returns the result, the error and stderr.
func exportSet(t *testing.T, cache, out, file, text string, layout pkgexport.Layout) (app.ExportResult, error, string) {
	t.Helper()
	writeFile(t, file, text)
	con := newConsole(output.Table, "")
	res, err := app.Export(context.Background(), con.Console, app.ExportRequest{
		Cache: cache, OutDir: out, Sets: []string{file}, Batch: batch, Layout: layout, Binary: fakeBinary(t), AllowDynamic: true,
	})
	return res, err, con.stderr.String()
}

// TestExportAllOrNone (issue 47, item 4): an export into the folder of an
// earlier one, of a set whose groups changed (a=40, b=60 to a=40, c=60)
// and whose generated count shrank (5 to 3), is refused before any
// package is written: the refusals name each problem as the set does
// (file:line and its id, not "g/1") and every file of the earlier export
// that this one does not write, the old group's test_group.yaml or
// testdata.yaml too; the package of an unchanged problem is not rewritten
// either. Once those are moved out the export writes every package.
func TestExportAllOrNone(t *testing.T) {
	t.Parallel()
	const before = `name: s
problems:
  - id: g
    kind: nqueens
    ask: count
    groups: {a: 40, b: 60}
    tests:
      - {n: 4, group: a}
      - {n: 5, group: b}
  - id: gen
    kind: reserved
    ask: count
    tests:
      - generate: {n: 5, reserved: 3, count: 5, seed: 1}
  - id: eight
    title: Eight
    kind: nqueens
    ask: count
    n: 8
`
	after := strings.NewReplacer("b: 60", "c: 60", "group: b", "group: c", "count: 5", "count: 3", "title: Eight", "title: Eight again").Replace(before)
	for _, tc := range []struct {
		layout pkgexport.Layout
		want   []string
	}{
		{pkgexport.V2025_09, []string{"data/secret/b/2-2.in", "data/secret/b/2-2.ans", "data/secret/b/test_group.yaml", "data/secret/4-4.in", "data/secret/5-5.ans"}},
		{pkgexport.Legacy, []string{"data/secret/b/2-2.in", "data/secret/b/testdata.yaml", "data/secret/5-5.ans"}},
		// A CMS task numbers its test cases: g's two are the same files.
		{pkgexport.CMS, []string{"input/input5.txt", "output/output4.txt"}},
	} {
		t.Run(string(tc.layout), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			cache, out, set := tempCache(t), filepath.Join(dir, "out"), filepath.Join(dir, "s.yaml")
			if _, err, stderr := exportSet(t, cache, out, set, before, tc.layout); err != nil {
				t.Fatalf("Export = %v; stderr:\n%s", err, stderr)
			}
			eight := filepath.Join(out, "eight", "problem.yaml")
			if tc.layout == pkgexport.CMS {
				eight = filepath.Join(out, "eight", "task.yaml")
			}
			old := string(readFile(t, eight))
			res, err, stderr := exportSet(t, cache, out, set, after, tc.layout)
			checkOutcome(t, "Export of the changed set", err, status.Failed, true)
			named := []string{set + `:3: problem "g": `, set + `:10: problem "gen": `}
			if tc.layout == pkgexport.CMS {
				named = named[1:]
			}
			for _, w := range append(append(tc.want, named...), "no package written") {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr does not name %s:\n%s", w, stderr)
				}
			}
			if strings.Contains(stderr, `"g/`) || strings.Contains(stderr, `"gen/`) {
				t.Errorf("stderr names a test as ID/TEST:\n%s", stderr)
			}
			if len(res.Packages) != 0 || string(readFile(t, eight)) != old {
				t.Errorf("Export wrote %q, and eight's %s changed: want nothing written", res.Packages, filepath.Base(eight))
			}
			// As told: the earlier packages moved out.
			for _, p := range []string{"g", "gen"} {
				if err := os.RemoveAll(filepath.Join(out, p)); err != nil {
					t.Fatal(err)
				}
			}
			if res, err, stderr := exportSet(t, cache, out, set, after, tc.layout); err != nil || len(res.Packages) != 3 {
				t.Fatalf("Export into the cleared folder = %q, %v; stderr:\n%s", res.Packages, err, stderr)
			}
			if tc.layout == pkgexport.V2025_09 && exists(t, filepath.Join(out, "g", "data", "secret", "b")) {
				t.Error("group b is still in the package")
			}
		})
	}
}

// TestExportSampleInRange (issue 47, item 6): the sample a package of a
// problem with tests makes of its own is inside the range of n its
// statement gives, or there is none: queens-knights tests n = 6..8 got the
// sample n = 5 (answer "none") under "6 ≤ n ≤ 8".
func TestExportSampleInRange(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const set = `name: s
problems:
  - id: full
    kind: queens-knights
    ask: placement
    tests:
      - generate: {from: 6, to: 8}
  - id: gap
    kind: queens-knights
    ask: count
    m: 2
    tests:
      - n: 6
      - n: 9
`
	out := filepath.Join(dir, "out")
	if _, err, stderr := exportSet(t, tempCache(t), out, filepath.Join(dir, "s.yaml"), set, pkgexport.V2025_09); err != nil {
		t.Fatalf("Export = %v; stderr:\n%s", err, stderr)
	}
	if exists(t, filepath.Join(out, "full", "data", "sample")) {
		in, _ := os.ReadFile(filepath.Join(out, "full", "data", "sample", "sample.in"))
		t.Errorf("full (tests n = 6..8, every n a test) has a sample of its own, n = %q", in)
	}
	if got := string(readFile(t, filepath.Join(out, "gap", "data", "sample", "sample.in"))); got != "7\n" {
		t.Errorf("gap (tests n = 6 and 9)'s sample is n = %q, want 7, the least n of 6..9 no test has", got)
	}
}

// TestExportReservedName: a problem whose package name Windows keeps for
// a device (id "con", "Aux") is refused, naming it, and nothing is written.
func TestExportReservedName(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	_, err, stderr := exportSet(t, tempCache(t), out, filepath.Join(dir, "s.yaml"), "name: s\nproblems:\n  - {id: eight, kind: nqueens, ask: count, n: 8}\n  - {id: Aux, kind: nqueens, ask: count, n: 6}\n", pkgexport.Legacy)
	checkOutcome(t, "Export", err, status.Failed, true)
	if !strings.Contains(stderr, `problem "Aux": package name "aux" is a name Windows keeps for a device`) || exists(t, out) {
		t.Errorf("Export of problem Aux: stderr %q, OUTDIR made %v; want a refusal and nothing written", stderr, exists(t, out))
	}
}
