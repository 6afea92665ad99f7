package app

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/queensjudge/queensjudge/internal/text"
	"github.com/queensjudge/queensjudge/internal/truth"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/store"
)

// regradePlan is a regrade of the judgements judge kept for a set, in the
// steps Regrade takes: which kept attempts are opened again and which keep
// their verdicts (newRegradePlan), the judging (judgeAgain), the bytes
// judged compared with those judge kept (compare), the contest judged
// again beside the contest kept (rejudged, changes), and the judgements
// kept again (keep). A judgement that
// cannot be judged again as judge judged it keeps its verdict, and is
// named on stderr (sayNotJudged).
type regradePlan struct {
	set      *problems.Set
	kept     []store.Attempt
	attempts []keptAttempt
	// subs are the submissions judged again: subs[i] is attempts[at[i]],
	// and took[i] what the judging read of it. sub is at the other way:
	// by attempt, its place in subs.
	subs []judge.Submission
	at   []int
	took []took
	sub  map[int]int
	// results are the attempts' results, each with Index its place in
	// attempts: what is not judged again as kept, as it is found, and
	// what is, as judged.
	results []judge.Result
	// skipped holds the places in kept of the judgements that are not
	// judged again; notJudged says why, in the order found, of which the
	// first said were printed.
	skipped   map[int]bool
	notJudged []notJudged
	said      int
}

// notJudged is a kept judgement that is not judged again, and why.
type notJudged struct {
	k   int // its place in kept
	why string
}

// newRegradePlan plans the regrade of kept, the judgements judge kept of
// set: each attempt is opened again as judge judged it (see
// keptSubmission), the files of a folder one by one. An attempt whose file
// cannot be keeps its result; a test whose file cannot is left out of its
// folder and keeps its verdict, and a test the folder had no file for is
// left out again.
func newRegradePlan(set *problems.Set, kept []store.Attempt) *regradePlan {
	p := &regradePlan{set: set, kept: kept, attempts: keptAttempts(kept), sub: map[int]int{}, skipped: map[int]bool{}}
	var subs []judge.Submission
	for a := range p.attempts {
		s, ok := p.reopen(a)
		if !ok {
			continue
		}
		p.sub[a] = len(subs)
		subs = append(subs, s)
		p.at = append(p.at, a)
	}
	p.subs, p.took = tapped(subs)
	return p
}

// reopen returns the submission of attempts[a] as judge judged it, or
// false when it is not judged again (its kept result then stands).
func (p *regradePlan) reopen(a int) (judge.Submission, bool) {
	att := p.attempts[a]
	if att.byTest == nil {
		s, why := keptSubmission(p.kept[att.rows[0]])
		if why != "" {
			p.keepResult(a, why)
			return s, false
		}
		return s, true
	}
	first := p.kept[att.rows[0]]
	id, _, _ := strings.Cut(first.Problem, "/")
	s := judge.Submission{Team: first.Team, Problem: id, Time: first.Time, Timed: first.Timed,
		File: att.folder, Dir: true, Parts: []judge.Part{}}
	for _, k := range att.rows {
		old := p.kept[k]
		if absentTest(old) {
			continue // no file, or two: none again
		}
		ks, why := keptSubmission(old)
		if why != "" {
			p.skip(k, why)
			continue
		}
		_, test, _ := strings.Cut(old.Problem, "/")
		s.Parts = append(s.Parts, judge.Part{Name: test, File: old.File, Open: ks.Open})
	}
	return s, true
}

// skip marks kept[k] as not judged again, for why: its verdict stays.
func (p *regradePlan) skip(k int, why string) {
	p.skipped[k] = true
	p.notJudged = append(p.notJudged, notJudged{k: k, why: why})
}

// keepResult is skip for attempts[a], an attempt at a problem without
// tests: its kept result stands for the attempt.
func (p *regradePlan) keepResult(a int, why string) {
	k := p.attempts[a].rows[0]
	p.skip(k, why)
	r := keptResult(p.kept[k])
	r.Index = a
	p.results = append(p.results, r)
}

// sayNotJudged prints a line on stderr for each judgement found not to be
// judged again since it was last called.
func (p *regradePlan) sayNotJudged(con Console) {
	for _, n := range p.notJudged[p.said:] {
		old := p.kept[n.k]
		con.errorf("regrade: team %s, problem %s, file %s: not judged again, its %s stays: %s",
			text.Printable(old.Team), old.Problem, text.Printable(old.File), old.Verdict, text.Printable(n.why))
	}
	p.said = len(p.notJudged)
}

// judgeAgain judges the plan's submissions against the ground truth of the
// set as it is now: solved and stored as judge does, or in a dry run
// solved and forgotten (see judgeDry).
func (p *regradePlan) judgeAgain(ctx context.Context, con Console, cache *truth.Cache, opt truth.Options, req RegradeRequest) (judge.Report, error) {
	if req.DryRun {
		return judgeDry(ctx, con, cache, opt, p.set, p.subs, req.MaxBytes)
	}
	return judgeContest(ctx, con, "regrade", cache.Source(opt), p.set, p.subs, req.MaxBytes)
}

