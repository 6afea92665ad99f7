package truth

import (
	"context"
	"errors"
	"fmt"
	"strings"
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
//
// Every stop is the same to the count: a --timeout (whose Cause says
// "timed out after 3s"), a signal and a cancel all end the solver's
// context, and keep what it finished; a stop at the budget is a
// OverBudgetError that keeps it alike.
type StoppedError struct {
	Cause       error // context.Cause of the stop
	Kept, Total int   // subproblems counted and kept, of all; Total is 0 before the plan is made
	// Long is true for a long count, which keeps its subproblems. One
	// stopped before the first of them was counted (in the tables or the
	// proof that come first) keeps nothing, and says so: a --timeout shorter
	// than those leaves nothing whatever its count.
	Long bool
}

func (e *StoppedError) Error() string {
	switch {
	case e.Kept > 0:
		return fmt.Sprintf("%v; %d of %d subproblems are counted and kept: solve again to go on", e.Cause, e.Kept, e.Total)
	case e.Long:
		return fmt.Sprintf("%v before the first of its subproblems was counted: nothing of it is kept", e.Cause)
	}
	return e.Cause.Error()
}

func (e *StoppedError) Unwrap() error { return e.Cause }

// solve solves p, whose cache key is key, and stores the answer: in a shard
// run, the finished slice. A long count keeps its finished subproblems in
// the cache as it goes, and resumes from those an earlier run kept; a
// slice stopped with some kept is recorded as an unfinished part. A cache
// holding slices of the count is refused with a PartError, before any
// work, unless this is a slice of the same K. A count that another live
// run is making is waited for (see claim): the bool returned says the
// answer is that run's, read from the cache. set and id name the problem
// it is solved for (set "" for none), for show to find a count in
// progress. progress, when not nil, follows those subproblems.
func (s *Source) solve(ctx context.Context, key store.CacheKey, p solver.Problem, set, id string, progress func(done, total int)) (_ store.Result, _ bool, err error) {
	// A big answer waits for room among the answers being built before it
	// is built, and not against its timeout.
	if n := answerBytes(p); n > 0 {
		if err := s.room.acquire(ctx, n); err != nil {
			return store.Result{}, false, &StoppedError{Cause: err}
		}
		defer s.room.release(n)
	}
	if s.opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, s.opt.Timeout, fmt.Errorf("timed out after %v", s.opt.Timeout))
		defer cancel()
	}
	// A stop is a stop wherever it comes: a read of the cache that it
	// cuts short (waiting for another run, say) says so too.
	defer func(ctx context.Context) {
		var st *StoppedError
		if ctx.Err() != nil && isCancel(err) && !errors.As(err, &st) {
			err = &StoppedError{Cause: context.Cause(ctx)}
		}
	}(ctx)
	parts, err := s.ready(ctx, key, p)
	if err != nil {
		return store.Result{}, false, err
	}
	sopt := solver.Options{MaxSolutions: s.opt.MaxSolutions, Budget: s.opt.Budget, Progress: progress, Shard: s.opt.Shard}
	var sp *store.Spool
	if p.Ask == solver.AskSolutions {
		var err error
		if sp, err = store.NewSpool(); err != nil {
			return store.Result{}, false, err
		}
		defer sp.Close()
		sopt.Emit = sp.Add
	}
	var cp *checkpointer
	if p.Ask == solver.AskCount || p.Ask == solver.AskUnique {
		end, answer, err := s.claim(ctx, key, set, id, progress)
		switch {
		case err != nil:
			return store.Result{}, false, err
		case end == nil: // the answer of another run, waited for
			return answer, true, nil
		}
		defer end()
		if cp, err = s.checkpoint(ctx, key, set, id, &sopt); err != nil {
			return store.Result{}, false, err
		}
	}
	start := time.Now()
	ans, err := solver.Solve(ctx, p, sopt)
	if err = s.stopCheckpoints(ctx, cp, err); err != nil {
		return store.Result{}, false, s.unfinished(ctx, key, p, parts, cp, err)
	}
	res := store.Result{
		Key: key, Definition: problems.Canonical(p), Kind: p.Kind, Ask: p.Ask, N: p.N, Answer: ans,
		Seconds: time.Since(start).Seconds(), SolvedAt: time.Now().UTC(),
	}
	// What is found is stored even when ctx is cancelled now: it is done.
	ctx = context.WithoutCancel(ctx)
	if s.opt.Shard.K > 0 {
		return res, false, s.putShard(ctx, res, cp)
	}
	if err := s.putAnswer(ctx, res, sp, cp); err != nil {
		return store.Result{}, false, err
	}
	return res, false, nil
}

