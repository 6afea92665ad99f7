package app_test

import (
	"context"
	"slices"
	"testing"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
)

// TestRegrade judges the example contest, then regrades it against the
// fixed set (eight-queens became n = 7, 40 placements): a dry run returns
// the two changes and keeps nothing, the regrade returns them again and
// keeps them, and a second regrade finds nothing to change. What a dry
// run does to the answers and links of the cache is not pinned here.
func TestRegrade(t *testing.T) {
	ctx := context.Background()
	cache := tempCache(t)
	con := newConsole(output.Table, "")
	if _, err := app.Judge(ctx, con.Console, app.JudgeRequest{Cache: cache, Set: contestSet, Submissions: submissions, Batch: batch}); err != nil {
		t.Fatalf("Judge = %v; stderr:\n%s", err, con.stderr)
	}
	want := app.Changes{
		{Team: "ada", Problem: "eight-queens", File: "ada/eight-queens.txt", Was: "AC", Now: "WA", Message: "line 1: answer 92, expected 40"},
		{Team: "grace", Problem: "eight-queens", File: "grace/eight-queens.txt", Was: "AC", Now: "WA", Message: "line 1: answer 92, expected 40"},
	}
	for _, c := range []struct {
		name   string
		dryRun bool
		want   app.Changes
	}{
		{"dry run", true, want},
		{"regrade", false, want},
		{"again", false, nil},
	} {
		con := newConsole(output.Table, "")
		res, err := app.Regrade(ctx, con.Console, app.RegradeRequest{Cache: cache, Set: fixedSet, Batch: batch, DryRun: c.dryRun})
		checkOutcome(t, "Regrade ("+c.name+")", err, 0, false)
		if !slices.Equal(res.Changes, c.want) {
			t.Errorf("Regrade (%s) changes = %+v, want %+v", c.name, res.Changes, c.want)
		}
		if len(res.Report.Results) != 28 {
			t.Errorf("Regrade (%s) judged %d results, want the 28 kept", c.name, len(res.Report.Results))
		}
		if c.want == nil && con.stdout.String() != "no verdict changes\n" {
			t.Errorf("Regrade (%s) printed %q", c.name, con.stdout)
		}
	}
}

// TestRegradeNothingKept: a set never judged has nothing to regrade.
func TestRegradeNothingKept(t *testing.T) {
	con := newConsole(output.Table, "")
	_, err := app.Regrade(context.Background(), con.Console, app.RegradeRequest{Cache: tempCache(t), Set: fixedSet, Batch: batch})
	checkOutcome(t, "Regrade", err, status.Failed, false)
}
