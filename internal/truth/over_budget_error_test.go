package truth

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/solver"
)

// TestOverBudgetErrorSaysTheWayOn checks what a problem over its budget tells
// the user: the estimate and the budget, and what to do: raise the budget,
// slice a long count, or go on from the subproblems a stopped count kept.
func TestOverBudgetErrorSaysTheWayOn(t *testing.T) {
	refused := &solver.BudgetError{Cost: solver.Cost{Seconds: 3.1 * 365.25 * 86400}, Budget: 10 * time.Minute}
	stopped := &solver.BudgetError{Cost: solver.Cost{Seconds: 1200}, Budget: 10 * time.Minute, Stopped: true}
	for _, c := range []struct {
		err  *OverBudgetError
		want []string
	}{
		{&OverBudgetError{Err: refused, Sliceable: true}, []string{"estimated 3.1 CPU-years", "the budget is 10 CPU-minutes", "--budget", "solve --shard"}},
		{&OverBudgetError{Err: refused}, []string{"estimated 3.1 CPU-years", "raise it with --budget"}},
		{&OverBudgetError{Err: stopped, Kept: 812, Total: 23573, Sliceable: true}, []string{"stopped at its budget of 10 CPU-minutes", "estimated: 20 CPU-minutes", "812 of 23573 subproblems are counted and kept", "larger --budget"}},
	} {
		msg := c.err.Error()
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%q: want %q in it", msg, w)
			}
		}
		if !c.err.Sliceable && strings.Contains(msg, "--shard") {
			t.Errorf("%q: a problem that is no long count is not sliced", msg)
		}
		if !errors.Is(c.err, solver.ErrOverBudget) {
			t.Errorf("%q is not solver.ErrOverBudget", msg)
		}
	}
}
