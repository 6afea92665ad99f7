package judge

import (
	"cmp"
	"context"
	"fmt"
	"io/fs"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/queensjudge/queensjudge/problems"
)

// PenaltyMinutes is the ICPC penalty for each rejected attempt before a
// problem's first accepted one, as DOMjudge's default penalty_time.
const PenaltyMinutes = 20

// Result is the judgement of one submission.
type Result struct {
	Team    string
	Problem string
	Verdict Verdict
	// Message is for the judges; TeamMessage never reveals the answer.
	Message     string
	TeamMessage string
	// Points are the points the result earns: the problem's points on a
	// team's first accepted attempt, 0 on every other.
	Points int
	// Time is when it was submitted, from the contest start; meaningful
	// only when Timed.
	Time  time.Duration
	Timed bool
	// Attempt is the 1-based place of the result among the team's attempts
	// at the problem: by time, untimed ones last, then by file.
	Attempt int
	File    string
	// Index is the place in the submissions given to Contest of the one
	// judged: what ties a result to its submission when one file is sent
	// twice. Meaningful only in a Report from Contest.
	Index int
	// Squares are the chess names of the squares at fault, and Line the
	// line of the answer at fault (0 when none).
	Squares []string
	Line    int
}

// Minutes returns the minutes from the contest start, rounded down, as
// scoreboards count them.
func (r Result) Minutes() int64 { return int64(r.Time / time.Minute) }

// Standing is one team's row of the scoreboard.
type Standing struct {
	// Rank is shared by teams with the same points and penalty.
	Rank   int
	Team   string
	Solved int
	// Points sums the points of the problems solved.
	Points int
	// Penalty is the ICPC penalty in minutes: for each solved problem whose
	// first accepted attempt has a time, its minute plus PenaltyMinutes for
	// each rejected attempt (WA, PE, NO) before it. JE attempts and
	// attempts after the first accepted one do not count.
	Penalty int64
	// Problems holds one cell per problem of the set, in the set's order.
	Problems []Cell
}

// Cell is one team's record on one problem.
type Cell struct {
	Problem string
	// Judged counts the attempts up to and including the first accepted
	// one (all of them when none is), JE ones left out.
	Judged int
	Solved bool
	// Time is the time of the first accepted attempt; meaningful only when
	// Solved and Timed.
	Time  time.Duration
	Timed bool
}

