package join

// haveAVX2 reports whether the processor and the operating system run
// matchAVX2: AVX2, BMI2 and POPCNT, with the YMM registers saved on a
// switch.
var haveAVX2 = hasAVX2()

// haveAVX512 reports whether the processor and the operating system run
// matchAVX512 too: AVX-512 F and VPOPCNTDQ, with the ZMM registers saved on
// a switch.
var haveAVX512 = haveAVX2 && hasAVX512()

// hasAVX2 asks the processor (CPUID) and the operating system (XGETBV) what
// haveAVX2 reports.
func hasAVX2() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const popcnt, osxsave, avx = 1 << 23, 1 << 27, 1 << 28
	if ecx1&popcnt == 0 || ecx1&osxsave == 0 || ecx1&avx == 0 {
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&6 != 6 { // XMM and YMM state
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	const avx2, bmi2 = 1 << 5, 1 << 8
	return ebx7&avx2 != 0 && ebx7&bmi2 != 0
}

// hasAVX512 asks the processor and the operating system what haveAVX512
// reports (haveAVX2 being true).
func hasAVX512() bool {
	if xcr0, _ := xgetbv(); xcr0&0xe6 != 0xe6 { // XMM, YMM, opmask and ZMM state
		return false
	}
	_, ebx7, ecx7, _ := cpuid(7, 0)
	const avx512f, vpopcntdq = 1 << 16, 1 << 14
	return ebx7&avx512f != 0 && ecx7&vpopcntdq != 0
}

// cpuid executes CPUID with eaxArg and ecxArg in EAX and ECX.
func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

// xgetbv returns the extended control register XCR0.
func xgetbv() (eax, edx uint32)

// matchAVX2 is sliced.match on a table laid out for it: every key k of
// south is matched against the groups of spans[k&15], four blocks at a time
// with 256-bit ANDs, and their bits counted with nibble lookups (VPSHUFB),
// added bytewise for the key's groups (at most maxTileGroups) and then
// summed (VPSADBW) and weighed. tab and list must not be empty.
func matchAVX2(tab *uint64, south []uint64, list *uint32, spans *[16]span, nc int) uint64 {
	switch nc {
	case 7:
		return matchAVX2x7(tab, south, list, spans)
	case 8:
		return matchAVX2x8(tab, south, list, spans)
	case 9:
		return matchAVX2x9(tab, south, list, spans)
	}
	return matchAVX2x10(tab, south, list, spans)
}

//go:noescape
func matchAVX2x7(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64

//go:noescape
func matchAVX2x8(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64

//go:noescape
func matchAVX2x9(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64

//go:noescape
func matchAVX2x10(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64

// matchAVX512 is matchAVX2 for groups of eight blocks, matched with 512-bit
// ANDs and counted with VPOPCNTQ, added in 64-bit lanes; nc is at least
// minAVX512Chunks.
func matchAVX512(tab *uint64, south []uint64, list *uint32, spans *[16]span, nc int) uint64 {
	switch nc {
	case 8:
		return matchAVX512x8(tab, south, list, spans)
	case 9:
		return matchAVX512x9(tab, south, list, spans)
	}
	return matchAVX512x10(tab, south, list, spans)
}

//go:noescape
func matchAVX512x8(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64

//go:noescape
func matchAVX512x9(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64

//go:noescape
func matchAVX512x10(tab *uint64, south []uint64, list *uint32, spans *[16]span) uint64

// groupWordsAVX512 sets the words of the nc chunks of a group of eight
// blocks for matchAVX512 at out (see chunkWords: the word of chunk j, value
// v and block i is out[(16j+v)·8+i]), from the blocks' planes (zg[p][i]:
// the keys of block i with bit p) and their keys (valid[i]).
//
//go:noescape
func groupWordsAVX512(zg *[40][8]uint64, valid *[8]uint64, nc int, out *uint64)

// joinKeysAVX512 is joinKeys for eight keys of es at a time: it writes
// x|y for each x of ws and y of es with x&y&keyBits == 0 at out, in
// joinKeys' order, and returns how many. out must have room for
// len(ws)·len(es) + 8 keys.
//
//go:noescape
func joinKeysAVX512(out *uint64, ws, es []uint64) int

// joinKeysAVX2 is joinKeys for four keys of es at a time, as
// joinKeysAVX512 is for eight. out must have room for len(ws)·len(es) + 4
// keys.
//
//go:noescape
func joinKeysAVX2(out *uint64, ws, es []uint64) int

// keepIfAVX512 is keepIf for eight keys at a time: it writes k&keep | or
// for each k of keys with k&test == test at out, in order, and returns
// how many. out must have room for len(keys) + 8 keys.
//
//go:noescape
func keepIfAVX512(out *uint64, keys []uint64, test, keep, or uint64) int

// keepIfAVX2 is keepIfAVX512 for four keys at a time. out must have room
// for len(keys) + 4 keys.
//
//go:noescape
func keepIfAVX2(out *uint64, keys []uint64, test, keep, or uint64) int

// bitPlanesAVX2 sets bit i of planes[j] to bit j of keys[i], for j < 40:
// transpose64 for the bits sliced needs, ten times faster.
//
//go:noescape
func bitPlanesAVX2(keys *[64]uint64, planes *[40]uint64)
