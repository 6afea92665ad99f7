package solver

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/queensjudge/queensjudge/internal/testflag"
)

// quadrantTotal counts every subproblem of qd on one worker.
func quadrantTotal(qd *quadrants) uint64 {
	w := newQuadWork()
	var total uint64
	for _, sub := range qd.subs {
		total += qd.count(sub, w)
	}
	return total
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
			plain := mustQuadrants(newQuadrants(p, group, false, new(atomic.Bool), 2))
			bounded := mustQuadrants(newQuadrants(p, group, true, new(atomic.Bool), 2))
			if len(plain.subs) != len(bounded.subs) {
				t.Fatalf("%s n=%d: %d subproblems plain, %d bounded", p.Kind, n, len(plain.subs), len(bounded.subs))
			}
			if got, want := quadrantTotal(bounded), quadrantTotal(plain); got != want {
				t.Errorf("%s n=%d %v: bounded join counts %d, plain %d", p.Kind, n, boardRows(p), got, want)
			}
			if len(bounded.groups) <= len(plain.groups) && n > 6 {
				t.Errorf("%s n=%d: %d groups bounded, %d plain", p.Kind, n, len(bounded.groups), len(plain.groups))
			}
		}
		// Images mode: a few reserved squares that no symmetry keeps.
		if n >= 8 && n <= 13 {
			p := Problem{Kind: Reserved, N: n, Reserved: make([]uint64, n)}
			for range 3 {
				p.Reserved[rng.IntN(n)] |= 1 << uint(rng.IntN(n))
			}
			plain := mustQuadrants(newImageQuadrants(p, false, new(atomic.Bool), 2))
			bounded := mustQuadrants(newImageQuadrants(p, true, new(atomic.Bool), 2))
			got, want, search := quadrantTotal(bounded), quadrantTotal(plain), newBoard(p).count(0, 0, 0, 0)
			if got != want || want != search {
				t.Errorf("images n=%d %v: bounded join counts %d, plain %d, the search %d", n, boardRows(p), got, want, search)
			}
		}
	}
}

// TestTablesOneGroupAtATime counts joins whose workers share tables a group
// at a time (the bounded join, and the plain one of odd boards) with more
// workers than cores: the totals are those of one worker, each group's
// tables were made once, no two groups' ever held memory at once, and every
// group is let go at the end.
// A checkpoint that fails midway stops the workers, which must not wait for
// each other for ever. The quick suite's boards are 11 to 13 (odd and
// even); 14 (0.2 s of CPU more), which checks the same on a bigger even
// board, with -long.
func TestTablesOneGroupAtATime(t *testing.T) {
	t.Parallel() // no shared state, no time bound: it runs beside the other such tests
	sizes := []int{11, 12, 13}
	if testflag.Long() {
		sizes = append(sizes, 14)
	}
	for _, n := range sizes {
		for _, bounded := range []bool{false, true} {
			if !bounded && n%2 == 0 {
				continue // one configuration, its tables made at once
			}
			p := Problem{Kind: NQueens, N: n}
			want := quadrantTotal(mustQuadrants(newQuadrants(p, BoardSyms(p), bounded, new(atomic.Bool), 1)))
			qd := mustQuadrants(newQuadrants(p, BoardSyms(p), bounded, new(atomic.Bool), 2))
			if len(qd.groups) < 4 {
				t.Fatalf("n=%d bounded=%v: %d groups, too few to test", n, bounded, len(qd.groups))
			}
			got, err := qd.run(context.Background(), Options{Workers: 5})
			if err != nil || got != want {
				t.Errorf("n=%d bounded=%v: 5 workers count %d, %v; one counts %d", n, bounded, got, err, want)
			}
			if qd.madePeak != 1 || qd.makes != len(qd.groups) || qd.madeNow != 0 || len(qd.open) != 0 {
				t.Errorf("n=%d bounded=%v: at most %d groups' tables at once, %d made for %d groups, %d left made, %d open; want 1, each once, 0, 0",
					n, bounded, qd.madePeak, qd.makes, len(qd.groups), qd.madeNow, len(qd.open))
			}

			qd = mustQuadrants(newQuadrants(p, BoardSyms(p), bounded, new(atomic.Bool), 2))
			failed := errors.New("disk full")
			var calls atomic.Int32
			checkpoint := func(int, uint64) error {
				if calls.Add(1) == int32(len(qd.subs)/2) {
					return failed
				}
				return nil
			}
			if _, err := qd.run(context.Background(), Options{Workers: 5, Checkpoint: checkpoint}); err != failed {
				t.Errorf("n=%d bounded=%v: a failed checkpoint gave %v", n, bounded, err)
			}
			if qd.madeNow != 0 || len(qd.open) != 0 {
				t.Errorf("n=%d bounded=%v: after a failed checkpoint %d groups left made, %d open", n, bounded, qd.madeNow, len(qd.open))
			}
		}
	}
}

