// Package testflag defines, once, the two flags every package's tests
// accept, so that one command line reaches them all:
//
//	go test ./... -update   rewrite the golden files under testdata, then review the diff
//	go test ./... -long     run the long cross-checks too (minutes to hours)
//
// The go command hands such a flag to every test binary it builds, and a
// test binary stops at a flag it does not define; so each package with tests
// imports this one from its tests, whether or not it has golden files or long
// checks. Only tests import it: it registers its flags on the program's
// command line as it starts. It also owns Golden, the comparison -update
// turns into a rewrite, so that the packages with golden files share one.
package testflag

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var (
	update = flag.Bool("update", false, "rewrite the golden files under testdata instead of comparing with them")
	long   = flag.Bool("long", false, "run the long cross-checks too: minutes to hours")
)

// Update reports whether the tests should rewrite their golden files with
// what they got instead of comparing. It is meaningful once the test binary
// has parsed its flags, inside a test.
func Update() bool { return *update }

// Long reports whether the tests should run their long cross-checks. It is
// meaningful once the test binary has parsed its flags, inside a test.
func Long() bool { return *long }

// Golden compares got with the golden file at path, byte for byte, and fails
// t when they differ or the file is missing; with -update it writes got to
// path instead, so that the change shows in the diff. A missing file or a
// failed write stops the test; a difference does not, so one run shows
// every file that differs.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if Update() {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n%s\nwant:\n%s", path, got, want)
	}
}
