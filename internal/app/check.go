package app

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/report"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/judge"
)

// CheckRequest asks for one answer to one problem to be judged.
type CheckRequest struct {
	Cache    string
	Set      string // the problem set file
	ID       string // the problem, or ID/TEST for a test of one with tests
	Answer   string // the answer file; "-" for stdin
	Batch    Batch
	MaxBytes int64
}

// Checked is one judgement as check prints it. Its JSON fields are printed
// by --format json and yaml.
type Checked struct {
	Problem     string        `json:"problem"`
	Verdict     judge.Verdict `json:"verdict"`
	Message     string        `json:"message"`
	TeamMessage string        `json:"team_message"`
	Squares     []string      `json:"squares,omitempty"`
	Line        int           `json:"line,omitempty"`
	// Truth is "not needed" when the verdict was reached without the
	// ground truth (judge.Judgement.WithoutTruth): a placement, valid or
	// not, judged by the checker alone. Absent otherwise.
	Truth string `json:"truth,omitempty"`
}

// truthWord is the word of Checked.Truth, and of the judge report's
// "truth" (report.NotNeeded), for a verdict reached without the truth.
func truthWord(without bool) string {
	if without {
		return report.NotNeeded
	}
	return ""
}

var _ output.Data = Checked{}

// JSONValue is c itself.
func (c Checked) JSONValue() any { return c }

// Records is one row under a header.
func (c Checked) Records() ([]string, [][]string) {
	return []string{"problem", "verdict", "message", "team_message", "squares", "line", "truth"},
		[][]string{{c.Problem, string(c.Verdict), c.Message, c.TeamMessage, strings.Join(c.Squares, " "), strconv.Itoa(c.Line), c.Truth}}
}

// WriteTable writes the verdict, the judge message and the team message,
// a line each, and a line "truth:   not needed" for a verdict reached
// without the ground truth.
func (c Checked) WriteTable(w io.Writer) error {
	_, err := fmt.Fprintf(w, "verdict: %s (%s)\njudge:   %s\nteam:    %s\n", c.Verdict, c.Verdict.Name(), c.Message, c.TeamMessage)
	if err == nil && c.Truth != "" {
		_, err = fmt.Fprintf(w, "truth:   %s\n", c.Truth)
	}
	return err
}

// Check judges the answer in a file, or on stdin, to one problem of a set
// and prints the judgement. A wrong answer is a verdict, not an error; a
// judge error (JE) is a said failure. The ground truth is had (from the
// cache, or solved and stored) only when the answer needs it
// (judge.JudgeLazily): a placement is judged by the checker alone, valid
// or not, also where the solve would be refused or stopped at its budget,
// and only none asks for the truth, and is JE when it cannot be had.
func Check(ctx context.Context, con Console, req CheckRequest) (c Checked, err error) {
	defer func() {
		if err != nil && ctx.Err() != nil {
			err = context.Cause(ctx) // a signal, wherever it stopped the check
		}
	}()
	_, cachePath, err := begin(req.Cache, req.Set, req.Answer)
	if err != nil {
		return Checked{}, err
	}
	if req.Set == "-" && req.Answer == "-" {
		return Checked{}, status.Usagef("check: the set and the answer cannot both be stdin")
	}
	set, err := loadSet(ctx, con, req.Set)
	if err != nil {
		return Checked{}, err
	}
	id, test, named := strings.Cut(req.ID, "/")
	p, ok := set.Problem(id)
	if !ok {
		return Checked{}, fmt.Errorf("check: %s has no problem %q", set.File, id)
	}
	if p, err = namedCase(set.File, p, test, named, ""); err != nil {
		return Checked{}, fmt.Errorf("check: %w", err)
	}
	// Reading the answer gives way to a signal, from a terminal, a pipe or
	// a FIFO alike.
	answer := newCtxReader(ctx, con.Stdin)
	if req.Answer != "-" {
		file, err := openStream(ctx, req.Answer)
		if err != nil {
			return Checked{}, fmt.Errorf("check: %w", err)
		}
		defer file.Close()
		answer = file
	}
	opt, err := req.Batch.options(con, "check")
	if err != nil {
		return Checked{}, err
	}
	cache, err := openCache(ctx, "check", cachePath, writesIfItCan)
	if err != nil {
		return Checked{}, err
	}
	defer cache.Close()
	// The truth is had (from the cache, or solved, stored and linked to
	// the set) only when the answer needs it: for a placement problem,
	// only when it is none.
	truths := cache.Source(opt).For(set)
	j := judge.JudgeLazily(ctx, p.Problem, func(ctx context.Context) (judge.Truth, error) { return truths.Truth(ctx, p) },
		answer, judge.Limits{MaxBytes: req.MaxBytes})
	if ctx.Err() != nil {
		return Checked{}, context.Cause(ctx) // no verdict on half an answer
	}
	c = Checked{Problem: req.ID, Verdict: j.Verdict, Message: j.Message, TeamMessage: j.TeamMessage, Squares: j.SquareNames(), Line: j.Line,
		Truth: truthWord(j.WithoutTruth)}
	if err := output.Write(con.Stdout, con.Format, c); err != nil {
		return c, err
	}
	return c, status.FailedIf(j.Verdict == judge.JE)
}
