package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"sync"
	"time"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// batchOptions tune solveSets.
type batchOptions struct {
	force        bool          // solve even what is cached
	jobs         int           // problems solved at once
	timeout      time.Duration // per problem; none when zero
	maxSolutions uint64        // refuse longer solution lists
	shard        solver.Shard  // count only this slice (K > 0)
	// progress, when not nil, makes the progress bar for a batch that has
	// total problems to solve.
	progress func(total int) *progress
}

// task is one problem of one set.
type task struct {
	set  *problems.Set
	prob problems.Problem
	key  store.CacheKey
}

// outcome is what became of a task: its result, or the error that kept it
// from one.
type outcome struct {
	task
	result store.Result
	cached bool
	err    error
}

// loadSets reads the problem sets at paths, printing each one that cannot
// be read to stderr. failed reports whether any could not.
func loadSets(paths []string, stderr io.Writer) (sets []*problems.Set, failed bool) {
	for _, path := range paths {
		set, err := problems.Load(path)
		if err != nil {
			fmt.Fprintln(stderr, err)
			failed = true
			continue
		}
		sets = append(sets, set)
	}
	return sets, failed
}

// solveSets answers every problem of sets, from the cache where it can
// (unless opt.force) and by solving the rest, opt.jobs at a time. Each
// answer is stored as soon as it is found, and each problem is linked to
// its set in the cache. Identical problems are solved once. The outcomes
// come in the order of the sets and their problems; failures are in them.
func solveSets(ctx context.Context, db *store.DB, sets []*problems.Set, opt batchOptions) []outcome {
	var outs []outcome
	pending := map[store.CacheKey][]int{} // problems to solve, by key
	var order []store.CacheKey
	for _, set := range sets {
		for _, p := range set.Problems {
			t := task{set: set, prob: p, key: store.CacheKey{DefHash: problems.Hash(p.Problem), SolverVersion: solver.Version}}
			o := outcome{task: t}
			if !opt.force && opt.shard.K == 0 {
				o.result, o.cached, o.err = db.Result(ctx, t.key)
			}
			if !o.cached && o.err == nil {
				if _, ok := pending[t.key]; !ok {
					order = append(order, t.key)
				}
				pending[t.key] = append(pending[t.key], len(outs))
			}
			outs = append(outs, o)
		}
	}

	var bar *progress
	if opt.progress != nil {
		bar = opt.progress(len(order))
	}
	defer bar.finish()
	jobs := make(chan store.CacheKey)
	var wg sync.WaitGroup
	var mu sync.Mutex // guards outs
	for range max(opt.jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for key := range jobs {
				mu.Lock()
				idx := pending[key]
				t := outs[idx[0]].task
				mu.Unlock()
				res, err := solveTask(ctx, db, t, opt, bar.subproblems(t.prob.ID))
				bar.problemDone(t.prob.ID)
				mu.Lock()
				for i, j := range idx {
					outs[j].result, outs[j].err = res, err
					outs[j].cached = i > 0 && err == nil // answered by the first
				}
				mu.Unlock()
			}
		}()
	}
	for _, key := range order {
		if ctx.Err() != nil {
			for _, j := range pending[key] {
				outs[j].err = fmt.Errorf("not solved: %w", context.Cause(ctx))
			}
			continue
		}
		jobs <- key
	}
	close(jobs)
	wg.Wait()

	for i := range outs {
		o := &outs[i]
		if o.err == nil {
			o.err = db.Link(ctx, o.set.Name, o.prob.ID, o.key.DefHash)
		}
	}
	return outs
}