// Report is the outcome of judging a contest.
type Report struct {
	Set string
	// Problems are the ids of the set's problems, in its order.
	Problems []string
	// Results come by team, then problem in the set's order, then attempt.
	Results []Result
	// Scoreboard comes by rank, then team name.
	Scoreboard []Standing
	// Warnings are the submissions not judged: a *Stray for each one for
	// no problem of the set, a *Doubled for each problem that two files in
	// a team's folder answer. They are not part of the written report.
	Warnings []error
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
// of them may answer one problem. truths is asked once per problem, from
// this goroutine; the answers are judged on GOMAXPROCS goroutines. A file
// larger than lim.MaxBytes is PE unread.
func Contest(ctx context.Context, set *problems.Set, subs []Submission, truths Truths, lim Limits) Report {
	lim = lim.withDefaults()
	type job struct {
		sub   Submission
		prob  problems.Problem
		index int
	}
	var jobs []job
	var warnings []error
	type folder struct{ team, id string }
	files := map[folder][]int{} // the submissions from team folders, by team and problem
	for i, s := range subs {
		if p, ok := problemOf(set, s); ok && s.name != "" {
			k := folder{s.Team, p.ID}
			files[k] = append(files[k], i)
		}
	}
	for i, s := range subs {
		p, ok := problemOf(set, s)
		if !ok {
			warnings = append(warnings, &Stray{fmt.Sprintf("%s (team %s)", s.File, s.Team),
				fmt.Sprintf("no problem %q in set %s, not judged", s.Problem, set.Name)})
			continue
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
		jobs = append(jobs, job{s, p, i})
	}

	type ground struct {
		truth Truth
		err   error
	}
	truth := map[string]ground{}
	for _, p := range set.Problems {
		if !slices.ContainsFunc(jobs, func(j job) bool { return j.prob.ID == p.ID }) {
			continue
		}
		t, err := truths.Truth(ctx, p)
		truth[p.ID] = ground{t, err}
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
				g := truth[j.prob.ID]
				results[k] = judgeSubmission(ctx, j.sub, j.prob, g.truth, g.err, lim)
				results[k].Index = j.index
			}
		}()
	}
	wg.Wait()

	r := NewReport(set, results)
	r.Warnings = warnings
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

// judgeSubmission judges one submission to p against key (or truthErr).
func judgeSubmission(ctx context.Context, s Submission, p problems.Problem, truth Truth, truthErr error, lim Limits) Result {
	r := Result{Team: s.Team, Problem: p.ID, Time: s.Time, Timed: s.Timed, File: s.File}
	je := func(msg string) Result {
		f := keyError("%s", msg)
		j := f.judgement(0, lim)
		r.Verdict, r.Message, r.TeamMessage = j.Verdict, j.Message, j.TeamMessage
		return r
	}
	switch {
	case s.Err != nil:
		return je(fmt.Sprintf("not read: %v", s.Err))
	case s.Open == nil:
		return je("no answer to read")
	case truthErr != nil:
		return je(fmt.Sprintf("no ground truth for %s: %v", p.ID, truthErr))
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
			j = fail(PE, 0, "the answer has %d bytes, more than the %s limit", fi.Size(), size(lim.MaxBytes)).judgement(truth.Problem.N, lim)
		}
	}
	if j.Verdict == "" {
		j = Judge(ctx, truth, rc, lim)
	}
	r.Verdict, r.Message, r.TeamMessage, r.Squares, r.Line = j.Verdict, j.Message, j.TeamMessage, j.SquareNames(), j.Line
	return r
}

// NewReport orders results, numbers the attempts, awards points and ranks
// the teams of set; results may come in any order and are sorted in place.
// It serves Contest, and anyone who keeps judgements (regrading) and wants
// the scoreboard again.
//
// A team's attempts at a problem are ordered by time, untimed ones after
// the timed ones, then by file. The first AC solves the problem; the
// rejected attempts before it (WA, PE, NO) cost PenaltyMinutes each when it
// has a time. Teams are ranked by points (descending), then penalty
// (ascending); equal teams share a rank and are listed by name.
func NewReport(set *problems.Set, results []Result) Report {
	order := map[string]int{}
	points := map[string]int{}
	var ids []string
	for i, p := range set.Problems {
		order[p.ID] = i
		points[p.ID] = p.Points
		ids = append(ids, p.ID)
	}
	place := func(id string) int { // problems not in the set go last
		if k, ok := order[id]; ok {
			return k
		}
		return len(ids)
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
		return cmp.Compare(a.File, b.File)
	})

	var board []Standing
	for i := 0; i < len(results); {
		team := results[i].Team
		st := Standing{Team: team}
		for _, id := range ids {
			st.Problems = append(st.Problems, Cell{Problem: id})
		}
		for ; i < len(results) && results[i].Team == team; i++ {
			r := &results[i]
			k, ok := order[r.Problem]
			if !ok {
				continue
			}
			cell := &st.Problems[k]
			r.Attempt = 1
			if i > 0 && results[i-1].Team == team && results[i-1].Problem == r.Problem {
				r.Attempt = results[i-1].Attempt + 1
			}
			r.Points = 0
			if cell.Solved || r.Verdict == JE {
				continue
			}
			cell.Judged++
			if r.Verdict != AC {
				continue
			}
			cell.Solved, cell.Time, cell.Timed = true, r.Time, r.Timed
			r.Points = points[r.Problem]
			st.Solved++
			st.Points += r.Points
			if r.Timed {
				st.Penalty += r.Minutes() + int64(PenaltyMinutes*(cell.Judged-1))
			}
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
	return Report{Set: set.Name, Problems: ids, Results: results, Scoreboard: board}
}
