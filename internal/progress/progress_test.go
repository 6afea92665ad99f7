package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"

	_ "github.com/queensjudge/queensjudge/internal/testflag" // -update and -long, as ./... passes them
)

// TestSeveralCounts follows two long counts at once, as --jobs 2 runs
// them, and checks that each has its own line: its own name, its place in
// the batch, its own figures and its own time left. They once shared one
// bar: "q17u (problem 1 of 2), subproblems 7% | (14358/183479)" showed
// q18's total under q17u's name, both were "problem 1 of 2", and the time
// left jumped from one count's to the other's.
func TestSeveralCounts(t *testing.T) {
	var buf bytes.Buffer
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p := New(&buf, "solving")
	p.now = func() time.Time { return now }
	p.every = 0
	p.width = func() int { return 80 }

	p.Start(2)
	a, b := p.Subproblems(1, "q17u"), p.Subproblems(2, "q18")
	a(0, 1000)
	b(50, 200) // resumed: 50 kept from an earlier run
	now = now.Add(10 * time.Second)
	a(100, 1000) // 10 per second: 900 left, 90 s
	b(150, 200)  // 10 per second since first seen: 50 left, 5 s

	frame := lastFrame(buf.String())
	for _, want := range []string{
		"solving: 0 of 2 problems done",
		"  q17u (problem 1 of 2) [=         ]  10% 100/1000 subproblems, 1m30s left",
		"  q18 (problem 2 of 2) [=======   ]  75% 150/200 subproblems, 5s left",
	} {
		if !strings.Contains(frame, want) {
			t.Errorf("the bar shows\n%s\nwant a line %q", frame, want)
		}
	}

	p.Done(2, "q18")
	frame = lastFrame(buf.String())
	if strings.Contains(frame, "q18") || !strings.Contains(frame, "1 of 2 problems done") || !strings.Contains(frame, "q17u (problem 1 of 2)") {
		t.Errorf("after q18 is done, the bar shows\n%s\nwant 1 of 2 done and q17u alone", frame)
	}
	p.Stop()
	if !strings.HasSuffix(buf.String(), "\r\x1b[J") {
		t.Errorf("Stop left %q, want the lines cleared", buf.String()[max(0, buf.Len()-40):])
	}
}

// lastFrame returns the lines the bar drew last.
func lastFrame(s string) string {
	i := strings.LastIndex(s, "\x1b[J")
	return s[i+len("\x1b[J"):]
}

// TestNote checks that a line printed while the bar is drawn goes above it
// whole, the bar cleared first and drawn again under it.
func TestNote(t *testing.T) {
	var buf bytes.Buffer
	p := New(&buf, "solving")
	p.every = 0
	p.width = func() int { return 80 }
	p.Start(1)
	p.Subproblems(1, "q22")(5, 100)
	before := buf.Len()
	p.Note(`solve: problem "q22": waiting for its answer`)
	got := buf.String()[before:]
	want := "\x1b[1A\r\x1b[J" + `solve: problem "q22": waiting for its answer` + "\n"
	if !strings.HasPrefix(got, want) {
		t.Errorf("Note wrote %q, want it to begin %q", got, want)
	}
	if frame := strings.TrimPrefix(got, want); !strings.Contains(frame, "q22 (problem 1 of 1)") || strings.Contains(frame, "waiting") {
		t.Errorf("after Note the bar shows\n%s\nwant it drawn again, under the line", frame)
	}
	p.Stop()
	// With no bar, the line alone.
	buf.Reset()
	p.Note("a line")
	if buf.String() != "a line\n" {
		t.Errorf("Note with no bar wrote %q, want %q", buf.String(), "a line\n")
	}
}