// solveTask solves t's problem and stores the result. progress, when not
// nil, follows the subproblems of a long count.
func solveTask(ctx context.Context, db *store.DB, t task, opt batchOptions, progress func(done, total int)) (store.Result, error) {
	if opt.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, opt.timeout, fmt.Errorf("timed out after %v", opt.timeout))
		defer cancel()
	}
	p := t.prob.Problem
	sopt := solver.Options{MaxSolutions: opt.maxSolutions, Progress: progress, Shard: opt.shard}
	if opt.shard.K > 0 && !shardable(p) {
		return store.Result{}, errNotSharded
	}
	var sp *spool
	if p.Ask == solver.AskSolutions {
		var err error
		if sp, err = newSpool(); err != nil {
			return store.Result{}, err
		}
		defer sp.Close()
		sopt.Emit = sp.Write
	}
	var cp *checkpointer
	if p.Ask == solver.AskCount || p.Ask == solver.AskUnique {
		var err error
		if cp, err = newCheckpointer(ctx, db, t.key); err != nil {
			return store.Result{}, err
		}
		cp.hook(ctx, &sopt)
	}
	start := time.Now()
	ans, err := solver.Solve(ctx, p, sopt)
	if cp != nil {
		// What is counted is kept, finished or not.
		if ferr := cp.flush(context.WithoutCancel(ctx)); ferr != nil && err == nil {
			err = ferr
		}
	}
	if err != nil {
		if ctx.Err() != nil {
			err = context.Cause(ctx)
			if cp != nil {
				if kept, total := cp.done(); kept > 0 {
					err = fmt.Errorf("%w; %d of %d subproblems are counted and kept: solve again to go on", err, kept, total)
				}
			}
		}
		return store.Result{}, err
	}
	res := store.Result{
		Key:        t.key,
		Definition: problems.Canonical(p),
		Kind:       p.Kind,
		Ask:        p.Ask,
		N:          p.N,
		Answer:     ans,
		Seconds:    time.Since(start).Seconds(),
		SolvedAt:   time.Now().UTC(),
	}
	if opt.shard.K > 0 {
		// A shard's answer is a partial sum: its subproblems are kept, and
		// merge adds the parts up.
		_, total := cp.done()
		err := db.PutPart(context.WithoutCancel(ctx), store.Part{
			Key: t.key, Definition: res.Definition, Kind: p.Kind, Ask: p.Ask, N: p.N,
			ShardI: opt.shard.I, ShardK: opt.shard.K, Total: total, Done: true,
		})
		return res, err
	}
	var sols iter.Seq2[solver.Placement, error]
	if sp != nil {
		if sols, err = sp.Placements(); err != nil {
			return store.Result{}, err
		}
	}
	// The answer is stored even when ctx is cancelled now: it is done.
	if err := db.Put(context.WithoutCancel(ctx), res, sols); err != nil {
		return store.Result{}, err
	}
	return res, nil
}

// errNotSharded refuses to cut a problem that is not a long count into
// shards.
var errNotSharded = errors.New("not a long count: solve it without --shard")

// shardable reports whether p is a long count that shards can share.
func shardable(p solver.Problem) bool {
	return p.Kind != solver.QueensKnights && (p.Ask == solver.AskCount || p.Ask == solver.AskUnique)
}

// spool holds the placements a solve emits in a temporary file, so that a
// long list of solutions is never held in memory whole.
type spool struct {
	f *os.File
	w *bufio.Writer
}

func newSpool() (*spool, error) {
	f, err := os.CreateTemp("", "queensjudge-solutions-*")
	if err != nil {
		return nil, fmt.Errorf("spool solutions: %w", err)
	}
	return &spool{f: f, w: bufio.NewWriter(f)}, nil
}

// Write appends pl to the spool.
func (s *spool) Write(pl solver.Placement) error {
	_, err := fmt.Fprintln(s.w, pl.String())
	return err
}

// Placements reads back the placements written, in order.
func (s *spool) Placements() (iter.Seq2[solver.Placement, error], error) {
	if err := s.w.Flush(); err != nil {
		return nil, fmt.Errorf("spool solutions: %w", err)
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("spool solutions: %w", err)
	}
	return func(yield func(solver.Placement, error) bool) {
		sc := bufio.NewScanner(s.f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			pl, err := solver.ParseCompact(sc.Text())
			if !yield(pl, err) || err != nil {
				return
			}
		}
		if err := sc.Err(); err != nil {
			yield(solver.Placement{}, fmt.Errorf("spool solutions: %w", err))
		}
	}, nil
}

// Close removes the spool's file.
func (s *spool) Close() error {
	return errors.Join(s.f.Close(), os.Remove(s.f.Name()))
}

// rowOf returns the printed row of a result of problem id in set.
func rowOf(ctx context.Context, db *store.DB, set, id string, r store.Result, cached bool) (row, error) {
	ans, err := answerValue(r.Kind, r.Ask, r.Answer, db.Solutions(ctx, r.Key))
	if err != nil {
		return row{}, fmt.Errorf("read solutions of %s: %w", id, err)
	}
	rw := row{
		ID: id, Set: set, Kind: r.Kind, Ask: r.Ask, N: r.N,
		Answer: ans, Cached: cached, Seconds: r.Seconds, Hash: r.Key.DefHash,
		text: answerText(r.Ask, r.Answer),
	}
	if r.Kind == solver.QueensKnights {
		m := r.Answer.M
		rw.M = &m
	}
	return rw, nil
}
