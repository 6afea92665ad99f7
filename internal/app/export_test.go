package app_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/pkgexport"
	"github.com/queensjudge/queensjudge/internal/status"
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
