package command

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryPackageTakesTheTestFlags checks that the tests of every package
// import internal/testflag, so that `go test ./... -update` and `go test
// ./... -long`, as the README gives them, are accepted by every package
// (go test passes the flags to each, and one that does not define them
// fails the whole run).
func TestEveryPackageTakesTheTestFlags(t *testing.T) {
	byDir := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		dir := filepath.Dir(path)
		// testflag's own tests define the flags by being in it.
		self := filepath.ToSlash(dir) == "internal/testflag" && strings.HasPrefix(string(data), "package testflag\n")
		byDir[dir] = byDir[dir] || self || strings.Contains(string(data), `"github.com/queensjudge/queensjudge/internal/testflag"`)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(byDir) < 10 {
		t.Fatalf("found the tests of %d packages, want every package's (is the working directory the repository's root?)", len(byDir))
	}
	for dir, ok := range byDir {
		if !ok {
			t.Errorf("the tests of %s do not import internal/testflag: go test ./... -update fails there", dir)
		}
	}
}
