package report

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/picture"
	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/solver"
)

// chromium finds the browser for TestReportInBrowser. It skips the test when
// there is none, unless QUEENSJUDGE_REQUIRE_BROWSER is set, as CI sets it
// after installing Debian's chromium package.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "/usr/bin/chromium"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	testflag.Missing(t, "chromium", "apt-get install -y chromium", "QUEENSJUDGE_REQUIRE_BROWSER")
	return ""
}

// browse runs headless Chromium on the page at path with args added, each
// run with a fresh profile and at most 60 s, and returns its output.
func browse(t *testing.T, bin, path string, args ...string) (stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	all := append([]string{
		"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir(), "--enable-logging=stderr", "--v=0",
		// The DOM is printed once the page's tasks are done: the toggle
		// events of details written open, which draw the boards, come
		// after the load event, and without it 2 runs in 16 printed
		// the page before the last board was drawn.
		"--virtual-time-budget=10000",
	}, args...)
	all = append(all, "file://"+path)
	cmd := exec.CommandContext(ctx, bin, all...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		err = fmt.Errorf("timed out after 60 s: %w", err)
	}
	if err != nil {
		t.Fatalf("chromium %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	return out.String(), errb.String()
}

// consoleErrors returns the lines of a Chromium log that report a script
// error or a console message at error level, or a resource it failed to load.
func consoleErrors(log string) []string {
	var bad []string
	for _, line := range strings.Split(log, "\n") {
		l := strings.ToLower(line)
		if strings.Contains(line, "Uncaught") || strings.Contains(l, "console error") ||
			strings.Contains(line, ":CONSOLE") || strings.Contains(l, "net::err_") {
			bad = append(bad, line)
		}
	}
	return bad
}

// TestReportInBrowser renders the report of the test contest in headless
// Chromium, as a projector's browser would: it takes a screenshot, reads the
// page back through the browser (the DOM after parsing and the board
// script, not the file) and checks the scoreboard rows, the verdict cells
// and the boards are there and the console is clean. The boards are
// opened, as a reader opens them (the page is written with every board's
// details open, which fires the same toggle event), and each must be drawn
// by the script exactly as picture.WriteSVG draws it. With -update it keeps
// the screenshot in testdata/report-screenshot.png for people to look at.
func TestReportInBrowser(t *testing.T) {
	bin := chromium(t)
	r, pics := contestReport(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	var b bytes.Buffer
	if err := WriteHTML(&b, r, pics); err != nil {
		t.Fatal(err)
	}
	opened := bytes.ReplaceAll(b.Bytes(), []byte(`<details class="board">`), []byte(`<details class="board" open>`))
	if err := os.WriteFile(page, opened, 0o644); err != nil {
		t.Fatal(err)
	}

	// One launch takes the screenshot and prints the DOM (two took 1.4 s
	// more of CPU, most of the test's).
	shot := filepath.Join(dir, "report.png")
	dom, log := browse(t, bin, page, "--hide-scrollbars", "--window-size=1280,2000", "--screenshot="+shot, "--dump-dom")
	png, err := os.ReadFile(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	if !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) || len(png) < 30_000 {
		t.Errorf("the screenshot is %d bytes, not a picture of the page", len(png))
	}
	if testflag.Update() {
		if err := os.WriteFile(filepath.Join("testdata", "report-screenshot.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	for _, line := range consoleErrors(log) {
		t.Errorf("browser console: %s", line)
	}
	start, end := strings.Index(dom, `<table class="scoreboard">`), strings.Index(dom, "</table>")
	if start < 0 || end < start {
		t.Fatalf("the rendered page has no scoreboard:\n%.2000s", dom)
	}
	board := dom[start:end]
	if got, want := strings.Count(board, `<tr class="standing"`), len(r.Scoreboard); got != want {
		t.Errorf("the rendered scoreboard has %d rows, want %d", got, want)
	}
	for _, s := range r.Scoreboard {
		row := fmt.Sprintf(`<tr class="standing" data-team="%s"><td class="rank">%d</td><th class="team" scope="row"><a href="#`, s.Team, s.Rank)
		if !strings.Contains(board, row) || !strings.Contains(board, ">"+s.Team+"</a></th>") {
			t.Errorf("the rendered scoreboard has no row for %s ranked %d", s.Team, s.Rank)
		}
	}
	if got, want := strings.Count(board, `<td class="cell `), len(r.Scoreboard)*len(r.Problems); got != want {
		t.Errorf("the rendered scoreboard has %d problem cells, want %d", got, want)
	}
	for _, v := range judge.Verdicts {
		want := 0
		for _, res := range r.Results {
			if res.Verdict == v {
				want++
			}
		}
		if got := strings.Count(dom, `<li class="result" data-verdict="`+string(v)+`"`); got != want {
			t.Errorf("the rendered page has %d %s results, want %d", got, v, want)
		}
		badge := fmt.Sprintf(`<span class="v v-%s">%s</span> <span class="vname">%s</span>`, strings.ToLower(string(v)), v, v.Name())
		if got := strings.Count(dom, badge); got != want {
			t.Errorf("the rendered page has %d %s verdict labels, want %d", got, v, want)
		}
	}
	if got, want := strings.Count(dom, `<figure class="board"><svg`), drawable(r); got != want {
		t.Errorf("the rendered page has %d boards, want %d", got, want)
	}
	drawn, faults := 0, 0
	for _, res := range r.Results {
		if res.Verdict != judge.WA || len(res.Squares) == 0 {
			continue
		}
		p, pl, ok := pics(res.Team, res.Ref(), res.File)
		if !ok {
			continue
		}
		var want strings.Builder
		faults += len(squaresNamed(res.Squares, p.N))
		if err := picture.WriteSVG(&want, p, pl, squaresNamed(res.Squares, p.N)); err != nil {
			t.Fatal(err)
		}
		if inner := svgInner(want.String()); !strings.Contains(dom, inner) {
			t.Errorf("%s's %s: the script did not draw the board as picture.WriteSVG does:\n%s", res.Team, res.Problem, inner)
		} else {
			drawn++
		}
	}
	outlined := strings.Count(dom, `stroke="#e00000" stroke-width="4"></rect>`)
	if drawn != drawable(r) || outlined != faults {
		t.Errorf("the script drew %d boards as WriteSVG does, with %d squares at fault outlined; want %d, with %d", drawn, outlined, drawable(r), faults)
	}
}

// svgInner returns what an SVG picture of picture.WriteSVG holds inside
// its svg element, as a browser serialises it: on one line, each empty
// element with its end tag.
func svgInner(svg string) string {
	svg = svg[strings.Index(svg, ">")+1 : strings.LastIndex(svg, "</svg>")]
	svg = strings.ReplaceAll(svg, "\n", "")
	return selfClosing.ReplaceAllString(svg, "<$1$2></$1>")
}

var selfClosing = regexp.MustCompile(`<([a-z]+)([^<>]*?)/>`)

// TestBoardScriptInBrowser has the board script draw, in headless
// Chromium, what the test contest has none of: knights, queens not one a
// row, a reserved square past the 64th bit, files past z, and a board too
// large to draw; each must come out as picture.WriteSVG draws it.
func TestBoardScriptInBrowser(t *testing.T) {
	bin := chromium(t)
	sq := func(r, c int) solver.Square { return solver.Square{Row: r, Col: c} }
	wide := solver.Problem{Kind: solver.Reserved, N: 30, Reserved: solver.NewReserved(30)}
	wide.Reserve(3, 29)
	wide.Reserve(29, 0)
	boards := map[string]struct {
		p       solver.Problem
		pl      solver.Placement
		squares []string
	}{
		"qk":    {solver.Problem{Kind: solver.QueensKnights, N: 6, M: 2}, solver.Placement{N: 6, Queens: []solver.Square{sq(0, 0), sq(2, 1)}, Knights: []solver.Square{sq(1, 2), sq(5, 5)}}, []string{"a6", "c5"}},
		"wide":  {wide, solver.Placement{N: 30, Queens: []solver.Square{sq(3, 29), sq(10, 27)}}, []string{"ad27"}},
		"large": {solver.Problem{Kind: solver.NQueens, N: 65}, solver.Placement{N: 65, Queens: []solver.Square{sq(0, 0), sq(1, 0)}}, []string{"a65", "a64"}},
	}
	r := judge.Report{Set: "boards"}
	for _, id := range []string{"qk", "wide", "large"} {
		r.Problems = append(r.Problems, id)
		r.Results = append(r.Results, judge.Result{Team: "t", Problem: id, Verdict: judge.WA, Message: "wrong", TeamMessage: "wrong", Attempt: 1, File: id, Squares: boards[id].squares})
	}
	r.Scoreboard = []judge.Standing{{Rank: 1, Team: "t"}}
	for _, id := range r.Problems {
		r.Scoreboard[0].Problems = append(r.Scoreboard[0].Problems, judge.Cell{Problem: id, Judged: 1})
	}
	pics := func(team, problem, file string) (solver.Problem, solver.Placement, bool) {
		b, ok := boards[problem]
		return b.p, b.pl, ok
	}
	var b bytes.Buffer
	if err := WriteHTML(&b, r, pics); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(t.TempDir(), "boards.html")
	opened := bytes.ReplaceAll(b.Bytes(), []byte(`<details class="board">`), []byte(`<details class="board" open>`))
	if err := os.WriteFile(page, opened, 0o644); err != nil {
		t.Fatal(err)
	}
	dom, log := browse(t, bin, page, "--dump-dom")
	for _, line := range consoleErrors(log) {
		t.Errorf("browser console: %s", line)
	}
	for _, id := range r.Problems {
		bd := boards[id]
		var want strings.Builder
		if err := picture.WriteSVG(&want, bd.p, bd.pl, squaresNamed(bd.squares, bd.p.N)); err != nil {
			t.Fatal(err)
		}
		if inner := svgInner(want.String()); !strings.Contains(dom, inner) {
			t.Errorf("%s: the script did not draw the board as picture.WriteSVG does:\n%s", id, inner)
		}
	}
}
