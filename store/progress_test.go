package store

import (
	"context"
	"slices"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

// TestPartBounds checks Part.Bounds against the slices the solver counts:
// the subproblems solver.Solve checkpoints for each shard of a count.
func TestPartBounds(t *testing.T) {
	p := solver.Problem{Kind: solver.NQueens, N: 10, Ask: solver.AskCount}
	for _, k := range []int{1, 2, 3, 7, 50} {
		for i := range k {
			var total int
			var got []int
			opt := solver.Options{
				Shard:      solver.Shard{I: i, K: k},
				Plan:       func(n int) { total = n },
				Checkpoint: func(j int, _ uint64) error { got = append(got, j); return nil },
			}
			if _, err := solver.Solve(context.Background(), p, opt); err != nil {
				t.Fatalf("Solve shard %d/%d: %v", i, k, err)
			}
			slices.Sort(got)
			lo, hi := Part{ShardI: i, ShardK: k, Total: total}.Bounds()
			var want []int
			for j := lo; j < hi; j++ {
				want = append(want, j)
			}
			if !slices.Equal(got, want) {
				t.Errorf("shard %d/%d of %d: solver counted %d subproblems (%v...), Bounds = %d..%d", i, k, total, len(got), got[:min(3, len(got))], lo, hi)
			}
		}
	}
}

// TestProgress reads back what a stopped count and a part of a count in
// slices keep: each subproblem once, however often it was saved.
func TestProgress(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	key := CacheKey{DefHash: hash("progress"), SolverVersion: "test"}
	pr, err := db.Progress(ctx, key)
	if err != nil || pr.Total != 0 || pr.Counted != 0 || len(pr.Parts) != 0 {
		t.Fatalf("Progress of nothing = %+v, %v; want zero", pr, err)
	}
	counts := []SubproblemCount{{I: 0, Count: 1}, {I: 1, Count: 2}, {I: 5, Count: 3}}
	for range 2 { // saved twice: counted once
		if err := db.SaveSubproblems(ctx, key, 10, counts); err != nil {
			t.Fatal(err)
		}
	}
	if pr, err = db.Progress(ctx, key); err != nil || pr.Total != 10 || pr.Counted != 3 || len(pr.Parts) != 0 {
		t.Fatalf("Progress of a stopped count = %+v, %v; want 3 of 10, no parts", pr, err)
	}
	part := Part{Key: key, Definition: "d", Kind: solver.NQueens, Ask: solver.AskCount, N: 10, ShardI: 0, ShardK: 2, Total: 10}
	if err := db.PutPart(ctx, part); err != nil {
		t.Fatal(err)
	}
	pr, err = db.Progress(ctx, key)
	if err != nil || len(pr.Parts) != 1 || pr.PartCounted[0] != 2 || pr.Parts[0].Done || pr.Counted != 3 {
		t.Fatalf("Progress of slice 0/2 = %+v, %v; want one unfinished part, 2 of its subproblems 0..4 counted", pr, err)
	}
	if parts, err := db.PartsOf(ctx, key); err != nil || len(parts) != 1 || parts[0] != part {
		t.Errorf("PartsOf = %+v, %v; want %+v", parts, err, part)
	}
}
