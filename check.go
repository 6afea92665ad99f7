package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
)

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "judge one answer to one problem",
		ArgsUsage: "SET.yaml ID FILE|-",
		Description: `Check judges the answer in FILE (- for stdin) to the problem ID of the set
and prints the verdict, the judge message and the team message. The exit
status is 0 whatever the verdict, 1 on a judge error (JE).`,
		Flags: append(batchFlags(),
			formatFlag("table"),
			&cli.Int64Flag{Name: "max-bytes", Value: judge.DefaultMaxBytes, Usage: "an answer larger than `N` bytes is PE, unread"},
		),
		Action: action(needs{minArgs: 3, maxArgs: 3, args: "a problem set, a problem id and an answer file", cache: true}, func(c *call) error {
			set, err := loadSet(c.stderr, c.Args().Get(0))
			if err != nil {
				return err
			}
			id := c.Args().Get(1)
			p, ok := set.Problem(id)
			if !ok {
				return fmt.Errorf("check: %s has no problem %q", set.File, id)
			}
			// Reading the answer gives way to a signal, from a terminal, a
			// pipe or a FIFO alike.
			var answer io.Reader = newCtxReader(c.ctx, c.App.Reader)
			if name := c.Args().Get(2); name != "-" {
				file, err := openStream(c.ctx, name)
				if err != nil {
					return fmt.Errorf("check: %w", err)
				}
				defer file.Close()
				answer = file
			}
			if err := c.writable(true); err != nil {
				return err
			}
			src, err := c.source("")
			if err != nil {
				return err
			}
			src.Solve(c.ctx, []*problems.Set{{Name: set.Name, File: set.File, Problems: []problems.Problem{p}}})
			var j judge.Judgement
			if truth, err := src.Truth(c.ctx, p); err != nil {
				j = judge.Judgement{Verdict: judge.JE, Message: err.Error(), TeamMessage: "judge error"}
			} else {
				j = judge.Judge(c.ctx, truth, answer, judge.Limits{MaxBytes: c.Int64("max-bytes")})
			}
			if c.ctx.Err() != nil {
				return c.ctx.Err() // no verdict on half an answer
			}
			if err := writeJudgement(c.stdout, c.format, id, j); err != nil {
				return err
			}
			return reported(j.Verdict == judge.JE)
		}),
	}
}

// writeJudgement prints one judgement as a short table, or as one object
// (JSON, YAML) or row (CSV).
func writeJudgement(w io.Writer, format, id string, j judge.Judgement) error {
	v := struct {
		Problem     string        `json:"problem"`
		Verdict     judge.Verdict `json:"verdict"`
		Message     string        `json:"message"`
		TeamMessage string        `json:"team_message"`
		Squares     []string      `json:"squares,omitempty"`
		Line        int           `json:"line,omitempty"`
	}{id, j.Verdict, j.Message, j.TeamMessage, j.SquareNames(), j.Line}
	switch format {
	case "json":
		return writeJSON(w, v)
	case "yaml":
		return writeYAMLOf(w, func(w io.Writer) error { return writeJSON(w, v) })
	case "csv":
		return writeCSV(w, []string{"problem", "verdict", "message", "team_message", "squares", "line"},
			[][]string{{id, string(j.Verdict), j.Message, j.TeamMessage, strings.Join(v.Squares, " "), strconv.Itoa(j.Line)}})
	}
	_, err := fmt.Fprintf(w, "verdict: %s (%s)\njudge:   %s\nteam:    %s\n", j.Verdict, j.Verdict.Name(), j.Message, j.TeamMessage)
	return err
}
