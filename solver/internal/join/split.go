package join

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
// that holds a key of a compatible cut (4 bits), and on large boards 86%
// to 91% of those groups hold no compatible key at all (N = 18 to 22), yet
// each costs the loads of all its chunks. The buckets leave fewer pairs to
// look at, at the price of a table for each bucket: a north key goes into
// 2^(b-k) of them, k the number of its b low bits set (12.5 on average at
// N = 20, b = 7). That pays where both lists are long (see useSplit); on
// shorter ones the tables cost more than they save. Within a bucket the
// keys are matched without their low bits, and the next four are the cut
// (see count): on a slice of N = 20 the kernels then visit half the
// groups and load half the words they did with the low bits kept, and 69%
// of the groups visited hold no compatible key (82% before).
type splitMatch struct {
	bits uint     // the low bits that part the keys
	off  []int32  // the north keys with low bits u and cut c: keys[off[16u+c]:off[16u+c+1]]
	keys []uint64 // the north keys, by their low bits and cut, shifted past the low bits
	cuts []uint16 // bit c of cuts[u]: some north key has low bits u and cut c
	// below[16f+c] is how many north keys of cut c have low bits that are
	// a subset of f: the size of each cut in the table of the bucket whose
	// low bits leave f free.
	below []int32
	south []uint64 // scratch: the south keys likewise
	at    []int32  // scratch: where south's buckets and cuts start, as off
	part  []uint64 // scratch: the north keys of one bucket's table
}

// splitBitsFor returns how many low bits part a north list of n keys: the
// longer the list, the more (each key goes into more tables, but each
// table is larger). Measured on a slice of N = 20 (1 of 50, one core; its
// lists 11,000 north keys on average): 7 bits best, 8 bits 10% to 20%
// slower, 6 and 5 bits 5% and 20% slower. (Before the keys were shifted
// past the low bits, 8 bits had been best there and 12 at N = 22, 76,000
// keys, where this gives 10: not measured since.)
func splitBitsFor(n int) uint {
	return uint(min(maxSplitBits, max(minSplitBits, bits.Len(uint(n))-7)))
}

// The fewest and most low bits that part the keys.
const (
	minSplitBits = 7
	maxSplitBits = 12
)

// defaultMinSplitKeys is the shortest north and south lists matched by
// splitMatch, not by sliced alone, in a count (see Config.MinSplitKeys).
const defaultMinSplitKeys = 4096

// bucket keeps north, parted by its low bits, and each key shifted right
// past them: the keys of a bucket's table are compatible with its south
// keys on those bits by construction, so that the table need not hold
// them (see count).
func (m *splitMatch) bucket(north []uint64) {
	m.bits = splitBitsFor(len(north))
	m.keys, m.off = byLowBitsCut(north, m.keys, m.bits, m.off)
	k := 1 << m.bits
	if cap(m.below) < 16*k {
		m.below, m.cuts = make([]int32, 16*k), make([]uint16, k)
	}
	m.below, m.cuts = m.below[:16*k], m.cuts[:k]
	for u := range k {
		var cuts uint16
		for c := range 16 {
			n := m.off[16*u+c+1] - m.off[16*u+c]
			m.below[16*u+c] = n
			if n > 0 {
				cuts |= 1 << c
			}
		}
		m.cuts[u] = cuts
	}
	// Summed over the subsets of each f a bit at a time (the zeta
	// transform): 16·b·2^(b-1) additions a list, where summing them for
	// each bucket took up to 16·3^b.
	for bit := 1; bit < k; bit <<= 1 {
		for f := range k {
			if f&bit != 0 {
				to, from := m.below[16*f:16*f+16], m.below[16*(f^bit):16*(f^bit)+16]
				for c := range 16 {
					to[c] += from[c]
				}
			}
		}
	}
}

