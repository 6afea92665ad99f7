package join

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/queensjudge/queensjudge/internal/testflag"
)

// kernels are the matcher's kernels a test can run here: the Go kernels
// always, matchAVX2 and matchAVX512 where the machine has them.
func kernels() []Kernel { return Kernels() }

// withKernel returns the configuration of a count with kernel k.
func withKernel(k Kernel) *Config {
	conf := DefaultConfig()
	conf.Kernel = k
	return &conf
}

// pairsSlow is what sliced counts, pair by pair: the pairs of a north key
// and a south key with no bit in common below 4·nc, each weighed by 2 to
// the number of the south key's bits 62 and 63.
func pairsSlow(north, south []uint64, nc int) uint64 {
	return pairsWide(north, south, uint(4*nc))
}

// randomKeys returns k keys of width bits, each set with probability
// 2^-sparse, and, when wide, some bits above width and the weight bits 62
// and 63 at random.
func randomKeys(rng *rand.Rand, k int, width uint, sparse int, wide bool) []uint64 {
	keys := make([]uint64, k)
	for i := range keys {
		x := ^uint64(0)
		for range sparse {
			x &= rng.Uint64()
		}
		x &= 1<<width - 1
		if wide {
			x |= rng.Uint64() &^ (1<<width - 1) & rng.Uint64() & rng.Uint64()
		}
		keys[i] = x
	}
	return keys
}

// slicedCount builds a sliced table of north with the kernel chosen and
// counts its pairs with south.
func slicedCount(k Kernel, north, south []uint64, width uint) (got uint64, nc int) {
	var sl sliced
	var buf []uint64
	sl.build(north, width, withKernel(k))
	return sl.count(south, &buf, nil), sl.nc
}

// TestSliced checks both kernels against the pair-by-pair count, for each
// chunk count, on tables of every size class: empty, a part of one block,
// block and group counts that are not multiples of 4 or 8, tables matched whole
// and tables matched a tile at a time (more than fitsBytes, or more than
// maxTileGroups groups).
func TestSliced(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 10))
	for _, width := range []uint{20, 28, 31, 32, 33, 36, 38, 40} {
		for _, nNorth := range []int{0, 1, 63, 64, 65, 255, 257, 64*13 + 5, 64*37 + 17, 64*130 + 1} {
			for _, nSouth := range []int{0, 1, 7, 200} {
				north := randomKeys(rng, nNorth, width, 1+rng.IntN(2), false)
				south := randomKeys(rng, nSouth, width, 1+rng.IntN(3), true)
				checkKernels(t, fmt.Sprintf("width %d, %d north, %d south keys", width, nNorth, nSouth), north, south, width)
			}
		}
	}
}

// TestSlicedCuts checks the kernels where the cuts are unevenly spread:
// north keys all of one cut (every unit matched without the cut chunk, or
// none matched), and south keys all of one cut and weight.
func TestSlicedCuts(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 4))
	for _, nc := range []int{7, 8, 9, 10} {
		width := uint(4 * nc)
		for _, cut := range []uint64{0, 1, 6, 15} {
			north := randomKeys(rng, 64*9+3, width, 2, false)
			for i := range north {
				if i%5 != 0 {
					north[i] = north[i]&^15 | cut
				}
			}
			for _, scut := range []uint64{0, 9, 15} {
				south := randomKeys(rng, 50, width, 2, false)
				for i := range south {
					south[i] = south[i]&^15 | scut | 3<<62
				}
				want := pairsSlow(north, south, nc)
				for _, k := range kernels() {
					if got, _ := slicedCount(k, north, south, width); got != want {
						t.Errorf("%d chunks, north cut %d, south cut %d: %s count = %d, want %d", nc, cut, scut, k, got, want)
					}
				}
			}
		}
	}
}

