package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/solver/internal/join"
)

// TestWideAgainstSearch checks the counts made with keys matched in parts
// against the plain search, on small reserved boards with the kernels'
// width lowered (join.Config.WideBits) to two bits below each board's
// widest key: the join under groups that weigh both long diagonals, one or
// none, and images mode (with and without the marks of the images hit,
// join.Config.KeyRoom), in the plain and the bounded join, with every list
// matched by buckets too (join.Config.MinSplitKeys). The quick
// suite's boards are 10×10, the smallest the join takes; 11×11 (1 s of
// CPU more), which checks the same on a bigger board, with -long.
func TestWideAgainstSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 40))
	top := minQuadrantN
	if testflag.Long() {
		top = 11
	}
	for n := minQuadrantN; n <= top; n++ {
		var ps []Problem
		for _, g := range []Sym{Identity, Transpose, Rot90, FlipH} {
			ps = append(ps, randomReserved(rng, n, 0.05, g))
		}
		single := Problem{Kind: Reserved, N: n, Reserved: make([]uint64, n)}
		single.Reserved[3] = 1 << 5 // the square of the n = 22 report
		ps = append(ps, single)
		for _, p := range ps {
			want := newBoard(p).count(0, 0, 0, 0)
			for _, split := range []int{join.DefaultConfig().MinSplitKeys, 1} {
				for _, bounded := range []bool{false, true} {
					if split == 1 && bounded {
						continue // TestCountSplit takes the bounded join through split
					}
					for _, images := range []bool{false, true} {
						w := mustJoin(p, BoardSyms(p), images, bounded, join.DefaultConfig(), 1).KeyBits()
						conf := join.DefaultConfig()
						conf.WideBits, conf.MinSplitKeys = w-2, split // two bits in parts, the most the matcher takes
						for _, room := range []uint{conf.KeyRoom, 0} {
							if !images && room == 0 {
								continue
							}
							conf.KeyRoom = room
							if got := quadrantTotal(mustJoin(p, BoardSyms(p), images, bounded, conf, 1)); got != want {
								t.Errorf("%v, n=%d, images mode %v, bounded %v, split %v, room %d: keys of %d bits in parts above %d count %d, want %d",
									boardRows(p), n, images, bounded, split == 1, room, w, conf.WideBits, got, want)
							}
						}
					}
				}
			}
		}
	}
}

// TestReservedSlicesLarge counts slices of n = 22 and 23 reserved boards of
// several shapes, the n = 22 ones with keys of 42 bits (images mode, and
// the join under no symmetry), which crashed the matcher: each slice
// counts without error, the same on one worker and two. (-long: a slice
// makes a group's tables, 0.1 to 0.7 GB at n = 22, in seconds.)
func TestReservedSlicesLarge(t *testing.T) {
	if !testflag.Long() {
		t.Skip("-long: n = 22 and 23 slices take minutes")
	}
	rng := rand.New(rand.NewPCG(22, 23))
	for _, n := range []int{22, 23} {
		one := Problem{Kind: Reserved, N: n, Ask: AskCount, Reserved: make([]uint64, n)}
		one.Reserved[3] = 1 << 5
		boards := map[string]Problem{"one": one}
		for _, k := range []int{2, 5, 10} {
			p := Problem{Kind: Reserved, N: n, Ask: AskCount, Reserved: make([]uint64, n)}
			for range k {
				p.Reserved[rng.IntN(n)] |= 1 << uint(rng.IntN(n))
			}
			boards[fmt.Sprint(k)] = p
		}
		periodic := Problem{Kind: Reserved, N: n, Ask: AskCount, Reserved: make([]uint64, n)}
		for r := range n {
			for c := range n {
				if (r*n+c)%5 == 0 {
					periodic.Reserved[r] |= 1 << uint(c)
				}
			}
		}
		boards["periodic 20%"] = periodic
		for _, name := range []string{"one", "2", "5", "10", "periodic 20%"} {
			p := boards[name]
			shard := Shard{I: 1000, K: 20000}
			var counts []uint64
			for _, workers := range []int{2, 1} {
				start := time.Now()
				a, err := Solve(context.Background(), p, Options{Shard: shard, Workers: workers})
				if err != nil {
					t.Fatalf("n=%d, %s reserved, slice %d/%d: %v", n, name, shard.I, shard.K, err)
				}
				t.Logf("n=%d, %s reserved (plan %d), slice %d/%d, %d workers: %d in %v", n, name, planCount(p), shard.I, shard.K, workers, a.Count, time.Since(start).Round(time.Millisecond))
				counts = append(counts, a.Count)
				if n == 23 {
					break // keys of at most 40 bits (TestKeyWidths)
				}
			}
			if len(counts) == 2 && counts[0] != counts[1] {
				t.Errorf("n=%d, %s reserved, slice %d/%d: %d on two workers, %d on one", n, name, shard.I, shard.K, counts[0], counts[1])
			}
		}
	}
}

// TestImagesSplitEven counts even boards with a few reserved squares in
// images mode with all or some lists matched by buckets (which images mode
// does on even boards only: its open count, A and B), against the plain
// search. n = 10 and 12; 14 with -long.
func TestImagesSplitEven(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 5))
	top := 12
	if testflag.Long() {
		top = 14
	}
	var ps []Problem
	for n := minQuadrantN; n <= top; n += 2 {
		for _, k := range []int{1, 3, 5} {
			ps = append(ps, randomSquares(rng, n, k))
		}
	}
	want := make([]uint64, len(ps))
	for i, p := range ps {
		want[i] = newBoard(p).count(0, 0, 0, 0)
	}
	// Every list by buckets, or some (the others against the table of all
	// north keys, which the buckets must leave as it was).
	for _, split := range []int{1, 8, 64} {
		conf := join.DefaultConfig()
		conf.MinSplitKeys = split
		for i, p := range ps {
			qd := mustJoin(p, nil, true, false, conf, 2)
			if got := quadrantTotal(qd); got != want[i] {
				t.Errorf("%v: images mode, lists of %d keys or more split, counts %d, the plain search %d", boardRows(p), split, got, want[i])
			}
		}
	}
}
