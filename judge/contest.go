package judge

import (
	"cmp"
	"context"
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/queensjudge/queensjudge/internal/pool"
	"github.com/queensjudge/queensjudge/internal/text"
	"github.com/queensjudge/queensjudge/problems"
)

// Result is the judgement of one submission: of one attempt at a problem,
// or, in an attempt's Tests, of its answer to one test.
type Result struct {
	Team    string
	Problem string
	Verdict Verdict
	// Message is for the judges; TeamMessage never reveals the answer.
	Message     string
	TeamMessage string
	// Points are the points the result earns on the scoreboard: the
	// attempt's Score on the team's first attempt at the problem that
	// reaches the team's best score on it, 0 on every other. For a problem
	// without tests that is its points on the first accepted attempt.
	Points int
	// Score is what the attempt scores: for a problem with groups the
	// points of the groups whose every test is AC; for one without, its
	// points when the attempt is AC, else 0.
	Score int
	// Time is when it was submitted, from the contest start; meaningful
	// only when Timed.
	Time  time.Duration
	Timed bool
	// Attempt is the 1-based place of the result among the team's attempts
	// at the problem: by time, untimed ones last, then by Index (a
	// manifest's row order), then by file (see NewReport).
	Attempt int
	// File is the answer's file, or for an attempt at a problem with tests
	// its folder.
	File string
	// Index is the place in the submissions given to Contest of the one
	// judged: what ties a result to its submission when one file is sent
	// twice, and what orders attempts at the same time (see NewReport).
	// Meaningful only in a Report from Contest, or from NewReport given
	// results that set it (regrade).
	Index int
	// Squares are the chess names of the squares at fault, and Line the
	// line of the answer at fault (0 when none).
	Squares []string
	Line    int
	// WithoutTruth is true when the verdict was reached without the
	// ground truth (see Judgement.WithoutTruth): on an attempt at a
	// problem with tests, when every test's was.
	WithoutTruth bool

	// Test names the test a result in an attempt's Tests is for; "" on an
	// attempt. Group is its group ("" for a sample, or in a problem
	// without groups) and Sample says it is a sample.
	Test   string
	Group  string
	Sample bool
	// Tests are, for an attempt at a problem with tests, the results of its
	// tests in the problem's order, one for every test (a test the folder
	// has no file for is NO); nil for a problem without tests. Each holds
	// the attempt's Team, Problem, Time, Attempt, Index, Points and Score,
	// and its own verdict, messages, File, Squares and Line. The attempt's
	// verdict and messages are its first failing test's that counts: a
	// sample of a problem with groups does not (see NewReport).
	Tests []Result
	// Groups are, for an attempt at a problem with groups, the points it
	// earns in each group, in the problem's order.
	Groups []GroupScore
}

// GroupScore is what one attempt earns in one group of tests.
type GroupScore struct {
	Name string
	// Points is what the attempt earns: Of when every test of the group
	// is AC, else 0.
	Points, Of int
}

// Minutes returns the minutes from the contest start, rounded down, as
// scoreboards count them.
func (r Result) Minutes() int64 { return int64(r.Time / time.Minute) }

// Ref names what r judged: its problem, or "PROBLEM/TEST" for a test.
func (r Result) Ref() string {
	if r.Test == "" {
		return r.Problem
	}
	return r.Problem + "/" + r.Test
}

// Rows returns the results of r one per judged answer: r itself for a
// problem without tests, else its Tests.
func (r Result) Rows() []Result {
	if r.Tests == nil {
		return []Result{r}
	}
	return r.Tests
}

