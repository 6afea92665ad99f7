package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

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
	return streamJSON(w, r)
}

// streamJSON writes r as WriteJSON does, as output.WriteJSON would write
// the whole of it, one team's results at a time.
func streamJSON(w io.Writer, r judge.Report) error {
	shown := printable(ranked(r))
	bw := bufio.NewWriter(w)
	// value is v as output.WriteJSON writes it at depth levels in.
	value := func(v any, depth int) error {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetIndent(strings.Repeat("  ", depth), "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			return err
		}
		_, err := bw.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
		return err
	}
	bw.WriteString("{\n  \"set\": ")
	if err := value(shown.Set, 1); err != nil {
		return err
	}
	bw.WriteString(",\n  \"results\": [")
	n := 0
	err := eachRow(r, func(res judge.Result) error {
		if n > 0 {
			bw.WriteString(",")
		}
		n++
		bw.WriteString("\n    ")
		return value(jsonRow(res), 2)
	})
	if err != nil {
		return err
	}
	if n > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("],\n  \"scoreboard\": ")
	if err := value(jsonScoreboard(shown), 1); err != nil {
		return err
	}
	bw.WriteString("\n}\n")
	return bw.Flush()
}

// streamYAML writes r as output.WriteYAML would write the whole of
// WriteJSON's value (the keys sorted: results, scoreboard, set), one
// team's results at a time.
func streamYAML(w io.Writer, r judge.Report) error {
	shown := printable(ranked(r))
	if shown.Tally.Rows == 0 {
		io.WriteString(w, "results: []\n")
	} else {
		io.WriteString(w, "results:\n")
	}
	var chunk bytes.Buffer
	err := r.EachTeam(func(rs []judge.Result) error {
		var rows []jsonResult
		for _, res := range printableResults(rs) {
			for _, row := range res.Rows() {
				rows = append(rows, jsonRow(row))
			}
		}
		if len(rows) == 0 {
			return nil
		}
		chunk.Reset()
		if err := output.WriteYAML(&chunk, rows); err != nil {
			return err
		}
		// The list, a level in under its key.
		for line := range strings.Lines(chunk.String()) {
			if _, err := io.WriteString(w, "  "+line); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return output.WriteYAML(w, struct {
		Scoreboard []jsonStanding `json:"scoreboard"`
		Set        string         `json:"set"`
	}{jsonScoreboard(shown), shown.Set})
}

// eachRow calls f with each row of r (see judge.Report.Rows), printable,
// in the order of its results, one team's results held at a time. r is
// the report as judged, not its printable copy, whose names would not
// find the teams' results.
func eachRow(r judge.Report, f func(res judge.Result) error) error {
	return r.EachTeam(func(rs []judge.Result) error {
		for _, res := range printableResults(rs) {
			for _, row := range res.Rows() {
				if err := f(row); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// jsonRow is one row of the report's results as JSON and YAML write it.
func jsonRow(res judge.Result) jsonResult {
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
	return j
}

// jsonScoreboard is the scoreboard of r as JSON and YAML write it.
func jsonScoreboard(r judge.Report) []jsonStanding {
	out := []jsonStanding{}
	for _, s := range r.Scoreboard {
		out = append(out, jsonStanding{s.Rank, s.Team, s.Solved, s.Points, s.Penalty})
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
	t := printable(r).Tally
	tests, without := t.Tests, t.WithoutTruth
	if err := output.WriteCSV(w, csvHeader(t), nil); err != nil {
		return err
	}
	return r.EachTeam(func(rs []judge.Result) error {
		var recs [][]string
		for _, res := range printableResults(rs) {
			for _, row := range res.Rows() {
				recs = append(recs, record(row, tests, without))
			}
		}
		return output.WriteCSVRecords(w, recs)
	})
}

// csvHeader is the header of WriteCSV for results that t sums up.
func csvHeader(t judge.Tally) []string {
	header := []string{"team", "problem", "verdict", "points", "time", "attempt", "file", "message", "team_message", "squares", "line"}
	if t.Tests {
		header = append(header, "test", "group", "sample", "score")
	}
	if t.WithoutTruth {
		header = append(header, "truth")
	}
	return header
}

// record is the CSV record of one row of results; tests and without say
// whether the columns of tests and of truth are there.
func record(res judge.Result, tests, without bool) []string {
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
	return rec
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
	shown := printable(ranked(r))
	worth := map[string]int{}
	for i, id := range shown.Problems {
		if i < len(shown.Points) {
			worth[id] = shown.Points[i]
		}
	}
	// The lines of the results, each a row of cells, a team at a time:
	// once to find each column's width, as text/tabwriter would, and once
	// to write them.
	lines := func(f func(cells []string) error) error {
		if err := f([]string{"TEAM", "PROBLEM", "ATTEMPT", "TIME", "VERDICT", "POINTS", "MESSAGE"}); err != nil {
			return err
		}
		return r.EachTeam(func(rs []judge.Result) error {
			for _, res := range printableResults(rs) {
				t := "-"
				if res.Timed {
					t = strconv.FormatInt(res.Minutes(), 10)
				}
				msg := withTruth(res.Message, res)
				if res.Groups != nil {
					msg = fmt.Sprintf("score %d/%d; %s", res.Score, worth[res.Problem], msg)
				}
				if err := f([]string{res.Team, res.Problem, strconv.Itoa(res.Attempt), t, string(res.Verdict), strconv.Itoa(res.Points), msg}); err != nil {
					return err
				}
				for _, tr := range res.Tests {
					if tr.Verdict != judge.AC {
						if err := f([]string{tr.Team, tr.Ref(), strconv.Itoa(tr.Attempt), t, string(tr.Verdict), "", withTruth(tr.Message, tr)}); err != nil {
							return err
						}
					}
				}
			}
			return nil
		})
	}
	width := make([]int, 6)
	err := lines(func(cells []string) error {
		for i := range width {
			width[i] = max(width[i], utf8.RuneCountInString(cells[i]))
		}
		return nil
	})
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	err = lines(func(cells []string) error {
		for i, c := range cells[:6] {
			bw.WriteString(c)
			bw.WriteString(strings.Repeat(" ", width[i]-utf8.RuneCountInString(c)+2))
		}
		bw.WriteString(cells[6])
		return bw.WriteByte('\n')
	})
	if err != nil {
		return err
	}
	bw.WriteByte('\n')
	tw := tabwriter.NewWriter(bw, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "RANK\tTEAM\tSOLVED\tPOINTS\tPENALTY")
	for _, s := range shown.Scoreboard {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\n", s.Rank, s.Team, s.Solved, s.Points, s.Penalty)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return bw.Flush()
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
// same fields (output.WriteYAML's layout), CSV as WriteCSV, the table as
// WriteTable. Each streams the results a team at a time (output.Streamer):
// a report whose results are held elsewhere (judge.Report.Held) is
// written without holding them all.
func Data(r judge.Report) output.Data {
	return reportData{r}
}

// reportData is a report as output.Write takes it.
type reportData struct{ r judge.Report }

var _ output.Streamer = reportData{}

// JSONValue is the value streamJSON writes, held whole.
func (d reportData) JSONValue() any {
	r := printable(ranked(d.r))
	out := struct {
		Set        string         `json:"set"`
		Results    []jsonResult   `json:"results"`
		Scoreboard []jsonStanding `json:"scoreboard"`
	}{Set: r.Set, Results: []jsonResult{}, Scoreboard: jsonScoreboard(r)}
	eachRow(d.r, func(res judge.Result) error {
		out.Results = append(out.Results, jsonRow(res))
		return nil
	})
	return out
}

// Records are the header and records WriteCSV writes, held whole.
func (d reportData) Records() (header []string, records [][]string) {
	t := printable(d.r).Tally
	header = csvHeader(t)
	eachRow(d.r, func(res judge.Result) error {
		records = append(records, record(res, t.Tests, t.WithoutTruth))
		return nil
	})
	return header, records
}

func (d reportData) WriteTable(w io.Writer) error { return WriteTable(w, d.r) }

// Stream writes the report in f, a team's results at a time.
func (d reportData) Stream(w io.Writer, f output.Format) error {
	switch f {
	case output.JSON:
		return streamJSON(w, d.r)
	case output.YAML:
		return streamYAML(w, d.r)
	case output.CSV:
		return WriteCSV(w, d.r)
	}
	return WriteTable(w, d.r)
}
