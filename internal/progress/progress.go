// Package progress draws the progress of a batch on a terminal: the
// problems done of all, and under it one line for each long count that
// runs, with its own name, its place in the batch, its subproblems done of
// all and its own estimate of the time left. It implements truth.Progress
// and knows nothing of the commands.
package progress

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"

	"github.com/queensjudge/queensjudge/internal/truth"
)

// Bar draws the progress of a batch on stderr while it is solved: a line
// of problems done of all, and a line for each long count that runs. Each
// count's line is its own: several counts at once (--jobs) once shared one
// bar, which showed one count's name with another's figures. Safe for
// concurrent use.
type Bar struct {
	stderr io.Writer
	verb   string
	every  time.Duration    // draw at most this often
	now    func() time.Time // the clock
	width  func() int       // the terminal's width

	mu      sync.Mutex
	started bool
	total   int           // problems in the batch
	done    int           // problems finished
	begun   time.Time     // when the batch started
	counts  map[int]*task // the long counts that run, by place
	drawn   int           // lines on the screen now
	last    time.Time     // when they were drawn
}

// task is one long count that runs.
type task struct {
	id          string
	place       int
	done, total int
	d0          int       // subproblems done when first seen (a resumed count starts above 0)
	t0          time.Time // when first seen
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
	width := func() int { return 80 }
	if f, ok := stderr.(*os.File); ok {
		width = func() int {
			if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
				return w
			}
			return 80
		}
	}
	return &Bar{stderr: stderr, verb: verb, every: 100 * time.Millisecond, now: time.Now, width: width, counts: map[int]*task{}}
}

// Start draws the bar for a batch of total problems; none for an empty one.
func (p *Bar) Start(total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if total == 0 {
		return
	}
	p.started, p.total, p.begun = true, total, p.now()
	p.draw(true)
}

// Done counts problem place (1-based), id, of the batch as finished.
func (p *Bar) Done(place int, id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.started {
		return
	}
	p.done++
	delete(p.counts, place)
	p.draw(true)
}

// Subproblems returns the solver's Progress hook for the long count of
// problem place (1-based), id: its line follows its subproblems until the
// problem is done.
func (p *Bar) Subproblems(place int, id string) func(done, total int) {
	return func(done, total int) {
		p.mu.Lock()
		defer p.mu.Unlock()
		if !p.started {
			return
		}
		t, ok := p.counts[place]
		if !ok || t.total != total {
			t = &task{id: id, place: place, d0: done, t0: p.now(), total: total}
			p.counts[place] = t
		}
		t.done = done
		p.draw(!ok)
	}
}

// Note prints line above the bar, which is drawn again under it.
func (p *Bar) Note(line string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	fmt.Fprintln(p.stderr, line)
	if p.started {
		p.draw(true)
	}
}

// Stop removes the bar.
func (p *Bar) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.started {
		p.clear()
		p.started = false
	}
}

// draw draws the lines again, unless they were drawn less than every ago
// and not forced.
func (p *Bar) draw(force bool) {
	now := p.now()
	if !force && now.Sub(p.last) < p.every {
		return
	}
	p.last = now
	lines := p.lines(now)
	w := p.width()
	for i, l := range lines {
		// A line longer than the terminal wraps, and the cursor would no
		// longer go back up to the first line.
		if r := []rune(l); len(r) > w-1 {
			lines[i] = string(r[:max(w-1, 0)])
		}
	}
	p.clear()
	fmt.Fprint(p.stderr, strings.Join(lines, "\n"))
	p.drawn = len(lines)
}

// clear removes the lines drawn, leaving the cursor where the first was.
func (p *Bar) clear() {
	if p.drawn == 0 {
		return
	}
	if p.drawn > 1 {
		fmt.Fprintf(p.stderr, "\x1b[%dA", p.drawn-1)
	}
	fmt.Fprint(p.stderr, "\r\x1b[J")
	p.drawn = 0
}

// lines returns what the bar shows at now: the batch, then each count
// in the order of the batch.
func (p *Bar) lines(now time.Time) []string {
	lines := []string{fmt.Sprintf("%s: %d of %d problems done %s (%s)",
		p.verb, p.done, p.total, meter(p.done, p.total, 20), clock(now.Sub(p.begun)))}
	places := make([]int, 0, len(p.counts))
	for place := range p.counts {
		places = append(places, place)
	}
	slices.Sort(places)
	for _, place := range places {
		t := p.counts[place]
		l := fmt.Sprintf("  %s (problem %d of %d) %s %d/%d subproblems",
			t.id, t.place, p.total, meter(t.done, t.total, 10), t.done, t.total)
		if d := t.done - t.d0; d > 0 && t.done < t.total {
			// From this count's own rate since it was first seen here: the
			// subproblems a resumed count kept took no time now.
			left := time.Duration(float64(now.Sub(t.t0)) / float64(d) * float64(t.total-t.done))
			l += ", " + clock(left) + " left"
		}
		lines = append(lines, l)
	}
	return lines
}

// meter is a bar of cells and the percentage of done in total.
func meter(done, total, cells int) string {
	full, pct := 0, 0
	if total > 0 {
		full, pct = cells*done/total, 100*done/total
	}
	return "[" + strings.Repeat("=", full) + strings.Repeat(" ", cells-full) + fmt.Sprintf("] %3d%%", pct)
}

// clock writes d rounded to the second: 5s, 1m58s, 2h3m.
func clock(d time.Duration) string {
	d = d.Round(time.Second)
	switch {
	case d >= time.Hour:
		d = d.Round(time.Minute)
		return fmt.Sprintf("%dh%dm", int(d.Hours()), int(d.Minutes())%60)
	case d >= time.Minute:
		return fmt.Sprintf("%dm%ds", int(d.Minutes()), int(d.Seconds())%60)
	}
	return fmt.Sprintf("%ds", int(d.Seconds()))
}