// Contest judges subs against the ground truth of set's problems that truths
// gives, and ranks the teams.
//
// A submission is matched to a problem by its Problem, except that one
// loaded by LoadSubmissions is matched by its whole file name first, since
// an id may hold a '.' (the file "q1.5" answers "q1.5", not "q1"). A
// submission for no problem of the set is a warning, a *Stray. Two or more
// files that LoadSubmissions found in one team's folder for one problem
// (x.txt and x.old, or x.txt~) are a warning, a *Doubled, and none of them
// is judged: the team has no attempt at the problem until the organiser
// keeps one file. Submissions from a manifest are attempts, and any number
// of them may answer one problem.
//
// A problem with tests is answered by a folder (Submission.Dir) with a file
// per test, matched to a test by its whole name first, then without its
// extension. Each test is judged on its own; a test with no file is NO, a
// file for no test is a *Stray, and two files for one test are a *Doubled
// and the test is NO, neither judged. A file in a team's folder for a
// problem with tests, or a folder for a problem without, is a *Stray; in
// a manifest either is an attempt judged JE.
//
// truths is asked at most once per problem, or once per test of a problem
// with tests, and only when an answer needs the truth (see NeedsTruth and
// JudgeLazily): an answer to a placement problem whose m is given is judged
// by the checker alone unless it is none, so a valid placement is AC, and
// an invalid one WA, even where the truth cannot be had; none is then JE.
// A Result's WithoutTruth says which verdicts did not need the truth. The
// asks come one at a time, from the goroutines that judge the answers, on
// GOMAXPROCS goroutines. A file larger than lim.MaxBytes is PE unread.
func Contest(ctx context.Context, set *problems.Set, subs []Submission, truths Truths, lim Limits) Report {
	var results []Result
	r, _ := JudgeTeams(ctx, set, subs, truths, lim, func(rs []Result) error { // never fails
		results = append(results, rs...)
		return nil
	})
	r.Results = results
	return r
}

// JudgeTeams judges subs as Contest does, one team after another in the
// order of their names, and gives each team's results to each as soon as
// they are judged and scored, in the order of Report.Results: only a few
// teams' results are held at a time, whatever the contest's size. each is
// called on a goroutine of the judging's, one call at a time, and may not
// keep rs: it is cleared once each returns. The report it returns has no
// Results (the caller keeps what each was given: see Report.Held), but
// its Scoreboard, Tally and Warnings. An error of each stops the judging,
// and is returned.
func JudgeTeams(ctx context.Context, set *problems.Set, subs []Submission, truths Truths, lim Limits, each func(rs []Result) error) (Report, error) {
	lim = lim.withDefaults()
	jobs, warnings := plan(set, subs)
	teams := byTeam(jobs)
	cases := map[string][]problems.Problem{} // of each problem with tests, made once
	for _, p := range set.Problems {
		if p.HasTests() {
			cases[p.ID] = p.Cases()
		}
	}
	ask := &asker{truths: truths, got: map[string]ground{}}
	workers := min(runtime.GOMAXPROCS(0), max(len(jobs), 1))
	j := newJudging(jobs, teams, 2*workers+2)
	s := newScorer(set)
	var board []Standing
	var tally Tally
	var err error
	pool.Run(workers+1, nil, func(w int) {
		if w > 0 {
			j.work(func(k int) (Result, []error) { return judgeJob(ctx, jobs[k], cases[jobs[k].prob.ID], ask.of, lim) })
			return
		}
		defer j.halt()
		for t, tj := range teams {
			rs, ok := j.wait(t)
			if !ok {
				return
			}
			for k := tj.first; k < tj.end; k++ {
				for _, w := range j.notes[k] {
					warnings = append(warnings, noted{jobs[k].index, w})
				}
			}
			board = append(board, s.team(rs))
			tally.Add(rs)
			if err = each(rs); err != nil {
				return
			}
			j.given(t, rs)
		}
	})
	if err != nil {
		return Report{}, err
	}
	r := s.report(board)
	r.Tally, r.Warnings = tally, inOrder(warnings)
	return r, nil
}

