package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/pkgexport"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/truth"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// TestRegrade judges the example contest, then regrades it against the
// fixed set (eight-queens became n = 7, 40 placements): a dry run returns
// the two changes and keeps nothing, the regrade returns them again and
// keeps them, and a second regrade finds nothing to change. What a dry
// run leaves of the cache is pinned by TestRegradeDryRunStoresNothing.
func TestRegrade(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cache := tempCache(t)
	con := newConsole(output.Table, "")
	if _, err := app.Judge(ctx, con.Console, app.JudgeRequest{Cache: cache, Set: contestSet, Submissions: submissions, Batch: batch}); err != nil {
		t.Fatalf("Judge = %v; stderr:\n%s", err, con.stderr)
	}
	want := app.Changes{
		{Team: "ada", Problem: "eight-queens", File: "ada/eight-queens.txt", Was: "AC", Now: "WA", Message: "line 1: answer 92, expected 40"},
		{Team: "grace", Problem: "eight-queens", File: "grace/eight-queens.txt", Was: "AC", Now: "WA", Message: "line 1: answer 92, expected 40"},
	}
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
		res, err := app.Regrade(ctx, con.Console, app.RegradeRequest{Cache: cache, Set: fixedSet, Batch: batch, DryRun: c.dryRun})
		checkOutcome(t, "Regrade ("+c.name+")", err, 0, false)
		if !slices.Equal(res.Changes, c.want) {
			t.Errorf("Regrade (%s) changes = %+v, want %+v", c.name, res.Changes, c.want)
		}
		if len(res.Report.Results) != 28 {
			t.Errorf("Regrade (%s) judged %d results, want the 28 kept", c.name, len(res.Report.Results))
		}
		if c.want == nil && con.stdout.String() != "no verdict changes\n" {
			t.Errorf("Regrade (%s) printed %q", c.name, con.stdout)
		}
	}
}

// TestRegradeNothingKept: a set never judged has nothing to regrade.
func TestRegradeNothingKept(t *testing.T) {
	t.Parallel()
	con := newConsole(output.Table, "")
	_, err := app.Regrade(context.Background(), con.Console, app.RegradeRequest{Cache: tempCache(t), Set: fixedSet, Batch: batch})
	checkOutcome(t, "Regrade", err, status.Failed, false)
}

// TestRegradeDryRunStoresNothing: judge, then regrade --dry-run against the
// fixed set, whose eight-queens the cache has never solved. The dry run
// reports the changes, but leaves the cache file byte for byte as it was:
// no answer for the fixed problem, the set's links as they were, and so
// nothing for doctor to call an orphan. Before, the dry run stored the
// fixed answer and linked it, and the answer it replaced was an orphan.
// The real regrade then solves and links as judge does.
func TestRegradeDryRunStoresNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cache := tempCache(t)
	con := newConsole(output.Table, "")
	if _, err := app.Judge(ctx, con.Console, app.JudgeRequest{Cache: cache, Set: contestSet, Submissions: submissions, Batch: batch}); err != nil {
		t.Fatalf("Judge = %v; stderr:\n%s", err, con.stderr)
	}
	before := readFile(t, cache)
	if exists(t, cache+"-wal") {
		t.Fatalf("%s-wal left after judge: the file alone is not the cache", cache)
	}
	links := func() map[string]string {
		t.Helper()
		c, err := truth.Open(ctx, cache)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		m := map[string]string{}
		for _, id := range []string{"eight-queens", "six-all", "qk5-solutions"} {
			es, err := c.Lookup(ctx, "", id)
			if err != nil || len(es) != 1 || !es[0].OK {
				t.Fatalf("Lookup(%s) = %+v, %v; want one answered entry", id, es, err)
			}
			m[id] = es[0].DefHash
		}
		return m
	}
	judged := links()

	con = newConsole(output.Table, "")
	res, err := app.Regrade(ctx, con.Console, app.RegradeRequest{Cache: cache, Set: fixedSet, Batch: batch, DryRun: true})
	checkOutcome(t, "Regrade --dry-run", err, 0, false)
	if len(res.Changes) != 2 || res.Changes[0].Message != "line 1: answer 92, expected 40" {
		t.Errorf("Regrade --dry-run changes = %+v, want ada's and grace's 92 now WA, expected 40", res.Changes)
	}
	if after := readFile(t, cache); !bytes.Equal(after, before) {
		t.Errorf("Regrade --dry-run changed the cache file (%d bytes, were %d)", len(after), len(before))
	}
	d, err := app.Doctor(ctx, newConsole(output.Table, "").Console, app.DoctorRequest{Cache: cache})
	if err != nil || !d.OK || d.Orphans != 0 || len(d.Stale) != 0 {
		t.Errorf("Doctor after Regrade --dry-run = %+v, %v; want no orphan answer", d, err)
	}
	if got := links(); !maps.Equal(got, judged) {
		t.Errorf("links after Regrade --dry-run = %v, want %v", got, judged)
	}

	con = newConsole(output.Table, "")
	if _, err := app.Regrade(ctx, con.Console, app.RegradeRequest{Cache: cache, Set: fixedSet, Batch: batch}); err != nil {
		t.Fatalf("Regrade = %v; stderr:\n%s", err, con.stderr)
	}
	if got := links(); got["eight-queens"] == judged["eight-queens"] || got["six-all"] != judged["six-all"] {
		t.Errorf("links after Regrade = %v, want eight-queens linked to its fixed answer, the rest as judged (%v)", got, judged)
	}
}

