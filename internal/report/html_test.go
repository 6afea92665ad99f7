package report

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/solver"
)

// TestWriteHTML writes the report of the test contest and compares it with
// testdata/html/contest.golden.
func TestWriteHTML(t *testing.T) {
	r, pics := contestReport(t)
	var b bytes.Buffer
	if err := WriteHTML(&b, r, pics); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{"<!DOCTYPE html>", `<meta name="viewport"`, "<title>judge-cup: results</title>",
		`<tr class="standing" data-team="alice">`, `<span class="v v-wa">WA</span> <span class="vname">wrong answer</span>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the report has no %q", want)
		}
	}
	// The wrong placements with squares at fault are drawn: bob's
	// big-place, three-none and corners, and dave's big-place.
	if got, want := strings.Count(page, `<figure class="board"><svg`), drawable(r); got != want || want != 4 {
		t.Errorf("the report draws %d boards, want %d of 4", got, want)
	}
	selfContained(t, page)
	testflag.Golden(t, filepath.Join("testdata", "html", "contest.golden"), b.Bytes())

	// No pictures without the callback.
	b.Reset()
	if err := WriteHTML(&b, r, nil); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "<svg") {
		t.Errorf("WriteHTML with no pictures draws a board")
	}
}

// drawable counts the results of r that the report draws: wrong answers
// with squares at fault.
func drawable(r judge.Report) int {
	k := 0
	for _, res := range r.Results {
		if res.Verdict == judge.WA && len(res.Squares) > 0 {
			k++
		}
	}
	return k
}

// selfContained fails t when page could fetch anything or run a script.
func selfContained(t *testing.T, page string) {
	t.Helper()
	page = strings.ReplaceAll(page, `xmlns="http://www.w3.org/2000/svg"`, "")
	for _, bad := range []string{"<script", "http:", "https:", "<link", "<img", "url(", "@import", "src=", "javascript:"} {
		if strings.Contains(page, bad) {
			t.Errorf("the report holds %q: it must be self-contained", bad)
		}
	}
}

// TestWriteHTMLEscapes gives team names, problem ids and messages that are
// HTML, and a board callback that is asked about them.
func TestWriteHTMLEscapes(t *testing.T) {
	evil := `<script>alert("x")</script>`
	r := judge.Report{
		Set:      `cup <b>&</b>`,
		Problems: []string{`p"><img src=x>`},
		Results: []judge.Result{
			{Team: evil, Problem: `p"><img src=x>`, Verdict: judge.WA, Message: `judge <i>`, TeamMessage: `team <u>`,
				Attempt: 1, File: `x/<y>`, Squares: []string{"a1", "b2"}, Timed: true, Time: 75 * time.Second},
			{Team: "ok", Problem: `p"><img src=x>`, Verdict: judge.JE, Message: "judge error", TeamMessage: "judge error", Attempt: 1},
		},
		Scoreboard: []judge.Standing{
			{Rank: 1, Team: evil, Problems: []judge.Cell{{Problem: `p"><img src=x>`, Judged: 1}}},
			{Rank: 1, Team: "ok", Problems: []judge.Cell{{Problem: `p"><img src=x>`}}},
		},
	}
	var asked []string
	pics := func(team, problem, file string) (solver.Problem, solver.Placement, bool) {
		asked = append(asked, team+"|"+problem+"|"+file)
		return solver.Problem{Kind: solver.NQueens, N: 2}, solver.FromColumns([]int{0, 1}), true
	}
	var b bytes.Buffer
	if err := WriteHTML(&b, r, pics); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, bad := range []string{"<script", "<img", "<b>&", "<i>", "<u>", "<y>"} {
		if strings.Contains(page, bad) {
			t.Errorf("the report holds %q unescaped", bad)
		}
	}
	for _, want := range []string{"&lt;script&gt;", "team &lt;u&gt;", "judge: judge &lt;i&gt;", `class="cell error"`, `class="cell failed"`, "1 min"} {
		if !strings.Contains(page, want) {
			t.Errorf("the report has no %q", want)
		}
	}
	if want := evil + `|p"><img src=x>|x/<y>`; len(asked) != 1 || asked[0] != want {
		t.Errorf("pictures asked for %q, want [%q]", asked, want)
	}
	if got := strings.Count(page, `fill="none" stroke="#e00000"`); got != 2 {
		t.Errorf("the picture outlines %d squares, want a1 and b2", got)
	}
}

func TestSquaresNamed(t *testing.T) {
	for _, c := range []struct {
		names []string
		n     int
		want  []solver.Square
	}{
		{[]string{"b3", "a8"}, 8, []solver.Square{{Row: 5, Col: 1}, {Row: 0, Col: 0}}},
		{[]string{"aa1"}, 30, []solver.Square{{Row: 29, Col: 26}}},
		{[]string{"b9", "i1", "3", "b", "B3", "b03", ""}, 8, nil},
	} {
		got := squaresNamed(c.names, c.n)
		if len(got) != len(c.want) {
			t.Errorf("squaresNamed(%q, %d) = %v, want %v", c.names, c.n, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("squaresNamed(%q, %d) = %v, want %v", c.names, c.n, got, c.want)
			}
		}
	}
}
