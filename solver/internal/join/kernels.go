package join

// The matcher's inner loops in Go, one unrolled copy per chunk count, so
// that every table index is a 4-bit value the compiler can see is in bounds
// (no bounds checks in the loop; see go build -gcflags=-d=ssa/check_bce).
// Keep the copies alike.
//
// Each matches every key of south against the blocks of one tile, laid out
// one after the other (see sliced.countGo): a block's word for chunk j and
// value v is its word 16j+v. These are the kernels of machines without
// AVX2 (see matchAVX2, which reads another layout).

import "math/bits"

// keyWeight returns the shift that weighs the pairs of south key k: the
// number of its bits 62 and 63 set.
func keyWeight(k uint64) uint64 { return k>>62 - k>>63 }

// match7 matches one tile of sliced.countGo for keys of at most 28 bits.
func match7(tile, south []uint64) uint64 {
	const stride = 7 * 16
	var total uint64
	for _, k := range south {
		i0 := k >> 0 & 15
		i1 := k >> 4 & 15
		i2 := k >> 8 & 15
		i3 := k >> 12 & 15
		i4 := k >> 16 & 15
		i5 := k >> 20 & 15
		i6 := k >> 24 & 15
		var c int
		for b := 0; b+stride <= len(tile); b += stride {
			t := (*[7 * 16]uint64)(tile[b : b+stride])
			c += bits.OnesCount64(t[0+i0] & t[16+i1] & t[32+i2] & t[48+i3] & t[64+i4] & t[80+i5] & t[96+i6])
		}
		total += uint64(c) << keyWeight(k)
	}
	return total
}

// match8 matches one tile of sliced.countGo for keys of at most 32 bits.
func match8(tile, south []uint64) uint64 {
	const stride = 8 * 16
	var total uint64
	for _, k := range south {
		i0 := k >> 0 & 15
		i1 := k >> 4 & 15
		i2 := k >> 8 & 15
		i3 := k >> 12 & 15
		i4 := k >> 16 & 15
		i5 := k >> 20 & 15
		i6 := k >> 24 & 15
		i7 := k >> 28 & 15
		var c int
		for b := 0; b+stride <= len(tile); b += stride {
			t := (*[8 * 16]uint64)(tile[b : b+stride])
			c += bits.OnesCount64(t[0+i0] & t[16+i1] & t[32+i2] & t[48+i3] & t[64+i4] & t[80+i5] & t[96+i6] & t[112+i7])
		}
		total += uint64(c) << keyWeight(k)
	}
	return total
}

// match9 matches one tile of sliced.countGo for keys of at most 36 bits.
func match9(tile, south []uint64) uint64 {
	const stride = 9 * 16
	var total uint64
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
		var c int
		for b := 0; b+stride <= len(tile); b += stride {
			t := (*[9 * 16]uint64)(tile[b : b+stride])
			c += bits.OnesCount64(t[0+i0] & t[16+i1] & t[32+i2] & t[48+i3] & t[64+i4] & t[80+i5] & t[96+i6] & t[112+i7] & t[128+i8])
		}
		total += uint64(c) << keyWeight(k)
	}
	return total
}

// match10 matches one tile of sliced.countGo for keys of at most 40 bits.
func match10(tile, south []uint64) uint64 {
	const stride = 10 * 16
	var total uint64
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
		var c int
		for b := 0; b+stride <= len(tile); b += stride {
			t := (*[10 * 16]uint64)(tile[b : b+stride])
			c += bits.OnesCount64(t[0+i0] & t[16+i1] & t[32+i2] & t[48+i3] & t[64+i4] & t[80+i5] & t[96+i6] & t[112+i7] & t[128+i8] & t[144+i9])
		}
		total += uint64(c) << keyWeight(k)
	}
	return total
}
