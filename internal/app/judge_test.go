package app_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/report"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/truth"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/store"
)

// straySubmissions copies the example submissions into a directory of the
// test's with two files that are not submissions: one beside the team
// folders, one named after no problem of the set.
func straySubmissions(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "submissions")
	copyDir(t, submissions, dir)
	writeFile(t, filepath.Join(dir, "README.txt"), "not a team\n")
	writeFile(t, filepath.Join(dir, "ada", "no-such-problem.txt"), "92\n")
	return dir
}

// verdicts returns the verdicts of r by team and problem, for attempt 1.
func verdicts(r judge.Report) map[[2]string]judge.Verdict {
	m := map[[2]string]judge.Verdict{}
	for _, res := range r.Results {
		if res.Attempt == 1 {
			m[[2]string{res.Team, res.Problem}] = res.Verdict
		}
	}
	return m
}

// TestJudge judges the example contest with two stray files: the report
// has every result and the scoreboard, each result is kept, the strays are
// warnings, and --strict makes them a said failure.
func TestJudge(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	subs := straySubmissions(t)
	for _, strict := range []bool{false, true} {
		name := "lenient"
		if strict {
			name = "strict"
		}
		t.Run(name, func(t *testing.T) {
			con := newConsole(output.JSON, "")
			res, err := app.Judge(ctx, con.Console, app.JudgeRequest{Collect: true,
				Cache: tempCache(t), Set: contestSet, Submissions: subs, Batch: batch, Strict: strict,
			})
			if strict {
				checkOutcome(t, "Judge --strict", err, status.Failed, true)
			} else {
				checkOutcome(t, "Judge", err, 0, false)
			}
			r := res.Report
			if r.Set != "example-cup" || len(r.Problems) != 13 {
				t.Errorf("report of set %q with %d problems, want example-cup with 13", r.Set, len(r.Problems))
			}
			if len(r.Results) != 31 {
				t.Errorf("%d results, want 31 (13 ada, 10 grace, 8 linus)", len(r.Results))
			}
			got := verdicts(r)
			for key, want := range map[[2]string]judge.Verdict{
				{"ada", "eight-queens"}:       judge.AC,
				{"ada", "qk5-solutions"}:      judge.AC,
				{"grace", "twelve-unique"}:    judge.WA,
				{"grace", "qk8-count"}:        judge.PE,
				{"linus", "eight-queens"}:     judge.NO,
				{"linus", "big-placement"}:    judge.WA,
				{"linus", "cross-unique"}:     judge.AC,
				{"grace", "corner-placement"}: judge.WA,
				{"ada", "chessboard"}:         judge.AC,
				{"grace", "chessboard"}:       judge.WA,
				{"linus", "chessboard"}:       judge.WA,
			} {
				if got[key] != want {
					t.Errorf("verdict of %s on %s = %q, want %s", key[0], key[1], got[key], want)
				}
			}
			if _, ok := got[[2]string{"ada", "no-such-problem"}]; ok {
				t.Error("the stray ada/no-such-problem.txt was judged")
			}
			var board []string
			for _, s := range r.Scoreboard {
				board = append(board, s.Team)
				if len(s.Problems) != 13 {
					t.Errorf("team %s has %d cells, want 13", s.Team, len(s.Problems))
				}
			}
			// linus's 70 of chessboard's 100 points rank him above grace's 30.
			if strings.Join(board, " ") != "ada linus grace" {
				t.Errorf("scoreboard = %v, want ada linus grace", board)
			}
			if top := r.Scoreboard[0]; top.Rank != 1 || top.Solved != 13 || top.Points != 116 {
				t.Errorf("ada: rank %d, %d solved, %d points; want 1, 13, 116", top.Rank, top.Solved, top.Points)
			}
			if linus := r.Scoreboard[1]; linus.Solved != 1 || linus.Points != 71 {
				t.Errorf("linus: %d solved, %d points; want 1 and 1 + 70 of chessboard", linus.Solved, linus.Points)
			}

			rows := r.Rows() // a row per test of a problem with tests
			if len(res.Kept) != len(rows) || len(rows) != 31-3+3*16 {
				t.Fatalf("%d judgements kept, want one per result row (%d: 28 + 3 × 16 tests)", len(res.Kept), len(rows))
			}
			for i, k := range res.Kept {
				rr := rows[i]
				ref := rr.Problem
				if rr.Test != "" {
					ref += "/" + rr.Test // a test is kept as ID/TEST
				}
				if k.Set != "example-cup" || k.Team != rr.Team || k.Problem != ref || k.File != rr.File || k.Verdict != string(rr.Verdict) || k.Message != rr.Message {
					t.Errorf("kept %d = %s %s/%s %s %q, want the result %s/%s %s %q", i, k.Set, k.Team, k.Problem, k.Verdict, k.Message, rr.Team, rr.Problem, rr.Verdict, rr.Message)
				}
				if !filepath.IsAbs(k.Path) || !exists(t, k.Path) {
					t.Errorf("kept %s/%s: path %q, want the absolute path of the file", k.Team, k.Problem, k.Path)
				}
				if k.Answer == nil {
					t.Errorf("kept %s/%s without its answer", k.Team, k.Problem)
				}
			}

			var strays []string
			for _, w := range res.Warnings {
				var s *judge.Stray
				if !errors.As(w, &s) {
					t.Errorf("warning %v is not a *judge.Stray", w)
					continue
				}
				strays = append(strays, s.Path)
			}
			if len(strays) != 2 || !strings.Contains(strings.Join(strays, " "), "README.txt") || !strings.Contains(strings.Join(strays, " "), "no-such-problem") {
				t.Errorf("warnings about %q, want README.txt and ada/no-such-problem.txt", strays)
			}
			if n := strings.Count(con.stderr.String(), "warning: "); n != 2 {
				t.Errorf("stderr has %d warnings, want 2:\n%s", n, con.stderr)
			}

			var printed struct {
				Results    []json.RawMessage `json:"results"`
				Scoreboard []json.RawMessage `json:"scoreboard"`
			}
			if err := json.Unmarshal(con.stdout.Bytes(), &printed); err != nil {
				t.Fatalf("stdout is not the JSON report: %v\n%s", err, con.stdout)
			}
			if len(printed.Results) != len(rows) || len(printed.Scoreboard) != len(r.Scoreboard) {
				t.Errorf("printed %d results and %d standings, want %d (a result per test) and %d", len(printed.Results), len(printed.Scoreboard), len(rows), len(r.Scoreboard))
			}
		})
	}
}

