package command

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidateFewerFiles calls validate with two files before its flags,
// as a package's run script called with two does: the first flag was taken
// for the feedback directory ("write kind=nqueens/judgemessage.txt"); it
// is a usage error naming what came, and nothing is written.
func TestValidateFewerFiles(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, "8.in", "8\n")
	writeFile(t, "8.ans", "2 4 6 8 3 1 7 5\n")
	db := filepath.Join(t.TempDir(), "cache.db")
	for _, files := range [][]string{{"8.in", "8.ans"}, {"8.in"}} {
		args := append(append([]string{"queensjudge", "--db", db, "validate"}, files...), "kind=nqueens", "ask=placement")
		_, stderr, code := runStdin(t, "2 4 6 8 3 1 7 5\n", args...)
		if code != 2 || !strings.Contains(stderr, "want INPUT ANSWER FEEDBACK_DIR before the flags") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and the usage", args, code, stderr)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 2 {
			t.Errorf("%q: %d entries in the working directory, want the 2 files", args, len(entries))
		}
	}
}

// TestValidateStdinDevice judges with standard input /dev/null, what the Go
// runtime gives a program whose standard input was closed: it was judged
// NO (an empty answer), the team's fault; it is a judge error, and the
// judge message says why. So with the cases= flag of a package's run
// script, which judges against the answer file.
func TestValidateStdinDevice(t *testing.T) {
	dir := t.TempDir()
	in, ans := filepath.Join(dir, "8.in"), filepath.Join(dir, "8.ans")
	writeFile(t, in, "8\n")
	writeFile(t, ans, "2 4 6 8 3 1 7 5\n")
	digest := func(path string) string {
		sum := sha256.Sum256([]byte(readFile(t, path)))
		return hex.EncodeToString(sum[:])
	}
	cases := "cases=" + digest(in) + ":" + digest(ans)
	for i, flags := range [][]string{{"kind=nqueens", "ask=placement"}, {"kind=nqueens", "ask=placement", cases}} {
		feedback := filepath.Join(dir, fmt.Sprint("fb", i))
		if err := os.Mkdir(feedback, 0o755); err != nil {
			t.Fatal(err)
		}
		null, err := os.Open(os.DevNull)
		if err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		args := append([]string{"queensjudge", "--db", filepath.Join(dir, "cache.db"), "validate", in, ans, feedback}, flags...)
		code := Run(context.Background(), args, null, &out, &errb)
		null.Close()
		if code != 1 {
			t.Errorf("%q: exit %d, want 1 (a judge error); stderr %q", flags, code, errb.String())
		}
		msg, err := os.ReadFile(filepath.Join(feedback, "judgemessage.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(msg), "JE: standard input is a device") {
			t.Errorf("%q: judgemessage.txt = %q, want the judge error on standard input", flags, msg)
		}
	}
}