// putShard stores res, the answer of a shard's slice of a count, as a
// finished part: a partial sum, whose subproblems cp kept, and which
// merge adds up with the other parts.
func (s *Source) putShard(ctx context.Context, res store.Result, cp *checkpointer) error {
	_, total := cp.done()
	return s.db.PutPart(ctx, store.Part{
		Key: res.Key, Definition: res.Definition, Kind: res.Kind, Ask: res.Ask, N: res.N,
		ShardI: s.opt.Shard.I, ShardK: s.opt.Shard.K, Total: total, Done: true,
	})
}

// putAnswer stores res, with the placements sp spooled for a solutions
// problem. A count whose answer cannot be stored keeps its subproblems
// instead (cp's, nil for a problem that keeps none).
func (s *Source) putAnswer(ctx context.Context, res store.Result, sp *store.Spool, cp *checkpointer) error {
	err := s.db.PutSpooled(ctx, res, sp)
	if err != nil && cp != nil {
		if ferr := cp.flush(ctx); ferr != nil {
			err = errors.Join(err, ferr)
		}
	}
	return err
}

// ready refuses, before any work rather than after it, what solve could
// not finish: a problem a shard run cannot cut, a cache the answer or the
// checkpoints could not be stored in, slices of the count that this run
// could not join (see joins). It returns the slices the cache holds.
func (s *Source) ready(ctx context.Context, key store.CacheKey, p solver.Problem) ([]store.Part, error) {
	if s.opt.Shard.K > 0 && !Shardable(p) {
		return nil, ErrNotSharded
	}
	if err := s.db.Writable(ctx); err != nil {
		return nil, fmt.Errorf("the answer cannot be stored: %w", err)
	}
	parts, err := s.db.PartsOf(ctx, key)
	if err != nil {
		return nil, err
	}
	if err := s.joins(ctx, key, parts); err != nil {
		return nil, err
	}
	return parts, nil
}

// checkpoint starts keeping the subproblems of the count of key as sopt's
// solving finishes them. Outside a shard run, the problem id of set is
// linked to key as soon as something of it is kept, not only when the
// count ends: a run killed later (kill -9, a power cut) is found by id,
// with what it kept. A link that fails here is made again, and its error
// said, as Solve's batch ends.
func (s *Source) checkpoint(ctx context.Context, key store.CacheKey, set, id string, sopt *solver.Options) (*checkpointer, error) {
	cp, err := newCheckpointer(ctx, s.db, key)
	if err != nil {
		return nil, err
	}
	if set != "" && s.opt.Shard.K == 0 {
		cp.kept = func(ctx context.Context) { s.db.Link(ctx, set, id, key.DefHash) }
	}
	cp.hook(ctx, sopt)
	return cp, nil
}

// stopCheckpoints stops cp, when there is one, and writes what it has not
// yet when the count ended in err or is a shard's: what is counted is
// kept, a stopped count resumes from it, and a shard's subproblems are its
// part. A finished count keeps its answer instead, which makes the
// checkpoints go (writing 12,940 of them, to remove them at once, took
// N = 16 three times as long as its count); they are kept only if the
// answer cannot be. It returns err, or when err is nil the error of that
// writing.
func (s *Source) stopCheckpoints(ctx context.Context, cp *checkpointer, err error) error {
	if cp == nil {
		return err
	}
	cp.stop() // what is left is written here, or goes with the answer
	if err != nil || s.opt.Shard.K > 0 {
		if ferr := cp.flush(context.WithoutCancel(ctx)); ferr != nil && err == nil {
			err = ferr
		}
	}
	return err
}