// compare takes the results of r, the judging of the plan's submissions,
// as the attempts' results, where the bytes judged are those judge kept
// (see changedSince). Where they are not, or for a test not judged again,
// the kept result stands instead; a test the attempt was not judged on
// before keeps its new result.
func (p *regradePlan) compare(r judge.Report) {
	for _, rr := range r.Results {
		i := rr.Index
		a := p.at[i]
		att := p.attempts[a]
		if att.byTest == nil {
			if why := changedSince(p.kept[att.rows[0]], p.took[i].file); why != "" {
				p.keepResult(a, why)
				continue
			}
			rr.Index = a
			p.results = append(p.results, rr)
			continue
		}
		rr.Tests = slices.Clone(rr.Tests) // r's stay as judged, for sayJudgeErrors
		for t := range rr.Tests {
			p.compareTest(i, &rr.Tests[t])
		}
		rr.Index = a
		p.results = append(p.results, rr)
	}
}

// compareTest is compare for tr, the result of a test of subs[i].
func (p *regradePlan) compareTest(i int, tr *judge.Result) {
	k, ok := p.attempts[p.at[i]].byTest[tr.Test]
	if !ok {
		return // a test the attempt was not judged on before
	}
	if !p.skipped[k] {
		if why := changedSince(p.kept[k], p.read(i, tr.Test)); why != "" {
			p.skip(k, why)
		}
	}
	if p.skipped[k] {
		old := keptResult(p.kept[k])
		old.Test, old.Group, old.Sample = tr.Test, tr.Group, tr.Sample
		*tr = old
	}
}

// read is what the judging read of subs[i]: its file, or for a folder the
// file of test (the zero taken when the folder has none).
func (p *regradePlan) read(i int, test string) taken {
	if p.attempts[p.at[i]].byTest == nil {
		return p.took[i].file
	}
	if pk := slices.IndexFunc(p.subs[i].Parts, func(pt judge.Part) bool { return pt.Name == test }); pk >= 0 {
		return p.took[i].parts[pk]
	}
	return taken{}
}

// changedSince says why the bytes judged again, tk, cannot stand for the
// kept judgement old, or "" when they can: they are the bytes judge
// judged, or they were never read (judged JE unopened, with no ground
// truth), or judge kept no digest to compare them with.
func changedSince(old store.Attempt, tk taken) string {
	switch {
	case tk.tried && !tk.ok:
		// Opened with judge's checks a moment before: it went, or
		// changed into something that cannot be read.
		return "its file could not be opened or read to its end again"
	case tk.ok && old.Digest != "" && tk.digest != old.Digest:
		why := "its file changed since it was judged"
		if old.Answer != nil {
			why = "the answer the cache kept is not the one judged (its SHA-256 differs)"
		}
		return fmt.Sprintf("%s (SHA-256 %s, judged %s)", why, tk.digest[:12], old.Digest[:12])
	}
	return ""
}

// rejudged is the contest judged again (the plan's results, with the
// warnings of r, its judging) beside the contest as the cache kept it:
// the standings that change, the verdicts that change, and the team of
// each such verdict, as judged.
func (p *regradePlan) rejudged(r judge.Report) (RegradeResult, []string) {
	// The results again in a report of the set: the attempts numbered, the
	// attempts at problems with tests scored from their tests, and the
	// scoreboard ranked with the verdicts kept beside the new ones.
	report := judge.NewReport(p.set, p.results)
	report.Warnings = r.Warnings
	before := keptReport(p.set, p.kept, p.attempts)
	res := RegradeResult{Report: report, Before: before, Standings: standings(before, report)}
	var teams []string
	res.Changes, teams = p.changes(report)
	return res, teams
}

// changes are the verdicts of report, the contest judged again, that
// differ from those kept, as printed, and the team of each as judged.
// Only a verdict that changes is listed: a WA that stays WA with another
// message (a new expected count) is not a change of the contest, though
// its new message is kept.
func (p *regradePlan) changes(report judge.Report) (cs Changes, teams []string) {
	for _, rr := range report.Results {
		att := p.attempts[rr.Index]
		for _, row := range rr.Rows() {
			was := ""
			if k, ok := att.row(row.Test); ok {
				was = p.kept[k].Verdict
			}
			if was == string(row.Verdict) {
				continue
			}
			// Printed as judge prints them: one line of valid UTF-8
			// each, whatever the team's file names hold.
			teams = append(teams, row.Team)
			cs = append(cs, Change{Team: text.Printable(row.Team), Problem: row.Ref(),
				File: text.Printable(row.File), Was: was, Now: string(row.Verdict), Message: row.Message,
				Truth: truthWord(row.WithoutTruth)})
		}
	}
	return cs, teams
}

