package solver

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/testflag"
)

// Bounded by construction: every reserved board of every size and shape,
// for every ask, is answered or refused within its budget, never a panic
// nor another error; and where the plain search finishes, the answer is
// its answer.

// boundedBudget is the budget of each solve of the property test: small,
// so that the boards too large for it are refused or stopped.
const boundedBudget = 300 * time.Millisecond

// boundedShapes returns the boards of side n the property test solves:
// the families of the bug report (shapeBoards), random ones of three
// densities, a band a quarter of the board wide, stripes of reserved
// columns, and one reserved square in a corner, on an edge, in the middle
// and next to it. Past n = 9, where no plain search checks them, the quick
// suite leaves out the random boards of densities 0.05 and 0.3 and the
// reserved square but in the corner: each ask of those ends as the ones
// kept do (answered, refused by its estimate, too many solutions), after
// estimates of 30 to 60 ms each (0.9 s in all); and it asks "mod 4" only
// for a placement, stopped at its budget on 32×32 as no other board's ask
// is (its other asks are refused, after estimates of 140 ms each). With
// -long, all of them and every ask; also one reserved square in each
// position class (an orbit of the square's 8 symmetries), and up to
// n = 12 the families of smallShapes (n² quarters, 4n bands, 120 stripes).
func boundedShapes(n int) map[string]Problem {
	out := shapeBoards(n)
	rng := rand.New(rand.NewPCG(uint64(n), 33))
	for _, d := range []float64{0.05, 0.3, 0.6} {
		out[fmt.Sprint("random ", d)] = randomBoards(rng, 1, n, d)[0]
	}
	out["band n/4"] = freeBoard(n, func(r, c int) bool { return abs(c-r) <= n/4 })
	out["columns 3"] = freeBoard(n, func(r, c int) bool { return c%3 != 1 })
	one := func(r0, c0 int) Problem {
		return freeBoard(n, func(r, c int) bool { return r != r0 || c != c0 })
	}
	out["one: corner"], out["one: edge"] = one(0, 0), one(0, n/2)
	out["one: middle"], out["one: beside it"] = one(n/2, n/2), one(max(0, n/2-1), n/2)
	if !testflag.Long() && n > 9 {
		for _, name := range []string{"random 0.05", "random 0.3", "one: edge", "one: middle", "one: beside it"} {
			delete(out, name)
		}
	}
	if testflag.Long() {
		if n <= 12 {
			for name, p := range smallShapes(n) {
				out[name] = p
			}
		}
		for r := 0; r < (n+1)/2; r++ {
			for c := r; c < n-r; c++ {
				out[fmt.Sprint("one: ", r, c)] = one(r, c)
			}
		}
	}
	return out
}

// TestBoundedShapes solves the boards of boundedShapes, n = 1..32 (in the
// quick suite 1..10 and 32, the largest, not every board past 9; 22 cost
// 1.2 s more), by count, unique, solutions and placement, each under a
// budget of 0.3 CPU-seconds.
func TestBoundedShapes(t *testing.T) {
	sizes := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, MaxReservedN}
	if testflag.Long() {
		sizes = sizes[:0]
		for n := 1; n <= MaxReservedN; n++ {
			sizes = append(sizes, n)
		}
	}
	var answered, refused, stopped int
	for _, n := range sizes {
		for name, p := range boundedShapes(n) {
			var want []Placement
			plain := n <= 9
			if plain {
				want = slowPlacements(p)
			}
			asks := []Ask{AskCount, AskUnique, AskSolutions, AskPlacement}
			if !testflag.Long() && n > 9 && name == "mod 4" {
				asks = asks[3:] // see boundedShapes
			}
			for _, ask := range asks {
				p.Ask = ask
				// A deadline far past the budget: a solve that outruns its
				// budget fails here rather than hanging the suite.
				ctx, cancel := context.WithTimeout(context.Background(), 20*boundedBudget)
				start := time.Now()
				a, err := Solve(ctx, p, Options{Budget: boundedBudget, MaxSolutions: 2000})
				took := time.Since(start)
				cancel()
				where := fmt.Sprintf("n = %d, %s, %s", n, name, ask)
				var be *BudgetError
				switch {
				case errors.As(err, &be):
					if be.Stopped {
						t.Logf("%s: %v", where, err)
						stopped++
					} else {
						refused++
					}
					if plain {
						t.Errorf("%s: %v, but the plain search finishes", where, err)
					}
					continue
				case ask == AskSolutions && errors.Is(err, ErrTooManySolutions):
					if plain && len(want) <= 2000 {
						t.Errorf("%s: %v, but there are %d", where, err, len(want))
					}
					answered++
					continue
				case err != nil:
					t.Errorf("%s: %v", where, err)
					continue
				}
				answered++
				if took > 3*boundedBudget {
					t.Errorf("%s: answered after %v, past its budget of %v", where, took, boundedBudget)
				}
				checkBoundedAnswer(t, where, p, a, want, plain)
			}
		}
	}
	t.Logf("%d answered, %d refused by their estimate, %d stopped at their budget", answered, refused, stopped)
}

// checkBoundedAnswer checks a against the plain search's placements want,
// when plain; and a placement against the rules in any case.
func checkBoundedAnswer(t *testing.T, where string, p Problem, a Answer, want []Placement, plain bool) {
	t.Helper()
	switch p.Ask {
	case AskPlacement:
		if a.Placement != nil {
			if v := Check(p, *a.Placement); v != nil {
				t.Errorf("%s: placement %v: %v", where, a.Placement, v)
			}
		}
		if plain && (a.Placement == nil) != (len(want) == 0) {
			t.Errorf("%s: placement %v, the plain search finds %d", where, a.Placement, len(want))
		}
	case AskCount, AskSolutions:
		if plain && a.Count != uint64(len(want)) {
			t.Errorf("%s: %d, the plain search finds %d", where, a.Count, len(want))
		}
		if !plain && p.N <= smallN && p.Ask == AskCount {
			if c := newBoard(p).countSmall(); a.Count != c {
				t.Errorf("%s: %d, the plain search counts %d", where, a.Count, c)
			}
		}
	case AskUnique:
		if plain {
			if c := bruteClasses(want, BoardSyms(p)); a.Count != uint64(c) {
				t.Errorf("%s: %d, the plain search finds %d classes", where, a.Count, c)
			}
		}
	}
}
