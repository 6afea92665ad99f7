package app_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/solver"
)

// TestShow finds by id what Solve answered; an id never solved is a said
// failure that does not hide the others.
func TestShow(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cache := tempCache(t)
	con := newConsole(output.Table, "")
	if _, err := app.Solve(ctx, con.Console, app.SolveRequest{Cache: cache, Sets: []string{contestSet}, Batch: batch}); err != nil {
		t.Fatalf("Solve = %v; stderr:\n%s", err, con.stderr)
	}
	for _, c := range []struct {
		name   string
		req    app.ShowRequest
		want   map[string]uint64 // id: count (placements for solutions)
		failed bool
		stderr string
	}{
		{"known", app.ShowRequest{IDs: []string{"eight-queens", "twelve-unique", "six-all", "qk8-max"}},
			map[string]uint64{"eight-queens": 92, "twelve-unique": 1787, "six-all": 4, "qk8-max": 5}, false, ""},
		{"in set", app.ShowRequest{Set: "example-cup", IDs: []string{"cses-sample"}},
			map[string]uint64{"cses-sample": 65}, false, ""},
		{"unknown", app.ShowRequest{IDs: []string{"eight-queens", "no-such-id"}},
			map[string]uint64{"eight-queens": 92}, true, `show: problem "no-such-id" has never been solved`},
		{"other set", app.ShowRequest{Set: "oeis", IDs: []string{"eight-queens"}},
			map[string]uint64{}, true, `show: problem "eight-queens" in set "oeis" has never been solved`},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.req.Cache = cache
			con := newConsole(output.JSON, "")
			res, err := app.Show(ctx, con.Console, c.req)
			if c.failed {
				checkOutcome(t, "Show", err, status.Failed, true)
			} else {
				checkOutcome(t, "Show", err, 0, false)
			}
			if got := strings.TrimSpace(con.stderr.String()); got != c.stderr {
				t.Errorf("stderr = %q, want %q", got, c.stderr)
			}
			if len(res.Rows) != len(c.want) {
				t.Errorf("Show gave %d rows, want %d", len(res.Rows), len(c.want))
			}
			for _, r := range res.Rows {
				want, ok := c.want[r.ID]
				if got := r.Answer.Value.Count; !ok || got != want {
					t.Errorf("Show %s = %d, want %d (asked: %v)", r.ID, got, want, ok)
				}
				if !r.Cached || r.Set != "example-cup" {
					t.Errorf("Show %s: Cached %v, set %q; want true, example-cup", r.ID, r.Cached, r.Set)
				}
			}
			compareRows(t, decodeRows(t, con.stdout.Bytes()), res.Rows)
		})
	}
}

// stopAfter is a truth.Progress that cancels a batch once a long count has
// finished some subproblems: a Ctrl-C in the middle of a count.
type stopAfter struct {
	cancel context.CancelFunc
	after  int
}

func (s stopAfter) Start(int) {}
func (s stopAfter) Subproblems(int, string) func(done, total int) {
	return func(done, _ int) {
		if done >= s.after {
			s.cancel()
		}
	}
}
func (s stopAfter) Done(int, string) {}
func (s stopAfter) Stop()            {}

// stoppedCount solves a set of one count, q13, into a new cache named
// name (in slice shard, when K > 0), stopped as by a Ctrl-C after 20
// subproblems, and returns the cache and the set.
func stoppedCount(t *testing.T, name string, shard solver.Shard) (cache, set string) {
	t.Helper()
	dir := t.TempDir()
	cache, set = filepath.Join(dir, name), filepath.Join(dir, "q.yaml")
	writeFile(t, set, "name: q\nproblems:\n  - {id: q13, kind: nqueens, n: 13, ask: count}\n")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b := batch
	b.Shard = shard
	b.Progress = stopAfter{cancel: cancel, after: 20}
	con := newConsole(output.Table, "")
	if _, err := app.Solve(ctx, con.Console, app.SolveRequest{Cache: cache, Sets: []string{set}, Batch: b}); err == nil {
		t.Fatalf("Solve stopped after 20 subproblems = nil; stderr:\n%s", con.stderr)
	}
	return cache, set
}

