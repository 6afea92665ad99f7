// Package pool runs a piece of work on a fixed number of goroutines that
// take its parts, numbered, from a shared counter: the solver's long
// counts and searches, and the ground truth's problems. It owns the three
// things every such loop must get right: a panic of one goroutine does not
// end the program but is carried to the goroutine that waits, the others
// are told to stop, and none takes a part once the stop is set.
//
// It knows nothing of what the parts are; the standard library only.
package pool

import (
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// Panic is a panic of a worker, raised again on the goroutine that waits
// for them, with the worker's stack.
type Panic struct {
	Value any    // what panicked
	Stack []byte // the worker's stack when it panicked
}

func (p *Panic) Error() string { return fmt.Sprintf("panic in a worker: %v", p.Value) }

// Run calls body(w) for w = 0..k-1, each on a goroutine of its own, and
// returns when all have returned. A panic of a body is recovered and sets
// stop, when not nil, so that the others can end soon; once all are done
// the first panic is raised again on the caller's goroutine as a *Panic
// (a *Panic raised by a nested Run is kept as it is).
func Run(k int, stop *atomic.Bool, body func(w int)) {
	var (
		wg    sync.WaitGroup
		once  sync.Once
		first *Panic
	)
	for w := range k {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				r := recover()
				if r == nil {
					return
				}
				once.Do(func() {
					if p, ok := r.(*Panic); ok {
						first = p
					} else {
						first = &Panic{Value: r, Stack: debug.Stack()}
					}
				})
				if stop != nil {
					stop.Store(true)
				}
			}()
			body(w)
		}()
	}
	wg.Wait()
	if first != nil {
		panic(first)
	}
}

// Counter hands out the numbers 0..n-1, in increasing order, each once,
// to any number of goroutines. Safe for concurrent use.
type Counter struct {
	next atomic.Int64
	n    int64
}

// NewCounter returns a Counter of the numbers 0..n-1.
func NewCounter(n int) *Counter { return &Counter{n: int64(n)} }

// Next returns the next number, or ok == false once all are taken.
func (c *Counter) Next() (i int, ok bool) {
	if c.next.Load() >= c.n {
		return 0, false // no further Add once it is past the end
	}
	k := c.next.Add(1) - 1
	return int(k), k < c.n
}

// Left returns how many numbers are not taken yet.
func (c *Counter) Left() int { return int(max(c.n-c.next.Load(), 0)) }

// Take returns the next numbers, [lo, hi), up to the end of their run:
// the runs are size numbers long and start at the multiples of size, so
// that numbers that share work (a group of subproblems) go to one
// goroutine. It returns lo == hi once all are taken.
func (c *Counter) Take(size int) (lo, hi int) {
	for {
		k := c.next.Load()
		if k >= c.n {
			return int(c.n), int(c.n)
		}
		end := min(k+int64(size)-k%int64(size), c.n)
		if c.next.CompareAndSwap(k, end) {
			return int(k), int(end)
		}
	}
}

// Each calls fn(w, i) for i = 0..n-1 on min(k, n) goroutines (w is the
// goroutine's number, for its own state), handing the numbers out in
// increasing order. A goroutine takes no number once stop, when not nil,
// is set. Panics are Run's.
func Each(k, n int, stop *atomic.Bool, fn func(w, i int)) {
	c := NewCounter(n)
	Run(min(k, n), stop, func(w int) {
		for stop == nil || !stop.Load() {
			i, ok := c.Next()
			if !ok {
				return
			}
			fn(w, i)
		}
	})
}
