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

// TestLimitsLong puts every kind and ask at the edges of the loader's
// table in docs/limits.md, each under a time budget: what is answered is answered in
// time, what is refused is refused by Validate, and a solutions problem
// over the limit is refused, with nothing listed, in time. The budgets are
// loose (a few times what the table says) so that a loaded machine passes;
// the log gives the seconds each took. It takes a few minutes: -long only.
//
//	go test ./solver -run TestLimitsLong -long -v -timeout 0
func TestLimitsLong(t *testing.T) {
	if !testflag.Long() {
		t.Skip("minutes: run with -long")
	}
	type limitCase struct {
		name   string
		p      Problem
		budget time.Duration
		// want checks the answer (nil: any answer, no error).
		want func(Answer, error, int) error
	}
	none := func(a Answer, err error, emitted int) error {
		if err != nil || a.Count != 0 || a.Placement != nil || emitted != 0 {
			return fmt.Errorf("%+v, %v, %d emitted; want nothing", a, err, emitted)
		}
		return nil
	}
	refused := func(a Answer, err error, emitted int) error {
		if !errors.Is(err, ErrTooManySolutions) || emitted != 0 {
			return fmt.Errorf("%v, %d emitted; want too many solutions, nothing emitted", err, emitted)
		}
		return nil
	}
	placed := func(a Answer, err error, emitted int) error {
		if err != nil || a.Placement == nil {
			return fmt.Errorf("%+v, %v; want a placement", a, err)
		}
		return nil
	}
	var cases []limitCase
	add := func(name string, p Problem, budget time.Duration, want func(Answer, error, int) error) {
		cases = append(cases, limitCase{name, p, budget, want})
	}

	// nqueens: solutions listed up to n = 14 (365,596), refused from 15 on
	// after a count of a million; placement to 10^7; count and unique to
	// n = 17 here (n = 18 and more: minutes to years, see the README).
	add("nqueens solutions 14", Problem{Kind: NQueens, N: 14, Ask: AskSolutions}, 30*time.Second, nil)
	for _, n := range []int{15, 16, 18, 20, 22, 24, 26, 27} {
		add(fmt.Sprint("nqueens solutions ", n), Problem{Kind: NQueens, N: n, Ask: AskSolutions}, 10*time.Second, refused)
	}
	add("nqueens placement 10^7", Problem{Kind: NQueens, N: MaxPlacementN, Ask: AskPlacement}, 30*time.Second, placed)
	for _, ask := range []Ask{AskCount, AskUnique} {
		add(fmt.Sprint("nqueens ", ask, " 17"), Problem{Kind: NQueens, N: 17, Ask: ask}, 60*time.Second, nil)
	}

	// reserved, n = 32: boards with no placement, every ask, in well
	// under a second; random boards with 5% to 80% reserved, placement;
	// count, unique and solutions of a board with 75%.
	for name, p := range impossibleBoards(MaxReservedN) {
		for _, ask := range []Ask{AskPlacement, AskCount, AskUnique, AskSolutions} {
			p.Ask = ask
			add(fmt.Sprint("reserved 32 ", name, " ", ask), p, time.Second, none)
		}
	}
	rng := rand.New(rand.NewPCG(32, 32))
	for _, d := range []float64{0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.8} {
		for i := 0; i < 3; i++ {
			p := randomReserved(rng, MaxReservedN, d, Identity)
			p.Ask = AskPlacement
			add(fmt.Sprintf("reserved 32 %.0f%% placement", 100*d), p, 10*time.Second, nil)
		}
	}
	dense := randomReserved(rand.New(rand.NewPCG(9, 9)), 32, 0.75, Identity) // 361 placements
	for _, ask := range []Ask{AskCount, AskUnique, AskSolutions} {
		dense.Ask = ask
		add(fmt.Sprint("reserved 32 75% ", ask), dense, 10*time.Second, nil)
	}
	sparse := randomReserved(rand.New(rand.NewPCG(10, 10)), 32, 0.1, Identity)
	sparse.Ask = AskSolutions
	add("reserved 32 10% solutions", sparse, 10*time.Second, refused)

	// queens-knights: max and placement for every m to n = 23; count,
	// unique and solutions of every m Validate lets through to n = 20.
	for n := 1; n <= MaxKnightsN; n++ {
		add(fmt.Sprint("queens-knights max ", n), Problem{Kind: QueensKnights, N: n, M: AnyM, Ask: AskMax}, 10*time.Second, nil)
		for m := 0; m <= n; m++ {
			add(fmt.Sprint("queens-knights placement ", n, " m=", m), Problem{Kind: QueensKnights, N: n, M: m, Ask: AskPlacement}, 10*time.Second, nil)
		}
	}
	for n := 1; n <= MaxKnightsCountN; n++ {
		for _, ask := range []Ask{AskCount, AskUnique, AskSolutions} {
			for m := 0; m <= n; m++ {
				p := Problem{Kind: QueensKnights, N: n, M: m, Ask: ask}
				if p.Validate() != nil {
					continue
				}
				budget := 30 * time.Second
				if n >= 17 && m == n-4 {
					budget = 60 * time.Second // the largest m: KNIGHTS.md
				}
				add(fmt.Sprint("queens-knights ", ask, " ", n, " m=", m), p, budget, nil)
			}
		}
	}

	for _, c := range cases {
		ctx, cancel := context.WithTimeout(context.Background(), c.budget)
		emitted := 0
		start := time.Now()
		a, err := Solve(ctx, c.p, Options{Emit: func(Placement) error { emitted++; return nil }})
		took := time.Since(start)
		cancel()
		switch {
		case errors.Is(err, context.DeadlineExceeded):
			t.Errorf("%s: not answered within %v", c.name, c.budget)
		case c.want != nil:
			if e := c.want(a, err, emitted); e != nil {
				t.Errorf("%s: %v", c.name, e)
			}
		case err != nil && !errors.Is(err, ErrTooManySolutions):
			t.Errorf("%s: %v", c.name, err)
		}
		if took > 100*time.Millisecond {
			t.Logf("%s: %.2f s", c.name, took.Seconds())
		}
	}

	// What Validate refuses, it refuses by m, with the bounds in words.
	for n := 12; n <= MaxKnightsCountN; n++ {
		for _, ask := range []Ask{AskCount, AskUnique, AskSolutions} {
			lo, hi, _ := KnightsCountM(n, ask)
			for m := lo + 1; m < hi; m++ {
				var fe *FieldError
				if err := (Problem{Kind: QueensKnights, N: n, M: m, Ask: ask}).Validate(); !errors.As(err, &fe) || fe.Field != FieldM {
					t.Errorf("queens-knights %s %d m=%d: Validate() = %v, want an error about m", ask, n, m, err)
				}
			}
		}
	}
}