// TestShowStoppedCount: show of a count that was stopped says how far it
// got and how to go on (it said "has never been solved", while doctor
// listed it as resumable), and solving again finishes it from there.
func TestShowStoppedCount(t *testing.T) {
	t.Parallel()
	cache, set := stoppedCount(t, "cache.db", solver.Shard{})
	con := newConsole(output.Table, "")
	_, err := app.Show(context.Background(), con.Console, app.ShowRequest{Cache: cache, IDs: []string{"q13"}})
	checkOutcome(t, "Show", err, status.Failed, true)
	got := con.stderr.String()
	want := regexp.MustCompile(`^show: problem "q13" of set "q" has no answer yet: its count was stopped with ([1-9][0-9]*) of ([1-9][0-9]*) subproblems counted and kept; run solve again to go on from them`)
	m := want.FindStringSubmatch(got)
	if m == nil {
		t.Fatalf("Show of a stopped count: stderr %q, want it to match %s", got, want)
	}
	if kept, _ := strconv.Atoi(m[1]); kept < 20 || m[1] == m[2] {
		t.Errorf("Show of a stopped count: %s of %s kept, want 20 or more, not all", m[1], m[2])
	}
	con = newConsole(output.Table, "")
	d, err := app.Doctor(context.Background(), con.Console, app.DoctorRequest{Cache: cache})
	if err != nil || len(d.Stopped) != 1 || d.Stopped[0].ID != "q13" || len(d.Stale) != 0 || d.Checkpoints != 1 {
		t.Errorf("Doctor = %v: stopped %v, stale %v, %d resumable; want q13 stopped, none stale, 1 resumable", err, d.Stopped, d.Stale, d.Checkpoints)
	}
	con = newConsole(output.Table, "")
	res, err := app.Solve(context.Background(), con.Console, app.SolveRequest{Cache: cache, Sets: []string{set}, Batch: batch})
	if err != nil || len(res.Rows) != 1 || res.Rows[0].Answer.Value.Count != 73712 {
		t.Fatalf("Solve again = %v, %d rows; want Q(13) = 73712; stderr:\n%s", err, len(res.Rows), con.stderr)
	}
}

// TestShowStoppedSlice: a slice of solve --shard that was stopped is
// recorded unfinished in its part, which show and doctor report, with
// the run that finishes it.
func TestShowStoppedSlice(t *testing.T) {
	t.Parallel()
	cache, _ := stoppedCount(t, "part.db", solver.Shard{I: 1, K: 2})
	con := newConsole(output.Table, "")
	_, err := app.Show(context.Background(), con.Console, app.ShowRequest{Cache: cache, IDs: []string{"q13"}})
	checkOutcome(t, "Show", err, status.Failed, true)
	want := regexp.MustCompile(`^show: problem "q13" of set "q" has no answer here: this cache holds a part of its count \(solve --shard\): slice 1/2, [1-9][0-9]* of its [1-9][0-9]* subproblems counted \([0-9]+ of all [0-9]+\); run solve --shard 1/2 again to finish the slice`)
	if got := con.stderr.String(); !want.MatchString(got) {
		t.Errorf("Show of a stopped slice: stderr %q, want it to match %s", got, want)
	}
	con = newConsole(output.Table, "")
	d, err := app.Doctor(context.Background(), con.Console, app.DoctorRequest{Cache: cache})
	if err != nil || len(d.Parts) != 1 || !d.Parts[0].Unfinished || len(d.Stale) != 0 || d.Checkpoints != 0 {
		t.Errorf("Doctor = %v: parts %v, stale %v, %d resumable; want q13 an unfinished part, none stale or resumable", err, d.Parts, d.Stale, d.Checkpoints)
	}
}

// pauseAt holds a count once at subproblems are done, until resume is
// closed; reached is closed when it does.
type pauseAt struct {
	at              int
	reached, resume chan struct{}
	once            *sync.Once
}

func (p pauseAt) Start(int) {}
func (p pauseAt) Subproblems(int, string) func(done, total int) {
	return func(done, _ int) {
		if done >= p.at {
			// Every worker waits in Do until the first returns.
			p.once.Do(func() {
				close(p.reached)
				<-p.resume
			})
		}
	}
}
func (p pauseAt) Done(int, string) {}
func (p pauseAt) Stop()            {}

