package store

import (
	"context"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

// countMap returns the counts that Subproblems returns as a map, for tests
// to compare.
func countMap(total int, counts []SubproblemCount, err error) (int, map[int]uint64, error) {
	m := map[int]uint64{}
	for _, c := range counts {
		m[c.I] = c.Count
	}
	return total, m, err
}

// counted returns counts as SaveSubproblems takes them, in the order of the
// subproblems.
func counted(counts map[int]uint64) []SubproblemCount {
	var out []SubproblemCount
	for _, i := range slices.Sorted(maps.Keys(counts)) {
		out = append(out, SubproblemCount{I: i, Count: counts[i]})
	}
	return out
}

// TestSaveSubproblemsOrder checks that counts are taken in any order and
// read back in order, a subproblem given twice with one count is kept once,
// and one given twice with two counts refuses the batch; the caller's slice
// is left as it was.
func TestSaveSubproblemsOrder(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	key := CacheKey{DefHash: "h", SolverVersion: "1"}
	batch := []SubproblemCount{{7, 70}, {2, 20}, {7, 70}, {3, 30}, {0, 0}}
	given := slices.Clone(batch)
	if err := db.SaveSubproblems(ctx, key, 10, batch); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(batch, given) {
		t.Errorf("SaveSubproblems changed its argument: %v, was %v", batch, given)
	}
	want := map[int]uint64{0: 0, 2: 20, 3: 30, 7: 70}
	wantList := []SubproblemCount{{0, 0}, {2, 20}, {3, 30}, {7, 70}}
	if total, got, err := db.Subproblems(ctx, key); err != nil || total != 10 || !slices.Equal(got, wantList) {
		t.Errorf("Subproblems = %d, %v, %v; want 10, %v", total, got, err, wantList)
	}
	err := db.SaveSubproblems(ctx, key, 10, []SubproblemCount{{5, 1}, {4, 4}, {5, 2}})
	if err == nil || !strings.Contains(err.Error(), "subproblem 5 counted 1 and 2") {
		t.Errorf("SaveSubproblems with a subproblem given two counts = %v", err)
	}
	if _, got, _ := countMap(db.Subproblems(ctx, key)); !maps.Equal(got, want) {
		t.Errorf("after the refused batch: %v, want %v", got, want)
	}
}

func TestSubproblemsCheckpoints(t *testing.T) {
	ctx := context.Background()
	db := openNamed(t, "cache.db")
	key := CacheKey{DefHash: "h", SolverVersion: "1"}
	if total, got, err := countMap(db.Subproblems(ctx, key)); err != nil || total != 0 || len(got) != 0 {
		t.Fatalf("Subproblems of nothing = %d, %v, %v", total, got, err)
	}
	if err := db.SaveSubproblems(ctx, key, 10, counted(map[int]uint64{0: 18446744073709551615, 3: 7})); err != nil {
		t.Fatal(err)
	}
	if err := db.SaveSubproblems(ctx, key, 10, counted(map[int]uint64{3: 7, 4: 0})); err != nil {
		t.Fatalf("saving the same count again: %v", err)
	}
	if err := db.SaveSubproblems(ctx, key, 10, counted(map[int]uint64{3: 8})); err == nil {
		t.Errorf("a different count for subproblem 3: no error")
	}
	if err := db.SaveSubproblems(ctx, key, 11, counted(map[int]uint64{5: 1})); err == nil {
		t.Errorf("a plan of another size: no error")
	}
	total, got, err := countMap(db.Subproblems(ctx, key))
	if err != nil || total != 10 || len(got) != 3 || got[0] != 18446744073709551615 || got[3] != 7 {
		t.Errorf("Subproblems = %d, %v, %v", total, got, err)
	}
	// A finished result clears its checkpoints in the same transaction.
	r := Result{Key: key, Definition: "d", Kind: solver.NQueens, Ask: solver.AskCount, N: 8, Answer: solver.Answer{Count: 92}}
	if err := db.Put(ctx, r, nil); err != nil {
		t.Fatal(err)
	}
	if total, got, _ := countMap(db.Subproblems(ctx, key)); total != 0 || len(got) != 0 {
		t.Errorf("after Put: %d subproblems of %d left", len(got), total)
	}
}

// TestSubproblemsAtomic checks that a refused batch keeps none of its
// counts, and that a Put that fails keeps the checkpoints it would clear.
func TestSubproblemsAtomic(t *testing.T) {
	ctx := context.Background()
	db, path := openTemp(t)
	key := CacheKey{DefHash: "h", SolverVersion: "1"}
	if err := db.SaveSubproblems(ctx, key, 100, counted(map[int]uint64{50: 5})); err != nil {
		t.Fatal(err)
	}
	batch := map[int]uint64{50: 6}
	for i := range 40 {
		batch[i] = uint64(i)
	}
	if err := db.SaveSubproblems(ctx, key, 100, counted(batch)); err == nil || !strings.Contains(err.Error(), "subproblem 50 counted 6, recorded before as 5") {
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
		if err := db.SaveSubproblems(ctx, tt.key, tt.total, counted(tt.counts)); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("SaveSubproblems(%v, %d, %v) = %v, want an error with %q", tt.key, tt.total, tt.counts, err, tt.err)
		}
	}
	if total, got, err := countMap(db.Subproblems(ctx, key)); err != nil || total != 100 || len(got) != 1 || got[50] != 5 {
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
	if total, got, err := countMap(db.Subproblems(ctx, key)); err != nil || total != 100 || len(got) != 1 {
		t.Errorf("Subproblems after a failed Put = %d, %v, %v; want the checkpoint kept", total, got, err)
	}
	if _, err := tamper.Exec(`DROP TRIGGER fail_plan`); err != nil {
		t.Fatal(err)
	}
	if err := db.Put(ctx, r, nil); err != nil {
		t.Fatal(err)
	}
	if total, got, _ := countMap(db.Subproblems(ctx, key)); total != 0 || len(got) != 0 {
		t.Errorf("after Put: %d subproblems of %d left", len(got), total)
	}
}

// TestSubproblemBatches checks the batches a checkpoint writes: runs of
// consecutive subproblems read back as written, a conflict found in any
// batch whose range meets the new one, and a batch elsewhere left unread.
func TestSubproblemBatches(t *testing.T) {
	ctx := context.Background()
	db, path := openTemp(t)
	key := CacheKey{DefHash: "h", SolverVersion: "1"}
	want := map[int]uint64{}
	save := func(counts map[int]uint64) error {
		err := db.SaveSubproblems(ctx, key, 1000, counted(counts))
		if err == nil {
			maps.Copy(want, counts)
		}
		return err
	}
	for _, counts := range []map[int]uint64{
		{0: 5, 1: 0, 2: 18446744073709551615, 3: 7, 9: 1, 10: 2, 40: 3},
		{4: 4, 5: 5, 6: 6, 500: 1},
		{600: 0},
	} {
		if err := save(counts); err != nil {
			t.Fatal(err)
		}
	}
	// 10 lies in the first batch, whose range (0..40) meets this one's.
	if err := save(map[int]uint64{10: 3, 41: 1}); err == nil || !strings.Contains(err.Error(), "subproblem 10 counted 3, recorded before as 2") {
		t.Errorf("a conflict in an overlapping batch: %v", err)
	}
	// 500 lies in the second batch, whose range 4..500 meets 499..501.
	if err := save(map[int]uint64{499: 1, 501: 1, 500: 2}); err == nil || !strings.Contains(err.Error(), "subproblem 500 counted 2, recorded before as 1") {
		t.Errorf("a conflict at the end of a batch: %v", err)
	}
	if err := save(map[int]uint64{10: 2, 600: 0, 601: 9}); err != nil {
		t.Errorf("counts recorded before, again, and a new one: %v", err)
	}
	total, got, err := countMap(db.Subproblems(ctx, key))
	if err != nil || total != 1000 || !maps.Equal(got, want) {
		t.Errorf("Subproblems = %d, %v, %v; want 1000, %v", total, got, err, want)
	}
	var texts []string
	rows, err := raw(t, path).Query(`SELECT counts FROM subproblem_batches ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var s string
		rows.Scan(&s)
		texts = append(texts, s)
	}
	rows.Close()
	if wantTexts := []string{"0:5,0,18446744073709551615,7 9:1,2 40:3", "4:4,5,6 500:1", "600:0", "10:2 600:0,9"}; !slices.Equal(texts, wantTexts) {
		t.Errorf("batches = %q, want %q", texts, wantTexts)
	}

	// A batch that says another count for a subproblem (written past the
	// store) is refused when read, as is one that is not a batch.
	tamper := raw(t, path)
	for _, tt := range []struct{ counts, err string }{
		{"1:1", "subproblem 1 recorded as"},
		{"7:1,,2", `malformed batch of counts: subproblem 8: ""`},
		{"7,1", `malformed batch of counts: run "7,1"`},
	} {
		if _, err := tamper.Exec(`INSERT INTO subproblem_batches (def_hash, solver_version, first, last, size, counts)
			VALUES ('h', '1', 1, 1, 1, ?)`, tt.counts); err != nil {
			t.Fatal(err)
		}
		if _, _, err := countMap(db.Subproblems(ctx, key)); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Subproblems with a batch %q = %v, want an error with %q", tt.counts, err, tt.err)
		}
		if _, err := tamper.Exec(`DELETE FROM subproblem_batches WHERE counts = ?`, tt.counts); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSubproblemsFromSchema3 reads the counts kept a row per subproblem
// (schema 2 and 3): in a part file merged as it is, and in a cache that
// opening migrates.
func TestSubproblemsFromSchema3(t *testing.T) {
	ctx := context.Background()
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	key := CacheKey{DefHash: "h", SolverVersion: "1"}
	want := map[int]uint64{0: 3, 1: 1 << 63, 2: 0}
	path := filepath.Join(t.TempDir(), "v3.db")
	old := raw(t, path)
	for _, q := range []string{
		ms[0].sql, ms[1].sql, ms[2].sql, `PRAGMA user_version = 3`,
		`INSERT INTO plans VALUES ('h', '1', 3)`,
		`INSERT INTO subproblems VALUES ('h', '1', 0, '3'), ('h', '1', 1, '9223372036854775808'), ('h', '1', 2, '0')`,
		`INSERT INTO parts (def_hash, solver_version, definition, kind, ask, n, shard_i, shard_k, total, done)
			VALUES ('h', '1', 'd', 'nqueens', 'count', 8, 0, 1, 3, 1)`,
	} {
		if _, err := old.Exec(q); err != nil {
			t.Fatalf("%.40s: %v", q, err)
		}
	}
	old.Close()

	out := openNamed(t, "out.db")
	merged, err := out.Merge(ctx, []string{path})
	if err != nil || len(merged) != 1 || merged[0].Sum != 3+1<<63 || merged[0].Subproblems != 3 {
		t.Errorf("Merge of a schema 3 part = %+v, %v; want a sum of 3 subproblems", merged, err)
	}
	if v := pragma(t, raw(t, path), "user_version"); v != 3 {
		t.Errorf("Merge changed the part's schema to %d", v)
	}

	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if total, got, err := countMap(db.Subproblems(ctx, key)); err != nil || total != 3 || !maps.Equal(got, want) {
		t.Errorf("Subproblems after migrating = %d, %v, %v; want 3, %v", total, got, err, want)
	}
}
