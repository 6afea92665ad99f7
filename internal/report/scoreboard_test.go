package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/judge"
)

// scoreboardAt is the time the tests' scoreboards are made at: fixed, so
// that golden files stay put.
var scoreboardAt = time.Date(2026, 1, 5, 14, 13, 7, 832_000_000, time.UTC)

// writeScoreboard writes r's scoreboard.json, made at scoreboardAt.
func writeScoreboard(w io.Writer, r judge.Report) error {
	return WriteCCSScoreboard(w, r, scoreboardAt)
}

// passFailContests are the test contests whose scoreboard is pass-fail:
// the golden contests all have a problem worth more than 1 point, or
// groups.
var passFailContests = []string{"pass-fail-dir", "pass-fail-manifest"}

// TestScoreboardGolden writes the scoreboard of the test contest as the
// Contest API's scoreboard.json and awards.json and DOMjudge's results.tsv
// and compares each with its golden file.
func TestScoreboardGolden(t *testing.T) {
	formats := []format{{"scoreboard.json", writeScoreboard}, {"results.tsv", WriteResultsTSV}, {"awards.json", WriteAwards}}
	contestGolden(t, formats)
	contestGolden(t, formats, passFailContests...)
}

func TestResultsTSV(t *testing.T) {
	var board []judge.Standing
	// 16 teams: 14 solved something, on ranks 1..14 with a tie at 4.
	for i := range 16 {
		s := judge.Standing{Rank: i + 1, Team: fmt.Sprintf("t%02d", i+1), Points: max(0, 14-i), Solved: max(0, 14-i), Penalty: int64(10 * i)}
		if i == 4 {
			s.Rank = 4
		}
		board = append(board, s)
	}
	var b bytes.Buffer
	if err := WriteResultsTSV(&b, judge.Report{Scoreboard: board}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if lines[0] != "results\t1" || len(lines) != 17 {
		t.Fatalf("results.tsv starts %q and has %d lines, want results\\t1 and 17", lines[0], len(lines))
	}
	for _, want := range []string{
		"t01\t1\tGold Medal\t14\t0\t0\t",
		"t05\t4\tGold Medal\t10\t40\t0\t",
		"t06\t6\tSilver Medal\t9\t50\t0\t",
		"t12\t12\tBronze Medal\t3\t110\t0\t",
		"t13\t\tHonorable\t2\t120\t0\t", // the median team solved 7
		"t16\t\tHonorable\t0\t150\t0\t",
	} {
		if !slices.Contains(lines, want) {
			t.Errorf("results.tsv has no line %q:\n%s", want, b.String())
		}
	}
}

func TestRelTime(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0:00:00"},
		{65 * time.Minute, "1:05:00"},
		{1500 * time.Millisecond, "0:00:01.500"},
		{30*time.Hour + 59*time.Second, "30:00:59"},
		{-5 * time.Minute, "-0:05:00"},
	} {
		if got := RelTime(c.d); got != c.want {
			t.Errorf("RelTime(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

func TestAbsTime(t *testing.T) {
	for _, c := range []struct {
		t    time.Time
		want string
	}{
		{time.Date(2026, 1, 5, 14, 13, 7, 832_999_999, time.UTC), "2026-01-05T14:13:07.832Z"},
		{time.Date(2026, 1, 5, 14, 13, 7, 0, time.FixedZone("", 3600)), "2026-01-05T14:13:07.000+01:00"},
		{time.Date(2026, 7, 1, 0, 0, 0, 0, time.FixedZone("", -(9*3600+30*60))), "2026-07-01T00:00:00.000-09:30"},
	} {
		if got := AbsTime(c.t); got != c.want {
			t.Errorf("AbsTime(%v) = %q, want %q", c.t, got, c.want)
		}
	}
}

// TestScoreScoreboard spells out the scoreboard of type score that the
// contest of problems with tests gets: a row's score is {score, time}, never
// num_solved or total_time (the Contest API allows one or the other), its
// problems have a score and, above 0, a RELTIME, "0:00:00" when untimed.
func TestScoreScoreboard(t *testing.T) {
	r, _ := contest(t, "tests-manifest")
	got := decodeScoreboard(t, r)
	want := `[map[problems:[map[num_judged:3 num_pending:0 problem_id:chess score:100 time:0:50:00] map[num_judged:0 num_pending:0 problem_id:nq score:0] map[num_judged:1 num_pending:0 problem_id:eight score:1 time:0:05:00] map[num_judged:0 num_pending:0 problem_id:place score:0]] rank:1 score:map[score:101 time:0:50:00] team_id:dan] map[problems:[map[num_judged:2 num_pending:0 problem_id:chess score:30 time:0:40:00] map[num_judged:1 num_pending:0 problem_id:nq score:2 time:1:10:00] map[num_judged:0 num_pending:0 problem_id:eight score:0] map[num_judged:0 num_pending:0 problem_id:place score:0]] rank:2 score:map[score:32 time:1:10:00] team_id:eve]]`
	if s := fmt.Sprint(got["rows"]); s != want {
		t.Errorf("rows\n%s\nwant\n%s", s, want)
	}
	// The latest attempt is eve's at nq, at 1:10:00.
	if s := fmt.Sprint(got["time"], " ", got["contest_time"], " ", got["state"]); s != "2026-01-05T14:13:07.832Z 1:10:00 map[end_of_updates:<nil> ended:<nil> finalized:2026-01-05T14:13:07.832Z started:<nil>]" {
		t.Errorf("time, contest_time and state: %s", s)
	}

	// Untimed: every time is the contest start.
	r, _ = contest(t, "tests-dir")
	got = decodeScoreboard(t, r)
	first := got["rows"].([]any)[0].(map[string]any)
	if s := fmt.Sprint(first["score"], " ", first["problems"].([]any)[0], " ", got["contest_time"]); s != "map[score:104 time:0:00:00] map[num_judged:1 num_pending:0 problem_id:chess score:100 time:0:00:00] 0:00:00" {
		t.Errorf("the untimed score scoreboard: %s", s)
	}
}

// TestScoreboardType: the scoreboard is of type score when points can
// differ from problems solved, a problem worth more than 1 point too, and
// pass-fail otherwise: a row's score is {num_solved, total_time, time},
// times RELTIMEs to the minute, "0:00:00" when untimed (the last team solved
// one problem by an attempt of the manifest without a time).
func TestScoreboardType(t *testing.T) {
	r, _ := contest(t, "manifest") // no groups, problems worth 2 and 3
	rows := decodeScoreboard(t, r)["rows"].([]any)
	if s := fmt.Sprint(rows[0].(map[string]any)["score"]); !strings.HasPrefix(s, "map[score:") {
		t.Errorf("a set of problems worth 2 and 3 points: score %s, want of type score", s)
	}
	r, _ = contest(t, "pass-fail-manifest")
	rows = decodeScoreboard(t, r)["rows"].([]any)
	first, lastRow := rows[0].(map[string]any), rows[len(rows)-1].(map[string]any)
	if s := fmt.Sprint(first["team_id"], " ", first["score"], " ", first["problems"].([]any)[0], " ", lastRow["score"]); s != "erin map[num_solved:2 time:1:05:00 total_time:1:50:00] map[num_judged:2 num_pending:0 problem_id:eight-queens solved:true time:0:25:00] map[num_solved:1 time:0:00:00 total_time:0:00:00]" {
		t.Errorf("the pass-fail scoreboard: %s", s)
	}
}

// decodeScoreboard writes r's scoreboard.json and decodes it.
func decodeScoreboard(t *testing.T, r judge.Report) map[string]any {
	t.Helper()
	var b bytes.Buffer
	if err := writeScoreboard(&b, r); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	return got
}

// TestWriteAwards: the winner and the medals go to teams with points by
// rank, first-to-solve to the team (or the teams, tied to the millisecond)
// that first reached a problem's full score at a known time.
func TestWriteAwards(t *testing.T) {
	cell := func(solved bool, min int) judge.Cell {
		return judge.Cell{Problem: "p", Solved: solved, Score: map[bool]int{true: 1}[solved], Time: time.Duration(min) * time.Minute, Timed: true}
	}
	var board []judge.Standing
	for i := range 14 {
		s := judge.Standing{Rank: i + 1, Team: fmt.Sprintf("t%02d", i+1), Points: max(0, 13-i),
			Problems: []judge.Cell{cell(i < 13, 30+i), {Problem: "q"}}}
		if i == 1 {
			s.Rank, s.Problems[0] = 1, cell(true, 30) // tied first, and first to solve with t01
		}
		board = append(board, s)
	}
	var b bytes.Buffer
	if err := WriteAwards(&b, judge.Report{Problems: []string{"p", "q"}, Scoreboard: board}); err != nil {
		t.Fatal(err)
	}
	var awards []struct {
		ID      string   `json:"id"`
		TeamIDs []string `json:"team_ids"`
	}
	if err := json.Unmarshal(b.Bytes(), &awards); err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(awards)
	want := "[{winner [t01 t02]} {gold-medal [t01 t02 t03 t04]} {silver-medal [t05 t06 t07 t08]} {bronze-medal [t09 t10 t11 t12]} {first-to-solve-p [t01 t02]} {first-to-solve-q []}]"
	if got != want {
		t.Errorf("awards\n%s\nwant\n%s", got, want)
	}
}
