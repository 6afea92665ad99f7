package pool

import (
	"errors"
	"sync/atomic"
	"testing"

	_ "github.com/queensjudge/queensjudge/internal/testflag" // -update and -long on ./...
)

func TestEachTakesEveryNumberOnce(t *testing.T) {
	for _, c := range []struct{ k, n int }{{1, 0}, {1, 5}, {2, 1000}, {8, 3}, {4, 100_000}} {
		seen := make([]atomic.Int32, c.n)
		Each(c.k, c.n, nil, func(w, i int) {
			if w < 0 || w >= min(c.k, c.n) {
				t.Errorf("worker %d of %d", w, c.k)
			}
			seen[i].Add(1)
		})
		for i := range seen {
			if got := seen[i].Load(); got != 1 {
				t.Errorf("Each(%d, %d): %d taken %d times, want 1", c.k, c.n, i, got)
			}
		}
	}
}

func TestEachHonoursStop(t *testing.T) {
	var stop atomic.Bool
	var ran atomic.Int64
	Each(2, 1_000_000, &stop, func(w, i int) {
		if ran.Add(1) == 100 {
			stop.Store(true)
		}
	})
	if got := ran.Load(); got < 100 || got > 102 {
		t.Errorf("Each ran %d parts after a stop at the 100th, want 100 to 102 (one a worker in flight)", got)
	}
}

func TestRunRaisesTheFirstPanic(t *testing.T) {
	var stop atomic.Bool
	defer func() {
		p, ok := recover().(*Panic)
		if !ok || p.Value != "boom" || len(p.Stack) == 0 {
			t.Errorf("recovered %v, want a *Panic of \"boom\" with a stack", p)
		}
		if !stop.Load() {
			t.Error("a panic did not set stop")
		}
	}()
	Each(4, 1000, &stop, func(w, i int) {
		if i == 10 {
			panic("boom")
		}
	})
	t.Error("Each returned after a panic")
}

func TestRunKeepsANestedPanic(t *testing.T) {
	defer func() {
		p, ok := recover().(*Panic)
		if !ok || !errors.Is(p, p) || p.Value != 7 {
			t.Errorf("recovered %v, want the inner *Panic of 7", p)
		}
	}()
	Run(2, nil, func(int) {
		Run(2, nil, func(w int) {
			if w == 1 {
				panic(7)
			}
		})
	})
}

func TestCounterTake(t *testing.T) {
	c := NewCounter(10)
	if lo, hi := c.Take(1); lo != 0 || hi != 1 {
		t.Errorf("Take(1) = %d, %d, want 0, 1", lo, hi)
	}
	var got [][2]int
	for {
		lo, hi := c.Take(4)
		if lo == hi {
			break
		}
		got = append(got, [2]int{lo, hi})
	}
	if want := [][2]int{{1, 4}, {4, 8}, {8, 10}}; len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("Take(4) gave %v, want %v", got, want)
	}
	if c.Left() != 0 {
		t.Errorf("Left() = %d after all taken, want 0", c.Left())
	}
}
