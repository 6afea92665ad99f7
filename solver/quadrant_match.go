package solver

import (
	"math/bits"
	"sync/atomic"
)

// sliced counts the pairs of a north key and a south key with no bit in
// common, 64 north keys at a time. The north keys are stored bit-sliced in
// blocks of 64: for each 4-bit chunk of the key and each of its 16 values v,
// one word whose bit i says that key i of the block has none of the bits of
// v. The north keys compatible with a south key are then, block by block,
// the AND of one word per chunk, and their number its population count.
//
// The low cutBits bits of a key are its cut: the keys of both sides are
// sorted by it, and a run of south keys with cut v skips the north blocks
// whose keys all have a cut meeting v. The cut bits are the most often taken
// ones (see quadrants.layout), so most blocks are skipped.
//
// A south key's bits 62 and 63 are its weight: each pair it makes counts 2
// to the number of them set (the long diagonals of an even board, see
// quadCfg). North keys have neither. South keys are sorted by weight and
// cut together (see keyClass).
type sliced struct {
	nc      int      // 4-bit chunks per block: 7, 8, 9 or 10
	tab     []uint64 // blocks × nc × 16 words
	present []uint16 // per block, bit u: a key with cut u is in it
	sorted  []uint64 // scratch for sorting by class
}

// cutBits is the width of the cut: the first chunk.
const cutBits = 4

// tileBlocks is how many blocks are matched against every south key before
// the next ones: their tables stay in the first-level cache.
const tileBlocks = 24

// compatCuts[v] has bit u set when cuts u and v have no bit in common.
var compatCuts = func() (c [16]uint16) {
	for v := range c {
		for u := 0; u < 16; u++ {
			if u&v == 0 {
				c[v] |= 1 << uint(u)
			}
		}
	}
	return c
}()

// keyClasses is the number of classes keys are sorted into: 16 cuts for
// each pair of weight bits.
const keyClasses = 4 * 16

// keyClass returns k's class: its weight bits times 16 plus its cut.
func keyClass(k uint64) int {
	return int(k>>58&0x30 | k&15)
}

// sortByKeyClass returns keys ordered by class, in buf, and where each class's
// keys start (at[keyClasses] is the end).
func sortByKeyClass(keys, buf []uint64) ([]uint64, [keyClasses + 1]int) {
	var at [keyClasses + 1]int
	for _, k := range keys {
		at[keyClass(k)+1]++
	}
	for i := 1; i <= keyClasses; i++ {
		at[i] += at[i-1]
	}
	if cap(buf) < len(keys) {
		buf = make([]uint64, len(keys), len(keys)+len(keys)/4)
	}
	buf = buf[:len(keys)]
	fill := at
	for _, k := range keys {
		c := keyClass(k)
		buf[fill[c]] = k
		fill[c]++
	}
	return buf, at
}

// build stores keys, which use no bit at or above width (at most 40).
func (sl *sliced) build(keys []uint64, width uint) {
	keys, _ = sortByKeyClass(keys, sl.sorted)
	sl.sorted = keys
	sl.nc = max(7, int(width+3)/4)
	blocks := (len(keys) + 63) / 64
	stride := sl.nc * 16
	size := blocks * stride
	if cap(sl.tab) < size {
		sl.tab = make([]uint64, size+size/4)
	}
	sl.tab = sl.tab[:size]
	if cap(sl.present) < blocks {
		sl.present = make([]uint16, blocks+blocks/4)
	}
	sl.present = sl.present[:blocks]
	var z [64]uint64
	for b := 0; b < blocks; b++ {
		blk := keys[b*64 : min(len(keys), b*64+64)]
		valid := ^uint64(0)
		if len(blk) < 64 {
			valid = 1<<uint(len(blk)) - 1
		}
		var present uint16
		for _, k := range blk {
			present |= 1 << (k & 15)
		}
		sl.present[b] = present
		// z[j]: the keys of the block without bit j.
		clear(z[copy(z[:], blk):])
		transpose64(&z)
		for j := range z {
			z[j] = valid &^ z[j]
		}
		t := sl.tab[b*stride : (b+1)*stride]
		for j := 0; j < sl.nc; j++ {
			c := t[j*16 : j*16+16]
			c[0] = ^uint64(0)
			if j == 0 {
				c[0] = valid
			}
			for v := 1; v < 16; v++ {
				c[v] = c[v&(v-1)] & z[(j*4+bits.TrailingZeros(uint(v)))&63]
			}
		}
	}
}

// transpose64 transposes the 64×64 bit matrix whose row i is a[i], bit j
// its column j: afterwards bit i of a[j] is what bit j of a[i] was. It swaps
// the off-diagonal blocks of halves, then quarters, and so on down to single
// bits (Hacker's Delight, 7-3), with no branch on the data.
func transpose64(a *[64]uint64) {
	m := uint64(0x00000000ffffffff)
	for j := 32; j != 0; j, m = j>>1, m^m<<uint(j>>1) {
		for k := 0; k < 64; k = (k + j + 1) &^ j {
			t := (a[k]>>uint(j) ^ a[k+j]) & m
			a[k] ^= t << uint(j)
			a[k+j] ^= t
		}
	}
}

// count returns the weighted number of pairs of a built north key and a key
// of south with no bit in common; buf is scratch. Bits of south keys at or
// above 4·nc, but for the weight, are ignored. It gives up, returning a
// meaningless count, once stop (when not nil) is set.
func (sl *sliced) count(south []uint64, buf *[]uint64, stop *atomic.Bool) uint64 {
	if len(south) == 0 || len(sl.tab) == 0 {
		return 0
	}
	south, at := sortByKeyClass(south, *buf)
	*buf = south
	stride := sl.nc * 16
	var total uint64
	for c := 0; c < keyClasses; c++ {
		items := south[at[c]:at[c+1]]
		if len(items) == 0 {
			continue
		}
		compat := compatCuts[c&15]
		var pairs uint64
		for b := 0; b < len(sl.present); {
			if sl.present[b]&compat == 0 {
				b++
				continue
			}
			end := b + 1
			for end < len(sl.present) && end-b < tileBlocks && sl.present[end]&compat != 0 {
				end++
			}
			if stop != nil && stop.Load() {
				return 0
			}
			pairs += sl.match(sl.tab[b*stride:end*stride], items)
			b = end
		}
		total += pairs << uint(bits.OnesCount(uint(c>>4)))
	}
	return total
}

func (sl *sliced) match(tab, south []uint64) uint64 {
	switch sl.nc {
	case 7:
		return match7(tab, south)
	case 8:
		return match8(tab, south)
	case 9:
		return match9(tab, south)
	}
	return match10(tab, south)
}
