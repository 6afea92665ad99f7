package solver

// The matcher's inner loops, one unrolled copy per chunk count, so that every
// table index is a 4-bit value the compiler can see is in bounds (no bounds
// checks in the loop; see go build -gcflags=-d=ssa/check_bce). Keep the
// copies alike.

import "math/bits"

// match7 matches one tile of sliced.count for keys of at most 28 bits.
func match7(tab []uint64, south []uint64) uint64 {
	const stride = 7 * 16
	var total int
	tile := tab
	for _, k := range south {
		i0 := k >> 0 & 15
		i1 := k >> 4 & 15
		i2 := k >> 8 & 15
		i3 := k >> 12 & 15
		i4 := k >> 16 & 15
		i5 := k >> 20 & 15
		i6 := k >> 24 & 15
		for b := 0; b+stride <= len(tile); b += stride {
			t := (*[7 * 16]uint64)(tile[b : b+stride])
			total += bits.OnesCount64(t[0+i0] & t[16+i1] & t[32+i2] & t[48+i3] & t[64+i4] & t[80+i5] & t[96+i6])
		}
	}
	return uint64(total)
}

// match8 matches one tile of sliced.count for keys of at most 32 bits.
func match8(tab []uint64, south []uint64) uint64 {
	const stride = 8 * 16
	var total int
	tile := tab
	for _, k := range south {
		i0 := k >> 0 & 15
		i1 := k >> 4 & 15
		i2 := k >> 8 & 15
		i3 := k >> 12 & 15
		i4 := k >> 16 & 15
		i5 := k >> 20 & 15
		i6 := k >> 24 & 15
		i7 := k >> 28 & 15
		for b := 0; b+stride <= len(tile); b += stride {
			t := (*[8 * 16]uint64)(tile[b : b+stride])
			total += bits.OnesCount64(t[0+i0] & t[16+i1] & t[32+i2] & t[48+i3] & t[64+i4] & t[80+i5] & t[96+i6] & t[112+i7])
		}
	}
	return uint64(total)
}

// match9 matches one tile of sliced.count for keys of at most 36 bits.
func match9(tab []uint64, south []uint64) uint64 {
	const stride = 9 * 16
	var total int
	tile := tab
	for _, k := range south {
		i0 := k >> 0 & 15
		i1 := k >> 4 & 15
		i2 := k >> 8 & 15
		i3 := k >> 12 & 15
		i4 := k >> 16 & 15
		i5 := k >> 20 & 15
		i6 := k >> 24 & 15
		i7 := k >> 28 & 15
		i8 := k >> 32 & 15
		for b := 0; b+stride <= len(tile); b += stride {
			t := (*[9 * 16]uint64)(tile[b : b+stride])
			total += bits.OnesCount64(t[0+i0] & t[16+i1] & t[32+i2] & t[48+i3] & t[64+i4] & t[80+i5] & t[96+i6] & t[112+i7] & t[128+i8])
		}
	}
	return uint64(total)
}

// match10 matches one tile of sliced.count for keys of at most 40 bits.
func match10(tab []uint64, south []uint64) uint64 {
	const stride = 10 * 16
	var total int
	tile := tab
	for _, k := range south {
		i0 := k >> 0 & 15
		i1 := k >> 4 & 15
		i2 := k >> 8 & 15
		i3 := k >> 12 & 15
		i4 := k >> 16 & 15
		i5 := k >> 20 & 15
		i6 := k >> 24 & 15
		i7 := k >> 28 & 15
		i8 := k >> 32 & 15
		i9 := k >> 36 & 15
		for b := 0; b+stride <= len(tile); b += stride {
			t := (*[10 * 16]uint64)(tile[b : b+stride])
			total += bits.OnesCount64(t[0+i0] & t[16+i1] & t[32+i2] & t[48+i3] & t[64+i4] & t[80+i5] & t[96+i6] & t[112+i7] & t[128+i8] & t[144+i9])
		}
	}
	return uint64(total)
}
