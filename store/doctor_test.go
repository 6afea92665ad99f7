package store

import (
	"context"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

func TestDoctorAndFix(t *testing.T) {
	ctx := context.Background()
	db := openNamed(t, "cache.db")
	put := func(hash, version string) {
		r := Result{Key: Key{hash, version}, Definition: "d", Kind: solver.NQueens, Ask: solver.AskCount, N: 8, Answer: solver.Answer{Count: 92}}
		if err := db.Put(ctx, r, nil); err != nil {
			t.Fatal(err)
		}
	}
	put("current", "2")
	put("old", "1")
	put("orphan", "2")
	db.Link(ctx, "s", "a", "current")
	db.Link(ctx, "s", "b", "old")
	db.SaveSubproblems(ctx, Key{"running", "2"}, 5, map[int]uint64{1: 3})
	rep, err := db.Doctor(ctx, "2")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Integrity) != 0 || len(rep.Stale) != 1 || rep.Stale[0].ID != "b" || rep.OldResults != 1 || rep.Orphans != 1 || rep.Checkpoints != 1 {
		t.Errorf("Doctor = %+v", rep)
	}
	removed, err := db.Fix(ctx, "2")
	if err != nil || removed != 1 {
		t.Errorf("Fix removed %d, %v; want 1 (the old result)", removed, err)
	}
	if _, ok, _ := db.Result(ctx, Key{"current", "2"}); !ok {
		t.Errorf("Fix removed a current result")
	}
	if _, got, _ := db.Subproblems(ctx, Key{"running", "2"}); len(got) != 1 {
		t.Errorf("Fix removed a resumable checkpoint")
	}
}
