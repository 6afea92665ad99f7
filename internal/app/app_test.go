package app_test

// The use cases called as a library: no binary, no urfave/cli. Each test
// gets a fresh cache file in t.TempDir(); the problem sets are the
// repository's, under ../../testdata. The command line's own behaviour
// (flags, exit statuses, transcripts) is pinned in internal/command.
//
// The tests share nothing, so each runs in parallel with the others
// (t.Parallel): most of their time is spent waiting for the disk. One runs
// on its own, before the parallel ones: TestKeyHoldsOnePlacement, which
// measures memory with runtime.MemStats.

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	_ "github.com/queensjudge/queensjudge/internal/testflag"
)

// The repository's problem sets and submissions, from the package
// directory the tests run in.
const (
	testdata    = "../../testdata"
	oeisSet     = testdata + "/oeis.yaml"
	badSet      = testdata + "/bad.yaml"
	contestSet  = testdata + "/example/contest.yaml"
	fixedSet    = testdata + "/example/contest-fixed.yaml"
	submissions = testdata + "/example/submissions"
	manifest    = testdata + "/example/attempts.csv"
)

// batch is how the tests solve: two problems at once, as on the two-core
// machines the suite is written for.
var batch = app.Batch{Jobs: 2}

// console is a Console whose output the test reads back.
type console struct {
	app.Console
	stdout, stderr *bytes.Buffer
}

// newConsole returns a console writing format, with stdin reading in.
func newConsole(format output.Format, in string) console {
	var stdout, stderr bytes.Buffer
	return console{
		Console: app.Console{Stdin: strings.NewReader(in), Stdout: &stdout, Stderr: &stderr, Format: format},
		stdout:  &stdout, stderr: &stderr,
	}
}

// tempCache returns the path of a cache file that does not exist yet, in a
// directory of its own.
func tempCache(t *testing.T) string {
	t.Helper()
	return filepath.Join(t.TempDir(), "cache.db")
}

// writeFile writes data to path.
func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// readFile returns the bytes of path.
func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// copyFile copies the file src to dst and returns dst.
func copyFile(t *testing.T, src, dst string) string {
	t.Helper()
	writeFile(t, dst, string(readFile(t, src)))
	return dst
}

// copyDir copies the tree of regular files and directories at src to dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		in, err := os.Open(path)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(to)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
	if err != nil {
		t.Fatal(err)
	}
}

// exists reports whether path names a file (or anything else).
func exists(t *testing.T, path string) bool {
	t.Helper()
	_, err := os.Lstat(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return err == nil
}

// checkOutcome fails t unless err is of kind want (0 for nil) and, for an
// error, said in full exactly when silent.
func checkOutcome(t *testing.T, call string, err error, want status.Kind, silent bool) {
	t.Helper()
	if got := status.KindOf(err); got != want {
		t.Fatalf("%s: kind %v (%v), want %v", call, got, err, want)
	}
	if err != nil && status.Silent(err) != silent {
		t.Errorf("%s: Silent(%v) = %v, want %v", call, err, status.Silent(err), silent)
	}
}
