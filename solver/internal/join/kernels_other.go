//go:build !amd64

package join

// haveAVX2 is false: matchAVX2 is written for amd64 only.
const haveAVX2 = false

// haveAVX512 is false: matchAVX512 is written for amd64 only.
const haveAVX512 = false

// matchAVX2 is never called where haveAVX2 is false.
func matchAVX2(tab *uint64, south []uint64, list *uint32, spans *[16]span, nc int) uint64 {
	panic("solver: matchAVX2 on a machine without it")
}

// matchAVX512 is never called where haveAVX512 is false.
func matchAVX512(tab *uint64, south []uint64, list *uint32, spans *[16]span, nc int) uint64 {
	panic("solver: matchAVX512 on a machine without it")
}

// groupWordsAVX512 is never called where haveAVX512 is false.
func groupWordsAVX512(zg *[40][8]uint64, valid *[8]uint64, nc int, out *uint64) {
	panic("solver: groupWordsAVX512 on a machine without it")
}

// joinKeysAVX512 is never called where haveAVX512 is false.
func joinKeysAVX512(out *uint64, ws, es []uint64) int {
	panic("solver: joinKeysAVX512 on a machine without it")
}

// joinKeysAVX2 is never called where haveAVX2 is false.
func joinKeysAVX2(out *uint64, ws, es []uint64) int {
	panic("solver: joinKeysAVX2 on a machine without it")
}

// keepIfAVX512 is never called where haveAVX512 is false.
func keepIfAVX512(out *uint64, keys []uint64, test, keep, or uint64) int {
	panic("solver: keepIfAVX512 on a machine without it")
}

// keepIfAVX2 is never called where haveAVX2 is false.
func keepIfAVX2(out *uint64, keys []uint64, test, keep, or uint64) int {
	panic("solver: keepIfAVX2 on a machine without it")
}

// bitPlanesAVX2 is never called where haveAVX2 is false.
func bitPlanesAVX2(keys *[64]uint64, planes *[40]uint64) {
	panic("solver: bitPlanesAVX2 on a machine without it")
}
