package truth

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// awaitEvery is how often a run that waits for another (see claim) looks
// for its answer. The other's progress is read at most every
// awaitProgressEvery, and no more than a twentieth of the time, as it
// reads every subproblem counted so far (2.5 MB of bits at N = 23).
const (
	awaitEvery         = 250 * time.Millisecond
	awaitProgressEvery = 2 * time.Second
)

// claim makes this process the one that counts key's problem (see
// startRun) and returns the end of its run. While another live run counts
// it, claim waits for that run, following its progress (progress, when
// not nil): if the run stores the answer, claim returns no end and the
// answer; if it ends without one (stopped, refused at its budget, killed),
// claim takes the count over, which goes on from the checkpoints the run
// kept. A slice of solve --shard does not wait: two runs into one cache of
// slices that overlap are a mistake, refused with a *store.RunningError.
// ctx ends the wait with a *StoppedError.
func (s *Source) claim(ctx context.Context, key store.CacheKey, set, id string, progress func(done, total int)) (end func(), answer store.Result, err error) {
	for {
		end, err := startRun(ctx, s.db, key, s.opt.Shard, set, id)
		var re *store.RunningError
		if !errors.As(err, &re) || s.opt.Shard.K > 0 {
			return end, store.Result{}, err
		}
		if s.opt.Waiting != nil {
			s.opt.Waiting(id, re.Held)
		}
		res, ok, err := s.await(ctx, re.Held, progress)
		if err != nil || ok {
			return nil, res, err
		}
	}
}

// await waits for run to end, and returns the answer it stored, if any.
// With Options.Force, an answer solved before run started is not its: it
// is the one being solved again.
func (s *Source) await(ctx context.Context, run store.Run, progress func(done, total int)) (store.Result, bool, error) {
	answer := func() (store.Result, bool, error) {
		res, ok, err := s.db.Result(ctx, run.Key)
		if ok && s.opt.Force && res.SolvedAt.Before(run.Started) {
			ok = false
		}
		return res, ok, err
	}
	tick := time.NewTicker(awaitEvery)
	defer tick.Stop()
	var next time.Time // when to read the other's progress again
	for {
		if res, ok, err := answer(); err != nil || ok {
			return res, ok, err
		}
		live, err := s.db.LiveRuns(ctx)
		if err != nil {
			return store.Result{}, false, err
		}
		if !slices.ContainsFunc(live, func(r store.Run) bool { return r.Token == run.Token }) {
			// Ended: it stores its answer before its record goes, so
			// this is the last look.
			return answer()
		}
		if now := time.Now(); progress != nil && !now.Before(next) {
			if pr, err := s.db.Progress(ctx, run.Key); err == nil && pr.Total > 0 {
				progress(pr.Counted, pr.Total)
			}
			next = now.Add(max(awaitProgressEvery, 20*time.Since(now)))
		}
		select {
		case <-ctx.Done():
			return store.Result{}, false, &StoppedError{Cause: context.Cause(ctx)}
		case <-tick.C:
		}
	}
}

// startRun records in db that this process counts key's problem (the slice
// shard of it, for problem id of set), so that another run leaves it alone
// and show and doctor can say it is running, and says it is alive every
// store.RunBeat until end is called, which removes the record. A live run
// counting any of the same subproblems refuses it with a
// *store.RunningError.
func startRun(ctx context.Context, db *store.DB, key store.CacheKey, shard solver.Shard, set, id string) (end func(), err error) {
	run := store.NewRun(key, shard.I, shard.K, set, id)
	if err := db.StartRun(ctx, run); err != nil {
		return nil, err
	}
	// The record goes even when ctx is cancelled: the run is over.
	ctx = context.WithoutCancel(ctx)
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(store.RunBeat)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				return
			case <-tick.C:
				// A beat that fails leaves the run to be taken for over
				// after a while; its checkpoints, which fail alike, stop
				// the count.
				db.BeatRun(ctx, run)
			}
		}
	}()
	return func() {
		close(quit)
		<-done
		db.EndRun(ctx, run)
	}, nil
}
