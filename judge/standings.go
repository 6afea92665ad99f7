package judge

import (
	"cmp"
	"slices"
	"time"

	"github.com/queensjudge/queensjudge/problems"
)

// PenaltyMinutes is the ICPC penalty for each rejected attempt before a
// problem's first accepted one, as DOMjudge's default penalty_time. The
// whole rule of the standings is NewReport's.
const PenaltyMinutes = 20

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
	// Errors counts the attempts judged JE, which do not count.
	Errors int
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

// NewReport orders results, numbers the attempts, scores them and ranks
// the teams of set; results may come in any order and are sorted in place.
// It serves Contest, and anyone who keeps judgements (regrading) and wants
// the scoreboard again. This is the one statement of the standings' rule;
// Contest and JudgeTeams apply it a team at a time.
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
	s := newScorer(set)
	slices.SortStableFunc(results, func(a, b Result) int { return cmp.Compare(a.Team, b.Team) })
	var board []Standing
	for i := 0; i < len(results); {
		end := i + 1
		for end < len(results) && results[end].Team == results[i].Team {
			end++
		}
		board = append(board, s.team(results[i:end]))
		i = end
	}
	r := s.report(board)
	r.Results = results
	r.Tally.Add(results)
	return r
}

// scorer applies NewReport's rule to the attempts of one set's teams.
type scorer struct {
	set   *problems.Set
	order map[string]int // a problem's place in the set
	probs map[string]problems.Problem
}

func newScorer(set *problems.Set) *scorer {
	s := &scorer{set: set, order: map[string]int{}, probs: map[string]problems.Problem{}}
	for i, p := range set.Problems {
		s.order[p.ID] = i
		s.probs[p.ID] = p
	}
	return s
}

// place is a problem's place in the set; problems not in it go last.
func (s *scorer) place(id string) int {
	if k, ok := s.order[id]; ok {
		return k
	}
	return len(s.order)
}

// team orders, numbers and scores rs, the results of one team's attempts,
// in place, and returns the team's standing, not yet ranked.
func (s *scorer) team(rs []Result) Standing {
	for i := range rs {
		if p, ok := s.probs[rs[i].Problem]; ok {
			score(p, &rs[i])
		}
	}
	slices.SortStableFunc(rs, s.attemptOrder)
	st := Standing{Team: rs[0].Team}
	for _, p := range s.set.Problems {
		st.Problems = append(st.Problems, Cell{Problem: p.ID})
	}
	for i := range rs {
		rs[i].Attempt = 1
		if i > 0 && rs[i-1].Problem == rs[i].Problem {
			rs[i].Attempt = rs[i-1].Attempt + 1
		}
		rs[i].Points = 0
	}
	for k := 0; k < len(rs); {
		end := k + 1
		for end < len(rs) && rs[end].Problem == rs[k].Problem {
			end++
		}
		if c, ok := s.order[rs[k].Problem]; ok {
			s.cell(&st, &st.Problems[c], rs[k:end])
		}
		for j := k; j < end; j++ {
			r := &rs[j]
			for t := range r.Tests {
				r.Tests[t].Attempt, r.Tests[t].Points, r.Tests[t].Score = r.Attempt, r.Points, r.Score
				r.Tests[t].Time, r.Tests[t].Timed, r.Tests[t].Index = r.Time, r.Timed, r.Index
			}
		}
		k = end
	}
	return st
}

// attemptOrder orders one team's attempts: by the problem's place in the
// set, then by time (untimed ones last), then as they were given (Index:
// a manifest's rows; a file name says nothing of which came first), then
// by file.
func (s *scorer) attemptOrder(a, b Result) int {
	if c := cmp.Compare(s.place(a.Problem), s.place(b.Problem)); c != 0 {
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
	if c := cmp.Compare(a.Index, b.Index); c != 0 {
		return c
	}
	return cmp.Compare(a.File, b.File)
}

// cell fills c, the team's cell of one problem, from rs, its attempts at
// it in order, gives the attempt that reached the best score its Points,
// and adds what the cell earns to st.
func (s *scorer) cell(st *Standing, c *Cell, rs []Result) {
	p := s.probs[c.Problem]
	best, first := 0, -1
	for j := range rs {
		if v := mark(p, rs[j]); v > best {
			best, first = v, j
		}
	}
	for j := range rs {
		switch {
		case rs[j].Verdict == JE:
			c.Errors++
		case first < 0 || j <= first:
			c.Judged++
		}
	}
	if first < 0 {
		return
	}
	r := &rs[first]
	r.Points = r.Score
	c.Score, c.Time, c.Timed = r.Score, r.Time, r.Timed
	c.Solved = r.Score == p.Points && (p.Scored() || r.Verdict == AC)
	if c.Solved {
		st.Solved++
	}
	st.Points += r.Score
	if r.Timed {
		st.Penalty += r.Minutes() + int64(PenaltyMinutes*(c.Judged-1))
		if !st.LastTimed || r.Time > st.Last {
			st.Last, st.LastTimed = r.Time, true
		}
	}
}

// report returns the report of the set with the standings of board,
// ranked: by points, then penalty, then name; equal teams share a rank.
func (s *scorer) report(board []Standing) Report {
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
	r := Report{Set: s.set.Name, Scoreboard: board}
	for _, p := range s.set.Problems {
		r.Problems = append(r.Problems, p.ID)
		r.Points = append(r.Points, p.Points)
		r.Grouped = append(r.Grouped, p.Scored())
		r.Scored = r.Scored || p.Scored()
	}
	return r
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
