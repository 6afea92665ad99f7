package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/queensjudge/queensjudge/judge"
)

type jsonResult struct {
	Team        string        `json:"team"`
	Problem     string        `json:"problem"`
	Verdict     judge.Verdict `json:"verdict"`
	Message     string        `json:"message"`
	TeamMessage string        `json:"team_message"`
	Points      int           `json:"points"`
	Time        *int64        `json:"time,omitempty"`
	Attempt     int           `json:"attempt"`
	File        string        `json:"file"`
	Squares     []string      `json:"squares,omitempty"`
	Line        int           `json:"line,omitempty"`
}

type jsonStanding struct {
	Rank    int    `json:"rank"`
	Team    string `json:"team"`
	Solved  int    `json:"solved"`
	Points  int    `json:"points"`
	Penalty int64  `json:"penalty"`
}

// WriteJSON writes the report as one indented JSON object:
//
//	{"set": NAME,
//	 "results": [{"team", "problem", "verdict", "message", "team_message",
//	              "points", "time", "attempt", "file", "squares", "line"}],
//	 "scoreboard": [{"rank", "team", "solved", "points", "penalty"}]}
//
// time (minutes from the start) is there only when known, squares and line
// only when some are at fault. Names and messages are judge.Printable.
func WriteJSON(w io.Writer, r judge.Report) error {
	r = printable(r)
	out := struct {
		Set        string         `json:"set"`
		Results    []jsonResult   `json:"results"`
		Scoreboard []jsonStanding `json:"scoreboard"`
	}{Set: r.Set, Results: []jsonResult{}, Scoreboard: []jsonStanding{}}
	for _, res := range r.Results {
		j := jsonResult{
			Team: res.Team, Problem: res.Problem, Verdict: res.Verdict, Message: res.Message,
			TeamMessage: res.TeamMessage, Points: res.Points, Attempt: res.Attempt, File: res.File,
			Squares: res.Squares, Line: res.Line,
		}
		if res.Timed {
			m := res.Minutes()
			j.Time = &m
		}
		out.Results = append(out.Results, j)
	}
	for _, s := range r.Scoreboard {
		out.Scoreboard = append(out.Scoreboard, jsonStanding{s.Rank, s.Team, s.Solved, s.Points, s.Penalty})
	}
	return writeJSON(w, out)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// WriteCSV writes one row per result under a header: team, problem,
// verdict, points, time (minutes, empty when unknown), attempt, file,
// message, team_message, squares (space-separated) and line (empty for 0).
// Every cell is a Cell: one line, and never a formula.
func WriteCSV(w io.Writer, r judge.Report) error {
	var rows [][]string
	for _, res := range r.Results {
		t, line := "", ""
		if res.Timed {
			t = strconv.FormatInt(res.Minutes(), 10)
		}
		if res.Line > 0 {
			line = strconv.Itoa(res.Line)
		}
		rows = append(rows, []string{res.Team, res.Problem, string(res.Verdict), strconv.Itoa(res.Points), t,
			strconv.Itoa(res.Attempt), res.File, res.Message, res.TeamMessage, strings.Join(res.Squares, " "), line})
	}
	return WriteCSVRecords(w, []string{"team", "problem", "verdict", "points", "time", "attempt", "file", "message", "team_message", "squares", "line"}, rows)
}

// WriteTable writes the results and then the scoreboard as aligned columns,
// for people. The messages are the judge messages. Names and messages are
// judge.Printable, so that each result is one line.
func WriteTable(w io.Writer, r judge.Report) error {
	r = printable(r)
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "TEAM\tPROBLEM\tATTEMPT\tTIME\tVERDICT\tPOINTS\tMESSAGE")
	for _, res := range r.Results {
		t := "-"
		if res.Timed {
			t = strconv.FormatInt(res.Minutes(), 10)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%d\t%s\n", res.Team, res.Problem, res.Attempt, t,
			res.Verdict, res.Points, res.Message)
	}
	fmt.Fprintln(tw)
	fmt.Fprintln(tw, "RANK\tTEAM\tSOLVED\tPOINTS\tPENALTY")
	for _, s := range r.Scoreboard {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\n", s.Rank, s.Team, s.Solved, s.Points, s.Penalty)
	}
	return tw.Flush()
}