// FuzzSliced checks both kernels against the pair-by-pair count on random
// tables drawn from the fuzzer's seed.
func FuzzSliced(f *testing.F) {
	f.Add(uint64(1), uint16(100), uint8(10), uint8(28), uint8(1))
	f.Add(uint64(2), uint16(1000), uint8(3), uint8(40), uint8(2))
	f.Add(uint64(3), uint16(2049), uint8(60), uint8(33), uint8(3))
	f.Fuzz(func(t *testing.T, seed uint64, nNorth uint16, nSouth, width, sparse uint8) {
		rng := rand.New(rand.NewPCG(seed, 1))
		w := 1 + uint(width%40)
		north := randomKeys(rng, int(nNorth%5000), w, int(sparse%4), false)
		south := randomKeys(rng, int(nSouth), w, int(sparse/4%4), true)
		checkKernels(t, fmt.Sprintf("width %d", w), north, south, w)
	})
}

// checkKernels counts the compatible pairs of north and south keys of
// width bits with each kernel, and reports a count that differs from the
// pair-by-pair one.
func checkKernels(t *testing.T, what string, north, south []uint64, width uint) {
	t.Helper()
	var want uint64
	for i, k := range kernels() {
		got, nc := slicedCount(k, north, south, width)
		if i == 0 {
			want = pairsSlow(north, south, nc)
		}
		if got != want {
			t.Errorf("%s (%d chunks): %s count = %d, want %d", what, nc, k, got, want)
		}
	}
}

// TestSortByCut checks that the sort puts each key with its cut, for lengths
// around multiples of its four quarters.
func TestSortByCut(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, k := range []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1000, 1003} {
		keys := randomKeys(rng, k, 40, 1, true)
		got, at := sortByCut(keys, nil)
		// The sort is not stable: compare each cut's keys as sets.
		for c := 0; c < 16; c++ {
			g := slices.Clone(got[at[c]:at[c+1]])
			slices.Sort(g)
			var w []uint64
			for _, x := range keys {
				if x&15 == uint64(c) {
					w = append(w, x)
				}
			}
			slices.Sort(w)
			if !slices.Equal(g, w) {
				t.Errorf("sortByCut of %d keys: cut %d holds %#x, want %#x", k, c, g, w)
			}
		}
		if at[16] != k {
			t.Errorf("sortByCut of %d keys: ends at %d", k, at[16])
		}
	}
}

// TestBitPlanes checks bitPlanesAVX2 against transpose64.
func TestBitPlanes(t *testing.T) {
	if !haveAVX2 {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(40, 64))
	for i := range 100 {
		var keys [64]uint64
		for j := range keys {
			keys[j] = rng.Uint64() >> uint(i%64)
		}
		want := keys
		transpose64(&want)
		var got [40]uint64
		bitPlanesAVX2(&keys, &got)
		if got != [40]uint64(want[:40]) {
			t.Fatalf("bitPlanesAVX2(%#x) = %#x, want %#x", keys, got, want[:40])
		}
	}
}

// TestJoinKeysKernels checks joinKeys with each kernel against the pairs
// taken one by one, for lists of 0 to 40 keys (the AVX-512 kernel takes
// eight at a time and the rest under a mask; the AVX2 one, from
// minJoinAVX2 keys, four, and 16 to 19 give it each count of last keys), keys that share only hit
// bits (which do not clash), and an output that already holds keys.
func TestJoinKeysKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 7))
	key := func() uint64 {
		return rng.Uint64()&rng.Uint64()&rng.Uint64()&(1<<40-1) | rng.Uint64()&hitBits
	}
	for _, nw := range []int{0, 1, 3, 8, 17} {
		for _, ne := range []int{0, 1, 5, 7, 8, 9, 16, 17, 18, 19, 23, 40} {
			ws, es := make([]uint64, nw), make([]uint64, ne)
			for i := range ws {
				ws[i] = key()
			}
			for i := range es {
				es[i] = key()
			}
			prefix := []uint64{1, 2, 3}
			want := slices.Clone(prefix)
			for _, x := range ws {
				for _, y := range es {
					if x&y&keyBits == 0 {
						want = append(want, x|y)
					}
				}
			}
			for _, k := range kernels() {
				if got := joinKeys(k, slices.Clone(prefix), ws, es); !slices.Equal(got, want) {
					t.Errorf("%d west, %d east keys: %s joinKeys = %#x, want %#x", nw, ne, k, got, want)
				}
			}
		}
	}
}

