package command

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The tests of this file pin the ways the command line once lost data: an
// output flag that took the next word, or none, for its value; an output
// that named an input or the cache by another spelling; a cache or an
// output through a directory that does not exist, which SQLite opens
// ("nosuch/../x.db" is x.db to it) where the kernel does not; export
// wiping the files a setter added to a package. Each case checks every
// file of its directory, byte for byte, and that none was made.

// tree returns what dir holds below it, symlinks not followed: for each
// path, relative to dir, the SHA-256 of a regular file's bytes, the target
// of a symlink, or "directory".
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	type hashed struct {
		info fs.FileInfo
		sum  string
	}
	var files []hashed // hard links are read once
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		switch {
		case rel == ".":
		case d.Type()&fs.ModeSymlink != 0:
			to, err := os.Readlink(p)
			if err != nil {
				return err
			}
			m[rel] = "a symlink to " + to
		case d.IsDir():
			m[rel] = "directory"
		default:
			info, err := d.Info()
			if err != nil {
				return err
			}
			for _, f := range files {
				if os.SameFile(f.info, info) {
					m[rel] = f.sum
					return nil
				}
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			m[rel] = fmt.Sprintf("%x", sha256.Sum256(data))
			files = append(files, hashed{info, m[rel]})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// sameTree fails t for each file or directory of dir that was made,
// removed or changed since before (a tree of dir), and reports whether
// there was none.
func sameTree(t *testing.T, what, dir string, before map[string]string) bool {
	t.Helper()
	after := tree(t, dir)
	var diffs []string
	for p, was := range before {
		switch now, ok := after[p]; {
		case !ok:
			diffs = append(diffs, p+" was removed")
		case now != was:
			diffs = append(diffs, p+" changed")
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			diffs = append(diffs, p+" was made")
		}
	}
	slices.Sort(diffs)
	for _, d := range diffs {
		t.Errorf("%s: %s", what, d)
	}
	return len(diffs) == 0
}

// copyTree copies the regular files and directories under from into to,
// which may exist, leaving out the files for which skip (given the path
// relative to from) is true.
func copyTree(t *testing.T, from, to string, skip func(rel string) bool) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(dst, 0o755)
		case !d.Type().IsRegular():
			return fmt.Errorf("copy %s: not a regular file", p)
		case skip != nil && skip(rel):
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// exampleContest copies the example contest, its submissions and its
// manifest (with the attempts it names) into dir, as they lie in
// testdata/example, so that nothing under testdata is ever at risk.
func exampleContest(t *testing.T, dir string) {
	t.Helper()
	copyTree(t, "testdata/example", dir, func(rel string) bool {
		top := strings.SplitN(rel, string(filepath.Separator), 2)[0]
		return top != "contest.yaml" && top != "attempts.csv" && top != "attempts" && top != "submissions"
	})
}

// TestForgottenOutValue types key's --out without its value: last on the
// line, before another flag, before "--". The old command line took the
// next word, or moved the last operand into the flag, and wrote a key over
// a.yaml; now each is a usage error before any work, and nothing in the
// directory changes: no set, no cache made.
func TestForgottenOutValue(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, "a.yaml", "name: a\nproblems:\n  - {id: q5, kind: nqueens, n: 5, ask: count}\n")
	writeFile(t, "b.yaml", "name: b\nproblems:\n  - {id: q6, kind: nqueens, n: 6, ask: count}\n")
	before := tree(t, dir)
	for _, args := range [][]string{
		{"key", "a.yaml", "b.yaml", "--out"},
		{"key", "a.yaml", "b.yaml", "-o"},
		{"key", "--out", "--format", "json", "a.yaml"},
		{"key", "--format", "json", "a.yaml", "--out"},
		{"key", "a.yaml", "--out", "--", "b.yaml"},
		{"key", "--out", "--quiet", "a.yaml"},
	} {
		stdout, stderr, code := queensjudge(t, "cache.db", args...)
		if code != 2 || !strings.Contains(stderr, "needs a value") || stdout != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2, nothing printed and that --out needs a value", args, code, stdout, stderr)
		}
		sameTree(t, fmt.Sprintf("%q", args), dir, before)
	}
}

