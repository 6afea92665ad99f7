package command

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/args"
)

// TestArrange checks the command line's flags as args.Arrange reads them
// from the definitions: anywhere, strictly.
func TestArrange(t *testing.T) {
	sp := spec(newApp(nil, nil, nil))
	if err := sp.Check(); err != nil {
		t.Fatalf("the flag definitions contradict themselves: %v", err)
	}
	for _, c := range []struct{ in, want string }{
		{"show eight-queens --format json", "show --format json -- eight-queens"},
		{"--format json show eight-queens", "show --format json -- eight-queens"},
		{"show --set s --db x.db a b --board", "--db x.db show --set s --board -- a b"},
		{"solve a.yaml -j 2 b.yaml -q", "-q solve -j 2 -- a.yaml b.yaml"},
		{"-q solve a.yaml", "-q solve -- a.yaml"},
		{"--db=x.db check s.yaml q1 - --format=csv", "--db=x.db check --format=csv -- s.yaml q1 -"},
		{"check s.yaml q1 -- --format", "check -- s.yaml q1 --format"},
		{"solve b.yaml -- -x.yaml", "solve -- b.yaml -x.yaml"},
		{"validate in ans fb kind=nqueens --max-bytes 10", "validate --max-bytes 10 -- in ans fb kind=nqueens"},
		{"solve --help", "solve --help"},
		{"show q --generate-bash-completion", "show q --generate-bash-completion"},
		{"solv a.yaml --format json", "solv a.yaml --format json"}, // a typo: urfave says so
		{"help solve", "help solve"},
		{"", ""},
		{"key a.yaml b.yaml --out", "error: --out"},
		{"key --out --format json a.yaml", "error: --out"},
		{"solve a.yaml --no-such-flag", "error: --no-such-flag"},
		{"solve --format json a.yaml --format csv", "error: --format"},
	} {
		in := append([]string{"queensjudge"}, strings.Fields(c.in)...)
		got, err := args.Arrange(sp, in)
		if want, ok := strings.CutPrefix(c.want, "error: "); ok {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("Arrange(%q) = %q, %v; want an error naming %s", c.in, got, err, want)
			}
			continue
		}
		want := append([]string{"queensjudge"}, strings.Fields(c.want)...)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("Arrange(%q) = %q, %v; want %q", c.in, got, err, want)
		}
	}
}

// TestFlagsAnywhere runs the commands with their flags where people type
// them, through the whole program.
func TestFlagsAnywhere(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "cache.db")
	if _, errs, code := queensjudge(t, db, "solve", "testdata/example/contest.yaml", "--quiet"); code != 0 {
		t.Fatalf("solve SET --quiet: exit %d\n%s", code, errs)
	}
	for _, args := range [][]string{
		{"queensjudge", "--db", db, "--format", "json", "show", "eight-queens"},
		{"queensjudge", "--db", db, "show", "eight-queens", "--format", "json"},
		{"queensjudge", "show", "eight-queens", "--format", "json", "--db", db},
		{"queensjudge", "show", "--db=" + db, "eight-queens", "--format=json"},
	} {
		out, errs, code := runArgs(t, args...)
		if code != 0 {
			t.Errorf("%q: exit %d\n%s", args, code, errs)
			continue
		}
		if rows := jsonRows(t, out); len(rows) != 1 || rows[0]["id"] != "eight-queens" {
			t.Errorf("%q: got %s, want one JSON row for eight-queens", args, out)
		}
	}
}
