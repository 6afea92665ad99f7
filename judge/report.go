package judge

import (
	"cmp"
	"slices"
	"time"
)

// Report is the outcome of judging a contest.
type Report struct {
	Set string
	// Problems are the ids of the set's problems, in its order, Points
	// what each is worth and Grouped whether each has groups.
	Problems []string
	Points   []int
	Grouped  []bool
	// Scored is true when a problem of the set has groups: its scoreboard
	// is one of scores, not of problems solved.
	Scored bool
	// Results come by team, then problem in the set's order, then attempt:
	// one per attempt, each with its Tests for a problem with tests. They
	// are nil in a report whose results are held elsewhere (Held).
	Results []Result
	// Held gives the results of one team of the scoreboard, in the order
	// of Results, when they are not in Results: a report of JudgeTeams,
	// whose results are written somewhere as the teams are judged.
	Held func(team string) ([]Result, error)
	// Tally sums up the results, however they are held.
	Tally Tally
	// Scoreboard comes by rank, then team name.
	Scoreboard []Standing
	// Warnings are the submissions not judged: a *Stray for each one for
	// no problem of the set (or no test of its problem), a *Doubled for
	// each problem (or test) that two files in a team's folder answer.
	// The judges' page lists them under their teams; the printed report
	// and the Contest API's files do not.
	Warnings []error
}

// Tally is what the writers of a report need to know of all its results
// before they write any: it is summed as the teams are judged.
type Tally struct {
	// Attempts counts the attempts judged, and Rows the answers (an
	// attempt at a problem without tests, or a test of one).
	Attempts, Rows int
	// Tests is true when an attempt is at a problem with tests, and
	// WithoutTruth when a verdict was reached without the ground truth.
	Tests, WithoutTruth bool
	// Last is the latest time of a timed attempt (when Timed).
	Last  time.Duration
	Timed bool
}

// Add adds the results rs to t.
func (t *Tally) Add(rs []Result) {
	for _, r := range rs {
		t.Attempts++
		t.Tests = t.Tests || r.Tests != nil
		if r.Timed {
			t.Last, t.Timed = max(t.Last, r.Time), true
		}
		for _, row := range r.Rows() {
			t.Rows++
			t.WithoutTruth = t.WithoutTruth || row.WithoutTruth
		}
	}
}

// Rows returns the results one per judged answer: an attempt at a problem
// without tests, or one test of an attempt (see Result.Rows). It holds
// them all: a writer of a report that may be large goes through EachTeam.
func (r Report) Rows() []Result {
	var out []Result
	_ = r.EachTeam(func(rs []Result) error {
		for _, res := range rs {
			out = append(out, res.Rows()...)
		}
		return nil
	})
	return out
}

// EachTeam calls f with each team's results, one team at a time, in the
// order of Results (by team name). Only the results of one team are held
// at a time when the report's are Held. The first error of Held or f
// stops it, and is returned.
func (r Report) EachTeam(f func(rs []Result) error) error {
	if r.Results == nil && r.Held != nil {
		teams := make([]string, 0, len(r.Scoreboard))
		for _, st := range r.Scoreboard {
			teams = append(teams, st.Team)
		}
		slices.SortFunc(teams, cmp.Compare[string])
		for _, team := range teams {
			rs, err := r.Held(team)
			if err != nil {
				return err
			}
			if err := f(rs); err != nil {
				return err
			}
		}
		return nil
	}
	for i := 0; i < len(r.Results); {
		end := i + 1
		for end < len(r.Results) && r.Results[end].Team == r.Results[i].Team {
			end++
		}
		if err := f(r.Results[i:end]); err != nil {
			return err
		}
		i = end
	}
	return nil
}