// byTeam sorts jobs by team name, keeping the planned order within a
// team, and returns each team's run of them.
func byTeam(jobs []job) []teamJobs {
	slices.SortStableFunc(jobs, func(a, b job) int { return cmp.Compare(a.sub.Team, b.sub.Team) })
	var teams []teamJobs
	for k, j := range jobs {
		if len(teams) == 0 || teams[len(teams)-1].name != j.sub.Team {
			teams = append(teams, teamJobs{name: j.sub.Team, first: k})
		}
		teams[len(teams)-1].end = k + 1
	}
	return teams
}

// teamJobs are the jobs of one team: jobs[first:end] once sorted by team.
type teamJobs struct {
	name       string
	first, end int
}

// ground is the truth of a case, or why it cannot be had.
type ground struct {
	truth Truth
	err   error
}

// asker asks truths for the truth of a case when an answer first needs it
// (see NeedsTruth), one ask at a time, and keeps it for the other answers.
type asker struct {
	truths Truths
	mu     sync.Mutex
	got    map[string]ground // by case, Ref
}

// of returns what gives the truth of c.
func (a *asker) of(c problems.Problem) func(context.Context) (Truth, error) {
	return func(ctx context.Context) (Truth, error) {
		a.mu.Lock()
		defer a.mu.Unlock()
		g, ok := a.got[c.Ref()]
		if !ok {
			g.truth, g.err = a.truths.Truth(ctx, c)
			a.got[c.Ref()] = g
		}
		return g.truth, g.err
	}
}

// judging hands out the jobs of a contest to the workers, in order, and
// its teams to the goroutine that gives them, each once all its jobs are
// done. The workers stay at most window teams ahead of the last team
// given: that bounds the results held.
type judging struct {
	mu      sync.Mutex
	cond    *sync.Cond
	teams   []teamJobs
	teamOf  []int // by job
	results []Result
	notes   [][]error // by job: the warnings of a folder listed as it is judged
	left    []int     // jobs not yet done, by team
	next    int       // the next job to take
	window  int
	ahead   int  // the team from which the workers may take no job
	stopped bool // no job is taken any more
}

func newJudging(jobs []job, teams []teamJobs, window int) *judging {
	j := &judging{teams: teams, teamOf: make([]int, len(jobs)), results: make([]Result, len(jobs)),
		notes: make([][]error, len(jobs)), left: make([]int, len(teams)), window: window, ahead: window}
	j.cond = sync.NewCond(&j.mu)
	for t, tj := range teams {
		j.left[t] = tj.end - tj.first
		for k := tj.first; k < tj.end; k++ {
			j.teamOf[k] = t
		}
	}
	return j
}

// work judges jobs with judge until there are none left, or the judging
// is halted.
func (j *judging) work(judge func(k int) (Result, []error)) {
	done := false
	defer func() {
		if !done { // a panic: the giver must not wait for this worker's job
			j.halt()
		}
	}()
	for {
		j.mu.Lock()
		for !j.stopped && j.next < len(j.results) && j.teamOf[j.next] >= j.ahead {
			j.cond.Wait()
		}
		if j.stopped || j.next >= len(j.results) {
			j.mu.Unlock()
			done = true
			return
		}
		k := j.next
		j.next++
		j.mu.Unlock()
		res, notes := judge(k)
		j.mu.Lock()
		j.results[k], j.notes[k] = res, notes
		j.left[j.teamOf[k]]--
		j.cond.Broadcast()
		j.mu.Unlock()
	}
}

// wait waits until every job of team t is done and returns its results;
// ok is false when the judging was halted first.
func (j *judging) wait(t int) (rs []Result, ok bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	for j.left[t] > 0 && !j.stopped {
		j.cond.Wait()
	}
	tj := j.teams[t]
	return j.results[tj.first:tj.end], j.left[t] == 0
}

// given lets go of the results rs of team t, given: the workers may go a
// team further.
func (j *judging) given(t int, rs []Result) {
	j.mu.Lock()
	defer j.mu.Unlock()
	clear(rs)
	clear(j.notes[j.teams[t].first:j.teams[t].end])
	j.ahead = t + 1 + j.window
	j.cond.Broadcast()
}

