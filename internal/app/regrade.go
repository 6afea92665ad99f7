package app

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/queensjudge/queensjudge/internal/guard"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/text"
	"github.com/queensjudge/queensjudge/internal/truth"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// RegradeRequest asks for the kept submissions of a set to be judged again.
type RegradeRequest struct {
	Cache    string
	Set      string
	Batch    Batch
	MaxBytes int64
	DryRun   bool // print what would change, change nothing
}

// Change is a verdict that regrade changes. Its JSON fields are printed by
// --format json and yaml.
type Change struct {
	Team    string `json:"team"`
	Problem string `json:"problem"`
	File    string `json:"file"`
	Was     string `json:"was"`
	Now     string `json:"now"`
	Message string `json:"message"`
}

// Changes are the verdicts a regrade changes, as printed.
type Changes []Change

var _ output.Data = Changes(nil)

// JSONValue is the list, [] when empty.
func (cs Changes) JSONValue() any {
	if cs == nil {
		return []Change{}
	}
	return []Change(cs)
}

// Records is a row per change.
func (cs Changes) Records() ([]string, [][]string) {
	var rows [][]string
	for _, ch := range cs {
		rows = append(rows, []string{ch.Team, ch.Problem, ch.File, ch.Was, ch.Now, ch.Message})
	}
	return []string{"team", "problem", "file", "was", "now", "message"}, rows
}

