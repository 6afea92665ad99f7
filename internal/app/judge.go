package app

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/report"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/text"
	"github.com/queensjudge/queensjudge/internal/truth"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
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
	Awards     string // the Contest API awards.json
	ResultsTSV string // DOMjudge's results.tsv
	// Medals are the medal counts of Awards and ResultsTSV; nil for
	// report.DefaultMedals.
	Medals *report.Medals
	// HTML is the judges' report, and PublicHTML the page for the public
	// (no judge messages, files or boards): self-contained pages, each
	// split into a first page and a page per team in NAME_files/ beside
	// it when large (see report.Site).
	HTML       string
	PublicHTML string
	// OnePage is the most bytes of team sections a page holds before it
	// is split into a page per team (see report.Site); 0 for
	// report.OnePage.
	OnePage int64
	// Replace lets the files be ones that exist: without it, one is refused
	// before any work (it may be anyone's).
	Replace bool
	// Collect holds every result and judgement in memory, in the
	// JudgeResult's Report.Results and Kept: for tests, and callers who
	// want them all. Without it they are written out a team at a time and
	// only the scoreboard is held, whatever the contest's size.
	Collect bool
}

// JudgeResult is the judged contest and the judgements kept in the cache.
// Report.Results and Kept are filled only when the request said Collect.
type JudgeResult struct {
	Report   judge.Report
	Kept     []store.Attempt
	Warnings []error
}

// Judge judges every submission against the ground truth of the set, from
// the cache or solved, prints the verdicts and the scoreboard, writes the
// files asked for and keeps the judgements in the cache for regrade. The
// truth of a placement problem is had only if an answer to it is none (see
// judgeContest): a placement, valid or not, is judged by the checker alone,
// and the report says so (report.NotNeeded). The judgements are kept each
// with the SHA-256 of the file judged (and its bytes, when at most
// store.MaxKeptAnswer), taken as it was read for the judging. Each
// attempt is kept, also when a team sent one file for several, and each
// test of an attempt at a problem with tests (under ID/TEST, see
// judgements); they replace what the cache kept of the same teams' attempts
// at the same problems. A
// warning (a file that is no submission, a hidden one, two files of a team
// folder for one problem, none of them judged: see judge.Stray and
// judge.Doubled) is printed; a judge error (JE) or, with Strict, a warning
// makes it a said failure.
//
// A contest is judged whole or not at all. Before anything is judged or
// written: every output is claimed, and one refusal names each that exists
// (without Replace), with nothing printed before it; then what cannot be
// read (a team folder, every bad row of a manifest, a row for no problem
// of the set, in line order) is printed and is a said failure; and
// submissions that would judge nothing (judge.Nothing: an empty directory,
// a team's folder, with "did you mean" its parent) are a failure that
// says why.
func Judge(ctx context.Context, con Console, req JudgeRequest) (JudgeResult, error) {
	g, cachePath, err := begin(req.Cache, req.Set, req.Submissions)
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
	if err := checkCCSIDs(req, set, subs); err != nil {
		return res, err
	}
	path := submissionPath(req.Submissions)
	for _, s := range subs {
		g.Input(path(s.File))
	}
	out, err := req.outputs().claim(g)
	if err != nil {
		return res, err
	}
	if err := refuseUnread(con, set, subs, errs); err != nil {
		return res, err
	}
	if err := refuseNothing(con, set, subs, errs, req.Submissions); err != nil {
		return res, err
	}
	for _, err := range errs {
		con.errorf("warning: %s", text.Printable(err.Error()))
		res.Warnings = append(res.Warnings, err)
	}
	opt, err := req.Batch.options(con, "judge")
	if err != nil {
		return res, err
	}
	cache, err := openCache(ctx, "judge", cachePath, mustWrite)
	if err != nil {
		return res, err
	}
	defer cache.Close()
	// The pages asked for are laid out as the teams are judged, and each
	// team's results and judgements held in spools until the judging ends.
	live, err := out.start(judge.NewReport(set, nil), pictures(set, path))
	if err != nil {
		return res, err
	}
	defer live.close()
	held, err := newJudgedTeams(set, subs, path, req.Collect)
	if err != nil {
		return res, err
	}
	defer held.close()
	judged, err := judgeTeams(ctx, con, "judge", cache.Source(opt), set, held.subs, req.MaxBytes, func(rs []judge.Result) error {
		if err := live.add(rs); err != nil {
			return err
		}
		return held.add(rs)
	})
	if err != nil {
		return res, err
	}
	// judgedAt is when the judging ended: the time of the scoreboard.
	judgedAt := time.Now()
	for _, w := range judged.Warnings {
		con.errorf("warning: %s", text.Printable(w.Error()))
		res.Warnings = append(res.Warnings, w)
	}
	// The report lists every file not judged: those the loader skipped
	// (a README beside the team folders) with the contest's.
	judged.Warnings = slices.Concat(errs, judged.Warnings)
	judged.Held = held.results
	// The spools are gone once Judge returns: the caller has the results
	// only when it asked to Collect them.
	res.Report, res.Kept = judged, held.kept
	res.Report.Results, res.Report.Held = held.collected, nil
	if err := output.Write(con.Stdout, con.Format, report.Data(judged)); err != nil {
		return res, err
	}
	if err := cache.KeepAll(ctx, held.judgements()); err != nil {
		return res, err
	}
	if err := out.write(con.Stdout, judged, judgedAt, pictures(set, path), live); err != nil {
		return res, err
	}
	failed, err := sayJudgeErrors(con, judged)
	if err != nil {
		return res, err
	}
	return res, status.FailedIf(failed || len(res.Warnings) > 0 && req.Strict)
}

