package report

import (
	"bytes"
	"context"
	"html/template"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
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
	if strings.Contains(b.String(), "<svg") || strings.Contains(b.String(), "<script") {
		t.Errorf("WriteHTML with no pictures draws a board, or carries the script that draws them")
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

// selfContained fails t when page could fetch anything or run a script
// other than the one that draws the boards (boardScript), once, itself
// checked to fetch nothing.
func selfContained(t *testing.T, page string) {
	t.Helper()
	script := "<script>" + boardScript + "</script>"
	if k := strings.Count(page, script); k > 1 {
		t.Errorf("the report holds the board script %d times, want at most once", k)
	}
	for _, bad := range []string{"http", "fetch", "XMLHttpRequest", "import", "src", "eval", "Function(", "location", "cookie", "storage"} {
		if strings.Contains(boardScript, bad) {
			t.Errorf("the board script holds %q: it must draw and do nothing else", bad)
		}
	}
	page = strings.ReplaceAll(page, script, "")
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
			{Rank: 1, Team: "ok", Problems: []judge.Cell{{Problem: `p"><img src=x>`, Errors: 1}}},
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
	// The page's one script is the board script, which selfContained
	// checks; any other is a name not escaped.
	page := strings.Replace(b.String(), "<script>"+boardScript+"</script>", "", 1)
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
	// The board is numbers for the script: the squares at fault a1 and b2
	// as row,col from the top left, named in the summary.
	for _, want := range []string{`data-n="2" data-c="0 1" data-f="1,0 0,1"></svg>`, `2×2: at fault a1 b2</summary>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the report has no %q", want)
		}
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

// TestWriteHTMLTests writes the report of the contest of problems with
// tests: every test of every attempt is listed with its verdict, each
// attempt at a problem with groups with what it earns in each, and a
// partial score is a cell of its own colour.
func TestWriteHTMLTests(t *testing.T) {
	for _, from := range []string{"tests-dir", "tests-manifest"} {
		t.Run(from, func(t *testing.T) {
			r, _ := contest(t, from)
			var b bytes.Buffer
			if err := WriteHTML(&b, r, nil); err != nil {
				t.Fatal(err)
			}
			page := b.String()
			rows, groups := 0, 0
			for _, res := range r.Results {
				rows += len(res.Tests)
				groups += len(res.Groups)
			}
			if got := strings.Count(page, `<li class="test" data-verdict=`); got != rows || rows == 0 {
				t.Errorf("the report lists %d tests, want %d", got, rows)
			}
			if got := strings.Count(page, `data-group="`); got != groups || groups == 0 {
				t.Errorf("the report shows %d group scores, want %d", got, groups)
			}
			if got := strings.Count(page, `<li class="result" data-verdict=`); got != len(r.Results) {
				t.Errorf("the report lists %d attempts, want %d", got, len(r.Results))
			}
			selfContained(t, page)
			testflag.Golden(t, filepath.Join("testdata", "html", from+".golden"), b.Bytes())
		})
	}
	r, _ := contest(t, "tests-dir")
	var b bytes.Buffer
	if err := WriteHTML(&b, r, nil); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<td class="cell partial" title="chess: scored 30 of 100, 1 try"><b>30</b>`,  // bob
		`<td class="cell solved" title="chess: scored 100 of 100, 1 try"><b>100</b>`, // ada
		`<li class="earned" data-group="large">large 70/70</li>`,                     // cy
		`<li class="lost" data-group="small">small 0/30</li>`,
		`<span class="tname">1 <span class="tag">sample</span></span>`,
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the report has no %q", want)
		}
	}
}

// TestWritePublicHTML writes the public page of both test contests and
// checks it holds no judge message that says more than the team's (the
// expected answers), no file name and no board, and does hold every
// team's row and team messages.
func TestWritePublicHTML(t *testing.T) {
	for _, from := range []string{"dir", "manifest", "tests-dir", "tests-manifest"} {
		t.Run(from, func(t *testing.T) {
			r, _ := contest(t, from)
			var b bytes.Buffer
			if err := WritePublicHTML(&b, r); err != nil {
				t.Fatal(err)
			}
			page := b.String()
			for _, row := range r.Rows() {
				if !strings.Contains(row.TeamMessage, row.Message) && strings.Contains(page, template.HTMLEscapeString(row.Message)) {
					t.Errorf("the public page shows the judge message %q", row.Message)
				}
				if !strings.Contains(page, template.HTMLEscapeString(row.TeamMessage)) {
					t.Errorf("the public page has no team message %q", row.TeamMessage)
				}
				if strings.Contains(page, template.HTMLEscapeString(row.File)) {
					t.Errorf("the public page names the file %s", row.File)
				}
			}
			for _, bad := range []string{"expected", "judge:", `class="file"`, "<svg", "attempts/"} {
				if strings.Contains(page, bad) {
					t.Errorf("the public page holds %q", bad)
				}
			}
			for _, s := range r.Scoreboard {
				if !strings.Contains(page, `<tr class="standing" data-team="`+template.HTMLEscapeString(s.Team)+`">`) {
					t.Errorf("the public page has no row for %s", s.Team)
				}
			}
			if !strings.Contains(page, "<title>"+r.Set+": scoreboard</title>") {
				t.Errorf("the public page's title is not the scoreboard's")
			}
			selfContained(t, page)
			if from == "tests-manifest" {
				testflag.Golden(t, filepath.Join("testdata", "html", "public.golden"), b.Bytes())
			}
		})
	}
}

// exampleDir is the example contest of the manual and the docs.
var exampleDir = filepath.Join("..", "..", "testdata", "example")

// organiserNames returns the names of the files and folders under root (not
// root's own) that the public page of r must not show: every one but a
// team's name, a problem id and a test's name, which the page shows as
// what they name.
func organiserNames(t *testing.T, root string, r judge.Report, set *problems.Set) []string {
	t.Helper()
	shown := map[string]bool{}
	for _, s := range r.Scoreboard {
		shown[s.Team] = true
	}
	for _, p := range set.Problems {
		shown[p.ID] = true
		for _, tc := range p.Tests {
			shown[tc.Name] = true
		}
	}
	var names []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path != root && !shown[d.Name()] {
			names = append(names, d.Name())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// checkNamesNoFile fails t when page shows one of names.
func checkNamesNoFile(t *testing.T, page string, names []string) {
	t.Helper()
	for _, name := range names {
		if strings.Contains(page, template.HTMLEscapeString(name)) {
			t.Errorf("the public page names the organiser's file or folder %q", name)
		}
	}
}

// TestWritePublicHTMLExample writes the public page of the example contest,
// judged from its submissions folder, and checks it for every file and
// folder name in that folder (docs/judging.md promises it shows none).
func TestWritePublicHTMLExample(t *testing.T) {
	set, err := problems.Load(filepath.Join(exampleDir, "contest.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(exampleDir, "submissions")
	subs, _ := judge.LoadSubmissions(dir)
	r := judge.Contest(context.Background(), set, subs, judge.SolverTruths{}, judge.Limits{})
	if len(r.Results) == 0 {
		t.Fatal("the example contest judged nothing")
	}
	var b bytes.Buffer
	if err := WritePublicHTML(&b, r); err != nil {
		t.Fatal(err)
	}
	names := organiserNames(t, dir, r, set)
	if len(names) < 50 {
		t.Fatalf("%d names to look for, want the example's files: %q", len(names), names)
	}
	checkNamesNoFile(t, b.String(), names)
}

// TestWritePublicHTMLNoFileNames judges the two ways a team message named
// the organiser's files: a folder of a manifest with no file for a test
// (it said "no file big-2 or big-2.* in aurora-cg-1/"), and a team's
// folder with two files for one test ("two files, big-1.txt and
// big-1.txt~"). The public page says which test has no answer, and why,
// without a name of a file or folder.
func TestWritePublicHTMLNoFileNames(t *testing.T) {
	set, err := problems.Load(filepath.Join(testsDir, "set.yaml")) // chess: tests 1 (sample), 2, 3, big-1, big-2
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, data string) {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"1.txt", "2.txt", "3.txt", "big-1.txt"} { // no big-2
		write("attempts/aurora-cg-1/"+f, "2\n")
	}
	for _, f := range []string{"1.txt", "2.txt", "3.txt", "big-1.txt", "big-1.txt~", "big-2.txt"} {
		write("submissions/yan/chess/"+f, "2\n")
	}
	write("attempts.csv", "team,problem,time,file\nzed,chess,5,attempts/aurora-cg-1\n")
	subs, errs := judge.LoadManifest(filepath.Join(dir, "attempts.csv"))
	more, moreErrs := judge.LoadSubmissions(filepath.Join(dir, "submissions"))
	if errs = append(errs, moreErrs...); len(errs) != 0 {
		t.Fatal(errs)
	}
	r := judge.Contest(context.Background(), set, append(subs, more...), judge.SolverTruths{}, judge.Limits{})
	var b bytes.Buffer
	if err := WritePublicHTML(&b, r); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{"no answer for test big-2", "no answer for test big-1"} {
		if !strings.Contains(page, want) {
			t.Errorf("the public page does not say %q", want)
		}
	}
	names := slices.Concat(organiserNames(t, filepath.Join(dir, "attempts"), r, set),
		organiserNames(t, filepath.Join(dir, "submissions"), r, set))
	if !slices.Contains(names, "aurora-cg-1") || !slices.Contains(names, "big-1.txt~") {
		t.Fatalf("names %q, want aurora-cg-1 and big-1.txt~ among them", names)
	}
	checkNamesNoFile(t, page, append(names, "attempts.csv"))
}

// TestWriteHTMLNotJudged judges a contest whose submissions hold files
// that are not judged, as issue 46 found them: ada's rnd1.txt (no such
// problem), nq.txt beside her folder nq/ (the problem has tests), a
// misnamed Guard-Max.txt and a notes.txt in her folder nq/ (no such test);
// mirek's eight.txt and eight.txt~ (two answers, neither judged: mirek has no
// attempt); and a README.txt beside the team folders. The judges' report
// lists every one with why, under its team, a team with no attempt in a
// section of its own, and README.txt with the other files. The public page
// names none of them.
func TestWriteHTMLNotJudged(t *testing.T) {
	set, err := problems.Load(filepath.Join(testsDir, "set.yaml")) // chess, nq (tests 1..3), eight, place
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, data string) {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("ada/eight.txt", "92\n")
	write("ada/rnd1.txt", "92\n")
	write("ada/Guard-Max.txt", "8\n")
	write("ada/nq.txt", "2\n")
	for f, answer := range map[string]string{"1.txt": "2\n", "2.txt": "10\n", "3.txt": "4\n", "notes.txt": "hi\n"} {
		write("ada/nq/"+f, answer)
	}
	write("mirek/eight.txt", "92\n")
	write("mirek/eight.txt~", "91\n")
	write("README.txt", "the contest's submissions\n")
	subs, errs := judge.LoadSubmissions(dir)
	r := judge.Contest(context.Background(), set, subs, judge.SolverTruths{}, judge.Limits{})
	// As the judge command gives the report: what LoadSubmissions skipped
	// (README.txt) is not judged either.
	r.Warnings = append(errs, r.Warnings...)

	var b bytes.Buffer
	if err := WriteHTML(&b, r, nil); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, c := range []struct {
		file, why string
		team      string // the section it is listed in: "" for the others
	}{
		{"ada/rnd1.txt", `no problem &#34;rnd1&#34; in set tests-cup, not judged`, "ada"},
		{"ada/Guard-Max.txt", `no problem &#34;Guard-Max&#34; in set tests-cup, not judged`, "ada"},
		{"ada/nq.txt", "problem nq has tests: answer them in a folder nq/ with a file per test, not judged", "ada"},
		{"ada/nq/notes.txt", `no test &#34;notes&#34; in problem nq, not judged`, "ada"},
		{"README.txt", "not in a team folder, skipped", ""},
		{`<span class="file">eight.txt</span>, <span class="file">eight.txt~</span>`, "each answers problem eight: neither judged; keep one", "mirek"},
	} {
		where := section(page, `id="not-judged-others"`)
		if c.team != "" {
			where = section(page, `data-team="`+c.team+`"`)
		}
		if !strings.Contains(where, c.file) || !strings.Contains(where, `<span class="why">`+c.why+`</span>`) {
			t.Errorf("the report does not list %s (%s) in the section of %q:\n%s", c.file, c.why, c.team, where)
		}
	}
	if got := section(page, `data-team="mirek"`); !strings.Contains(got, "not ranked: no attempt judged") {
		t.Errorf("mirek, with no attempt, has no section of its own:\n%s", got)
	}
	if !strings.Contains(page, `<a href="#not-judged">7 not judged</a>`) {
		t.Errorf("the report's header does not count 7 files not judged")
	}
	if others := section(page, `id="not-judged-others"`); strings.Contains(others, "ada/") {
		t.Errorf("a file of ada's is listed with the other files:\n%s", others)
	}
	selfContained(t, page)

	b.Reset()
	if err := WritePublicHTML(&b, r); err != nil {
		t.Fatal(err)
	}
	names := organiserNames(t, dir, r, set)
	if !slices.Contains(names, "rnd1.txt") || !slices.Contains(names, "README.txt") {
		t.Fatalf("names %q, want rnd1.txt and README.txt among them", names)
	}
	checkNamesNoFile(t, b.String(), names)
	if strings.Contains(b.String(), "not judged") || strings.Contains(b.String(), `data-team="mirek"`) {
		t.Errorf("the public page tells of files not judged")
	}
}

// section returns the section of page whose opening tag holds attr
// (`data-team="ada"`), up to its first inner section's end or its own, or
// "" when there is none.
func section(page, attr string) string {
	for rest := page; ; {
		i := strings.Index(rest, "<section")
		if i < 0 {
			return ""
		}
		tag, _, _ := strings.Cut(rest[i:], ">")
		if strings.Contains(tag, attr) {
			body, _, _ := strings.Cut(rest[i:], "</section>")
			return body
		}
		rest = rest[i+len("<section"):]
	}
}
