// Package status is the one error type of the program and the one mapping
// from what happened to the exit status. Every package below the command
// line says what kind of outcome an error is (a usage mistake, a
// validator's verdict, a failure already printed, a signal) by returning an
// *Error of that Kind; only Code turns it into a number, and only main exits.
//
// It knows nothing of the commands, the cache or the command-line library.
package status

import (
	"context"
	"errors"
	"fmt"
	"syscall"
)

// Kind is what an outcome was.
type Kind int

const (
	// Failed: something could not be done. Exit status 1.
	Failed Kind = iota + 1
	// Usage: the command was called wrongly, and nothing was done. Exit
	// status 2.
	Usage
	// Accepted: a validator accepted the team output. Exit status 42, as
	// the output-validator interface wants.
	Accepted
	// Rejected: a validator rejected the team output or input. Exit
	// status 43.
	Rejected
	// Interrupted: a signal stopped the command. Exit status 128 plus the
	// signal's number (130 for SIGINT, 143 for SIGTERM), as shells expect.
	Interrupted
)

// The exit statuses, in one place.
const (
	codeOK       = 0
	codeFailed   = 1
	codeUsage    = 2
	codeAccepted = 42
	codeRejected = 43
)

// Error is an outcome of a kind, with the error that says what happened.
// Said is true when the command has already printed everything about it
// (each failure of a batch on its own line, a validator's verdict in its
// feedback files): the command line then prints nothing more.
type Error struct {
	Kind   Kind
	Err    error          // nil when Said
	Said   bool           // the command printed what there was to say
	Signal syscall.Signal // Interrupted: the signal
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Err.Error()
	}
	switch e.Kind {
	case Usage:
		return "usage error"
	case Accepted:
		return "accepted"
	case Rejected:
		return "rejected"
	case Interrupted:
		return "interrupted (" + e.Signal.String() + ")"
	}
	return "failed"
}

func (e *Error) Unwrap() error { return e.Err }

// Usagef is a usage error: the command was called wrongly.
func Usagef(format string, args ...any) error {
	return &Error{Kind: Usage, Err: fmt.Errorf(format, args...)}
}

// Said is an outcome of kind k that the command has already told in full.
// Said(Failed) is the end of a batch that printed its failures one by one
// and went on.
func Said(k Kind) error { return &Error{Kind: k, Said: true} }

// FailedIf is Said(Failed) when failed, nil otherwise.
func FailedIf(failed bool) error {
	if failed {
		return Said(Failed)
	}
	return nil
}

// Signal is the cause of a context that a signal cancelled.
func Signal(sig syscall.Signal) error { return &Error{Kind: Interrupted, Signal: sig} }

// Interruption returns the signal that cancelled ctx, if one did.
func Interruption(ctx context.Context) (syscall.Signal, bool) {
	var e *Error
	if errors.As(context.Cause(ctx), &e) && e.Kind == Interrupted {
		return e.Signal, true
	}
	return 0, false
}

// KindOf returns the kind of err: Failed for an error of no kind, 0 for nil.
func KindOf(err error) Kind {
	if err == nil {
		return 0
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return Failed
}

// Silent reports whether err has been said in full by the command.
func Silent(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Said
}

// Code is the exit status of a command that ended with err: the one
// mapping from kind to number. A signal's status wins over the error it
// cut short.
func Code(ctx context.Context, err error) int {
	if sig, ok := Interruption(ctx); ok {
		return 128 + int(sig)
	}
	var e *Error
	if errors.As(err, &e) && e.Kind == Interrupted {
		return 128 + int(e.Signal)
	}
	switch KindOf(err) {
	case 0:
		return codeOK
	case Usage:
		return codeUsage
	case Accepted:
		return codeAccepted
	case Rejected:
		return codeRejected
	}
	return codeFailed
}
