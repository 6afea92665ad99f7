package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/internal/report"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/internal/truth"
)

func judgeCommand() *cli.Command {
	return &cli.Command{
		Name:      "judge",
		Usage:     "judge contest submissions against the answer key",
		ArgsUsage: "SET.yaml SUBMISSIONS",
		Description: `Judge judges every submission against the ground truth of the set, from the
cache where it can and by solving the rest, and prints the verdicts and the
scoreboard. SUBMISSIONS is a directory with one folder per team and in it one
file per problem, named after the problem id with or without an extension
(alice/eight-queens.txt), or a CSV manifest of timed attempts with the
columns team, problem, time, file.

Verdicts: AC accepted, WA wrong answer, PE malformed, NO empty, JE judge
error (the ground truth could not be had; exit status 1).

A file that is no submission (a README beside the team folders, a file named
after no problem) is skipped with a warning; with --strict a warning makes
the exit status 1.`,
		Flags: append(batchFlags(),
			formatFlag("table"),
			&cli.StringFlag{Name: "scoreboard", Usage: "also write the Contest API scoreboard.json to `FILE`"},
			&cli.StringFlag{Name: "results-tsv", Usage: "also write DOMjudge's results.tsv to `FILE`"},
			&cli.StringFlag{Name: "html", Usage: "also write a self-contained HTML report to `FILE`"},
			&cli.Int64Flag{Name: "max-bytes", Value: judge.DefaultMaxBytes, Usage: "an answer larger than `N` bytes is PE, unread"},
			&cli.BoolFlag{Name: "strict", Usage: "fail (exit status 1) on a warning: a file that is no submission"},
		),
		Action: action(needs{minArgs: 2, maxArgs: 2, args: "a problem set and a submissions directory or manifest", cache: true, outputs: []string{"html", "scoreboard", "results-tsv"}}, func(c *call) error {
			if err := c.writable(false); err != nil {
				return err
			}
			set, err := loadSet(c.stderr, c.Args().Get(0))
			if err != nil {
				return err
			}
			subs, errs, err := loadSubmissions(c.Args().Get(1))
			if err != nil {
				return fmt.Errorf("judge: %w", err)
			}
			// Names are printed one line each, whatever bytes they hold.
			failed, warned := false, false
			for _, err := range errs {
				if stray := (*judge.Stray)(nil); errors.As(err, &stray) {
					fmt.Fprintf(c.stderr, "warning: %s\n", judge.Printable(err.Error()))
					warned = true
					continue
				}
				fmt.Fprintln(c.stderr, judge.Printable(err.Error()))
				failed = true
			}
			if failed && len(subs) == 0 {
				return errReported // nothing could be read: no report of nothing
			}
			path := submissionPath(c.Args().Get(1))
			for _, flag := range []string{"html", "scoreboard", "results-tsv"} {
				for _, s := range subs {
					if out := c.String(flag); out != "" && sameFile(out, path(s.File)) {
						return usagef("judge: --%s %s would write over %s, a submission: name another file", flag, out, s.File)
					}
				}
			}
			src, err := c.source(c.format)
			if err != nil {
				return err
			}
			judged, err := c.judgeContest(src, set, subs)
			if err != nil {
				return err
			}
			for _, w := range judged.Warnings {
				fmt.Fprintf(c.stderr, "warning: %s\n", judge.Printable(w.Error()))
				warned = true
			}
			if err := writeReport(c.stdout, c.format, judged); err != nil {
				return err
			}
			if err := keepJudgements(c.ctx, c.db, set, judged, subs, path); err != nil {
				return err
			}
			if err := writeExports(c, judged, pictures(set, path)); err != nil {
				return err
			}
			for _, r := range judged.Results {
				if r.Verdict == judge.JE {
					fmt.Fprintf(c.stderr, "judge error: team %s, problem %s: %s\n", judge.Printable(r.Team), r.Problem, r.Message)
					failed = true
				}
			}
			return reported(failed || warned && c.Bool("strict"))
		}),
	}
}

