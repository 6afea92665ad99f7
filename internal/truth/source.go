// Package truth gives the ground truth of problems: the answer read from the
// cache, or, when it is missing, solved, checkpointed as it goes and stored.
// Every command that needs an answer goes through a Source, and Key is the
// one place a problem's cache key is made.
//
// It joins the solver, the problem-set format and the cache; it knows nothing
// of the command line, terminals or output formats.
package truth

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"sync"
	"sync/atomic"
	"time"

	"github.com/queensjudge/queensjudge/internal/pool"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// Key returns the cache key of p: the content hash of its canonical
// definition (not its id, title or points) and this solver's version.
func Key(p solver.Problem) store.CacheKey {
	return store.CacheKey{DefHash: problems.Hash(p), SolverVersion: solver.Version}
}

// Options tune how a Source solves what the cache does not hold.
type Options struct {
	Force        bool          // solve even what is cached
	Jobs         int           // problems solved at once; 1 when less
	Timeout      time.Duration // per problem; none when zero
	MaxSolutions uint64        // refuse longer solution lists; the solver's default when zero
	Budget       time.Duration // CPU time per problem (solver.Options.Budget); the solver's default when zero
	Shard        solver.Shard  // count only this slice of every long count (K > 0)
	Progress     Progress      // follows a batch; nil for none
	// Waiting, when not nil, is told that the count of problem id waits
	// for another run, held, to end (see Source.claim): once for each run
	// waited for. It may be called from several goroutines at once.
	Waiting func(id string, held store.Run)
}

// Progress follows a batch of problems as they are solved. Subproblems and
// Done are called from several goroutines at once.
type Progress interface {
	// Start is called once, with the number of problems to solve.
	Start(total int)
	// Subproblems returns the hook that follows the subproblems of the long
	// count of problem id, the place-th (from 1) of the batch, or nil.
	Subproblems(place int, id string) func(done, total int)
	// Done counts problem id, the place-th of the batch, as finished,
	// solved or not.
	Done(place int, id string)
	// Stop is called once the batch ends.
	Stop()
}

// Outcome is what became of one problem of one set, or of one test of a
// problem with tests: its answer, or the error that kept it from one.
type Outcome struct {
	Set     *problems.Set
	Problem problems.Problem // for a test, its case (see problems.Problem.Cases)
	Key     store.CacheKey
	Result  store.Result
	Cached  bool  // read from the cache (or solved once for an identical problem, or by another run waited for), not solved for this one
	Err     error // the problem could not be answered; the batch went on
}

// Source gives the ground truth of problems from one cache. It implements
// judge.Truths. Safe for concurrent use.
//
// A Source from Cache.Source stores what it solves; one from Cache.Reader
// reads the cache and stores nothing; one from Solver has no cache and
// solves every problem.
type Source struct {
	db  *store.DB // nil for Solver's
	opt Options
	// keep is whether what is solved is stored: false for Reader and
	// Solver.
	keep bool

	room *answerRoom // of the answers being built

	mu    sync.Mutex
	known map[store.CacheKey]Outcome // answered by Solve: heads, with no placement
}

var _ judge.Truths = (*Source)(nil)

// New returns a Source that reads and writes db.
func New(db *store.DB, opt Options) *Source {
	opt.Jobs = max(opt.Jobs, 1)
	if opt.MaxSolutions == 0 {
		opt.MaxSolutions = solver.DefaultMaxSolutions
	}
	return &Source{db: db, opt: opt, keep: true, room: newAnswerRoom(answerMemory), known: map[store.CacheKey]Outcome{}}
}

// Solver returns a Source with no cache: Truth solves every problem, and
// keeps nothing. For a validator on a judge host with no cache to use.
func Solver(opt Options) *Source {
	s := New(nil, opt)
	s.keep = false
	return s
}

// errKeepsNothing refuses Solve on a Source that stores nothing.
var errKeepsNothing = errors.New("this source of the ground truth stores nothing: it answers through Truth only")