// TestKeyOutKeptOnFailure writes a key, breaks the set, and writes the
// key again into the same file: the set no longer loads, and the good key
// stays as it was instead of becoming an empty list.
func TestKeyOutKeptOnFailure(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, "a.yaml", "name: a\nproblems:\n  - {id: q5, kind: nqueens, n: 5, ask: count}\n")
	for _, format := range []string{"yaml", "csv"} {
		out := "key." + format
		if _, stderr, code := queensjudge(t, "cache.db", "key", "--format", format, "--out", out, "a.yaml"); code != 0 {
			t.Fatalf("key: exit %d\n%s", code, stderr)
		}
		good, _ := os.ReadFile(out)
		writeFile(t, "b.yaml", "name: b\nproblems:\n  - {id: q0, kind: nqueens, n: 0, ask: count}\n")
		for _, sets := range [][]string{{"b.yaml"}, {"a.yaml", "b.yaml"}} {
			args := append([]string{"key", "--format", format, "--out", out, "--replace"}, sets...)
			_, stderr, code := queensjudge(t, "cache.db", args...)
			if code != 1 || !strings.Contains(stderr, "not written") {
				t.Errorf("%q: exit %d, stderr %q; want 1 and that the key was not written", args, code, stderr)
			}
			if got, _ := os.ReadFile(out); string(got) != string(good) {
				t.Errorf("%q: the key became %q, want it kept:\n%s", args, got, good)
			}
		}
	}
}

// TestKeyStdoutOnFailure checks that key to stdout is as whole as key
// --out: a set or a problem that fails prints no key at all (it printed
// the rest, or "[]"), with exit status 1.
func TestKeyStdoutOnFailure(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, "a.yaml", "name: a\nproblems:\n  - {id: q5, kind: nqueens, n: 5, ask: count}\n")
	writeFile(t, "b.yaml", "name: b\nproblems:\n  - {id: q0, kind: nqueens, n: 0, ask: count}\n")
	for _, format := range []string{"yaml", "json", "csv", "table"} {
		for _, sets := range [][]string{{"b.yaml"}, {"a.yaml", "b.yaml"}} {
			for _, out := range [][]string{nil, {"--out", "-"}} {
				args := append(append([]string{"key", "--format", format}, out...), sets...)
				stdout, stderr, code := queensjudge(t, "cache.db", args...)
				if code != 1 || stdout != "" || !strings.Contains(stderr, "key: the key not written: not every problem could be answered") {
					t.Errorf("%q: exit %d, stdout %q, stderr %q; want 1, no key and that it was not written", args, code, stdout, stderr)
				}
			}
		}
	}
}

// TestExportKeepsSettersFiles exports a set into a directory that already
// holds its packages, with a setter's own solution added to one of them and
// a note beside them: the old export replaced each package folder whole;
// then the package was updated and the setter's files kept in it; now (issue
// 47) a package holds exactly what export writes, so the export is refused,
// naming the setter's file, and nothing changes: the setter's files are
// kept, byte for byte. Once the solution is moved out, the export updates
// the package, and the note beside the packages is still kept.
func TestExportKeepsSettersFiles(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "cache.db")
	out := filepath.Join(dir, "packages")
	bin := filepath.Join(t.TempDir(), "queensjudge") // a stand-in: nothing runs it, and copies of the test binary are slow
	writeFile(t, bin, "a stand-in: nothing runs it")
	args := []string{"export", "--validator-binary", bin, "--allow-dynamic", out, "testdata/export/quick.yaml"}
	if _, stderr, code := queensjudge(t, db, args...); code != 0 {
		t.Fatalf("first export: exit %d\n%s", code, stderr)
	}
	mine := filepath.Join(out, "eightqueens", "submissions", "accepted", "x.py")
	if err := os.MkdirAll(filepath.Dir(mine), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, mine, "print(92)\n")
	note := filepath.Join(out, "NOTES.txt")
	writeFile(t, note, "the setter's notes\n")
	if _, stderr, code := queensjudge(t, db, args...); code != 1 || !strings.Contains(stderr, "submissions/accepted/x.py") {
		t.Fatalf("second export into the same directory: exit %d, want 1 and a refusal naming x.py\n%s", code, stderr)
	}
	for path, want := range map[string]string{mine: "print(92)\n", note: "the setter's notes\n"} {
		if got, err := os.ReadFile(path); err != nil || string(got) != want {
			t.Errorf("after the second export %s is %q (%v), want %q: the setter's file kept", path, got, err, want)
		}
	}
	if err := os.Rename(mine, filepath.Join(dir, "x.py")); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := queensjudge(t, db, args...); code != 0 {
		t.Fatalf("third export, x.py moved out: exit %d, want 0\n%s", code, stderr)
	}
	if got, err := os.ReadFile(note); err != nil || string(got) != "the setter's notes\n" {
		t.Errorf("after the third export %s is %q (%v): the note beside the packages kept", note, got, err)
	}
	if _, err := os.Stat(filepath.Join(out, "eightqueens", "problem.yaml")); err != nil {
		t.Errorf("after the third export: %v", err)
	}
}