// unfinished is the error of a solve of key that ended in err, the
// subproblems kept by cp (nil for a problem that keeps none): a
// StoppedError for a stop, an OverBudgetError for a stop at the budget. A
// shard's slice stopped with some kept is recorded as an unfinished part,
// so that show and merge say which slice this file is counting, and how
// far it got; parts are the slices the cache held before.
func (s *Source) unfinished(ctx context.Context, key store.CacheKey, p solver.Problem, parts []store.Part, cp *checkpointer, err error) error {
	var kept, total int
	if cp != nil {
		kept, total = cp.done()
	}
	sharded := s.opt.Shard.K > 0
	if sharded && kept > 0 && total > 0 && !finished(parts, s.opt.Shard) {
		perr := s.db.PutPart(context.WithoutCancel(ctx), store.Part{
			Key: key, Definition: problems.Canonical(p), Kind: p.Kind, Ask: p.Ask, N: p.N,
			ShardI: s.opt.Shard.I, ShardK: s.opt.Shard.K, Total: total,
		})
		if perr != nil {
			err = errors.Join(err, perr)
		}
	}
	var be *solver.BudgetError
	switch {
	case ctx.Err() != nil:
		return &StoppedError{Cause: context.Cause(ctx), Kept: kept, Total: total, Long: cp != nil && Shardable(p)}
	case errors.As(err, &be):
		return &OverBudgetError{Err: be, Kept: kept, Total: total, Sliceable: Shardable(p) && !sharded}
	}
	return err
}

// PartError refuses to count a problem into a cache that holds slices of
// its count from solve --shard runs, other than by adding a slice of the
// same K: counted whole there, its answer would replace the slices (an
// answer removes the checkpoints of its count, which are the slices'
// counts), and a slice of another K could not be merged with them.
type PartError struct {
	Parts []store.Part // the slices the cache holds
	Shard solver.Shard // the slice asked for; K is 0 for the whole count
}

func (e *PartError) Error() string {
	var held []string
	for _, p := range e.Parts {
		held = append(held, fmt.Sprintf("%d/%d", p.ShardI, p.ShardK))
	}
	slice := "slice"
	if len(held) > 1 {
		slice = "slices"
	}
	what := fmt.Sprintf("this cache holds %s %s of its count (solve --shard)", slice, strings.Join(held, ", "))
	if e.Shard.K > 0 {
		return fmt.Sprintf("%s, which a slice of %d could not be merged with: count --shard %d/%d into another cache", what, e.Shard.K, e.Shard.I, e.Shard.K)
	}
	return what + ", which counting it whole here would replace: merge the parts into another cache for its answer (queensjudge merge OUT.db PART.db...)"
}

// joins refuses to count key's problem into a cache that holds slices of
// it (parts) unless it counts a slice of the same K, or the cache holds
// its answer too (merge records the parts in the cache it merges into,
// and a forced solve there replaces only the answer).
func (s *Source) joins(ctx context.Context, key store.CacheKey, parts []store.Part) error {
	if len(parts) == 0 {
		return nil
	}
	if sh := s.opt.Shard; sh.K > 0 {
		for _, p := range parts {
			if p.ShardK != sh.K {
				return &PartError{Parts: parts, Shard: sh}
			}
		}
		return nil
	}
	if _, ok, err := s.db.Head(ctx, key); err != nil || ok {
		return err
	}
	return &PartError{Parts: parts}
}

// finished reports whether parts record slice sh as finished.
func finished(parts []store.Part, sh solver.Shard) bool {
	for _, p := range parts {
		if p.ShardI == sh.I && p.ShardK == sh.K && p.Done {
			return true
		}
	}
	return false
}

// OverBudgetError refuses a problem over its budget (solver.BudgetError) and
// says what the user can do: raise the budget, or count it in slices on
// many machines; and, for a count stopped at its budget, how much of it is
// kept for the next run.
type OverBudgetError struct {
	Err         *solver.BudgetError
	Kept, Total int  // subproblems counted and kept, of all; 0, 0 for none
	Sliceable   bool // a long count, not already a slice
}

func (e *OverBudgetError) Error() string {
	msg := e.Err.Error()
	if e.Kept > 0 {
		return fmt.Sprintf("%s; %d of %d subproblems are counted and kept: solve again with a larger --budget to go on", msg, e.Kept, e.Total)
	}
	if e.Sliceable {
		return msg + ": raise it with --budget, or count it in slices across machines (solve --shard, then merge)"
	}
	return msg + ": raise it with --budget"
}

func (e *OverBudgetError) Unwrap() error { return e.Err }

// isCancel says whether err comes of a context's end.
func isCancel(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
