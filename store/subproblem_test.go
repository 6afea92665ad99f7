package store

import (
	"context"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

func TestSubproblemsCheckpoints(t *testing.T) {
	ctx := context.Background()
	db := openNamed(t, "cache.db")
	key := Key{DefHash: "h", SolverVersion: "1"}
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