// writeContest writes a one-problem set (eight-queens, count, board n)
// named regrade-cup, and a submissions folder with team's answers (problem
// eight-queens, file eight-queens.txt), into dir; it returns their paths.
func writeContest(t *testing.T, dir string, n int, answers map[string]string) (set, subs string) {
	t.Helper()
	set = filepath.Join(dir, fmt.Sprintf("set-%d.yaml", n))
	writeFile(t, set, fmt.Sprintf("name: regrade-cup\nproblems:\n  - id: eight-queens\n    kind: nqueens\n    n: %d\n    ask: count\n", n))
	subs = filepath.Join(dir, "subs")
	for team, answer := range answers {
		if err := os.MkdirAll(filepath.Join(subs, team), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(subs, team, "eight-queens.txt"), answer)
	}
	return set, subs
}

// TestRegradeListsOnlyChangedVerdicts: a WA that stays WA with a new
// message (n = 8 became 7: "expected 92" became "expected 40") is not a
// verdict that changes. Before, it was listed as WA → WA.
func TestRegradeListsOnlyChangedVerdicts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	set8, subs := writeContest(t, dir, 8, map[string]string{"ada": "92\n", "bob": "93\n"})
	set7, _ := writeContest(t, dir, 7, nil)
	cache := tempCache(t)
	con := newConsole(output.Table, "")
	if _, err := app.Judge(ctx, con.Console, app.JudgeRequest{Cache: cache, Set: set8, Submissions: subs, Batch: batch}); err != nil {
		t.Fatalf("Judge = %v; stderr:\n%s", err, con.stderr)
	}
	for _, dry := range []bool{true, false} {
		con = newConsole(output.Table, "")
		res, err := app.Regrade(ctx, con.Console, app.RegradeRequest{Cache: cache, Set: set7, Batch: batch, DryRun: dry})
		checkOutcome(t, "Regrade", err, 0, false)
		want := app.Changes{{Team: "ada", Problem: "eight-queens", File: "ada/eight-queens.txt", Was: "AC", Now: "WA", Message: "line 1: answer 92, expected 40"}}
		if !slices.Equal(res.Changes, want) {
			t.Errorf("Regrade (dry run %v) changes = %+v, want %+v", dry, res.Changes, want)
		}
	}
	// The new message of bob's WA is kept all the same.
	c, err := truth.Open(ctx, cache)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	js, err := c.Attempts(ctx, "regrade-cup")
	if err != nil || len(js) != 2 || js[1].Message != "line 1: answer 93, expected 40" {
		t.Errorf("Judgements after Regrade = %+v, %v; want bob's WA with the new expected count", js, err)
	}
}