// TestJudgeManifest judges the CSV manifest: several attempts of a
// problem, timed, ranked by the ICPC penalty.
func TestJudgeManifest(t *testing.T) {
	t.Parallel()
	con := newConsole(output.Table, "")
	res, err := app.Judge(context.Background(), con.Console, app.JudgeRequest{Collect: true,
		Cache: tempCache(t), Set: contestSet, Submissions: manifest, Batch: batch,
	})
	checkOutcome(t, "Judge", err, 0, false)
	if len(res.Report.Results) != 13 || len(res.Kept) != 12+16 {
		t.Fatalf("%d results, %d kept; want 13 results (one is grace's folder for chessboard), 28 kept (one per test)", len(res.Report.Results), len(res.Kept))
	}
	var ada []judge.Result
	for _, r := range res.Report.Results {
		if !r.Timed {
			t.Errorf("%s/%s untimed, want the manifest's time", r.Team, r.Problem)
		}
		if r.Team == "ada" && r.Problem == "eight-queens" {
			ada = append(ada, r)
		}
	}
	if len(ada) != 2 || ada[0].Attempt != 1 || ada[0].Verdict != judge.WA || ada[1].Attempt != 2 || ada[1].Verdict != judge.AC {
		t.Errorf("ada's attempts at eight-queens = %+v, want WA then AC", ada)
	}
	if res.Warnings != nil {
		t.Errorf("warnings %v, want none", res.Warnings)
	}
}

