package store

import (
	"context"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

func TestSubproblemsCheckpoints(t *testing.T) {
	ctx := context.Background()
	db := openNamed(t, "cache.db")
	key := CacheKey{DefHash: "h", SolverVersion: "1"}
	if total, got, err := db.Subproblems(ctx, key); err != nil || total != 0 || len(got) != 0 {
		t.Fatalf("Subproblems of nothing = %d, %v, %v", total, got, err)
	}
	if err := db.SaveSubproblems(ctx, key, 10, map[int]uint64{0: 18446744073709551615, 3: 7}); err != nil {
		t.Fatal(err)
	}
	if err := db.SaveSubproblems(ctx, key, 10, map[int]uint64{3: 7, 4: 0}); err != nil {
		t.Fatalf("saving the same count again: %v", err)
	}
	if err := db.SaveSubproblems(ctx, key, 10, map[int]uint64{3: 8}); err == nil {
		t.Errorf("a different count for subproblem 3: no error")
	}
	if err := db.SaveSubproblems(ctx, key, 11, map[int]uint64{5: 1}); err == nil {
		t.Errorf("a plan of another size: no error")
	}
	total, got, err := db.Subproblems(ctx, key)
	if err != nil || total != 10 || len(got) != 3 || got[0] != 18446744073709551615 || got[3] != 7 {
		t.Errorf("Subproblems = %d, %v, %v", total, got, err)
	}
	// A finished result clears its checkpoints in the same transaction.
	r := Result{Key: key, Definition: "d", Kind: solver.NQueens, Ask: solver.AskCount, N: 8, Answer: solver.Answer{Count: 92}}
	if err := db.Put(ctx, r, nil); err != nil {
		t.Fatal(err)
	}
	if total, got, _ := db.Subproblems(ctx, key); total != 0 || len(got) != 0 {
		t.Errorf("after Put: %d subproblems of %d left", len(got), total)
	}
}

// TestSubproblemsAtomic checks that a refused batch keeps none of its
// counts, and that a Put that fails keeps the checkpoints it would clear.
func TestSubproblemsAtomic(t *testing.T) {
	ctx := context.Background()
	db, path := openTemp(t)
	key := CacheKey{DefHash: "h", SolverVersion: "1"}
	if err := db.SaveSubproblems(ctx, key, 100, map[int]uint64{50: 5}); err != nil {
		t.Fatal(err)
	}
	batch := map[int]uint64{50: 6}
	for i := range 40 {
		batch[i] = uint64(i)
	}
	if err := db.SaveSubproblems(ctx, key, 100, batch); err == nil || !strings.Contains(err.Error(), "subproblem 50 counted 6, recorded before as 5") {
		t.Errorf("SaveSubproblems with a conflict = %v", err)
	}
	for _, tt := range []struct {
		key    CacheKey
		total  int
		counts map[int]uint64
		err    string
	}{
		{CacheKey{DefHash: "h"}, 10, nil, "incomplete key"},
		{key, -1, nil, "plan of -1 subproblems"},
		{key, 100, map[int]uint64{1: 1, 100: 1}, "subproblem 100 of a plan of 100"},
		{key, 100, map[int]uint64{-1: 1}, "subproblem -1 of a plan of 100"},
	} {
		if err := db.SaveSubproblems(ctx, tt.key, tt.total, tt.counts); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("SaveSubproblems(%v, %d, %v) = %v, want an error with %q", tt.key, tt.total, tt.counts, err, tt.err)
		}
	}
	if total, got, err := db.Subproblems(ctx, key); err != nil || total != 100 || len(got) != 1 || got[50] != 5 {
		t.Errorf("Subproblems after refused batches = %d, %v, %v; want 100, {50: 5}", total, got, err)
	}

	// Fail Put inside its transaction, after it removed the subproblems
	// and before it removed the plan.
	tamper := raw(t, path)
	_, err := tamper.Exec(`CREATE TRIGGER fail_plan BEFORE DELETE ON plans
		BEGIN SELECT RAISE(ABORT, 'injected failure'); END`)
	if err != nil {
		t.Fatal(err)
	}
	r := Result{Key: key, Definition: "d", Kind: solver.NQueens, Ask: solver.AskCount, N: 8, Answer: solver.Answer{Count: 92}}
	if err := db.Put(ctx, r, nil); err == nil || !strings.Contains(err.Error(), "injected failure") {
		t.Fatalf("Put = %v, want the injected failure", err)
	}
	if _, ok, err := db.Result(ctx, key); ok || err != nil {
		t.Errorf("Result after a failed Put = %v, %v; want a miss", ok, err)
	}
	if total, got, err := db.Subproblems(ctx, key); err != nil || total != 100 || len(got) != 1 {
		t.Errorf("Subproblems after a failed Put = %d, %v, %v; want the checkpoint kept", total, got, err)
	}
	if _, err := tamper.Exec(`DROP TRIGGER fail_plan`); err != nil {
		t.Fatal(err)
	}
	if err := db.Put(ctx, r, nil); err != nil {
		t.Fatal(err)
	}
	if total, got, _ := db.Subproblems(ctx, key); total != 0 || len(got) != 0 {
		t.Errorf("after Put: %d subproblems of %d left", len(got), total)
	}
}