// halt stops the judging: no job is taken after it.
func (j *judging) halt() {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.stopped = true
	j.cond.Broadcast()
}

// judgeJob judges one job: a submission to a problem without tests, or a
// folder with a file per test, cases its problem's (problems.Problem.Cases). A panic judging it (a bug, met on some
// team's odd file) is the attempt's JE, which names it, and the rest of
// the contest is judged: the command then fails, as on any JE.
func judgeJob(ctx context.Context, j job, cases []problems.Problem, truthOf func(problems.Problem) func(context.Context) (Truth, error), lim Limits) (res Result, warnings []error) {
	defer func() {
		if v := recover(); v != nil {
			f := keyError("internal error judging %s: %v", j.sub.File, v)
			jd := f.judgement(0, Limits{MaxMessage: max(lim.MaxMessage, maxJudgeError)})
			res = Result{Team: j.sub.Team, Problem: j.prob.ID, Time: j.sub.Time, Timed: j.sub.Timed, File: j.sub.File, Index: j.index,
				Verdict: jd.Verdict, Message: jd.Message, TeamMessage: jd.TeamMessage}
		}
	}()
	if !j.prob.HasTests() {
		res = judgeSubmission(ctx, j.sub, j.prob, truthOf(j.prob), lim)
		res.Index = j.index
		return res, nil
	}
	if j.list {
		var err error
		j.sub.Parts, warnings, err = j.sub.List()
		if err != nil {
			j.sub.Err = err
		}
		var ws []error
		j.parts, j.doubled, ws = matchParts(j.prob, j.sub)
		warnings = append(warnings, ws...)
	}
	res = Result{Team: j.sub.Team, Problem: j.prob.ID, Time: j.sub.Time, Timed: j.sub.Timed, File: j.sub.File, Index: j.index}
	for _, c := range cases {
		t := c.Test
		var tr Result
		switch part, ok := j.parts[t.Name]; {
		case j.sub.Err != nil:
			tr = judgeSubmission(ctx, j.sub, c, truthOf(c), lim)
		case j.doubled[t.Name] != nil:
			tr = absent(j.sub, c, doubledFiles(t.Name, j.doubled[t.Name]), lim)
		case !ok:
			tr = absent(j.sub, c, noFile(t.Name, path.Base(j.sub.File)), lim)
		default:
			ps := j.sub
			pt := j.sub.Parts[part]
			ps.File, ps.Open, ps.Err = pt.File, pt.Open, pt.Err
			tr = judgeSubmission(ctx, ps, c, truthOf(c), lim)
		}
		tr.Test, tr.Group, tr.Sample, tr.Index = t.Name, t.Group, t.Sample, j.index
		res.Tests = append(res.Tests, tr)
	}
	return res, warnings
}

// setIDs returns the ids of set's problems, in its order.
func setIDs(set *problems.Set) []string {
	ids := make([]string, 0, len(set.Problems))
	for _, p := range set.Problems {
		ids = append(ids, p.ID)
	}
	return ids
}

// job is one submission Contest judges, with the problem it answers.
type job struct {
	sub   Submission
	prob  problems.Problem
	index int
	// parts gives, for a folder, the part that answers each test, and
	// doubled the names of the files of a test answered twice; for a
	// folder listed when it is judged (list), they are found then.
	parts   map[string]int
	doubled map[string][]string
	list    bool
}

// noted is a warning of a contest, with the place in the submissions of
// the one it is about: the warnings of folders listed as they are judged
// are put back in the order of the submissions.
type noted struct {
	at  int
	err error
}

// inOrder returns the warnings of ns in the order of their submissions,
// those of one submission in the order they were noted.
func inOrder(ns []noted) []error {
	slices.SortStableFunc(ns, func(a, b noted) int { return cmp.Compare(a.at, b.at) })
	var out []error
	for _, n := range ns {
		out = append(out, n.err)
	}
	return out
}

