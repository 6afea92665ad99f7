package solver

import (
	"math/bits"
	"sync/atomic"
)

// splitMatch counts the compatible pairs of a subproblem's north and south
// half-boards as sliced does, but a bucket of south keys at a time: the
// keys are parted by their low bits (the cut and the diagonals laid out
// after it, the most often taken; splitBitsFor says how many), and the
// south keys with low bits v are matched against a table of only the north
// keys whose low bits have none of v's.
//
// sliced alone matches a south key against every group of 256 north keys
// that holds a key of a compatible cut (4 bits), and on large boards 91% of
// those groups hold no compatible key at all (N = 20), yet each costs the
// loads of all its chunks. Parting by 10 bits leaves a third of the pairs
// to look at (N = 20: 8.9·10^9 of 2.7·10^10 in a sample of 200
// subproblems), by 12 bits at N = 22 a fifth (2.2·10^11 of 1.0·10^12), at
// the price of a table for each bucket: a north key goes into 2^(b-k) of
// them, k the number of its b low bits set. That pays where both lists are
// long (see useSplit); on shorter ones the tables cost more than they save.
type splitMatch struct {
	bits  uint                       // the low bits that part the keys
	off   [1<<maxSplitBits + 1]int32 // the north keys with low bits u: keys[off[u]:off[u+1]]
	keys  []uint64                   // the north keys, by their low bits
	south []uint64                   // scratch: the south keys, by their low bits
	part  []uint64                   // scratch: the north keys of one bucket's table
	at    [1<<maxSplitBits + 1]int32 // scratch: where south's buckets start
}

// splitBitsFor returns how many low bits part a north list of n keys: the
// longer the list, the more (each key goes into more tables, but each
// table is larger). Measured on slices of N = 20 (11,000 north keys on
// average: 8 bits best, 10 and none 5% to 15% slower) and N = 22 (76,000:
// 12 bits best; 10 bits 15%, 8 bits 40% and none 75% slower).
func splitBitsFor(n int) uint {
	return uint(min(maxSplitBits, max(minSplitBits, bits.Len(uint(n))-6)))
}

// The fewest and most low bits that part the keys; cutBits or more, so
// that a table's keys can be gathered by cut.
const (
	minSplitBits = 7
	maxSplitBits = 12
)

// minSplitKeys is the shortest north and south lists matched by
// splitMatch, not by sliced alone. Tests lower it, while no count runs, to
// make every count go through splitMatch; nothing else writes it.
var minSplitKeys = 4096

// useSplit reports whether the pairs of north and south lists of these
// lengths are counted by splitMatch.
func useSplit(north, south int) bool {
	return north >= minSplitKeys && south >= minSplitKeys
}

// bucket keeps north, parted by its low bits.
func (m *splitMatch) bucket(north []uint64) {
	m.bits = splitBitsFor(len(north))
	m.keys = byLowBits(north, m.keys, m.bits, m.off[:1<<m.bits+1])
}

// count returns the weighted number of pairs of a bucketed north key and a
// key of south with no bit in common, as sl.count does (sl is its scratch;
// stop as there), the keys using no bit at or above width but the weight.
func (m *splitMatch) count(south []uint64, width uint, sl *sliced, stop *atomic.Bool) uint64 {
	at := m.at[:1<<m.bits+1]
	m.south = byLowBits(south, m.south, m.bits, at)
	mask := 1<<m.bits - 1
	var total uint64
	for v := 0; v <= mask; v++ {
		ys := m.south[at[v]:at[v+1]]
		if len(ys) == 0 {
			continue
		}
		if stop != nil && stop.Load() {
			return 0
		}
		// The north keys with low bits u, u ⊆ free: all of its subsets,
		// gathered cut by cut (the low cutBits bits of u), so that the
		// table needs no sort.
		free := mask &^ v
		fc, fh := free&(1<<cutBits-1), free>>cutBits
		part := m.part[:0]
		var cuts [17]int
		for c := 0; c < 1<<cutBits; c++ {
			cuts[c] = len(part)
			if c&^fc != 0 {
				continue
			}
			for h := fh; ; h = (h - 1) & fh {
				u := h<<cutBits | c
				part = append(part, m.keys[m.off[u]:m.off[u+1]]...)
				if h == 0 {
					break
				}
			}
		}
		cuts[16] = len(part)
		m.part = part
		if len(part) == 0 {
			continue
		}
		sl.buildSorted(part, cuts, width)
		total += sl.countCut(ys, uint64(v)&(1<<cutBits-1), stop)
	}
	return total
}

// byLowBits returns keys sorted by their low b bits (a counting sort, in
// the memory of out when large enough), and sets off[u] to where those with
// low bits u start (off[1<<b] is the end; off has 1<<b + 1 entries).
func byLowBits(keys, out []uint64, b uint, off []int32) []uint64 {
	mask := uint64(1)<<b - 1
	clear(off)
	for _, k := range keys {
		off[k&mask+1]++
	}
	for u := 1; u < len(off); u++ {
		off[u] += off[u-1]
	}
	if cap(out) < len(keys) {
		out = make([]uint64, len(keys), len(keys)+len(keys)/4)
	}
	out = out[:len(keys)]
	var nextBuf [1<<maxSplitBits + 1]int32
	next := nextBuf[:len(off)]
	copy(next, off)
	for _, k := range keys {
		out[next[k&mask]] = k
		next[k&mask]++
	}
	return out
}
