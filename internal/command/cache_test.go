package command

import (
	"bytes"
	be "encoding/binary"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// damage overwrites the cell pointers of the first b-tree table leaf page
// of the cache at path that holds the text mark: every row on the page then
// points outside it, which SQLite's integrity check reports cell by cell.
// The page header stays, so the file still opens as a database. It returns
// the number of cells damaged.
func damage(t *testing.T, path, mark string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) < 100 || string(data[:16]) != "SQLite format 3\x00" {
		t.Fatalf("%s is not a SQLite file", path)
	}
	pageSize := int(be.BigEndian.Uint16(data[16:18]))
	if pageSize == 1 {
		pageSize = 65536
	}
	for off := pageSize; off+pageSize <= len(data); off += pageSize { // page 1 holds the schema
		page := data[off : off+pageSize]
		const tableLeaf = 0x0d
		if page[0] != tableLeaf || !bytes.Contains(page, []byte(mark)) {
			continue
		}
		cells := int(be.BigEndian.Uint16(page[3:5]))
		for i := 8; i < 8+2*cells; i++ {
			page[i] = 0xff
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return cells
	}
	t.Fatalf("no table leaf page of %s holds %q", path, mark)
	return 0
}

// TestDamagedCache damages the page of a real cache that links the problem
// ids of a set: doctor reports what SQLite's integrity check finds and exits
// 1, and every command that would write refuses, pointing at doctor, and
// leaves the file as it was.
func TestDamagedCache(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "cache.db")
	const set = "testdata/example/contest.yaml"
	if _, errs, code := queensjudge(t, db, "solve", set); code != 0 {
		t.Fatalf("solve: exit %d\n%s", code, errs)
	}
	cells := damage(t, db, "eight-queens")
	sums := fileHashes(t, []string{db})

	for _, args := range [][]string{{"doctor"}, {"doctor", "--fix"}} {
		out, errs, code := queensjudge(t, db, args...)
		if code != 1 || !strings.Contains(out, "integrity: ") || !strings.Contains(out, "Offset 65535 out of range") {
			t.Errorf("%q on a damaged cache: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 1 and the integrity check's findings", args, code, out, errs)
		}
		if n := strings.Count(out, "Offset 65535 out of range"); n != cells {
			t.Errorf("%q printed %d damaged cells, want each of the %d:\n%s", args, n, cells, out)
		}
		if !strings.Contains(errs, "damaged") || !strings.Contains(errs, "nothing was changed") {
			t.Errorf("%q on a damaged cache: stderr %q, want it to say the cache is damaged and was not changed", args, errs)
		}
		sameHashes(t, "after doctor", sums)
	}

	_, parts := shardParts(t, dir, 2)
	answer := filepath.Join(dir, "answer.txt")
	if err := os.WriteFile(answer, []byte("92\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"solve", set},
		{"key", "--out", filepath.Join(dir, "key.yaml"), set},
		{"judge", set, "testdata/example/submissions"},
		{"check", set, "eight-queens", answer},
		{"regrade", set},
		append([]string{"merge", db}, parts...),
	} {
		_, errs, code := queensjudge(t, db, args...)
		if code == 0 || !strings.Contains(errs, "damaged") || !strings.Contains(errs, "queensjudge doctor") {
			t.Errorf("%s on a damaged cache: exit %d, stderr:\n%s\nwant a refusal that points at queensjudge doctor", args[0], code, errs)
		}
		sameHashes(t, "after "+args[0], sums)
	}

	// validate reads what is cached, and refuses to store what is not; the
	// answer file must say what export writes for the truth, whatever the
	// cache, or the run is a judge error naming it.
	input, wrong := filepath.Join(dir, "n.in"), filepath.Join(dir, "wrong.ans")
	if err := os.WriteFile(wrong, []byte("93\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		n, ans, output string
		status         int
		says           string // on stderr
	}{
		{"8", "92", "92", 42, ""},
		{"8", "92", "91", 43, ""},
		{"8", "", "92", 1, wrong},
		{"7", "40", "40", 1, "damaged"},
	} {
		if err := os.WriteFile(input, []byte(c.n+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		ans := wrong
		if c.ans != "" {
			ans = filepath.Join(dir, c.n+".ans")
			if err := os.WriteFile(ans, []byte(c.ans+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		feedback := t.TempDir()
		stdout, stderr, got := runStdin(t, c.output+"\n", "queensjudge", "--db", db, "validate", input, ans, feedback, "kind=nqueens", "ask=count")
		out := stdout + stderr
		if got != c.status {
			t.Errorf("validate n=%s, answer file %s, output %s on a damaged cache: exit %d, want %d\n%s", c.n, ans, c.output, got, c.status, out)
		}
		if !strings.Contains(string(out), c.says) {
			t.Errorf("validate n=%s, answer file %s on a damaged cache: %s, want it to say %q", c.n, ans, out, c.says)
		}
		if msg, _ := os.ReadFile(filepath.Join(feedback, "judgemessage.txt")); c.status == 1 && (!strings.HasPrefix(string(msg), "JE:") || !strings.Contains(string(msg), c.says)) {
			t.Errorf("validate n=%s, answer file %s on a damaged cache: judgemessage.txt = %q, want a judge error that says %q", c.n, ans, msg, c.says)
		}
		sameHashes(t, "after validate", sums)
	}
}

// TestReadOnlyCache shares a cache read-only, as a judge host might get it
// (a file it may not write, or a read-only mount): the commands that only
// read work, each command that must write says the cache is read-only and
// names the file, and the file is left as it was, with nothing beside it.
func TestReadOnlyCache(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "cache.db")
	const set = "testdata/example/contest.yaml"
	// judge solves only what the judging needs (a valid placement needs
	// no truth): solve fills the cache for key.
	for _, args := range [][]string{{"solve", set}, {"judge", set, "testdata/example/submissions"}} {
		if _, errs, code := queensjudge(t, db, args...); code != 0 {
			t.Fatalf("%s: exit %d\n%s", args[0], code, errs)
		}
	}
	outside := t.TempDir()
	_, parts := shardParts(t, outside, 2)
	empty := filepath.Join(outside, "empty.ans")
	eight, seven := filepath.Join(outside, "eight.in"), filepath.Join(outside, "seven.in")
	eightAns, sevenAns, wrongAns := filepath.Join(outside, "eight.ans"), filepath.Join(outside, "seven.ans"), filepath.Join(outside, "wrong.ans")
	for path, text := range map[string]string{empty: "", eight: "8\n", seven: "7\n", eightAns: "92\n", sevenAns: "40\n", wrongAns: "41\n"} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ro := readOnlyDir(t, dir)
	sums := fileHashes(t, []string{db})

	for _, c := range []struct {
		stdin  string
		args   []string
		status int
		out    string // in stdout
		errs   string // in stderr
	}{
		{"", []string{"show", "eight-queens"}, 0, "92", ""},
		{"", []string{"key", "--format", "csv", set}, 0, "eight-queens,,,,example-cup,nqueens,count,8,,,92,ffa8a4b6", ""},
		{"92\n", []string{"check", set, "eight-queens", "-"}, 0, "verdict: AC", ""},
		{"92\n", []string{"validate", eight, eightAns, outside, "kind=nqueens", "ask=count"}, 42, "", ""},
		{"40\n", []string{"validate", seven, sevenAns, outside, "kind=nqueens", "ask=count"}, 42, "", ""},
		// The truth, solved and not stored, still checks the answer file.
		{"41\n", []string{"validate", seven, wrongAns, outside, "kind=nqueens", "ask=count"}, 1, "", "answer file " + wrongAns},
		{"40\n", []string{"validate", seven, empty, outside, "kind=nqueens", "ask=count"}, 1, "", "answer file " + empty},
		{"", []string{"regrade", "--dry-run", set}, 0, "no verdict changes", ""},
		{"", []string{"doctor"}, 0, "integrity: ok", ""},
	} {
		cmd := ro(c.stdin, append([]string{"--db", db}, c.args...)...)
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		cmd.Run()
		if got := cmd.ProcessState.ExitCode(); got != c.status || !strings.Contains(stdout.String(), c.out) || !strings.Contains(stderr.String(), c.errs) {
			t.Errorf("%s on a read-only cache: exit %d, want %d and %q in stdout, %q in stderr\nstdout:\n%s\nstderr:\n%s",
				c.args[0], got, c.status, c.out, c.errs, stdout.String(), stderr.String())
		}
	}

	for _, args := range [][]string{
		{"solve", "testdata/oeis.yaml"},
		{"key", "--out", filepath.Join(outside, "key.yaml"), "testdata/oeis.yaml"},
		{"check", "testdata/oeis.yaml", "q9-count", empty},
		{"judge", set, "testdata/example/submissions"},
		{"regrade", set},
		{"doctor", "--fix"},
		append([]string{"merge", db}, parts...),
	} {
		cmd := ro("", append([]string{"--db", db}, args...)...)
		out, _ := cmd.CombinedOutput()
		if cmd.ProcessState.ExitCode() == 0 || !strings.Contains(string(out), "cache "+db+" is read-only") {
			t.Errorf("%s on a read-only cache: exit %d\n%s\nwant a refusal saying cache %s is read-only", args[0], cmd.ProcessState.ExitCode(), out, db)
		}
	}
	sameHashes(t, "after the commands", sums)
	if names, _ := filepath.Glob(filepath.Join(dir, "*")); len(names) != 1 {
		t.Errorf("files in the read-only directory: %q, want only cache.db", names)
	}
}

// TestCacheDirNotCreated names a cache in a directory that does not exist:
// a usage error names the directory, and none is made. The default cache makes
// its directory.
func TestCacheDirNotCreated(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no", "such", "dir")
	_, errs, code := queensjudge(t, filepath.Join(missing, "x.db"), "show", "q")
	if code != 2 || !strings.Contains(errs, "no directory "+missing) {
		t.Errorf("--db in a missing directory: exit %d, stderr %q; want 2 and the directory named", code, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "no")); err == nil {
		t.Errorf("--db in a missing directory made %s", filepath.Join(dir, "no"))
	}

	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache-home")) // Linux and BSD
	t.Setenv("HOME", filepath.Join(dir, "home"))                 // macOS: ~/Library/Caches
	t.Setenv("QUEENSJUDGE_DB", "")                               // restored after the test; unset: the default cache
	os.Unsetenv("QUEENSJUDGE_DB")
	var out, errb strings.Builder
	if code := Run(t.Context(), []string{"queensjudge", "show", "q"}, strings.NewReader(""), &out, &errb); code != 1 || !strings.Contains(errb.String(), "never been solved") {
		t.Errorf("show with the default cache: exit %d, stderr %q; want 1 and \"never been solved\"", code, errb.String())
	}
}

// TestEmptyCachePath: an empty --db, or a QUEENSJUDGE_DB set and empty, is
// a usage error for every command that opens the cache, and the default
// cache is not opened (it was, silently, even over a QUEENSJUDGE_DB that
// named another file).
func TestEmptyCachePath(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", home)
	t.Setenv("HOME", home)
	named := filepath.Join(t.TempDir(), "named.db")
	const set = "testdata/example/contest.yaml"
	for _, tc := range []struct {
		name, env string // env "-": QUEENSJUDGE_DB unset
		args      []string
		want      string
	}{
		{"flag", "-", []string{"--db", "", "doctor"}, "--db ''"},
		{"flag over variable", named, []string{"--db=", "show", "q1"}, "--db ''"},
		{"flag after command", "-", []string{"solve", set, "--db", ""}, "--db ''"},
		{"variable", "", []string{"doctor"}, "QUEENSJUDGE_DB='': an empty value names nothing"},
		{"variable, judge", "", []string{"judge", set, "testdata/example/submissions"}, "QUEENSJUDGE_DB='': an empty value names nothing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(dbEnv, tc.env) // restored after the test
			if tc.env == "-" {
				os.Unsetenv(dbEnv)
			}
			out, errs, code := runArgs(t, append([]string{"queensjudge"}, tc.args...)...)
			if code != 2 || !strings.Contains(errs, tc.want) || out != "" {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, out, errs, tc.want)
			}
			if _, err := os.Stat(named); err == nil {
				t.Errorf("%s was created", named)
			}
			if entries, _ := os.ReadDir(home); len(entries) > 0 {
				t.Errorf("the default cache's directory %s got %v", home, entries)
			}
		})
	}
}

// TestDoctorAfterExport: the answers export solves for its samples are
// linked to no problem; doctor says they are harmless and kept by --fix,
// which keeps them (it listed them bare, as if --fix were to remove them).
func TestDoctorAfterExport(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "cache.db")
	set := filepath.Join(dir, "s.yaml")
	if err := os.WriteFile(set, []byte("name: s\nproblems:\n  - {id: q8, kind: nqueens, n: 8, ask: count}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "queensjudge") // a stand-in: nothing runs it
	writeFile(t, bin, "a stand-in: nothing runs it")
	if _, errs, code := queensjudge(t, db, "export", "--validator-binary", bin, "--allow-dynamic", filepath.Join(dir, "out"), set); code != 0 {
		t.Fatalf("export: exit %d\n%s", code, errs)
	}
	const note = " (harmless, kept by --fix: export's samples"
	for _, args := range [][]string{{"doctor"}, {"doctor", "--fix"}, {"doctor"}} {
		out, errs, code := queensjudge(t, db, args...)
		if code != 0 || !regexp.MustCompile(`answers no problem links to: [1-9][0-9]*`+regexp.QuoteMeta(note)).MatchString(out) {
			t.Errorf("%v after export: exit %d\n%s%s\nwant the orphans said to be kept", args, code, out, errs)
		}
	}
}

// TestTruncatedCache: a cache cut short, which SQLite cannot open, is said
// to be damaged with the way to recover (it said only "database disk image
// is malformed").
func TestTruncatedCache(t *testing.T) {
	db := filepath.Join(t.TempDir(), "cache.db")
	if _, errs, code := queensjudge(t, db, "solve", "testdata/example/contest.yaml"); code != 0 {
		t.Fatalf("solve: exit %d\n%s", code, errs)
	}
	fi, err := os.Stat(db)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(db, fi.Size()/2); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"doctor"}, {"show", "eight-queens"}} {
		_, errs, code := queensjudge(t, db, args...)
		if code != 1 || !strings.Contains(errs, "cache "+db+" is damaged: SQLite cannot open it (database disk image is malformed)") ||
			!strings.Contains(errs, `every answer can be solved again into a new cache`) || !strings.Contains(errs, `docs/commands.md: "A damaged cache"`) {
			t.Errorf("%v on a truncated cache: exit %d, stderr %q; want 1, damaged, and how to recover", args, code, errs)
		}
	}
}
