package store

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/solver"
)

func TestLookup(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)

	current := countResult(8, 92)
	stale := countResult(9, 352)
	stale.Key.SolverVersion = "0"
	for _, r := range []Result{current, stale} {
		if err := db.Put(ctx, r, nil); err != nil {
			t.Fatal(err)
		}
	}
	// q1 is in three sets: solved now, solved by an old solver, never solved.
	links := []struct{ set, id, hash string }{
		{"spring", "q1", current.Key.DefHash},
		{"autumn", "q1", stale.Key.DefHash},
		{"winter", "q1", hash("unsolved")},
		{"spring", "q2", current.Key.DefHash},
	}
	before := time.Now()
	for _, l := range links {
		if err := db.Link(ctx, l.set, l.id, l.hash); err != nil {
			t.Fatal(err)
		}
	}

	type want struct {
		set, hash string
		ok        bool
	}
	tests := []struct {
		set, id string
		want    []want
	}{
		{"", "q1", []want{
			{"autumn", stale.Key.DefHash, false},
			{"spring", current.Key.DefHash, true},
			{"winter", hash("unsolved"), false},
		}},
		{"spring", "q1", []want{{"spring", current.Key.DefHash, true}}},
		{"autumn", "q1", []want{{"autumn", stale.Key.DefHash, false}}},
		{"", "q2", []want{{"spring", current.Key.DefHash, true}}},
		{"autumn", "q2", nil},
		{"", "unknown", nil},
		{"", "", nil},
	}
	for _, tt := range tests {
		got, err := db.Lookup(ctx, tt.set, tt.id)
		if err != nil {
			t.Errorf("Lookup(%q, %q): %v", tt.set, tt.id, err)
			continue
		}
		if len(got) != len(tt.want) {
			t.Errorf("Lookup(%q, %q) gave %d entries, want %d: %+v", tt.set, tt.id, len(got), len(tt.want), got)
			continue
		}
		for i, e := range got {
			w := tt.want[i]
			if e.Set != w.set || e.ID != tt.id || e.DefHash != w.hash || e.OK != w.ok {
				t.Errorf("Lookup(%q, %q)[%d] = %s/%s %.8s ok=%v, want %s/%s %.8s ok=%v",
					tt.set, tt.id, i, e.Set, e.ID, e.DefHash, e.OK, w.set, tt.id, w.hash, w.ok)
			}
			if e.LinkedAt.Before(before.Add(-time.Second)) || e.LinkedAt.After(time.Now()) {
				t.Errorf("Lookup(%q, %q)[%d].LinkedAt = %v, want about now", tt.set, tt.id, i, e.LinkedAt)
			}
			if e.OK && (e.Result.Answer.Count != current.Answer.Count || e.Result.Key != current.Key) {
				t.Errorf("Lookup(%q, %q)[%d].Result = %d under %s, want %d under %s",
					tt.set, tt.id, i, e.Result.Answer.Count, e.Result.Key, current.Answer.Count, current.Key)
			}
			if !e.OK && e.Result.Key != (CacheKey{}) {
				t.Errorf("Lookup(%q, %q)[%d]: OK is false but Result is set", tt.set, tt.id, i)
			}
		}
	}

	// An edited problem links to its new definition, which has no result yet.
	if err := db.Link(ctx, "spring", "q1", hash("edited")); err != nil {
		t.Fatal(err)
	}
	got, err := db.Lookup(ctx, "spring", "q1")
	if err != nil || len(got) != 1 || got[0].DefHash != hash("edited") || got[0].OK {
		t.Errorf("Lookup after relink = %+v, %v; want one entry for the edited definition, not OK", got, err)
	}

	if err := db.Link(ctx, "", "q1", current.Key.DefHash); err == nil {
		t.Error("Link with no set succeeded")
	}
	if solver.Version == "0" {
		t.Fatal("the stale version in this test is the current one")
	}
}

// TestPutLinksKeepsTheLater puts links at given times over links already
// recorded: a later link replaces, an earlier one does not.
func TestPutLinksKeepsTheLater(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	if err := db.PutLinks(ctx, []ProblemLink{
		{Set: "s", ID: "a", DefHash: hash("a1"), LinkedAt: t0},
		{Set: "s", ID: "b", DefHash: hash("b1"), LinkedAt: t0},
	}); err != nil {
		t.Fatal(err)
	}
	if err := db.PutLinks(ctx, []ProblemLink{
		{Set: "s", ID: "a", DefHash: hash("a2"), LinkedAt: t0.Add(time.Nanosecond)},
		{Set: "s", ID: "b", DefHash: hash("b2"), LinkedAt: t0.Add(-time.Hour)},
		{Set: "s", ID: "c", DefHash: hash("c"), LinkedAt: t0},
	}); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]string{"a": hash("a2"), "b": hash("b1"), "c": hash("c")} {
		es, err := db.Lookup(ctx, "s", id)
		if err != nil || len(es) != 1 || es[0].DefHash != want {
			t.Errorf("Lookup(s, %s) = %+v, %v; want the link to %.8s", id, es, err, want)
		}
	}
	if err := db.PutLinks(ctx, []ProblemLink{{Set: "s", DefHash: hash("x"), LinkedAt: t0}}); err == nil {
		t.Error("PutLinks with no id succeeded")
	}
}

// TestLookupTests finds the tests of a problem with tests, linked as
// ID/TEST: all of them by the id, in the order of their names (numbers by
// value, then names), one by ID/TEST, and none of another problem whose
// id starts alike.
func TestLookupTests(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	r := countResult(8, 92)
	if err := db.Put(ctx, r, nil); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"q/big-1", "q/10", "q/2", "q/1", "q-2/1", "q.x", "qq/1", "q"} {
		if err := db.Link(ctx, "s", id, r.Key.DefHash); err != nil {
			t.Fatal(err)
		}
	}
	ids := func(id string) []string {
		entries, err := db.Lookup(ctx, "", id)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range entries {
			out = append(out, e.ID)
		}
		return out
	}
	if got, want := ids("q"), []string{"q", "q/1", "q/2", "q/10", "q/big-1"}; !slices.Equal(got, want) {
		t.Errorf("Lookup(q) = %v, want %v", got, want)
	}
	if got, want := ids("q/10"), []string{"q/10"}; !slices.Equal(got, want) {
		t.Errorf("Lookup(q/10) = %v, want %v", got, want)
	}
	if got := ids("q/3"); len(got) != 0 {
		t.Errorf("Lookup(q/3) = %v, want none", got)
	}
}
