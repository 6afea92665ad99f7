package solver

import (
	"context"
	"flag"
	"strings"
	"testing"
	"time"
)

func TestKnightsAgainstBrute(t *testing.T) {
	for n := 1; n <= 5; n++ {
		// The largest m by brute force: the first m with no placement ends it.
		bruteMax, bruteAt := 0, brutePlacements(Problem{N: n}, 0, 0)
		for m := 1; m <= n; m++ {
			pls := brutePlacements(Problem{N: n}, m, m)
			if len(pls) == 0 {
				break
			}
			bruteMax, bruteAt = m, pls
		}
		p := Problem{Kind: QueensKnights, N: n, M: AnyM}
		p.Ask = AskMax
		if got := solve(t, p).Count; got != uint64(bruteMax) {
			t.Errorf("queens-knights %d: max = %d, want %d", n, got, bruteMax)
		}
		p.Ask = AskCount
		if got := solve(t, p).Count; got != uint64(len(bruteAt)) {
			t.Errorf("queens-knights %d: count = %d, want %d", n, got, len(bruteAt))
		}
		p.Ask = AskUnique
		if got, want := solve(t, p).Count, bruteClasses(bruteAt, Syms); got != uint64(want) {
			t.Errorf("queens-knights %d: unique = %d, want %d", n, got, want)
		}
		for m := 0; m <= n; m++ {
			p := Problem{Kind: QueensKnights, N: n, M: m, Ask: AskCount}
			if got, want := solve(t, p).Count, len(brutePlacements(Problem{N: n}, m, m)); got != uint64(want) {
				t.Errorf("queens-knights %d, m=%d: count = %d, want %d", n, m, got, want)
			}
		}
	}
}

func TestKnights8(t *testing.T) {
	p := Problem{Kind: QueensKnights, N: 8, M: AnyM}
	for _, c := range []struct {
		ask  Ask
		want uint64
	}{{AskMax, 5}, {AskCount, 16}, {AskUnique, 2}} {
		p.Ask = c.ask
		if got := solve(t, p).Count; got != c.want {
			t.Errorf("queens-knights 8 %s = %d, want %d", c.ask, got, c.want)
		}
	}
	p.Ask = AskPlacement
	a := solve(t, p)
	if a.Placement == nil || a.M != 5 {
		t.Fatalf("queens-knights 8 placement: %+v", a)
	}
	if v := Check(Problem{Kind: QueensKnights, N: 8, M: 5}, *a.Placement); v != nil {
		t.Errorf("queens-knights 8 placement %v: %v", a.Placement, v)
	}
}

func TestKnightsAgainstSlow(t *testing.T) {
	ctx := context.Background()
	for n := 1; n <= 7; n++ {
		for m := 0; m <= n; m++ {
			if (n-m)*(n-m) < m {
				continue
			}
			var fast, slow []string
			got, err := knightsCount(ctx, n, m, func(pl Placement) error {
				if v := Check(Problem{Kind: QueensKnights, N: n, M: m}, pl); v != nil {
					t.Errorf("n=%d m=%d: %v: %v", n, m, pl, v)
				}
				fast = append(fast, pl.String())
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			want, err := knightsCountSlow(ctx, n, m, func(pl Placement) error {
				slow = append(slow, pl.String())
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if got != want || strings.Join(fast, ",") != strings.Join(slow, ",") {
				t.Errorf("n=%d m=%d: %d placements, the plain search %d (or another order)", n, m, got, want)
			}
		}
	}
}

var knightsTable = flag.Bool("knights.table", false, "compute and print the queens-knights table (minutes)")

// TestKnightsTable prints the table of the largest m, the count and the
// count up to symmetry, n = 4.., with computing times. Run it with
// go test ./solver -run TestKnightsTable -knights.table -v -timeout 0
func TestKnightsTable(t *testing.T) {
	if !*knightsTable {
		t.Skip("needs -knights.table")
	}
	ctx := context.Background()
	t.Log("| n | largest m | placements | up to symmetry | seconds |")
	t.Log("|---|---|---|---|---|")
	for n := 4; n <= MaxKnightsN; n++ {
		start := time.Now()
		var row [3]uint64
		for i, ask := range []Ask{AskMax, AskCount, AskUnique} {
			a, err := Solve(ctx, Problem{Kind: QueensKnights, N: n, M: AnyM, Ask: ask}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			row[i] = a.Count
		}
		t.Logf("| %d | %d | %d | %d | %.1f |", n, row[0], row[1], row[2], time.Since(start).Seconds())
	}
}
