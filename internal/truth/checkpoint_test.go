package truth

import (
	"context"
	"errors"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// countMap returns the counts that store.Subproblems returns as a map, for
// tests to compare.
func countMap(total int, counts []store.SubproblemCount, err error) (int, map[int]uint64, error) {
	m := map[int]uint64{}
	for _, c := range counts {
		m[c.I] = c.Count
	}
	return total, m, err
}

// TestCheckpointerWritesInTheBackground checks that the counts handed to
// Checkpoint reach the cache within a few checkpoint periods with no
// further call: the workers only hand them over, and the checkpointer's own
// goroutine writes them.
func TestCheckpointerWritesInTheBackground(t *testing.T) {
	ctx := context.Background()
	db := openCache(t)
	key := store.CacheKey{DefHash: "h", SolverVersion: "1"}
	c, err := newCheckpointer(ctx, db, key)
	if err != nil {
		t.Fatal(err)
	}
	var opt solver.Options
	c.hook(ctx, &opt)
	defer c.stop()
	opt.Plan(10)
	want := map[int]uint64{3: 30, 1: 10, 4: 0}
	for i, n := range want {
		if err := opt.Checkpoint(i, n); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(20 * checkpointEvery)
	for {
		total, got, err := countMap(db.Subproblems(ctx, key))
		if err != nil {
			t.Fatal(err)
		}
		if total == 10 && maps.Equal(got, want) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %v the cache holds %d subproblems of %d: %v, want %v", 20*checkpointEvery, len(got), total, got, want)
		}
		time.Sleep(checkpointEvery / 5)
	}
	if kept, total := c.done(); kept != 3 || total != 10 {
		t.Errorf("done = %d, %d; want 3, 10", kept, total)
	}
}

// TestCheckpointerFailedWrite checks that a write the cache refuses stops
// the count at its next Checkpoint, that done does not count what was not
// kept, and that the final flush tries the refused counts again.
func TestCheckpointerFailedWrite(t *testing.T) {
	ctx := context.Background()
	db := openCache(t)
	key := store.CacheKey{DefHash: "h", SolverVersion: "1"}
	// An earlier run recorded a plan of 5 subproblems: a plan of 10 is
	// refused.
	if err := db.SaveSubproblems(ctx, key, 5, []store.SubproblemCount{{I: 0, Count: 1}}); err != nil {
		t.Fatal(err)
	}
	c, err := newCheckpointer(ctx, db, key)
	if err != nil {
		t.Fatal(err)
	}
	var opt solver.Options
	c.hook(ctx, &opt)
	opt.Plan(10)
	if err := opt.Checkpoint(7, 70); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * checkpointEvery)
	for opt.Checkpoint(8, 80) == nil {
		if time.Now().After(deadline) {
			t.Fatalf("Checkpoint still takes counts %v after a refused write", 20*checkpointEvery)
		}
		time.Sleep(checkpointEvery / 5)
	}
	err = opt.Checkpoint(9, 90)
	if err == nil || !strings.Contains(err.Error(), "plan of 10 subproblems, 5 recorded before") {
		t.Errorf("Checkpoint after a refused write = %v, want the refusal", err)
	}
	c.stop()
	if kept, _ := c.done(); kept != 1 {
		t.Errorf("done counts %d kept, want 1 (the earlier run's)", kept)
	}
	// The plan is put right: the final flush writes what was refused.
	if err := db.DeleteSubproblems(ctx, key); err != nil {
		t.Fatal(err)
	}
	if err := c.flush(ctx); err != nil {
		t.Fatalf("final flush: %v", err)
	}
	if _, got, _ := countMap(db.Subproblems(ctx, key)); got[7] != 70 || got[8] != 80 || got[9] != 90 {
		t.Errorf("after the final flush the cache holds %v, want 7, 8 and 9", got)
	}
}

// TestCheckpointerEarlierPlan checks that a count stopped before the
// solver makes its plan (in the tables of the quadrant join, seconds at
// n = 20) says how much of it is kept of the plan an earlier run made: a
// --timeout there said "1841 of 0 subproblems are counted and kept", and a
// Ctrl-C "0 of 1 problems answered".
func TestCheckpointerEarlierPlan(t *testing.T) {
	ctx := context.Background()
	db := openCache(t)
	key := store.CacheKey{DefHash: "h", SolverVersion: "1"}
	if err := db.SaveSubproblems(ctx, key, 10, []store.SubproblemCount{{I: 2, Count: 5}, {I: 3, Count: 0}}); err != nil {
		t.Fatal(err)
	}
	c, err := newCheckpointer(ctx, db, key)
	if err != nil {
		t.Fatal(err)
	}
	if kept, total := c.done(); kept != 2 || total != 10 {
		t.Errorf("done before the plan = %d, %d; want 2, 10", kept, total)
	}
}

// TestStoppedErrorSaysWhatIsKept checks what a stopped problem says: how
// much of a long count is kept, or that nothing is when it stopped before
// its first subproblem.
func TestStoppedErrorSaysWhatIsKept(t *testing.T) {
	timedOut := errors.New("timed out after 3s")
	for _, c := range []struct {
		err  *StoppedError
		want string
	}{
		{&StoppedError{Cause: timedOut, Kept: 1841, Total: 92504, Long: true}, "timed out after 3s; 1841 of 92504 subproblems are counted and kept: solve again to go on"},
		{&StoppedError{Cause: timedOut, Total: 92504, Long: true}, "timed out after 3s before the first of its subproblems was counted: nothing of it is kept"},
		{&StoppedError{Cause: timedOut, Long: true}, "timed out after 3s before the first of its subproblems was counted: nothing of it is kept"},
		{&StoppedError{Cause: timedOut}, "timed out after 3s"},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("%+v: Error() = %q, want %q", *c.err, got, c.want)
		}
	}
}
