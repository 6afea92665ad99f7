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

	"github.com/queensjudge/queensjudge/problems"
)

// PenaltyMinutes is the ICPC penalty for each rejected attempt before a
// problem's first accepted one, as DOMjudge's default penalty_time.
const PenaltyMinutes = 20

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

// Standing is one team's row of the scoreboard.
type Standing struct {
	// Rank is shared by teams with the same points and penalty.
	Rank int
	Team string
	// Solved counts the problems at their full score.
	Solved int
	// Points sums the team's score on each problem: the best score of its
	// attempts at it.
	Points int
	// Penalty is the ICPC penalty in minutes, generalised to scores: for
	// each problem with a score, the minute of the first attempt that
	// reached that score (when it has a time) plus PenaltyMinutes for each
	// attempt before it, each of which scored less. JE attempts and
	// attempts after it do not count. For problems without groups that is
	// the ICPC penalty exactly.
	Penalty int64
	// Last is the time of the team's last score improvement: the latest
	// Time of its cells with a score, when timed (LastTimed).
	Last      time.Duration
	LastTimed bool
	// Problems holds one cell per problem of the set, in the set's order.
	Problems []Cell
}

// Cell is one team's record on one problem.
type Cell struct {
	Problem string
	// Judged counts the attempts up to and including the first that
	// reached Score (all of them when Score is 0), JE ones left out.
	Judged int
	// Solved is true when Score is the problem's full points: for a
	// problem without groups, when an attempt is AC.
	Solved bool
	// Score is the best score of the team's attempts at the problem.
	Score int
	// Time is the time of the first attempt that reached Score;
	// meaningful only when Score > 0 and Timed.
	Time  time.Duration
	Timed bool
}

// Report is the outcome of judging a contest.
type Report struct {
	Set string
	// Problems are the ids of the set's problems, in its order, and
	// Points what each is worth.
	Problems []string
	Points   []int
	// Scored is true when a problem of the set has groups: its scoreboard
	// is one of scores, not of problems solved.
	Scored bool
	// Results come by team, then problem in the set's order, then attempt:
	// one per attempt, each with its Tests for a problem with tests.
	Results []Result
	// Scoreboard comes by rank, then team name.
	Scoreboard []Standing
	// Warnings are the submissions not judged: a *Stray for each one for
	// no problem of the set (or no test of its problem), a *Doubled for
	// each problem (or test) that two files in a team's folder answer.
	// They are not part of the written report.
	Warnings []error
}

// Rows returns the results one per judged answer: an attempt at a problem
// without tests, or one test of an attempt (see Result.Rows).
func (r Report) Rows() []Result {
	var out []Result
	for _, res := range r.Results {
		out = append(out, res.Rows()...)
	}
	return out
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
	lim = lim.withDefaults()
	jobs, warnings := plan(set, subs)

	// The truth of a case is asked when an answer first needs it (see
	// NeedsTruth), one ask at a time, and kept for the other answers.
	type ground struct {
		truth Truth
		err   error
	}
	var asking sync.Mutex
	truth := map[string]ground{} // by case, Ref; guarded by asking
	truthOf := func(c problems.Problem) func(context.Context) (Truth, error) {
		return func(ctx context.Context) (Truth, error) {
			asking.Lock()
			defer asking.Unlock()
			g, ok := truth[c.Ref()]
			if !ok {
				g.truth, g.err = truths.Truth(ctx, c)
				truth[c.Ref()] = g
			}
			return g.truth, g.err
		}
	}

	results := make([]Result, len(jobs))
	var next sync.Mutex
	i := 0
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(len(jobs), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				next.Lock()
				k := i
				i++
				next.Unlock()
				if k >= len(jobs) {
					return
				}
				j := jobs[k]
				if !j.prob.HasTests() {
					results[k] = judgeSubmission(ctx, j.sub, j.prob, truthOf(j.prob), lim)
					results[k].Index = j.index
					continue
				}
				r := Result{Team: j.sub.Team, Problem: j.prob.ID, Time: j.sub.Time, Timed: j.sub.Timed, File: j.sub.File, Index: j.index}
				for _, c := range j.prob.Cases() {
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
					r.Tests = append(r.Tests, tr)
				}
				results[k] = r
			}
		}()
	}
	wg.Wait()

	r := NewReport(set, results)
	r.Warnings = warnings
	return r
}

