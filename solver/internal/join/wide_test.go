package join

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
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
		var sl sliced
		var buf []uint64
		for i, width := range []uint{42, 36, 41, 40, 42} {
			north := randomKeys(rng, 64*40+7, width, 2, false)
			south := randomKeys(rng, 300, width, 2, true)
			sl.build(north, width, withKernel(k))
			if got, want := sl.count(south, &buf, nil), pairsWide(north, south, width); got != want {
				t.Errorf("table reused, build %d of width %d: %s count = %d, want %d", i, width, k, got, want)
			}
		}
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
			var m splitMatch
			var sl sliced
			m.bucket(north)
			if got := m.count(south, 42, &sl, withKernel(k), nil); got != want {
				t.Errorf("%d north, 900 south keys of 42 bits: %s count = %d, want %d", nNorth, k, got, want)
			}
		}
	}
}

// widestKeys returns the widest key (matchWidth) of the configurations of
// an open n×n board joined under group, in images mode when images is set:
// every middle placement (the identity group lists them all on an odd
// board; reserved squares only remove some), laid out without listing the
// subproblems.
func widestKeys(n int, group []Sym, images bool) uint {
	qd := &Join{n: n, h: n / 2, group: group, conf: DefaultConfig()}
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
	for n := 10; n <= 23; n++ { // the boards solver counts by the join
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
	qd, err := New(Board{N: 24, Group: []Sym{Identity}, Bounded: true}, DefaultConfig(), new(atomic.Bool), 1)
	if err == nil || qd != nil || !strings.Contains(err.Error(), "keys of 46 bits") {
		t.Errorf("New(n = 24) = %v, %v; want a refusal of keys of 46 bits", qd, err)
	}
}
