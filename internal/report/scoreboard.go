package report

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/judge"
)

// The scoreboard.json of the Contest API's 2026-01 release: the fields its
// JSON schema defines, and no other. A row is generic in its score and its
// problems, which differ by the scoreboard's type.
type (
	ccsScoreboard[S, P any] struct {
		Time        string         `json:"time"`
		ContestTime string         `json:"contest_time"`
		State       ccsState       `json:"state"`
		Rows        []ccsRow[S, P] `json:"rows"`
	}
	// ccsState is the contest state: frozen and thawed are left out, as
	// the API requires when the contest has no scoreboard freeze.
	ccsState struct {
		Started      *string `json:"started"`
		Ended        *string `json:"ended"`
		Finalized    *string `json:"finalized"`
		EndOfUpdates *string `json:"end_of_updates"`
	}
	ccsRow[S, P any] struct {
		Rank     int    `json:"rank"`
		TeamID   string `json:"team_id"`
		Score    S      `json:"score"`
		Problems []P    `json:"problems"`
	}
)

// The score and problems of a row of the pass-fail scoreboard.
type (
	ccsPassFailScore struct {
		NumSolved int     `json:"num_solved"`
		TotalTime string  `json:"total_time"`
		Time      *string `json:"time"`
	}
	ccsPassFailProblem struct {
		ProblemID  string `json:"problem_id"`
		NumJudged  int    `json:"num_judged"`
		NumPending int    `json:"num_pending"`
		Solved     bool   `json:"solved"`
		Time       string `json:"time,omitempty"`
	}
)

// The score and problems of a row of the scoreboard of type score.
type (
	ccsScoreScore struct {
		Score int     `json:"score"`
		Time  *string `json:"time"`
	}
	ccsScoreProblem struct {
		ProblemID  string `json:"problem_id"`
		NumJudged  int    `json:"num_judged"`
		NumPending int    `json:"num_pending"`
		Score      int    `json:"score"`
		Time       string `json:"time,omitempty"`
	}
)

