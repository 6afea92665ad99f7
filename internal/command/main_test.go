package command

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/internal/truth"
	"github.com/queensjudge/queensjudge/solver"
)

// queensjudge runs the program with args against the cache db and returns
// what it printed and its exit status.
func queensjudge(t *testing.T, db string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return runArgs(t, append([]string{"queensjudge", "--db", db}, args...)...)
}

// runArgs runs the program with the whole command line args (the program
// name first) and returns what it printed and its exit status.
func runArgs(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return runStdin(t, "", args...)
}

// runStdin is runArgs with stdin as the program's standard input, as a
// judge host gives a validator the team output.
func runStdin(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// jsonRows decodes the JSON rows solve, key and show print.
func jsonRows(t *testing.T, out string) []map[string]any {
	t.Helper()
	var rows []map[string]any
	d := json.NewDecoder(strings.NewReader(out))
	d.UseNumber()
	if err := d.Decode(&rows); err != nil {
		t.Fatalf("decode rows: %v\n%s", err, out)
	}
	return rows
}

// Published counts (OEIS A000170 and A002562), to cross-check what solve
// computes.
var (
	a000170 = []string{"1", "0", "0", "2", "10", "4", "40", "92", "352", "724", "2680", "14200", "73712", "365596"}
	a002562 = []string{"1", "0", "0", "1", "2", "1", "6", "12", "46", "92", "341", "1787", "9233", "45752"}
)

func TestSolveOEISCachedAndShown(t *testing.T) {
	db := filepath.Join(t.TempDir(), "cache.db")
	check := func(out string, wantCached bool) {
		t.Helper()
		rows := jsonRows(t, out)
		if len(rows) != 28 {
			t.Fatalf("got %d rows, want 28", len(rows))
		}
		for i, r := range rows {
			n := i/2 + 1
			want := a000170[n-1]
			if r["ask"] == "unique" {
				want = a002562[n-1]
			}
			if got := r["answer"].(json.Number).String(); got != want {
				t.Errorf("%s: answer %s, want %s", r["id"], got, want)
			}
			if r["cached"] != wantCached {
				t.Errorf("%s: cached %v, want %v", r["id"], r["cached"], wantCached)
			}
			if r["set"] != "oeis" || r["kind"] != "nqueens" {
				t.Errorf("%s: set %v kind %v", r["id"], r["set"], r["kind"])
			}
			if _, ok := r["seconds"].(json.Number); !ok {
				t.Errorf("%s: seconds %v, want a number", r["id"], r["seconds"])
			}
		}
	}
	out, errs, code := queensjudge(t, db, "solve", "--format", "json", "testdata/oeis.yaml")
	if code != 0 {
		t.Fatalf("solve: exit %d\n%s", code, errs)
	}
	check(out, false)
	out, errs, code = queensjudge(t, db, "solve", "--format", "json", "testdata/oeis.yaml")
	if code != 0 {
		t.Fatalf("second solve: exit %d\n%s", code, errs)
	}
	check(out, true)

	var ids []string
	for n := 1; n <= 14; n++ {
		ids = append(ids, "q"+strconv.Itoa(n)+"-count", "q"+strconv.Itoa(n)+"-unique")
	}
	out, errs, code = queensjudge(t, db, append([]string{"show", "--format", "json"}, ids...)...)
	if code != 0 {
		t.Fatalf("show: exit %d\n%s", code, errs)
	}
	check(out, true)
}

// TestKeysOfFreshCachesAreTheSame writes the key of the example contest
// from two fresh caches, in every format, then again from the second, warm:
// a key holds the answers and the definitions, not how long a solve took nor
// whether it was cached, so the bytes are the same every time.
func TestKeysOfFreshCachesAreTheSame(t *testing.T) {
	dir := t.TempDir()
	for _, format := range output.Formats {
		f := string(format)
		var keys [3][]byte
		for i := range keys {
			db := filepath.Join(dir, f+strconv.Itoa(min(i, 1))+".db") // the third run uses the second cache
			out := filepath.Join(dir, "key"+strconv.Itoa(i)+"."+f)
			if _, errs, code := queensjudge(t, db, "key", "--format", f, "--out", out, "testdata/example/contest.yaml"); code != 0 {
				t.Fatalf("key --format %s: exit %d\n%s", f, code, errs)
			}
			keys[i], _ = os.ReadFile(out)
		}
		if len(keys[0]) == 0 || !bytes.Equal(keys[0], keys[1]) {
			t.Errorf("key --format %s: two fresh caches differ (%d and %d bytes)", f, len(keys[0]), len(keys[1]))
		}
		if !bytes.Equal(keys[1], keys[2]) {
			t.Errorf("key --format %s: a fresh and a warm run differ (%d and %d bytes)", f, len(keys[1]), len(keys[2]))
		}
		for _, word := range []string{"seconds", "cached"} {
			if bytes.Contains(bytes.ToLower(keys[0]), []byte(word)) {
				t.Errorf("key --format %s has %s:\n%.500s", f, word, keys[0])
			}
		}
	}
}

func TestShowNeverSolved(t *testing.T) {
	db := filepath.Join(t.TempDir(), "cache.db")
	_, errs, code := queensjudge(t, db, "show", "no-such-problem")
	if code != 1 || !strings.Contains(errs, `"no-such-problem" has never been solved`) {
		t.Errorf("show unknown id: exit %d, stderr %q; want 1 and a message", code, errs)
	}
}

func TestUsageErrors(t *testing.T) {
	db := filepath.Join(t.TempDir(), "cache.db")
	for _, args := range [][]string{
		{"solv", "x.yaml"},
		{"solve"},
		{"solve", "--format", "xml", "testdata/oeis.yaml"},
		{"solve", "--no-such-flag", "testdata/oeis.yaml"},
		{"show"},
		{"key", "--format", "xml", "testdata/oeis.yaml"},
		{"solve", "--jobs", "0", "testdata/oeis.yaml"},
		{"solve", "--jobs", "100000", "testdata/oeis.yaml"},
		{"judge", "--jobs", "-1", "testdata/example/contest.yaml", "testdata/example/submissions"},
		{"solve", "--shard", "0/999999999999", "testdata/oeis.yaml"},
		{"solve", "--shard", "0/0", "testdata/oeis.yaml"},
		{"solve", "--shard", "4/4", "testdata/oeis.yaml"},
		{"doctor", "extra-arg"},
	} {
		_, errs, code := queensjudge(t, db, args...)
		if code != 2 || errs == "" {
			t.Errorf("%q: exit %d, stderr %q; want 2 and a message", args, code, errs)
		}
	}
}

// TestTranscripts runs the commands of each testdata/cli/*.txt file and
// compares what they print with the file. A transcript is a command line
// after "$ ", then "--- stdout", "--- stderr" and "--- exit" sections;
// seconds are printed as 0. Each file is one case: $DB, in any argument,
// stands for a fresh cache shared by the commands of that file alone, so a
// case that needs answers first begins by solving them; key --out $DB.key
// does it without printing anything.
func TestTranscripts(t *testing.T) {
	t.Setenv("LC_ALL", "C.UTF-8") // boards are drawn with chess glyphs
	t.Setenv("NO_COLOR", "1")
	files, _ := filepath.Glob("testdata/cli/*.txt")
	if len(files) == 0 {
		t.Fatal("no transcripts in testdata/cli")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			db := filepath.Join(t.TempDir(), "cache.db")
			var got strings.Builder
			for _, cmd := range transcriptCommands(string(data)) {
				args := strings.Fields(cmd)
				for i, a := range args {
					args[i] = strings.ReplaceAll(a, "$DB", db)
				}
				var out, errb bytes.Buffer
				code := Run(context.Background(), args, strings.NewReader(""), &out, &errb)
				got.WriteString("$ " + cmd + "\n")
				got.WriteString("--- stdout\n" + normalize(out.String(), db))
				got.WriteString("--- stderr\n" + normalize(errb.String(), db))
				got.WriteString("--- exit " + strconv.Itoa(code) + "\n\n")
			}
			if testflag.Update() {
				if err := os.WriteFile(file, []byte(got.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got.String() != string(data) {
				t.Errorf("transcript differs; got:\n%s\nrun go test -update and review the diff", got.String())
			}
		})
	}
}

func transcriptCommands(s string) []string {
	var cmds []string
	for _, line := range strings.Split(s, "\n") {
		if cmd, ok := strings.CutPrefix(line, "$ "); ok {
			cmds = append(cmds, cmd)
		}
	}
	return cmds
}

var (
	jsonSeconds  = regexp.MustCompile(`"seconds": [0-9.e+-]+`)
	yamlSeconds  = regexp.MustCompile(`seconds: [0-9.e+-]+`)
	tableSeconds = regexp.MustCompile(`(?m)(yes|no)( +)[0-9]+\.[0-9]{3}$`)
	csvSeconds   = regexp.MustCompile(`,(true|false),[0-9.e+-]+,([0-9a-f]{64}),`) // cached, seconds, hash
)

func normalize(s, db string) string {
	s = strings.ReplaceAll(s, db, "$DB")
	s = jsonSeconds.ReplaceAllString(s, `"seconds": 0`)
	s = yamlSeconds.ReplaceAllString(s, `seconds: 0`)
	s = tableSeconds.ReplaceAllString(s, "${1}${2}0.000")
	s = csvSeconds.ReplaceAllString(s, ",${1},0,${2},")
	if s != "" && !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}

// TestVersion checks that --version prints the three versions a cache
// depends on and runs nothing, typed alone or with a command.
func TestVersion(t *testing.T) {
	want := "solver version " + solver.Version + "\ncache schema version " + strconv.Itoa(truth.SchemaVersion()) + "\n"
	for _, args := range [][]string{
		{"queensjudge", "--version"},
		{"queensjudge", "solve", "no-such-set.yaml", "--version"},
	} {
		out, errs, code := runArgs(t, args...)
		if code != 0 || errs != "" || !strings.HasPrefix(out, "queensjudge ") || !strings.HasSuffix(out, want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 0 and the versions", args, code, out, errs)
		}
	}
}
