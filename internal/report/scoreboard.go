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

// WriteCCSScoreboard writes the scoreboard in the shape of the ICPC Contest
// API's scoreboard endpoint: {"rows": [{"rank", "team_id", "score":
// {"num_solved", "total_time"}, "problems": [{"problem_id", "num_judged",
// "num_pending", "solved", "time"}]}]}, a problem's time (minutes) only when
// it is solved at a known time. When points differ from the number solved
// (a problem worth more than 1), score also carries "score", the points the
// ranking is by. Team ids are the team names; there is no contest clock, so
// the time, contest_time and state fields are left out. Team names are
// text.Printable.
func WriteCCSScoreboard(w io.Writer, r judge.Report) error {
	r = printable(r)
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

// The award bands of WriteResultsTSV, DOMjudge's defaults: ranks 1-4 get a
// gold medal, 5-8 silver, 9-12 bronze.
const (
	goldMedals   = 4
	silverMedals = 4
	bronzeMedals = 4
)

// WriteResultsTSV writes DOMjudge's results.tsv (its "results" export):
// a first line "results\t1", then one line per team of team id, rank, award,
// number solved, total time, time of the last accepted submission (minutes)
// and group winner, tab-separated, following DOMjudge's rules: ranks 1-4, 5-8
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
			if c.Solved && c.Timed {
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
