package app_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/judge"
)

// TestCheck judges one answer, from a file or from stdin: a wrong answer
// is a verdict, not an error.
func TestCheck(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cache := tempCache(t)
	dir := t.TempDir()
	for _, c := range []struct {
		name, id, answer string
		stdin            bool
		want             judge.Verdict
	}{
		{"right", "eight-queens", "92\n", false, judge.AC},
		{"wrong", "eight-queens", "91\n", false, judge.WA},
		{"empty", "eight-queens", "", false, judge.NO},
		{"unreadable", "eight-queens", "ninety-two\n", false, judge.PE},
		{"stdin right", "eight-queens", "92\n", true, judge.AC},
		{"stdin wrong", "cses-sample", "64\n", true, judge.WA},
		{"placement", "corner-placement", "2 4 6 1 3 5\n", false, judge.AC},
	} {
		t.Run(c.name, func(t *testing.T) {
			con := newConsole(output.JSON, c.answer)
			answer := "-"
			if !c.stdin {
				answer = filepath.Join(dir, c.name+".txt")
				writeFile(t, answer, c.answer)
			}
			got, err := app.Check(ctx, con.Console, app.CheckRequest{Cache: cache, Set: contestSet, ID: c.id, Answer: answer, Batch: batch})
			checkOutcome(t, "Check", err, 0, false)
			if got.Verdict != c.want || got.Problem != c.id {
				t.Errorf("Check(%s, %q) = %s %s (%s), want %s", c.id, c.answer, got.Problem, got.Verdict, got.Message, c.want)
			}
			var printed app.Checked
			if err := json.Unmarshal(con.stdout.Bytes(), &printed); err != nil {
				t.Fatalf("stdout: %v\n%s", err, con.stdout)
			}
			if printed.Verdict != got.Verdict || printed.Message != got.Message || printed.TeamMessage != got.TeamMessage {
				t.Errorf("printed %+v, returned %+v", printed, got)
			}
		})
	}
}

// TestCheckRefused: the set and the answer both on stdin is a usage error;
// an id not in the set is a failure.
func TestCheckRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cache := tempCache(t)
	con := newConsole(output.Table, "92\n")
	_, err := app.Check(ctx, con.Console, app.CheckRequest{Cache: cache, Set: "-", ID: "eight-queens", Answer: "-", Batch: batch})
	checkOutcome(t, "Check - -", err, status.Usage, false)
	if exists(t, cache) {
		t.Error("Check - - made the cache")
	}

	_, err = app.Check(ctx, con.Console, app.CheckRequest{Cache: cache, Set: contestSet, ID: "no-such-id", Answer: "-", Batch: batch})
	checkOutcome(t, "Check no-such-id", err, status.Failed, false)
	if con.stdout.Len() != 0 {
		t.Errorf("printed %q, want no verdict", con.stdout)
	}
}