// loadSubmissions reads a submissions directory, or a CSV manifest when
// path names a file. The error, when path is neither, names it; errs are
// what could not be read, and the *judge.Stray files.
func loadSubmissions(path string) (subs []judge.Submission, errs []error, err error) {
	fi, err := os.Stat(path)
	var pe *fs.PathError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil, fmt.Errorf("submissions %s: no such directory or manifest", judge.Printable(path))
	case errors.As(err, &pe):
		return nil, nil, fmt.Errorf("submissions %s: %w", judge.Printable(path), pe.Err)
	case err != nil:
		return nil, nil, err
	case !fi.IsDir():
		subs, errs = judge.LoadManifest(path)
	default:
		subs, errs = judge.LoadSubmissions(path)
	}
	return subs, errs, nil
}

// writeReport prints the report in format: table, json, yaml or csv.
func writeReport(w io.Writer, format string, r judge.Report) error {
	switch format {
	case "json":
		return report.WriteJSON(w, r)
	case "yaml":
		return writeYAMLOf(w, func(w io.Writer) error { return report.WriteJSON(w, r) })
	case "csv":
		return report.WriteCSV(w, r)
	}
	return report.WriteTable(w, r)
}

// writeExports writes the files that --scoreboard, --results-tsv and
// --html name.
func writeExports(c *call, r judge.Report, pics report.Pictures) error {
	exports := []struct {
		flag  string
		write func(io.Writer, judge.Report) error
	}{
		{"scoreboard", report.WriteCCSScoreboard},
		{"results-tsv", report.WriteResultsTSV},
		{"html", func(w io.Writer, r judge.Report) error { return report.WriteHTML(w, r, pics) }},
	}
	for _, e := range exports {
		path := c.String(e.flag)
		if path == "" {
			continue
		}
		var b strings.Builder
		if err := e.write(&b, r); err != nil {
			return err
		}
		if err := writeOutput(c.stdout, path, []byte(b.String())); err != nil {
			return err
		}
	}
	return nil
}

// pictures gives the report the placements teams submitted, read again from
// their files (path gives a file's absolute path).
func pictures(set *problems.Set, path func(file string) string) report.Pictures {
	return func(team, problem, file string) (solver.Problem, solver.Placement, bool) {
		p, ok := set.Problem(problem)
		if !ok {
			return solver.Problem{}, solver.Placement{}, false
		}
		f, err := os.Open(path(file))
		if err != nil {
			return solver.Problem{}, solver.Placement{}, false
		}
		defer f.Close()
		pl, ok := judge.ReadPlacement(p.Problem, f, judge.Limits{})
		return p.Problem, pl, ok
	}
}

// submissionPath returns a function giving the absolute path of a
// submission file, relative to the submissions directory or the manifest's.
func submissionPath(arg string) func(file string) string {
	base := arg
	if fi, err := os.Stat(arg); err == nil && !fi.IsDir() {
		base = filepath.Dir(arg)
	}
	if abs, err := filepath.Abs(base); err == nil {
		base = abs
	}
	return func(file string) string { return filepath.Join(base, filepath.FromSlash(file)) }
}

// judgeContest answers the problems of set (from the cache or solved) and
// judges subs against them. A signal on the way is errInterrupted, said on
// stderr: unread answers would be judged JE "judging stopped", so nothing of
// a judging cut short is printed or kept; the ground truth solved so far is
// kept, and the judging is cheap to run again.
func (c *call) judgeContest(src *truth.Source, set *problems.Set, subs []judge.Submission) (judge.Report, error) {
	if outs := src.Solve(c.ctx, []*problems.Set{set}); c.ctx.Err() != nil {
		c.sayInterrupted(outs)
		return judge.Report{}, errInterrupted
	}
	judged := judge.Contest(c.ctx, set, subs, src, judge.Limits{MaxBytes: c.Int64("max-bytes")})
	if c.ctx.Err() != nil {
		fmt.Fprintf(c.stderr, "interrupted: nothing judged is printed or kept; run %s again\n", c.Command.Name)
		return judge.Report{}, errInterrupted
	}
	return judged, nil
}
