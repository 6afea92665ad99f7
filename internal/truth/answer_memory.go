package truth

import (
	"context"
	"sync"

	"github.com/queensjudge/queensjudge/solver"
)

// answerMemory is how many bytes of answers the solves of a Source build
// at once, whatever Options.Jobs: an answer that is larger is built alone.
// An n-queens placement is the one answer whose size grows with the
// problem (see answerBytes): 16 solves of 10,000,000 queens at once, as
// --jobs 16 started them, held 16 placements, 3.0 GB, while they waited
// one by one for the cache's write lock. The solver builds one in a
// fraction of a second, and the cache stores one at a time, so building
// them one at a time costs a batch little time.
const answerMemory = 256 << 20

// answerBytes is what solving p holds at its peak for its answer, as far
// as it grows with the problem: for a placement, 16 bytes a square, the
// compact text that stores it (a column and a space; 8 bytes will do for
// a column up to 10^7) and SQLite's copy of that text as it is written. A
// count, or a solutions list (spooled to a file as it is found), holds
// little whatever the problem, and weighs 0.
func answerBytes(p solver.Problem) int64 {
	if p.Ask != solver.AskPlacement {
		return 0
	}
	return int64(p.N) * (16 + 8 + 8)
}

// answerRoom lets solves hold up to max bytes of answers at once; a solve
// larger than max waits for the others to end and runs alone. Safe for
// concurrent use.
type answerRoom struct {
	max int64

	mu    sync.Mutex
	used  int64
	freed chan struct{} // closed, and replaced, when bytes are given back
}

func newAnswerRoom(max int64) *answerRoom {
	return &answerRoom{max: max, freed: make(chan struct{})}
}

// acquire waits until n bytes fit, or until ctx is done, when it returns
// the cause and holds nothing.
func (b *answerRoom) acquire(ctx context.Context, n int64) error {
	n = min(n, b.max)
	for {
		b.mu.Lock()
		if b.used+n <= b.max {
			b.used += n
			b.mu.Unlock()
			return nil
		}
		freed := b.freed
		b.mu.Unlock()
		select {
		case <-freed:
		case <-ctx.Done():
			return context.Cause(ctx)
		}
	}
}

// release gives back n bytes that acquire gave.
func (b *answerRoom) release(n int64) {
	n = min(n, b.max)
	b.mu.Lock()
	defer b.mu.Unlock()
	b.used -= n
	close(b.freed)
	b.freed = make(chan struct{})
}