// TestRegradeJudgesTheBytesJudged: a 300,000-queen placement (1.99 MB,
// over the 1 MiB whose bytes the cache keeps) is judged AC, then its file
// is overwritten with "none", replaced by a link to a file outside the
// submissions folder, or deleted. Regrade judges none of them: it names the
// file on stderr, changes no verdict, keeps AC and fails. Before, it
// judged what the path held then: AC → WA, PE with the outside file's
// first line in the team message, AC → JE. A file left as it was is
// judged again (here against n = 300,001: AC → WA).
func TestRegradeJudgesTheBytesJudged(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	const n = 300_000
	p := solver.Problem{Kind: solver.NQueens, N: n, Ask: solver.AskPlacement, M: solver.AnyM}
	tr, err := judge.SolveTruth(ctx, p, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var placement bytes.Buffer
	if err := pkgexport.WriteAnswer(ctx, &placement, tr); err != nil {
		t.Fatal(err)
	}
	if placement.Len() <= store.MaxKeptAnswer {
		t.Fatalf("the placement has %d bytes, not over %d", placement.Len(), store.MaxKeptAnswer)
	}
	writeSet := func(dir string, n int) string {
		set := filepath.Join(dir, fmt.Sprintf("set-%d.yaml", n))
		writeFile(t, set, fmt.Sprintf("name: regrade-big\nproblems:\n  - id: big\n    kind: nqueens\n    n: %d\n    ask: placement\n", n))
		return set
	}
	for _, c := range []struct {
		name   string
		change func(t *testing.T, file, outside string)
		why    string // on stderr; "" when judged again
	}{
		{"unchanged", func(*testing.T, string, string) {}, ""},
		{"overwritten", func(t *testing.T, file, _ string) { writeFile(t, file, "none\n") }, "its file changed since it was judged"},
		{"a link out", func(t *testing.T, file, outside string) {
			if err := os.Remove(file); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(outside, file); err != nil {
				t.Fatal(err)
			}
		}, "the path leads out of the submissions directory"},
		{"deleted", func(t *testing.T, file, _ string) {
			if err := os.Remove(file); err != nil {
				t.Fatal(err)
			}
		}, "no such file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			set := writeSet(dir, n)
			subs := filepath.Join(dir, "subs")
			if err := os.MkdirAll(filepath.Join(subs, "ada"), 0o755); err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(subs, "ada", "big.txt")
			writeFile(t, file, placement.String())
			outside := filepath.Join(dir, "secret.txt")
			writeFile(t, outside, "the organisers' secret\n")
			cache := tempCache(t)
			con := newConsole(output.Table, "")
			res, err := app.Judge(ctx, con.Console, app.JudgeRequest{Collect: true, Cache: cache, Set: set, Submissions: subs, Batch: batch})
			checkOutcome(t, "Judge", err, 0, false)
			if len(res.Kept) != 1 || res.Kept[0].Verdict != "AC" || res.Kept[0].Answer != nil || len(res.Kept[0].Digest) != 64 {
				t.Fatalf("Judge kept %+v, want one AC with a digest and no bytes", res.Kept)
			}
			c.change(t, file, outside)
			regradeSet := set
			if c.why == "" {
				regradeSet = writeSet(dir, n+1)
			}
			for _, dry := range []bool{true, false} {
				con := newConsole(output.Table, "")
				res, err := app.Regrade(ctx, con.Console, app.RegradeRequest{Cache: cache, Set: regradeSet, Batch: batch, DryRun: dry})
				if c.why == "" {
					checkOutcome(t, "Regrade", err, 0, false)
					if len(res.Changes) != 1 || res.Changes[0].Now != "WA" {
						t.Errorf("Regrade (dry run %v) changes = %+v, want AC → WA", dry, res.Changes)
					}
					return // judged again, and kept WA
				}
				checkOutcome(t, "Regrade", err, status.Failed, true)
				if len(res.Changes) != 0 {
					t.Errorf("Regrade (dry run %v) changes = %+v, want none", dry, res.Changes)
				}
				if msg := con.stderr.String(); !strings.Contains(msg, "ada/big.txt") || !strings.Contains(msg, c.why) {
					t.Errorf("Regrade (dry run %v) stderr = %q, want it to name ada/big.txt and say %q", dry, msg, c.why)
				}
				if len(res.Report.Results) != 1 || res.Report.Results[0].Verdict != judge.AC {
					t.Errorf("Regrade (dry run %v) report = %+v, want the AC kept", dry, res.Report.Results)
				}
			}
			c, err := truth.Open(ctx, cache)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			js, err := c.Attempts(ctx, "regrade-big")
			if err != nil || len(js) != 1 || js[0].Verdict != "AC" || js[0].Digest != res.Kept[0].Digest || strings.Contains(js[0].TeamMessage, "secret") {
				t.Errorf("Judgements after Regrade = %+v, %v; want the AC as judge kept it", js, err)
			}
		})
	}
}

