package command

import (
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
	tests, _ := filepath.Glob("*/*_test.go")
	root, _ := filepath.Glob("*_test.go")
	byDir := map[string]bool{}
	for _, f := range append(tests, root...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Dir(f)
		byDir[dir] = byDir[dir] || strings.Contains(string(data), `"github.com/queensjudge/queensjudge/internal/testflag"`)
	}
	for dir, ok := range byDir {
		if !ok {
			t.Errorf("the tests of %s do not import internal/testflag: go test ./... -update fails there", dir)
		}
	}
}