// TestJudgeFiles writes the three files beside the printed report.
func TestJudgeFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	req := app.JudgeRequest{
		Cache: tempCache(t), Set: contestSet, Submissions: submissions, Batch: batch,
		ResultsTSV: filepath.Join(dir, "results.tsv"),
		Scoreboard: filepath.Join(dir, "scoreboard.json"),
		HTML:       filepath.Join(dir, "report.html"),
	}
	con := newConsole(output.CSV, "")
	if _, err := app.Judge(context.Background(), con.Console, req); err != nil {
		t.Fatalf("Judge = %v; stderr:\n%s", err, con.stderr)
	}
	// A row per answer of a problem without tests (28) and per test (3 × 16).
	if lines := strings.Split(con.stdout.String(), "\n"); lines[0] != "team,problem,verdict,points,time,attempt,file,message,team_message,squares,line,test,group,sample,score,truth" || len(lines) != 1+28+48+1 {
		t.Errorf("stdout: %d lines starting %q, want the CSV header and 76 results", len(lines), lines[0])
	}

	tsv := strings.Split(strings.TrimRight(string(readFile(t, req.ResultsTSV)), "\n"), "\n")
	if len(tsv) != 4 || tsv[0] != "results\t1" || !strings.HasPrefix(tsv[1], "ada\t1\t") {
		t.Errorf("results.tsv = %q, want results\\t1 and a line per team, ada first", tsv)
	}

	// The set has problems worth 2 and 3 points: a scoreboard of type
	// score, made when the judging ended.
	var sb struct {
		Time  time.Time `json:"time"`
		State struct {
			Finalized time.Time `json:"finalized"`
		} `json:"state"`
		Rows []struct {
			Rank   int    `json:"rank"`
			TeamID string `json:"team_id"`
			Score  struct {
				Score int `json:"score"`
			} `json:"score"`
			Problems []json.RawMessage `json:"problems"`
		} `json:"rows"`
	}
	if err := json.Unmarshal(readFile(t, req.Scoreboard), &sb); err != nil {
		t.Fatalf("scoreboard.json: %v", err)
	}
	// A set with groups, or points other than 1, has the scoreboard of type score.
	if len(sb.Rows) != 3 || sb.Rows[0].TeamID != "ada" || sb.Rows[0].Rank != 1 || sb.Rows[0].Score.Score != 116 || len(sb.Rows[0].Problems) != 13 {
		t.Errorf("scoreboard.json rows = %+v, want 3, ada first with a score of 116", sb.Rows)
	}
	if age := time.Since(sb.Time); age < 0 || age > time.Hour || !sb.State.Finalized.Equal(sb.Time) {
		t.Errorf("scoreboard.json made at %v, finalized %v: want now, both", sb.Time, sb.State.Finalized)
	}

	html := string(readFile(t, req.HTML))
	for _, want := range []string{"<html", "example-cup", "ada", "grace", "linus", "</html>"} {
		if !strings.Contains(strings.ToLower(html), want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
}

// TestJudgeOutputIsCache: an output naming the cache, by any spelling, is
// a usage error before anything is made: no cache, no other output.
func TestJudgeOutputIsCache(t *testing.T) {
	t.Parallel()
	for _, role := range []string{"results-tsv", "scoreboard", "html"} {
		for _, spell := range []string{"same", "dot", "link", "wal"} {
			t.Run(role+"/"+spell, func(t *testing.T) {
				dir := t.TempDir()
				cache := filepath.Join(dir, "cache.db")
				link := filepath.Join(t.TempDir(), "link")
				if err := os.Symlink(dir, link); err != nil {
					t.Fatal(err)
				}
				out := map[string]string{
					"same": cache,
					"dot":  dir + "/./cache.db",
					"link": filepath.Join(link, "cache.db"),
					"wal":  cache + "-wal",
				}[spell]
				other := filepath.Join(dir, "other.out")
				req := app.JudgeRequest{Cache: cache, Set: contestSet, Submissions: submissions, Batch: batch}
				switch role {
				case "results-tsv":
					req.ResultsTSV, req.HTML = out, other
				case "scoreboard":
					req.Scoreboard, req.ResultsTSV = out, other
				case "html":
					req.HTML, req.Scoreboard = out, other
				}
				con := newConsole(output.Table, "")
				_, err := app.Judge(context.Background(), con.Console, req)
				checkOutcome(t, "Judge --"+role+" "+out, err, status.Usage, false)
				if !strings.Contains(err.Error(), "cache") {
					t.Errorf("error %q does not say it is the cache", err)
				}
				entries, _ := os.ReadDir(dir)
				for _, e := range entries {
					t.Errorf("Judge made %s", e.Name())
				}
				if con.stdout.Len() != 0 {
					t.Errorf("Judge printed %q", con.stdout)
				}
			})
		}
	}
}

// sameFileTwice writes a manifest in which team t sends b.txt (AC, 92) at
// minute 10, a.txt (WA) at 20 and b.txt again at 30, as a contest system
// that stores files by content writes it, and returns its path.
func sameFileTwice(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "a.txt"), "91\n")
	writeFile(t, filepath.Join(dir, "b.txt"), "92\n")
	path := filepath.Join(dir, "attempts.csv")
	writeFile(t, path, "team,problem,time,file\nt,eight-queens,10,b.txt\nt,eight-queens,20,a.txt\nt,eight-queens,30,b.txt\n")
	return path
}

// attempts lists the kept judgements as attempt/file/minute/verdict.
func attempts(js []store.Attempt) []string {
	var s []string
	for _, j := range js {
		s = append(s, fmt.Sprintf("%d/%s/%d/%s", j.Attempt, j.File, int64(j.Time/time.Minute), j.Verdict))
	}
	return s
}

// keptIn returns the judgements the cache file keeps for set.
func keptIn(t *testing.T, cache, set string) []store.Attempt {
	t.Helper()
	c, err := truth.Open(context.Background(), cache)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	js, err := c.Attempts(context.Background(), set)
	if err != nil {
		t.Fatal(err)
	}
	return js
}

// TestJudgeSameFileTwice: one kept judgement per attempt, though two
// attempts have one file, and regrade keeps the first accepted one at
// minute 10 (before, the cache kept attempts 2 and 3, and after a regrade
// the problem was solved at minute 30 with a rejection before it).
func TestJudgeSameFileTwice(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cache := tempCache(t)
	con := newConsole(output.Table, "")
	res, err := app.Judge(ctx, con.Console, app.JudgeRequest{Collect: true, Cache: cache, Set: contestSet, Submissions: sameFileTwice(t), Batch: batch})
	checkOutcome(t, "Judge", err, 0, false)
	want := []string{"1/b.txt/10/AC", "2/a.txt/20/WA", "3/b.txt/30/AC"}
	if got := attempts(res.Kept); !slices.Equal(got, want) {
		t.Errorf("Judge kept %q, want %q", got, want)
	}
	if got := attempts(keptIn(t, cache, "example-cup")); !slices.Equal(got, want) {
		t.Errorf("the cache keeps %q, want %q", got, want)
	}
	for _, k := range res.Kept {
		if string(k.Answer) != map[string]string{"a.txt": "91\n", "b.txt": "92\n"}[k.File] || !strings.HasSuffix(k.Path, k.File) {
			t.Errorf("attempt %d kept the answer %q of %s", k.Attempt, k.Answer, k.Path)
		}
	}

	for _, c := range []struct {
		set     string
		changes int
		want    []string
		solved  int
		penalty int64
	}{
		{contestSet, 0, want, 1, 10},
		{fixedSet, 2, []string{"1/b.txt/10/WA", "2/a.txt/20/WA", "3/b.txt/30/WA"}, 0, 0}, // a.txt stays WA: not a change
	} {
		con := newConsole(output.Table, "")
		res, err := app.Regrade(ctx, con.Console, app.RegradeRequest{Cache: cache, Set: c.set, Batch: batch})
		checkOutcome(t, "Regrade "+c.set, err, 0, false)
		if len(res.Changes) != c.changes {
			t.Errorf("Regrade %s: changes %+v, want %d", c.set, res.Changes, c.changes)
		}
		if got := attempts(keptIn(t, cache, "example-cup")); !slices.Equal(got, c.want) {
			t.Errorf("after Regrade %s the cache keeps %q, want %q", c.set, got, c.want)
		}
		st := res.Report.Scoreboard[0]
		if st.Solved != c.solved || st.Penalty != c.penalty {
			t.Errorf("Regrade %s: %d solved, penalty %d; want %d, %d", c.set, st.Solved, st.Penalty, c.solved, c.penalty)
		}
	}
}