// TestMergeOutThroughMissingDir names merge's OUT, relative to the working
// directory, as "nosuch/../part-0.db": the kernel has no such directory,
// but SQLite reads ".." lexically and would open part-0.db, one of the
// parts, and write the whole count into it. The same for a part named that
// way while OUT is the part itself, for a symlink before "..", which the
// kernel and SQLite read as two directories, and for the -wal, -shm or
// -journal file of a part, which SQLite would take for the part's own.
// Each is refused as a usage error, and no file changes.
func TestMergeOutThroughMissingDir(t *testing.T) {
	dir := t.TempDir()
	shardParts(t, dir, 2)
	elsewhere := filepath.Join(t.TempDir(), "deep")
	if err := os.Mkdir(elsewhere, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, filepath.Join(dir, "far")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	before := tree(t, dir)
	// Where the kernel reads "far/..": nothing may be made there either.
	beyond := filepath.Dir(elsewhere)
	beforeBeyond := tree(t, beyond)
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"nosuch/../part-0.db", "part-0.db", "part-1.db"}, "no directory nosuch/.."},
		{[]string{"part-0.db", "nosuch/../part-0.db", "part-1.db"}, "would write over nosuch/../part-0.db"},
		{[]string{"far/../part-0.db", "part-0.db", "part-1.db"}, `a symlink before ".."`},
		{[]string{"part-0.db", "far/../part-0.db", "part-1.db"}, "would write over far/../part-0.db"},
		{[]string{"part-0.db-wal", "part-0.db", "part-1.db"}, "the -wal file of input part-0.db"},
		{[]string{"./part-1.db-shm", "part-0.db", "part-1.db"}, "the -shm file of input part-1.db"},
		{[]string{"nosuch/../part-1.db-journal", "part-0.db", "part-1.db"}, "no directory nosuch/.."},
	} {
		args := append([]string{"merge"}, c.args...)
		_, stderr, code := runArgs(t, append([]string{"queensjudge"}, args...)...)
		if code != 2 || !strings.Contains(stderr, c.says) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", args, code, stderr, c.says)
		}
		sameTree(t, fmt.Sprintf("%q", args), dir, before)
		sameTree(t, fmt.Sprintf("%q, where far/.. leads", args), beyond, beforeBeyond)
	}
}

// TestKeyOutOverCacheThroughMissingDir names the cache "nosuch/../j.db" and
// key's output j.db, a cache holding answers: SQLite would open j.db as the
// cache while the key replaced it. Named the other way round, the output
// goes through the missing directory. Both are refused before any work,
// and j.db is left as it was.
func TestKeyOutOverCacheThroughMissingDir(t *testing.T) {
	dir := t.TempDir()
	exampleContest(t, dir)
	t.Chdir(dir)
	if _, stderr, code := queensjudge(t, "j.db", "solve", "contest.yaml"); code != 0 {
		t.Fatalf("solve: exit %d\n%s", code, stderr)
	}
	before := tree(t, dir)
	for _, c := range []struct{ db, out string }{
		{"nosuch/../j.db", "j.db"},
		{"j.db", "nosuch/../j.db"},
		{"./nosuch/../j.db", "./j.db"},
		{dir + "/nosuch/../j.db", filepath.Join(dir, "j.db")},
	} {
		stdout, stderr, code := queensjudge(t, c.db, "key", "--out", c.out, "contest.yaml")
		if code != 2 || !strings.Contains(stderr, "there is no directory") || stdout != "" {
			t.Errorf("--db %s key --out %s: exit %d, stderr %q; want 2 and the missing directory named", c.db, c.out, code, stderr)
		}
		sameTree(t, "--db "+c.db+" key --out "+c.out, dir, before)
	}
}

