package report

import (
	"fmt"
	"io"
	"slices"
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
	// Only on the results of tests: what a problem without tests has not.
	Test   string `json:"test,omitempty"`
	Group  string `json:"group,omitempty"`
	Sample bool   `json:"sample,omitempty"`
	Score  *int   `json:"score,omitempty"`
	// Truth is NotNeeded on a verdict reached without the ground truth.
	Truth string `json:"truth,omitempty"`
}

// NotNeeded is the "truth" of a result whose verdict was reached without
// the ground truth (judge.Result.WithoutTruth): an answer to a placement
// problem whose m is given, other than none, which the checker decides
// alone; such a verdict stands whether or not the truth can be had. Every
// format of the report says it: the "truth" field of JSON and YAML, the
// truth column of CSV, "(truth not needed)" after the message of the
// table, a tag on the HTML page for the judges.
const NotNeeded = "not needed"

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
//	              "points", "time", "attempt", "file", "squares", "line",
//	              "test", "group", "sample", "score", "truth"}],
//	 "scoreboard": [{"rank", "team", "solved", "points", "penalty"}]}
//
// There is one result per attempt at a problem without tests, and one per
// test of each attempt at a problem with tests (see judge.Report.Rows):
// those alone have "test" (the test's name), "group" (unless a sample or
// in a problem without groups), "sample" (true, on a sample) and "score"
// (the attempt's score); their "points" are the attempt's points, and
// "file" the test's file (the folder when it has none), the same "attempt"
// and "time" on each test of an attempt. time (minutes from the start) is
// there only when known, squares and line only when some are at fault,
// and truth ("not needed", NotNeeded) only on a verdict reached without
// the ground truth. The scoreboard's points are the scores. Names and messages are
// text.Printable.
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
	for _, res := range r.Rows() {
		j := jsonResult{
			Team: res.Team, Problem: res.Problem, Verdict: res.Verdict, Message: res.Message,
			TeamMessage: res.TeamMessage, Points: res.Points, Attempt: res.Attempt, File: res.File,
			Squares: res.Squares, Line: res.Line, Test: res.Test, Group: res.Group, Sample: res.Sample,
		}
		if res.Timed {
			m := res.Minutes()
			j.Time = &m
		}
		if res.Test != "" {
			score := res.Score
			j.Score = &score
		}
		if res.WithoutTruth {
			j.Truth = NotNeeded
		}
		out.Results = append(out.Results, j)
	}
	for _, s := range r.Scoreboard {
		out.Scoreboard = append(out.Scoreboard, jsonStanding{s.Rank, s.Team, s.Solved, s.Points, s.Penalty})
	}
	return out
}

// WriteCSV writes one row per result (one per test of an attempt at a
// problem with tests, as WriteJSON) under a header: team, problem,
// verdict, points, time (minutes, empty when unknown), attempt, file,
// message, team_message, squares (space-separated) and line (empty for 0),
// and when some problem has tests test, group, sample (true or empty) and
// score, empty on the rows of problems without tests; and last, when some
// verdict was reached without the ground truth, truth (NotNeeded on those
// rows, empty on the others). Every cell is an output.Cell: one line, and
// never a formula.
func WriteCSV(w io.Writer, r judge.Report) error {
	header, recs := records(r)
	return output.WriteCSV(w, header, recs)
}

// records returns the header and the records WriteCSV writes.
func records(r judge.Report) (header []string, records [][]string) {
	rows := r.Rows()
	tests := slices.ContainsFunc(rows, func(res judge.Result) bool { return res.Test != "" })
	without := slices.ContainsFunc(rows, func(res judge.Result) bool { return res.WithoutTruth })
	for _, res := range rows {
		t, line := "", ""
		if res.Timed {
			t = strconv.FormatInt(res.Minutes(), 10)
		}
		if res.Line > 0 {
			line = strconv.Itoa(res.Line)
		}
		rec := []string{res.Team, res.Problem, string(res.Verdict), strconv.Itoa(res.Points), t,
			strconv.Itoa(res.Attempt), res.File, res.Message, res.TeamMessage, strings.Join(res.Squares, " "), line}
		if tests {
			sample, score := "", ""
			if res.Sample {
				sample = "true"
			}
			if res.Test != "" {
				score = strconv.Itoa(res.Score)
			}
			rec = append(rec, res.Test, res.Group, sample, score)
		}
		if without {
			rec = append(rec, truthCell(res))
		}
		records = append(records, rec)
	}
	header = []string{"team", "problem", "verdict", "points", "time", "attempt", "file", "message", "team_message", "squares", "line"}
	if tests {
		header = append(header, "test", "group", "sample", "score")
	}
	if without {
		header = append(header, "truth")
	}
	return header, records
}

// truthCell is the truth of res as the report writes it: NotNeeded, or "".
func truthCell(res judge.Result) string {
	if res.WithoutTruth {
		return NotNeeded
	}
	return ""
}

// WriteTable writes the results and then the scoreboard as aligned columns,
// for people. An attempt at a problem with tests is a line, with its
// verdict, its points and, for a problem with groups, its score ("30/100"),
// followed by a line per test (PROBLEM/TEST) that is not AC. The messages
// are the judge messages, followed by "(truth not needed)" on a verdict
// reached without the ground truth. Names and messages are
// text.Printable, so that each result is one line.
func WriteTable(w io.Writer, r judge.Report) error {
	r = printable(r)
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "TEAM\tPROBLEM\tATTEMPT\tTIME\tVERDICT\tPOINTS\tMESSAGE")
	worth := map[string]int{}
	for i, id := range r.Problems {
		if i < len(r.Points) {
			worth[id] = r.Points[i]
		}
	}
	for _, res := range r.Results {
		t := "-"
		if res.Timed {
			t = strconv.FormatInt(res.Minutes(), 10)
		}
		msg := withTruth(res.Message, res)
		if res.Groups != nil {
			msg = fmt.Sprintf("score %d/%d; %s", res.Score, worth[res.Problem], msg)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%d\t%s\n", res.Team, res.Problem, res.Attempt, t,
			res.Verdict, res.Points, msg)
		for _, tr := range res.Tests {
			if tr.Verdict != judge.AC {
				fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t\t%s\n", tr.Team, tr.Ref(), tr.Attempt, t, tr.Verdict, withTruth(tr.Message, tr))
			}
		}
	}
	fmt.Fprintln(tw)
	fmt.Fprintln(tw, "RANK\tTEAM\tSOLVED\tPOINTS\tPENALTY")
	for _, s := range r.Scoreboard {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\n", s.Rank, s.Team, s.Solved, s.Points, s.Penalty)
	}
	return tw.Flush()
}

// withTruth is msg as the table shows it for res: followed by "(truth not
// needed)" when its verdict was reached without the ground truth.
func withTruth(msg string, res judge.Result) string {
	if res.WithoutTruth {
		return msg + " (truth " + NotNeeded + ")"
	}
	return msg
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