// TestRegradeTests judges the manifest of the contest of problems with
// tests, then regrades it against a set whose nq test 3 became n = 7:
// every attempt at nq that had it right now has it wrong, and loses its
// points; a test that had no file stays NO; a second regrade changes
// nothing.
func TestRegradeTests(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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

// judgeSwap judges a one-problem contest (eight-queens, n = 8) of ada (92,
// right), bob (40, wrong) and cy (7, wrong) into a new cache, and returns
// the cache, the set the key changed to n = 7 (where bob is right and ada
// wrong) and a directory for outputs.
func judgeSwap(t *testing.T) (cache, set7, dir string) {
	t.Helper()
	dir = t.TempDir()
	set8, subs := writeContest(t, dir, 8, map[string]string{"ada": "92\n", "bob": "40\n", "cy": "7\n"})
	set7, _ = writeContest(t, dir, 7, nil)
	cache = tempCache(t)
	con := newConsole(output.Table, "")
	if _, err := app.Judge(context.Background(), con.Console, app.JudgeRequest{Cache: cache, Set: set8, Submissions: subs, Batch: batch}); err != nil {
		t.Fatalf("Judge = %v; stderr:\n%s", err, con.stderr)
	}
	out := filepath.Join(dir, "out")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	return cache, set7, out
}

// TestRegradeWritesOutputs: after the key of eight-queens changes so that
// ada's AC becomes WA and bob's WA becomes AC, regrade with every output
// writes them all from the cache alone (the submissions folder is gone),
// and the Contest API files give the regraded standings: bob first with 1
// solved, ada and cy second with none; bob the winner and the only medal
// (a team with no points gets none). Before, regrade had no outputs.
func TestRegradeWritesOutputs(t *testing.T) {
	t.Parallel()
	cache, set7, out := judgeSwap(t)
	if err := os.RemoveAll(filepath.Join(filepath.Dir(out), "subs")); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, name := range []string{"scoreboard.json", "awards.json", "results.tsv", "report.html", "public.html"} {
		files[name] = filepath.Join(out, name)
	}
	con := newConsole(output.Table, "")
	_, err := app.Regrade(context.Background(), con.Console, app.RegradeRequest{Cache: cache, Set: set7, Batch: batch,
		Scoreboard: files["scoreboard.json"], Awards: files["awards.json"], ResultsTSV: files["results.tsv"],
		HTML: files["report.html"], PublicHTML: files["public.html"]})
	checkOutcome(t, "Regrade", err, 0, false)
	for name, path := range files {
		if !exists(t, path) {
			t.Errorf("Regrade wrote no %s", name)
		}
	}
	var board struct {
		Rows []struct {
			Rank   int    `json:"rank"`
			TeamID string `json:"team_id"`
			Score  struct {
				NumSolved int `json:"num_solved"` // a pass-fail scoreboard
			} `json:"score"`
		} `json:"rows"`
	}
	if err := json.Unmarshal(readFile(t, files["scoreboard.json"]), &board); err != nil {
		t.Fatalf("scoreboard.json: %v", err)
	}
	var got []string
	for _, r := range board.Rows {
		got = append(got, fmt.Sprintf("%d %s %d", r.Rank, r.TeamID, r.Score.NumSolved))
	}
	if want := []string{"1 bob 1", "2 ada 0", "2 cy 0"}; !slices.Equal(got, want) {
		t.Errorf("scoreboard.json rows (rank team solved) = %q, want %q", got, want)
	}
	var awards []struct {
		ID      string   `json:"id"`
		TeamIDs []string `json:"team_ids"`
	}
	if err := json.Unmarshal(readFile(t, files["awards.json"]), &awards); err != nil {
		t.Fatalf("awards.json: %v", err)
	}
	byID := map[string][]string{}
	for _, a := range awards {
		byID[a.ID] = a.TeamIDs
	}
	if !slices.Equal(byID["winner"], []string{"bob"}) || !slices.Equal(byID["gold-medal"], []string{"bob"}) {
		t.Errorf("awards.json winner %q, gold %q; want bob alone for both", byID["winner"], byID["gold-medal"])
	}
	if tsv := string(readFile(t, files["results.tsv"])); !strings.Contains(tsv, "bob\t1\tGold Medal\t1\t") {
		t.Errorf("results.tsv = %q, want bob ranked 1 with a gold medal and 1 point", tsv)
	}
}

// TestRegradePrintsStandings: the same regrade prints, after the verdicts
// that change, the teams whose points or rank change with before and
// after (bob 2 → 1, 0 → 1 point; ada 1 → 2, 1 → 0), in the table, and
// not cy, whose rank and points stay; in JSON each verdict change keeps
// its fields and gains its team's rank and points before and after.
// Before, only the verdicts were printed.
func TestRegradePrintsStandings(t *testing.T) {
	t.Parallel()
	want := []app.Standing{
		{Team: "bob", RankWas: 2, RankNow: 1, PointsWas: 0, PointsNow: 1},
		{Team: "ada", RankWas: 1, RankNow: 2, PointsWas: 1, PointsNow: 0},
	}
	cache, set7, _ := judgeSwap(t)
	con := newConsole(output.Table, "")
	res, err := app.Regrade(context.Background(), con.Console, app.RegradeRequest{Cache: cache, Set: set7, Batch: batch, DryRun: true})
	checkOutcome(t, "Regrade --dry-run", err, 0, false)
	if !slices.Equal(res.Standings, want) {
		t.Errorf("Regrade standings = %+v, want %+v", res.Standings, want)
	}
	table := con.stdout.String()
	for _, line := range []string{"TEAM  RANK   POINTS  PENALTY", "bob   2 → 1  0 → 1   0 → 0", "ada   1 → 2  1 → 0   0 → 0"} {
		if !strings.Contains(table, line+"\n") {
			t.Errorf("Regrade table has no line %q:\n%s", line, table)
		}
	}
	if strings.Contains(table, "cy") {
		t.Errorf("Regrade table names cy, whose standing stays:\n%s", table)
	}

	con = newConsole(output.JSON, "")
	if _, err := app.Regrade(context.Background(), con.Console, app.RegradeRequest{Cache: cache, Set: set7, Batch: batch}); err != nil {
		t.Fatalf("Regrade --format json = %v", err)
	}
	// Decoded as scripts decoded the changes before: a list of objects of
	// strings, one per verdict that changes.
	var got []map[string]string
	if err := json.Unmarshal(con.stdout.Bytes(), &got); err != nil {
		t.Fatalf("Regrade --format json: %v\n%s", err, con.stdout)
	}
	var changes []string
	for _, e := range got {
		changes = append(changes, fmt.Sprintf("%s %s %s %s→%s rank %s→%s points %s→%s", e["team"], e["problem"], e["file"],
			e["was"], e["now"], e["rank_was"], e["rank_now"], e["points_was"], e["points_now"]))
	}
	if want := []string{
		"ada eight-queens ada/eight-queens.txt AC→WA rank 1→2 points 1→0",
		"bob eight-queens bob/eight-queens.txt WA→AC rank 2→1 points 0→1",
	}; !slices.Equal(changes, want) {
		t.Errorf("Regrade --format json changes = %q, want %q", changes, want)
	}
}

// TestRegradeRefusesOutputs: every output that exists is refused without
// Replace, all five named in one usage error, before anything is printed
// or kept; with Replace they are written over. An output with DryRun is a
// usage error too, and nothing is written. Before, regrade had no outputs.
func TestRegradeRefusesOutputs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cache, set7, out := judgeSwap(t)
	req := app.RegradeRequest{Cache: cache, Set: set7, Batch: batch}
	flags := map[string]*string{"--scoreboard": &req.Scoreboard, "--awards": &req.Awards, "--results-tsv": &req.ResultsTSV,
		"--html": &req.HTML, "--public-html": &req.PublicHTML}
	for flag, field := range flags {
		*field = filepath.Join(out, strings.TrimPrefix(flag, "--"))
		writeFile(t, *field, "the organiser's\n")
	}
	con := newConsole(output.Table, "")
	_, err := app.Regrade(ctx, con.Console, req)
	checkOutcome(t, "Regrade over existing outputs", err, status.Usage, false)
	for flag, field := range flags {
		if msg := err.Error(); !strings.Contains(msg, flag+" "+*field+" exists") {
			t.Errorf("Regrade refusal %q does not name %s %s", msg, flag, *field)
		}
		if got := string(readFile(t, *field)); got != "the organiser's\n" {
			t.Errorf("Regrade refused, but %s holds %q", flag, got)
		}
	}
	if con.stdout.Len() != 0 || con.stderr.Len() != 0 {
		t.Errorf("Regrade refused, but printed %q, %q", con.stdout, con.stderr)
	}
	if js := keptIn(t, cache, "regrade-cup"); len(js) != 3 || js[0].Verdict != "AC" {
		t.Errorf("Regrade refused, but the cache keeps %+v, want ada's AC as judged", js)
	}

	dry := req
	dry.DryRun, dry.Replace = true, true
	_, err = app.Regrade(ctx, newConsole(output.Table, "").Console, dry)
	checkOutcome(t, "Regrade --dry-run with outputs", err, status.Usage, false)

	req.Replace = true
	con = newConsole(output.Table, "")
	_, err = app.Regrade(ctx, con.Console, req)
	checkOutcome(t, "Regrade --replace", err, 0, false)
	for flag, field := range flags {
		if got := string(readFile(t, *field)); got == "the organiser's\n" {
			t.Errorf("Regrade --replace left %s as it was", flag)
		}
	}
}

// TestRegradeEmptyAnswerKept: an empty answer (NO) is kept as an answer of
// no bytes, not as no answer kept: regrade judges it again from the cache
// once the submissions are gone, as it does every other small answer. The
// judgements pass through a spool whose encoding (gob) does not tell an
// empty slice from nil.
func TestRegradeEmptyAnswerKept(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	subs := filepath.Join(dir, "submissions")
	copyDir(t, submissions, subs)
	writeFile(t, filepath.Join(subs, "ada", "eight-queens.txt"), "")
	cache := tempCache(t)
	if _, err := app.Judge(ctx, newConsole(output.Table, "").Console, app.JudgeRequest{Cache: cache, Set: contestSet, Submissions: subs, Batch: batch}); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(subs); err != nil {
		t.Fatal(err)
	}
	con := newConsole(output.Table, "")
	_, err := app.Regrade(ctx, con.Console, app.RegradeRequest{Cache: cache, Set: contestSet, Batch: batch})
	checkOutcome(t, "Regrade", err, 0, false)
	if strings.Contains(con.stderr.String(), "not judged again") {
		t.Errorf("regrade left an attempt unjudged:\n%s", con.stderr.String())
	}
}