// TestCacheThroughMissingDir names the cache "nosuch/../x.db" for every
// command that opens one: the old code let SQLite open (and make) x.db.
// Each is a usage error that names the missing directory, and nothing is
// made. (merge's cache is its OUT, validate has none: they do not read
// --db.)
func TestCacheThroughMissingDir(t *testing.T) {
	dir := t.TempDir()
	exampleContest(t, dir)
	bin := filepath.Join(t.TempDir(), "queensjudge")
	writeFile(t, bin, "a stand-in: nothing runs it")
	t.Chdir(dir)
	before := tree(t, dir)
	for _, c := range []struct{ db, missing string }{
		{"nosuch/../x.db", "nosuch/.."},
		{dir + "/nosuch/../x.db", dir + "/nosuch/.."},
		{"nosuch/x.db", "nosuch"},
	} {
		db := c.db
		for _, args := range [][]string{
			{"show", "q"},
			{"show", "--svg", "q.svg", "eight-queens"},
			{"solve", "contest.yaml"},
			{"key", "contest.yaml"},
			{"key", "--out", "key.yaml", "contest.yaml"},
			{"judge", "contest.yaml", "submissions"},
			{"judge", "--html", "r.html", "contest.yaml", "attempts.csv"},
			{"check", "contest.yaml", "eight-queens", "submissions/ada/eight-queens.txt"},
			{"regrade", "contest.yaml"},
			{"export", "--validator-binary", bin, "--allow-dynamic", "packages", "contest.yaml"},
			{"doctor"},
		} {
			stdout, stderr, code := queensjudge(t, db, args...)
			if code != 2 || !strings.Contains(stderr, "no directory "+c.missing) || stdout != "" {
				t.Errorf("--db %s %q: exit %d, stdout %q, stderr %q; want 2 and the missing directory named", db, args, code, stdout, stderr)
			}
			sameTree(t, fmt.Sprintf("--db %s %q", db, args), dir, before)
		}
	}
}

// TestOutputsOverNewCache names as an output the cache, or its -wal, -shm
// or -journal file, before the cache exists: the old guard compared
// existing files only, and judge wrote its report where SQLite then made
// the cache. Each is refused before any work, and neither the cache nor
// any file beside it is made; so is export's OUTDIR.
func TestOutputsOverNewCache(t *testing.T) {
	dir := t.TempDir()
	exampleContest(t, dir)
	bin := filepath.Join(t.TempDir(), "queensjudge")
	writeFile(t, bin, "a stand-in: nothing runs it")
	t.Chdir(dir)
	before := tree(t, dir)
	outputs := []struct {
		role string
		args func(out string) []string
	}{
		{"--results-tsv", func(out string) []string {
			return []string{"judge", "--results-tsv", out, "contest.yaml", "attempts.csv"}
		}},
		{"--html", func(out string) []string { return []string{"judge", "--html", out, "contest.yaml", "submissions"} }},
		{"--scoreboard", func(out string) []string {
			return []string{"judge", "--scoreboard", out, "contest.yaml", "attempts.csv"}
		}},
		{"--out", func(out string) []string { return []string{"key", "--out", out, "contest.yaml"} }},
		{"--svg", func(out string) []string { return []string{"show", "--svg", out, "eight-queens"} }},
		{"OUTDIR", func(out string) []string {
			return []string{"export", "--validator-binary", bin, "--allow-dynamic", out, "contest.yaml"}
		}},
	}
	for _, o := range outputs {
		for _, out := range []string{"new.db", "new.db-wal", "new.db-shm", "new.db-journal", "./new.db", "./new.db-wal", filepath.Join(dir, "new.db-wal")} {
			args := o.args(out)
			stdout, stderr, code := queensjudge(t, "new.db", args...)
			if code != 2 || !strings.Contains(stderr, o.role+" "+out) || stdout != "" {
				t.Errorf("--db new.db %q: exit %d, stdout %q, stderr %q; want 2 and %s refused", args, code, stdout, stderr, o.role)
			}
			sameTree(t, fmt.Sprintf("--db new.db %q", args), dir, before)
		}
	}
}

