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
type sliced struct {
	nc  int      // 4-bit chunks per block: 7, 8, 9 or 10
	tab []uint64 // blocks × nc × 16 words
}

// tileBlocks is how many blocks are matched against every south key before
// the next ones: their tables stay in the first-level cache.
const tileBlocks = 24

// build stores keys, which use no bit at or above width (at most 40).
func (sl *sliced) build(keys []uint64, width uint) {
	sl.nc = max(7, int(width+3)/4)
	blocks := (len(keys) + 63) / 64
	stride := sl.nc * 16
	size := blocks * stride
	if cap(sl.tab) < size {
		sl.tab = make([]uint64, size+size/4)
	}
	sl.tab = sl.tab[:size]
	var z [64]uint64
	for b := 0; b < blocks; b++ {
		blk := keys[b*64 : min(len(keys), b*64+64)]
		valid := ^uint64(0)
		if len(blk) < 64 {
			valid = 1<<uint(len(blk)) - 1
		}
		for i := range z {
			z[i] = valid
		}
		for i, k := range blk {
			for ; k != 0; k &= k - 1 {
				z[bits.TrailingZeros64(k)&63] &^= 1 << uint(i)
			}
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

// count returns the number of pairs of a built north key and a key of south
// with no bit in common. Bits of south keys at or above 4·nc are ignored. It
// gives up, returning a meaningless count, once stop (when not nil) is set.
func (sl *sliced) count(south []uint64, stop *atomic.Bool) uint64 {
	if len(south) == 0 || len(sl.tab) == 0 {
		return 0
	}
	tile := tileBlocks * sl.nc * 16
	var total uint64
	for lo := 0; lo < len(sl.tab); lo += tile {
		if stop != nil && stop.Load() {
			return 0
		}
		tab := sl.tab[lo:min(len(sl.tab), lo+tile)]
		switch sl.nc {
		case 7:
			total += match7(tab, south)
		case 8:
			total += match8(tab, south)
		case 9:
			total += match9(tab, south)
		default:
			total += match10(tab, south)
		}
	}
	return total
}
