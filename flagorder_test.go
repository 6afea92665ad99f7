package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestFlagsFirst(t *testing.T) {
	app := newApp(nil, nil, nil)
	for _, c := range []struct{ in, want string }{
		{"show eight-queens --format json", "show --format json eight-queens"},
		{"--format json show eight-queens", "show --format json eight-queens"},
		{"show --set s --db x.db a b --board", "--db x.db show --set s --board a b"},
		{"solve a.yaml -j 2 b.yaml -q", "solve -j 2 -q a.yaml b.yaml"},
		{"-q solve a.yaml", "-q solve a.yaml"},
		{"--db=x.db check s.yaml q1 - --format=csv", "--db=x.db check --format=csv s.yaml q1 -"},
		{"check s.yaml q1 -- --format", "check s.yaml q1 -- --format"},
		{"solve a.yaml --no-such-flag", "solve --no-such-flag a.yaml"},
		{"validate in ans fb kind=nqueens --max-bytes 10", "validate --max-bytes 10 in ans fb kind=nqueens"},
		{"show q --generate-bash-completion", "show q --generate-bash-completion"},
		{"solve --generate-bash-completion", "solve --generate-bash-completion"},
		{"solv a.yaml --format json", "solv a.yaml --format json"}, // a typo: urfave says so
		{"help solve", "help solve"},
		{"", ""},
	} {
		in := append([]string{"queensjudge"}, strings.Fields(c.in)...)
		want := append([]string{"queensjudge"}, strings.Fields(c.want)...)
		if got := flagsFirst(app, in); !slices.Equal(got, want) {
			t.Errorf("flagsFirst(%q) = %q, want %q", c.in, got, want)
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
