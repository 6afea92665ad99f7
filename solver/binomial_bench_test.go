package solver

import (
	"math/big"
	"testing"
)

// binomial returns n choose k for n ≤ 64, exactly (C(64, 32) < 2^64).
func binomialFrameOld(n, k int) uint64 {
	if k < 0 || k > n {
		return 0
	}
	return pascalOld[n][k]
}

// pascal holds the binomials up to 64 choose 64.
var pascalOld = func() (t [65][65]uint64) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return t
}()

// binomial64 returns n choose k for the small k of the formulas and any n
// up to the 529 squares of a board.
func binomialFewOld(n, k int) uint64 {
	if k < 0 || n < k {
		return 0
	}
	c := uint64(1)
	for i := 1; i <= k; i++ {
		c = c * uint64(n-k+i) / uint64(i)
	}
	return c
}

// TestBinomial checks binomial against math/big's.
func TestBinomial(t *testing.T) {
	check := func(n, k int) {
		want := new(big.Int).Binomial(int64(n), int64(k))
		if got := binomial(n, k); !want.IsUint64() || got != want.Uint64() {
			t.Errorf("binomial(%d, %d) = %d, want %v", n, k, got, want)
		}
	}
	for n := 0; n <= 64; n++ {
		for k := 0; k <= n; k++ {
			check(n, k)
		}
	}
	for n := 65; n <= 600; n++ {
		for k := 0; k <= 4; k++ {
			check(n, k)
			check(n, n-k)
		}
	}
	if binomial(5, 6) != 0 || binomial(5, -1) != 0 {
		t.Error("binomial out of 0..n is not 0")
	}
}

var binomialSink uint64

// BenchmarkBinomialPaired times the old binomials against the one, on the
// arguments their callers give: the frames' (n ≤ 64, k ≤ n) and the few
// knights' (k = 2 and 3, n up to 529). Run with -count 6 and compare
// medians.
func BenchmarkBinomialPaired(b *testing.B) {
	frame := func(f func(n, k int) uint64) func(*testing.B) {
		return func(b *testing.B) {
			var s uint64
			for b.Loop() {
				for n := 0; n <= 24; n++ {
					for k := 0; k <= 12; k++ {
						s += f(n, k)
					}
				}
			}
			binomialSink = s
		}
	}
	few := func(f func(n, k int) uint64) func(*testing.B) {
		return func(b *testing.B) {
			var s uint64
			for b.Loop() {
				for n := 0; n <= 529; n += 7 {
					s += f(n, 2) + f(n, 3)
				}
			}
			binomialSink = s
		}
	}
	b.Run("frame/old", frame(binomialFrameOld))
	b.Run("frame/new", frame(binomial))
	b.Run("few/old", few(binomialFewOld))
	b.Run("few/new", few(binomial))
}
