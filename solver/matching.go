package solver

import "math/bits"

// matching is a matching of a bipartite graph grown by Kuhn's augmenting
// paths ("The Hungarian method for the assignment problem", 1955), each
// left vertex's neighbours a set of w words: right vertex r is bit r%64 of
// word r/64. It is the one matching of the solver, for the small graphs
// searched at every node, in a word a side (w = 1): the rows left onto
// the columns left (matchSearch), the lines of a reserved board (the
// proof's matcher), the knights' squares (the König bound); and for the
// lines of the wide boards, up to 2n-1 = 1,999 a side (wideMatchings,
// rowColFilter). The small callers keep a matching from one node to the
// next and repair it from a few left vertices, which Hopcroft and Karp's
// layers cannot, and a path's search over words is a few instructions a
// step. A path visits each right vertex once, so a maximum costs at most
// left × left × w words read (about 1.3·10⁸ for the diagonals against the
// anti-diagonals at n = 1,000), and after the greedy pass the paths are
// few and short: on the wide boards it takes less time than Hopcroft and
// Karp's layers over lists of edges did (BenchmarkWideMatchings), and on
// the small ones as much as a word-only matching did (BenchmarkMatchings).
//
// Its vertices are numbered by M: int8 for the small graphs, whose
// callers keep a matching in every node of a search (matchNode), int16
// for the wide boards' lines.
type matching[M mate] struct {
	w     int
	adj   []uint64 // adj[l*w:(l+1)*w]: the right vertices joined to left vertex l
	mateL []M      // the right vertex matched to each left one, as paths flip
	mateR []M      // the left vertex matched to each right one, or -1
	// seen is the right vertices a path may not go through, w words: a
	// caller sets it before augment to the vertices to avoid (none, or
	// those outside the graph), and augment adds those it looks at.
	seen []uint64
}

// mate is the type of a matching's vertex numbers.
type mate interface{ ~int8 | ~int16 }

// noMates is a matching's mateR with no right vertex matched, for the
// graphs of a word a side.
var noMates = func() (m [64]int8) {
	for i := range m {
		m[i] = -1
	}
	return m
}()

// augment looks for an augmenting path from left vertex l through right
// vertices not in seen, and flips it: l is matched, and every right
// vertex matched before still is.
func (m *matching[M]) augment(l int) bool {
	if m.w == 1 {
		return m.augmentWord(l)
	}
	row := m.adj[l*m.w : (l+1)*m.w]
	for i, a := range row {
		for f := a &^ m.seen[i]; f != 0; f &= f - 1 {
			b := bits.TrailingZeros64(f)
			if m.seen[i]>>uint(b)&1 == 1 {
				continue // seen further down the path since f was taken
			}
			m.seen[i] |= 1 << uint(b)
			r := i<<6 | b
			if o := m.mateR[r]; o < 0 || m.augment(int(o)) {
				m.mateL[l], m.mateR[r] = M(r), M(l)
				return true
			}
		}
	}
	return false
}

// augmentWord is augment on a graph of a word a side (w = 1), which the
// small graphs' callers, at every node of a search, call directly: the
// same path without the loop over a row's words. mateR must have room
// for 64 (newMatching gives it).
func (m *matching[M]) augmentWord(l int) bool {
	return m.pathWord(l, &m.seen[0], (*[64]M)(m.mateR[:64]))
}

// pathWord is augmentWord's path from l, with seen and mateR as pointers
// to fixed words so that its steps check no bounds.
func (m *matching[M]) pathWord(l int, seen *uint64, mateR *[64]M) bool {
	for f := m.adj[l] &^ *seen; f != 0; f &= f - 1 {
		r := bits.TrailingZeros64(f) & 63
		if *seen>>uint(r)&1 == 1 {
			continue // seen further down the path since f was taken
		}
		*seen |= 1 << uint(r)
		if o := mateR[r]; o < 0 || m.pathWord(int(o), seen, mateR) {
			m.mateL[l], mateR[r] = M(r), M(l)
			return true
		}
	}
	return false
}

// newMatching returns an empty matching of left vertices onto right ones,
// w = ⌈right/64⌉ words a left vertex, for the caller to fill adj.
func newMatching(left, right int) *matching[int16] {
	w := (right + 63) / 64
	m := &matching[int16]{
		w: w, adj: make([]uint64, left*w),
		mateL: make([]int16, left), mateR: make([]int16, right, max(right, 64)),
		seen: make([]uint64, w),
	}
	return m
}

// edge joins left vertex l to right vertex r.
func (m *matching[M]) edge(l, r int) {
	m.adj[l*m.w+r>>6] |= 1 << uint(r&63)
}

// maximum returns the size of a largest matching, which it leaves in mateL
// and mateR: a greedy pass, then a path from each left vertex left.
func (m *matching[M]) maximum() int {
	for i := range m.mateL {
		m.mateL[i] = -1
	}
	for i := range m.mateR {
		m.mateR[i] = -1
	}
	clear(m.seen) // the right vertices taken, in the greedy pass
	size := 0
	for l := range m.mateL {
		row := m.adj[l*m.w : (l+1)*m.w]
		for i, a := range row {
			if f := a &^ m.seen[i]; f != 0 {
				r := i<<6 | bits.TrailingZeros64(f)
				m.seen[i] |= 1 << uint(r&63)
				m.mateL[l], m.mateR[r] = M(r), M(l)
				size++
				break
			}
		}
	}
	for l := range m.mateL {
		if m.mateL[l] >= 0 {
			continue
		}
		clear(m.seen)
		if m.augment(l) {
			size++
		}
	}
	return size
}