// plan matches subs to the problems of set (see Contest): jobs are what is
// judged, warnings what is not and why (but in a folder listed when it is
// judged: see judgeJob).
func plan(set *problems.Set, subs []Submission) (jobs []job, warnings []noted) {
	type folder struct{ team, id string }
	files := map[folder][]int{} // the submissions from team folders, by team and problem
	for i, s := range subs {
		if p, ok := problemOf(set, s); ok && s.name != "" && s.Dir == p.HasTests() {
			k := folder{s.Team, p.ID}
			files[k] = append(files[k], i)
		}
	}
	for i, s := range subs {
		p, ok := problemOf(set, s)
		switch {
		case s.Dir && s.name != "" && (!ok || !p.HasTests()):
			// A folder in a team folder, as before problems had tests.
			warnings = append(warnings, noted{i, &Stray{Path: s.where, Why: "a folder in a team folder, skipped", Team: s.Team, File: s.File}})
			continue
		case !ok:
			why := fmt.Sprintf("no problem %q in set %s, not judged", s.Problem, set.Name)
			if c := text.Closest(s.Problem, setIDs(set)); c != "" {
				why += fmt.Sprintf(" (did you mean %q?)", c)
			}
			warnings = append(warnings, noted{i, &Stray{Path: fmt.Sprintf("%s (team %s)", s.File, s.Team), Why: why, Team: s.Team, File: s.File}})
			continue
		case !s.Dir && s.name != "" && p.HasTests() && s.Err == nil:
			warnings = append(warnings, noted{i, &Stray{Path: fmt.Sprintf("%s (team %s)", s.File, s.Team),
				Why: fmt.Sprintf("problem %s has tests: answer them in a folder %s/ with a file per test, not judged", p.ID, p.ID), Team: s.Team, File: s.File}})
			continue
		case s.Dir && !p.HasTests() && s.Err == nil:
			s.Err = fmt.Errorf("%s is not a regular file", s.File)
		case !s.Dir && p.HasTests() && s.Err == nil:
			s.Err = fmt.Errorf("%s is a file, but problem %s has tests: name a folder with a file per test", s.File, p.ID)
		}
		if same := files[folder{s.Team, p.ID}]; s.name != "" && len(same) > 1 {
			if same[0] == i {
				d := &Doubled{Team: s.Team, Problem: p.ID}
				for _, k := range same {
					d.Files = append(d.Files, subs[k].name)
				}
				slices.Sort(d.Files)
				warnings = append(warnings, noted{i, d})
			}
			continue
		}
		j := job{sub: s, prob: p, index: i}
		switch {
		case s.Dir && p.HasTests() && s.List != nil:
			j.list = true
		case s.Dir && p.HasTests():
			var ws []error
			j.parts, j.doubled, ws = matchParts(p, s)
			for _, w := range ws {
				warnings = append(warnings, noted{i, w})
			}
		}
		jobs = append(jobs, j)
	}
	return jobs, warnings
}

// matchParts matches the files of the folder s to the tests of p: parts
// gives the part answering each test answered once, doubled the names of
// the files of each test answered more than once (none of them judged),
// and warnings a *Stray for each file for no test and a *Doubled for each
// test answered twice.
func matchParts(p problems.Problem, s Submission) (parts map[string]int, doubled map[string][]string, warnings []error) {
	byTest := map[string][]int{}
	var order []string
	for k, pt := range s.Parts {
		t, ok := p.TestNamed(pt.Name)
		if !ok {
			t, ok = p.TestNamed(cutExt(pt.Name))
		}
		if !ok {
			warnings = append(warnings, &Stray{Path: fmt.Sprintf("%s (team %s)", pt.File, s.Team),
				Why: fmt.Sprintf("no test %q in problem %s, not judged", cutExt(pt.Name), p.ID), Team: s.Team, File: pt.File})
			continue
		}
		if byTest[t.Name] == nil {
			order = append(order, t.Name)
		}
		byTest[t.Name] = append(byTest[t.Name], k)
	}
	parts, doubled = map[string]int{}, map[string][]string{}
	for _, name := range order {
		ks := byTest[name]
		if len(ks) == 1 {
			parts[name] = ks[0]
			continue
		}
		d := &Doubled{Team: s.Team, Problem: p.ID, Test: name}
		for _, k := range ks {
			d.Files = append(d.Files, s.Parts[k].Name)
		}
		slices.Sort(d.Files)
		doubled[name] = d.Files
		warnings = append(warnings, d)
	}
	return parts, doubled, warnings
}

