package app_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/judge"
)

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
	dir := t.TempDir()
	req := app.JudgeRequest{
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

// TestRegradeTests judges the manifest of the contest of problems with
// tests, then regrades it against a set whose nq test 3 became n = 7:
// every attempt at nq that had it right now has it wrong, and loses its
// points; a test that had no file stays NO; a second regrade changes
// nothing.
func TestRegradeTests(t *testing.T) {
	ctx := context.Background()
	cache := tempCache(t)
	con := newConsole(output.Table, "")
	_, err := app.Judge(ctx, con.Console, app.JudgeRequest{Cache: cache, Set: testsSet, Submissions: testsManifest, Batch: batch})
	checkOutcome(t, "Judge", err, 1, true) // eve's file for chess is JE
	set := string(readFile(t, testsSet))
	fixed := strings.Replace(set, "      - generate: {from: 4, to: 6}", "      - n: 4\n      - n: 5\n      - n: 7", 1)
	if fixed == set {
		t.Fatal("the set has no nq tests to fix")
	}
	fixedPath := filepath.Join(t.TempDir(), "fixed.yaml")
	if err := os.WriteFile(fixedPath, []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	want := app.Changes{{Team: "eve", Problem: "nq/3", File: "attempts/nq-good/3.txt", Was: "AC", Now: "WA", Message: "line 1: answer 4, expected 40"}}
	for _, c := range []struct {
		name   string
		dryRun bool
		want   app.Changes
	}{
		{"dry run", true, want},
		{"regrade", false, want},
		{"again", false, nil},
	} {
		con := newConsole(output.Table, "")
		res, err := app.Regrade(ctx, con.Console, app.RegradeRequest{Cache: cache, Set: fixedPath, Batch: batch, DryRun: c.dryRun})
		checkOutcome(t, "Regrade ("+c.name+")", err, 1, true) // eve's JE stays JE
		if !slices.Equal(res.Changes, c.want) {
			t.Errorf("Regrade (%s) changes = %+v, want %+v", c.name, res.Changes, c.want)
		}
		eve := res.Report.Scoreboard[1]
		if eve.Team != "eve" || eve.Points != 30 || eve.Penalty != 40+20 {
			t.Errorf("Regrade (%s): eve %+v, want 30 points, penalty 60 (nq lost)", c.name, eve)
		}
		if n := len(res.Report.Results); n != 9 {
			t.Errorf("Regrade (%s): %d attempts, want the 9 kept", c.name, n)
		}
		for _, r := range res.Report.Results {
			if r.Problem != "eight" && len(r.Tests) == 0 {
				t.Errorf("Regrade (%s): %s's attempt %d at %s has no tests", c.name, r.Team, r.Attempt, r.Problem)
			}
			if r.Team == "eve" && r.Problem == "nq" && (r.Verdict != judge.WA || r.Score != 0 || !strings.HasPrefix(r.Message, "test 3: ")) {
				t.Errorf("Regrade (%s): eve's nq %s scoring %d (%q), want WA on test 3, 0", c.name, r.Verdict, r.Score, r.Message)
			}
		}
	}
	if n := len(keptIn(t, cache, "tests-cup")); n != 7*5+3+1 {
		t.Errorf("the cache keeps %d judgements after the regrade, want %d", n, 7*5+3+1)
	}
}

// TestRegradeMissingTest: a test a folder had no file for stays NO through
// a regrade, and is no change.
func TestRegradeMissingTest(t *testing.T) {
	ctx := context.Background()
	cache := tempCache(t)
	con := newConsole(output.Table, "")
	_, err := app.Judge(ctx, con.Console, app.JudgeRequest{Cache: cache, Set: testsSet, Submissions: testsSubs, Batch: batch})
	checkOutcome(t, "Judge", err, 0, false)
	con = newConsole(output.Table, "")
	res, err := app.Regrade(ctx, con.Console, app.RegradeRequest{Cache: cache, Set: testsSet, Batch: batch})
	checkOutcome(t, "Regrade", err, 0, false)
	if len(res.Changes) != 0 {
		t.Errorf("changes %+v, want none", res.Changes)
	}
	for _, r := range res.Report.Rows() {
		if r.Team == "bob" && r.Ref() == "nq/3" && r.Verdict != judge.NO {
			t.Errorf("bob's nq/3 regraded %s, want NO", r.Verdict)
		}
	}
	if got := res.Report.Scoreboard; len(got) != 3 || got[0].Points != 104 || got[1].Points != 71 || got[2].Points != 30 {
		t.Errorf("scoreboard after the regrade %+v, want 104, 71, 30", got)
	}
}
