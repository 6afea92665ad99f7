package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress draws a progress bar on stderr while a batch works: problems done
// of all, and while a long count runs, its subproblems done of all with an
// estimate of the time left. A nil *progress draws nothing, so callers need
// not check.
type progress struct {
	mu       sync.Mutex
	bar      *progressbar.ProgressBar
	total    int    // problems in the batch
	done     int    // problems finished
	counting string // the problem whose subproblems the bar shows, if any
}

// showProgress reports whether a progress bar belongs on stderr: only on a
// terminal, never in CI logs or with --quiet, and never when data goes to the
// terminal in a machine format.
func showProgress(stderr io.Writer, quiet bool, format string) bool {
	f, ok := stderr.(*os.File)
	if quiet || !ok || !term.IsTerminal(int(f.Fd())) || os.Getenv("CI") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	return format == "" || format == "table"
}

// newProgress returns a bar for a batch of total problems, or nil when show
// is false.
func newProgress(stderr io.Writer, show bool, total int, verb string) *progress {
	if !show || total == 0 {
		return nil
	}
	color := os.Getenv("NO_COLOR") == ""
	bar := progressbar.NewOptions(total,
		progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetDescription(verb),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionEnableColorCodes(color),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30),
	)
	return &progress{bar: bar, total: total}
}

// problemDone counts one more problem of the batch as finished.
func (p *progress) problemDone(id string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	if p.counting == id {
		p.counting = ""
		p.bar.ChangeMax(p.total)
		p.bar.Describe("problems")
	}
	_ = p.bar.Set(p.done)
}

// subproblems returns the solver's Progress hook for the long count of
// problem id: the bar follows its subproblems until the problem is done.
func (p *progress) subproblems(id string) func(done, total int) {
	if p == nil {
		return nil
	}
	return func(done, total int) {
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.counting != id {
			p.counting = id
			p.bar.ChangeMax(total)
			p.bar.Describe(fmt.Sprintf("%s (problem %d of %d), subproblems", id, p.done+1, p.total))
		}
		_ = p.bar.Set(done)
	}
}

// finish removes the bar.
func (p *progress) finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	_ = p.bar.Finish()
}
