package solver

import (
	"context"
	"flag"
	"testing"
)

var (
	knightsLong = flag.Bool("knights.long", false, "cross-check the queens-knights table with the row search (minutes)")
	knightsTo   = flag.Int("knights.to", MaxKnightsN, "the largest n of BenchmarkKnightsTable and -knights.long")
)

// TestKnightsLongAgainstSlow checks the table's larger boards with the
// plain search: the count at the largest m and one below, and that one
// above has no placement. Run it with
// go test ./solver -run TestKnightsLong -knights.long -v -timeout 0
func TestKnightsLongAgainstSlow(t *testing.T) {
	if !*knightsLong {
		t.Skip("needs -knights.long")
	}
	ctx := context.Background()
	for n := 8; n <= 11; n++ {
		top, err := knightsMax(ctx, n, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []int{top - 1, top, top + 1} {
			got, err := knightsCount(ctx, n, m, nil)
			if err != nil {
				t.Fatal(err)
			}
			want, err := knightsCountSlow(ctx, n, m, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got != want || (m > top && got != 0) {
				t.Errorf("n=%d m=%d: %d placements, the plain search %d", n, m, got, want)
			}
			t.Logf("n=%d m=%d: %d placements, both searches", n, m, got)
		}
	}
}
