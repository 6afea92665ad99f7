package solver

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/testflag"
)

// pairsWide is what sliced counts for keys of width bits, pair by pair:
// the pairs of a north key and a south key with no bit in common below
// width, each weighed by 2 to the number of the south key's bits 62 and 63.
func pairsWide(north, south []uint64, width uint) uint64 {
	mask := uint64(1)<<width - 1
	var total uint64
	for _, s := range south {
		w := uint(bits.OnesCount64(s >> 62))
		for _, k := range north {
			if k&s&mask == 0 {
				total += 1 << w
			}
		}
	}
	return total
}

// TestSlicedWide checks sliced on keys wider than the kernels take (41 and
// 42 bits, n = 22's), matched in parts, with each kernel, against the
// pair-by-pair count: north keys with the high bits rare (as the join lays
// them out) and common, tables of every size class, and one table built
// wide, narrow and wide again.
func TestSlicedWide(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 42))
	for _, width := range []uint{41, 42} {
		for _, rare := range []bool{true, false} {
			for _, nNorth := range []int{0, 1, 65, 64*13 + 5, 64*130 + 1} {
				for _, nSouth := range []int{0, 1, 200} {
					north := randomKeys(rng, nNorth, width, 1+rng.IntN(2), false)
					if rare {
						for i := range north {
							if i%16 != 0 {
								north[i] &= 1<<maxKeyBits - 1
							}
						}
					}
					south := randomKeys(rng, nSouth, width, 1+rng.IntN(3), true)
					want := pairsWide(north, south, width)
					for _, k := range kernels() {
						if got, _ := slicedCount(k, north, south, width); got != want {
							t.Errorf("width %d, %d north (high bits rare: %v), %d south keys: %s count = %d, want %d", width, nNorth, rare, nSouth, k, got, want)
						}
					}
				}
			}
		}
	}
	for _, k := range kernels() {
		withKernel(k, func() {
			var sl sliced
			var buf []uint64
			for i, width := range []uint{42, 36, 41, 40, 42} {
				north := randomKeys(rng, 64*40+7, width, 2, false)
				south := randomKeys(rng, 300, width, 2, true)
				sl.build(north, width)
				if got, want := sl.count(south, &buf, nil), pairsWide(north, south, width); got != want {
					t.Errorf("table reused, build %d of width %d: %s count = %d, want %d", i, width, k, got, want)
				}
			}
		})
	}
}

// TestSplitMatchWide checks splitMatch on 42-bit keys, whose bucket tables
// are built in parts, against the pair-by-pair count.
func TestSplitMatchWide(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 22))
	for _, nNorth := range []int{300, 5000} {
		north := randomKeys(rng, nNorth, 42, 2, false)
		south := randomKeys(rng, 900, 42, 2, true)
		want := pairsWide(north, south, 42)
		for _, k := range kernels() {
			withKernel(k, func() {
				var m splitMatch
				var sl sliced
				m.bucket(north)
				if got := m.count(south, 42, &sl, nil); got != want {
					t.Errorf("%d north, 900 south keys of 42 bits: %s count = %d, want %d", nNorth, k, got, want)
				}
			})
		}
	}
}

// widestKeys returns the widest key (matchWidth) of the configurations of
// an open n×n board joined under group, in images mode when images is set:
// every middle placement (the identity group lists them all on an odd
// board; reserved squares only remove some), laid out without listing the
// subproblems.
func widestKeys(n int, group []Sym, images bool) uint {
	qd := &quadrants{n: n, h: n / 2, group: group, keyRoom: maxKeyBits}
	if images {
		qd.img = &imageSet{}
	}
	qd.window()
	var w uint
	for _, md := range qd.middles() {
		c := &quadCfg{middle: md}
		qd.layout(c)
		w = max(w, qd.matchWidth(c))
	}
	return w
}

