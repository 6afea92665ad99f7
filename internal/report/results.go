package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/queensjudge/queensjudge/internal/output"
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
// only when some are at fault. Names and messages are text.Printable.
func WriteJSON(w io.Writer, r judge.Report) error {
	return output.WriteJSON(w, jsonValue(r))
}

// jsonValue returns the report as WriteJSON writes it, and as YAML writes
// it too (see Data).
func jsonValue(r judge.Report) any {
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
	return out
}

// WriteCSV writes one row per result under a header: team, problem,
// verdict, points, time (minutes, empty when unknown), attempt, file,
// message, team_message, squares (space-separated) and line (empty for 0).
// Every cell is an output.Cell: one line, and never a formula.
func WriteCSV(w io.Writer, r judge.Report) error {
	header, recs := records(r)
	return output.WriteCSV(w, header, recs)
}

// records returns the header and the records WriteCSV writes.
func records(r judge.Report) (header []string, records [][]string) {
	for _, res := range r.Results {
		t, line := "", ""
		if res.Timed {
			t = strconv.FormatInt(res.Minutes(), 10)
		}
		if res.Line > 0 {
			line = strconv.Itoa(res.Line)
		}
		records = append(records, []string{res.Team, res.Problem, string(res.Verdict), strconv.Itoa(res.Points), t,
			strconv.Itoa(res.Attempt), res.File, res.Message, res.TeamMessage, strings.Join(res.Squares, " "), line})
	}
	header = []string{"team", "problem", "verdict", "points", "time", "attempt", "file", "message", "team_message", "squares", "line"}
	return header, records
}

// WriteTable writes the results and then the scoreboard as aligned columns,
// for people. The messages are the judge messages. Names and messages are
// text.Printable, so that each result is one line.
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

// Data returns the report as an output.Data, so that the judge command
// writes it in any format with output.Write: JSON as WriteJSON, YAML the
// same fields (output.WriteYAML), CSV as WriteCSV, the table as WriteTable.
func Data(r judge.Report) output.Data {
	return reportData{r}
}

// reportData is a report as output.Write takes it.
type reportData struct{ r judge.Report }

func (d reportData) JSONValue() any                  { return jsonValue(d.r) }
func (d reportData) Records() ([]string, [][]string) { return records(d.r) }
func (d reportData) WriteTable(w io.Writer) error    { return WriteTable(w, d.r) }
