package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/queensjudge/queensjudge/internal/guard"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/report"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/truth"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// JudgeRequest asks for a contest to be judged.
type JudgeRequest struct {
	Cache       string
	Set         string // the problem set file
	Submissions string // a directory of team folders, or a CSV manifest
	Batch       Batch
	MaxBytes    int64 // an answer larger than this is PE, unread
	Strict      bool  // a warning fails the command
	// Files written beside the printed report; "" for none.
	Scoreboard string // the Contest API scoreboard.json
	ResultsTSV string // DOMjudge's results.tsv
	HTML       string // a self-contained HTML page
	// Replace lets the files be ones that exist: without it, one is refused
	// before any work (it may be anyone's).
	Replace bool
}

// JudgeResult is the judged contest and the judgements kept in the cache.
type JudgeResult struct {
	Report   judge.Report
	Kept     []truth.Judgement
	Warnings []error
}

// Judge judges every submission against the ground truth of the set, from
// the cache or solved, prints the verdicts and the scoreboard, writes the
// files asked for and keeps the judgements in the cache for regrade. Each
// attempt is kept, also when a team sent one file for several; they replace
// what the cache kept of the same teams' attempts at the same problems. A
// warning (a file that is no submission, a hidden one, two files of a team
// folder for one problem, none of them judged: see judge.Stray and
// judge.Doubled) is printed; a judge error (JE) or, with Strict, a warning
// makes it a said failure.
func Judge(ctx context.Context, con Console, req JudgeRequest) (JudgeResult, error) {
	g := guard.New()
	g.Input(req.Set, req.Submissions)
	cachePath, err := claimCache(g, req.Cache)
	if err != nil {
		return JudgeResult{}, err
	}
	set, err := loadSet(ctx, con, req.Set)
	if err != nil {
		return JudgeResult{}, err
	}
	subs, errs, err := loadSubmissions(req.Submissions)
	if err != nil {
		return JudgeResult{}, fmt.Errorf("judge: %w", err)
	}
	var res JudgeResult
	failed := false
	for _, err := range errs {
		if stray := (*judge.Stray)(nil); errors.As(err, &stray) {
			con.errorf("warning: %s", judge.Printable(err.Error()))
			res.Warnings = append(res.Warnings, err)
			continue
		}
		// Names are printed one line each, whatever bytes they hold.
		fmt.Fprintln(con.Stderr, judge.Printable(err.Error()))
		failed = true
	}
	if failed && len(subs) == 0 {
		return res, status.Said(status.Failed) // nothing could be read: no report of nothing
	}
	path := submissionPath(req.Submissions)
	for _, s := range subs {
		g.Input(path(s.File))
	}
	files := []struct {
		role, path string
		write      func(io.Writer, judge.Report) error
	}{
		{"--scoreboard", req.Scoreboard, report.WriteCCSScoreboard},
		{"--results-tsv", req.ResultsTSV, report.WriteResultsTSV},
		{"--html", req.HTML, func(w io.Writer, r judge.Report) error { return report.WriteHTML(w, r, pictures(set, path)) }},
	}
	for i, f := range files {
		if f.path == "" {
			continue
		}
		if files[i].path, err = g.NewFile(f.role, f.path, "--replace", req.Replace); err != nil {
			return res, err
		}
	}
	opt, err := req.Batch.options()
	if err != nil {
		return res, err
	}
	cache, err := truth.Open(ctx, cachePath)
	if err != nil {
		return res, err
	}
	defer cache.Close()
	if err := cache.Writable(ctx, false); err != nil {
		return res, fmt.Errorf("judge: %w", err)
	}
	src := cache.Source(opt)
	judged, err := judgeContest(ctx, con, "judge", src, set, subs, req.MaxBytes)
	if err != nil {
		return res, err
	}
	res.Report = judged
	for _, w := range judged.Warnings {
		con.errorf("warning: %s", judge.Printable(w.Error()))
		res.Warnings = append(res.Warnings, w)
	}
	if err := output.Write(con.Stdout, con.Format, report.Data(judged)); err != nil {
		return res, err
	}
	if res.Kept, err = keep(ctx, cache, set, judged, subs, func(i int) string { return path(subs[i].File) }); err != nil {
		return res, err
	}
	for _, f := range files {
		if f.path == "" {
			continue
		}
		if err := g.WriteFile(f.path, 0o644, con.Stdout, func(w io.Writer) error { return f.write(w, judged) }); err != nil {
			return res, err
		}
	}
	failed = sayJudgeErrors(con, judged) || failed
	return res, status.FailedIf(failed || len(res.Warnings) > 0 && req.Strict)
}

