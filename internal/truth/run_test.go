package truth

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/store"
)

// TestSolveWaitsForARun checks what Solve does with a count that another
// run is making: it waits (it neither counts it too nor fails), takes the
// count over when that run ends without an answer, and stops when told to
// while it waits.
func TestSolveWaitsForARun(t *testing.T) {
	ctx := context.Background()
	db := openCache(t)
	set := parseSet(t, "q", "name: q\nproblems:\n  - {id: q12, kind: nqueens, n: 12, ask: count}\n")
	key := Key(set.Problems[0].Problem)
	// The other run: this process, as another would record itself.
	other := store.NewRun(key, 0, 0, "q", "q12")
	if err := db.StartRun(ctx, other); err != nil {
		t.Fatal(err)
	}

	// Told to stop while it waits.
	stopCtx, stop := context.WithCancelCause(ctx)
	time.AfterFunc(3*awaitEvery, func() { stop(errors.New("interrupt")) })
	outs := New(db, Options{}).Solve(stopCtx, []*problems.Set{set})
	var st *StoppedError
	if !errors.As(outs[0].Err, &st) || st.Cause.Error() != "interrupt" {
		t.Fatalf("Solve stopped while it waits: %v, want a StoppedError of the interrupt", outs[0].Err)
	}
	if _, ok, _ := db.Result(ctx, key); ok {
		t.Fatal("Solve stopped while it waits stored an answer")
	}

	// The other run ends with no answer: Solve counts it.
	start := time.Now()
	time.AfterFunc(3*awaitEvery, func() { db.EndRun(ctx, other) })
	outs = New(db, Options{}).Solve(ctx, []*problems.Set{set})
	if outs[0].Err != nil || outs[0].Result.Answer.Count != 14200 || outs[0].Cached {
		t.Fatalf("Solve once the other run ended = %+v, %v; want Q(12) = 14200, counted here", outs[0].Result.Answer, outs[0].Err)
	}
	if waited := time.Since(start); waited < 3*awaitEvery {
		t.Errorf("Solve took %v: it did not wait for the other run", waited)
	}
	if live, err := db.LiveRuns(ctx); err != nil || len(live) != 0 {
		t.Errorf("LiveRuns after Solve = %+v, %v; want none", live, err)
	}
}

// TestSolveStoppedInARead checks that a stop that cuts a read of the cache
// short is a StoppedError like any other stop, not a failure of the cache:
// the same race that made a stop while waiting for another run (a read of
// its answer cut short) come out as "read result: context canceled".
func TestSolveStoppedInARead(t *testing.T) {
	db := openCache(t)
	set := parseSet(t, "q", "name: q\nproblems:\n  - {id: q12, kind: nqueens, n: 12, ask: count}\n")
	p := set.Problems[0].Problem
	ctx, stop := context.WithCancelCause(context.Background())
	stop(errors.New("interrupt"))
	_, _, err := New(db, Options{}).solve(ctx, Key(p), p, "q", "q12", nil)
	var st *StoppedError
	if !errors.As(err, &st) || st.Cause.Error() != "interrupt" {
		t.Fatalf("solve stopped before its first read: %v, want a StoppedError of the interrupt", err)
	}
}
