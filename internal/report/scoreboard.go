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

type ccsProblem struct {
	ProblemID  string `json:"problem_id"`
	NumJudged  int    `json:"num_judged"`
	NumPending int    `json:"num_pending"`
	Solved     bool   `json:"solved"`
	Time       *int64 `json:"time,omitempty"`
}

type ccsScore struct {
	NumSolved int   `json:"num_solved"`
	TotalTime int64 `json:"total_time"`
	Score     *int  `json:"score,omitempty"`
}

type ccsRow struct {
	Rank     int          `json:"rank"`
	TeamID   string       `json:"team_id"`
	Score    ccsScore     `json:"score"`
	Problems []ccsProblem `json:"problems"`
}

// The rows of a scoreboard of type score (Contest API 2023-06 and later).
type (
	ccsScoreProblem struct {
		ProblemID  string  `json:"problem_id"`
		NumJudged  int     `json:"num_judged"`
		NumPending int     `json:"num_pending"`
		Score      int     `json:"score"`
		Time       *string `json:"time,omitempty"`
	}
	ccsScoreScore struct {
		Score int     `json:"score"`
		Time  *string `json:"time"`
	}
	ccsScoreRow struct {
		Rank     int               `json:"rank"`
		TeamID   string            `json:"team_id"`
		Score    ccsScoreScore     `json:"score"`
		Problems []ccsScoreProblem `json:"problems"`
	}
)

// WriteCCSScoreboard writes the scoreboard in the shape of the ICPC Contest
// API's scoreboard endpoint. Team ids are the team names; there is no
// contest clock, so the time, contest_time and state fields are left out.
// Team names are text.Printable.
//
// A set without groups has the pass-fail scoreboard, as the API's 2020-03
// release wrote it: {"rows": [{"rank", "team_id", "score": {"num_solved",
// "total_time"}, "problems": [{"problem_id", "num_judged", "num_pending",
// "solved", "time"}]}]}, times in minutes, a problem's time only when it is
// solved at a known time. When points differ from the number solved (a
// problem worth more than 1), score also carries "score", the points the
// ranking is by.
//
// A set with groups (judge.Report.Scored) has the scoreboard of type score
// of the API's 2023-06 and 2026-01 releases: each row's score is {"score",
// "time"}, the team's points and the time of its last score improvement
// (null when it has none with a time); each problem has "score", the
// team's best score on it, and "time", when it reached it (only when the
// score is above 0 and timed). Times are RELTIME strings ("1:05:00"), to
// the minute, as the ranking counts them. num_judged counts the attempts up
// to the one that reached the score. The ranking's tie-break is the penalty
// (see judge.Standing), which this type has no field for: rank says it.
func WriteCCSScoreboard(w io.Writer, r judge.Report) error {
	r = printable(r)
	if r.Scored {
		return writeScoreScoreboard(w, r)
	}
	weighted := slices.ContainsFunc(r.Scoreboard, func(s judge.Standing) bool { return s.Points != s.Solved })
	rows := []ccsRow{}
	for _, s := range r.Scoreboard {
		row := ccsRow{Rank: s.Rank, TeamID: s.Team, Score: ccsScore{NumSolved: s.Solved, TotalTime: s.Penalty}, Problems: []ccsProblem{}}
		if weighted {
			pts := s.Points
			row.Score.Score = &pts
		}
		for _, c := range s.Problems {
			p := ccsProblem{ProblemID: c.Problem, NumJudged: c.Judged, Solved: c.Solved}
			if c.Solved && c.Timed {
				m := int64(c.Time / time.Minute)
				p.Time = &m
			}
			row.Problems = append(row.Problems, p)
		}
		rows = append(rows, row)
	}
	return output.WriteJSON(w, struct {
		Rows []ccsRow `json:"rows"`
	}{rows})
}

// writeScoreScoreboard writes the scoreboard of type score of r, printable.
func writeScoreScoreboard(w io.Writer, r judge.Report) error {
	rows := []ccsScoreRow{}
	for _, s := range r.Scoreboard {
		row := ccsScoreRow{Rank: s.Rank, TeamID: s.Team, Score: ccsScoreScore{Score: s.Points}, Problems: []ccsScoreProblem{}}
		if s.Points > 0 && s.LastTimed {
			t := RelTime(s.Last.Truncate(time.Minute))
			row.Score.Time = &t
		}
		for _, c := range s.Problems {
			p := ccsScoreProblem{ProblemID: c.Problem, NumJudged: c.Judged, Score: c.Score}
			if c.Score > 0 && c.Timed {
				t := RelTime(c.Time.Truncate(time.Minute))
				p.Time = &t
			}
			row.Problems = append(row.Problems, p)
		}
		rows = append(rows, row)
	}
	return output.WriteJSON(w, struct {
		Rows []ccsScoreRow `json:"rows"`
	}{rows})
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
