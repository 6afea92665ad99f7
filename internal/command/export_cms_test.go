package command

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/testflag"
)

// TestExportCMS runs export --layout cms as a user types it and does with
// each task what CMS does: its directory has the files cmsImportTask
// reads, contest.yaml lists the tasks for cmsImportContest, and
// check/checker, copied alone into a bare directory with the three files
// CMS gives it and run with them and nothing else, scores the correct
// output 1.0 and a wrong one 0.0 with a message, each test case. -long
// exports the whole example contest.
func TestExportCMS(t *testing.T) {
	set, want := "testdata/export/quick.yaml", []string{"eight-queens", "six-all", "qk6-placement"}
	if testflag.Long() {
		set, want = "testdata/example/contest.yaml", []string{"eight-queens", "twelve-unique", "six-all", "big-placement", "cses-sample",
			"cross-unique", "corner-placement", "qk8-max", "qk8-count", "qk8-unique", "qk6-placement", "qk5-solutions"}
	}
	out := filepath.Join(t.TempDir(), "contest")
	stdout, stderr, code := queensjudge(t, filepath.Join(t.TempDir(), "cache.db"),
		"export", "--layout", "cms", "--validator-binary", validatorStandIn(t), "--allow-dynamic", out, set)
	if code != 0 {
		t.Fatalf("export --layout cms: exit %d\n%s", code, stderr)
	}
	var paths []string
	for _, name := range want {
		paths = append(paths, filepath.Join(out, name))
	}
	paths = append(paths, filepath.Join(out, "contest.yaml"))
	if got := strings.Fields(stdout); strings.Join(got, " ") != strings.Join(paths, " ") {
		t.Errorf("export printed %q, want %q", got, paths)
	}
	if names, wantNames := dirNames(t, out), slices.Sorted(slices.Values(append([]string{"contest.yaml"}, want...))); names != strings.Join(wantNames, " ") {
		t.Errorf("OUTDIR holds %s, want %s", names, strings.Join(wantNames, " "))
	}
	contest, err := os.ReadFile(filepath.Join(out, "contest.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(contest), "tasks:\n  - "+strings.Join(want, "\n  - ")+"\n") {
		t.Errorf("contest.yaml does not list the tasks in order:\n%s", contest)
	}
	for _, name := range want {
		task := filepath.Join(out, name)
		if got := dirNames(t, task); got != "check input output statement task.yaml" {
			t.Errorf("%s holds %s", name, got)
		}
		for tc := 0; tc < 2; tc++ {
			in := filepath.Join(task, "input", fmt.Sprintf("input%d.txt", tc))
			correct := filepath.Join(task, "output", fmt.Sprintf("output%d.txt", tc))
			text, err := os.ReadFile(correct)
			if err != nil {
				t.Fatal(err)
			}
			_, key, _ := bytes.Cut(text, []byte("\n")) // the header's two lines
			_, key, _ = bytes.Cut(key, []byte("\n"))
			for _, c := range []struct {
				what, user, score string
			}{{"the key", string(key), "1.0"}, {"junk", "0 8\nNaN\n", "0.0"}} {
				code, stdout, stderr := cmsCheck(t, filepath.Join(task, "check", "checker"), in, correct, c.user)
				msg, _, _ := strings.Cut(stderr, "\n")
				if code != 0 || stdout != c.score+"\n" || msg == "" {
					t.Errorf("%s case %d: %s: exit %d, stdout %q, stderr %q; want 0, %s and a message", name, tc, c.what, code, stdout, stderr, c.score)
				}
			}
		}
	}

	// --zip does not go with the CMS layout: a usage error, nothing made.
	zips := filepath.Join(t.TempDir(), "zips")
	if _, stderr, code := queensjudge(t, filepath.Join(t.TempDir(), "cache.db"),
		"export", "--layout", "cms", "--zip", "--validator-binary", os.Args[0], "--allow-dynamic", zips, set); code != 2 || !strings.Contains(stderr, "--zip") {
		t.Errorf("export --layout cms --zip: exit %d, want 2\n%s", code, stderr)
	}
	if _, err := os.Stat(zips); err == nil {
		t.Error("export --layout cms --zip made OUTDIR")
	}
}

// cmsCheck runs the checker as CMS runs it: alone with input.txt,
// correct_output.txt and user_output.txt in a bare directory, as
// "./checker input.txt correct_output.txt user_output.txt", no stdin; the
// test binary is the validator program through QUEENSJUDGE_RUN_VALIDATOR.
func cmsCheck(t *testing.T, checker, input, correct, user string) (int, string, string) {
	t.Helper()
	box := t.TempDir()
	for name, from := range map[string]string{"checker": checker, "input.txt": input, "correct_output.txt": correct} {
		if err := os.Link(from, filepath.Join(box, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(box, "user_output.txt"), []byte(user), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("./checker", "input.txt", "correct_output.txt", "user_output.txt")
	cmd.Dir = box
	cmd.Env = []string{"QUEENSJUDGE_RUN_VALIDATOR=1"}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), stdout.String(), stderr.String()
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, stdout.String(), stderr.String()
}
