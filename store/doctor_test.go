package store

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

func TestDoctorAndFix(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	put := func(key CacheKey) {
		t.Helper()
		r := Result{Key: key, Definition: "d", Kind: solver.NQueens, Ask: solver.AskCount, N: 8, Answer: solver.Answer{Count: 92}}
		if err := db.Put(ctx, r, nil); err != nil {
			t.Fatal(err)
		}
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	var (
		current  = CacheKey{"current", "2"}
		old      = CacheKey{"old", "1"}
		orphan   = CacheKey{"orphan", "2"}
		running  = CacheKey{"running", "2"}
		stopped  = CacheKey{"stopped", "1"} // interrupted under the old version
		shardKey = CacheKey{"shard", "1"}   // a shard run of the old version, not merged yet
		finished = CacheKey{"finished", "2"}
	)
	put(current)
	put(old)
	put(orphan)
	must(db.Link(ctx, "s", "a", current.DefHash))
	must(db.Link(ctx, "s", "b", old.DefHash))
	must(db.Link(ctx, "s", "c", "never-solved"))
	must(db.SaveSubproblems(ctx, running, 5, map[int]uint64{1: 3}))
	must(db.SaveSubproblems(ctx, stopped, 5, map[int]uint64{1: 3, 2: 4}))
	must(db.SaveSubproblems(ctx, shardKey, 5, map[int]uint64{0: 3}))
	must(db.PutPart(ctx, Part{Key: shardKey, Definition: "d", Kind: solver.NQueens, Ask: solver.AskCount, N: 8, ShardI: 0, ShardK: 2, Total: 5}))
	// A result stored past Put (another tool, an older binary) leaves
	// finished checkpoints behind.
	must(db.SaveSubproblems(ctx, finished, 3, map[int]uint64{0: 1, 1: 2, 2: 3}))
	_, err := db.w.ExecContext(ctx, `INSERT INTO results SELECT 'finished', '2', definition, kind, ask, n, count, m, placement, seconds, solved_at
		FROM results WHERE def_hash = 'current'`)
	must(err)
	must(db.Link(ctx, "s", "f", finished.DefHash))
	must(db.PutJudgements(ctx, []Judgement{{Set: "s", Team: "t", Problem: "b", File: "b", Key: old, Verdict: "AC"}}))

	rep, err := db.Doctor(ctx, "2")
	if err != nil {
		t.Fatal(err)
	}
	want := Report{
		Stale:               []Stale{{"s", "b", "old"}, {"s", "c", "never-solved"}},
		OldResults:          1,
		Orphans:             1,
		Checkpoints:         1,
		OldCheckpoints:      1,
		FinishedCheckpoints: 3,
	}
	if !sameReport(rep, want) {
		t.Errorf("Doctor = %+v, want %+v", rep, want)
	}

	// Removed: the old result, the 3 finished subproblems and their plan,
	// the 2 subproblems and the plan of the stopped old count.
	removed, err := db.Fix(ctx, "2")
	if err != nil || removed != 1+3+1+2+1 {
		t.Errorf("Fix removed %d, %v; want %d", removed, err, 1+3+1+2+1)
	}
	for _, k := range []CacheKey{current, orphan, finished} {
		if _, ok, _ := db.Result(ctx, k); !ok {
			t.Errorf("Fix removed the current result %s", k)
		}
	}
	if _, ok, _ := db.Result(ctx, old); ok {
		t.Errorf("Fix kept the old result %s", old)
	}
	for _, k := range []CacheKey{running, shardKey} {
		if _, got, _ := db.Subproblems(ctx, k); len(got) != 1 {
			t.Errorf("Fix removed the checkpoints of %s", k)
		}
	}
	if total, got, _ := db.Subproblems(ctx, stopped); total != 0 || len(got) != 0 {
		t.Errorf("Fix kept the checkpoints of %s", stopped)
	}
	if parts, _ := db.Parts(ctx); len(parts) != 1 {
		t.Errorf("Fix left %d parts, want 1", len(parts))
	}
	if js, _ := db.Judgements(ctx, "s"); len(js) != 1 {
		t.Errorf("Fix left %d judgements, want 1", len(js))
	}
	if es, _ := db.Lookup(ctx, "s", "b"); len(es) != 1 {
		t.Errorf("Fix removed a link")
	}
	rep, err = db.Doctor(ctx, "2")
	want = Report{Stale: want.Stale, Orphans: 1, Checkpoints: 1}
	if err != nil || !sameReport(rep, want) {
		t.Errorf("Doctor after Fix = %+v, %v; want %+v", rep, err, want)
	}
	if removed, err := db.Fix(ctx, "2"); removed != 0 || err != nil {
		t.Errorf("Fix again removed %d, %v; want 0", removed, err)
	}
}

func sameReport(a, b Report) bool {
	return slices.Equal(a.Integrity, b.Integrity) && slices.Equal(a.Stale, b.Stale) &&
		a.OldResults == b.OldResults && a.Orphans == b.Orphans && a.Checkpoints == b.Checkpoints &&
		a.OldCheckpoints == b.OldCheckpoints && a.FinishedCheckpoints == b.FinishedCheckpoints
}

// TestDoctorIntegrity damages an index behind SQLite's back and checks that
// Doctor reports it.
func TestDoctorIntegrity(t *testing.T) {
	ctx := context.Background()
	db, path := openTemp(t)
	for _, id := range []string{"a", "b", "c"} {
		if err := db.Link(ctx, "s", id, "h"+id); err != nil {
			t.Fatal(err)
		}
	}
	if rep, err := db.Doctor(ctx, "2"); err != nil || len(rep.Integrity) != 0 {
		t.Fatalf("Doctor before the damage = %+v, %v", rep, err)
	}
	// Declare the index on another column than the one it was built on.
	tamper := raw(t, path)
	_, err := tamper.Exec(`PRAGMA writable_schema = ON;
		UPDATE sqlite_schema SET sql = 'CREATE INDEX links_by_id ON links (def_hash)' WHERE name = 'links_by_id';
		PRAGMA writable_schema = OFF;`)
	if err != nil {
		t.Fatal(err)
	}
	tamper.Close()
	db.Close()
	db, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rep, err := db.Doctor(ctx, "2")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Integrity) == 0 || !strings.Contains(strings.Join(rep.Integrity, "\n"), "links_by_id") {
		t.Errorf("Doctor.Integrity = %q, want the damaged index links_by_id named", rep.Integrity)
	}
}
