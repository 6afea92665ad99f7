package solver

import "math/bits"

// The proof that a reserved board has no placement, or that some of its
// free squares hold no queen in any placement, without a search.
//
// Every queen takes one line of each of four families: a row, a column, a
// diagonal (c-r) and an anti-diagonal (r+c). So the k queens still to place
// on the rows left need, for each pair of families, k lines of the one
// matched with k distinct lines of the other through the squares left: the
// rows onto the columns left, the rows into distinct diagonals, and so on,
// six bipartite graphs in all. Any two lines of different families meet in
// at most one square, so the edges of each graph are squares. A square that
// lies in no matching of size k of some graph lies in no placement, and is
// dropped (Régin's filtering of alldifferent: an edge is in some maximum
// matching when it is in the one found, joins two vertices of one strongly
// connected component of the alternating graph, or lies on an even
// alternating path from an unmatched vertex). prune drops them graph after
// graph until none is dropped, and the board is proved empty when some graph
// has no matching of size k.
//
// The counting alone decides the boards the plain search and matchSearch
// took minutes on: a 32×32 checkerboard has 31 diagonals of its colour for
// 32 rows, a band |c-r| < n/2 has n-1 diagonals, an anti-band n-1
// anti-diagonals. With the bottom-right quarter reserved, the rows of the
// lower half must take the columns of the left half, so the rows-onto-
// columns graph drops the top-left quarter; what is left has n rows and n-1
// anti-diagonals.

// proof holds the six graphs of prune and the matcher's work space, so that
// a search can prune at every node without allocating.
type proof struct {
	n int
	m matcher
}

// pair is one of prune's six graphs: which families are left and right.
type pair int

const (
	rowCol pair = iota
	rowDiag
	rowAnti
	colDiag
	colAnti
	diagAnti
	pairs
)

// prune drops from sq (by row, bit c for column c; only the rows of rows
// are read or written) every square that lies in no matching of size
// k = |rows| of one of the six graphs, to a fixpoint, and reports false when
// some graph has none: then the rows left cannot be filled. sq is left
// partly pruned when it reports false.
func (pf *proof) prune(sq *[MaxReservedN]uint64, rows uint64) bool {
	n := pf.n
	k := bits.OnesCount64(rows)
	if k == 0 {
		return true
	}
	var adj [pairs][64]uint64
	for {
		// The six graphs of the squares left. Those built from the columns
		// and diagonals are built once a round; a graph built before
		// another dropped squares is a larger graph, and still a sound
		// test. A round that drops nothing saw every graph up to date.
		adj = [pairs][64]uint64{}
		for rs := rows; rs != 0; rs &= rs - 1 {
			r := bits.TrailingZeros64(rs)
			f := sq[r]
			adj[rowCol][r] = f
			adj[rowDiag][r] = f << uint(n-1-r)
			adj[rowAnti][r] = f << uint(r)
			for ; f != 0; f &= f - 1 {
				c := bits.TrailingZeros64(f)
				d, a := c-r+n-1, r+c
				adj[colDiag][c] |= 1 << uint(d)
				adj[colAnti][c] |= 1 << uint(a)
				adj[diagAnti][d] |= 1 << uint(a)
			}
		}
		changed := false
		for g := rowCol; g < pairs; g++ {
			nl := n
			if g == diagAnti {
				nl = 2*n - 1
			}
			var keep [64]uint64
			if !pf.m.filter(adj[g][:nl], k, &keep) {
				return false
			}
			for l := 0; l < nl; l++ {
				for x := adj[g][l] &^ keep[l]; x != 0; x &= x - 1 {
					r, c := pf.square(g, l, bits.TrailingZeros64(x))
					if sq[r]>>uint(c)&1 == 1 {
						sq[r] &^= 1 << uint(c)
						changed = true
					}
				}
			}
		}
		if !changed {
			return true
		}
	}
}

// square returns the row and column of the edge from left vertex l to
// right vertex x of graph g.
func (pf *proof) square(g pair, l, x int) (r, c int) {
	n := pf.n
	switch g {
	case rowCol:
		return l, x
	case rowDiag:
		return l, x + l - (n - 1)
	case rowAnti:
		return l, x - l
	case colDiag:
		return l + n - 1 - x, l
	case colAnti:
		return x - l, l
	}
	// diagAnti: c-r = l-(n-1), c+r = x.
	return (x - l + n - 1) / 2, (x + l - (n - 1)) / 2
}

