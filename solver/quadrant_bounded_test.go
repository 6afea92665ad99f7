package solver

import (
	"context"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/solver/internal/join"
)

// quadrantTotal counts every subproblem of j on one worker.
func quadrantTotal(j *join.Join) uint64 {
	count, leave := j.Worker(nil)
	defer leave()
	var total uint64
	for i := range j.Len() {
		total += count(i)
	}
	return total
}

// mustJoin returns the join of p's board under group (images mode's
// ignored), in images mode or not, bounded or not, taking conf's code
// paths, its tables made by up to workers goroutines; it panics on an
// error: the boards of the tests are all ones the join takes.
func mustJoin(p Problem, group []Sym, images, bounded bool, conf join.Config, workers int) *join.Join {
	plan := planJoin
	if images {
		plan = planImages
	}
	b := joinBoard(p, plan, group)
	b.Bounded = bounded
	j, err := join.New(b, conf, new(atomic.Bool), workers)
	if err != nil {
		panic(err)
	}
	return j
}

// TestJoinSyms checks that the join numbers the symmetries as solver
// does: solver passes its own to the join as join.Sym(g).
func TestJoinSyms(t *testing.T) {
	if len(join.Syms) != len(Syms) {
		t.Fatalf("join has %d symmetries, solver %d", len(join.Syms), len(Syms))
	}
	for _, n := range []int{4, 5} {
		for _, g := range Syms {
			for r := range n {
				for c := range n {
					want := g.Apply(Square{r, c}, n)
					if gr, gc := join.Sym(g).Apply(r, c, n); gr != want.Row || gc != want.Col {
						t.Errorf("n=%d: join.Sym(%d).Apply(%d, %d) = (%d, %d), want %v", n, g, r, c, gr, gc, want)
					}
				}
			}
		}
	}
}

// TestBoundedJoin checks the bounded join, whose tables are made a group at
// a time, against the plain one: the same total on open boards, on reserved
// boards with and without symmetry, and in images mode (the search's count
// too). The quick suite's boards go up to 12×12; 13 (half of the test's
// time) and the open 14 to 18, which only check the same on bigger boards,
// with -long.
func TestBoundedJoin(t *testing.T) {
	t.Parallel() // no shared state, no time bound: it runs beside the other such tests
	top := 12
	if testflag.Long() {
		top = 18
	}
	rng := rand.New(rand.NewPCG(22, 23))
	for n := 6; n <= top; n++ {
		boards := []Problem{{Kind: NQueens, N: n}}
		if n <= 13 {
			boards = append(boards, randomReserved(rng, n, 0.05, Identity), randomReserved(rng, n, 0.05, Rot90))
		}
		for _, p := range boards {
			group := BoardSyms(p)
			plain := mustJoin(p, group, false, false, join.DefaultConfig(), 2)
			bounded := mustJoin(p, group, false, true, join.DefaultConfig(), 2)
			if plain.Len() != bounded.Len() {
				t.Fatalf("%s n=%d: %d subproblems plain, %d bounded", p.Kind, n, plain.Len(), bounded.Len())
			}
			if got, want := quadrantTotal(bounded), quadrantTotal(plain); got != want {
				t.Errorf("%s n=%d %v: bounded join counts %d, plain %d", p.Kind, n, boardRows(p), got, want)
			}
		}
		// Images mode: a few reserved squares that no symmetry keeps.
		if n >= 8 && n <= 13 {
			p := Problem{Kind: Reserved, N: n, Reserved: make([]uint64, n)}
			for range 3 {
				p.Reserved[rng.IntN(n)] |= 1 << uint(rng.IntN(n))
			}
			plain := mustJoin(p, nil, true, false, join.DefaultConfig(), 2)
			bounded := mustJoin(p, nil, true, true, join.DefaultConfig(), 2)
			got, want, search := quadrantTotal(bounded), quadrantTotal(plain), newBoard(p).count(0, 0, 0, 0)
			if got != want || want != search {
				t.Errorf("images n=%d %v: bounded join counts %d, plain %d, the search %d", n, boardRows(p), got, want, search)
			}
		}
	}
}

// TestBoundedSlices checks the bounded join's tables made for the
// subproblems a run counts only (see join.Join.Start): slices of the
// count, and a count resumed with some subproblems kept, add up to the
// whole on open boards, reserved ones with and without symmetry, and in
// images mode (join's TestBoundedSliceTables checks that a slice's tables
// hold fewer entries than the whole count's). The quick suite's boards are
// 10 to 12; 13 and 14 with -long.
func TestBoundedSlices(t *testing.T) {
	t.Parallel() // no shared state, no time bound: it runs beside the other such tests
	top := 12
	if testflag.Long() {
		top = 14
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for n := 10; n <= top; n++ {
		boards := map[string]func() *join.Join{
			"open": func() *join.Join {
				p := Problem{Kind: NQueens, N: n}
				return mustJoin(p, BoardSyms(p), false, true, join.DefaultConfig(), 2)
			},
		}
		reserved := randomReserved(rng, n, 0.05, Identity)
		boards["reserved"] = func() *join.Join {
			return mustJoin(reserved, BoardSyms(reserved), false, true, join.DefaultConfig(), 2)
		}
		images := Problem{Kind: Reserved, N: n, Reserved: make([]uint64, n)}
		for range 2 {
			images.Reserved[rng.IntN(n)] |= 1 << uint(rng.IntN(n))
		}
		boards["images"] = func() *join.Join { return mustJoin(images, nil, true, true, join.DefaultConfig(), 2) }
		for name, build := range boards {
			want := quadrantTotal(build())
			for _, k := range []int{3, 20} {
				var sum uint64
				for i := range k {
					got, err := runJoin(context.Background(), build(), Options{Workers: 2, Shard: Shard{I: i, K: k}})
					if err != nil {
						t.Fatal(err)
					}
					sum += got
				}
				if sum != want {
					t.Errorf("%s n=%d: %d slices add up to %d, the whole count is %d", name, n, k, sum, want)
				}
			}
			// Resumed with every third subproblem kept (counted by the
			// plain tables).
			qd := build()
			kept := map[int]uint64{}
			count, leave := qd.Worker(nil)
			for i := 0; i < qd.Len(); i += 3 {
				kept[i] = count(i)
			}
			leave()
			resume := func(i int) (uint64, bool) { c, ok := kept[i]; return c, ok }
			if got, err := runJoin(context.Background(), build(), Options{Workers: 2, Resume: resume}); err != nil || got != want {
				t.Errorf("%s n=%d: resumed with a third kept: %d, %v; the whole count is %d", name, n, got, err, want)
			}
		}
	}
}
