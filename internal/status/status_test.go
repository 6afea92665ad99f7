package status_test

import (
	"context"
	"errors"
	"fmt"
	"syscall"
	"testing"

	"github.com/queensjudge/queensjudge/internal/status"
	_ "github.com/queensjudge/queensjudge/internal/testflag"
)

// TestCode maps every kind of outcome to its exit status, bare and
// wrapped as callers wrap errors (fmt.Errorf with %w): wrapping keeps the
// kind.
func TestCode(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name   string
		err    error
		kind   status.Kind
		code   int
		silent bool
	}{
		{"success", nil, 0, 0, false},
		{"plain error", errors.New("open x: no such file"), status.Failed, 1, false},
		{"failed", &status.Error{Kind: status.Failed, Err: errors.New("boom")}, status.Failed, 1, false},
		{"said failed", status.Said(status.Failed), status.Failed, 1, true},
		{"usage", status.Usagef("--jobs %d: want 1..%d", 0, 256), status.Usage, 2, false},
		{"accepted", status.Said(status.Accepted), status.Accepted, 42, true},
		{"rejected", status.Said(status.Rejected), status.Rejected, 43, true},
		{"interrupted by SIGINT", status.Signal(syscall.SIGINT), status.Interrupted, 130, false},
		{"interrupted by SIGTERM", status.Signal(syscall.SIGTERM), status.Interrupted, 143, false},
		{"said interruption", &status.Error{Kind: status.Interrupted, Signal: syscall.SIGHUP, Said: true}, status.Interrupted, 129, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			errs := []error{c.err}
			if c.err != nil {
				once := fmt.Errorf("judge: %w", c.err)
				errs = append(errs, once, fmt.Errorf("x: %w", once))
			}
			for _, err := range errs {
				if got := status.KindOf(err); got != c.kind {
					t.Errorf("KindOf(%v) = %d, want %d", err, got, c.kind)
				}
				if got := status.Code(ctx, err); got != c.code {
					t.Errorf("Code(%v) = %d, want %d", err, got, c.code)
				}
				if got := status.Silent(err); got != c.silent {
					t.Errorf("Silent(%v) = %v, want %v", err, got, c.silent)
				}
			}
		})
	}
}

// TestError: an error says what happened, or its kind when said, and lets
// errors.Is and errors.As see what it wraps.
func TestError(t *testing.T) {
	cause := errors.New("open cache: permission denied")
	for _, c := range []struct {
		err  error
		want string
	}{
		{&status.Error{Kind: status.Failed, Err: cause}, cause.Error()},
		{status.Usagef("check: the set and the answer cannot both be %s", "stdin"), "check: the set and the answer cannot both be stdin"},
		{status.Said(status.Failed), "failed"},
		{status.Said(status.Usage), "usage error"},
		{status.Said(status.Accepted), "accepted"},
		{status.Said(status.Rejected), "rejected"},
		{status.Signal(syscall.SIGINT), "interrupted (interrupt)"},
		{status.Signal(syscall.SIGTERM), "interrupted (terminated)"},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("Error() = %q, want %q", got, c.want)
		}
	}
	wrapped := fmt.Errorf("solve: %w", &status.Error{Kind: status.Failed, Err: cause})
	if !errors.Is(wrapped, cause) {
		t.Errorf("errors.Is(%v, cause) = false, want true", wrapped)
	}
	var e *status.Error
	if !errors.As(wrapped, &e) || e.Kind != status.Failed || e.Err != cause {
		t.Errorf("errors.As(%v) = %+v, want the *Error", wrapped, e)
	}
	if s, ok := status.Said(status.Failed).(*status.Error); !ok || s.Err != nil || !s.Said {
		t.Errorf("Said(Failed) = %#v, want a said *Error with no Err", s)
	}
	if status.Silent(nil) {
		t.Error("Silent(nil) = true, want false")
	}
}

// TestFailedIf is a said failure exactly when something failed.
func TestFailedIf(t *testing.T) {
	if err := status.FailedIf(false); err != nil {
		t.Errorf("FailedIf(false) = %v, want nil", err)
	}
	err := status.FailedIf(true)
	if status.KindOf(err) != status.Failed || !status.Silent(err) || status.Code(context.Background(), err) != 1 {
		t.Errorf("FailedIf(true) = %v (kind %d, silent %v), want a said failure", err, status.KindOf(err), status.Silent(err))
	}
}

// TestInterruption reads the signal from the cause of a cancelled
// context, and Code lets it win over the error it cut short.
func TestInterruption(t *testing.T) {
	if sig, ok := status.Interruption(context.Background()); ok {
		t.Errorf("Interruption(Background) = %v, true; want none", sig)
	}
	plain, cancelPlain := context.WithCancel(context.Background())
	cancelPlain()
	if sig, ok := status.Interruption(plain); ok {
		t.Errorf("Interruption(cancelled without a cause) = %v, true; want none", sig)
	}
	if got := status.Code(plain, nil); got != 0 {
		t.Errorf("Code(cancelled without a cause, nil) = %d, want 0", got)
	}
	other, cancelOther := context.WithCancelCause(context.Background())
	cancelOther(status.Usagef("not a signal"))
	if sig, ok := status.Interruption(other); ok {
		t.Errorf("Interruption(cancelled by a usage error) = %v, true; want none", sig)
	}

	for _, c := range []struct {
		sig  syscall.Signal
		code int
	}{
		{syscall.SIGINT, 130},
		{syscall.SIGTERM, 143},
		{syscall.SIGHUP, 129},
	} {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(status.Signal(c.sig))
		// A context derived from it carries the cause too.
		child, stop := context.WithCancel(ctx)
		for _, ctx := range []context.Context{ctx, child} {
			sig, ok := status.Interruption(ctx)
			if !ok || sig != c.sig {
				t.Errorf("Interruption(cancelled by %v) = %v, %v; want %v, true", c.sig, sig, ok, c.sig)
			}
			for _, err := range []error{
				nil,
				errors.New("open x: interrupted system call"),
				status.Said(status.Failed),
				status.Usagef("late usage"),
				fmt.Errorf("solve: %w", context.Cause(ctx)),
			} {
				if got := status.Code(ctx, err); got != c.code {
					t.Errorf("Code(cancelled by %v, %v) = %d, want %d", c.sig, err, got, c.code)
				}
			}
		}
		stop()
	}
}