// TestKeepIfKernels checks keepIf with each kernel against a plain filter:
// lists of 0 to 40 keys, a test of no bits (all kept) and of one hit bit
// with and without weight bits, and an output already holding keys.
func TestKeepIfKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	keep := keyBits &^ (longDiagBit | longAntiBit)
	for _, n := range []int{0, 1, 5, 7, 8, 9, 16, 23, 40} {
		keys := make([]uint64, n)
		for i := range keys {
			keys[i] = rng.Uint64() & (1<<40 - 1 | hitBits | longDiagBit | longAntiBit)
		}
		for _, test := range []uint64{0, 1 << hitShift, 1 << (hitShift + 7), 1<<(hitShift+3) | longDiagBit, 1<<(hitShift+5) | longDiagBit | longAntiBit} {
			const or = 1 << 41
			prefix := []uint64{1, 2, 3}
			want := slices.Clone(prefix)
			for _, k := range keys {
				if k&test == test {
					want = append(want, k&keep|or)
				}
			}
			for _, k := range kernels() {
				if got := keepIf(k, slices.Clone(prefix), keys, test, keep, or); !slices.Equal(got, want) {
					t.Errorf("%d keys, test %#x: %s keepIf = %#x, want %#x", n, test, k, got, want)
				}
			}
		}
	}
}

// TestSplitMatch checks the count by buckets of low bits against the
// pair-by-pair count, with each kernel, for north lists that part by the
// fewest and the most bits, south keys with weights, and lists with empty
// buckets and buckets of one cut. The largest north list is the shortest
// that parts by maxSplitBits, 2^18 keys (splitBitsFor takes a bit for
// every doubling from 2^7 keys on). The longer south list has 900 keys,
// or fewer against a long north list, to keep the pairs the slow count
// goes through under 2^24 a list (64 against 2^18: 1.3 s less). The quick
// suite matches the 2^18 keys at the widest width, 40 bits, only; at 28
// and 36 too (0.25 s of CPU more) with -long.
func TestSplitMatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 22))
	for _, width := range []uint{28, 36, 40} {
		for _, nNorth := range []int{300, 5000, 1 << 18} {
			for _, nSouth := range []int{1, min(900, 1<<24/nNorth)} {
				north := randomKeys(rng, nNorth, width, 1+rng.IntN(2), false)
				south := randomKeys(rng, nSouth, width, 1+rng.IntN(3), true)
				if nNorth == 1<<18 && width != 40 && !testflag.Long() {
					continue // made anyway: the lists after it are -long's
				}
				if nNorth == 5000 {
					for i := range north[:nNorth/2] {
						north[i] &^= 0x3f // one cut, and empty buckets
					}
				}
				nc := max(7, int(width+3)/4)
				want := pairsSlow(north, south, nc)
				for _, k := range kernels() {
					var m splitMatch
					var sl sliced
					m.bucket(north)
					if got := m.count(south, width, &sl, withKernel(k), nil); got != want {
						t.Errorf("width %d, %d north (%d bits), %d south keys: %s count = %d, want %d", width, nNorth, m.bits, nSouth, k, got, want)
					}
				}
			}
		}
	}
	if splitBitsFor(defaultMinSplitKeys) < minSplitBits || splitBitsFor(1<<18) != maxSplitBits || splitBitsFor(1<<17) == maxSplitBits || splitBitsFor(1<<30) != maxSplitBits || maxSplitBits < cutBits || minSplitBits < cutBits {
		t.Errorf("splitBitsFor: %d at %d keys, %d at 2^30", splitBitsFor(defaultMinSplitKeys), defaultMinSplitKeys, splitBitsFor(1<<30))
	}
}