// TestCacheSpelledAnotherWay names the cache with --db by another spelling
// than the output that writes over it (TestOutputNamesAnInput has it the
// other way round): through a symlink, a symlink to its directory, a hard
// link, "a/../", "./" or its absolute path, with the cache there and not
// yet. Each is refused before any work, and nothing changes.
func TestCacheSpelledAnotherWay(t *testing.T) {
	dir := t.TempDir()
	exampleContest(t, dir)
	t.Chdir(dir)
	if _, stderr, code := queensjudge(t, "j.db", "solve", "contest.yaml"); code != 0 {
		t.Fatalf("solve: exit %d\n%s", code, stderr)
	}
	if err := os.Mkdir("a", 0o755); err != nil {
		t.Fatal(err)
	}
	for link, to := range map[string]string{"j.link": filepath.Join(dir, "j.db"), "j.rlink": "j.db", "j.dir": dir} {
		if err := os.Symlink(to, link); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Link("j.db", "j.hard"); err != nil {
		t.Fatal(err)
	}
	before := tree(t, dir)
	for _, c := range []struct{ db, out string }{
		{"j.link", "j.db"},
		{"j.rlink", "j.db"},
		{"j.dir/j.db", "j.db"},
		{"j.hard", "j.db"},
		{"a/../j.db", "j.db"},
		{"./j.db", "j.db"},
		{dir + "/j.db", "j.db"},
		{"j.link", "j.hard"},
		{"j.dir/j.db", "a/../j.db-wal"},
		{"a/../new.db", "new.db"},
		{"./new.db", "new.db"},
		{dir + "/new.db", "./new.db"},
		{"j.dir/new.db", "new.db"},
		{"new.db", "j.dir/new.db-wal"},
		{"j.dir/new.db", "a/../new.db-shm"},
	} {
		stdout, stderr, code := queensjudge(t, c.db, "key", "--out", c.out, "contest.yaml")
		if code != 2 || !strings.Contains(stderr, "--out "+c.out) || stdout != "" {
			t.Errorf("--db %s key --out %s: exit %d, stdout %q, stderr %q; want 2 and --out refused", c.db, c.out, code, stdout, stderr)
		}
		sameTree(t, "--db "+c.db+" key --out "+c.out, dir, before)
	}
}

// TestOperandAfterDoubleDash solves a set file literally named "-x.yaml",
// after "--": the old command line read it as a flag, and took "--" for a
// file. Both sets are solved (two rows), "--" is never opened, and a file
// named like a flag is never written.
func TestOperandAfterDoubleDash(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, "b.yaml", "name: bee\nproblems:\n  - {id: q6, kind: nqueens, n: 6, ask: count}\n")
	writeFile(t, "-x.yaml", "name: dash\nproblems:\n  - {id: q5, kind: nqueens, n: 5, ask: count}\n")
	for _, args := range [][]string{
		{"solve", "--format", "json", "b.yaml", "--", "-x.yaml"},
		{"solve", "b.yaml", "--format", "json", "--", "-x.yaml"},
		{"--format", "json", "solve", "--", "-x.yaml", "b.yaml"},
	} {
		before := withoutCache(tree(t, dir))
		stdout, stderr, code := queensjudge(t, "cache.db", args...)
		if code != 0 || stderr != "" {
			t.Errorf("%q: exit %d, stderr %q; want 0 and no error", args, code, stderr)
			continue
		}
		got := map[string]string{}
		for _, r := range jsonRows(t, stdout) {
			got[fmt.Sprint(r["set"])] = fmt.Sprint(r["answer"])
		}
		if want := map[string]string{"bee": "4", "dash": "10"}; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q: answers by set %v, want %v", args, got, want)
		}
		after := withoutCache(tree(t, dir))
		if fmt.Sprint(after) != fmt.Sprint(before) {
			t.Errorf("%q: the directory held %v, and holds %v: only the cache may change", args, before, after)
		}
	}
}

// withoutCache returns the tree m without cache.db and the files beside
// it, which solving writes.
func withoutCache(m map[string]string) map[string]string {
	for p := range m {
		if strings.HasPrefix(p, "cache.db") {
			delete(m, p)
		}
	}
	return m
}

// lossCase is a file a command must never write, by its short name (which
// names the links made to it) and its path in the fixture.
type lossCase struct {
	key, path string
}