// TestKeyWidths checks the widths of the keys the join gives the matcher,
// for every board it is used for, against what layout says of them: on an
// even board 2n-2 window bits less the long diagonals evenPlan weighs; on an
// odd one 2n-6 (the window's 2n-4 less the centre queen's two, or those of
// a pair one of whose queens stands on the edge). In images mode (all 8
// symmetries, both long diagonals weighed) an even board's keys have two
// bits more, and 8 more for the marks of the images hit where they fit in
// maxKeyBits. Only n = 22 goes above maxKeyBits, and no board above
// maxWideBits.
func TestKeyWidths(t *testing.T) {
	check := func(n int, what string, got, want uint) {
		t.Helper()
		if got != want {
			t.Errorf("n=%d, %s: keys of %d bits, want %d", n, what, got, want)
		}
		if got > maxWideBits || got > maxKeyBits && n != 22 {
			t.Errorf("n=%d, %s: keys of %d bits, more than the matcher takes", n, what, got)
		}
	}
	for n := minQuadrantN; n <= maxQuadrantN; n++ {
		live := uint(2*n - 6) // the widest of an odd board, in images mode too
		if n%2 == 0 {
			live = uint(2*n - 4) // under all 8 symmetries
		}
		images := live
		if n%2 == 0 {
			images = live + 2
		}
		if live+8 <= maxKeyBits {
			images = live + 8
		}
		check(n, "images mode", widestKeys(n, Syms, true), images)
		for _, g := range subgroups {
			if n%2 == 1 {
				// The identity's middle placements are all of them, and
				// an odd board weighs no long diagonal.
				check(n, "no symmetry", widestKeys(n, []Sym{Identity}, false), live)
				break
			}
			_, d, a := evenPlan(g)
			check(n, fmt.Sprintf("group %v", g), widestKeys(n, g, false), uint(2*n-2)-uint(b2i(d)+b2i(a)))
		}
	}
}

// TestWideKeysRefused checks that the join refuses, with an error, a board
// whose keys are wider than the matcher takes: n = 24 (beyond the join's
// sizes) under no symmetry, 46 bits.
func TestWideKeysRefused(t *testing.T) {
	qd, err := buildQuadrants(24, nil, []Sym{Identity}, nil, true, new(atomic.Bool), 1)
	if err == nil || qd != nil || !strings.Contains(err.Error(), "keys of 46 bits") {
		t.Errorf("buildQuadrants(24) = %v, %v; want a refusal of keys of 46 bits", qd, err)
	}
}

// TestWideAgainstSearch checks the counts made with keys matched in parts
// against the plain search, on small reserved boards with the kernels'
// width lowered (wideBits) to two bits below each board's widest key: the
// join under groups that weigh both long diagonals, one or none, and images
// mode (with and without the marks of the images hit), in the plain and
// the bounded join, with every list matched by splitMatch too. The quick
// suite's boards are 10×10, the smallest the join takes; 11×11 (1 s of
// CPU more), which checks the same on a bigger board, with -long.
func TestWideAgainstSearch(t *testing.T) {
	defer func(old uint, oldSplit int) { wideBits, minSplitKeys = old, oldSplit }(wideBits, minSplitKeys)
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
			for _, split := range []int{4096, 1} {
				minSplitKeys = split
				for _, bounded := range []bool{false, true} {
					if split == 1 && bounded {
						continue // TestCountSplit takes the bounded join through split
					}
					for _, images := range []bool{false, true} {
						wideBits = maxKeyBits
						var qd *quadrants
						if images {
							qd = mustQuadrants(newImageQuadrants(p, bounded, new(atomic.Bool), 1))
						} else {
							qd = mustQuadrants(newQuadrants(p, BoardSyms(p), bounded, new(atomic.Bool), 1))
						}
						var w uint
						for _, c := range qd.cfgs {
							w = max(w, qd.matchWidth(c))
						}
						wideBits = w - maxOverBits
						for _, room := range []uint{maxKeyBits, 0} {
							if !images && room == 0 {
								continue
							}
							qd.keyRoom = room
							if got := quadrantTotal(qd); got != want {
								t.Errorf("%v, n=%d, images mode %v, bounded %v, split %v, room %d: keys of %d bits in parts above %d count %d, want %d",
									boardRows(p), n, images, bounded, split == 1, room, w, wideBits, got, want)
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
	defer func(old int) { minSplitKeys = old }(minSplitKeys)
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
		minSplitKeys = split
		for i, p := range ps {
			qd := mustQuadrants(newImageQuadrants(p, false, new(atomic.Bool), 2))
			if got := quadrantTotal(qd); got != want[i] {
				t.Errorf("%v: images mode, lists of %d keys or more split, counts %d, the plain search %d", boardRows(p), split, got, want[i])
			}
		}
	}
}
