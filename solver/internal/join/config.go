package join

import "fmt"

// Kernel names the matcher's kernels: the Go ones (kernels.go), and on
// amd64 matchAVX2 and matchAVX512 (kernels_amd64.go), which count the same
// pairs on tables laid out for them.
type Kernel int8

// The kernels, slowest first.
const (
	GoKernel Kernel = iota
	AVX2
	AVX512
)

// lanes is how many blocks of 64 keys a group holds in k's layout.
func (k Kernel) lanes() int {
	switch k {
	case AVX2:
		return 4
	case AVX512:
		return 8
	}
	return 1
}

// String returns k's name as the tests and benchmarks print it: go, avx2
// or avx512.
func (k Kernel) String() string {
	return [...]string{"go", "avx2", "avx512"}[k]
}

// Kernels returns the kernels this machine runs, slowest first: the Go
// ones always, matchAVX2 and matchAVX512 where the processor and the
// operating system have them. The last is the best.
func Kernels() []Kernel {
	ks := []Kernel{GoKernel}
	if haveAVX2 {
		ks = append(ks, AVX2)
	}
	if haveAVX512 {
		ks = append(ks, AVX512)
	}
	return ks
}

// runs reports whether this machine runs k.
func (k Kernel) runs() bool {
	return k == GoKernel || k == AVX2 && haveAVX2 || k == AVX512 && haveAVX512
}

// Config chooses the join's code paths. A count uses DefaultConfig; tests
// change a field to take every board through a path that only some boards
// take (a kernel, keys matched in parts, lists matched by buckets, images
// without their marks), and compare the counts.
type Config struct {
	// Kernel is the matcher's kernel: one of Kernels().
	Kernel Kernel
	// WideBits is the widest key matched by one table, at most maxKeyBits
	// (40); the bits of wider keys above it part the table (see
	// sliced.buildWide), up to maxOverBits of them.
	WideBits uint
	// MinSplitKeys is the shortest north and south lists matched by
	// splitMatch, not by sliced alone (see useSplit).
	MinSplitKeys int
	// KeyRoom is the widest key images mode may make: with room for the
	// marks of the images hit (live bits and 8) it matches the pairs of
	// all its terms at once (see countImages), else term by term.
	KeyRoom uint
}

// DefaultConfig returns the configuration of a count: the best kernel the
// machine runs, keys of up to 40 bits in one table, lists of 4,096 keys
// and more matched by buckets, and room in images mode for keys of 40 bits.
func DefaultConfig() Config {
	return Config{Kernel: bestKernel, WideBits: maxKeyBits, MinSplitKeys: defaultMinSplitKeys, KeyRoom: maxKeyBits}
}

// bestKernel is the fastest kernel this machine runs, asked once.
var bestKernel = func() Kernel {
	ks := Kernels()
	return ks[len(ks)-1]
}()

// check returns an error for a configuration the join cannot run.
func (c *Config) check() error {
	switch {
	case !c.Kernel.runs():
		return fmt.Errorf("join config: kernel %s does not run here", c.Kernel)
	case c.WideBits < cutBits || c.WideBits > maxKeyBits:
		return fmt.Errorf("join config: wide bits %d, want %d..%d", c.WideBits, cutBits, maxKeyBits)
	}
	return nil
}

// useSplit reports whether the pairs of north and south lists of these
// lengths are counted by splitMatch.
func (c *Config) useSplit(north, south int) bool {
	return north >= c.MinSplitKeys && south >= c.MinSplitKeys
}