// refuseUnread prints what could not be read of the submissions, each on
// its line (a team folder, every bad row of a manifest, a row for no
// problem of the set, in line order), and is then a said failure: a
// contest is judged whole or not at all. errs are the loader's; the
// *judge.Stray among them are only warnings.
func refuseUnread(con Console, set *problems.Set, subs []judge.Submission, errs []error) error {
	var bad []error
	for _, err := range errs {
		if stray := (*judge.Stray)(nil); !errors.As(err, &stray) {
			bad = append(bad, err)
		}
	}
	bad = append(bad, judge.CheckManifest(set, subs)...)
	// A manifest's errors in the order of its lines, whichever pass found
	// them.
	slices.SortStableFunc(bad, func(a, b error) int {
		line := func(err error) int {
			if r := (*judge.RowError)(nil); errors.As(err, &r) {
				return r.Line
			}
			return 0
		}
		return cmp.Compare(line(a), line(b))
	})
	for _, err := range bad {
		// Names are printed one line each, whatever bytes they hold.
		fmt.Fprintln(con.Stderr, text.Printable(err.Error()))
	}
	if len(bad) > 0 {
		return status.Said(status.Failed)
	}
	return nil
}

// refuseNothing refuses a judging of nothing (judge.Nothing: an empty
// directory, a team's folder given for the submissions dir). Its warnings
// say why each file is not judged, unless dir is a team's folder: then
// they are all the one mistake the refusal names.
func refuseNothing(con Console, set *problems.Set, subs []judge.Submission, errs []error, dir string) error {
	var empty *judge.Empty
	if !errors.As(judge.Nothing(set, subs, dir), &empty) {
		return nil
	}
	if empty.Parent == "" {
		for _, w := range slices.Concat(errs, empty.Warnings) {
			con.errorf("warning: %s", text.Printable(w.Error()))
		}
	}
	return fmt.Errorf("judge: %w", empty)
}