// matcher finds a maximum matching of a bipartite graph of at most 64
// vertices a side, each left vertex's neighbours a word, and the edges that
// lie in some maximum matching.
type matcher struct {
	matching[int8]
	mates [64]int8  // the matching's mateL: the right vertex matched to each left one, or -1
	right [64]int8  // its mateR
	words [1]uint64 // its seen
	reach [64]uint64
}

// filter reports whether adj has a matching of size need, and sets keep[l]
// to the neighbours of left vertex l joined to it by an edge of some such
// matching: every edge when the maximum matching is larger than need (an
// edge's two ends are in at most two edges of a maximum matching, which
// leaves need edges besides it), the edges of some maximum matching when it
// is need.
func (m *matcher) filter(adj []uint64, need int, keep *[64]uint64) bool {
	m.right = noMates
	m.matching = matching[int8]{w: 1, adj: adj, mateL: m.mates[:], mateR: m.right[:], seen: m.words[:]}
	nl := len(adj)
	var matchedR, matchedL uint64
	size := 0
	for l := 0; l < nl; l++ { // a greedy pass first
		m.mateL[l] = -1
		if f := adj[l] &^ matchedR; f != 0 {
			r := bits.TrailingZeros64(f)
			m.mateL[l], m.mateR[r] = int8(r), int8(l)
			matchedR |= 1 << uint(r)
			matchedL |= 1 << uint(l)
			size++
		}
	}
	for l := 0; l < nl; l++ {
		if m.mateL[l] >= 0 || adj[l] == 0 {
			continue
		}
		m.seen[0] = 0
		if m.augmentWord(l) {
			size++
		}
	}
	if size < need {
		return false
	}
	copy(keep[:nl], adj)
	if size > need {
		return true
	}
	matchedR, matchedL = 0, 0
	for l := 0; l < nl; l++ {
		if r := m.mateL[l]; r >= 0 {
			matchedR |= 1 << uint(r)
			matchedL |= 1 << uint(l)
		}
	}
	// The alternating graph on the matched left vertices: l → l' when l
	// is joined to the mate of l', and its transitive closure.
	for ls := matchedL; ls != 0; ls &= ls - 1 {
		l := bits.TrailingZeros64(ls)
		var g uint64
		for rs := adj[l] & matchedR; rs != 0; rs &= rs - 1 {
			g |= 1 << uint(m.mateR[bits.TrailingZeros64(rs)])
		}
		m.reach[l] = g
	}
	for ks := matchedL; ks != 0; ks &= ks - 1 {
		k := bits.TrailingZeros64(ks)
		bk, rk := uint64(1)<<uint(k), m.reach[k]
		for ls := matchedL; ls != 0; ls &= ls - 1 {
			l := bits.TrailingZeros64(ls)
			if m.reach[l]&bk != 0 {
				m.reach[l] |= rk
			}
		}
	}
	// fromL: the left vertices an even alternating path from an unmatched
	// left vertex reaches; every edge of such a vertex is in a maximum
	// matching. toR: the left vertices from which an alternating path
	// reaches one joined to an unmatched right vertex; the mate of such a
	// vertex, and each unmatched right vertex, can be freed, and every edge
	// to it is in a maximum matching.
	var fromL, hasFreeR uint64
	for l := 0; l < nl; l++ {
		if adj[l] == 0 {
			continue
		}
		if m.mateL[l] < 0 {
			fromL |= 1 << uint(l)
			for rs := adj[l] & matchedR; rs != 0; rs &= rs - 1 {
				l2 := int(m.mateR[bits.TrailingZeros64(rs)])
				fromL |= 1<<uint(l2) | m.reach[l2]
			}
		} else if adj[l]&^matchedR != 0 {
			hasFreeR |= 1 << uint(l)
		}
	}
	freeable := ^matchedR
	for ls := matchedL; ls != 0; ls &= ls - 1 {
		l := bits.TrailingZeros64(ls)
		if hasFreeR>>uint(l)&1 == 1 || m.reach[l]&hasFreeR != 0 {
			freeable |= 1 << uint(m.mateL[l])
		}
	}
	for ls := matchedL &^ fromL; ls != 0; ls &= ls - 1 {
		l := bits.TrailingZeros64(ls)
		kept := adj[l]&freeable | 1<<uint(m.mateL[l])
		for rs := adj[l] & matchedR &^ kept; rs != 0; rs &= rs - 1 {
			r := bits.TrailingZeros64(rs)
			if l2 := m.mateR[r]; m.reach[l2]>>uint(l)&1 == 1 {
				kept |= 1 << uint(r) // l and l2 are on one alternating cycle
			}
		}
		keep[l] = kept
	}
	return true
}