// Solve answers every problem of sets, from the cache where it can (unless
// Options.Force or a shard) and by solving the rest, Options.Jobs at a time.
// Each answer is stored as soon as it is found, identical problems are
// solved once, and each problem is linked to its set in the cache, which is
// what lets show find it by id: each answered problem, and each long count
// once it has kept subproblems, before it ends, so that a count stopped or
// killed is found too (show then says how far it got). From a
// read-only cache (store.DB.ReadOnly) Solve answers what the cache holds
// and links nothing, and a problem the cache does not hold has an Err that
// wraps store.ErrReadOnly. The outcomes come in the order of the sets and
// their problems; a problem that could not be answered has its Err set and
// the batch goes on.
//
// An outcome's Result is a head (see store.DB.Head): the placement of an
// AskPlacement answer is left in the cache, where Placement and Truth read
// it, so that a batch holds one placement at a time, not all of them: 16
// placements of 10,000,000 queens were 3 GB. Solving holds at most
// answerMemory bytes of answers at once, or one answer that is larger,
// whatever Options.Jobs.
func (s *Source) Solve(ctx context.Context, sets []*problems.Set) []Outcome {
	var outs []Outcome
	if !s.keep {
		// Solve stores and links what it answers: a Source that keeps
		// nothing answers through Truth only.
		for _, set := range sets {
			for _, p := range set.Cases() {
				outs = append(outs, Outcome{Set: set, Problem: p, Key: Key(p.Problem), Err: errKeepsNothing})
			}
		}
		return outs
	}
	pending := map[store.CacheKey][]int{} // outcomes still to solve, by key
	var order []store.CacheKey
	for _, set := range sets {
		for _, p := range set.Cases() {
			o := Outcome{Set: set, Problem: p, Key: Key(p.Problem)}
			if !s.opt.Force && s.opt.Shard.K == 0 {
				o.Result, o.Cached, o.Err = s.db.Head(ctx, o.Key)
			}
			if !o.Cached && o.Err == nil {
				if _, ok := pending[o.Key]; !ok {
					order = append(order, o.Key)
				}
				pending[o.Key] = append(pending[o.Key], len(outs))
			}
			outs = append(outs, o)
		}
	}

	bar := s.opt.Progress
	if bar == nil {
		bar = noProgress{}
	}
	bar.Start(len(order))
	defer bar.Stop()
	var mu sync.Mutex // guards outs
	// No more workers than problems to solve; none takes a problem once
	// ctx is done, and those not taken are stopped.
	var stop atomic.Bool
	stopWatch := context.AfterFunc(ctx, func() { stop.Store(true) })
	taken := make([]bool, len(order)) // each written by the one worker that takes it
	pool.Each(s.opt.Jobs, len(order), &stop, func(_, i int) {
		taken[i] = true
		key, place := order[i], i+1
		mu.Lock()
		idx := pending[key]
		p, set := outs[idx[0]].Problem, outs[idx[0]].Set.Name
		mu.Unlock()
		res, waited, err := s.solve(ctx, key, p.Problem, set, p.Ref(), bar.Subproblems(place, p.Ref()))
		res.Answer.Placement = nil // stored: the head is kept
		bar.Done(place, p.Ref())
		mu.Lock()
		for i, j := range idx {
			outs[j].Result, outs[j].Err = res, err
			// Answered by the first, or by another run, waited for.
			outs[j].Cached = (i > 0 || waited) && err == nil
		}
		mu.Unlock()
	})
	stopWatch()
	for i, key := range order {
		if !taken[i] {
			for _, j := range pending[key] {
				outs[j].Err = &StoppedError{Cause: context.Cause(ctx)}
			}
		}
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range outs {
		o := &outs[i]
		switch {
		case s.db.ReadOnly(): // a read-only cache keeps the links it has
		case o.Err == nil:
			// What is answered is linked even when ctx is cancelled now: it
			// is done, and show finds it by id.
			o.Err = s.db.Link(context.WithoutCancel(ctx), o.Set.Name, o.Problem.Ref(), o.Key.DefHash)
		case keptSome(o.Err):
			// So is a count stopped with subproblems kept: show finds it
			// by id and says how far it got.
			if err := s.db.Link(context.WithoutCancel(ctx), o.Set.Name, o.Problem.Ref(), o.Key.DefHash); err != nil {
				o.Err = errors.Join(o.Err, err)
			}
		}
		if _, ok := s.known[o.Key]; !ok || o.Err == nil {
			s.known[o.Key] = *o
		}
	}
	return outs
}

// Truth returns the ground truth of p for judging: what Solve found for it,
// else the cached answer, else the answer solved now and stored (without a
// link to any set). An error means it could not be had.
//
// A Source that keeps nothing (Reader, Solver) solves without storing, and
// with Options.Force solves even what the cache holds.
func (s *Source) Truth(ctx context.Context, p problems.Problem) (judge.Truth, error) {
	t, err := s.truth(ctx, p)
	if err != nil {
		return judge.Truth{}, fmt.Errorf("problem %q: %w", p.Ref(), err)
	}
	return t, nil
}

func (s *Source) truth(ctx context.Context, p problems.Problem) (judge.Truth, error) {
	key := Key(p.Problem)
	s.mu.Lock()
	o, ok := s.known[key]
	s.mu.Unlock()
	if ok {
		if o.Err != nil {
			return judge.Truth{}, o.Err
		}
		return s.TruthOf(ctx, p.Problem, o.Result)
	}
	if s.db != nil && (s.keep || !s.opt.Force) {
		r, ok, err := s.db.Result(ctx, key)
		switch {
		case err != nil:
			return judge.Truth{}, err
		case ok:
			return s.TruthOf(ctx, p.Problem, r)
		}
	}
	if s.keep {
		r, _, err := s.solve(ctx, key, p.Problem, "", p.Ref(), nil)
		if err != nil {
			return judge.Truth{}, err
		}
		return s.TruthOf(ctx, p.Problem, r)
	}
	if s.opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, s.opt.Timeout, fmt.Errorf("timed out after %v", s.opt.Timeout))
		defer cancel()
	}
	return judge.SolveTruth(ctx, p.Problem, solver.Options{MaxSolutions: s.opt.MaxSolutions, Budget: s.opt.Budget})
}

