package command

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAbsoluteLinkInside judges a submission that is an absolute symbolic
// link to a file inside the submissions folder: it is judged like the file,
// while an absolute link to a file outside is refused.
func TestAbsoluteLinkInside(t *testing.T) {
	dir := t.TempDir()
	subs := filepath.Join(dir, "subs")
	for _, d := range []string{"ada", "shared", "eve"} {
		if err := os.MkdirAll(filepath.Join(subs, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	answer := filepath.Join(subs, "shared", "answer92.txt")
	outside := filepath.Join(dir, "outside92.txt")
	for _, f := range []string{answer, outside} {
		if err := os.WriteFile(f, []byte("92\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(answer, filepath.Join(subs, "ada", "eight-queens.txt")); err != nil {
		t.Skipf("symlink: %v", err)
	}
	if err := os.Symlink(outside, filepath.Join(subs, "eve", "eight-queens.txt")); err != nil {
		t.Fatal(err)
	}
	set := filepath.Join(dir, "set.yaml")
	if err := os.WriteFile(set, []byte("name: links\nproblems:\n  - {id: eight-queens, kind: nqueens, n: 8, ask: count}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, _ := queensjudge(t, filepath.Join(dir, "cache.db"), "judge", "--format", "csv", set, subs)
	rows := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Split(line, ",")
		if len(f) > 5 && f[1] == "eight-queens" {
			rows[f[0]] = line
		}
	}
	if !strings.Contains(rows["ada"], ",AC,") {
		t.Errorf("ada, an absolute link inside the folder: %q, want AC\nstderr: %s", rows["ada"], errs)
	}
	if strings.Contains(rows["eve"], ",AC,") {
		t.Errorf("eve, an absolute link out of the folder: %q, want it refused", rows["eve"])
	}
}
