package command

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/queensjudge/queensjudge/internal/status"
)

// WithSignals returns a context that the first SIGINT or SIGTERM cancels,
// with a status.Signal cause, so that the command stops, keeps what it has
// done and returns; Run then gives the exit status 128 plus the signal's
// number. A second signal calls exit at once with that status: exit is
// main's os.Exit, the program's one way out. stop releases the signals.
func WithSignals(stderr io.Writer, exit func(code int)) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-sigs:
			cancel(status.Signal(s.(syscall.Signal)))
		case <-done:
			return
		}
		select {
		case s := <-sigs:
			fmt.Fprintln(stderr, "queensjudge: interrupted again: stopping now")
			exit(status.Code(context.Background(), status.Signal(s.(syscall.Signal))))
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel(nil)
	}
}
