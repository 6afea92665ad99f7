package judge

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// TestNeedsTruth: only a placement problem whose m is given is judged
// without the truth.
func TestNeedsTruth(t *testing.T) {
	for _, c := range []struct {
		p    solver.Problem
		want bool
	}{
		{solver.Problem{Kind: solver.NQueens, Ask: solver.AskPlacement, N: 8}, false},
		{solver.Problem{Kind: solver.Reserved, Ask: solver.AskPlacement, N: 6}, false},
		{solver.Problem{Kind: solver.QueensKnights, Ask: solver.AskPlacement, N: 6, M: 3}, false},
		{solver.Problem{Kind: solver.QueensKnights, Ask: solver.AskPlacement, N: 6, M: solver.AnyM}, true},
		{solver.Problem{Kind: solver.NQueens, Ask: solver.AskCount, N: 8}, true},
		{solver.Problem{Kind: solver.NQueens, Ask: solver.AskUnique, N: 8}, true},
		{solver.Problem{Kind: solver.QueensKnights, Ask: solver.AskMax, N: 8, M: solver.AnyM}, true},
		{solver.Problem{Kind: solver.Reserved, Ask: solver.AskSolutions, N: 6}, true},
	} {
		if got := NeedsTruth(c.p); got != c.want {
			t.Errorf("NeedsTruth(%s %s m=%d) = %v, want %v", c.p.Kind, c.p.Ask, c.p.M, got, c.want)
		}
	}
}

// cornersBoard is a 6×6 board with its corners reserved, which has
// placements (2 4 6 1 3 5 among them).
func cornersBoard() solver.Problem {
	p := solver.Problem{Kind: solver.Reserved, Ask: solver.AskPlacement, N: 6, Reserved: solver.NewReserved(6)}
	w := solver.ReservedWords(6)
	for _, sq := range [][2]int{{0, 0}, {0, 5}, {5, 0}, {5, 5}} {
		p.Reserved[sq[0]*w+sq[1]/64] |= 1 << uint(sq[1]%64)
	}
	return p
}

// errStopped is a truth out of reach, as the solver says it.
var errStopped = &solver.BudgetError{Budget: time.Second, Stopped: true, Cost: solver.Cost{Seconds: 3600, Bound: true}}

// TestJudgeLazily judges answers to a placement problem against a truth
// that counts how often it is asked: a placement, valid or not, and a
// malformed answer never ask; none asks once and is AC or WA by the truth,
// or JE naming why when it cannot be had. A count asks before reading.
func TestJudgeLazily(t *testing.T) {
	ctx := context.Background()
	p := cornersBoard()
	withPlacement, err := SolveTruth(ctx, p, solver.Options{})
	if err != nil || withPlacement.Answer.Placement == nil {
		t.Fatalf("SolveTruth(corners) = %v, %v; want a placement", withPlacement.Answer.Placement, err)
	}
	noPlacement := Truth{Problem: p} // as if the board had none
	for _, c := range []struct {
		name, answer string
		truth        Truth
		truthErr     error
		want         Verdict
		asks         int32
		msg          string // in the judge message
	}{
		{"valid", "2 4 6 1 3 5\n", Truth{}, errStopped, AC, 0, "a valid placement"},
		{"valid board", "...Q..\nQ.....\n....Q.\n.Q....\n.....Q\n..Q...\n", Truth{}, errStopped, AC, 0, "a valid placement"},
		{"on a corner", "1 3 5 2 4 6\n", Truth{}, errStopped, WA, 0, "reserved"},
		{"a diagonal", "2 3 6 1 4 5\n", Truth{}, errStopped, WA, 0, "diagonal"},
		{"malformed", "two\n", Truth{}, errStopped, PE, 0, ""},
		{"empty", "", Truth{}, errStopped, NO, 0, ""},
		{"none, truth none", "none\n", noPlacement, nil, AC, 1, "none, and there is no placement"},
		{"none, truth a placement", "NONE\n", withPlacement, nil, WA, 1, "there is a placement"},
		{"none, no truth", "none\n", Truth{}, errStopped, JE, 1, "stopped at its budget"},
		{"none and more", "none 3\n", Truth{}, errStopped, PE, 0, ""},
	} {
		var asks atomic.Int32
		ask := func(context.Context) (Truth, error) {
			asks.Add(1)
			return c.truth, c.truthErr
		}
		j := JudgeLazily(ctx, p, ask, strings.NewReader(c.answer), Limits{})
		if j.Verdict != c.want || !strings.Contains(j.Message, c.msg) {
			t.Errorf("%s: JudgeLazily(%q) = %s %q, want %s and %q", c.name, c.answer, j.Verdict, j.Message, c.want, c.msg)
		}
		if got := asks.Load(); got != c.asks {
			t.Errorf("%s: the truth was asked %d times, want %d", c.name, got, c.asks)
		}
		if want := c.asks == 0 && c.want != JE; j.WithoutTruth != want {
			t.Errorf("%s: WithoutTruth = %v, want %v", c.name, j.WithoutTruth, want)
		}
		if j.Verdict == JE && strings.Contains(j.TeamMessage, "budget") {
			t.Errorf("%s: team message %q gives the judges' message away", c.name, j.TeamMessage)
		}
	}

	// A count needs the truth before its answer is read.
	count := solver.Problem{Kind: solver.NQueens, Ask: solver.AskCount, N: 8}
	asked := 0
	j := JudgeLazily(ctx, count, func(context.Context) (Truth, error) { asked++; return Truth{}, errStopped }, strings.NewReader("92\n"), Limits{})
	if j.Verdict != JE || asked != 1 || !strings.HasPrefix(j.Message, "no ground truth: stopped at its budget") || j.WithoutTruth {
		t.Errorf("a count with no truth: %s %q (asked %d, WithoutTruth %v), want JE, no ground truth, asked once", j.Verdict, j.Message, asked, j.WithoutTruth)
	}
}

