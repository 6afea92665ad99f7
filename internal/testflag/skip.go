package testflag

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Missing skips t because the tool it needs is not installed, naming how
// to install it (install), or fails t when the environment variable
// require is set, as CI sets it once it has installed the tool.
//
// A skip must not go unsaid: go test ./... prints nothing of a package
// that passes, not even its skips (only -v and -json show them), so a
// missing tool would leave part of the suite unrun without a word. The
// skip is also written to the terminal, /dev/tty, when there is one; a
// run without a terminal (CI) sets require instead.
func Missing(t testing.TB, tool, install, require string) {
	t.Helper()
	if os.Getenv(require) != "" {
		t.Fatalf("%s is not installed, and %s is set (%s)", tool, require, install)
	}
	Skipf(t, "%s is not installed (%s; %s=1 makes this a failure)", tool, install, require)
}

// Skipf skips t with the reason, which it also writes to the terminal, as
// Missing does.
func Skipf(t testing.TB, format string, args ...any) {
	t.Helper()
	root, pkg := packageDir()
	line := note(pkg, t.Name(), fmt.Sprintf(format, args...))
	uncached(root, line)
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		fmt.Fprint(tty, line)
		tty.Close()
	}
	t.Skip(fmt.Sprintf(format, args...))
}

// uncached adds line to .test-skipped at the module's root (git ignores
// it), and reads it back: the go command does not cache the result of a
// test that read a file of the module modified in the last seconds, so
// the skip is said again on the next run, not replayed as a silent "ok".
func uncached(root, line string) {
	if root == "" {
		return
	}
	mark := filepath.Join(root, ".test-skipped")
	f, err := os.OpenFile(mark, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return
	}
	fmt.Fprint(f, line)
	f.Close()
	if f, err := os.Open(mark); err == nil {
		f.Close()
	}
}

// note is the line Skipf writes to the terminal.
func note(pkg, test, reason string) string {
	return fmt.Sprintf("skip   %s %s: %s\n", pkg, test, reason)
}

// packageDir returns the module's root ("" when none is found) and the
// directory of the package under test relative to it (the test runs in
// it): ./internal/report.
func packageDir() (root, pkg string) {
	wd, err := os.Getwd()
	if err != nil {
		return "", "."
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			rel, err := filepath.Rel(dir, wd)
			if err != nil || rel == "." {
				return dir, "."
			}
			return dir, "./" + filepath.ToSlash(rel)
		}
		if filepath.Dir(dir) == dir {
			return "", wd
		}
	}
}
