package solver

// The matcher's inner loops, one unrolled copy per chunk count, so that every
// table index is a 4-bit value the compiler can see is in bounds (no bounds
// checks in the loop; see go build -gcflags=-d=ssa/check_bce). Keep the
// copies alike, and like those of matchAVX2 (quadrant_kernels_amd64.s).
//
// Each matches every key k of south against the blocks of spans[k&15] (see
// sliced): a block's words for chunk j and value v are t[j*64+v*4], t
// starting at the block's list entry.

import "math/bits"

// keyWeight returns the shift that weighs the pairs of south key k: the
// number of its bits 62 and 63 set.
func keyWeight(k uint64) uint64 { return k>>62 - k>>63 }

// match7 is sliced.match for keys of at most 28 bits.
func match7(tab, south []uint64, list []uint32, spans *[16]span) uint64 {
	const n = 7*64 - 3
	var total uint64
	for _, k := range south {
		sp := spans[k&15]
		i0 := k << 2 & 60
		i1 := k >> 2 & 60
		i2 := k >> 6 & 60
		i3 := k >> 10 & 60
		i4 := k >> 14 & 60
		i5 := k >> 18 & 60
		i6 := k >> 22 & 60
		var c int
		for _, off := range list[sp.f0:sp.f1] {
			t := (*[n]uint64)(tab[off : off+n])
			c += bits.OnesCount64(t[64+i1] & t[128+i2] & t[192+i3] & t[256+i4] & t[320+i5] & t[384+i6])
		}
		for _, off := range list[sp.f1:sp.p1] {
			t := (*[n]uint64)(tab[off : off+n])
			c += bits.OnesCount64(t[i0] & t[64+i1] & t[128+i2] & t[192+i3] & t[256+i4] & t[320+i5] & t[384+i6])
		}
		total += uint64(c) << keyWeight(k)
	}
	return total
}

// match8 is sliced.match for keys of at most 32 bits.
func match8(tab, south []uint64, list []uint32, spans *[16]span) uint64 {
	const n = 8*64 - 3
	var total uint64
	for _, k := range south {
		sp := spans[k&15]
		i0 := k << 2 & 60
		i1 := k >> 2 & 60
		i2 := k >> 6 & 60
		i3 := k >> 10 & 60
		i4 := k >> 14 & 60
		i5 := k >> 18 & 60
		i6 := k >> 22 & 60
		i7 := k >> 26 & 60
		var c int
		for _, off := range list[sp.f0:sp.f1] {
			t := (*[n]uint64)(tab[off : off+n])
			c += bits.OnesCount64(t[64+i1] & t[128+i2] & t[192+i3] & t[256+i4] & t[320+i5] & t[384+i6] & t[448+i7])
		}
		for _, off := range list[sp.f1:sp.p1] {
			t := (*[n]uint64)(tab[off : off+n])
			c += bits.OnesCount64(t[i0] & t[64+i1] & t[128+i2] & t[192+i3] & t[256+i4] & t[320+i5] & t[384+i6] & t[448+i7])
		}
		total += uint64(c) << keyWeight(k)
	}
	return total
}

// match9 is sliced.match for keys of at most 36 bits.
func match9(tab, south []uint64, list []uint32, spans *[16]span) uint64 {
	const n = 9*64 - 3
	var total uint64
	for _, k := range south {
		sp := spans[k&15]
		i0 := k << 2 & 60
		i1 := k >> 2 & 60
		i2 := k >> 6 & 60
		i3 := k >> 10 & 60
		i4 := k >> 14 & 60
		i5 := k >> 18 & 60
		i6 := k >> 22 & 60
		i7 := k >> 26 & 60
		i8 := k >> 30 & 60
		var c int
		for _, off := range list[sp.f0:sp.f1] {
			t := (*[n]uint64)(tab[off : off+n])
			c += bits.OnesCount64(t[64+i1] & t[128+i2] & t[192+i3] & t[256+i4] & t[320+i5] & t[384+i6] & t[448+i7] & t[512+i8])
		}
		for _, off := range list[sp.f1:sp.p1] {
			t := (*[n]uint64)(tab[off : off+n])
			c += bits.OnesCount64(t[i0] & t[64+i1] & t[128+i2] & t[192+i3] & t[256+i4] & t[320+i5] & t[384+i6] & t[448+i7] & t[512+i8])
		}
		total += uint64(c) << keyWeight(k)
	}
	return total
}

// match10 is sliced.match for keys of at most 40 bits.
func match10(tab, south []uint64, list []uint32, spans *[16]span) uint64 {
	const n = 10*64 - 3
	var total uint64
	for _, k := range south {
		sp := spans[k&15]
		i0 := k << 2 & 60
		i1 := k >> 2 & 60
		i2 := k >> 6 & 60
		i3 := k >> 10 & 60
		i4 := k >> 14 & 60
		i5 := k >> 18 & 60
		i6 := k >> 22 & 60
		i7 := k >> 26 & 60
		i8 := k >> 30 & 60
		i9 := k >> 34 & 60
		var c int
		for _, off := range list[sp.f0:sp.f1] {
			t := (*[n]uint64)(tab[off : off+n])
			c += bits.OnesCount64(t[64+i1] & t[128+i2] & t[192+i3] & t[256+i4] & t[320+i5] & t[384+i6] & t[448+i7] & t[512+i8] & t[576+i9])
		}
		for _, off := range list[sp.f1:sp.p1] {
			t := (*[n]uint64)(tab[off : off+n])
			c += bits.OnesCount64(t[i0] & t[64+i1] & t[128+i2] & t[192+i3] & t[256+i4] & t[320+i5] & t[384+i6] & t[448+i7] & t[512+i8] & t[576+i9])
		}
		total += uint64(c) << keyWeight(k)
	}
	return total
}