// sayJudgeErrors prints a line for each judge error (JE) of r, and reports
// whether there was one: the command then fails, as the ground truth of a
// problem could not be had.
func sayJudgeErrors(con Console, r judge.Report) bool {
	found := false
	for _, res := range r.Results {
		if res.Verdict == judge.JE {
			con.errorf("judge error: team %s, problem %s: %s", judge.Printable(res.Team), res.Problem, res.Message)
			found = true
		}
	}
	return found
}

// loadSubmissions reads a submissions directory, or a CSV manifest when
// path names a file. The error, when path is neither, names it; errs are
// what could not be read, and the *judge.Stray files (hidden ones too).
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

// pictures gives the HTML report the placements teams submitted, read again
// from their files (path gives a file's absolute path).
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
// judges subs against them. A signal on the way is a said interruption:
// unread answers would be judged JE "judging stopped", so nothing of a
// judging cut short is printed or kept; the ground truth solved so far is
// kept, and the judging is cheap to run again.
func judgeContest(ctx context.Context, con Console, command string, src *truth.Source, set *problems.Set, subs []judge.Submission, maxBytes int64) (judge.Report, error) {
	if outs := src.Solve(ctx, []*problems.Set{set}); ctx.Err() != nil {
		return judge.Report{}, interrupted(ctx, con, command, outs)
	}
	judged := judge.Contest(ctx, set, subs, src, judge.Limits{MaxBytes: maxBytes})
	if ctx.Err() != nil {
		con.errorf("interrupted: nothing judged is printed or kept; run %s again", command)
		return judge.Report{}, stopped(ctx)
	}
	return judged, nil
}

// keep stores the results of r, one for each attempt, with the answers of
// subs small enough to keep; r must come from judge.Contest given subs (a
// result's Index is its submission's place in subs, which is what tells two
// attempts with the same file apart), and path gives the absolute path of
// the file of subs[i]. What the cache held for the same teams' attempts at
// the same problems is replaced.
func keep(ctx context.Context, cache *truth.Cache, set *problems.Set, r judge.Report, subs []judge.Submission, path func(i int) string) ([]truth.Judgement, error) {
	now := time.Now().UTC()
	var js []truth.Judgement
	for _, res := range r.Results {
		if res.Index < 0 || res.Index >= len(subs) {
			return js, fmt.Errorf("keep judgements: team %s, problem %s, attempt %d: no submission %d", res.Team, res.Problem, res.Attempt, res.Index)
		}
		s := subs[res.Index]
		p, _ := set.Problem(res.Problem)
		j := truth.Judgement{
			Set: set.Name, Team: res.Team, Problem: res.Problem, File: res.File, Attempt: res.Attempt,
			Time: res.Time, Timed: res.Timed, Path: path(res.Index),
			Key:     truth.Key(p.Problem),
			Verdict: string(res.Verdict), Message: res.Message, TeamMessage: res.TeamMessage, JudgedAt: now,
		}
		if s.Open != nil {
			j.Answer = readSmall(s.Open, truth.MaxKeptAnswer)
		}
		js = append(js, j)
	}
	return js, cache.Keep(ctx, js)
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
