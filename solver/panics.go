package solver

import (
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// A panic of the solver is a bug, and it must not end the program that
// asked for one answer among many: a batch goes on with its other problems,
// a contest's judging with its other problems and teams. Solve turns a
// panic into an *InternalError; a goroutine the solver starts carries its
// panic to the goroutine that waits for it (panics), which raises it again
// for Solve to catch.

// InternalError is a panic of the solver, returned as an error by Solve.
type InternalError struct {
	Value any    // what panicked
	Stack []byte // where, for a bug report
}

func (e *InternalError) Error() string {
	return fmt.Sprintf("internal error of the solver (a bug: please report it with the problem): %v", e.Value)
}

// recovered, deferred by Solve, turns a panic into an *InternalError in err.
func recovered(err *error) {
	r := recover()
	if r == nil {
		return
	}
	if e, ok := r.(*InternalError); ok {
		*err = e // raised again from a goroutine, with its own stack
		return
	}
	*err = &InternalError{Value: r, Stack: debug.Stack()}
}

// panics carries the first panic of a group of goroutines to the goroutine
// that waits for them. Safe for concurrent use.
type panics struct {
	once  sync.Once
	first *InternalError
}

// catch, deferred by a goroutine, keeps its panic, if any, and sets stop
// (when not nil) so that the others end soon.
func (p *panics) catch(stop *atomic.Bool) {
	r := recover()
	if r == nil {
		return
	}
	p.once.Do(func() { p.first = &InternalError{Value: r, Stack: debug.Stack()} })
	if stop != nil {
		stop.Store(true)
	}
}

// raise panics again with the first panic kept, if any: call it once the
// goroutines are done.
func (p *panics) raise() {
	if p.first != nil {
		panic(p.first)
	}
}
