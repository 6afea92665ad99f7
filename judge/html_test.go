package judge

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

var updateShot = flag.Bool("update-screenshot", false, "write the report's screenshot to testdata/report-screenshot.png")

// contestReport judges the test contest with the solver as the key.
func contestReport(t *testing.T) (Report, Pictures) {
	t.Helper()
	set, err := problems.Load("testdata/contest/set.yaml")
	if err != nil {
		t.Fatal(err)
	}
	subs, _ := LoadSubmissions("testdata/contest/submissions")
	r := Contest(context.Background(), set, subs, SolverKeys{}, Limits{})
	pics := func(team, problem, file string) (solver.Problem, solver.Placement, bool) {
		p, ok := set.Problem(problem)
		data, err := os.ReadFile(filepath.Join("testdata/contest/submissions", file))
		if !ok || err != nil {
			return solver.Problem{}, solver.Placement{}, false
		}
		pl, ok := PicturePlacement(p.N, data)
		return p.Problem, pl, ok
	}
	return r, pics
}

func TestWriteHTML(t *testing.T) {
	r, pics := contestReport(t)
	r.Results[0].TeamMessage = `<script>alert("x")</script>`
	var b bytes.Buffer
	if err := WriteHTML(&b, r, pics); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{"<!DOCTYPE html>", `name="viewport"`, "<svg", `stroke="#d00000"`, "&lt;script&gt;"} {
		if !strings.Contains(page, want) {
			t.Errorf("the report has no %q", want)
		}
	}
	for _, bad := range []string{"<script>", "http://", "https://", "<link"} {
		if strings.Contains(strings.ReplaceAll(page, `xmlns="http://www.w3.org/2000/svg"`, ""), bad) {
			t.Errorf("the report holds %q: it must be self-contained and escaped", bad)
		}
	}
}

func TestBoardSVG(t *testing.T) {
	p := solver.Problem{Kind: solver.Reserved, N: 4, Reserved: []uint64{1, 0, 0, 0}}
	pl := solver.FromColumns([]int{1, 3, 0, 2})
	svg := BoardSVG(p, pl, []solver.Square{{Row: 0, Col: 1}})
	if got := strings.Count(svg, "<title>queen on"); got != 4 {
		t.Errorf("BoardSVG draws %d queens, want 4", got)
	}
	for _, want := range []string{`viewBox="0 0 216 216"`, "url(#hatch)", "<title>queen on b4</title>", `stroke="#d00000"`, ">a<", ">4<"} {
		if !strings.Contains(svg, want) {
			t.Errorf("BoardSVG has no %q", want)
		}
	}
	if big := BoardSVG(solver.Problem{Kind: solver.NQueens, N: 1000}, solver.Placement{N: 1000}, nil); !strings.Contains(big, "too large") {
		t.Errorf("a 1000×1000 board: %q", big)
	}
}

func TestPicturePlacement(t *testing.T) {
	for _, c := range []struct {
		text string
		want string
		ok   bool
	}{
		{"2 4 1 3\n", "2 4 1 3", true},
		{"1 3 0 2\r\n", "2 4 1 3", true},
		{".Q..\n...Q\nQ...\n..Q.\n", "2 4 1 3", true},
		{"\ufeffQ*..\n", "Q.../..../..../....", true},
		{"x y\n", "", false},
		{"", "", false},
	} {
		pl, ok := PicturePlacement(4, []byte(c.text))
		if ok != c.ok || ok && pl.String() != c.want {
			t.Errorf("PicturePlacement(%q) = %q, %v; want %q, %v", c.text, pl.String(), ok, c.want, c.ok)
		}
	}
}

// TestReportInBrowser renders the report in headless Chromium, as a
// projector's browser would: it takes a screenshot and reads the page back
// through the browser. It is skipped when Chromium is missing, unless
// QUEENSJUDGE_REQUIRE_BROWSER is set (CI installs Chromium and sets it).
func TestReportInBrowser(t *testing.T) {
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("QUEENSJUDGE_REQUIRE_BROWSER") != "" {
			t.Fatal("chromium is not installed")
		}
		t.Skip("chromium is not installed")
	}
	r, pics := contestReport(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	var b bytes.Buffer
	if err := WriteHTML(&b, r, pics); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	browse := func(args ...string) (stdout, stderr string) {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync",
			"--user-data-dir=" + t.TempDir(), "--enable-logging=stderr", "--v=0", "--window-size=1280,2000"}
		cmd := exec.CommandContext(ctx, chromium, append(append(base, args...), "file://"+page)...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			t.Fatalf("chromium %v: %v\n%s", args, err, errb.String())
		}
		return out.String(), errb.String()
	}

	shot := filepath.Join(dir, "report.png")
	_, logs := browse("--screenshot=" + shot)
	png, err := os.ReadFile(shot)
	if err != nil || len(png) < 20_000 || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("screenshot: %d bytes, %v", len(png), err)
	}
	if *updateShot {
		os.WriteFile("testdata/report-screenshot.png", png, 0o644)
	}
	dom, logs2 := browse("--dump-dom")
	for _, line := range strings.Split(logs+logs2, "\n") {
		if strings.Contains(line, "CONSOLE") || strings.Contains(line, "Uncaught") {
			t.Errorf("console: %s", line)
		}
	}
	for _, s := range r.Scoreboard {
		if !strings.Contains(dom, `<tr class="standing" data-team="`+s.Team+`">`) {
			t.Errorf("the rendered page has no scoreboard row for %s", s.Team)
		}
	}
	for _, v := range Verdicts {
		want := 0
		for _, res := range r.Results {
			if res.Verdict == v {
				want++
			}
		}
		if got := strings.Count(dom, `data-verdict="`+string(v)+`"`); got != want {
			t.Errorf("the rendered page has %d %s cells, want %d", got, v, want)
		}
	}
	if !strings.Contains(dom, "<svg") {
		t.Errorf("the rendered page has no board picture")
	}
}