// TestJudgeDoubledAndHidden: a team folder with two files for one problem
// (an old answer that is right beside a new one that is wrong) solves
// nothing: neither is judged nor kept, and a warning names both; a hidden
// file is a warning too. --strict makes them a failure.
func TestJudgeDoubledAndHidden(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "submissions")
	for _, f := range []struct{ name, text string }{
		{"t/eight-queens.txt", "91\n"},
		{"t/eight-queens.old", "92\n"},
		{"t/cses-sample.txt", "65\n"},
		{"t/.cses-sample.txt.swp", "65\n"},
	} {
		path := filepath.Join(dir, filepath.FromSlash(f.name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, path, f.text)
	}
	for _, strict := range []bool{false, true} {
		con := newConsole(output.Table, "")
		res, err := app.Judge(context.Background(), con.Console, app.JudgeRequest{Collect: true,
			Cache: tempCache(t), Set: contestSet, Submissions: dir, Batch: batch, Strict: strict,
		})
		if strict {
			checkOutcome(t, "Judge --strict", err, status.Failed, true)
		} else {
			checkOutcome(t, "Judge", err, 0, false)
		}
		if got := attempts(res.Kept); !slices.Equal(got, []string{"1/t/cses-sample.txt/0/AC"}) {
			t.Errorf("kept %q, want only t/cses-sample.txt", got)
		}
		if st := res.Report.Scoreboard[0]; st.Solved != 1 {
			t.Errorf("team t solved %d problems, want 1 (cses-sample)", st.Solved)
		}
		var doubled, hidden int
		for _, w := range res.Warnings {
			var d *judge.Doubled
			var s *judge.Stray
			switch {
			case errors.As(w, &d) && slices.Equal(d.Files, []string{"eight-queens.old", "eight-queens.txt"}):
				doubled++
			case errors.As(w, &s) && strings.HasSuffix(s.Path, ".cses-sample.txt.swp"):
				hidden++
			default:
				t.Errorf("warning %v", w)
			}
		}
		if doubled != 1 || hidden != 1 {
			t.Errorf("warnings %v, want one for the two eight-queens files and one for the hidden file", res.Warnings)
		}
		if want := "warning: team t, problem eight-queens: two files, eight-queens.old and eight-queens.txt: neither judged; keep one\n"; !strings.Contains(con.stderr.String(), want) {
			t.Errorf("stderr %q, want %q", con.stderr, want)
		}
	}
}

// The contest of problems with tests that package judge's tests judge: a
// problem with groups, a pass-fail problem with tests and one without,
// answered by folders of files, one per test.
const (
	testsDir      = "../../judge/testdata/tests"
	testsSet      = testsDir + "/set.yaml"
	testsSubs     = testsDir + "/submissions"
	testsManifest = testsDir + "/manifest.csv"
)

