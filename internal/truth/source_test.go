package truth

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	// Nothing here has golden files or long checks, but every package's
	// tests accept -update and -long, so that go test ./... -update works.
	_ "github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// openCache opens a fresh cache file in a temporary directory.
func openCache(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "cache.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func parseSet(t *testing.T, name, text string) *problems.Set {
	t.Helper()
	set, err := problems.Parse(name+".yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// twoSets share the 8-queens count under different ids.
const (
	setA = `name: a
problems:
  - {id: q8, kind: nqueens, n: 8, ask: count}
  - {id: q6-all, kind: nqueens, n: 6, ask: solutions}
  - {id: qk5, kind: queens-knights, n: 5, ask: max}
`
	setB = `name: b
problems:
  - {id: eight, kind: nqueens, n: 8, ask: count}
`
)

func TestSolveCachesAndLinks(t *testing.T) {
	ctx := context.Background()
	db := openCache(t)
	a, b := parseSet(t, "a", setA), parseSet(t, "b", setB)

	first := New(db, Options{Jobs: 2}).Solve(ctx, []*problems.Set{a, b})
	want := []struct {
		id     string
		count  uint64
		cached bool
	}{
		{"q8", 92, false},
		{"q6-all", 4, false},
		{"qk5", 2, false},
		{"eight", 92, true}, // the same definition as q8: solved once
	}
	if len(first) != len(want) {
		t.Fatalf("Solve gave %d outcomes, want %d", len(first), len(want))
	}
	for i, w := range want {
		o := first[i]
		if o.Err != nil || o.Problem.ID != w.id || o.Result.Answer.Count != w.count || o.Cached != w.cached {
			t.Errorf("outcome %d = %s count %d cached %v err %v, want %s count %d cached %v",
				i, o.Problem.ID, o.Result.Answer.Count, o.Cached, o.Err, w.id, w.count, w.cached)
		}
		if o.Key != Key(o.Problem.Problem) {
			t.Errorf("outcome %s: key %v, want Key of its problem %v", o.Problem.ID, o.Key, Key(o.Problem.Problem))
		}
	}
	if first[0].Key != first[3].Key {
		t.Errorf("identical problems have keys %v and %v", first[0].Key, first[3].Key)
	}

	// A new Source on the same cache reads every answer back.
	again := New(db, Options{}).Solve(ctx, []*problems.Set{a, b})
	for i, o := range again {
		if o.Err != nil || !o.Cached || o.Result.Answer.Count != first[i].Result.Answer.Count {
			t.Errorf("second Solve, %s: count %d cached %v err %v", o.Problem.ID, o.Result.Answer.Count, o.Cached, o.Err)
		}
	}
	var sols int
	for _, err := range db.Solutions(ctx, again[1].Key) {
		if err != nil {
			t.Fatal(err)
		}
		sols++
	}
	if sols != 4 {
		t.Errorf("q6-all: %d solutions stored, want 4", sols)
	}
	// Each (set, id) is linked, which is what show reads.
	for _, l := range []struct{ set, id string }{{"a", "q8"}, {"b", "eight"}, {"a", "qk5"}} {
		entries, err := db.Lookup(ctx, l.set, l.id)
		if err != nil || len(entries) != 1 || !entries[0].OK {
			t.Errorf("Lookup(%s, %s) = %v, %v; want one answer", l.set, l.id, entries, err)
		}
	}
	// Force solves again.
	for _, o := range New(db, Options{Force: true}).Solve(ctx, []*problems.Set{b}) {
		if o.Err != nil || o.Cached {
			t.Errorf("forced Solve, %s: cached %v err %v", o.Problem.ID, o.Cached, o.Err)
		}
	}
}

func TestTruth(t *testing.T) {
	ctx := context.Background()
	db := openCache(t)
	a := parseSet(t, "a", setA)
	src := New(db, Options{})

	// Not solved before: Truth solves and stores it, without a link.
	q8, _ := a.Problem("q8")
	tr, err := src.Truth(ctx, q8)
	if err != nil || tr.Answer.Count != 92 || problems.Hash(tr.Problem) != problems.Hash(q8.Problem) {
		t.Fatalf("Truth(q8) = %+v, %v; want 92", tr, err)
	}
	if _, ok, err := db.Result(ctx, Key(q8.Problem)); !ok || err != nil {
		t.Errorf("Truth(q8) stored nothing: ok %v err %v", ok, err)
	}
	if entries, _ := db.Lookup(ctx, "a", "q8"); len(entries) != 0 {
		t.Errorf("Truth linked q8 to a set: %v", entries)
	}

	// A solutions answer streams its placements from the cache.
	all, _ := a.Problem("q6-all")
	tr, err = src.Truth(ctx, all)
	if err != nil || tr.Solutions == nil {
		t.Fatalf("Truth(q6-all) = %+v, %v; want a list", tr, err)
	}
	var n int
	for pl, err := range tr.Solutions(ctx) {
		if err != nil {
			t.Fatal(err)
		}
		if v := solver.Check(all.Problem, pl); v != nil {
			t.Errorf("q6-all: listed placement %s: %v", pl, v)
		}
		n++
	}
	if uint64(n) != tr.Answer.Count || n != 4 {
		t.Errorf("q6-all: %d placements streamed, count %d, want 4", n, tr.Answer.Count)
	}

	// What Solve could not answer is an error, not solved again.
	big := parseSet(t, "big", "name: big\nproblems:\n  - {id: all, kind: nqueens, n: 12, ask: solutions}\n")
	src = New(db, Options{MaxSolutions: 10})
	outs := src.Solve(ctx, []*problems.Set{big})
	if outs[0].Err == nil {
		t.Fatal("Solve of 14,200 solutions with MaxSolutions 10: no error")
	}
	if _, err := src.Truth(ctx, big.Problems[0]); err == nil || !strings.Contains(err.Error(), `problem "all"`) {
		t.Errorf("Truth after a failed Solve: error %v, want one naming the problem", err)
	}
}

func TestShardSkipsWhatIsNotALongCount(t *testing.T) {
	ctx := context.Background()
	db := openCache(t)
	a := parseSet(t, "a", setA)
	outs := New(db, Options{Shard: solver.Shard{I: 0, K: 2}}).Solve(ctx, []*problems.Set{a})
	for _, o := range outs {
		shardable := Shardable(o.Problem.Problem)
		if shardable != (o.Problem.ID == "q8") {
			t.Errorf("Shardable(%s) = %v", o.Problem.ID, shardable)
		}
		if got := errors.Is(o.Err, ErrNotSharded); got == shardable {
			t.Errorf("%s: error %v, want ErrNotSharded: %v", o.Problem.ID, o.Err, !shardable)
		}
	}
	parts, err := db.Parts(ctx)
	if err != nil || len(parts) != 1 || parts[0].ShardI != 0 || parts[0].ShardK != 2 || !parts[0].Done {
		t.Errorf("Parts = %+v, %v; want slice 0/2 of q8, done", parts, err)
	}
}

// TestResumeAfterCancel stops a long count once some of its subproblems
// are kept, then solves it again: the second run skips what the first
// counted and gives the same count as a run straight through.
func TestResumeAfterCancel(t *testing.T) {
	// A reserved 13×13 board, corners reserved: the row search, cut into
	// subproblems.
	rows := make([]string, 13)
	for r := range rows {
		rows[r] = strings.Repeat(".", 13)
	}
	rows[0] = "*" + rows[0][1:]
	rows[12] = rows[12][:12] + "*"
	set := parseSet(t, "r", "name: r\nproblems:\n  - id: r13\n    kind: reserved\n    ask: count\n    board: |\n      "+
		strings.Join(rows, "\n      ")+"\n")
	p := set.Problems[0].Problem
	want, err := solver.Solve(context.Background(), p, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}

	for _, tamper := range []bool{false, true} {
		db := openCache(t)
		total, kept := stopPartway(t, db, set)
		wantCount := want.Count
		if tamper {
			// The resumed run must add up the kept counts, not count them
			// again: with one kept count made one larger, and the others
			// forgotten, the total is one larger.
			if err := db.DeleteSubproblems(context.Background(), Key(p)); err != nil {
				t.Fatal(err)
			}
			for i, c := range kept {
				if err := db.SaveSubproblems(context.Background(), Key(p), total, []store.SubproblemCount{{I: i, Count: c + 1}}); err != nil {
					t.Fatal(err)
				}
				wantCount++
				break
			}
		}
		out := New(db, Options{}).Solve(context.Background(), []*problems.Set{set})[0]
		if out.Err != nil {
			t.Fatal(out.Err)
		}
		if out.Result.Answer.Count != wantCount {
			t.Errorf("tampered %v: count after resume = %d, want %d (%d of %d subproblems were kept)",
				tamper, out.Result.Answer.Count, wantCount, len(kept), total)
		}
		if _, left, _ := countMap(db.Subproblems(context.Background(), Key(p))); len(left) != 0 {
			t.Errorf("%d checkpoints left after the count finished", len(left))
		}
	}
}

// stopPartway solves the one long count of set until a tenth of its
// subproblems are counted, then cancels it, and returns what the cache kept:
// what was counted is kept even when the cancel comes between checkpoints.
func stopPartway(t *testing.T, db *store.DB, set *problems.Set) (total int, kept map[int]uint64) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stopAt := 0
	src := New(db, Options{Jobs: 1, Progress: progressFunc(func(done, total int) {
		if stopAt == 0 {
			stopAt = total / 10
		}
		if done >= stopAt {
			cancel()
		}
	})})
	out := src.Solve(ctx, []*problems.Set{set})[0]
	if out.Err == nil {
		t.Skip("the count finished before it was stopped")
	}
	if !errors.Is(out.Err, context.Canceled) || !strings.Contains(out.Err.Error(), "subproblems are counted and kept") {
		t.Errorf("stopped count: error %v, want it cancelled with its subproblems kept", out.Err)
	}
	total, kept, err := countMap(db.Subproblems(context.Background(), Key(set.Problems[0].Problem)))
	if err != nil || len(kept) == 0 || len(kept) >= total {
		t.Fatalf("after the stop: %d of %d subproblems kept (err %v), want some", len(kept), total, err)
	}
	return total, kept
}

// progressFunc is a Progress that reports the subproblems of every count
// to one function.
type progressFunc func(done, total int)

func (f progressFunc) Start(int)                                     {}
func (f progressFunc) Subproblems(int, string) func(done, total int) { return f }
func (f progressFunc) Done(int, string)                              {}
func (f progressFunc) Stop()                                         {}

// BenchmarkSolveFresh is what `queensjudge solve` of one count does but
// start the process: make a new cache, solve the count and store it. Against
// solver.Solve alone it shows the costs of the cache: writing every
// subproblem's checkpoint at the end, to remove them with the answer, took
// N = 16 twice as long as the count. N = 17 (183,479 subproblems) takes
// four checkpoints: made by a worker, each held the other up.
//
//	go test ./internal/truth -run '^$' -bench SolveFresh -cpu 1,2 -count 5
func BenchmarkSolveFresh(b *testing.B) {
	for _, tt := range []struct {
		n    int
		want uint64
	}{{16, 14772512}, {17, 95815104}} {
		b.Run(fmt.Sprintf("N=%d", tt.n), func(b *testing.B) {
			set, err := problems.Parse("q.yaml", fmt.Appendf(nil, "name: q\nproblems:\n  - {id: q, kind: nqueens, n: %d, ask: count}\n", tt.n))
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			for b.Loop() {
				db, err := store.Open(ctx, filepath.Join(b.TempDir(), "cache.db"))
				if err != nil {
					b.Fatal(err)
				}
				out := New(db, Options{}).Solve(ctx, []*problems.Set{set})[0]
				if out.Err != nil || out.Result.Answer.Count != tt.want {
					b.Fatalf("%v, %d", out.Err, out.Result.Answer.Count)
				}
				db.Close()
			}
		})
	}
}

// TestSolveHoldsNoPlacements solves a batch of big placements, several at
// once, and checks that what Solve returns, and what the Source keeps for
// Truth, hold none of them: each is in the cache, where Placement and
// Truth read it. A batch that held them all held 190 MB a problem at
// n = 10^7. The live heap is measured after a collection, which is
// deterministic: no timing.
func TestSolveHoldsNoPlacements(t *testing.T) {
	const n, count = 200_000, 6 // 3.2 MB of squares each
	text := "name: big\nproblems:\n"
	for i := range count {
		text += fmt.Sprintf("  - {id: p%d, kind: nqueens, n: %d, ask: placement}\n", i, n-i)
	}
	set := parseSet(t, "big", text)
	ctx := context.Background()
	db := openCache(t)
	src := New(db, Options{Jobs: 4})

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	outs := src.Solve(ctx, []*problems.Set{set})
	runtime.GC()
	runtime.ReadMemStats(&after)
	const squares = n * 16
	if held := int64(after.HeapAlloc) - int64(before.HeapAlloc); held > squares {
		t.Errorf("after Solve of %d placements of %d queens the heap holds %d bytes more, want less than one placement's %d", count, n, held, squares)
	}

	for i, o := range outs {
		if o.Err != nil {
			t.Fatalf("%s: %v", o.Problem.ID, o.Err)
		}
		if o.Result.Answer.Placement != nil {
			t.Errorf("%s: the outcome holds its placement", o.Problem.ID)
		}
		pl, err := src.Placement(ctx, o.Key)
		if err != nil || pl == nil || pl.N != n-i || solver.Check(o.Problem.Problem, *pl) != nil {
			t.Errorf("%s: Placement = %v, %v; want a placement of %d queens", o.Problem.ID, pl != nil, err, n-i)
		}
		tr, err := src.Truth(ctx, o.Problem)
		if err != nil || tr.Answer.Placement == nil || tr.Answer.Placement.N != n-i {
			t.Errorf("%s: Truth = %v; want the placement of %d queens", o.Problem.ID, err, n-i)
		}
	}
	runtime.KeepAlive(outs)
}

// TestSourcesThatKeepNothing: a Reader reads what the cache holds and
// solves the rest without storing it (with Force, solves everything); a
// Solver has no cache; neither answers through Solve.
func TestSourcesThatKeepNothing(t *testing.T) {
	ctx := context.Background()
	db := openCache(t)
	cache := &Cache{db: db}
	p := problems.Problem{ID: "q", Problem: solver.Problem{Kind: solver.NQueens, N: 8, Ask: solver.AskCount, M: solver.AnyM}}
	for name, src := range map[string]*Source{"reader": cache.Reader(Options{}), "solver": Solver(Options{})} {
		tr, err := src.Truth(ctx, p)
		if err != nil || tr.Answer.Count != 92 {
			t.Errorf("%s: Truth = %v, %v; want 92", name, tr.Answer.Count, err)
		}
		if _, ok, err := db.Result(ctx, Key(p.Problem)); ok || err != nil {
			t.Errorf("%s: the answer was stored (%v)", name, err)
		}
		set := &problems.Set{Name: "s", Problems: []problems.Problem{p}}
		if outs := src.Solve(ctx, []*problems.Set{set}); len(outs) != 1 || !errors.Is(outs[0].Err, errKeepsNothing) {
			t.Errorf("%s: Solve = %+v, want errKeepsNothing", name, outs)
		}
	}

	// What the cache holds, a Reader reads (a wrong count planted there
	// shows it was read, not solved), unless told to Force.
	r := store.Result{Key: Key(p.Problem), Definition: problems.Canonical(p.Problem), Kind: p.Kind, Ask: p.Ask, N: 8, Answer: solver.Answer{Count: 91, M: solver.AnyM}}
	if err := db.Put(ctx, r, nil); err != nil {
		t.Fatal(err)
	}
	if tr, err := cache.Reader(Options{}).Truth(ctx, p); err != nil || tr.Answer.Count != 91 {
		t.Errorf("reader: Truth = %v, %v; want the cached 91", tr.Answer.Count, err)
	}
	if tr, err := cache.Reader(Options{Force: true}).Truth(ctx, p); err != nil || tr.Answer.Count != 92 {
		t.Errorf("reader with Force: Truth = %v, %v; want 92, solved", tr.Answer.Count, err)
	}
}

// TestResumeAfterTimeout stops a long count twice by its --timeout
// (Options.Timeout), as Ctrl-C stops it in TestResumeAfterCancel, then
// solves it: each run goes on from what the one before kept, and the last
// gives Q(16). A --timeout once kept nothing, said the issue (show: "has
// never been solved"); what it saw was a stop in the count's set-up,
// before any subproblem, which keeps nothing however it comes, and now
// says so.
func TestResumeAfterTimeout(t *testing.T) {
	const timeout = 300 * time.Millisecond
	set := parseSet(t, "q", "name: q\nproblems:\n  - {id: q16, kind: nqueens, n: 16, ask: count}\n")
	key := Key(set.Problems[0].Problem)
	db := openCache(t)
	// run solves the set with opt, and returns the subproblems done when
	// the count began (those kept before) and when it ended. With stop, it
	// holds the count once a tenth more of it is done until the timeout has
	// passed: the timer began before the count did, so it has once the
	// hook has waited as long.
	run := func(opt Options, stop bool) (first, last int, out Outcome) {
		first = -1
		opt.Jobs = 1
		opt.Progress = progressFunc(func(done, total int) {
			if first < 0 {
				first = done
			}
			if stop && done >= first+total/10 {
				stop = false
				time.Sleep(timeout)
			}
			last = done
		})
		out = New(db, opt).Solve(context.Background(), []*problems.Set{set})[0]
		return first, last, out
	}
	kept := 0 // by the runs so far
	for i := range 2 {
		first, last, out := run(Options{Timeout: timeout}, true)
		var st *StoppedError
		if !errors.As(out.Err, &st) || !strings.HasPrefix(st.Error(), "timed out after 300ms; ") {
			t.Fatalf("run %d: error %v, want a StoppedError of the timeout with subproblems kept", i+1, out.Err)
		}
		total, counts, err := countMap(db.Subproblems(context.Background(), key))
		if err != nil {
			t.Fatal(err)
		}
		if first != kept || st.Kept != len(counts) || st.Total != total || last > len(counts) {
			t.Errorf("run %d began at %d done, ended at %d, says %d of %d kept; the cache holds %d of %d; want it to begin at %d, all it did kept",
				i+1, first, last, st.Kept, st.Total, len(counts), total, kept)
		}
		if len(counts) <= kept || len(counts) >= total {
			t.Fatalf("run %d: %d of %d subproblems kept, want more than the %d before, not all", i+1, len(counts), total, kept)
		}
		kept = len(counts)
		// Linked as a count stopped by Ctrl-C is: show finds it by id.
		if es, err := db.Lookup(context.Background(), "q", "q16"); err != nil || len(es) != 1 || es[0].OK {
			t.Errorf("run %d: Lookup = %+v, %v; want q16 linked, with no answer", i+1, es, err)
		}
	}
	first, last, out := run(Options{}, false)
	if out.Err != nil || out.Result.Answer.Count != 14772512 {
		t.Fatalf("the run after two timeouts = %d, %v; want Q(16) = 14772512", out.Result.Answer.Count, out.Err)
	}
	if first != kept || last <= first {
		t.Errorf("the run after two timeouts counted from %d to %d done, want from the %d kept", first, last, kept)
	}
}

// TestCountLinkedOnceKept checks that a count is linked to its problem as
// soon as its first subproblems are in the cache, not only as it ends: a
// run killed then (kill -9, a power cut) is found by id, by show and
// doctor, with what it kept. It was not, and show said "has never been
// solved" while doctor counted it as resumable.
func TestCountLinkedOnceKept(t *testing.T) {
	ctx := context.Background()
	db := openCache(t)
	set := parseSet(t, "q", "name: q\nproblems:\n  - {id: q16, kind: nqueens, n: 16, ask: count}\n")
	key := Key(set.Problems[0].Problem)
	reached, resume := make(chan struct{}), make(chan struct{})
	var once sync.Once
	src := New(db, Options{Jobs: 1, Progress: progressFunc(func(done, total int) {
		if done >= total/10 {
			once.Do(func() {
				close(reached)
				<-resume
			})
		}
	})})
	solved := make(chan Outcome, 1)
	go func() { solved <- src.Solve(ctx, []*problems.Set{set})[0] }()
	select {
	case <-reached:
	case o := <-solved:
		t.Fatalf("Solve ended before a tenth of its count: %v", o.Err)
	}
	// The first checkpoint is written within a quarter of a second, or a
	// few on a loaded machine.
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(checkpointEvery / 5) {
		es, err := db.Lookup(ctx, "q", "q16")
		if err != nil {
			t.Fatal(err)
		}
		_, counts, err := countMap(db.Subproblems(ctx, key))
		if err != nil {
			t.Fatal(err)
		}
		if len(es) == 1 && es[0].DefHash == key.DefHash && !es[0].OK && len(counts) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("while the count runs: Lookup = %+v, %d subproblems kept; want q16 linked once some are", es, len(counts))
		}
	}
	close(resume)
	if o := <-solved; o.Err != nil || o.Result.Answer.Count != 14772512 {
		t.Fatalf("Solve = %d, %v; want Q(16) = 14772512", o.Result.Answer.Count, o.Err)
	}
}