// job is one submission Contest judges, with the problem it answers.
type job struct {
	sub   Submission
	prob  problems.Problem
	index int
	// parts gives, for a folder, the part that answers each test, and
	// doubled the names of the files of a test answered twice.
	parts   map[string]int
	doubled map[string][]string
}

// plan matches subs to the problems of set (see Contest): jobs are what is
// judged, warnings what is not and why.
func plan(set *problems.Set, subs []Submission) (jobs []job, warnings []error) {
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
			warnings = append(warnings, &Stray{Path: s.where, Why: "a folder in a team folder, skipped", Team: s.Team, File: s.File})
			continue
		case !ok:
			warnings = append(warnings, &Stray{Path: fmt.Sprintf("%s (team %s)", s.File, s.Team),
				Why: fmt.Sprintf("no problem %q in set %s, not judged", s.Problem, set.Name), Team: s.Team, File: s.File})
			continue
		case !s.Dir && s.name != "" && p.HasTests() && s.Err == nil:
			warnings = append(warnings, &Stray{Path: fmt.Sprintf("%s (team %s)", s.File, s.Team),
				Why: fmt.Sprintf("problem %s has tests: answer them in a folder %s/ with a file per test, not judged", p.ID, p.ID), Team: s.Team, File: s.File})
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
				warnings = append(warnings, d)
			}
			continue
		}
		j := job{sub: s, prob: p, index: i}
		if s.Dir && p.HasTests() {
			warnings = append(warnings, s.strays...)
			var ws []error
			j.parts, j.doubled, ws = matchParts(p, s)
			warnings = append(warnings, ws...)
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

// NewReport orders results, numbers the attempts, scores them and ranks
// the teams of set; results may come in any order and are sorted in place.
// It serves Contest, and anyone who keeps judgements (regrading) and wants
// the scoreboard again.
//
// The verdict of an attempt at a problem with tests is worked out here
// from its Tests, which may come in any order, by one rule (attemptVerdict):
// the tests that count are every test of a pass-fail problem, and the
// tests in groups of a problem with groups, whose samples decide nothing;
// a JE on a test that counts makes it JE (the attempt cannot be scored,
// and does not count), else it is its first failing test's that counts in
// the problem's order, AC when there is none; its messages are that
// test's, prefixed "test NAME: ". Its score is the points
// of the groups whose every test is AC, or for a problem without groups
// its points when the attempt is AC; a JE attempt scores 0.
//
// A team's attempts at a problem are ordered by time, untimed ones after
// the timed ones; attempts at the same time by Index, the order of the
// submissions given to Contest (a manifest's rows; regrade gives them in
// the order they were judged), then by file. A team folder holds at most
// one attempt at a problem, so without a manifest the order is the file
// names' (the folder's, by name). JE attempts do not count. The team's score
// on the problem is the best score of its attempts, reached by the first
// attempt that has it; the attempts before it cost PenaltyMinutes each
// when it has a time (each scored less: for a problem without groups, each
// was rejected). Teams are ranked by points, the sum of their scores
// (descending), then penalty (ascending); equal teams share a rank and are
// listed by name. For a set without groups this is the ICPC scoreboard.
func NewReport(set *problems.Set, results []Result) Report {
	order := map[string]int{}
	probs := map[string]problems.Problem{}
	var ids []string
	var worth []int
	scored := false
	for i, p := range set.Problems {
		order[p.ID] = i
		probs[p.ID] = p
		ids = append(ids, p.ID)
		worth = append(worth, p.Points)
		scored = scored || p.Scored()
	}
	place := func(id string) int { // problems not in the set go last
		if k, ok := order[id]; ok {
			return k
		}
		return len(ids)
	}
	for i := range results {
		if p, ok := probs[results[i].Problem]; ok {
			score(p, &results[i])
		}
	}
	slices.SortStableFunc(results, func(a, b Result) int {
		if c := cmp.Compare(a.Team, b.Team); c != 0 {
			return c
		}
		if c := cmp.Compare(place(a.Problem), place(b.Problem)); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Problem, b.Problem); c != 0 {
			return c
		}
		if a.Timed != b.Timed {
			if a.Timed {
				return -1
			}
			return 1
		}
		if c := cmp.Compare(a.Time, b.Time); c != 0 {
			return c
		}
		// Attempts at one time come in the order they were given: a
		// manifest's rows. A file name says nothing of which came first.
		if c := cmp.Compare(a.Index, b.Index); c != 0 {
			return c
		}
		return cmp.Compare(a.File, b.File)
	})

	var board []Standing
	for i := 0; i < len(results); {
		team := results[i].Team
		st := Standing{Team: team}
		for _, id := range ids {
			st.Problems = append(st.Problems, Cell{Problem: id})
		}
		start := i
		for ; i < len(results) && results[i].Team == team; i++ {
			r := &results[i]
			r.Attempt = 1
			if i > 0 && results[i-1].Team == team && results[i-1].Problem == r.Problem {
				r.Attempt = results[i-1].Attempt + 1
			}
			r.Points = 0
		}
		// Each problem's attempts: the best score, and the first attempt
		// that reached it.
		for k := start; k < i; {
			id := results[k].Problem
			end := k
			for end < i && results[end].Problem == id {
				end++
			}
			if c, ok := order[id]; ok {
				cell := &st.Problems[c]
				p := probs[id]
				best, first := 0, -1
				for j := k; j < end; j++ {
					if v := mark(p, results[j]); v > best {
						best, first = v, j
					}
				}
				for j := k; j < end; j++ {
					if results[j].Verdict == JE {
						continue
					}
					if first < 0 || j <= first {
						cell.Judged++
					}
				}
				if first >= 0 {
					r := &results[first]
					r.Points = r.Score
					cell.Score, cell.Time, cell.Timed = r.Score, r.Time, r.Timed
					cell.Solved = r.Score == p.Points && (p.Scored() || r.Verdict == AC)
					if cell.Solved {
						st.Solved++
					}
					st.Points += r.Score
					if r.Timed {
						st.Penalty += r.Minutes() + int64(PenaltyMinutes*(cell.Judged-1))
						if !st.LastTimed || r.Time > st.Last {
							st.Last, st.LastTimed = r.Time, true
						}
					}
				}
			}
			for j := k; j < end; j++ {
				r := &results[j]
				for t := range r.Tests {
					r.Tests[t].Attempt, r.Tests[t].Points, r.Tests[t].Score = r.Attempt, r.Points, r.Score
					r.Tests[t].Time, r.Tests[t].Timed, r.Tests[t].Index = r.Time, r.Timed, r.Index
				}
			}
			k = end
		}
		board = append(board, st)
	}
	slices.SortStableFunc(board, func(a, b Standing) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Penalty, b.Penalty); c != 0 {
			return c
		}
		return cmp.Compare(a.Team, b.Team)
	})
	for i := range board {
		board[i].Rank = i + 1
		if i > 0 && board[i].Points == board[i-1].Points && board[i].Penalty == board[i-1].Penalty {
			board[i].Rank = board[i-1].Rank
		}
	}
	return Report{Set: set.Name, Problems: ids, Points: worth, Scored: scored, Results: results, Scoreboard: board}
}

