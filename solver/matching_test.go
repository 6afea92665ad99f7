package solver

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestKuhnAgainstBrute checks the matching of a word a side, grown by a path from each
// left vertex as its callers grow it, with the largest matching found by
// trying every set of edges, on small random graphs of up to 64 right
// vertices, some of them avoided (a path's seen starting with them, as
// the knights' König bound does).
func TestKuhnAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(48, 1))
	for range 500 {
		left, right := 1+rng.IntN(6), 1+rng.IntN(64)
		var avoid uint64
		if rng.IntN(2) == 0 {
			avoid = rng.Uint64() & rng.Uint64()
		}
		adj := make([]uint64, left)
		var edges [][2]int
		for l := range left {
			for range rng.IntN(4) {
				r := rng.IntN(right)
				if adj[l]>>uint(r)&1 == 0 {
					adj[l] |= 1 << uint(r)
					if avoid>>uint(r)&1 == 0 {
						edges = append(edges, [2]int{l, r})
					}
				}
			}
		}
		var mateL [64]int8
		mateR := noMates
		seen := []uint64{0}
		k := matching[int8]{w: 1, adj: adj, mateL: mateL[:], mateR: mateR[:], seen: seen}
		got := 0
		for l := range left {
			k.seen[0] = avoid
			if k.augment(l) {
				got++
			}
		}
		best := 0
		for set := 0; set < 1<<len(edges); set++ {
			var usedL, usedR uint64
			ok := true
			for i, e := range edges {
				if set>>i&1 == 0 {
					continue
				}
				if usedL>>uint(e[0])&1 == 1 || usedR>>uint(e[1])&1 == 1 {
					ok = false
					break
				}
				usedL |= 1 << uint(e[0])
				usedR |= 1 << uint(e[1])
			}
			if ok {
				best = max(best, bits.OnesCount64(usedL))
			}
		}
		if got != best {
			t.Fatalf("%d×%d graph %v avoiding %#x: matched %d, brute force %d", left, right, edges, avoid, got, best)
		}
		size := 0
		for r, l := range k.mateR {
			if l < 0 {
				continue
			}
			size++
			if avoid>>uint(r)&1 == 1 || adj[l]>>uint(r)&1 == 0 || int(k.mateL[l]) != r {
				t.Fatalf("%d×%d graph %v avoiding %#x: mateR %v, mateL %v: not a matching of its edges", left, right, edges, avoid, k.mateR, k.mateL[:left])
			}
		}
		if size != got {
			t.Fatalf("%d×%d graph %v: mateR holds %d edges, matched %d", left, right, edges, size, got)
		}
	}
}