// protectedFiles are the inputs the outputs are tried against: the problem
// set, a submission in the submissions directory, the manifest and an
// attempt it names, a merge part and the cache.
var protectedFiles = []lossCase{
	{"set", "contest.yaml"},
	{"submission", "submissions/ada/eight-queens.txt"},
	{"manifest", "attempts.csv"},
	{"attempt", "attempts/ada-eight-queens-1.txt"},
	{"part", "part-0.db"},
	{"cache", "cache.db"},
}

// spellings are the ways an output may name the protected file p of the
// fixture fx (a directory relative to the working directory, root), with
// the links lossFixture makes: "" when there is no such spelling (a hard
// link to a file that does not exist).
var spellings = []struct {
	name  string
	spell func(root, fx string, p lossCase, exists bool) string
}{
	{"the same path", func(_, fx string, p lossCase, _ bool) string { return fx + "/" + p.path }},
	{"./relative", func(_, fx string, p lossCase, _ bool) string { return "./" + fx + "/" + p.path }},
	{"absolute", func(root, fx string, p lossCase, _ bool) string { return root + "/" + fx + "/" + p.path }},
	{"a/../", func(_, fx string, p lossCase, _ bool) string { return fx + "/a/../" + p.path }},
	{"a symlink", func(_, fx string, p lossCase, _ bool) string { return fx + "/" + p.key + ".link" }},
	{"a relative symlink", func(_, fx string, p lossCase, _ bool) string { return fx + "/" + p.key + ".rlink" }},
	{"a symlink to its directory", func(_, fx string, p lossCase, _ bool) string {
		return fx + "/" + p.key + ".dir/" + filepath.Base(p.path)
	}},
	{"a hard link", func(_, fx string, p lossCase, exists bool) string {
		if !exists {
			return ""
		}
		return fx + "/" + p.key + ".hard"
	}},
}

