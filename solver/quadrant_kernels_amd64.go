package solver

// haveAVX2 reports whether the processor and the operating system run
// matchAVX2: AVX2, BMI2 and POPCNT, with the YMM registers saved on a
// switch.
var haveAVX2 = hasAVX2()

// useAVX2 selects the matcher's kernel for the tables built from now on:
// matchAVX2 (and bitPlanesAVX2) when set, else the Go kernels of
// quadrant_kernels.go. Tests set it to compare the two, while no count
// runs; nothing else writes it.
var useAVX2 = haveAVX2

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

// bitPlanesAVX2 sets bit i of planes[j] to bit j of keys[i], for j < 40:
// transpose64 for the bits sliced needs, ten times faster.
//
//go:noescape
func bitPlanesAVX2(keys *[64]uint64, planes *[40]uint64)