// WriteCCSScoreboard writes the scoreboard as the scoreboard endpoint of
// the ICPC Contest API's 2026-01 release writes it, at the time at: the
// time the scoreboard was made, which the caller gives so that the file
// depends on nothing else (the judge command gives the time the judging
// ended). Team ids are the team names, text.Printable.
//
// The object is {"time", "contest_time", "state", "rows"}:
//
//   - time is at, an ABSTIME to the millisecond;
//   - contest_time is the RELTIME of the latest timed attempt judged, to the
//     millisecond: the judging has no clock of its own, and that attempt's
//     judgement is the last event the scoreboard follows. "0:00:00" when no
//     attempt has a time (a submissions directory);
//   - state is {"started": null, "ended": null, "finalized": time,
//     "end_of_updates": null}. Every attempt is judged and none is pending,
//     so the results are final when the scoreboard is made: finalized.
//     When the contest started and ended the judge does not know (attempts
//     have times from the start, never a date), and it invents neither,
//     though the API's text asks for ended before finalized: its schema
//     allows null, a made-up time would be wrong. end_of_updates stays
//     null: a regrade may still change the results. There is no scoreboard
//     freeze, so frozen and thawed are absent, as the API asks;
//   - rows come by rank, then team name; rank is shared by teams with the
//     same points and penalty (see judge.Standing).
//
// The scoreboard's type is "score" when the ranking is by points that may
// differ from the problems solved: a problem has groups (judge.Report.Scored)
// or is worth other than 1 point. Its rows are {"rank", "team_id", "score":
// {"score", "time"}, "problems": [{"problem_id", "num_judged",
// "num_pending", "score", "time"}]}: the team's points and the time of its
// last score improvement (null when it has no points); each problem's score
// is the team's best on it and time when it reached it, only when the score
// is above 0. num_judged counts the attempts up to the one that reached the
// score. The type has no field for the penalty that breaks ties: rank says
// it.
//
// Otherwise the type is "pass-fail": rows are {"rank", "team_id", "score":
// {"num_solved", "total_time", "time"}, "problems": [{"problem_id",
// "num_judged", "num_pending", "solved", "time"}]}: total_time is the
// penalty, time the last score improvement (null when nothing is solved),
// and a problem's time is when it was solved, only when it was.
//
// Times of rows are RELTIMEs to the minute ("1:05:00"), as the ranking
// counts them; num_pending is always 0. An attempt without a time (from a
// submissions directory, not a manifest) counts as made at the contest
// start, "0:00:00": the API requires a time for every solved problem and
// every improvement, and that is the time a directory's attempts are ranked
// by (no penalty minutes).
func WriteCCSScoreboard(w io.Writer, r judge.Report, at time.Time) error {
	r = printable(r)
	var last time.Duration
	for _, res := range r.Results {
		if res.Timed {
			last = max(last, res.Time)
		}
	}
	made, contestTime := AbsTime(at), RelTime(last)
	state := ccsState{Finalized: &made}
	// rowTime is the RELTIME of a row's time d, when timed, else of the
	// contest start.
	rowTime := func(d time.Duration, timed bool) string {
		if !timed {
			d = 0
		}
		return RelTime(d.Truncate(time.Minute))
	}
	if scoreType(r) {
		sb := ccsScoreboard[ccsScoreScore, ccsScoreProblem]{Rows: []ccsRow[ccsScoreScore, ccsScoreProblem]{}}
		sb.Time, sb.ContestTime, sb.State = made, contestTime, state
		for _, s := range r.Scoreboard {
			row := ccsRow[ccsScoreScore, ccsScoreProblem]{Rank: s.Rank, TeamID: s.Team, Score: ccsScoreScore{Score: s.Points}, Problems: []ccsScoreProblem{}}
			if s.Points > 0 {
				t := rowTime(s.Last, s.LastTimed)
				row.Score.Time = &t
			}
			for _, c := range s.Problems {
				p := ccsScoreProblem{ProblemID: c.Problem, NumJudged: c.Judged, Score: c.Score}
				if c.Score > 0 {
					p.Time = rowTime(c.Time, c.Timed)
				}
				row.Problems = append(row.Problems, p)
			}
			sb.Rows = append(sb.Rows, row)
		}
		return output.WriteJSON(w, sb)
	}
	sb := ccsScoreboard[ccsPassFailScore, ccsPassFailProblem]{Rows: []ccsRow[ccsPassFailScore, ccsPassFailProblem]{}}
	sb.Time, sb.ContestTime, sb.State = made, contestTime, state
	for _, s := range r.Scoreboard {
		row := ccsRow[ccsPassFailScore, ccsPassFailProblem]{Rank: s.Rank, TeamID: s.Team, Problems: []ccsPassFailProblem{},
			Score: ccsPassFailScore{NumSolved: s.Solved, TotalTime: RelTime(time.Duration(s.Penalty) * time.Minute)}}
		if s.Solved > 0 {
			t := rowTime(s.Last, s.LastTimed)
			row.Score.Time = &t
		}
		for _, c := range s.Problems {
			p := ccsPassFailProblem{ProblemID: c.Problem, NumJudged: c.Judged, Solved: c.Solved}
			if c.Solved {
				p.Time = rowTime(c.Time, c.Timed)
			}
			row.Problems = append(row.Problems, p)
		}
		sb.Rows = append(sb.Rows, row)
	}
	return output.WriteJSON(w, sb)
}

// scoreType reports whether r's scoreboard is of the Contest API's type
// score: whether its points may differ from its problems solved, as a
// problem has groups or is worth other than 1 point.
func scoreType(r judge.Report) bool {
	return r.Scored || slices.ContainsFunc(r.Points, func(p int) bool { return p != 1 })
}

// AbsTime writes t as the Contest API's ABSTIME, to the millisecond, with
// t's zone ("2026-01-05T14:13:07.832Z", "2026-01-05T15:13:07.832+01:00").
func AbsTime(t time.Time) string {
	return t.Truncate(time.Millisecond).Format("2006-01-02T15:04:05.000Z07:00")
}

// RelTime writes d as the Contest API's RELTIME: h:mm:ss, and .uuu when
// it has milliseconds ("1:05:00", "0:00:01.500"); a negative d has a
// leading '-'.
func RelTime(d time.Duration) string {
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	ms := d.Milliseconds()
	s := fmt.Sprintf("%s%d:%02d:%02d", sign, ms/3_600_000, ms/60_000%60, ms/1000%60)
	if ms%1000 != 0 {
		s += fmt.Sprintf(".%03d", ms%1000)
	}
	return s
}

