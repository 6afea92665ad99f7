package store

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

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
	must(db.SaveSubproblems(ctx, running, 5, counted(map[int]uint64{1: 3})))
	must(db.SaveSubproblems(ctx, stopped, 5, counted(map[int]uint64{1: 3, 2: 4})))
	must(db.SaveSubproblems(ctx, shardKey, 5, counted(map[int]uint64{0: 3})))
	must(db.PutPart(ctx, Part{Key: shardKey, Definition: "d", Kind: solver.NQueens, Ask: solver.AskCount, N: 8, ShardI: 0, ShardK: 2, Total: 5}))
	// A result stored past Put (another tool, an older binary) leaves
	// finished checkpoints behind.
	must(db.SaveSubproblems(ctx, finished, 3, counted(map[int]uint64{0: 1, 1: 2, 2: 3})))
	_, err := db.w.ExecContext(ctx, `INSERT INTO results SELECT 'finished', '2', definition, kind, ask, n, count, m, placement, seconds, solved_at
		FROM results WHERE def_hash = 'current'`)
	must(err)
	must(db.Link(ctx, "s", "f", finished.DefHash))
	must(db.PutAttempts(ctx, []Attempt{{Set: "s", Team: "t", Problem: "b", File: "b", Key: old, Verdict: "AC"}}))

	rep, err := db.Doctor(ctx, "2")
	if err != nil {
		t.Fatal(err)
	}
	want := Report{
		Stale:               []Stale{{Set: "s", ID: "b", DefHash: "old"}, {Set: "s", ID: "c", DefHash: "never-solved"}},
		OldResults:          1,
		Orphans:             1,
		Checkpoints:         1,
		OldCheckpoints:      1,
		FinishedCheckpoints: 3,
	}
	if !sameReport(rep, want) {
		t.Errorf("Doctor = %+v, want %+v", rep, want)
	}

	// Removed: the old result, the batch of the 3 finished subproblems and
	// their plan, the batch and the plan of the stopped old count.
	removed, err := db.Fix(ctx, "2")
	if err != nil || removed != 1+1+1+1+1 {
		t.Errorf("Fix removed %d, %v; want %d", removed, err, 1+1+1+1+1)
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
		if _, got, _ := countMap(db.Subproblems(ctx, k)); len(got) != 1 {
			t.Errorf("Fix removed the checkpoints of %s", k)
		}
	}
	if total, got, _ := countMap(db.Subproblems(ctx, stopped)); total != 0 || len(got) != 0 {
		t.Errorf("Fix kept the checkpoints of %s", stopped)
	}
	if parts, _ := db.Parts(ctx); len(parts) != 1 {
		t.Errorf("Fix left %d parts, want 1", len(parts))
	}
	if js, _ := db.Attempts(ctx, "s"); len(js) != 1 {
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

// damageTable overwrites the cell pointers of the root page of table in the
// cache file at path, a table small enough to fit its root page: every row
// then points outside the page.
func damageTable(t *testing.T, path, table string) {
	t.Helper()
	r := raw(t, path)
	var root int64
	if err := r.QueryRow(`SELECT rootpage FROM sqlite_schema WHERE name = ?`, table).Scan(&root); err != nil {
		t.Fatal(err)
	}
	size := int64(pragma(t, r, "page_size"))
	r.Close()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	page := make([]byte, size)
	if _, err := f.ReadAt(page, (root-1)*size); err != nil {
		t.Fatal(err)
	}
	if page[0] != 0x0d {
		t.Fatalf("the root page of %s is not a table leaf (type %#x)", table, page[0])
	}
	cells := int(page[3])<<8 | int(page[4])
	for i := 8; i < 8+2*cells; i++ {
		page[i] = 0xff
	}
	if _, err := f.WriteAt(page, (root-1)*size); err != nil {
		t.Fatal(err)
	}
}

// TestDamagedFile damages the links of a cache: Writable says it is
// damaged, every write is refused and the file is left as it was, reads of
// what is sound still work, and Doctor reports what the integrity check
// found and nothing else.
func TestDamagedFile(t *testing.T) {
	ctx := context.Background()
	db, path := openTemp(t)
	r := countResult(8, 92)
	if err := db.Put(ctx, r, nil); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"a", "b", "c"} {
		if err := db.Link(ctx, "s", id, r.Key.DefHash); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	damageTable(t, path, "links")
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	db, err = Open(ctx, path)
	if err != nil {
		t.Fatalf("Open a damaged cache = %v, want it opened for reading and checking", err)
	}
	defer db.Close()
	if err := db.Writable(ctx); !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), path) {
		t.Errorf("Writable = %v, want ErrDamaged naming the file", err)
	}
	writes := map[string]error{
		"Link":            db.Link(ctx, "s", "d", r.Key.DefHash),
		"Put":             db.Put(ctx, countResult(9, 352), nil),
		"SaveSubproblems": db.SaveSubproblems(ctx, r.Key, 3, counted(map[int]uint64{0: 1})),
		"PutLinks":        db.PutLinks(ctx, []ProblemLink{{Set: "s", ID: "e", DefHash: "h", LinkedAt: time.Now()}}),
	}
	_, fixErr := db.Fix(ctx, solver.Version)
	writes["Fix"] = fixErr
	for name, err := range writes {
		if !errors.Is(err, ErrDamaged) {
			t.Errorf("%s on a damaged cache = %v, want ErrDamaged", name, err)
		}
	}
	if got, ok, err := db.Result(ctx, r.Key); !ok || err != nil || got.Answer.Count != 92 {
		t.Errorf("Result on a damaged cache = %v, %v, %v; want the sound result", got.Answer.Count, ok, err)
	}
	rep, err := db.Doctor(ctx, solver.Version)
	if err != nil || len(rep.Integrity) < 3 || !strings.Contains(strings.Join(rep.Integrity, "\n"), "Offset 65535 out of range") {
		t.Errorf("Doctor = %q, %v; want a finding for each of the 3 rows", rep.Integrity, err)
	}
	for _, line := range rep.Integrity {
		if strings.Contains(line, "\n") {
			t.Errorf("Doctor finding %q holds several lines", line)
		}
	}
	db.Close()
	if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
		t.Error("the damaged file changed")
	}
}