// For returns the Truths that judge.Contest asks while it judges the
// problems of set: each truth is had as Solve has it (from the cache, or
// solved, stored and linked to set, so that show finds it by id; on a
// Source that stores nothing, as Truth has it), then read through Truth.
// A problem that Solve already answered, or failed to, is not solved
// again. The commands that judge solve up front, with Solve, only the
// problems whose every answer needs the truth (judge.NeedsTruth): the
// truth of a placement problem is asked, and solved, only when an answer
// is none, so a valid placement is judged even where the solve would be
// refused or stopped. Safe for concurrent use.
func (s *Source) For(set *problems.Set) judge.Truths {
	return judge.TruthsFunc(func(ctx context.Context, p problems.Problem) (judge.Truth, error) {
		s.mu.Lock()
		_, known := s.known[Key(p.Problem)]
		s.mu.Unlock()
		if s.keep && !known {
			s.Solve(ctx, []*problems.Set{{Name: set.Name, File: set.File, Problems: []problems.Problem{p}}})
		}
		return s.Truth(ctx, p)
	})
}

// TruthOf returns the ground truth of p held in r, a result of this cache
// or its head (see store.DB.Head): a placement that r does not hold is read
// from the cache now, and a solutions answer streams its placements from
// the cache as they are judged. The error is that of reading the
// placement.
func (s *Source) TruthOf(ctx context.Context, p solver.Problem, r store.Result) (judge.Truth, error) {
	if r.Ask == solver.AskPlacement && r.Answer.Placement == nil {
		// nil is also "none exists", which the cache says again.
		pl, err := s.db.Placement(ctx, r.Key)
		if err != nil {
			return judge.Truth{}, err
		}
		r.Answer.Placement = pl
	}
	t := judge.Truth{Problem: p, Answer: r.Answer}
	if r.Ask == solver.AskSolutions {
		t.Solutions = func(ctx context.Context) iter.Seq2[solver.Placement, error] {
			return s.db.Solutions(ctx, r.Key)
		}
	}
	return t, nil
}

// Placement reads the placement of the AskPlacement answer under key from
// the cache, nil when none exists: the part of an answer that Solve's
// outcomes do not hold. A key with no answer in the cache is an error.
func (s *Source) Placement(ctx context.Context, key store.CacheKey) (*solver.Placement, error) {
	return s.db.Placement(ctx, key)
}

// keptSome reports whether err stopped a long count that kept some of its
// subproblems for the next run.
func keptSome(err error) bool {
	var st *StoppedError
	var be *OverBudgetError
	return errors.As(err, &st) && st.Kept > 0 || errors.As(err, &be) && be.Kept > 0
}

// noProgress follows nothing.
type noProgress struct{}

func (noProgress) Start(int)                              {}
func (noProgress) Subproblems(int, string) func(int, int) { return nil }
func (noProgress) Done(int, string)                       {}
func (noProgress) Stop()                                  {}

// Shard returns the slice of every long count that s counts; K is 0 when s
// counts them whole.
func (s *Source) Shard() solver.Shard { return s.opt.Shard }
