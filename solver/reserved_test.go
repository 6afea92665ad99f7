package solver

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/solver/internal/join"
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
	t.Parallel()
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
// whole count. The 32×32 board has 33 placements (77% reserved: 0.08 s; the
// 70 of a board 76% reserved took 0.5 s, the 361 of 75% 3 s), which the
// plain search counts too in 80 s, with -long.
func TestReservedLarge(t *testing.T) {
	t.Parallel() // no shared state, no time bound: it runs beside the other such tests
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
	p = randomReserved(rand.New(rand.NewPCG(3, 3)), 32, 0.77, Identity) // 33 placements, 16 and 17 a shard
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
	if parts != whole || whole != 33 {
		t.Errorf("reserved n=32: shards add up to %d, whole count %d, want 33", parts, whole)
	}
	if testflag.Long() {
		if plain := newBoard(p).count(0, 0, 0, 0); plain != whole {
			t.Errorf("reserved n=32: count = %d, the plain search %d", whole, plain)
		}
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

// joinCount counts p's placements by the quadrant join with the symmetries
// of group, subproblem by subproblem on one goroutine, whatever p's size.
func joinCount(p Problem, group []Sym) uint64 {
	return quadrantTotal(mustJoin(p, group, false, false, join.DefaultConfig(), 1))
}

// imageJoinCount is joinCount in images mode with the matcher's kernel k,
// making keys of at most room bits.
func imageJoinCount(p Problem, k join.Kernel, room uint) uint64 {
	conf := join.DefaultConfig()
	conf.Kernel, conf.KeyRoom = k, room
	return quadrantTotal(mustJoin(p, nil, true, false, conf, 1))
}

// subgroups are the subgroups of the 8 symmetries, one of each kind up to
// conjugacy but for the two of order 2 generated by a side mirror.
var subgroups = [][]Sym{
	Syms,
	{Identity, Rot90, Rot180, Rot270},
	{Identity, Rot180, Transpose, AntiTrans},
	{Identity, FlipH, FlipV, Rot180},
	{Identity, FlipH},
	{Identity, FlipV},
	{Identity, Rot180},
	{Identity, Transpose},
	{Identity, AntiTrans},
	{Identity},
}

// symmetricUnder returns the subgroups of the 8 symmetries that keep p's
// reserved squares.
func symmetricUnder(p Problem) [][]Sym {
	have := BoardSyms(p)
	var out [][]Sym
	for _, g := range subgroups {
		ok := true
		for _, s := range g {
			ok = ok && slices.Contains(have, s)
		}
		if ok {
			out = append(out, g)
		}
	}
	return out
}

// TestReservedJoinAgainstSearch checks the quadrant join on reserved boards,
// forced below the sizes it is used for, against the plain search (and the
// slow reference to n = 7): random boards, boards symmetric under each kind
// of symmetry, reserved squares on the middle lines, a fully reserved row
// and column; each with every group of symmetries the board has (past
// 10×10, the board's own group only). The quick suite's boards go to
// 10×10; 11 to 16, which check the same on bigger boards, with -long.
func TestReservedJoinAgainstSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	syms := []Sym{Identity, FlipH, FlipV, Rot180, Rot90, Transpose, AntiTrans}
	top := 10 // 11: 0.6 s of CPU more
	if testflag.Long() {
		top = 16 // the plain search takes seconds on 16×16
	}
	for n := 4; n <= top; n++ {
		var ps []Problem
		for i, g := range syms {
			density := []float64{0.02, 0.05, 0.1, 0.2}[i%4]
			ps = append(ps, randomReserved(rng, n, density, g))
		}
		m := n / 2
		mid := Problem{Kind: Reserved, N: n, Reserved: make([]uint64, n)}
		mid.Reserved[m] |= 1 << uint(rng.IntN(n)) // the middle row
		mid.Reserved[rng.IntN(n)] |= 1 << uint(m) // the middle column
		ps = append(ps, mid)
		centre := Problem{Kind: Reserved, N: n, Reserved: make([]uint64, n)}
		centre.Reserved[m] = 1 << uint(m)
		ps = append(ps, centre)
		row := Problem{Kind: Reserved, N: n, Reserved: make([]uint64, n)}
		row.Reserved[rng.IntN(n)] = 1<<uint(n) - 1
		ps = append(ps, row)
		col := Problem{Kind: Reserved, N: n, Reserved: make([]uint64, n)}
		for r, c := range col.Reserved {
			col.Reserved[r] = c | 1<<uint(n-1)
		}
		ps = append(ps, col)
		for _, p := range ps {
			want := newBoard(p).count(0, 0, 0, 0)
			if n <= 7 {
				if slow := uint64(len(slowPlacements(p))); slow != want {
					t.Fatalf("search %v = %d, slow reference %d", boardRows(p), want, slow)
				}
			}
			groups := symmetricUnder(p)
			if n > 10 {
				groups = [][]Sym{BoardSyms(p)}
			}
			for _, g := range groups {
				if got := joinCount(p, g); got != want {
					t.Errorf("join %v (group %v) = %d, want %d", boardRows(p), g, got, want)
				}
			}
			// Images mode, with and without room for the marks of the
			// images hit (n = 20 and 21 have none), with each kernel.
			for _, k := range join.Kernels() {
				for _, room := range []uint{join.DefaultConfig().KeyRoom, 0} {
					if got := imageJoinCount(p, k, room); got != want {
						t.Errorf("join %v in images mode (room %d, %s) = %d, want %d", boardRows(p), room, k, got, want)
					}
				}
			}
		}
	}
}

// FuzzReservedJoin checks the quadrant join, under the board's symmetries
// and in images mode, against the plain search on boards of n = 4..11.
func FuzzReservedJoin(f *testing.F) {
	f.Add(uint8(4), []byte{0, 0, 4, 0, 0, 0x60, 8, 0}) // the CSES sample
	f.Add(uint8(6), []byte{})
	f.Add(uint8(3), []byte{0, 0, 0, 8, 0, 0, 0})
	f.Add(uint8(7), []byte{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80})
	f.Fuzz(func(t *testing.T, n uint8, rows []byte) {
		p := Problem{Kind: Reserved, N: 4 + int(n)%8}
		p.Reserved = make([]uint64, p.N)
		for r := range p.Reserved {
			if 2*r+1 < len(rows) {
				p.Reserved[r] = (uint64(rows[2*r]) | uint64(rows[2*r+1])<<8) & (1<<uint(p.N) - 1)
			}
		}
		want := newBoard(p).count(0, 0, 0, 0)
		if got := joinCount(p, BoardSyms(p)); got != want {
			t.Errorf("join %v = %d, want %d", boardRows(p), got, want)
		}
		if got := imageJoinCount(p, join.DefaultConfig().Kernel, join.DefaultConfig().KeyRoom); got != want {
			t.Errorf("join %v in images mode = %d, want %d", boardRows(p), got, want)
		}
	})
}
