package truth

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// checkpointEvery is how often the counts of finished subproblems are
// written to the cache: what a kill -9 can lose, besides the subproblems in
// flight. A count that finishes sooner writes none (its answer is kept
// instead).
const checkpointEvery = time.Second / 4

// checkpointer keeps the counts of the finished subproblems of one long
// count in the cache as the count goes, so that a run that is interrupted
// (Ctrl-C, --timeout, a kill or a power cut) is resumed by the next.
//
// The solver's workers only hand their counts over; a goroutine of the
// checkpointer's own writes them, every checkpointEvery. A write takes tens
// of milliseconds at N = 17 (75,000 counts encoded, checked and inserted),
// and made by a worker it held up the others, which wait on the same lock
// to hand theirs over: on two cores, N = 17 ran a tenth of its time on one.
type checkpointer struct {
	db  *store.DB
	key store.CacheKey

	// Counted by earlier runs, in order, read-only; Resume searches it. A
	// map took three times the memory: an N = 23 resumed with all but its
	// last 1,000 subproblems counted peaked at 1.10-1.26 GB with a map and
	// took 19-21 s, 0.68 GB and 6.3 s with this list.
	resumed []store.SubproblemCount

	// kept, when not nil, is called once, after the first counts this run
	// writes are in the cache: Source.solve links the problem to its set
	// then, so that show and doctor find by id a count killed later.
	kept func(ctx context.Context)

	mu      sync.Mutex
	total   int                     // subproblems in the plan: an earlier run's until the solver's Plan
	pending []store.SubproblemCount // counted, not yet written
	saved   int                     // written by this run
	failed  error                   // of the first write that failed, which stops the count

	writing sync.Mutex    // held by a write, so that writes come one at a time
	quit    chan struct{} // closed by stop
	writer  sync.WaitGroup
}

// newCheckpointer loads the checkpoints of key left by earlier runs, and
// the size of their plan: a run stopped before the solver makes its own (in
// the tables of the quadrant join, or the proof that a board has a
// placement, seconds at n = 20) still says how much of it is kept, not
// "1841 of 0".
func newCheckpointer(ctx context.Context, db *store.DB, key store.CacheKey) (*checkpointer, error) {
	total, resumed, err := db.Subproblems(ctx, key)
	if err != nil {
		return nil, err
	}
	return &checkpointer{db: db, key: key, resumed: resumed, total: total, quit: make(chan struct{})}, nil
}

// hook sets opt's hooks so that the solver skips the subproblems counted
// before and reports those it counts, and starts the goroutine that writes
// them until stop.
func (c *checkpointer) hook(ctx context.Context, opt *solver.Options) {
	opt.Plan = func(total int) {
		c.mu.Lock()
		c.total = total
		c.mu.Unlock()
	}
	opt.Resume = func(i int) (uint64, bool) {
		k, ok := slices.BinarySearchFunc(c.resumed, i, func(r store.SubproblemCount, i int) int { return cmp.Compare(r.I, i) })
		if !ok {
			return 0, false
		}
		return c.resumed[k].Count, true
	}
	opt.Checkpoint = func(i int, count uint64) error {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.pending = append(c.pending, store.SubproblemCount{I: i, Count: count})
		return c.failed
	}
	// A write is not cut short by a cancel: it would fail, and stop the
	// count with a checkpoint error rather than the cancel's own.
	ctx = context.WithoutCancel(ctx)
	c.writer.Add(1)
	go func() {
		defer c.writer.Done()
		tick := time.NewTicker(checkpointEvery)
		defer tick.Stop()
		for {
			select {
			case <-c.quit:
				return
			case <-tick.C:
				if err := c.flush(ctx); err != nil {
					return // the next Checkpoint stops the count
				}
			}
		}
	}()
}

// stop ends the writes made as the count goes; flush writes what is left.
// It is safe to call more than once.
func (c *checkpointer) stop() {
	select {
	case <-c.quit:
	default:
		close(c.quit)
	}
	c.writer.Wait()
}

// flush writes the pending counts. A batch whose write fails stays
// pending for the next flush, and the count stops at its next Checkpoint.
func (c *checkpointer) flush(ctx context.Context) error {
	c.writing.Lock()
	defer c.writing.Unlock()
	c.mu.Lock()
	batch, total := c.pending, c.total
	c.pending = nil
	c.mu.Unlock()
	if len(batch) == 0 {
		return nil
	}
	err := c.db.SaveSubproblems(ctx, c.key, total, batch)
	c.mu.Lock()
	if err != nil {
		err = fmt.Errorf("checkpoint %s: %w", c.key, err)
		c.pending = append(batch, c.pending...)
		if c.failed == nil {
			c.failed = err
		}
		c.mu.Unlock()
		return err
	}
	first := c.saved == 0
	c.saved += len(batch)
	c.mu.Unlock()
	if first && c.kept != nil {
		c.kept(ctx) // under writing: once, before any other write of this run
	}
	return nil
}

// done returns how many subproblems are counted and kept, of how many.
func (c *checkpointer) done() (kept, total int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.resumed) + c.saved, c.total
}