// TestJudgeTests judges the contest of problems with tests with every file
// written: the JSON has a result per test, the Contest API scoreboard is of
// type score, awards.json has the winner, the public page no judge
// message; the cache keeps a judgement per test, under ID/TEST, and a test
// with no file as NO with no bytes.
func TestJudgeTests(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	req := app.JudgeRequest{Collect: true,
		Cache: tempCache(t), Set: testsSet, Submissions: testsSubs, Batch: batch,
		Scoreboard: filepath.Join(dir, "scoreboard.json"), Awards: filepath.Join(dir, "awards.json"),
		ResultsTSV: filepath.Join(dir, "results.tsv"), HTML: filepath.Join(dir, "report.html"),
		PublicHTML: filepath.Join(dir, "public.html"),
	}
	con := newConsole(output.JSON, "")
	res, err := app.Judge(context.Background(), con.Console, req)
	checkOutcome(t, "Judge", err, 0, false)
	if len(res.Warnings) != 4 {
		t.Errorf("warnings %v, want 4 (a file for no test, a test answered twice, a folder and a file out of place)", res.Warnings)
	}
	var out struct {
		Results []struct {
			Problem string `json:"problem"`
			Test    string `json:"test"`
			Score   *int   `json:"score"`
		} `json:"results"`
		Scoreboard []struct {
			Team   string `json:"team"`
			Points int    `json:"points"`
		} `json:"scoreboard"`
	}
	if err := json.Unmarshal(con.stdout.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	// ada 5 + 3 + 1 + 2, bob 5 + 3 + 1 + 2, cy 5 + 1.
	if len(out.Results) != 28 {
		t.Errorf("%d results, want 28: one per test, one per attempt at eight", len(out.Results))
	}
	for _, r := range out.Results {
		if (r.Test == "") != (r.Problem == "eight") || (r.Score == nil) != (r.Test == "") {
			t.Errorf("result %+v: test and score only on the tests of chess, nq and place", r)
		}
	}
	if len(out.Scoreboard) != 3 || out.Scoreboard[0].Points != 104 || out.Scoreboard[2].Points != 30 {
		t.Errorf("scoreboard %+v, want ada 104 ... bob 30", out.Scoreboard)
	}

	sb := string(readFile(t, req.Scoreboard))
	if !strings.Contains(sb, `"score": 104,`) || strings.Contains(sb, "num_solved") {
		t.Errorf("scoreboard.json is not of type score:\n%s", sb)
	}
	var awards []struct {
		ID      string   `json:"id"`
		TeamIDs []string `json:"team_ids"`
	}
	if err := json.Unmarshal(readFile(t, req.Awards), &awards); err != nil || len(awards) == 0 || awards[0].ID != "winner" || !slices.Equal(awards[0].TeamIDs, []string{"ada"}) {
		t.Errorf("awards.json = %+v (%v), want the winner ada first", awards, err)
	}
	public := string(readFile(t, req.PublicHTML))
	if strings.Contains(public, "expected") || strings.Contains(public, "judge:") || !strings.Contains(public, "bob") {
		t.Errorf("public.html shows a judge message, or not the teams")
	}
	html := string(readFile(t, req.HTML))
	if !strings.Contains(html, "expected 40") || !strings.Contains(html, `data-test="big-2"`) {
		t.Errorf("report.html lacks the judge message of bob's big-2")
	}
	// bob's wrong board for place/2 is drawn from its file, on the test's
	// 5×5 board; the public page draws none.
	if got := strings.Count(html, `<figure class="board"><svg`); got != 1 {
		t.Errorf("report.html draws %d boards, want bob's place/2", got)
	}
	if strings.Contains(public, "<svg") {
		t.Errorf("public.html draws a team's board")
	}

	kept := keptIn(t, req.Cache, "tests-cup")
	byRef := map[string]int{}
	for _, j := range kept {
		byRef[j.Team+":"+j.Problem]++
		if j.Team == "bob" && j.Problem == "nq/3" && (j.Verdict != "NO" || j.Digest != "" || j.Answer != nil || j.File != "bob/nq") {
			t.Errorf("bob's missing nq/3 kept as %s, digest %q, file %s; want NO with no bytes, the folder", j.Verdict, j.Digest, j.File)
		}
		if j.Team == "ada" && j.Problem == "chess/big-2" && (string(j.Answer) != "40\n" || j.File != "ada/chess/big-2" || len(j.Digest) != 64) {
			t.Errorf("ada's chess/big-2 kept as %q from %s", j.Answer, j.File)
		}
	}
	if len(kept) != 28 || byRef["cy:chess/2"] != 1 || byRef["ada:eight"] != 1 || byRef["ada:chess"] != 0 {
		t.Errorf("kept %d judgements, by ref %v; want 28, one per test", len(kept), byRef)
	}
}

// TestJudgeRefusesNonCCSIDs: a team or problem whose name cannot be its id
// in the Contest API makes --scoreboard and --awards a failure named before
// any judging, with nothing written; without them the same contest is
// judged.
func TestJudgeRefusesNonCCSIDs(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("p", 30) // a problem id; "first-to-solve-" and it make 45 characters
	dir := t.TempDir()
	set := filepath.Join(dir, "set.yaml")
	writeFile(t, set, "name: ids\nproblems:\n  - id: q4\n    kind: nqueens\n    n: 4\n    ask: count\n  - id: "+long+"\n    kind: nqueens\n    n: 5\n    ask: count\n")
	subs := filepath.Join(dir, "subs")
	for _, team := range []string{"ada", "Team A"} {
		if err := os.MkdirAll(filepath.Join(subs, team), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(subs, team, "q4.txt"), "2\n")
	}
	for _, c := range []struct {
		scoreboard, awards bool
		want               string // in the error; "" for judged
	}{
		{scoreboard: true, want: `--scoreboard: team "Team A" cannot be a team id`},
		{awards: true, want: `--awards: team "Team A" cannot be a team id`},
		{},
	} {
		out := t.TempDir()
		req := app.JudgeRequest{Cache: tempCache(t), Set: set, Submissions: subs, Batch: batch}
		if c.scoreboard {
			req.Scoreboard = filepath.Join(out, "scoreboard.json")
		}
		if c.awards {
			req.Awards = filepath.Join(out, "awards.json")
		}
		con := newConsole(output.Table, "")
		_, err := app.Judge(context.Background(), con.Console, req)
		if c.want == "" {
			checkOutcome(t, "Judge", err, 0, false)
			continue
		}
		checkOutcome(t, "Judge", err, status.Failed, false)
		if !strings.Contains(err.Error(), c.want) || con.stdout.Len() != 0 {
			t.Errorf("error %q, stdout %q: want %q and nothing judged", err, con.stdout, c.want)
		}
		if entries, _ := os.ReadDir(out); len(entries) != 0 {
			t.Errorf("%d files written, want none", len(entries))
		}
	}
	// Without the team, the long problem id is refused for the awards only.
	if err := os.RemoveAll(filepath.Join(subs, "Team A")); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	req := app.JudgeRequest{Cache: tempCache(t), Set: set, Submissions: subs, Batch: batch, Scoreboard: filepath.Join(out, "s.json"), Awards: filepath.Join(out, "a.json")}
	_, err := app.Judge(context.Background(), newConsole(output.Table, "").Console, req)
	if checkOutcome(t, "Judge", err, status.Failed, false); !strings.Contains(err.Error(), `makes the award id "first-to-solve-`+long+`"`) {
		t.Errorf("error %q, want the award id named", err)
	}
	req.Awards = ""
	_, err = app.Judge(context.Background(), newConsole(output.Table, "").Console, req)
	checkOutcome(t, "Judge", err, 0, false)
}

// TestJudgeWithoutTruth: judge, and regrade after it, on a board whose
// solve is stopped at its budget (--budget 1s): every valid placement is
// AC and an invalid one WA, and the report says they did not need the
// truth; none is JE naming the budget, and the command fails. With no
// answer none, nothing is solved: the judging takes no budget and has no
// judge error.
func TestJudgeWithoutTruth(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	set, valid := hardBoard(t, dir)
	subs := filepath.Join(dir, "submissions")
	answers := map[string]string{"ada": valid, "bob": strings.Replace(valid, "15\n22\n", "22\n15\n", 1), "cy": "none\n", "dee": valid}
	for team, answer := range answers {
		if err := os.MkdirAll(filepath.Join(subs, team), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(subs, team, "grid.txt"), answer)
	}
	hard := app.Batch{Jobs: 1, Budget: time.Second}
	type row struct {
		Team, Verdict, Message, Truth string
	}
	printed := func(con console) map[string]row {
		var out struct{ Results []row }
		if err := json.Unmarshal(con.stdout.Bytes(), &out); err != nil {
			t.Fatalf("stdout: %v\n%s", err, con.stdout)
		}
		rows := map[string]row{}
		for _, r := range out.Results {
			rows[r.Team] = r
		}
		return rows
	}
	want := map[string]string{"ada": "AC", "bob": "WA", "cy": "JE", "dee": "AC"}

	cache := tempCache(t)
	con := newConsole(output.JSON, "")
	_, err := app.Judge(ctx, con.Console, app.JudgeRequest{Cache: cache, Set: set, Submissions: subs, Batch: hard})
	checkOutcome(t, "Judge", err, status.Failed, true) // cy's none is JE
	for team, v := range want {
		r := printed(con)[team]
		if r.Verdict != v || (r.Truth == "not needed") != (v != "JE") {
			t.Errorf("Judge: %s: %s %q, truth %q; want %s, truth not needed unless JE", team, r.Verdict, r.Message, r.Truth, v)
		}
	}
	if r := printed(con)["cy"]; !strings.Contains(r.Message, "no ground truth to judge none: problem \"grid\": stopped at its budget of 1 CPU-second") {
		t.Errorf("Judge: cy's none: %q, want the budget named", r.Message)
	}
	if !strings.Contains(con.stderr.String(), "judge error: team cy, problem grid: no ground truth to judge none") {
		t.Errorf("Judge: stderr %q, want cy's judge error", con.stderr)
	}

	// Regrade judges the kept answers the same way: nothing changes.
	for _, dry := range []bool{true, false} {
		con := newConsole(output.JSON, "")
		res, err := app.Regrade(ctx, con.Console, app.RegradeRequest{Cache: cache, Set: set, Batch: hard, DryRun: dry})
		checkOutcome(t, "Regrade", err, status.Failed, true)
		if len(res.Changes) != 0 {
			t.Errorf("Regrade (dry run %v): changes %+v, want none", dry, res.Changes)
		}
		for _, r := range res.Report.Results {
			if string(r.Verdict) != want[r.Team] || r.WithoutTruth != (r.Verdict != judge.JE) {
				t.Errorf("Regrade (dry run %v): %s: %s %q (WithoutTruth %v), want %s", dry, r.Team, r.Verdict, r.Message, r.WithoutTruth, want[r.Team])
			}
		}
	}

	// Without none, the truth is never asked: no solve, no judge error.
	if err := os.RemoveAll(filepath.Join(subs, "cy")); err != nil {
		t.Fatal(err)
	}
	con = newConsole(output.JSON, "")
	_, err = app.Judge(ctx, con.Console, app.JudgeRequest{Cache: tempCache(t), Set: set, Submissions: subs, Batch: hard})
	checkOutcome(t, "Judge (no none)", err, 0, false)
	if rows := printed(con); len(rows) != 3 || rows["ada"].Verdict != "AC" || rows["bob"].Verdict != "WA" {
		t.Errorf("Judge (no none): %+v", rows)
	}
}

// judgeOutputs is a request for the example contest with every output in
// dir, and the outputs' paths.
func judgeOutputs(t *testing.T, dir, subs string) (app.JudgeRequest, []string) {
	t.Helper()
	req := app.JudgeRequest{Collect: true,
		Cache: tempCache(t), Set: contestSet, Submissions: subs, Batch: batch,
		Scoreboard: filepath.Join(dir, "scoreboard.json"),
		Awards:     filepath.Join(dir, "awards.json"),
		ResultsTSV: filepath.Join(dir, "results.tsv"),
		HTML:       filepath.Join(dir, "report.html"),
		PublicHTML: filepath.Join(dir, "public.html"),
	}
	return req, []string{req.Scoreboard, req.Awards, req.ResultsTSV, req.HTML, req.PublicHTML}
}

// TestJudgeNothing: a judging that reads no submission (a team's folder
// given for the submissions directory, an empty directory, one whose
// files answer no problem) fails before any output is written, says why,
// and for a team's folder suggests its parent. Before, each printed an
// empty scoreboard, wrote the empty files and exited 0.
func TestJudgeNothing(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	subs := filepath.Join(root, "submissions")
	copyDir(t, submissions, subs)
	empty := filepath.Join(root, "empty")
	strays := filepath.Join(root, "strays")
	for _, d := range []string{empty, filepath.Join(strays, "ada")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(strays, "ada", "notes.txt"), "92\n")
	for _, c := range []struct {
		name, subs string
		want       []string
		warnings   bool
	}{
		{"team folder", filepath.Join(subs, "ada"), []string{"judge: submissions " + filepath.Join(subs, "ada") + ": no submission to judge", "it looks like a team's folder: big-placement.txt, chessboard, corner-placement.txt and 10 more answer problems of set example-cup: did you mean " + subs + string(filepath.Separator) + "?"}, false},
		{"empty", empty, []string{"judge: submissions " + empty + ": no submission to judge: no team folder in it"}, false},
		{"strays", strays, []string{"judge: submissions " + strays + ": no submission to judge: no file in its team folders answers a problem of set example-cup"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			out := t.TempDir()
			req, files := judgeOutputs(t, out, c.subs)
			con := newConsole(output.Table, "")
			_, err := app.Judge(context.Background(), con.Console, req)
			checkOutcome(t, "Judge", err, status.Failed, false)
			for _, want := range c.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("Judge = %q, want %q in it", err, want)
				}
			}
			if got := strings.Contains(con.stderr.String(), "warning:"); got != c.warnings {
				t.Errorf("stderr %q: warnings %v, want %v", con.stderr, got, c.warnings)
			}
			nothingOut(t, con, files)
		})
	}
}

