package store

import (
	"context"
	"path/filepath"
	"testing"
)

// TestMigrateFromVersion1 opens a cache written before 0002 (schema 1, with
// a result and a link in it) and checks that it is brought up to date with
// its contents kept and the new tables usable.
func TestMigrateFromVersion1(t *testing.T) {
	ctx := context.Background()
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) < 2 {
		t.Fatalf("%d migrations, want at least 2", len(ms))
	}
	path := filepath.Join(t.TempDir(), "v1.db")
	old := raw(t, path)
	want := countResult(8, 92)
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{ms[0].sql + `; PRAGMA user_version = 1`, nil},
		{`INSERT INTO results (def_hash, solver_version, definition, kind, ask, n, count, m, placement, seconds, solved_at)
			VALUES (?, ?, ?, 'nqueens', 'count', 8, '92', 0, NULL, 0.25, '2026-03-14T15:09:26.535897932Z')`,
			[]any{want.Key.DefHash, want.Key.SolverVersion, want.Definition}},
		{`INSERT INTO links (set_name, problem_id, def_hash, updated_at)
			VALUES ('s', 'eight', ?, '2026-03-14T15:09:27.000000000Z')`, []any{want.Key.DefHash}},
	} {
		if _, err := old.Exec(q.sql, q.args...); err != nil {
			t.Fatal(err)
		}
	}
	if v := pragma(t, old, "user_version"); v != 1 {
		t.Fatalf("user_version of the old file = %d, want 1", v)
	}
	old.Close()

	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if v := pragma(t, raw(t, path), "user_version"); v != len(ms) {
		t.Errorf("user_version after Open = %d, want %d", v, len(ms))
	}
	got, ok, err := db.Result(ctx, want.Key)
	if err != nil || !ok || got.Answer.Count != 92 || got.Definition != want.Definition {
		t.Errorf("Result after migrating = %+v, %v, %v; want 92", got, ok, err)
	}
	if es, err := db.Lookup(ctx, "s", "eight"); err != nil || len(es) != 1 || es[0].DefHash != want.Key.DefHash {
		t.Errorf("Lookup after migrating = %+v, %v", es, err)
	}
	if err := db.SaveSubproblems(ctx, CacheKey{"h", "1"}, 2, counted(map[int]uint64{0: 1})); err != nil {
		t.Errorf("SaveSubproblems after migrating: %v", err)
	}
	if err := db.PutAttempts(ctx, []Attempt{{Set: "s", Team: "t", Problem: "eight", File: "t/eight", Key: want.Key, Verdict: "AC"}}); err != nil {
		t.Errorf("PutAttempts after migrating: %v", err)
	}
	if err := db.PutPart(ctx, Part{Key: CacheKey{"h", "1"}, ShardI: 0, ShardK: 1, Total: 2}); err != nil {
		t.Errorf("PutPart after migrating: %v", err)
	}
	rep, err := db.Doctor(ctx, want.Key.SolverVersion)
	if err != nil || len(rep.Integrity) != 0 {
		t.Errorf("Doctor after migrating = %+v, %v", rep, err)
	}
}

// TestSchemaVersion checks that the version queensjudge --version prints is
// the one a new cache is made with.
func TestSchemaVersion(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache.db")
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if got, want := SchemaVersion(), pragma(t, raw(t, path), "user_version"); got != want || got < 1 {
		t.Errorf("SchemaVersion() = %d, want %d (a new cache's user_version)", got, want)
	}
}
