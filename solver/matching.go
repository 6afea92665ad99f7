package solver

import "math/bits"

// kuhn is a matching of a bipartite graph of at most 64 vertices a side,
// each left vertex's neighbours a word, grown by Kuhn's augmenting paths
// ("The Hungarian method for the assignment problem", 1955). It is the
// matching of the small graphs, searched at every node of a search: the
// rows left onto the columns left (matchSearch), the lines of a reserved
// board (the proof's matcher), the knights' squares (the König bound).
// Their callers keep a matching from one node to the next and repair it,
// and a word a side makes a path's search a few instructions a step,
// which Hopcroft and Karp's layers do not pay back at 64 vertices. The
// wide boards keep their own matching (bipartite, reserved_wide.go), for
// the reason given there.
type kuhn struct {
	adj   []uint64 // adj[l]: the right vertices joined to left vertex l
	mateL []int8   // the right vertex matched to each left one, as paths flip
	mateR [64]int8 // the left vertex matched to each right one, or -1
}

// noMates is a kuhn's mateR with no right vertex matched.
var noMates = func() (m [64]int8) {
	for i := range m {
		m[i] = -1
	}
	return m
}()

// augment looks for an augmenting path from left vertex l through right
// vertices not in seen, and flips it: l is matched, and every right
// vertex matched before still is. The right vertices it looks at are
// added to seen; a caller makes seen start with the vertices to avoid.
func (k *kuhn) augment(l int, seen *uint64) bool {
	for f := k.adj[l] &^ *seen; f != 0; f &= f - 1 {
		r := bits.TrailingZeros64(f)
		if *seen>>uint(r)&1 == 1 {
			continue // seen further down the path since f was taken
		}
		*seen |= 1 << uint(r)
		if o := k.mateR[r]; o < 0 || k.augment(int(o), seen) {
			k.mateL[l], k.mateR[r] = int8(r), int8(l)
			return true
		}
	}
	return false
}
