package testflag

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Busy runs a busy loop on every core until the function it returns is
// called: the judge host that is doing other work, for a test that what is
// decided before the work (an estimate, a generated board) does not depend
// on the machine's load.
func Busy() (stop func()) {
	var done atomic.Bool
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := 0
			for !done.Load() {
				for i := range 1 << 16 {
					x += i
				}
			}
			_ = x
		}()
	}
	return func() { done.Store(true); wg.Wait() }
}
