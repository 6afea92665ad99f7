package app

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
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
}

var _ output.Data = Checked{}

// JSONValue is c itself.
func (c Checked) JSONValue() any { return c }

// Records is one row under a header.
func (c Checked) Records() ([]string, [][]string) {
	return []string{"problem", "verdict", "message", "team_message", "squares", "line"},
		[][]string{{c.Problem, string(c.Verdict), c.Message, c.TeamMessage, strings.Join(c.Squares, " "), strconv.Itoa(c.Line)}}
}

// WriteTable writes the verdict, the judge message and the team message,
// a line each.
func (c Checked) WriteTable(w io.Writer) error {
	_, err := fmt.Fprintf(w, "verdict: %s (%s)\njudge:   %s\nteam:    %s\n", c.Verdict, c.Verdict.Name(), c.Message, c.TeamMessage)
	return err
}

// Check judges the answer in a file, or on stdin, to one problem of a set
// and prints the judgement. A wrong answer is a verdict, not an error; a
// judge error (JE) is a said failure.
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
	src := cache.Source(opt)
	src.Solve(ctx, []*problems.Set{{Name: set.Name, File: set.File, Problems: []problems.Problem{p}}})
	var j judge.Judgement
	if t, err := src.Truth(ctx, p); err != nil {
		j = judge.Judgement{Verdict: judge.JE, Message: err.Error(), TeamMessage: "judge error"}
	} else {
		j = judge.Judge(ctx, t, answer, judge.Limits{MaxBytes: req.MaxBytes})
	}
	if ctx.Err() != nil {
		return Checked{}, context.Cause(ctx) // no verdict on half an answer
	}
	c = Checked{Problem: req.ID, Verdict: j.Verdict, Message: j.Message, TeamMessage: j.TeamMessage, Squares: j.SquareNames(), Line: j.Line}
	if err := output.Write(con.Stdout, con.Format, c); err != nil {
		return c, err
	}
	return c, status.FailedIf(j.Verdict == judge.JE)
}