// count returns the weighted number of pairs of a bucketed north key and a
// key of south with no bit in common, as sl.count does (sl is its scratch,
// built for conf; stop as there), the keys using no bit at or above width but the weight.
//
// The table of the south keys with low bits v holds the north keys whose
// low bits have none of v's, and both sides are matched without those
// bits: shifted right past them, the keys are narrower (8 chunks instead
// of 9 at N = 20; at N = 22 at most 32 bits instead of 42, no wide
// table), and their cut, by which sliced skips the groups with no
// compatible key, is the next four bits: a second level of buckets. With
// the low bits kept, every key of a table had a compatible cut, and 82% of
// the groups the kernels visited held no compatible key (N = 20).
func (m *splitMatch) count(south []uint64, width uint, sl *sliced, conf *Config, stop *atomic.Bool) uint64 {
	m.south, m.at = byLowBitsCut(south, m.south, m.bits, m.at)
	mask := 1<<m.bits - 1
	var rest uint // the width of the shifted keys
	if width > m.bits {
		rest = width - m.bits
	}
	var total uint64
	for v := 0; v <= mask; v++ {
		ys := m.south[m.at[16*v]:m.at[16*v+16]]
		if len(ys) == 0 {
			continue
		}
		if stop != nil && stop.Load() {
			return 0
		}
		// The north keys with low bits u, u ⊆ free (all of its subsets),
		// gathered cut by cut, so that the table needs no sort: each
		// bucket's keys are in order of their cut (a sort of each table
		// took a sixth of N = 20's time, and so did putting each key in
		// its place as it was gathered). Only the runs that hold keys are
		// copied, into places summed once a list (below): copying the
		// empty ones too, into places summed for each bucket, took 5% of
		// it.
		free := mask &^ v
		var at [17]int
		for c, n := range m.below[16*free : 16*free+16] {
			at[c+1] = at[c] + int(n)
		}
		if at[16] == 0 {
			continue
		}
		if cap(m.part) < at[16] {
			m.part = make([]uint64, at[16]+at[16]/4)
		}
		part := m.part[:at[16]]
		next := at
		for u := free; ; u = (u - 1) & free {
			o := m.off[16*u : 16*u+17]
			for cuts := m.cuts[u]; cuts != 0; cuts &= cuts - 1 {
				c := bits.TrailingZeros16(cuts)
				next[c] += copy(part[next[c]:], m.keys[o[c]:o[c+1]])
			}
			if u == 0 {
				break
			}
		}
		sl.buildSorted(part, at, rest, conf)
		var sat [17]int
		for c := range sat {
			sat[c] = int(m.at[16*v+c] - m.at[16*v])
		}
		total += sl.countSorted(ys, sat, stop)
	}
	return total
}

// byLowBitsCut returns keys sorted by their low b bits and then by the
// cut of what is left (bits b to b+3), each shifted right past its low
// bits but for the weight (a counting sort, in the memory of out when
// large enough), and off, in the memory of off when large enough, where
// off[16u+c] is where those with low bits u and cut c start (off[16<<b] is
// the end).
func byLowBitsCut(keys, out []uint64, b uint, off []int32) ([]uint64, []int32) {
	const weights = longDiagBit | longAntiBit
	mask := uint64(1)<<b - 1
	n := 16<<b + 1
	if cap(off) < n {
		off = make([]int32, n)
	}
	off = off[:n]
	clear(off)
	for _, k := range keys {
		off[(k&mask)<<4|k>>b&15+1]++
	}
	for i := 1; i < n; i++ {
		off[i] += off[i-1]
	}
	if cap(out) < len(keys) {
		out = make([]uint64, len(keys), len(keys)+len(keys)/4)
	}
	out = out[:len(keys)]
	// The places are counted up in off, which then holds where each run
	// ends, and is shifted back by one.
	for _, k := range keys {
		i := (k&mask)<<4 | k>>b&15
		out[off[i]] = k&^weights>>b | k&weights
		off[i]++
	}
	copy(off[1:], off[:n-1])
	off[0] = 0
	return out, off
}
