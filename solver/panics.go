package solver

import (
	"fmt"
	"runtime/debug"

	"github.com/queensjudge/queensjudge/internal/pool"
)

// A panic of the solver is a bug, and it must not end the program that
// asked for one answer among many: a batch goes on with its other problems,
// a contest's judging with its other problems and teams. Solve turns a
// panic into an *InternalError; a goroutine the solver starts runs in
// internal/pool, which carries its panic to the goroutine that waits for it
// and raises it again for Solve to catch.

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
	if p, ok := r.(*pool.Panic); ok {
		*err = &InternalError{Value: p.Value, Stack: p.Stack} // a worker's, with its own stack
		return
	}
	*err = &InternalError{Value: r, Stack: debug.Stack()}
}
