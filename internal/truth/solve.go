package truth

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// ErrNotSharded refuses to cut a problem that is not a long count into
// shards: a solve --shard run skips it.
var ErrNotSharded = errors.New("not a long count: solve it without --shard")

// Shardable reports whether p is a long count that shards can share.
func Shardable(p solver.Problem) bool {
	return p.Kind != solver.QueensKnights && (p.Ask == solver.AskCount || p.Ask == solver.AskUnique)
}

// StoppedError is the error of a problem whose solving was cut short: by a
// cancel (a signal), a timeout or a deadline. A long count keeps the counts
// of the subproblems it finished, and the next run goes on from them.
type StoppedError struct {
	Cause       error // context.Cause of the stop
	Kept, Total int   // subproblems counted and kept, of all; 0, 0 for no long count
}

func (e *StoppedError) Error() string {
	if e.Kept == 0 {
		return e.Cause.Error()
	}
	return fmt.Sprintf("%v; %d of %d subproblems are counted and kept: solve again to go on", e.Cause, e.Kept, e.Total)
}

func (e *StoppedError) Unwrap() error { return e.Cause }

// solve solves p, whose cache key is key, and stores the answer: in a shard
// run, the finished slice. A long count keeps its finished subproblems in
// the cache as it goes, and resumes from those an earlier run kept.
// progress, when not nil, follows those subproblems.
func (s *Source) solve(ctx context.Context, key store.CacheKey, p solver.Problem, progress func(done, total int)) (store.Result, error) {
	// A big answer waits for room among the answers being built before it
	// is built, and not against its timeout.
	if n := answerBytes(p); n > 0 {
		if err := s.room.acquire(ctx, n); err != nil {
			return store.Result{}, &StoppedError{Cause: err}
		}
		defer s.room.release(n)
	}
	if s.opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, s.opt.Timeout, fmt.Errorf("timed out after %v", s.opt.Timeout))
		defer cancel()
	}
	sharded := s.opt.Shard.K > 0
	if sharded && !Shardable(p) {
		return store.Result{}, ErrNotSharded
	}
	// Refuse before the work rather than after it: the answer, or the
	// checkpoints, could not be stored.
	if err := s.db.Writable(ctx); err != nil {
		return store.Result{}, fmt.Errorf("the answer cannot be stored: %w", err)
	}
	sopt := solver.Options{MaxSolutions: s.opt.MaxSolutions, Budget: s.opt.Budget, Progress: progress, Shard: s.opt.Shard}
	var sp *store.Spool
	if p.Ask == solver.AskSolutions {
		var err error
		if sp, err = store.NewSpool(); err != nil {
			return store.Result{}, err
		}
		defer sp.Close()
		sopt.Emit = sp.Add
	}
	var cp *checkpointer
	if p.Ask == solver.AskCount || p.Ask == solver.AskUnique {
		var err error
		if cp, err = newCheckpointer(ctx, s.db, key); err != nil {
			return store.Result{}, err
		}
		cp.hook(ctx, &sopt)
	}
	start := time.Now()
	ans, err := solver.Solve(ctx, p, sopt)
	if cp != nil {
		cp.stop() // what is left is written below, or goes with the answer
	}
	if cp != nil && (err != nil || sharded) {
		// What is counted is kept: a stopped count resumes from it, and a
		// shard's subproblems are its part. A finished count keeps its
		// answer instead, which makes the checkpoints go (writing 12,940
		// of them, to remove them at once, took N = 16 three times as long
		// as its count); they are kept only if the answer cannot be.
		if ferr := cp.flush(context.WithoutCancel(ctx)); ferr != nil && err == nil {
			err = ferr
		}
	}
	if err != nil {
		var kept, total int
		if cp != nil {
			kept, total = cp.done()
		}
		var be *solver.BudgetError
		switch {
		case ctx.Err() != nil:
			err = &StoppedError{Cause: context.Cause(ctx), Kept: kept, Total: total}
		case errors.As(err, &be):
			err = &BudgetError{Err: be, Kept: kept, Total: total, Sliceable: Shardable(p) && !sharded}
		}
		return store.Result{}, err
	}
	res := store.Result{
		Key:        key,
		Definition: problems.Canonical(p),
		Kind:       p.Kind,
		Ask:        p.Ask,
		N:          p.N,
		Answer:     ans,
		Seconds:    time.Since(start).Seconds(),
		SolvedAt:   time.Now().UTC(),
	}
	// What is found is stored even when ctx is cancelled now: it is done.
	ctx = context.WithoutCancel(ctx)
	if sharded {
		// A shard's answer is a partial sum: its subproblems are kept, and
		// merge adds the parts up.
		_, total := cp.done()
		return res, s.db.PutPart(ctx, store.Part{
			Key: key, Definition: res.Definition, Kind: p.Kind, Ask: p.Ask, N: p.N,
			ShardI: s.opt.Shard.I, ShardK: s.opt.Shard.K, Total: total, Done: true,
		})
	}
	if err := s.db.PutSpooled(ctx, res, sp); err != nil {
		if cp != nil {
			if ferr := cp.flush(ctx); ferr != nil {
				err = errors.Join(err, ferr)
			}
		}
		return store.Result{}, err
	}
	return res, nil
}

// BudgetError refuses a problem over its budget (solver.BudgetError) and
// says what the user can do: raise the budget, or count it in slices on
// many machines; and, for a count stopped at its budget, how much of it is
// kept for the next run.
type BudgetError struct {
	Err         *solver.BudgetError
	Kept, Total int  // subproblems counted and kept, of all; 0, 0 for none
	Sliceable   bool // a long count, not already a slice
}

func (e *BudgetError) Error() string {
	msg := e.Err.Error()
	if e.Kept > 0 {
		return fmt.Sprintf("%s; %d of %d subproblems are counted and kept: solve again with a larger --budget to go on", msg, e.Kept, e.Total)
	}
	if e.Sliceable {
		return msg + ": raise it with --budget, or count it in slices across machines (solve --shard, then merge)"
	}
	return msg + ": raise it with --budget"
}

func (e *BudgetError) Unwrap() error { return e.Err }
