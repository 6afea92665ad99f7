package pkgexport

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOverPacket: a file that is over MariaDB's default packet once
// escaped for SQL is named, in a directory and in a zip; the package
// files of today's sizes are not.
func TestOverPacket(t *testing.T) {
	if n, err := escapedSize(strings.NewReader("a\n'b\\\x00")); err != nil || n != 10 {
		t.Errorf("escapedSize = %d, %v; want 10", n, err)
	}
	dir := t.TempDir()
	write := func(name string, data []byte) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// 12 MiB of lines of one digit: 18 MiB escaped.
	write("data/secret/1.ans", bytes.Repeat([]byte("1\n"), 6<<20))
	write("data/secret/2.ans", bytes.Repeat([]byte("x"), 9<<20)) // 9 MiB, nothing to escape
	write("data/sample/1.ans", []byte("10\n"))
	got, err := OverPacket(dir, false)
	if err != nil || len(got) != 1 || got[0].File != "data/secret/1.ans" || got[0].Escaped != 18<<20 {
		t.Errorf("OverPacket(dir) = %v, %v; want data/secret/1.ans", got, err)
	}
	zipPath := filepath.Join(t.TempDir(), "p.zip")
	f, err := os.Create(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := zipDir(f, dir); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if got, err := OverPacket(zipPath, true); err != nil || len(got) != 1 || got[0].File != "data/secret/1.ans" {
		t.Errorf("OverPacket(zip) = %v, %v; want data/secret/1.ans", got, err)
	}
}