// award is one award of the Contest API's awards endpoint.
type award struct {
	ID       string   `json:"id"`
	Citation string   `json:"citation"`
	TeamIDs  []string `json:"team_ids"`
}

// WriteAwards writes the awards of the contest as the Contest API's awards
// endpoint (awards.json): a JSON array of {"id", "citation", "team_ids"},
// with the known award ids: "winner" (the teams ranked first), "gold-medal",
// "silver-medal" and "bronze-medal" (ranks 1-4, 5-8 and 9-12, as in
// WriteResultsTSV, and as DOMjudge's defaults), each only for teams with
// points, then "first-to-solve-ID" for each problem of the set, in its
// order: the team or teams whose attempt reaching the full score came
// first, by its time to the millisecond ([] when no team has the full
// score). A problem whose full scores all have no time (a submissions
// directory) has no first to solve, and no award. Team ids are the team
// names, text.Printable, as in WriteCCSScoreboard.
func WriteAwards(w io.Writer, r judge.Report) error {
	r = printable(r)
	medal := func(id, citation string, from, to int) award {
		a := award{ID: id, Citation: citation, TeamIDs: []string{}}
		for _, s := range r.Scoreboard {
			if s.Points > 0 && s.Rank >= from && s.Rank <= to {
				a.TeamIDs = append(a.TeamIDs, s.Team)
			}
		}
		return a
	}
	awards := []award{
		medal("winner", "Contest winner", 1, 1),
		medal("gold-medal", "Gold medal winner", 1, goldMedals),
		medal("silver-medal", "Silver medal winner", goldMedals+1, goldMedals+silverMedals),
		medal("bronze-medal", "Bronze medal winner", goldMedals+silverMedals+1, goldMedals+silverMedals+bronzeMedals),
	}
	for k, id := range r.Problems {
		a := award{ID: "first-to-solve-" + id, Citation: "First to solve problem " + id, TeamIDs: []string{}}
		var first time.Duration
		untimed := false
		for _, s := range r.Scoreboard {
			if k >= len(s.Problems) || !s.Problems[k].Solved {
				continue
			}
			c := s.Problems[k]
			switch {
			case !c.Timed:
				untimed = true
			case len(a.TeamIDs) == 0 || c.Time < first:
				first, a.TeamIDs = c.Time, []string{s.Team}
			case c.Time == first:
				a.TeamIDs = append(a.TeamIDs, s.Team)
			}
		}
		if untimed && len(a.TeamIDs) == 0 {
			continue
		}
		slices.Sort(a.TeamIDs)
		awards = append(awards, a)
	}
	return output.WriteJSON(w, awards)
}

// The award bands of WriteResultsTSV, DOMjudge's defaults: ranks 1-4 get a
// gold medal, 5-8 silver, 9-12 bronze.
const (
	goldMedals   = 4
	silverMedals = 4
	bronzeMedals = 4
)