// mark is how far attempt r at p goes, for finding a team's best attempt:
// 0 for one that does not count (JE) or scores nothing, else for a problem
// with groups its score, and for one without 1 when it is AC.
func mark(p problems.Problem, r Result) int {
	switch {
	case r.Verdict == JE:
		return 0
	case p.Scored():
		return r.Score
	case r.Verdict == AC:
		return 1
	}
	return 0
}

// score works out the verdict, the messages and the score of an attempt r
// at p from its tests (see NewReport), or for a problem without tests its
// score from its verdict.
func score(p problems.Problem, r *Result) {
	if r.Tests == nil {
		r.Score = 0
		if r.Verdict == AC {
			r.Score = p.Points
		}
		return
	}
	place := map[string]int{}
	for i, t := range p.Tests {
		place[t.Name] = i
	}
	at := func(name string) int { // tests no longer in the problem go last
		if k, ok := place[name]; ok {
			return k
		}
		return len(place)
	}
	slices.SortStableFunc(r.Tests, func(a, b Result) int { return cmp.Compare(at(a.Test), at(b.Test)) })
	attemptVerdict(p, r)
	r.Groups, r.Score = nil, 0
	if r.Verdict == JE {
		return // not scored: it does not count
	}
	if !p.Scored() {
		if r.Verdict == AC {
			r.Score = p.Points
		}
		return
	}
	for _, g := range p.Groups {
		gs := GroupScore{Name: g.Name, Points: g.Points, Of: g.Points}
		for _, t := range p.Tests {
			if t.Group != g.Name {
				continue
			}
			k := slices.IndexFunc(r.Tests, func(tr Result) bool { return tr.Test == t.Name })
			if k < 0 || r.Tests[k].Verdict != AC {
				gs.Points = 0
			}
		}
		r.Groups = append(r.Groups, gs)
		r.Score += gs.Points
	}
}