// WriteTable writes a line per change, or says there is none.
func (cs Changes) WriteTable(w io.Writer) error {
	if len(cs) == 0 {
		_, err := fmt.Fprintln(w, "no verdict changes")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "TEAM\tPROBLEM\tFILE\tWAS\tNOW\tMESSAGE")
	for _, ch := range cs {
		was := ch.Was
		if was == "" {
			was = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", ch.Team, ch.Problem, ch.File, was, ch.Now, ch.Message)
	}
	return tw.Flush()
}

// RegradeResult is what a regrade changed, and the contest judged again.
type RegradeResult struct {
	Changes Changes
	Report  judge.Report
}

// Regrade judges again every attempt that judge kept for the set, against
// the ground truth of the set as it is now, prints the verdicts that change
// and keeps the new ones, unless DryRun. Each kept attempt is judged and
// compared with itself, also when a team sent one file for several.
//
// It judges exactly the bytes judge judged: the answer the cache kept, or
// for one larger than truth.MaxKeptAnswer its file, opened inside the
// directory it was judged in with judge's checks, and only when its bytes
// have the SHA-256 judge kept. An attempt it cannot judge so (its file
// changed, missing, a link out of the directory, or kept by an older
// queensjudge without a digest) keeps its verdict; a line on stderr names
// it and the command fails at the end, as on a judge error.
//
// A dry run stores nothing: not the new verdicts, and not the answers of
// the problems the cache does not hold, which it solves and forgets (one
// at a time), nor the links of the set's problems to them. A real regrade
// solves as judge does, storing and linking the answers.
func Regrade(ctx context.Context, con Console, req RegradeRequest) (RegradeResult, error) {
	g := guard.New()
	g.Input(req.Set)
	cachePath, err := claimCache(g, req.Cache)
	if err != nil {
		return RegradeResult{}, err
	}
	opt, err := req.Batch.options()
	if err != nil {
		return RegradeResult{}, err
	}
	cache, err := truth.Open(ctx, cachePath)
	if err != nil {
		return RegradeResult{}, err
	}
	defer cache.Close()
	if err := cache.Writable(ctx, req.DryRun); err != nil {
		return RegradeResult{}, fmt.Errorf("regrade: %w", err)
	}
	set, err := loadSet(ctx, con, req.Set)
	if err != nil {
		return RegradeResult{}, err
	}
	kept, err := cache.Judgements(ctx, set.Name)
	if err != nil {
		return RegradeResult{}, err
	}
	if len(kept) == 0 {
		return RegradeResult{}, fmt.Errorf("regrade: no judged submissions of set %q in the cache", set.Name)
	}
	// subs[i] is kept[at[i]]; the attempts that cannot be judged again
	// keep their results as they are.
	var subs []judge.Submission
	var at []int
	var results []judge.Result
	failed := false
	skipped := map[int]bool{} // by place in kept
	notAgain := func(k int, why string) {
		skipped[k] = true
		old := kept[k]
		con.errorf("regrade: team %s, problem %s, file %s: not judged again, its %s stays: %s",
			text.Printable(old.Team), old.Problem, text.Printable(old.File), old.Verdict, text.Printable(why))
		failed = true
		results = append(results, judge.Result{Team: old.Team, Problem: old.Problem, Time: old.Time, Timed: old.Timed, File: old.File,
			Verdict: judge.Verdict(old.Verdict), Message: old.Message, TeamMessage: old.TeamMessage, Index: k})
	}
	for k, old := range kept {
		s, why := keptSubmission(old)
		if why != "" {
			notAgain(k, why)
			continue
		}
		subs = append(subs, s)
		at = append(at, k)
	}
	subs, took := tapped(subs)
	src := cache.Source(opt)
	var r judge.Report
	if req.DryRun {
		r, err = judgeDry(ctx, con, cache, src, opt, set, subs, req.MaxBytes)
	} else {
		r, err = judgeContest(ctx, con, "regrade", src, set, subs, req.MaxBytes)
	}
	if err != nil {
		return RegradeResult{}, err
	}
	for _, rr := range r.Results {
		i := rr.Index
		k, old, tk := at[i], kept[at[i]], took[i]
		switch {
		case tk.tried && !tk.ok:
			// Opened with judge's checks a moment before: it went, or
			// changed into something that cannot be read.
			notAgain(k, "its file could not be opened or read to its end again")
			continue
		case tk.ok && old.Digest != "" && tk.digest != old.Digest:
			why := "its file changed since it was judged"
			if old.Answer != nil {
				why = "the answer the cache kept is not the one judged (its SHA-256 differs)"
			}
			notAgain(k, fmt.Sprintf("%s (SHA-256 %s, judged %s)", why, tk.digest[:12], old.Digest[:12]))
			continue
		}
		rr.Index = k
		results = append(results, rr)
	}
	// The results again in a report of the set: the attempts numbered and
	// the scoreboard ranked with the verdicts kept beside the new ones.
	report := judge.NewReport(set, results)
	report.Warnings = r.Warnings
	res := RegradeResult{Report: report}
	for _, rr := range report.Results {
		old := kept[rr.Index]
		// Only a verdict that changes is listed: a WA that stays WA with
		// another message (a new expected count) is not a change of the
		// contest, though its new message is kept.
		if old.Verdict != string(rr.Verdict) {
			// Printed as judge prints them: one line of valid UTF-8 each,
			// whatever the team's file names hold.
			res.Changes = append(res.Changes, Change{Team: text.Printable(rr.Team), Problem: rr.Problem,
				File: text.Printable(rr.File), Was: old.Verdict, Now: string(rr.Verdict), Message: rr.Message})
		}
	}
	if err := output.Write(con.Stdout, con.Format, res.Changes); err != nil {
		return res, err
	}
	failed = sayJudgeErrors(con, r) || failed
	if !req.DryRun {
		tookOf := map[int]taken{} // by place in kept
		for i, k := range at {
			tookOf[k] = took[i]
		}
		js, err := judgements(set, report, func(k int) keptFile {
			old := kept[k]
			tk := tookOf[k]
			if !tk.ok {
				// Judged JE unopened (no ground truth): what judge took.
				tk = taken{ok: true, digest: old.Digest, answer: old.Answer}
			}
			return keptFile{path: old.Path, root: old.Root, taken: tk}
		})
		if err != nil {
			return res, err
		}
		// What was not judged again is kept as judge kept it.
		for i, j := range js {
			if k := report.Results[i].Index; skipped[k] {
				old := kept[k]
				old.Attempt = j.Attempt
				js[i] = old
			}
		}
		if err := cache.Keep(ctx, js); err != nil {
			return res, err
		}
	}
	return res, status.FailedIf(failed)
}

// judgeDry judges subs as judgeContest does, against the ground truth of
// set read from the cache where it holds it, and solved without being
// stored where it does not: a dry run leaves the cache as it was. A
// problem is found in the cache by its key through the links of any set
// (a fixed problem that was never solved is not there, and is solved now).
func judgeDry(ctx context.Context, con Console, cache *truth.Cache, src *truth.Source, opt truth.Options, set *problems.Set, subs []judge.Submission, maxBytes int64) (judge.Report, error) {
	truths := judge.TruthsFunc(func(ctx context.Context, p problems.Problem) (judge.Truth, error) {
		key := truth.Key(p.Problem)
		if !opt.Force {
			entries, err := cache.Lookup(ctx, "", p.ID)
			if err != nil {
				return judge.Truth{}, err
			}
			for _, e := range entries {
				if e.OK && e.Result.Key == key {
					return src.TruthOf(ctx, p.Problem, e.Result)
				}
			}
		}
		if opt.Timeout > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeoutCause(ctx, opt.Timeout, fmt.Errorf("timed out after %v", opt.Timeout))
			defer cancel()
		}
		return judge.SolveTruth(ctx, p.Problem, solver.Options{MaxSolutions: opt.MaxSolutions, Budget: opt.Budget})
	})
	judged := judge.Contest(ctx, set, subs, truths, judge.Limits{MaxBytes: maxBytes})
	if ctx.Err() != nil {
		con.errorf("interrupted: nothing was changed; run regrade --dry-run again")
		return judge.Report{}, stopped(ctx)
	}
	return judged, nil
}

// keptSubmission is a submission as judge kept it: its answer from the
// cache when it was small enough to keep, else its file, opened inside the
// directory it was judged in with judge's checks (judge.OpenInside); the
// digest of what is read is compared with the kept one after the judging.
// why, when not "", says why it cannot be judged again.
func keptSubmission(k truth.Judgement) (s judge.Submission, why string) {
	s = judge.Submission{Team: k.Team, Problem: k.Problem, Time: k.Time, Timed: k.Timed, File: k.File}
	switch {
	case k.Answer != nil:
		answer := k.Answer
		s.Open = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(answer)), nil }
		return s, ""
	case k.Root == "":
		return s, "judged by an older queensjudge, which kept neither its bytes (over 1 MiB) nor their digest: judge the submissions again"
	case k.Digest == "":
		return s, "its file could not be read when it was judged: judge the submissions again"
	}
	open, err := judge.OpenInside(k.Root, k.File)
	if err != nil {
		return s, err.Error() // it names the file
	}
	s.Open = open
	return s, ""
}