// keep keeps the judgements of report, the contest judged again, in place
// of those the cache held: what was judged again with the bytes judged,
// and what was not as judge kept it.
func (p *regradePlan) keep(ctx context.Context, cache *truth.Cache, report judge.Report) error {
	js, err := judgements(p.set, report.Results, time.Now().UTC(), p.keptFile)
	if err != nil {
		return err
	}
	for i, k := range p.keptRows(report) {
		if k >= 0 && p.skipped[k] {
			old := p.kept[k]
			old.Attempt = js[i].Attempt
			js[i] = old
		}
	}
	return cache.Keep(ctx, js)
}

// keptFile is what is kept of the file of row, a row of attempts[a]: the
// bytes the judging read, or what judge kept when it read none (judged JE
// unopened, with no ground truth, or not judged again). A test judged for
// the first time, which has no file, keeps its folder.
func (p *regradePlan) keptFile(a int, row judge.Result) keptFile {
	att := p.attempts[a]
	k, ok := att.row(row.Test)
	if !ok {
		return keptFile{path: att.folderPath, root: p.kept[att.rows[0]].Root} // no file: nothing read
	}
	old := p.kept[k]
	var tk taken
	if i, judged := p.sub[a]; judged {
		tk = p.read(i, row.Test)
	}
	if !tk.ok {
		// Judged JE unopened (no ground truth), or no file: what judge
		// took.
		tk = taken{ok: true, digest: old.Digest, answer: old.Answer}
	}
	return keptFile{path: old.Path, root: old.Root, taken: tk}
}

// keptRows gives the place in kept of each row of report (its results'
// Rows, in order), or -1 for a test judged for the first time.
func (p *regradePlan) keptRows(report judge.Report) []int {
	var out []int
	for _, rr := range report.Results {
		att := p.attempts[rr.Index]
		for _, row := range rr.Rows() {
			k, ok := att.row(row.Test)
			if !ok {
				k = -1
			}
			out = append(out, k)
		}
	}
	return out
}

// keptAttempt is one attempt that judge kept: the places in the kept
// judgements of its rows, one for a problem without tests (byTest nil),
// one per test for a problem with tests, by test name.
type keptAttempt struct {
	rows   []int
	byTest map[string]int
	// folder is, for a problem with tests, the folder the attempt was
	// judged from (relative, as File), and folderPath its absolute path.
	folder, folderPath string
}

// row returns the place in the kept judgements of the attempt's row for
// test: its only one for a problem without tests, whatever test is; false
// for a test it was not judged on.
func (att keptAttempt) row(test string) (int, bool) {
	if att.byTest == nil {
		return att.rows[0], true
	}
	k, ok := att.byTest[test]
	return k, ok
}

// keptAttempts groups the kept judgements by attempt: a judgement of a test
// (kept under the problem ID/TEST) with the other tests of its team's
// attempt of the same number at the problem.
func keptAttempts(kept []store.Attempt) []keptAttempt {
	var out []keptAttempt
	index := map[[3]string]int{} // by team, problem id and attempt
	for k, j := range kept {
		id, test, isTest := strings.Cut(j.Problem, "/")
		if !isTest {
			out = append(out, keptAttempt{rows: []int{k}})
			continue
		}
		key := [3]string{j.Team, id, strconv.Itoa(j.Attempt)}
		a, ok := index[key]
		if !ok {
			a = len(out)
			index[key] = a
			out = append(out, keptAttempt{byTest: map[string]int{}})
		}
		att := &out[a]
		att.rows = append(att.rows, k)
		att.byTest[test] = k
		switch {
		case !absentTest(j) && (att.folder == "" || absentTest(kept[att.rows[0]])):
			att.folder, att.folderPath = path.Dir(j.File), filepath.Dir(j.Path)
		case att.folder == "":
			att.folder, att.folderPath = j.File, j.Path
		}
	}
	return out
}

// absentTest reports whether j is the judgement of a test that its folder
// had no file for (or two, neither judged): NO, and no bytes judged (an
// empty file judged NO has the digest of no bytes).
func absentTest(j store.Attempt) bool {
	return strings.Contains(j.Problem, "/") && j.Verdict == string(judge.NO) && j.Digest == ""
}

// keptResult is the result judge kept in j, for what is not judged again.
func keptResult(j store.Attempt) judge.Result {
	id, test, _ := strings.Cut(j.Problem, "/")
	return judge.Result{Team: j.Team, Problem: id, Test: test, Time: j.Time, Timed: j.Timed, File: j.File,
		Verdict: judge.Verdict(j.Verdict), Message: j.Message, TeamMessage: j.TeamMessage}
}

// keptSubmission is a submission as judge kept it: its answer from the
// cache when it was small enough to keep, else its file, opened inside the
// directory it was judged in with judge's checks (judge.OpenInside); the
// digest of what is read is compared with the kept one after the judging.
// why, when not "", says why it cannot be judged again.
func keptSubmission(k store.Attempt) (s judge.Submission, why string) {
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