// TestDoctorStoppedCounts checks what Doctor says of counts stopped with
// subproblems kept: how many of how many, and the record of the run when
// it was killed; and that a count killed before its problem was linked is
// named by the record its run left (it was only counted as resumable).
func TestDoctorStoppedCounts(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Skip("no true to run:", err)
	}
	dead := func(key CacheKey, set, id string) Run {
		r := NewRun(key, 0, 0, set, id)
		r.PID = gone.Process.Pid
		must(db.StartRun(ctx, r))
		return r
	}
	var (
		interrupted = CacheKey{"interrupted", "2"} // stopped, linked
		killed      = CacheKey{"killed", "2"}      // linked, then killed
		unlinked    = CacheKey{"unlinked", "2"}    // killed before it was linked
		elsewhere   = CacheKey{"elsewhere", "2"}   // killed, its id linked to another definition
		empty       = CacheKey{"empty", "2"}       // killed before it kept anything
	)
	must(db.SaveSubproblems(ctx, interrupted, 5, counted(map[int]uint64{1: 3, 2: 4})))
	must(db.SaveSubproblems(ctx, interrupted, 5, counted(map[int]uint64{2: 4, 3: 0}))) // overlapping batches count once
	must(db.Link(ctx, "s", "a", interrupted.DefHash))
	must(db.SaveSubproblems(ctx, killed, 7, counted(map[int]uint64{0: 1})))
	must(db.Link(ctx, "s", "b", killed.DefHash))
	killedRun := dead(killed, "s", "b")
	must(db.SaveSubproblems(ctx, unlinked, 9, counted(map[int]uint64{4: 1, 5: 2})))
	unlinkedRun := dead(unlinked, "s", "c")
	must(db.SaveSubproblems(ctx, elsewhere, 3, counted(map[int]uint64{0: 1})))
	must(db.Link(ctx, "s", "d", "old-definition"))
	dead(elsewhere, "s", "d")
	dead(empty, "s", "e")

	ended, err := db.EndedRuns(ctx)
	if err != nil || len(ended) != 4 {
		t.Fatalf("EndedRuns = %+v, %v; want the 4 records", ended, err)
	}
	rep, err := db.Doctor(ctx, "2")
	if err != nil {
		t.Fatal(err)
	}
	type stopped struct {
		id             string
		counted, total int
		token          string // of the ended run; "" for none
	}
	want := []stopped{{"a", 3, 5, ""}, {"b", 1, 7, killedRun.Token}, {"c", 2, 9, unlinkedRun.Token}}
	var got []stopped
	for _, s := range rep.Stopped {
		g := stopped{s.ID, s.Counted, s.Total, ""}
		if s.Ended != nil {
			g.token = s.Ended.Token
		}
		got = append(got, g)
	}
	if !slices.Equal(got, want) {
		t.Errorf("Doctor's stopped counts = %+v, want %+v", got, want)
	}
	if rep.Checkpoints != 4 || rep.EndedRuns != 4 {
		t.Errorf("Doctor: %d resumable, %d ended runs; want 4 (every plan without an answer), 4", rep.Checkpoints, rep.EndedRuns)
	}
}