// TestJudgeBadManifest: a manifest with any row that cannot be read (a bad
// time, a missing column, a problem not in the set, a header with a column
// twice or one it does not know) fails before any output is written, and
// every bad row is named with its line, a mistyped problem id with the id
// meant. Before, the bad rows were dropped (or judged by the last column
// of a name) and the rest of the contest judged and written.
func TestJudgeBadManifest(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, csv string
		want      []string
	}{
		{"rows", "team,problem,time,file\n" +
			"ada,eight-queens,12,submissions/ada/eight-queens.txt\n" +
			"ada,six-all,abc,submissions/ada/six-all.txt\n" +
			"ada,six-all,14\n" +
			"grace,eigth-queens,15,submissions/grace/eight-queens.txt\n" +
			"grace,six-all,soon,submissions/grace/six-all.txt\n",
			[]string{
				`m.csv:3: time "abc": want minutes`,
				`m.csv:4: no file`,
				`m.csv:5: no problem "eigth-queens" in set example-cup (did you mean "eight-queens"?)`,
				`m.csv:6: time "soon": want minutes`,
			}},
		{"header twice", "team,problem,team,file\nada,eight-queens,bob,submissions/ada/eight-queens.txt\n",
			[]string{`m.csv:1: column "team" twice in the header`}},
		{"unknown column", "team,problem,tim,file\nada,eight-queens,12,submissions/ada/eight-queens.txt\n",
			[]string{`m.csv:1: unknown column "tim" (did you mean "time"?)`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			copyDir(t, submissions, filepath.Join(dir, "submissions"))
			m := filepath.Join(dir, "m.csv")
			writeFile(t, m, c.csv)
			req, files := judgeOutputs(t, dir, m)
			con := newConsole(output.Table, "")
			_, err := app.Judge(context.Background(), con.Console, req)
			checkOutcome(t, "Judge", err, status.Failed, true)
			for _, want := range c.want {
				if !strings.Contains(con.stderr.String(), want) {
					t.Errorf("stderr %q, want %q in it", con.stderr, want)
				}
			}
			nothingOut(t, con, files)
		})
	}
}

