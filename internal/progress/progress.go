// Package progress draws the progress bar of a batch on a terminal: the
// problems done of all, and the subproblems of a long count with the time
// left. It implements truth.Progress and knows nothing of the commands.
package progress

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/queensjudge/queensjudge/internal/truth"
)

// Bar draws a progress bar on stderr while a batch is solved: problems
// done of all, and while a long count runs, its subproblems done of all with
// an estimate of the time left. Safe for concurrent use.
type Bar struct {
	stderr io.Writer
	verb   string

	mu       sync.Mutex
	bar      *progressbar.ProgressBar // nil until Start, and for an empty batch
	total    int                      // problems in the batch
	done     int                      // problems finished
	counting string                   // the problem whose subproblems the bar shows, if any
}

var _ truth.Progress = (*Bar)(nil)

// Wanted reports whether a progress bar belongs on stderr: only on a
// terminal, never in CI logs or with --quiet, and never when data goes to the
// terminal in a machine format (format "" means it goes to a file).
func Wanted(stderr io.Writer, quiet bool, format string) bool {
	f, ok := stderr.(*os.File)
	if quiet || !ok || !term.IsTerminal(int(f.Fd())) || os.Getenv("CI") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	return format == "" || format == "table"
}

// New returns a bar that describes its work with verb.
func New(stderr io.Writer, verb string) *Bar {
	return &Bar{stderr: stderr, verb: verb}
}

// Start draws the bar for a batch of total problems; none for an empty one.
func (p *Bar) Start(total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if total == 0 {
		return
	}
	p.total = total
	p.bar = progressbar.NewOptions(total,
		progressbar.OptionSetWriter(p.stderr),
		progressbar.OptionSetDescription(p.verb),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionEnableColorCodes(os.Getenv("NO_COLOR") == ""),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30),
	)
}

// Done counts one more problem of the batch as finished.
func (p *Bar) Done(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar == nil {
		return
	}
	p.done++
	if p.counting == id {
		p.counting = ""
		p.bar.ChangeMax(p.total)
		p.bar.Describe("problems")
	}
	_ = p.bar.Set(p.done)
}

// Subproblems returns the solver's Progress hook for the long count of
// problem id: the bar follows its subproblems until the problem is done.
func (p *Bar) Subproblems(id string) func(done, total int) {
	return func(done, total int) {
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.bar == nil {
			return
		}
		if p.counting != id {
			p.counting = id
			p.bar.ChangeMax(total)
			p.bar.Describe(fmt.Sprintf("%s (problem %d of %d), subproblems", id, p.done+1, p.total))
		}
		_ = p.bar.Set(done)
	}
}

// Stop removes the bar.
func (p *Bar) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Finish()
	}
}
