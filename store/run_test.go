package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestStartRun checks that a run is refused while a live one counts any of
// the same subproblems, and taken once that one ends.
func TestStartRun(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	key := countResult(21, 0).Key
	other := countResult(22, 0).Key
	whole := NewRun(key, 0, 0, "set", "q21")
	if err := db.StartRun(ctx, whole); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		run    Run
		refuse bool
	}{
		{"the whole count again", NewRun(key, 0, 0, "other", "again"), true},
		{"a slice of it", NewRun(key, 1, 4, "set", "q21"), true},
		{"another problem", NewRun(other, 0, 0, "set", "q22"), false},
	} {
		err := db.StartRun(ctx, tc.run)
		var re *RunningError
		switch {
		case tc.refuse && !errors.As(err, &re):
			t.Errorf("%s: StartRun = %v, want a RunningError", tc.name, err)
		case tc.refuse && re.Held.Token != whole.Token:
			t.Errorf("%s: held by %+v, want %+v", tc.name, re.Held, whole)
		case !tc.refuse && err != nil:
			t.Errorf("%s: StartRun = %v", tc.name, err)
		}
	}
	live, err := db.LiveRuns(ctx)
	if err != nil || len(live) != 2 || live[0].Key != key && live[1].Key != key {
		t.Fatalf("LiveRuns = %+v, %v; want the two started", live, err)
	}
	if err := db.EndRun(ctx, whole); err != nil {
		t.Fatal(err)
	}
	// The slices of one K do not overlap; the same slice, a slice of
	// another K, or the whole count, does.
	s0, s1 := NewRun(key, 0, 2, "set", "q21"), NewRun(key, 1, 2, "set", "q21")
	for _, r := range []Run{s0, s1} {
		if err := db.StartRun(ctx, r); err != nil {
			t.Fatalf("slice %d/%d: %v", r.ShardI, r.ShardK, err)
		}
	}
	for _, r := range []Run{NewRun(key, 1, 2, "set", "q21"), NewRun(key, 0, 0, "set", "q21"), NewRun(key, 2, 3, "set", "q21")} {
		var re *RunningError
		if err := db.StartRun(ctx, r); !errors.As(err, &re) {
			t.Errorf("slice %d/%d beside 0/2 and 1/2: StartRun = %v, want a RunningError", r.ShardI, r.ShardK, err)
		}
	}
}

// TestRunsNotLive checks that a run whose process is gone, or which has
// not said it is alive for runStale, is not live, and is replaced.
func TestRunsNotLive(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	key := countResult(21, 0).Key
	// A process of this host that has ended.
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip("no true to run:", err)
	}
	gone := NewRun(key, 0, 0, "set", "q21")
	gone.PID = cmd.Process.Pid
	// One that has ended and is not reaped yet: signal 0 still reaches it
	// (where /proc tells, it is not live).
	zombie := exec.Command("true")
	if err := zombie.Start(); err != nil {
		t.Fatal(err)
	}
	defer zombie.Wait()
	_, err := os.Stat("/proc/self/stat")
	hasProc := err == nil
	for hasProc && !zombieNow(zombie.Process.Pid) {
		time.Sleep(time.Millisecond)
	}
	unreaped := NewRun(key, 0, 0, "set", "q21")
	unreaped.PID = zombie.Process.Pid
	silent := NewRun(key, 0, 0, "set", "q21")
	silent.Host, silent.Beat = "another-host", time.Now().Add(-runStale-time.Second)
	elsewhere := NewRun(key, 0, 0, "set", "q21")
	elsewhere.Host = "another-host"
	ahead := NewRun(key, 0, 0, "set", "q21")
	ahead.Beat = time.Now().Add(24 * time.Hour)
	for _, tc := range []struct {
		name string
		run  Run
		live bool
	}{
		{"this process", NewRun(key, 0, 0, "set", "q21"), true},
		{"an ended process", gone, false},
		{"an ended process not reaped", unreaped, !hasProc},
		{"silent on another host", silent, false},
		{"alive on another host", elsewhere, true},
		{"a beat a day ahead", ahead, false},
	} {
		if got := tc.run.Live(time.Now()); got != tc.live {
			t.Errorf("%s: Live = %v, want %v", tc.name, got, tc.live)
		}
	}
	for _, r := range []Run{gone, silent} {
		if err := db.StartRun(ctx, r); err != nil {
			t.Fatalf("StartRun(%+v): %v", r, err)
		}
		if live, err := db.LiveRuns(ctx); err != nil || len(live) != 0 {
			t.Errorf("LiveRuns = %+v, %v; want none", live, err)
		}
	}
	// The next run replaces what the last left; a beat keeps it live.
	next := NewRun(key, 0, 0, "set", "q21")
	next.Host, next.Beat = "another-host", time.Now().Add(-runStale+time.Second/2)
	if err := db.StartRun(ctx, next); err != nil {
		t.Fatal(err)
	}
	if err := db.BeatRun(ctx, next); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	live, err := db.LiveRuns(ctx)
	if err != nil || len(live) != 1 || live[0].Token != next.Token {
		t.Fatalf("LiveRuns after a beat = %+v, %v; want the one run", live, err)
	}
	if err := db.EndRun(ctx, next); err != nil {
		t.Fatal(err)
	}
	if live, err := db.LiveRuns(ctx); err != nil || len(live) != 0 {
		t.Errorf("LiveRuns after EndRun = %+v, %v; want none", live, err)
	}
}

// zombieNow reports whether process pid has ended and waits to be reaped,
// as /proc says.
func zombieNow(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	return err == nil && strings.Contains(string(stat), ") Z ")
}

// TestFixEndedRuns checks that Doctor counts the records of runs that
// ended without removing them and Fix removes them, keeping those of live
// runs.
func TestFixEndedRuns(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	silent := NewRun(countResult(21, 0).Key, 0, 0, "set", "q21")
	silent.Host, silent.Beat = "another-host", time.Now().Add(-runStale-time.Second)
	live := NewRun(countResult(20, 0).Key, 0, 0, "set", "q20")
	for _, r := range []Run{silent, live} {
		if err := db.StartRun(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := db.Doctor(ctx, "2")
	if err != nil || rep.EndedRuns != 1 || len(rep.Running) != 1 || rep.Running[0].Token != live.Token {
		t.Fatalf("Doctor = %v: %d ended runs, running %+v; want 1, the live one", err, rep.EndedRuns, rep.Running)
	}
	if removed, err := db.Fix(ctx, "2"); err != nil || removed != 1 {
		t.Errorf("Fix removed %d, %v; want the ended run's record", removed, err)
	}
	rep, err = db.Doctor(ctx, "2")
	if err != nil || rep.EndedRuns != 0 || len(rep.Running) != 1 {
		t.Errorf("Doctor after Fix = %v: %d ended runs, %d running; want 0, 1", err, rep.EndedRuns, len(rep.Running))
	}
}