// sayJudgeErrors prints a line for each judge error (JE) of r, one for
// each test at fault of a problem with tests (or one for the attempt, when
// every test of it is JE for one reason), and reports whether there
// was one: the command then fails, as the ground truth of a problem could
// not be had.
func sayJudgeErrors(con Console, r judge.Report) (found bool, err error) {
	err = r.EachTeam(func(rs []judge.Result) error {
		for _, res := range rs {
			rows := res.Rows()
			if len(rows) > 1 && !slices.ContainsFunc(rows, func(t judge.Result) bool { return t.Verdict != judge.JE || t.Message != rows[0].Message }) {
				// The whole attempt, every test for one reason: one line.
				rows = []judge.Result{rows[0]}
				rows[0].Test = ""
			}
			for _, row := range rows {
				if row.Verdict == judge.JE {
					con.errorf("judge error: team %s, problem %s: %s", text.Printable(row.Team), row.Ref(), row.Message)
					found = true
				}
			}
		}
		return nil
	})
	return found, err
}

// loadSubmissions reads a submissions directory, or a CSV manifest when
// path names a file. The error, when path is neither, names it; errs are
// what could not be read, and the *judge.Stray files (hidden ones too).
func loadSubmissions(path string) (subs []judge.Submission, errs []error, err error) {
	fi, err := os.Stat(path)
	var pe *fs.PathError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil, fmt.Errorf("submissions %s: no such directory or manifest", text.Printable(path))
	case errors.As(err, &pe):
		return nil, nil, fmt.Errorf("submissions %s: %w", text.Printable(path), pe.Err)
	case err != nil:
		return nil, nil, err
	case !fi.IsDir():
		subs, errs = judge.LoadManifest(path)
	default:
		subs, errs = judge.LoadSubmissions(path)
	}
	return subs, errs, nil
}

// checkCCSIDs refuses, before any judging, teams and problems whose names
// cannot be ids in the Contest API files asked for (see
// report.CheckCCSIDs).
func checkCCSIDs(req JudgeRequest, set *problems.Set, subs []judge.Submission) error {
	var teams []string
	seen := map[string]bool{}
	for _, s := range subs {
		if !seen[s.Team] {
			seen[s.Team] = true
			teams = append(teams, s.Team)
		}
	}
	if err := req.outputs().checkIDs(teams, setIDs(set)); err != nil {
		return fmt.Errorf("judge: %w", err)
	}
	return nil
}

// setIDs returns the ids of the problems of set, in its order.
func setIDs(set *problems.Set) []string {
	var ids []string
	for _, p := range set.Problems {
		ids = append(ids, p.ID)
	}
	return ids
}

// outputs are the files req asks for beside the printed report.
func (req JudgeRequest) outputs() outputs {
	return outputs{Scoreboard: req.Scoreboard, Awards: req.Awards, ResultsTSV: req.ResultsTSV, Medals: req.Medals,
		HTML: req.HTML, PublicHTML: req.PublicHTML, OnePage: req.OnePage, Replace: req.Replace}
}

