// Package combin holds the solver's one binomial, below both solver and
// its quadrant join (solver/internal/join), which need it alike. The
// standard library only.
package combin

// Binomial returns n choose k, exactly while it fits in 64 bits: from
// Pascal's triangle for n ≤ 64 (C(64, 32) < 2^64), where the knights'
// frames ask for it on their lone squares and the join on its column sets
// (n ≤ 22), and by the product formula for larger n, which the few-knights
// formulas ask for with k ≤ 3 and n up to the 529 squares of a board.
func Binomial(n, k int) uint64 {
	if k < 0 || k > n {
		return 0
	}
	if n < len(pascal) {
		return pascal[n][k]
	}
	k = min(k, n-k)
	c := uint64(1)
	for i := 1; i <= k; i++ {
		c = c * uint64(n-k+i) / uint64(i) // exact: c·(n-k+i) is i times a binomial
	}
	return c
}

// pascal holds the binomials up to 64 choose 64.
var pascal = func() (t [65][65]uint64) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return t
}()
