package solver

import "math/bits"

// mirrorCount is the reference the benchmarks measure against: the plain
// recursive bitboard counter, first-row queens in the left half counted
// twice (and, on odd boards, the middle one with its second-row queen in
// the left half counted twice).
func mirrorCount(n int) uint64 {
	if n == 1 {
		return 1
	}
	full := uint64(1)<<uint(n) - 1
	var rec func(cols, diag, anti uint64) uint64
	rec = func(cols, diag, anti uint64) uint64 {
		if cols == full {
			return 1
		}
		var total uint64
		for avail := full &^ (cols | diag | anti); avail != 0; avail &= avail - 1 {
			bit := avail & -avail
			total += rec(cols|bit, (diag|bit)<<1&full, (anti|bit)>>1)
		}
		return total
	}
	var total uint64
	half := uint64(1)<<uint(n/2) - 1
	for avail := half; avail != 0; avail &= avail - 1 {
		bit := avail & -avail
		total += 2 * rec(bit, bit<<1&full, bit>>1)
	}
	if n%2 == 1 {
		bit := uint64(1) << uint(n/2)
		diag, anti := bit<<1&full, bit>>1
		for avail := half &^ (bit | diag | anti); avail != 0; avail &= avail - 1 {
			b2 := avail & -avail
			total += 2 * rec(bit|b2, (diag|b2)<<1&full, (anti|b2)>>1)
		}
	}
	_ = bits.OnesCount64
	return total
}
