package app_test

import (
	"context"
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