// WriteResultsTSV writes DOMjudge's results.tsv (its "results" export):
// a first line "results\t1", then one line per team of these columns,
// tab-separated:
//
//  1. team id: the team's name;
//  2. rank: empty for an Honorable team;
//  3. award: Gold Medal, Silver Medal, Bronze Medal, Ranked or Honorable;
//  4. number solved: the team's points (its scores, in a set with groups);
//  5. total time: the penalty in minutes (see judge.Standing);
//  6. the minute of the last score improvement: the time of its last
//     accepted submission that counts, 0 when none has a time;
//  7. group winner: always empty.
//
// It follows DOMjudge's rules: ranks 1-4, 5-8
// and 9-12 get "Gold Medal", "Silver Medal" or "Bronze Medal"; below them a
// team with at least the median points is "Ranked", sharing the best rank of
// its points; the rest are "Honorable", with no rank and listed last by
// name. A team that solved nothing is always Honorable. The number solved is
// the points, as DOMjudge writes its numPoints there. Teams have no groups
// here, so the group winner is always empty. A team id is an output.Cell,
// escaped as DOMjudge escapes its fields.
func WriteResultsTSV(w io.Writer, r judge.Report) error {
	r = printable(r)
	board := r.Scoreboard
	median := 0
	for i, s := range board {
		median = s.Points
		if i+1 > len(board)/2 {
			break
		}
	}
	type row struct {
		team, rank, award string
		s                 judge.Standing
	}
	rows := make([]row, 0, len(board))
	groupRank := map[int]int{}
	for _, s := range board {
		rk, award := s.Rank, ""
		switch {
		case s.Points == 0:
			award = "Honorable"
		case rk <= goldMedals:
			award = "Gold Medal"
		case rk <= goldMedals+silverMedals:
			award = "Silver Medal"
		case rk <= goldMedals+silverMedals+bronzeMedals:
			award = "Bronze Medal"
		case s.Points >= median:
			if _, ok := groupRank[s.Points]; !ok {
				groupRank[s.Points] = rk
			}
			rk, award = groupRank[s.Points], "Ranked"
		default:
			award = "Honorable"
		}
		rank := strconv.Itoa(rk)
		if award == "Honorable" {
			rank = ""
		}
		rows = append(rows, row{tsvField(s.Team), rank, award, s})
	}
	slices.SortStableFunc(rows, func(a, b row) int {
		if (a.rank == "") != (b.rank == "") {
			if a.rank == "" {
				return 1
			}
			return -1
		}
		if a.rank != "" {
			ra, _ := strconv.Atoi(a.rank)
			rb, _ := strconv.Atoi(b.rank)
			if c := cmp.Compare(ra, rb); c != 0 {
				return c
			}
		}
		return cmp.Compare(a.s.Team, b.s.Team)
	})
	var b strings.Builder
	b.WriteString("results\t1\n")
	for _, rw := range rows {
		var last int64
		for _, c := range rw.s.Problems {
			if c.Score > 0 && c.Timed {
				last = max(last, int64(c.Time/time.Minute))
			}
		}
		fmt.Fprintf(&b, "%s\t%s\t%s\t%d\t%d\t%d\t%s\n", rw.team, rw.rank, rw.award, rw.s.Points, rw.s.Penalty, last, "")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// tsvField makes s a field of a TSV file: an output.Cell, one line and
// never a formula, escaped as DOMjudge's TSV is (backslash, tab and line
// ends written as \\, \t, \n and \r).
func tsvField(s string) string {
	return strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`).Replace(output.Cell(s))
}

// maxCCSID is the longest identifier the Contest API takes.
const maxCCSID = 36

// ccsID reports whether s is an identifier of the Contest API: its
// common.json's pattern matched whole, as the API's text asks (the schema's
// pattern has no end anchor, so that a validator of the schema alone takes
// "Team A"): a letter, a digit or _ first, then letters, digits, _, . and
// -, at most 36 in all, the last not a dot.
func ccsID(s string) bool {
	if s == "" || len(s) > maxCCSID || s[0] == '.' || s[0] == '-' || s[len(s)-1] == '.' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}

// CheckCCSIDs returns an error naming the first team or problem whose name
// cannot be its id in the Contest API's file of role, "--scoreboard" or
// "--awards" (see ccsID; the awards' "first-to-solve-ID" too), so that the
// judge says so before it judges, rather than write a file the API's
// clients refuse.
func CheckCCSIDs(role string, teams, problems []string) error {
	const rule = "a Contest API id is a letter, a digit or _ and then letters, digits, _, . and -, at most 36 in all, not ending in a dot"
	for _, t := range teams {
		if !ccsID(t) {
			return fmt.Errorf("%s: team %q cannot be a team id (%s): rename its folder or manifest rows, or leave %s out", role, t, rule, role)
		}
	}
	for _, p := range problems {
		switch {
		case !ccsID(p):
			return fmt.Errorf("%s: problem %q cannot be a problem id (%s): rename it in the set, or leave %s out", role, p, rule, role)
		case role == "--awards" && !ccsID("first-to-solve-"+p):
			return fmt.Errorf("%s: problem %q makes the award id %q, longer than a Contest API id may be (%d characters): give it an id of %d characters or fewer, or leave %s out", role, p, "first-to-solve-"+p, maxCCSID, maxCCSID-len("first-to-solve-"), role)
		}
	}
	return nil
}
