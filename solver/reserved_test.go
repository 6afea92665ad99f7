package solver

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/queensjudge/queensjudge/internal/testflag"
)

// slowPlacements returns every placement of n queens on p's board, one per
// row, testing each square against the queens above it one by one.
func slowPlacements(p Problem) []Placement {
	n := p.N
	cols := make([]int, 0, n)
	var out []Placement
	var walk func(r int)
	walk = func(r int) {
		if r == n {
			out = append(out, FromColumns(append([]int(nil), cols...)))
			return
		}
		for c := 0; c < n; c++ {
			if p.IsReserved(r, c) {
				continue
			}
			ok := true
			for r2, c2 := range cols {
				if c2 == c || r-r2 == c-c2 || r-r2 == c2-c {
					ok = false
					break
				}
			}
			if ok {
				cols = append(cols, c)
				walk(r + 1)
				cols = cols[:len(cols)-1]
			}
		}
	}
	walk(0)
	return out
}

// randomReserved returns a board of side n with about density of its
// squares reserved, made symmetric under sym's powers when sym is a turn or
// a mirror.
func randomReserved(rng *rand.Rand, n int, density float64, sym Sym) Problem {
	p := Problem{Kind: Reserved, N: n, Reserved: make([]uint64, n)}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if rng.Float64() >= density {
				continue
			}
			s := Square{r, c}
			for i := 0; i < 4; i++ {
				p.Reserved[s.Row] |= 1 << uint(s.Col)
				s = sym.Apply(s, n)
			}
		}
	}
	return p
}

// checkReserved compares count and unique of p, by every path, with the
// slow reference.
func checkReserved(t *testing.T, p Problem) {
	t.Helper()
	ctx := context.Background()
	pls := slowPlacements(p)
	want := uint64(len(pls))
	paths := []Options{{}, {Workers: 2, Progress: func(int, int) {}}, {Workers: 1, Shard: Shard{I: 0, K: 1}}}
	for _, opt := range paths {
		got, err := countQueens(ctx, p, opt)
		if err != nil || got != want {
			t.Errorf("count %v (hooks %v) = %d, %v, want %d", boardRows(p), opt.Progress != nil || opt.Shard.K > 0, got, err, want)
		}
	}
	p.Ask = AskUnique
	a, err := Solve(ctx, p, Options{})
	if wantU := uint64(bruteClasses(pls, BoardSyms(p))); err != nil || a.Count != wantU {
		t.Errorf("unique %v = %d, %v, want %d", boardRows(p), a.Count, err, wantU)
	}
}

func TestReservedAgainstSlow(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	syms := []Sym{Identity, FlipH, Rot180, Rot90, Transpose}
	for n := 1; n <= 10; n++ {
		for i := 0; i < 12; i++ {
			density := []float64{0, 0.05, 0.15, 0.3}[i%4]
			checkReserved(t, randomReserved(rng, n, density, syms[i%len(syms)]))
		}
	}
}

// TestReservedLarge checks the split search with the fewest-candidates row
// order on boards too big for the slow reference: against the plain
// row-by-row search (up to 18×18, and 24×24 with -long), an open board
// against the published counts, and a 32×32 board's shards against its
// whole count.
func TestReservedLarge(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 8))
	for _, c := range []struct {
		n       int
		density float64
	}{{13, .1}, {14, .2}, {16, .3}, {18, .45}, {24, .6}} {
		p := randomReserved(rng, c.n, c.density, Identity)
		if c.n > 14 && !testflag.Long() {
			continue // a second (16×16) to minutes (24×24): run with -long
		}
		got, err := countQueens(ctx, p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if want := newBoard(p).count(0, 0, 0, 0); got != want {
			t.Errorf("reserved n=%d: count = %d, want %d", c.n, got, want)
		}
	}
	p := Problem{Kind: Reserved, N: 14, Reserved: make([]uint64, 14)}
	if got, _ := countQueens(ctx, p, Options{}); got != a000170Long[13] {
		t.Errorf("open reserved 14: count = %d, want %d", got, a000170Long[13])
	}
	p = randomReserved(rand.New(rand.NewPCG(9, 9)), 32, 0.75, Identity) // 361 placements
	whole, err := countQueens(ctx, p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var parts uint64
	for i := 0; i < 2; i++ {
		c, err := countQueens(ctx, p, Options{Shard: Shard{I: i, K: 2}})
		if err != nil {
			t.Fatal(err)
		}
		parts += c
	}
	if parts != whole || whole != 361 {
		t.Errorf("reserved n=32: shards add up to %d, whole count %d, want 361", parts, whole)
	}
}

func FuzzReservedCount(f *testing.F) {
	f.Add(uint8(8), []byte{0, 0, 4, 0, 0, 0x60, 8, 0}) // the CSES sample
	f.Add(uint8(6), []byte{})
	f.Add(uint8(7), []byte{1, 2, 4, 8, 16, 32, 64})
	f.Fuzz(func(t *testing.T, n uint8, rows []byte) {
		p := Problem{Kind: Reserved, N: 1 + int(n)%9}
		p.Reserved = make([]uint64, p.N)
		for r := range p.Reserved {
			if r < len(rows) {
				p.Reserved[r] = uint64(rows[r]) & (1<<uint(p.N) - 1)
			}
		}
		checkReserved(t, p)
	})
}
