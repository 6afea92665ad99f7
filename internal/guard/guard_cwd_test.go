package guard

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestGoneWorkingDirectory: problemtools runs a validator in a working
// directory that no longer exists; absolute paths must still be guarded
// and written, relative ones refused.
func TestGoneWorkingDirectory(t *testing.T) {
	old, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	gone := t.TempDir()
	out := t.TempDir()
	if err := os.Chdir(gone); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(old)
	if err := os.Remove(gone); err != nil {
		t.Fatal(err)
	}
	g := New()
	d, err := g.Dir("FEEDBACK_DIR", out)
	if err != nil {
		t.Fatalf("an absolute directory in a gone working directory: %v", err)
	}
	if err := g.WriteFile(filepath.Join(d, "judgemessage.txt"), 0o644, nil, func(w io.Writer) error {
		_, err := io.WriteString(w, "ok\n")
		return err
	}); err != nil {
		t.Fatalf("writing under it: %v", err)
	}
	if _, err := g.Dir("OTHER", "relative"); err == nil {
		t.Error("a relative directory in a gone working directory was accepted")
	}
}
