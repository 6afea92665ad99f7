package validator

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

// mainCall runs Main in dir with args (the program's name first) and
// stdin, and returns its exit status and stderr.
func mainCall(t *testing.T, dir string, stdin *os.File, args ...string) (int, string) {
	t.Helper()
	t.Chdir(dir)
	var out, errb bytes.Buffer
	code := Main(context.Background(), args, stdin, &out, &errb)
	return code, errb.String()
}

// TestMainFewerFiles calls the validator as a run script called with two
// files does: the package's first flag was taken for the feedback
// directory ("write kind=nqueens/judgemessage.txt"). It is a usage error
// that writes nothing.
func TestMainFewerFiles(t *testing.T) {
	dir := t.TempDir()
	p := solver.Problem{Kind: solver.NQueens, N: 8, Ask: solver.AskCount, M: solver.AnyM}
	input, ans, c, _ := answerFile(t, dir, p)
	flags := []string{"kind=nqueens", "ask=count", "cases=" + c.Input + ":" + c.Answer}
	team, err := os.Open(ans)
	if err != nil {
		t.Fatal(err)
	}
	defer team.Close()
	for _, files := range [][]string{{input, ans}, {input}, {}} {
		before, _ := os.ReadDir(dir)
		args := append(append([]string{"queensjudge-validator", "validate"}, files...), flags...)
		code, stderr := mainCall(t, dir, team, args...)
		if code != 2 || !strings.Contains(stderr, "want INPUT ANSWER FEEDBACK_DIR before the flags") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and the usage", args, code, stderr)
		}
		if after, _ := os.ReadDir(dir); len(after) != len(before) {
			t.Errorf("%q: made %d files or directories in %s", args, len(after)-len(before), dir)
		}
	}
}

// TestMainStdinNotAFile judges with standard input /dev/null, what the Go
// runtime gives a program whose standard input was closed: it was judged
// NO (an empty answer), the team's fault; it is a judge error, and the
// judge message says why.
func TestMainStdinNotAFile(t *testing.T) {
	dir := t.TempDir()
	p := solver.Problem{Kind: solver.NQueens, N: 8, Ask: solver.AskCount, M: solver.AnyM}
	input, ans, c, _ := answerFile(t, dir, p)
	feedback := filepath.Join(dir, "feedback")
	if err := os.Mkdir(feedback, 0o755); err != nil {
		t.Fatal(err)
	}
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	code, _ := mainCall(t, dir, null, "queensjudge-validator", "validate", input, ans, feedback,
		"kind=nqueens", "ask=count", "cases="+c.Input+":"+c.Answer)
	msg, _ := os.ReadFile(filepath.Join(feedback, "judgemessage.txt"))
	if code != 1 || !strings.HasPrefix(string(msg), "JE: standard input is a device") {
		t.Errorf("validate < /dev/null: exit %d, judge message %q; want 1 and a JE that says why", code, msg)
	}
}