// pictures gives the HTML report the placements teams submitted, read again
// from their files (path gives a file's absolute path); problem is an id,
// or ID/TEST for a test of a problem with tests.
func pictures(set *problems.Set, path func(file string) string) report.Pictures {
	return func(team, problem, file string) (solver.Problem, solver.Placement, bool) {
		p, ok := set.Case(problem)
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

// judgeContest answers the problems of set whose every answer needs the
// ground truth (from the cache or solved: see needingTruth) and judges
// subs against them; the truth of a placement problem is had (and solved)
// only if an answer to it is none (see truth.Source.For). A signal on the
// way is a said interruption: unread answers would be judged JE "judging
// stopped", so nothing of a judging cut short is printed or kept; the
// ground truth solved so far is kept, and the judging is cheap to run
// again.
func judgeContest(ctx context.Context, con Console, command string, src *truth.Source, set *problems.Set, subs []judge.Submission, maxBytes int64) (judge.Report, error) {
	var results []judge.Result
	r, err := judgeTeams(ctx, con, command, src, set, subs, maxBytes, func(rs []judge.Result) error {
		results = append(results, rs...)
		return nil
	})
	r.Results = results
	return r, err
}

// judgeTeams is judgeContest giving each team's results to each as they
// are judged (see judge.JudgeTeams), the report without them.
func judgeTeams(ctx context.Context, con Console, command string, src *truth.Source, set *problems.Set, subs []judge.Submission, maxBytes int64, each func([]judge.Result) error) (judge.Report, error) {
	if outs := src.Solve(ctx, []*problems.Set{needingTruth(set)}); ctx.Err() != nil {
		return judge.Report{}, interrupted(ctx, con, command, outs)
	}
	judged, err := judge.JudgeTeams(ctx, set, subs, src.For(set), judge.Limits{MaxBytes: maxBytes}, each)
	if ctx.Err() != nil {
		con.errorf("interrupted: nothing judged is printed or kept; run %s again", command)
		return judge.Report{}, stopped(ctx)
	}
	return judged, err
}

// needingTruth returns set with only the problems whose every answer
// needs the ground truth (judge.NeedsTruth of one of its cases): what
// judge and regrade solve before they judge. A placement problem is left
// to the judging, which asks for its truth only for an answer none.
func needingTruth(set *problems.Set) *problems.Set {
	out := *set
	out.Problems = nil
	for _, p := range set.Problems {
		if slices.ContainsFunc(p.Cases(), func(c problems.Problem) bool { return judge.NeedsTruth(c.Problem) }) {
			out.Problems = append(out.Problems, p)
		}
	}
	return &out
}

// keptFile is what a judgement keeps of its submission beside the verdict:
// where its file is, and the bytes judged.
type keptFile struct {
	path, root string
	taken      taken
}

// judgements returns the judgements to keep of rs, judged at now, one for
// each attempt at a problem without tests and one for each test of an
// attempt at a problem with tests, kept under the problem "ID/TEST" (ids
// and test names never hold a '/'); rs must come from judge.Contest or
// judge.JudgeTeams (a result's Index is its submission's place in the
// submissions, which is what tells two attempts with the same file
// apart), and of(i, row) gives what is kept of the file of submission i
// that row judged (one of its folder's, for a test). A test the
// folder had no file for (or two, neither judged) is kept as NO with no
// bytes and no digest, its File the folder: regrade leaves it out of the
// folder again. Kept, they replace what the cache held for the same teams'
// attempts at the same problems (and their tests).
func judgements(set *problems.Set, rs []judge.Result, now time.Time, of func(i int, row judge.Result) keptFile) ([]store.Attempt, error) {
	var js []store.Attempt
	for _, res := range rs {
		if res.Index < 0 {
			return js, fmt.Errorf("keep judgements: team %s, problem %s, attempt %d: no submission %d", res.Team, res.Problem, res.Attempt, res.Index)
		}
		for _, row := range res.Rows() {
			k := of(res.Index, row)
			p, _ := set.Case(row.Ref())
			js = append(js, store.Attempt{
				Set: set.Name, Team: row.Team, Problem: row.Ref(), File: row.File, Attempt: res.Attempt,
				Time: res.Time, Timed: res.Timed, Path: k.path, Root: k.root,
				Answer: k.taken.answer, Digest: k.taken.digest,
				Key:     truth.Key(p.Problem),
				Verdict: string(row.Verdict), Message: row.Message, TeamMessage: row.TeamMessage, JudgedAt: now,
			})
		}
	}
	return js, nil
}

// taken is what was read of a submission's file in one opening: the
// SHA-256 of all its bytes, and the bytes when at most
// store.MaxKeptAnswer. ok is false when it was not opened, or could not be
// opened or read to its end; tried is true when an opening was tried.
type taken struct {
	ok, tried bool
	digest    string
	answer    []byte // nil when larger than store.MaxKeptAnswer
}

// or returns t, or when the judging never tried to open the file (no
// ground truth, so no judging), what open gives now, read whole.
func (t taken) or(open func() (io.ReadCloser, error)) taken {
	if t.tried || open == nil {
		return t
	}
	var now taken
	rc, err := tapOpen(open, func(t taken) { now = t })()
	if err != nil {
		return taken{}
	}
	rc.Close() // reads the rest, and records it
	return now
}

// took is what was read of one submission: of its file, or of each of
// its folder's files (parts[k] of its Parts, or of listed: the files of a
// folder listed as it is judged, with their Open tapped).
type took struct {
	file   taken
	parts  []taken
	listed []judge.Part
}

// tapped returns subs with each Open (and each Open of a folder's files,
// given or listed) made to record what is read through it into took[i]:
// the digest of the whole file and its bytes when small (see tapReader).
// The judging reads each file once; what it read is then exactly what is
// kept, never the file as it is later. Each took[i] is written by the
// goroutine that judges submission i, and is read once that submission
// is judged.
func tapped(subs []judge.Submission) ([]judge.Submission, []took) {
	out := slices.Clone(subs)
	tk := make([]took, len(subs))
	for i := range out {
		if out[i].Open != nil {
			out[i].Open = tapOpen(out[i].Open, func(t taken) { tk[i].file = t })
		}
		if out[i].Parts != nil {
			out[i].Parts = tapParts(out[i].Parts, &tk[i])
		}
		if list := out[i].List; list != nil {
			out[i].List = func() ([]judge.Part, []error, error) {
				parts, strays, err := list()
				tk[i].listed = tapParts(parts, &tk[i])
				return tk[i].listed, strays, err
			}
		}
	}
	return out, tk
}

// tapParts returns a copy of parts with each Open tapped into tk.parts.
func tapParts(parts []judge.Part, tk *took) []judge.Part {
	parts = slices.Clone(parts)
	tk.parts = make([]taken, len(parts))
	for k := range parts {
		if parts[k].Open != nil {
			parts[k].Open = tapOpen(parts[k].Open, func(t taken) { tk.parts[k] = t })
		}
	}
	return parts
}

// tapOpen wraps open: what it opens is read through a tapReader, which
// gives done what was read when it is closed.
func tapOpen(open func() (io.ReadCloser, error), done func(taken)) func() (io.ReadCloser, error) {
	return func() (io.ReadCloser, error) {
		rc, err := open()
		if err != nil {
			done(taken{tried: true})
			return nil, err
		}
		return &tapReader{rc: rc, h: sha256.New(), buf: []byte{}, done: done}, nil
	}
}

// tapReader hashes every byte read through it and keeps them while they
// are at most store.MaxKeptAnswer. Close reads what the reader left (a
// judging stops at the first error) so the digest is of the whole file, as
// this one opening read it. Stat is the file's, so that judge still finds
// a file too large by its size, unread.
type tapReader struct {
	rc   io.ReadCloser
	h    hash.Hash
	buf  []byte // nil once more than store.MaxKeptAnswer was read
	err  error
	done func(taken)
}

func (t *tapReader) Read(p []byte) (int, error) {
	n, err := t.rc.Read(p)
	t.note(p[:n])
	if err != nil && err != io.EOF {
		t.err = err
	}
	return n, err
}

func (t *tapReader) note(b []byte) {
	t.h.Write(b)
	if t.buf != nil {
		if len(t.buf)+len(b) > store.MaxKeptAnswer {
			t.buf = nil
		} else {
			t.buf = append(t.buf, b...)
		}
	}
}

// readBuffers are the buffers tapReader.Close reads the rest of a file
// with: a judging has read most files to their end already, and a buffer
// made for each file closed was most of what a large contest allocated.
var readBuffers = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

// Stat is the file's Stat, when it has one.
func (t *tapReader) Stat() (fs.FileInfo, error) {
	if f, ok := t.rc.(interface{ Stat() (fs.FileInfo, error) }); ok {
		return f.Stat()
	}
	return nil, errors.New("not a file")
}

func (t *tapReader) Close() error {
	if t.done != nil {
		bp := readBuffers.Get().(*[]byte)
		for t.err == nil {
			n, err := t.rc.Read(*bp)
			t.note((*bp)[:n])
			if err == io.EOF {
				break
			}
			t.err = err
		}
		readBuffers.Put(bp)
		tk := taken{tried: true}
		if t.err == nil {
			tk = taken{ok: true, tried: true, digest: hex.EncodeToString(t.h.Sum(nil)), answer: t.buf}
		}
		t.done(tk)
		t.done = nil
	}
	return t.rc.Close()
}
