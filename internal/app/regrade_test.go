package app_test

import (
	"bytes"
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/truth"
)

// TestRegrade judges the example contest, then regrades it against the
// fixed set (eight-queens became n = 7, 40 placements): a dry run returns
// the two changes and keeps nothing, the regrade returns them again and
// keeps them, and a second regrade finds nothing to change. What a dry
// run leaves of the cache is pinned by TestRegradeDryRunStoresNothing.
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

// TestRegradeDryRunStoresNothing: judge, then regrade --dry-run against the
// fixed set, whose eight-queens the cache has never solved. The dry run
// reports the changes, but leaves the cache file byte for byte as it was:
// no answer for the fixed problem, the set's links as they were, and so
// nothing for doctor to call an orphan. Before, the dry run stored the
// fixed answer and linked it, and the answer it replaced was an orphan.
// The real regrade then solves and links as judge does.
func TestRegradeDryRunStoresNothing(t *testing.T) {
	ctx := context.Background()
	cache := tempCache(t)
	con := newConsole(output.Table, "")
	if _, err := app.Judge(ctx, con.Console, app.JudgeRequest{Cache: cache, Set: contestSet, Submissions: submissions, Batch: batch}); err != nil {
		t.Fatalf("Judge = %v; stderr:\n%s", err, con.stderr)
	}
	before := readFile(t, cache)
	if exists(t, cache+"-wal") {
		t.Fatalf("%s-wal left after judge: the file alone is not the cache", cache)
	}
	links := func() map[string]string {
		t.Helper()
		c, err := truth.Open(ctx, cache)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		m := map[string]string{}
		for _, id := range []string{"eight-queens", "six-all", "qk5-solutions"} {
			es, err := c.Lookup(ctx, "", id)
			if err != nil || len(es) != 1 || !es[0].OK {
				t.Fatalf("Lookup(%s) = %+v, %v; want one answered entry", id, es, err)
			}
			m[id] = es[0].DefHash
		}
		return m
	}
	judged := links()

	con = newConsole(output.Table, "")
	res, err := app.Regrade(ctx, con.Console, app.RegradeRequest{Cache: cache, Set: fixedSet, Batch: batch, DryRun: true})
	checkOutcome(t, "Regrade --dry-run", err, 0, false)
	if len(res.Changes) != 2 || res.Changes[0].Message != "line 1: answer 92, expected 40" {
		t.Errorf("Regrade --dry-run changes = %+v, want ada's and grace's 92 now WA, expected 40", res.Changes)
	}
	if after := readFile(t, cache); !bytes.Equal(after, before) {
		t.Errorf("Regrade --dry-run changed the cache file (%d bytes, were %d)", len(after), len(before))
	}
	d, err := app.Doctor(ctx, newConsole(output.Table, "").Console, app.DoctorRequest{Cache: cache})
	if err != nil || !d.OK || d.Orphans != 0 || len(d.Stale) != 0 {
		t.Errorf("Doctor after Regrade --dry-run = %+v, %v; want no orphan answer", d, err)
	}
	if got := links(); !maps.Equal(got, judged) {
		t.Errorf("links after Regrade --dry-run = %v, want %v", got, judged)
	}

	con = newConsole(output.Table, "")
	if _, err := app.Regrade(ctx, con.Console, app.RegradeRequest{Cache: cache, Set: fixedSet, Batch: batch}); err != nil {
		t.Fatalf("Regrade = %v; stderr:\n%s", err, con.stderr)
	}
	if got := links(); got["eight-queens"] == judged["eight-queens"] || got["six-all"] != judged["six-all"] {
		t.Errorf("links after Regrade = %v, want eight-queens linked to its fixed answer, the rest as judged (%v)", got, judged)
	}
}
