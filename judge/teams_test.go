package judge

import (
	"context"
	"errors"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestJudgeTeams judges the test contest, from the directory and from the
// manifest, with JudgeTeams and with NewReport over every result at once:
// each team is given once, in the order of the names, with the results
// NewReport orders, scores and numbers alike, and the scoreboards agree.
func TestJudgeTeams(t *testing.T) {
	set := loadSet(t, "testdata/contest/set.yaml")
	for _, load := range []func() ([]Submission, []error){
		func() ([]Submission, []error) { return LoadSubmissions("testdata/contest/submissions") },
		func() ([]Submission, []error) { return LoadManifest("testdata/contest/manifest.csv") },
	} {
		subs, _ := load()
		var teams []string
		var given []Result
		r, err := JudgeTeams(context.Background(), set, subs, SolverTruths{}, Limits{}, func(rs []Result) error {
			for _, res := range rs[1:] {
				if res.Team != rs[0].Team {
					t.Errorf("one call gave teams %s and %s", rs[0].Team, res.Team)
				}
			}
			teams = append(teams, rs[0].Team)
			given = append(given, rs...)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.IsSorted(teams) || len(slices.Compact(slices.Clone(teams))) != len(teams) {
			t.Errorf("teams given in the order %q, want each once by name", teams)
		}
		if r.Results != nil || r.Tally.Attempts != len(given) {
			t.Errorf("report holds %d results, tallies %d attempts; want none held and %d", len(r.Results), r.Tally.Attempts, len(given))
		}
		whole := NewReport(set, slices.Clone(given))
		if !reflect.DeepEqual(whole.Results, given) {
			t.Errorf("NewReport orders or scores the results given otherwise")
		}
		if !reflect.DeepEqual(whole.Scoreboard, r.Scoreboard) {
			t.Errorf("scoreboard %+v, NewReport's %+v", r.Scoreboard, whole.Scoreboard)
		}
	}
}

// TestJudgeTeamsStops: an error of each stops the judging and is
// returned; no team is given after it.
func TestJudgeTeamsStops(t *testing.T) {
	set := loadSet(t, "testdata/contest/set.yaml")
	subs, _ := LoadSubmissions("testdata/contest/submissions")
	full := errors.New("disk full")
	calls := 0
	_, err := JudgeTeams(context.Background(), set, subs, SolverTruths{}, Limits{}, func(rs []Result) error {
		calls++
		return full
	})
	if !errors.Is(err, full) || calls != 1 {
		t.Errorf("JudgeTeams = %v after %d calls, want %v after 1", err, calls, full)
	}
}

// TestJudgeTeamsPanic: a panic judging one answer is that attempt's JE,
// which names its file, and the other attempts are judged.
func TestJudgeTeamsPanic(t *testing.T) {
	set := loadSet(t, "testdata/contest/set.yaml")
	p := set.Problems[0]
	ok := func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("")), nil }
	subs := []Submission{
		{Team: "ada", Problem: p.ID, File: "ada/odd.txt", Open: func() (io.ReadCloser, error) { panic("odd file") }},
		{Team: "bob", Problem: p.ID, File: "bob/x.txt", Open: ok},
	}
	if p.HasTests() {
		t.Skipf("problem %s has tests: the test wants one without", p.ID)
	}
	r := Contest(context.Background(), set, subs, SolverTruths{}, Limits{})
	if len(r.Results) != 2 {
		t.Fatalf("%d results, want 2", len(r.Results))
	}
	got := r.Results[0]
	if got.Verdict != JE || !strings.Contains(got.Message, "ada/odd.txt") || !strings.Contains(got.Message, "odd file") {
		t.Errorf("the answer that panics: %s %q, want JE naming ada/odd.txt and the panic", got.Verdict, got.Message)
	}
	if r.Results[1].Verdict == JE {
		t.Errorf("the other answer: JE %q", r.Results[1].Message)
	}
}
