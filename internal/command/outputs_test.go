package command

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestOutputsNeverOverwriteInputs names an input of the command as its
// output file, directly, through a link and through another path: each is
// refused as a usage error, and the input is left as it was.
func TestOutputsNeverOverwriteInputs(t *testing.T) {
	dir := t.TempDir()
	copyFile := func(from, to string) {
		t.Helper()
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	set := filepath.Join(dir, "contest.yaml")
	copyFile("testdata/example/contest.yaml", set)
	subs := filepath.Join(dir, "subs")
	for _, f := range []string{"ada/eight-queens.txt", "grace/eight-queens.txt"} {
		copyFile(filepath.Join("testdata/example/submissions", f), filepath.Join(subs, f))
	}
	manifest := filepath.Join(dir, "attempts.csv")
	if err := os.WriteFile(manifest, []byte("team,problem,time,file\nada,eight-queens,10,subs/ada/eight-queens.txt\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink(set, link); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "cache.db")
	if _, errs, code := queensjudge(t, db, "solve", set); code != 0 {
		t.Fatalf("solve: exit %d\n%s", code, errs)
	}
	inputs := []string{set, manifest, filepath.Join(subs, "ada", "eight-queens.txt"), db}
	before := map[string][]byte{}
	for _, f := range inputs {
		before[f], _ = os.ReadFile(f)
	}
	for _, args := range [][]string{
		{"key", "--out", set, set},
		{"key", "--out", link, set},
		{"key", "--out", filepath.Join(dir, ".", "sub", "..", "contest.yaml"), set},
		{"key", "--out", db, set},
		{"judge", "--html", set, set, subs},
		{"judge", "--scoreboard", filepath.Join(subs, "ada", "eight-queens.txt"), set, subs},
		{"judge", "--results-tsv", filepath.Join(subs, "report.tsv"), set, subs},
		{"judge", "--html", manifest, set, manifest},
		{"judge", "--html", filepath.Join(subs, "ada", "eight-queens.txt"), set, manifest},
		{"judge", "--html", filepath.Join(dir, "r"), "--scoreboard", filepath.Join(dir, "r"), set, subs},
		{"show", "--svg", db, "big-placement"},
	} {
		if _, errs, code := queensjudge(t, db, args...); code != 2 {
			t.Errorf("%q: exit %d, want %d\n%s", args, code, 2, errs)
		}
	}
	for _, f := range inputs {
		if after, _ := os.ReadFile(f); !bytes.Equal(after, before[f]) {
			t.Errorf("%s changed", f)
		}
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("%s is no longer a link", link)
	}
	// A new file beside the inputs is fine.
	if _, errs, code := queensjudge(t, db, "key", "--out", filepath.Join(dir, "key.yaml"), set); code != 0 {
		t.Errorf("key --out key.yaml: exit %d\n%s", code, errs)
	}
}
