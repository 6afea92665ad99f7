package truth

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// checkpointEvery is how often the counts of finished subproblems are
// written to the cache: what a kill -9 can lose, besides the subproblems in
// flight. A write is one small transaction, so four a second cost nothing.
const checkpointEvery = time.Second / 4

// checkpointer keeps the counts of the finished subproblems of one long
// count in the cache as the count goes, so that a run that is interrupted
// (Ctrl-C, --timeout, a kill or a power cut) is resumed by the next.
type checkpointer struct {
	db  *store.DB
	key store.CacheKey

	mu      sync.Mutex
	total   int            // subproblems in the plan
	resumed map[int]uint64 // counted by earlier runs
	pending map[int]uint64 // counted, not yet written
	saved   int            // written by this run
	last    time.Time      // of the last write
}

// newCheckpointer loads the checkpoints of key left by earlier runs.
func newCheckpointer(ctx context.Context, db *store.DB, key store.CacheKey) (*checkpointer, error) {
	_, resumed, err := db.Subproblems(ctx, key)
	if err != nil {
		return nil, err
	}
	return &checkpointer{db: db, key: key, resumed: resumed, pending: map[int]uint64{}, last: time.Now()}, nil
}

// hook sets opt's hooks so that the solver skips the subproblems counted
// before and reports those it counts.
func (c *checkpointer) hook(ctx context.Context, opt *solver.Options) {
	opt.Plan = func(total int) {
		c.mu.Lock()
		c.total = total
		c.mu.Unlock()
	}
	opt.Resume = func(i int) (uint64, bool) {
		count, ok := c.resumed[i] // read-only while the solver runs
		return count, ok
	}
	opt.Checkpoint = func(i int, count uint64) error {
		c.mu.Lock()
		c.pending[i] = count
		due := time.Since(c.last) >= checkpointEvery
		c.mu.Unlock()
		if due {
			return c.flush(ctx)
		}
		return nil
	}
}

// flush writes the pending counts.
func (c *checkpointer) flush(ctx context.Context) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.last = time.Now()
	if len(c.pending) == 0 {
		return nil
	}
	if err := c.db.SaveSubproblems(ctx, c.key, c.total, c.pending); err != nil {
		return fmt.Errorf("checkpoint %s: %w", c.key, err)
	}
	c.saved += len(c.pending)
	c.pending = map[int]uint64{}
	return nil
}

// done returns how many subproblems are counted and kept, of how many.
func (c *checkpointer) done() (kept, total int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.resumed) + c.saved, c.total
}