// TestContestLazyTruth judges a contest of a placement problem and a
// count against a Truths that counts its calls: the truth of the placement
// problem is not asked while every answer to it is a placement, is asked
// once however many answers are none, and when it cannot be had, none is
// JE with the reason, every valid placement AC and every invalid one WA.
func TestContestLazyTruth(t *testing.T) {
	dir := t.TempDir()
	setFile := filepath.Join(dir, "set.yaml")
	if err := os.WriteFile(setFile, []byte(`name: lazy
problems:
  - id: corners
    kind: reserved
    board: |
      *....*
      ......
      ......
      ......
      ......
      *....*
    ask: placement
  - id: eight
    kind: nqueens
    n: 8
    ask: count
`), 0o644); err != nil {
		t.Fatal(err)
	}
	set := loadSet(t, setFile)
	sub := func(team, problem, answer string) Submission {
		return Submission{Team: team, Problem: problem, File: team + "/" + problem + ".txt",
			Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(answer)), nil }}
	}
	placements := []Submission{
		sub("ada", "corners", "2 4 6 1 3 5\n"),
		sub("bob", "corners", "1 3 5 2 4 6\n"), // a queen on a corner
		sub("cy", "corners", "....Q.\n..Q...\nQ.....\n.....Q\n...Q..\n.Q....\n"),
	}
	nones := []Submission{sub("dee", "corners", "none\n"), sub("eve", "corners", "None\n")}

	type calls = map[string]int
	counting := func(err error) (Truths, calls) {
		n := calls{}
		return TruthsFunc(func(ctx context.Context, p problems.Problem) (Truth, error) {
			n[p.ID]++ // one call at a time, as Contest promises
			if p.ID == "corners" && err != nil {
				return Truth{}, err
			}
			return SolverTruths{}.Truth(ctx, p)
		}), n
	}
	verdicts := func(r Report) map[string]Result {
		out := map[string]Result{}
		for _, res := range r.Results {
			out[res.Team] = res
		}
		return out
	}
	want := map[string]Verdict{"ada": AC, "bob": WA, "cy": AC}

	// Every answer a placement: the truth is never asked.
	truths, n := counting(nil)
	r := verdicts(Contest(context.Background(), set, placements, truths, Limits{}))
	if n["corners"] != 0 {
		t.Errorf("every answer a placement: the truth was asked %d times, want 0", n["corners"])
	}
	for team, v := range want {
		if r[team].Verdict != v || !r[team].WithoutTruth {
			t.Errorf("%s: %s %q (WithoutTruth %v), want %s without the truth", team, r[team].Verdict, r[team].Message, r[team].WithoutTruth, v)
		}
	}

	// Two answers none, and a count: each truth asked once.
	truths, n = counting(nil)
	subs := append(append([]Submission{sub("ada", "eight", "92\n")}, placements...), nones...)
	r = verdicts(Contest(context.Background(), set, subs, truths, Limits{}))
	if n["corners"] != 1 || n["eight"] != 1 {
		t.Errorf("the truths were asked %v, want corners and eight once each", n)
	}
	for _, team := range []string{"dee", "eve"} {
		if r[team].Verdict != WA || r[team].WithoutTruth {
			t.Errorf("%s (none): %s %q (WithoutTruth %v), want WA against the truth", team, r[team].Verdict, r[team].Message, r[team].WithoutTruth)
		}
	}

	// The truth out of reach: none is JE with the reason, the placements
	// are judged as before.
	truths, _ = counting(errStopped)
	r = verdicts(Contest(context.Background(), set, append(placements[:3:3], nones...), truths, Limits{}))
	for team, v := range want {
		if r[team].Verdict != v {
			t.Errorf("no truth: %s: %s %q, want %s", team, r[team].Verdict, r[team].Message, v)
		}
	}
	for _, team := range []string{"dee", "eve"} {
		if res := r[team]; res.Verdict != JE || !strings.Contains(res.Message, "no ground truth to judge none: stopped at its budget of 1 CPU-second") || res.WithoutTruth {
			t.Errorf("no truth: %s (none): %s %q, want JE naming the budget", team, res.Verdict, res.Message)
		}
	}
}