// TestJudgeRefusesEveryOutput: a second judging without Replace names every
// output that exists in one refusal, and prints nothing before it (not the
// warnings of the submissions). Before, it named the first and printed the
// warnings first.
func TestJudgeRefusesEveryOutput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	subs := straySubmissions(t)
	req, files := judgeOutputs(t, dir, subs)
	req.Awards, req.PublicHTML = "", ""
	files = []string{req.Scoreboard, req.ResultsTSV, req.HTML}
	if _, err := app.Judge(context.Background(), newConsole(output.Table, "").Console, req); err != nil {
		t.Fatalf("first Judge = %v", err)
	}
	con := newConsole(output.Table, "")
	_, err := app.Judge(context.Background(), con.Console, req)
	checkOutcome(t, "second Judge", err, status.Usage, false)
	if con.stderr.Len() != 0 || con.stdout.Len() != 0 {
		t.Errorf("printed %q and %q before the refusal, want nothing", con.stdout, con.stderr)
	}
	for _, f := range files {
		if err != nil && !strings.Contains(err.Error(), f) {
			t.Errorf("refusal %q does not name %s", err, f)
		}
	}
}

// TestJudgeTeamFolderUnread: a team folder that cannot be read (here a link
// that leads out of the submissions directory) fails the judging before
// any output, as a bad manifest row does. Before, the other teams were
// judged and the files written without the team.
func TestJudgeTeamFolderUnread(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	subs := filepath.Join(root, "submissions")
	copyDir(t, submissions, subs)
	copyDir(t, filepath.Join(submissions, "ada"), filepath.Join(root, "elsewhere"))
	if err := os.Symlink(filepath.Join(root, "elsewhere"), filepath.Join(subs, "zed")); err != nil {
		t.Skip(err)
	}
	req, files := judgeOutputs(t, t.TempDir(), subs)
	con := newConsole(output.Table, "")
	_, err := app.Judge(context.Background(), con.Console, req)
	checkOutcome(t, "Judge", err, status.Failed, true)
	if want := filepath.Join(subs, "zed") + ": team folder refused"; !strings.Contains(con.stderr.String(), want) {
		t.Errorf("stderr %q, want %q in it", con.stderr, want)
	}
	nothingOut(t, con, files)
}

