package combin

import (
	"math/big"
	"testing"

	_ "github.com/queensjudge/queensjudge/internal/testflag" // go test ./... -update and -long reach every package
)

// TestBinomial checks Binomial against math/big's.
func TestBinomial(t *testing.T) {
	check := func(n, k int) {
		want := new(big.Int).Binomial(int64(n), int64(k))
		if got := Binomial(n, k); !want.IsUint64() || got != want.Uint64() {
			t.Errorf("Binomial(%d, %d) = %d, want %v", n, k, got, want)
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
	if Binomial(5, 6) != 0 || Binomial(5, -1) != 0 {
		t.Error("binomial out of 0..n is not 0")
	}
}