// TestShowRunningCount: while a count runs, show says so and how far it
// has got (it said "has never been solved"), doctor lists it as running
// (not as interrupted), and another solve of it waits for its answer
// rather than count it twice; once it ends, show gives its answer and
// doctor lists nothing.
func TestShowRunningCount(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	cache, set := filepath.Join(dir, "cache.db"), filepath.Join(dir, "q.yaml")
	writeFile(t, set, "name: q\nproblems:\n  - {id: q13, kind: nqueens, n: 13, ask: count}\n")
	p := pauseAt{at: 20, reached: make(chan struct{}), resume: make(chan struct{}), once: new(sync.Once)}
	b := batch
	b.Progress = p
	solved := make(chan error, 1)
	go func() {
		con := newConsole(output.Table, "")
		_, err := app.Solve(ctx, con.Console, app.SolveRequest{Cache: cache, Sets: []string{set}, Batch: b})
		solved <- err
	}()
	select {
	case <-p.reached:
	case err := <-solved:
		t.Fatalf("Solve ended before its 20th subproblem: %v", err)
	}
	// The counts of the first subproblems reach the cache within a
	// checkpoint's time (a quarter of a second), or a few on a loaded machine.
	want := regexp.MustCompile(`^show: problem "q13" of set "q" has no answer yet: its count is running in process [0-9]+ on .+ \(since .+ UTC\), [1-9][0-9]* of its [1-9][0-9]* subproblems counted so far; show it again once that run ends\n$`)
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		con := newConsole(output.Table, "")
		_, err := app.Show(ctx, con.Console, app.ShowRequest{Cache: cache, IDs: []string{"q13"}})
		checkOutcome(t, "Show", err, status.Failed, true)
		got := con.stderr.String()
		if want.MatchString(got) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Show of a running count: stderr %q, want it to match %s", got, want)
		}
	}
	con := newConsole(output.Table, "")
	d, err := app.Doctor(ctx, con.Console, app.DoctorRequest{Cache: cache})
	if err != nil || len(d.Running) != 1 || d.Running[0].ID != "q13" || d.Running[0].PID != os.Getpid() || d.Checkpoints != 0 || len(d.Stopped)+len(d.Stale) != 0 {
		t.Errorf("Doctor of a running count = %v: running %+v, %d resumable, stopped %v, stale %v; want q13 running here, nothing else",
			err, d.Running, d.Checkpoints, d.Stopped, d.Stale)
	}
	type result struct {
		res    app.SolveResult
		err    error
		stderr string
	}
	second := make(chan result, 1)
	said := &firstWrite{wrote: make(chan struct{})}
	go func() {
		con := newConsole(output.Table, "")
		con.Stderr = said
		res, err := app.Solve(ctx, con.Console, app.SolveRequest{Cache: cache, Sets: []string{set}, Batch: batch})
		second <- result{res, err, said.String()}
	}()
	// It says it waits, then waits until the first ends.
	select {
	case r := <-second:
		t.Fatalf("Solve beside a running count ended before it: %v, %v", r.res.Rows, r.err)
	case <-said.wrote:
	case <-time.After(30 * time.Second):
		t.Fatal("Solve beside a running count said nothing in 30 s")
	}
	select {
	case r := <-second:
		t.Fatalf("Solve beside a running count ended before it: %v, %v", r.res.Rows, r.err)
	case <-time.After(time.Second):
	}
	close(p.resume)
	if err := <-solved; err != nil {
		t.Fatalf("Solve = %v", err)
	}
	r := <-second
	if r.err != nil || len(r.res.Rows) != 1 || r.res.Rows[0].Answer.Value.Count != 73712 || !r.res.Rows[0].Cached {
		t.Errorf("Solve beside a running count = %+v, %v; want Q(13) = 73712, the other run's (cached)", r.res.Rows, r.err)
	}
	wantWait := regexp.MustCompile(`^solve: problem "q13": waiting for its answer: its count is running in process [0-9]+ on .+ \(since .+ UTC\)\n$`)
	if !wantWait.MatchString(r.stderr) {
		t.Errorf("Solve beside a running count: stderr %q, want it to match %s", r.stderr, wantWait)
	}
	con = newConsole(output.Table, "")
	res, err := app.Show(ctx, con.Console, app.ShowRequest{Cache: cache, IDs: []string{"q13"}})
	if err != nil || len(res.Rows) != 1 || res.Rows[0].Answer.Value.Count != 73712 {
		t.Errorf("Show once the count ended = %v, %v; want Q(13) = 73712; stderr:\n%s", res.Rows, err, con.stderr)
	}
	con = newConsole(output.Table, "")
	if d, err := app.Doctor(ctx, con.Console, app.DoctorRequest{Cache: cache}); err != nil || len(d.Running) != 0 {
		t.Errorf("Doctor once the count ended = %v: running %+v; want none", err, d.Running)
	}
}

// firstWrite is a writer safe for use by two goroutines that closes wrote
// at its first write.
type firstWrite struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	wrote chan struct{}
	once  sync.Once
}

func (w *firstWrite) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.once.Do(func() { close(w.wrote) })
	return w.buf.Write(p)
}

func (w *firstWrite) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}
