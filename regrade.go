package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/store"
	"github.com/queensjudge/queensjudge/internal/truth"
)

func regradeCommand() *cli.Command {
	return &cli.Command{
		Name:      "regrade",
		Usage:     "judge the kept submissions of a set again against the current keys",
		ArgsUsage: "SET.yaml",
		Description: `Regrade judges again every submission that judge kept for the set, against the
ground truth of the set as it is now (after a problem was fixed, say), prints
the verdicts that change and keeps the new ones. With --dry-run it changes
nothing.`,
		Flags: append(batchFlags(),
			formatFlag("table"),
			&cli.BoolFlag{Name: "dry-run", Usage: "print what would change, change nothing"},
			&cli.Int64Flag{Name: "max-bytes", Value: judge.DefaultMaxBytes, Usage: "an answer larger than `N` bytes is PE, unread"},
		),
		Action: action(needs{minArgs: 1, maxArgs: 1, args: "one problem set", cache: true}, func(c *call) error {
			if err := c.writable(c.Bool("dry-run")); err != nil {
				return err
			}
			set, err := loadSet(c.stderr, c.Args().First())
			if err != nil {
				return err
			}
			src, err := c.source(c.format)
			if err != nil {
				return err
			}
			kept, err := c.db.Judgements(c.ctx, set.Name)
			if err != nil {
				return err
			}
			if len(kept) == 0 {
				return fmt.Errorf("regrade: no judged submissions of set %q in the cache", set.Name)
			}
			subs := make([]judge.Submission, len(kept))
			for i, k := range kept {
				subs[i] = keptSubmission(k)
			}
			report, err := c.judgeContest(src, set, subs)
			if err != nil {
				return err
			}
			byFile := map[[3]string]store.Judgement{}
			for _, k := range kept {
				byFile[[3]string{k.Team, k.Problem, k.File}] = k
			}
			var changes []change
			for _, r := range report.Results {
				old := byFile[[3]string{r.Team, r.Problem, r.File}]
				if old.Verdict != string(r.Verdict) || old.Message != r.Message {
					// Printed as judge prints them: one line of valid
					// UTF-8 each, whatever the team's file names hold.
					changes = append(changes, change{Team: judge.Printable(r.Team), Problem: r.Problem,
						File: judge.Printable(r.File), Was: old.Verdict, Now: string(r.Verdict), Message: r.Message})
				}
			}
			if err := writeChanges(c.stdout, c.format, changes); err != nil {
				return err
			}
			if c.Bool("dry-run") {
				return nil
			}
			paths := map[string]string{}
			for _, k := range kept {
				paths[k.File] = k.Path
			}
			return keepJudgements(c.ctx, c.db, set, report, subs, func(file string) string { return paths[file] })
		}),
	}
}

// keptSubmission is a submission as judge kept it: its answer from the
// cache when it was small enough to keep, from its file otherwise.
func keptSubmission(k store.Judgement) judge.Submission {
	s := judge.Submission{Team: k.Team, Problem: k.Problem, Time: k.Time, Timed: k.Timed, File: k.File}
	if k.Answer != nil {
		answer := k.Answer
		s.Open = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(answer)), nil }
	} else {
		path := k.Path
		s.Open = func() (io.ReadCloser, error) { return os.Open(path) }
	}
	return s
}

// keepJudgements stores the results of report in the cache, with the
// answers of subs small enough to keep; path gives the absolute path of a
// submission's file.
func keepJudgements(ctx context.Context, db *store.DB, set *problems.Set, report judge.Report, subs []judge.Submission, path func(file string) string) error {
	opens := map[[3]string]func() (io.ReadCloser, error){}
	for _, s := range subs {
		opens[[3]string{s.Team, s.Problem, s.File}] = s.Open
	}
	now := time.Now().UTC()
	var js []store.Judgement
	for _, r := range report.Results {
		p, _ := set.Problem(r.Problem)
		j := store.Judgement{
			Set: set.Name, Team: r.Team, Problem: r.Problem, File: r.File, Attempt: r.Attempt,
			Time: r.Time, Timed: r.Timed, Path: path(r.File),
			Key:     truth.Key(p.Problem),
			Verdict: string(r.Verdict), Message: r.Message, TeamMessage: r.TeamMessage, JudgedAt: now,
		}
		if open := opens[[3]string{r.Team, r.Problem, r.File}]; open != nil {
			j.Answer = readSmall(open, store.MaxKeptAnswer)
		}
		js = append(js, j)
	}
	return db.PutJudgements(ctx, js)
}

// readSmall returns what open gives when it is at most max bytes, else nil.
func readSmall(open func() (io.ReadCloser, error), max int) []byte {
	rc, err := open()
	if err != nil {
		return nil
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, int64(max)+1))
	if err != nil || len(data) > max {
		return nil
	}
	if data == nil {
		data = []byte{}
	}
	return data
}

// change is a verdict that regrade changes.
type change struct {
	Team    string `json:"team"`
	Problem string `json:"problem"`
	File    string `json:"file"`
	Was     string `json:"was"`
	Now     string `json:"now"`
	Message string `json:"message"`
}

// writeChanges prints the verdicts regrade changes in format.
func writeChanges(w io.Writer, format string, changes []change) error {
	if changes == nil {
		changes = []change{}
	}
	switch format {
	case "json":
		return writeJSON(w, changes)
	case "yaml":
		return writeYAMLOf(w, func(w io.Writer) error { return writeJSON(w, changes) })
	case "csv":
		var rows [][]string
		for _, ch := range changes {
			rows = append(rows, []string{ch.Team, ch.Problem, ch.File, ch.Was, ch.Now, ch.Message})
		}
		return writeCSV(w, []string{"team", "problem", "file", "was", "now", "message"}, rows)
	}
	if len(changes) == 0 {
		_, err := fmt.Fprintln(w, "no verdict changes")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "TEAM\tPROBLEM\tFILE\tWAS\tNOW\tMESSAGE")
	for _, ch := range changes {
		was := ch.Was
		if was == "" {
			was = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", ch.Team, ch.Problem, ch.File, was, ch.Now, ch.Message)
	}
	return tw.Flush()
}