// TestJudgeMedals: the medal counts of a request decide awards.json and
// results.tsv; none given is 4,4,4, which gives the three teams gold.
func TestJudgeMedals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	awards := func(m *report.Medals, name string) (gold, silver, bronze int, tsv string) {
		req := app.JudgeRequest{
			Cache: tempCache(t), Set: testsSet, Submissions: testsSubs, Batch: batch, Medals: m,
			Awards: filepath.Join(dir, name+".json"), ResultsTSV: filepath.Join(dir, name+".tsv"),
		}
		_, err := app.Judge(context.Background(), newConsole(output.JSON, "").Console, req)
		checkOutcome(t, "Judge", err, 0, false)
		var as []struct {
			ID      string   `json:"id"`
			TeamIDs []string `json:"team_ids"`
		}
		b, _ := os.ReadFile(req.Awards)
		if err := json.Unmarshal(b, &as); err != nil {
			t.Fatalf("%s: %v", req.Awards, err)
		}
		for _, a := range as {
			switch a.ID {
			case "gold-medal":
				gold = len(a.TeamIDs)
			case "silver-medal":
				silver = len(a.TeamIDs)
			case "bronze-medal":
				bronze = len(a.TeamIDs)
			}
		}
		t2, _ := os.ReadFile(req.ResultsTSV)
		return gold, silver, bronze, string(t2)
	}
	if g, s, b, _ := awards(nil, "default"); g != 3 || s != 0 || b != 0 {
		t.Errorf("default medals: %d gold, %d silver, %d bronze; want the 3 teams gold", g, s, b)
	}
	g, s, b, tsv := awards(&report.Medals{Gold: 1, Silver: 1, Bronze: 1}, "one")
	if g != 1 || s != 1 || b != 1 || strings.Count(tsv, "Gold Medal") != 1 || strings.Count(tsv, "Bronze Medal") != 1 {
		t.Errorf("medals 1,1,1: %d gold, %d silver, %d bronze, results.tsv\n%s; want one of each", g, s, b, tsv)
	}
}

// TestJudgeReportListsSkipped: a file beside the team folders, which the
// loader skips with a warning, is listed in the judges' report, with the
// contest's files not judged, and on no public page.
func TestJudgeReportListsSkipped(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	subs := filepath.Join(dir, "submissions")
	copyDir(t, submissions, subs)
	writeFile(t, filepath.Join(subs, "README.txt"), "the teams' answers\n")
	writeFile(t, filepath.Join(subs, "ada", "rnd1.txt"), "1\n")
	req := app.JudgeRequest{
		Cache: tempCache(t), Set: contestSet, Submissions: subs, Batch: batch,
		HTML: filepath.Join(dir, "report.html"), PublicHTML: filepath.Join(dir, "public.html"),
	}
	_, err := app.Judge(context.Background(), newConsole(output.JSON, "").Console, req)
	checkOutcome(t, "Judge", err, 0, false)
	html, _ := os.ReadFile(req.HTML)
	public, _ := os.ReadFile(req.PublicHTML)
	for _, name := range []string{"README.txt", "rnd1.txt"} {
		if !strings.Contains(string(html), name) {
			t.Errorf("the judges' report does not list %s", name)
		}
		if strings.Contains(string(public), name) {
			t.Errorf("the public page names %s", name)
		}
	}
}

// nothingOut checks that a judging refused before any output printed
// nothing on stdout and wrote none of files.
func nothingOut(t *testing.T, con console, files []string) {
	t.Helper()
	if con.stdout.Len() != 0 {
		t.Errorf("stdout %q, want nothing", con.stdout)
	}
	for _, f := range files {
		if exists(t, f) {
			t.Errorf("%s written, want nothing written", f)
		}
	}
}