// mustQuadrants returns the join a constructor made, and panics on its
// error: the boards of the tests are all ones the join takes.
func mustQuadrants(qd *quadrants, err error) *quadrants {
	if err != nil {
		panic(err)
	}
	return qd
}

// TestBoundedSlices checks the bounded join's tables made for the
// subproblems a run counts only (see readOnly): slices of the count, and
// a count resumed with some subproblems kept, add up to the whole on open
// boards, reserved ones with and without symmetry, and in images mode; and
// a slice's tables hold fewer entries than the whole count's. The quick
// suite's boards are 10 to 12; 13 and 14 with -long.
func TestBoundedSlices(t *testing.T) {
	t.Parallel() // no shared state, no time bound: it runs beside the other such tests
	top := 12
	if testflag.Long() {
		top = 14
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for n := 10; n <= top; n++ {
		boards := map[string]func() *quadrants{
			"open": func() *quadrants {
				p := Problem{Kind: NQueens, N: n}
				return mustQuadrants(newQuadrants(p, BoardSyms(p), true, new(atomic.Bool), 2))
			},
		}
		reserved := randomReserved(rng, n, 0.05, Identity)
		boards["reserved"] = func() *quadrants {
			return mustQuadrants(newQuadrants(reserved, BoardSyms(reserved), true, new(atomic.Bool), 2))
		}
		images := Problem{Kind: Reserved, N: n, Reserved: make([]uint64, n)}
		for range 2 {
			images.Reserved[rng.IntN(n)] |= 1 << uint(rng.IntN(n))
		}
		boards["images"] = func() *quadrants { return mustQuadrants(newImageQuadrants(images, true, new(atomic.Bool), 2)) }
		for name, build := range boards {
			want := quadrantTotal(build())
			for _, k := range []int{3, 20} {
				var sum uint64
				for i := range k {
					got, err := build().run(context.Background(), Options{Workers: 2, Shard: Shard{I: i, K: k}})
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
			w := newQuadWork()
			for i := 0; i < len(qd.subs); i += 3 {
				kept[i] = qd.count(qd.subs[i], w)
			}
			resume := func(i int) (uint64, bool) { c, ok := kept[i]; return c, ok }
			if got, err := build().run(context.Background(), Options{Workers: 2, Resume: resume}); err != nil || got != want {
				t.Errorf("%s n=%d: resumed with a third kept: %d, %v; the whole count is %d", name, n, got, err, want)
			}
		}
	}

	// A slice's tables hold fewer entries than the whole count's.
	p := Problem{Kind: NQueens, N: 12}
	qd := mustQuadrants(newQuadrants(p, BoardSyms(p), true, new(atomic.Bool), 1))
	entries := func(todo []int) int {
		qd.readOnly(todo)
		total := 0
		for _, tab := range qd.tables(qd.groups[qd.subs[todo[0]].group], &[4]keyed{}, new(atomic.Bool)) {
			total += len(tab.key)
		}
		return total
	}
	var all []int
	for i, sub := range qd.subs {
		if sub.group == qd.subs[len(qd.subs)/2].group {
			all = append(all, i)
		}
	}
	whole, slice := entries(all), entries(all[:len(all)/10])
	if slice >= whole {
		t.Errorf("n=12: the tables of a tenth of a group's subproblems hold %d entries, of all of them %d", slice, whole)
	}
	t.Logf("n=12: the tables of a group: %d entries; of a tenth of its subproblems, %d", whole, slice)
}

// TestColumnsWithin checks the columns a quarter's walk may add to each
// column set against their definition: m|1<<j lies within one of the sets.
func TestColumnsWithin(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, h := range []int{1, 3, 6} {
		for range 20 {
			var sets []uint32
			bitset := make([]uint64, (1<<h+63)/64)
			for range rng.IntN(4) + 1 {
				m := uint32(rng.IntN(1 << h))
				sets = append(sets, m)
				bitset[m/64] |= 1 << (m % 64)
			}
			cols := columnsWithin(bitset, h)
			for m := range uint32(1 << h) {
				var want uint32
				for j := range uint(h) {
					for _, s := range sets {
						if m&(1<<j) == 0 && (m|1<<j)&^s == 0 {
							want |= 1 << j
						}
					}
				}
				if cols[m] != want {
					t.Fatalf("h=%d sets %b: cols[%b] = %b, want %b", h, sets, m, cols[m], want)
				}
			}
		}
	}
}
