package pkgexport

import (
	"archive/zip"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/queensjudge/queensjudge/internal/guard"
)

func TestWriteZip(t *testing.T) {
	ctx := context.Background()
	out := t.TempDir()
	pkg := eightQueens(t)
	zipPath := filepath.Join(out, "eightqueens.zip")
	if err := os.WriteFile(zipPath, []byte("an old zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteZip(ctx, claimOut(t, out, pkg), zipPath, Legacy, pkg); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	modes := map[string]fs.FileMode{}
	for _, f := range zr.File {
		modes[f.Name] = f.Mode()
	}
	for name, want := range map[string]fs.FileMode{
		"problem.yaml":      0o644,
		"data/secret/1.ans": 0o644,
		"output_validators/queensjudge/" + BinaryName: 0o755,
		"input_validators/queensjudge/" + BinaryName:  0o755,
		"input_validators/queensjudge/run":            0o755,
		"output_validators/queensjudge/build":         0o755,
	} {
		if got, ok := modes[name]; !ok || got.Perm() != want {
			t.Errorf("zip entry %s: mode %v (there %v), want %v", name, got.Perm(), ok, want)
		}
	}
	if got := names(t, out); !slices.Equal(got, []string{"eightqueens.zip"}) {
		t.Errorf("OUTDIR holds %v, want [eightqueens.zip]", got)
	}

	// A failing export leaves the zip as it was.
	before, _ := os.ReadFile(zipPath)
	pkg.Binary = filepath.Join(out, "nosuch")
	if err := WriteZip(ctx, claimOut(t, out, pkg), zipPath, Legacy, pkg); err == nil {
		t.Fatal("WriteZip with no binary = nil, want an error")
	}
	if after, _ := os.ReadFile(zipPath); string(after) != string(before) {
		t.Errorf("a failed WriteZip changed the zip")
	}
	if got := names(t, out); !slices.Equal(got, []string{"eightqueens.zip"}) {
		t.Errorf("OUTDIR holds %v after a failed WriteZip, want [eightqueens.zip]", got)
	}
}

// TestWriteZipClaimedFile: a zip claimed as a file is staged beside it.
func TestWriteZipClaimedFile(t *testing.T) {
	out := t.TempDir()
	pkg := eightQueens(t)
	g := guard.New()
	g.Input(pkg.Binary)
	zipPath, err := g.File("--zip", filepath.Join(out, "q.zip"))
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteZip(context.Background(), g, zipPath, V2023_07, pkg); err != nil {
		t.Fatal(err)
	}
	if got := names(t, out); !slices.Equal(got, []string{"q.zip"}) {
		t.Errorf("directory holds %v, want [q.zip]", got)
	}
}
