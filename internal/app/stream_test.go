package app_test

import (
	"context"
	"io"
	"syscall"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
)

// TestStdinGivesWay: a read of stdin that waits (a pipe nobody writes to)
// ends when a signal cancels the context, as an interruption of that
// signal.
func TestStdinGivesWay(t *testing.T) {
	t.Parallel()
	cache := tempCache(t)
	for _, c := range []struct {
		name string
		call func(ctx context.Context, con app.Console) error
	}{
		{"check", func(ctx context.Context, con app.Console) error {
			_, err := app.Check(ctx, con, app.CheckRequest{Cache: cache, Set: contestSet, ID: "eight-queens", Answer: "-", Batch: batch})
			return err
		}},
		{"check-input", func(ctx context.Context, con app.Console) error {
			return app.CheckInput(ctx, con, app.CheckInputRequest{Flags: []string{"kind=nqueens", "ask=count"}})
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			stdin, w := io.Pipe()
			defer w.Close()
			con := newConsole(output.Table, "")
			con.Stdin = stdin
			ctx, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			done := make(chan error, 1)
			go func() { done <- c.call(ctx, con.Console) }()
			time.Sleep(20 * time.Millisecond) // let it block on the read
			cancel(status.Signal(syscall.SIGTERM))
			select {
			case err := <-done:
				checkOutcome(t, c.name, err, status.Interrupted, false)
				if got := status.Code(ctx, err); got != 143 {
					t.Errorf("Code = %d, want 143", got)
				}
				if con.stdout.Len() != 0 {
					t.Errorf("printed %q on half an input", con.stdout)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("still reading stdin 10 s after the signal")
			}
		})
	}
}