// absent is the result f (noFile or doubledFiles) of a test of c's problem
// that the folder s has no file for, or two files that are not judged.
func absent(s Submission, c problems.Problem, f *failure, lim Limits) Result {
	r := Result{Team: s.Team, Problem: c.ID, Time: s.Time, Timed: s.Timed, File: s.File}
	j := f.judgement(c.N, lim)
	r.Verdict, r.Message, r.TeamMessage = j.Verdict, j.Message, j.TeamMessage
	return r
}

// problemOf finds the problem s answers.
func problemOf(set *problems.Set, s Submission) (problems.Problem, bool) {
	if s.name != "" {
		if p, ok := set.Problem(s.name); ok {
			return p, true
		}
	}
	return set.Problem(s.Problem)
}

// maxJudgeError is the longest message of a judge error of the judge's own
// (no ground truth, a file that cannot be read), in bytes.
const maxJudgeError = 1000

// judgeSubmission judges one submission to p, asking truth for the ground
// truth when the answer needs it (see JudgeLazily).
func judgeSubmission(ctx context.Context, s Submission, p problems.Problem, truth func(context.Context) (Truth, error), lim Limits) Result {
	r := Result{Team: s.Team, Problem: p.ID, Time: s.Time, Timed: s.Timed, File: s.File}
	je := func(msg string) Result {
		// The judges' own errors say what to do about them (merge the
		// parts, raise the budget): kept whole up to maxJudgeError, where
		// an answer's message is cut at lim.MaxMessage.
		f := keyError("%s", msg)
		j := f.judgement(0, Limits{MaxMessage: max(lim.MaxMessage, maxJudgeError)})
		r.Verdict, r.Message, r.TeamMessage = j.Verdict, j.Message, j.TeamMessage
		return r
	}
	switch {
	case s.Err != nil:
		return je(fmt.Sprintf("not read: %v", s.Err))
	case s.Open == nil:
		return je("no answer to read")
	}
	if NeedsTruth(p.Problem) {
		// Every answer needs it: had before the file is opened, and a
		// truth that cannot be had is JE unread. The row names the
		// problem; a Source's error names it too.
		t, err := truth(ctx)
		if err != nil {
			return je(fmt.Sprintf("no ground truth: %v", err))
		}
		truth = func(context.Context) (Truth, error) { return t, nil }
	}
	rc, err := s.Open()
	if err != nil {
		return je(fmt.Sprintf("read %s: %v", s.File, err))
	}
	defer rc.Close()
	var j Judgement
	// A file, or anything that says its size as one does (a reader that
	// keeps a digest of what it reads): one too large is PE unread.
	if f, ok := rc.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > lim.MaxBytes {
			j = fail(PE, 0, "the answer has %d bytes, more than the %s limit", fi.Size(), size(lim.MaxBytes)).judgement(p.N, lim)
			j.WithoutTruth = !NeedsTruth(p.Problem)
		}
	}
	if j.Verdict == "" {
		j = JudgeLazily(ctx, p.Problem, truth, rc, lim)
	}
	r.Verdict, r.Message, r.TeamMessage, r.Squares, r.Line = j.Verdict, j.Message, j.TeamMessage, j.SquareNames(), j.Line
	r.WithoutTruth = j.WithoutTruth
	return r
}
