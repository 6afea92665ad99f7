package app_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/picture"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/truth"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
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
			map[string]uint64{"eight-queens": 92}, true, `show: problem "no-such-id" has never been solved: the cache has no problem of that id; solve or key its set first`},
		// A mistyped id is named as what does not exist, with the id the
		// cache knows that it was probably meant to be: a problem, a
		// problem with tests, a test of a problem.
		{"typo", app.ShowRequest{IDs: []string{"eight-queen"}},
			map[string]uint64{}, true, `show: the cache has no problem "eight-queen" (did you mean "eight-queens"?)`},
		{"typo of a problem with tests", app.ShowRequest{IDs: []string{"chessbord"}},
			map[string]uint64{}, true, `show: the cache has no problem "chessbord" (did you mean "chessboard"?)`},
		{"typo of a test", app.ShowRequest{IDs: []string{"chessboard/smal-1"}},
			map[string]uint64{}, true, `show: the cache has no test "smal-1" of problem "chessboard" (did you mean "chessboard/small-1"?)`},
		{"test far from any", app.ShowRequest{IDs: []string{"chessboard/huge"}},
			map[string]uint64{}, true, `show: the cache has no test "huge" of problem "chessboard" (show chessboard lists its tests)`},
		{"test in set", app.ShowRequest{Set: "example-cup", IDs: []string{"chessboard/smal-1"}},
			map[string]uint64{}, true, `show: set "example-cup" has no test "smal-1" of problem "chessboard" in the cache (did you mean "chessboard/small-1"?)`},
		{"typo in set", app.ShowRequest{Set: "example-cup", IDs: []string{"qk8-maxx"}},
			map[string]uint64{}, true, `show: set "example-cup" has no problem "qk8-maxx" in the cache (did you mean "qk8-max"?)`},
		{"other set", app.ShowRequest{Set: "oeis", IDs: []string{"eight-queens"}},
			map[string]uint64{}, true, `show: set "oeis" has no problem "eight-queens" in the cache; it is in set "example-cup"`},
		{"mistyped set", app.ShowRequest{Set: "exmaple-cup", IDs: []string{"eight-queens"}},
			map[string]uint64{}, true, `show: set "exmaple-cup" has no problem "eight-queens" in the cache (did you mean --set example-cup?)`},
		// --set with the set's file: its name, its ids.
		{"set file", app.ShowRequest{Set: contestSet, IDs: []string{"eight-queens"}},
			map[string]uint64{"eight-queens": 92}, false, ""},
		{"typo in set file", app.ShowRequest{Set: contestSet, IDs: []string{"eight-queen", "twelve-unique"}},
			map[string]uint64{"twelve-unique": 1787}, true, `show: set "example-cup" (` + contestSet + `) has no problem "eight-queen" (did you mean "eight-queens"?)`},
		{"set file not solved", app.ShowRequest{Set: testdata + "/oeis.yaml", IDs: []string{"q1-count"}},
			map[string]uint64{}, true, `show: problem "q1-count" of set "oeis" has never been solved: solve ` + testdata + `/oeis.yaml`},
		{"set file not there", app.ShowRequest{Set: "no-such-set.yaml", IDs: []string{"eight-queens"}},
			map[string]uint64{}, true, `show: no file no-such-set.yaml, and set "no-such-set.yaml" has no problem "eight-queens" in the cache; it is in set "example-cup"`},
		{"missing set file", app.ShowRequest{Set: testdata + "/no-such-set.yaml", IDs: []string{"eight-queens"}},
			map[string]uint64{}, true, `queensjudge: open ` + testdata + `/no-such-set.yaml: no such file or directory`},
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
			if con.stdout.Len() == 0 && len(c.want) == 0 {
				return // a set file that cannot be read: refused before any output
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
	want := regexp.MustCompile(`^show: (problem "q13" of set "q" has no answer yet: ([1-9][0-9]*) of ([1-9][0-9]*) subproblems counted and kept \(an interrupted run\); solve the set again to go on from them.*)\n$`)
	m := want.FindStringSubmatch(got)
	if m == nil {
		t.Fatalf("Show of a stopped count: stderr %q, want it to match %s", got, want)
	}
	if kept, _ := strconv.Atoi(m[2]); kept < 20 || m[2] == m[3] {
		t.Errorf("Show of a stopped count: %s of %s kept, want 20 or more, not all", m[2], m[3])
	}
	con = newConsole(output.Table, "")
	d, err := app.Doctor(context.Background(), con.Console, app.DoctorRequest{Cache: cache})
	if err != nil || len(d.Stopped) != 1 || d.Stopped[0].ID != "q13" || len(d.Stale) != 0 || d.Checkpoints != 1 {
		t.Errorf("Doctor = %v: stopped %v, stale %v, %d resumable; want q13 stopped, none stale, 1 resumable", err, d.Stopped, d.Stale, d.Checkpoints)
	}
	// Doctor says it in show's words.
	if line := "stopped: " + m[1] + "\n"; !strings.Contains(con.stdout.String(), line) {
		t.Errorf("Doctor of a stopped count:\n%s\nwant the line %q", con.stdout, line)
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

// TestShowKilledCount: a count killed midway (kill -9, a power cut: the
// record of its run left behind, its process gone) is named by show and
// doctor in the same words, with how much of it is kept and how to go on;
// show said "has never been solved" of it while doctor counted it as
// resumable. It is found by its link, made once the count kept something,
// or else by the record its run left.
func TestShowKilledCount(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// A process of this host that has ended: the killed run's.
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Skip("no true to run:", err)
	}
	pid := gone.Process.Pid
	killed := func(t *testing.T, cache string, key store.CacheKey) {
		t.Helper()
		db, err := store.Open(ctx, cache)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		r := store.NewRun(key, 0, 0, "q", "q13")
		r.PID = pid
		if err := db.StartRun(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	set, err := problems.Parse("q.yaml", []byte("name: q\nproblems:\n  - {id: q13, kind: nqueens, n: 13, ask: count}\n"))
	if err != nil {
		t.Fatal(err)
	}
	q13 := truth.Key(set.Problems[0].Problem) // stoppedCount's
	for _, c := range []struct {
		name   string
		linked bool // the count kept something and was linked before the kill
		kept   int  // of subproblems, when not linked
		want   string
	}{
		{"linked", true, 0, `problem "q13" of set "q" has no answer yet: ([1-9][0-9]*) of ([1-9][0-9]*) subproblems counted and kept \(a killed run: process ` + strconv.Itoa(pid) + ` on .+, since .+ UTC\); solve the set again to go on from them`},
		{"not linked", false, 2, `problem "q13" of set "q" has no answer yet: (2) of (100) subproblems counted and kept \(a killed run: process ` + strconv.Itoa(pid) + ` on .+, since .+ UTC\); solve the set again to go on from them`},
		{"nothing kept", false, 0, `problem "q13" of set "q" has no answer: its count was killed before it kept any subproblem \(process ` + strconv.Itoa(pid) + ` on .+, since .+ UTC\); solve the set again`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var cache string
			if c.linked {
				cache, _ = stoppedCount(t, "cache.db", solver.Shard{})
			} else {
				cache = filepath.Join(t.TempDir(), "cache.db")
				db, err := store.Open(ctx, cache)
				if err != nil {
					t.Fatal(err)
				}
				counts := []store.SubproblemCount{{I: 0, Count: 5}, {I: 1, Count: 7}}
				if c.kept > 0 {
					err = db.SaveSubproblems(ctx, q13, 100, counts[:c.kept])
				}
				db.Close()
				if err != nil {
					t.Fatal(err)
				}
			}
			killed(t, cache, q13)
			con := newConsole(output.Table, "")
			_, err := app.Show(ctx, con.Console, app.ShowRequest{Cache: cache, IDs: []string{"q13"}})
			checkOutcome(t, "Show", err, status.Failed, true)
			want := regexp.MustCompile(`^show: (` + c.want + `)\n$`)
			m := want.FindStringSubmatch(con.stderr.String())
			if m == nil {
				t.Fatalf("Show of a killed count: stderr %q, want it to match %s", con.stderr, want)
			}
			con = newConsole(output.Table, "")
			d, err := app.Doctor(ctx, con.Console, app.DoctorRequest{Cache: cache})
			if err != nil || d.EndedRuns != 1 || len(d.Running) != 0 {
				t.Fatalf("Doctor of a killed count = %v: %d ended runs, running %+v; want the one ended", err, d.EndedRuns, d.Running)
			}
			if c.kept == 0 && !c.linked {
				if len(d.Stopped) != 0 || d.Checkpoints != 0 {
					t.Errorf("Doctor of a count killed before it kept anything: stopped %+v, %d resumable; want none", d.Stopped, d.Checkpoints)
				}
				return
			}
			kept, _ := strconv.Atoi(m[2])
			total, _ := strconv.Atoi(m[3])
			if len(d.Stopped) != 1 || d.Stopped[0].ID != "q13" || !d.Stopped[0].Killed || d.Stopped[0].Counted != kept || d.Stopped[0].Total != total || d.Checkpoints != 1 {
				t.Errorf("Doctor of a killed count: stopped %+v, %d resumable; want q13 killed, %d of %d kept, 1 resumable", d.Stopped, d.Checkpoints, kept, total)
			}
			if line := "stopped: " + m[1] + "\n"; !strings.Contains(con.stdout.String(), line) {
				t.Errorf("Doctor of a killed count:\n%s\nwant the line %q, show's words", con.stdout, line)
			}
		})
	}
}

// TestShowSetFileEdited refuses with --set FILE the cached answer of a
// problem whose definition in FILE is not the one it was solved as: it is
// the answer to another question.
func TestShowSetFileEdited(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cache := tempCache(t)
	before, after := testdata+"/edited/before.yaml", testdata+"/edited/after.yaml"
	con := newConsole(output.Table, "")
	if _, err := app.Solve(ctx, con.Console, app.SolveRequest{Cache: cache, Sets: []string{before}, Batch: batch}); err != nil {
		t.Fatalf("Solve = %v; stderr:\n%s", err, con.stderr)
	}
	con = newConsole(output.Table, "")
	res, err := app.Show(ctx, con.Console, app.ShowRequest{Cache: cache, Set: before, IDs: []string{"q"}})
	if err != nil || len(res.Rows) != 1 || res.Rows[0].Answer.Value.Count != 92 {
		t.Errorf("Show --set before.yaml q = %v, %v; want q's 92; stderr:\n%s", res.Rows, err, con.stderr)
	}
	con = newConsole(output.Table, "")
	res, err = app.Show(ctx, con.Console, app.ShowRequest{Cache: cache, Set: after, IDs: []string{"q"}})
	checkOutcome(t, "Show --set after.yaml q", err, status.Failed, true)
	want := `show: problem "q" of set "edited" was solved as another definition than ` + after + ` gives: solve ` + after
	if got := strings.TrimSpace(con.stderr.String()); got != want || len(res.Rows) != 0 {
		t.Errorf("Show --set after.yaml q = %d rows, stderr %q; want none, %q", len(res.Rows), got, want)
	}
}

// TestShowTestOrder lists the tests of a problem in the set's order when
// --set gives the set's file: the cache links a test by its name alone and
// keeps no order, so with a set's name they come in the order of their
// names (numbers by value), as the cache gives them.
func TestShowTestOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cache := tempCache(t)
	con := newConsole(output.Table, "")
	if _, err := app.Key(ctx, con.Console, app.KeyRequest{Cache: cache, Sets: []string{contestSet}, Out: filepath.Join(t.TempDir(), "key"), Batch: batch}); err != nil {
		t.Fatalf("Key = %v; stderr:\n%s", err, con.stderr)
	}
	set, err := problems.Load(contestSet)
	if err != nil {
		t.Fatal(err)
	}
	board, _ := set.Problem("chessboard")
	var inSet []string
	for _, test := range board.Tests {
		inSet = append(inSet, test.Name)
	}
	for _, c := range []struct {
		set  string
		want []string
	}{
		{contestSet, inSet},
		{"example-cup", []string{"large-1", "large-2", "large-3", "large-4", "large-5", "sample",
			"small-1", "small-10", "small-2", "small-3", "small-4", "small-5", "small-6", "small-7", "small-8", "small-9"}},
	} {
		con := newConsole(output.Table, "")
		res, err := app.Show(ctx, con.Console, app.ShowRequest{Cache: cache, Set: c.set, IDs: []string{"chessboard"}})
		if err != nil {
			t.Fatalf("Show --set %s chessboard = %v; stderr:\n%s", c.set, err, con.stderr)
		}
		var got []string
		for _, r := range res.Rows {
			got = append(got, r.Test)
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("Show --set %s chessboard listed the tests\n%v, want\n%v", c.set, got, c.want)
		}
	}
}

// TestShowBoardOfCount draws with --board the board of a count that has
// one (a reserved board, a test's), and says plainly that a count on an
// empty board has none.
func TestShowBoardOfCount(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cache := tempCache(t)
	con := newConsole(output.Table, "")
	if _, err := app.Key(ctx, con.Console, app.KeyRequest{Cache: cache, Sets: []string{contestSet}, Out: filepath.Join(t.TempDir(), "key"), Batch: batch}); err != nil {
		t.Fatalf("Key = %v; stderr:\n%s", err, con.stderr)
	}
	con = newConsole(output.Table, "")
	res, err := app.Show(ctx, con.Console, app.ShowRequest{Cache: cache, IDs: []string{"chessboard/sample", "eight-queens"}, Board: true, Glyphs: picture.ASCII})
	if err != nil || len(res.Rows) != 2 {
		t.Fatalf("Show --board = %d rows, %v; stderr:\n%s", len(res.Rows), err, con.stderr)
	}
	want := `
chessboard/sample (example-cup):
8 . . . . . . . .
7 . . . . . . . .
6 . . * . . . . .
5 . . . . . . . .
4 . . . . . . . .
3 . . . . . * * .
2 . . . * . . . .
1 . . . . . . . .
  a b c d e f g h

eight-queens (example-cup):
(no board to draw: nqueens is played on an empty 8×8 board)
`
	got := con.stdout.String()
	if i := strings.Index(got, "\nchessboard/sample ("); i < 0 || got[i:] != want {
		t.Errorf("Show --board of two counts printed\n%s\nwant after the table\n%s", got, want)
	}
}

// past32Set holds reserved placement boards past 32: written 40×40 and
// 100×100, and three generated 500×500.
const past32Set = testdata + "/past32/past32.yaml"

// TestShowPast32 draws the placement of a 40×40 reserved board, as text
// (files past z named aa, ab, …) and as SVG, and a 100×100 one as SVG: each
// queen of the solved placement on a free square, every reserved square
// of the board shown.
func TestShowPast32(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cache := tempCache(t)
	con := newConsole(output.Table, "")
	if _, err := app.Solve(ctx, con.Console, app.SolveRequest{Cache: cache, Sets: []string{past32Set}, Batch: batch}); err != nil {
		t.Fatalf("Solve = %v; stderr:\n%s", err, con.stderr)
	}
	set, err := problems.Load(past32Set)
	if err != nil {
		t.Fatal(err)
	}
	forty, _ := set.Problem("forty")

	con = newConsole(output.Table, "")
	res, err := app.Show(ctx, con.Console, app.ShowRequest{Cache: cache, IDs: []string{"forty"}, Board: true, Glyphs: picture.ASCII})
	if err != nil || len(res.Rows) != 1 {
		t.Fatalf("Show --board = %d rows, %v; stderr:\n%s", len(res.Rows), err, con.stderr)
	}
	var board []string // the drawn ranks, top first, without their numbers
	for _, line := range strings.Split(con.stdout.String(), "\n") {
		if f := strings.Fields(line); len(f) == 41 && f[0] == strconv.Itoa(40-len(board)) {
			board = append(board, strings.Join(f[1:], ""))
		}
	}
	if len(board) != 40 || !strings.Contains(con.stdout.String(), " z  aa ab") || !strings.HasSuffix(strings.TrimSpace(con.stdout.String()), "am an") {
		t.Fatalf("Show --board drew %d ranks, want 40 with files a..an:\n%s", len(board), con.stdout)
	}
	queens := 0
	for r, row := range board {
		for c := range 40 {
			switch {
			case row[c] == 'Q' && forty.IsReserved(r, c):
				t.Errorf("a queen on the reserved square %s", solver.Square{Row: r, Col: c}.Name(40))
			case row[c] == 'Q':
				queens++
			case (row[c] == '*') != forty.IsReserved(r, c):
				t.Errorf("square %s drawn %q", solver.Square{Row: r, Col: c}.Name(40), row[c])
			}
		}
	}
	if queens != 40 {
		t.Errorf("%d queens drawn, want 40", queens)
	}

	for _, c := range []struct {
		id       string
		n        int
		reserved string // how a reserved square is drawn
	}{{"forty", 40, `stroke-linecap="round"`}, {"hundred", 100, `fill="#7d8796"`}} {
		path := filepath.Join(t.TempDir(), c.id+".svg")
		con := newConsole(output.Table, "")
		if _, err := app.Show(ctx, con.Console, app.ShowRequest{Cache: cache, IDs: []string{c.id}, SVG: path}); err != nil {
			t.Fatalf("Show --svg %s = %v; stderr:\n%s", c.id, err, con.stderr)
		}
		svg := string(readFile(t, path))
		label := fmt.Sprintf(`aria-label="%d×%d board, %d queens, 0 knights"`, c.n, c.n, c.n)
		if !strings.Contains(svg, label) || strings.Contains(svg, "too large") || !strings.Contains(svg, c.reserved) {
			t.Errorf("Show --svg %s: want a drawn board (%s) with its reserved squares; got %.300s", c.id, label, svg)
		}
	}
}