// lossFixture makes dir from the template tmpl: the example contest with
// its submissions and manifest, one.csv (a manifest of one attempt), two
// merge parts and, when cached, a cache of answers; then an empty
// directory "a", and for each protected file k: k.link (an absolute
// symlink), k.rlink (a relative one), k.dir (a symlink to its directory)
// and, when the file exists, k.hard.
func lossFixture(t *testing.T, tmpl, dir string, cached bool) {
	t.Helper()
	copyTree(t, tmpl, dir, func(rel string) bool { return !cached && strings.HasPrefix(rel, "cache.db") })
	if err := os.Mkdir(filepath.Join(dir, "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range protectedFiles {
		abs := filepath.Join(dir, p.path)
		links := map[string]string{".link": abs, ".rlink": p.path, ".dir": filepath.Dir(abs)}
		for suffix, to := range links {
			if err := os.Symlink(to, filepath.Join(dir, p.key+suffix)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := os.Stat(abs); err == nil {
			if err := os.Link(abs, filepath.Join(dir, p.key+".hard")); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestOutputNamesAnInput names, as each output of each command, each file
// the command reads (its problem set, its submissions or manifest and what
// the manifest names, a merge part) and the cache, by every spelling of
// the path, with the cache there and not there yet. Each must be a usage
// error (exit 2) that names the output, before any work: nothing printed,
// every file of the fixture byte-identical, no file made (no cache, no
// -wal, no half-written output). Each cache state has a fixture of its
// own, under the working directory. The cases run one after another: Run
// is not safe for concurrent use (urfave/cli writes its package-level
// HelpFlag as it parses).
func TestOutputNamesAnInput(t *testing.T) {
	tmpl := t.TempDir()
	exampleContest(t, tmpl)
	shardParts(t, tmpl, 2)
	writeFile(t, filepath.Join(tmpl, "one.csv"), "team,problem,time,file\nada,eight-queens,1,submissions/ada/eight-queens.txt\n")
	// A real cache, but a small one: every case reads it whole.
	if _, stderr, code := queensjudge(t, filepath.Join(tmpl, "cache.db"), "solve", "testdata/export/quick.yaml"); code != 0 {
		t.Fatalf("solve: exit %d\n%s", code, stderr)
	}
	// A stand-in for the validator binary, outside the fixtures: export
	// never gets to copy it when it refuses, and a copy of the 20 MB test
	// binary would be slow if it did not.
	bin := filepath.Join(t.TempDir(), "queensjudge")
	writeFile(t, bin, "a stand-in: nothing runs it")
	root := t.TempDir()
	t.Chdir(root)

	judgeProtects := []string{"set", "submission", "manifest", "attempt", "cache"}
	judge := func(flag string) func(fx, out, subs string) []string {
		return func(fx, out, subs string) []string {
			return []string{"judge", flag, out, fx + "/contest.yaml", fx + "/" + subs}
		}
	}
	outputs := []struct {
		command, role string
		protects      []string
		args          func(fx, out, subs string) []string
	}{
		{"key", "--out", []string{"set", "cache"}, func(fx, out, _ string) []string {
			return []string{"key", "--out", out, fx + "/contest.yaml"}
		}},
		{"judge", "--html", judgeProtects, judge("--html")},
		{"judge", "--scoreboard", judgeProtects, judge("--scoreboard")},
		{"judge", "--results-tsv", judgeProtects, judge("--results-tsv")},
		{"show", "--svg", []string{"cache"}, func(_, out, _ string) []string {
			return []string{"show", "--svg", out, "qk6-placement"}
		}},
		{"merge", "OUT", []string{"part"}, func(fx, out, _ string) []string {
			return []string{"merge", out, fx + "/part-0.db", fx + "/part-1.db"}
		}},
		{"export", "OUTDIR", []string{"set", "cache"}, func(fx, out, _ string) []string {
			return []string{"export", "--validator-binary", bin, "--allow-dynamic", out, fx + "/contest.yaml"}
		}},
	}

	for _, cached := range []bool{true, false} {
		state := "cache exists"
		if !cached {
			state = "no cache yet"
		}
		fx := strings.ReplaceAll(state, " ", "-")
		lossFixture(t, tmpl, fx, cached)
		before := tree(t, fx)
		db := fx + "/cache.db"
		for _, o := range outputs {
			t.Run(state+"/"+o.command+" "+o.role, func(t *testing.T) {
				for _, p := range protectedFiles {
					if !slices.Contains(o.protects, p.key) {
						continue
					}
					// A submission is read from the submissions directory,
					// the manifest and the attempts it names through the
					// manifest; the rest with a manifest of one attempt, as
					// each submission is an input the guard resolves.
					subs := "one.csv"
					switch p.key {
					case "submission":
						subs = "submissions"
					case "manifest", "attempt":
						subs = "attempts.csv"
					}
					exists := p.key != "cache" || cached
					for _, s := range spellings {
						out := s.spell(root, fx, p, exists)
						if out == "" {
							continue
						}
						args := o.args(fx, out, subs)
						what := fmt.Sprintf("%s %s naming %s as %s (%s)", o.command, o.role, p.path, out, s.name)
						stdout, stderr, code := queensjudge(t, db, args...)
						if code != 2 || !strings.Contains(stderr, o.role+" "+out) || stdout != "" {
							t.Errorf("%s: exit %d, stdout %q, stderr %q; want 2, nothing printed, and %s %s refused", what, code, stdout, stderr, o.role, out)
						}
						if !sameTree(t, what, fx, before) {
							// The next case starts from the fixture again.
							if err := os.RemoveAll(fx); err != nil {
								t.Fatal(err)
							}
							lossFixture(t, tmpl, fx, cached)
						}
					}
				}
			})
		}
	}
}

// TestExportOutdirDanglingSymlink names as OUTDIR a symlink to a directory
// that does not exist: export refuses it as a usage error that says where
// the link leads, and makes nothing, neither the link's target nor its
// parent.
func TestExportOutdirDanglingSymlink(t *testing.T) {
	dir := t.TempDir()
	exampleContest(t, dir)
	bin := filepath.Join(t.TempDir(), "queensjudge")
	writeFile(t, bin, "a stand-in: nothing runs it")
	if err := os.Mkdir(filepath.Join(dir, "there"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for i, to := range []string{"nowhere/packages", "there/packages", filepath.Join(dir, "there", "packages")} {
		link := fmt.Sprintf("out%d", i)
		if err := os.Symlink(to, link); err != nil {
			t.Fatal(err)
		}
		before := tree(t, dir)
		_, stderr, code := queensjudge(t, "cache.db", "export", "--validator-binary", bin, "--allow-dynamic", link, "contest.yaml")
		if code != 2 || !strings.Contains(stderr, to) || !strings.Contains(stderr, "does not exist") {
			t.Errorf("export into %s, a symlink to %s: exit %d, stderr %q; want 2 and the link's target named", link, to, code, stderr)
		}
		sameTree(t, "export into "+link, dir, before)
	}
}

// TestExportBadSetMakesNoOutdir exports a set that fails to load: the
// errors are printed, and neither OUTDIR nor the cache is made.
func TestExportBadSetMakesNoOutdir(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(t.TempDir(), "queensjudge")
	writeFile(t, bin, "a stand-in: nothing runs it")
	before := tree(t, dir)
	_, stderr, code := queensjudge(t, filepath.Join(dir, "cache.db"), "export", "--validator-binary", bin, "--allow-dynamic", filepath.Join(dir, "packages"), "testdata/bad.yaml")
	if code != 1 || !strings.Contains(stderr, "testdata/bad.yaml:5:") {
		t.Errorf("export of testdata/bad.yaml: exit %d, stderr %q; want 1 and the set's errors", code, stderr)
	}
	sameTree(t, "export of a bad set", dir, before)
}

// smallContest makes a new working directory holding a.yaml, a set of
// one problem, q5, and subs/, alice's answer to it.
func smallContest(t *testing.T) {
	t.Helper()
	t.Chdir(t.TempDir())
	writeFile(t, "a.yaml", "name: a\nproblems:\n  - {id: q5, kind: nqueens, n: 5, ask: count}\n")
	if err := os.MkdirAll("subs/alice", 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, "subs/alice/q5.txt", "10\n")
}

// TestOutputsExisting checks that key --out, judge's files and show --svg
// refuse a file that exists (it may be the user's notes), before any work,
// unless --replace, and that a key is regenerated with --replace.
func TestOutputsExisting(t *testing.T) {
	smallContest(t)
	for _, args := range [][]string{
		{"key", "--out", "notes.txt", "a.yaml"},
		{"judge", "--html", "notes.txt", "a.yaml", "subs"},
		{"judge", "--scoreboard", "notes.txt", "a.yaml", "subs"},
		{"judge", "--results-tsv", "notes.txt", "a.yaml", "subs"},
		{"judge", "--awards", "notes.txt", "a.yaml", "subs"},
		{"judge", "--public-html", "notes.txt", "a.yaml", "subs"},
	} {
		writeFile(t, "notes.txt", "my notes\n")
		_, stderr, code := queensjudge(t, "cache.db", args...)
		if code != 2 || !strings.Contains(stderr, "notes.txt exists: name a new file, or add --replace to write over it") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and --replace named", args, code, stderr)
		}
		if got := readFile(t, "notes.txt"); got != "my notes\n" {
			t.Errorf("%q: notes.txt became %q, want it kept", args, got)
		}
		if _, err := os.Stat("cache.db"); err == nil {
			t.Errorf("%q: the cache was made: the refusal came after the work", args)
		}
		args = append(args, "--replace")
		if _, stderr, code := queensjudge(t, "cache.db", args...); code != 0 || readFile(t, "notes.txt") == "my notes\n" {
			t.Errorf("%q: exit %d, stderr %q; want 0 and notes.txt written", args, code, stderr)
		}
		os.Remove("cache.db")
	}

	// show --svg likewise, from a cache that holds the answer.
	writeFile(t, "p.yaml", "name: p\nproblems:\n  - {id: p5, kind: nqueens, n: 5, ask: placement}\n")
	if _, stderr, code := queensjudge(t, "cache.db", "solve", "p.yaml"); code != 0 {
		t.Fatalf("solve: exit %d, %s", code, stderr)
	}
	writeFile(t, "notes.txt", "my notes\n")
	if _, stderr, code := queensjudge(t, "cache.db", "show", "--svg", "notes.txt", "p5"); code != 2 || readFile(t, "notes.txt") != "my notes\n" {
		t.Errorf("show --svg notes.txt: exit %d, stderr %q; want 2 and the notes kept", code, stderr)
	}
	if _, stderr, code := queensjudge(t, "cache.db", "show", "--svg", "notes.txt", "--replace", "p5"); code != 0 || !strings.Contains(readFile(t, "notes.txt"), "<svg") {
		t.Errorf("show --svg notes.txt --replace: exit %d, stderr %q; want 0 and a picture", code, stderr)
	}
}
