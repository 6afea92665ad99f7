package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// The search for one placement of a reserved board (reserved_search.go,
// reserved_wide.go) against the plain search and brute force.

func TestLuby(t *testing.T) {
	want := []int{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16, 1}
	var got []int
	for i := 1; i <= len(want); i++ {
		got = append(got, luby(i))
	}
	if !slices.Equal(got, want) {
		t.Errorf("luby(1..%d) = %v, want %v", len(want), got, want)
	}
}

// wideOf returns the board of p in the form wideSearch reads, past 32:
// p's masks, one word a row, are that form up to 64.
func wideOf(p Problem) Problem {
	q := p
	q.Ask, q.M = AskPlacement, AnyM
	return q
}

// checkSearches checks both searches of a placement on p, of side
// n ≤ 11, against the plain search: each finds a valid placement exactly
// when the plain search does, or proves there is none.
func checkSearches(t *testing.T, name string, p Problem) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	want := newBoard(p).count(0, 0, 0, 0) > 0
	for _, s := range []restartable{newMatchSearch(ctx, p), newWideSearch(ctx, p)} {
		rs := &restarts{s: s, seed: boardSeed(p), unit: lubyUnit(p.N)}
		if err := rs.until(0, 0); err != nil {
			t.Fatal(err)
		}
		got := rs.res
		if !got.Decided || got.Exists != want || (got.Placement != nil) != want {
			t.Errorf("%s %v: %T decided %v, exists %v; the plain search finds one: %v", name, boardRows(p), s, got.Decided, got.Exists, want)
			continue
		}
		if got.Placement != nil {
			if v := Check(p, *got.Placement); v != nil {
				t.Errorf("%s %v: %T placed %v: %v", name, boardRows(p), s, got.Placement, v)
			}
		}
	}
	if ls := newLocalSearch(ctx, p); ls != nil {
		ok, _, err := ls.try(boardSeed(p), 200000)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			if pl := ls.placement(); !want || Check(p, pl) != nil {
				t.Errorf("%s %v: the local search placed %v: %v; the plain search finds one: %v", name, boardRows(p), pl, Check(p, pl), want)
			}
		}
	} else if want {
		t.Errorf("%s %v: no local search, but the plain search finds a placement", name, boardRows(p))
	}
	kept, ok := wideMatchings(p.N, func(r, c int) bool { return !p.IsReserved(r, c) })
	if !ok && want {
		t.Errorf("%s %v: wideMatchings says none, the plain search finds one", name, boardRows(p))
	}
	if ok {
		// The squares it keeps hold every placement.
		in := map[[2]int]bool{}
		for _, sq := range kept {
			in[sq] = true
		}
		if err := newBoard(p).each(ctx, func(cols []int) error {
			for r, c := range cols {
				if !in[[2]int{r, c}] {
					return fmt.Errorf("wideMatchings dropped %v of the placement %v", Square{r, c}, cols)
				}
			}
			return nil
		}); err != nil {
			t.Errorf("%s %v: %v", name, boardRows(p), err)
		}
	}
}

func TestSearchesAgainstPlain(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 8; n++ {
		for name, p := range smallShapes(n) {
			checkSearches(t, name, p)
		}
		for name, p := range impossibleBoards(max(n, 4)) {
			checkSearches(t, name, p)
		}
	}
	rng := rand.New(rand.NewPCG(45, 1))
	for n := 1; n <= 11; n++ {
		for i := range 40 {
			checkSearches(t, "random", randomReserved(rng, n, []float64{0, 0.2, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9}[i%8], Identity))
		}
	}
}

// FuzzSearches compares both searches on boards up to 11×11 with the plain
// search.
func FuzzSearches(f *testing.F) {
	f.Add(uint8(8), []byte{0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0x60, 0, 8, 0, 0, 0}) // the CSES sample
	f.Add(uint8(10), []byte{1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0})
	f.Add(uint8(11), []byte{0xff, 0xf0, 0, 1, 0x55, 0x2, 0xaa, 0x5, 0, 0, 0x11, 0x1, 0x88, 0, 0, 0x7})
	f.Fuzz(func(t *testing.T, nb uint8, rows []byte) {
		n := 1 + int(nb)%11
		p := Problem{Kind: Reserved, N: n, Ask: AskPlacement, M: AnyM, Reserved: NewReserved(n)}
		for r := range n {
			if 2*r+1 < len(rows) {
				p.Reserved[r] = (uint64(rows[2*r]) | uint64(rows[2*r+1])<<8) & (1<<uint(n) - 1)
			}
		}
		checkSearches(t, fmt.Sprint("fuzz ", n), p)
	})
}

// TestMatchingAgainstBrute checks the matching's maximum with the
// largest matching found by trying every set of edges, on small random
// graphs: of a word a side, and of right vertices up to 200, several
// words a side.
func TestMatchingAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 2))
	for i := range 600 {
		left, right := 1+rng.IntN(5), 1+rng.IntN(5)
		if i%2 == 1 {
			right = 1 + rng.IntN(200)
		}
		var edges [][2]int
		g := newMatching(left, right)
		for l := range left {
			for range 1 + rng.IntN(3) {
				if r := rng.IntN(right); rng.IntN(3) > 0 && !slices.Contains(edges, [2]int{l, r}) {
					edges = append(edges, [2]int{l, r})
					g.edge(l, r)
				}
			}
		}
		best := 0
		for set := 0; set < 1<<len(edges); set++ {
			var usedL, usedR []int
			ok := true
			for i, e := range edges {
				if set>>i&1 == 0 {
					continue
				}
				if slices.Contains(usedL, e[0]) || slices.Contains(usedR, e[1]) {
					ok = false
					break
				}
				usedL = append(usedL, e[0])
				usedR = append(usedR, e[1])
			}
			if ok {
				best = max(best, len(usedL))
			}
		}
		got := g.maximum()
		if got != best {
			t.Fatalf("%d×%d graph %v: maximum %d, brute force %d", left, right, edges, got, best)
		}
		size := 0
		for l, r := range g.mateL {
			if r < 0 {
				continue
			}
			size++
			if !slices.Contains(edges, [2]int{l, int(r)}) || g.mateR[r] != int16(l) {
				t.Fatalf("%d×%d graph %v: mateL %v, mateR %v: not a matching of its edges", left, right, edges, g.mateL, g.mateR)
			}
		}
		if size != got {
			t.Fatalf("%d×%d graph %v: mateL %v holds %d edges, maximum %d", left, right, edges, g.mateL, size, got)
		}
	}
}

// TestWideMatchingsProveShapes checks that the matchings before the runs
// prove the shapes whose lines of one family are too few empty at any
// size: checkerboards (31 diagonals of a colour for 32 rows), bands and
// anti-bands, a reserved column, as prune does within 32.
func TestWideMatchingsProveShapes(t *testing.T) {
	for _, n := range []int{20, 32, 33, 64, 100, 333} {
		shapes := map[string]func(r, c int) bool{
			"checker":   func(r, c int) bool { return (r+c)%2 == 0 },
			"band":      func(r, c int) bool { return abs(c-r) <= n/2-1 },
			"anti-band": func(r, c int) bool { return n/2 <= r+c && r+c <= 3*n/2-2 },
			"column":    func(r, c int) bool { return c != n/3 },
			"quarter":   func(r, c int) bool { return r < n/2 || c < n/2 },
		}
		for name, free := range shapes {
			if _, ok := wideMatchings(n, free); ok {
				t.Errorf("n = %d, %s: wideMatchings finds every matching", n, name)
			}
		}
		if _, ok := wideMatchings(n, func(r, c int) bool { return true }); !ok {
			t.Errorf("n = %d: the open board has no matching", n)
		}
	}
}

// bigBoard returns the reserved placement problem of side n whose
// reserved squares reserve says.
func bigBoard(n int, reserve func(r, c int) bool) Problem {
	p := Problem{Kind: Reserved, N: n, Ask: AskPlacement, M: AnyM, Reserved: NewReserved(n)}
	for r := range n {
		for c := range n {
			if reserve(r, c) {
				p.Reserve(r, c)
			}
		}
	}
	return p
}

// TestPlacementPast32 solves boards of n = 33 to 1,000: random ones with
// 0% to 80% reserved get a valid placement, the same one twice, and the
// shapes with too few lines get none.
func TestPlacementPast32(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(45, 3))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for _, c := range []struct {
		n       int
		density float64
	}{{33, 0.3}, {64, 0.5}, {65, 0.8}, {100, 0}, {100, 0.7}, {257, 0.4}, {500, 0.3}, {1000, 0.6}} {
		p := bigBoard(c.n, func(r, cc int) bool { return rng.Float64() < c.density })
		if err := p.Validate(); err != nil {
			t.Fatal(err)
		}
		a, err := Solve(ctx, p, Options{})
		if err != nil || a.Placement == nil {
			t.Errorf("n = %d, %.0f%% reserved: %v, %v; want a placement", c.n, 100*c.density, a.Placement, err)
			continue
		}
		if v := Check(p, *a.Placement); v != nil {
			t.Errorf("n = %d, %.0f%% reserved: %v", c.n, 100*c.density, v)
		}
		if again, err := Solve(ctx, p, Options{Workers: 1}); err != nil || again.Placement.String() != a.Placement.String() {
			t.Errorf("n = %d, %.0f%% reserved: another placement the second time, or %v", c.n, 100*c.density, err)
		}
	}
	for _, n := range []int{40, 100} {
		for name, reserve := range map[string]func(r, c int) bool{
			"checker":  func(r, c int) bool { return (r+c)%2 == 1 },
			"band":     func(r, c int) bool { return abs(c-r) > n/2-1 },
			"column":   func(r, c int) bool { return c == 7 },
			"two rows": func(r, c int) bool { return c < 2 && r >= 2 },
		} {
			p := bigBoard(n, reserve)
			if a, err := Solve(ctx, p, Options{}); err != nil || a.Placement != nil {
				t.Errorf("n = %d, %s: %v, %v; want none", n, name, a.Placement, err)
			}
		}
	}
}

// TestRestartsFamilies decides boards of n = 20..32 in stripe families
// (every k-th line of one or two families reserved, grids, random boards
// of 30% to 80%) within a bound of nodes, about a CPU-second of search,
// and checks every placement found. Stripes in both directions (every
// third anti-diagonal and every fourth diagonal) are left out: from n = 24
// some take seconds, or are not decided in minutes (docs/limits.md).
func TestRestartsFamilies(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(45, 4))
	const bound = 1 << 22 // about a CPU-second at matchPerNode
	var nodes []int
	for _, n := range []int{20, 23, 26, 29, 32} {
		fams := map[string]Problem{}
		for k := 2; k <= 6; k++ {
			for j := 0; j < k; j++ {
				fams[fmt.Sprint("anti-diagonals ", k, j)] = freeBoard(n, func(r, c int) bool { return (r+c)%k != j })
				fams[fmt.Sprint("diagonals ", k, j)] = freeBoard(n, func(r, c int) bool { return (c-r+n)%k != j })
			}
			fams[fmt.Sprint("grid ", k)] = freeBoard(n, func(r, c int) bool { return !(r%k == 0 && c%k == 0) })
			fams[fmt.Sprint("blocks ", k)] = freeBoard(n, func(r, c int) bool { return (r/k+c/k)%2 == 1 || (r+c)%3 != 0 })
		}
		for i, d := range []float64{0.3, 0.4, 0.5, 0.6, 0.7, 0.8} {
			fams[fmt.Sprint("random ", i)] = randomReserved(rng, n, d, Identity)
		}
		for name, p := range fams {
			p.Ask, p.M = AskPlacement, AnyM
			res, err := findPlacement(context.Background(), p, bound)
			if err != nil || !res.Decided {
				t.Errorf("n = %d, %s: not decided in %d nodes (%d runs), %v", n, name, res.Nodes, res.Runs, err)
				continue
			}
			nodes = append(nodes, res.Nodes)
			if res.Exists {
				if v := Check(p, *res.Placement); v != nil {
					t.Errorf("n = %d, %s: %v", n, name, v)
				}
				continue
			}
			// A none against the count, where the count's estimate is small.
			q := p
			q.Ask = AskCount
			if c, err := Estimate(context.Background(), q, Options{}); err == nil && c.Seconds < 0.5 {
				if a, err := Solve(context.Background(), q, Options{}); err != nil || a.Count != 0 {
					t.Errorf("n = %d, %s: none, but the count is %d, %v", n, name, a.Count, err)
				}
			}
		}
	}
	slices.Sort(nodes)
	t.Logf("%d boards decided, nodes: median %d, worst %d", len(nodes), nodes[len(nodes)/2], nodes[len(nodes)-1])
}

// TestPortfolioProvesNone checks that the count answers a reserved
// placement the restarts do not decide: a 22×22 board with every third
// anti-diagonal and every fourth diagonal reserved has none (the count is
// 0), which the restarts take seconds to prove and the count 0.1 s.
func TestPortfolioProvesNone(t *testing.T) {
	n := 22
	p := freeBoard(n, func(r, c int) bool { return (r+c)%3 != 0 && (c-r+n)%4 != 0 })
	p.Ask, p.M = AskPlacement, AnyM
	if res, err := findPlacement(context.Background(), p, placePhase); err != nil || res.Decided {
		t.Fatalf("the restarts decide the board in their first phase (%+v, %v): the test needs a harder one", res, err)
	}
	a, err := Solve(context.Background(), p, Options{Budget: 30 * time.Second})
	if err != nil || a.Placement != nil {
		t.Fatalf("Solve = %v, %v; want none", a.Placement, err)
	}
}

// TestPlacementEstimate checks that the estimate of a reserved placement
// says what its search did: the nodes that found a placement, a proof of
// none, or a search that decided nothing, the same each time.
func TestPlacementEstimate(t *testing.T) {
	ctx := context.Background()
	easy := bigBoard(32, func(r, c int) bool { return (r+c)%4 == 0 })
	none := bigBoard(32, func(r, c int) bool { return (r+c)%2 == 0 })
	hard := bigBoard(32, func(r, c int) bool { return (r+c)%3 == 0 || (c-r+32)%4 == 0 })
	big := bigBoard(1000, func(r, c int) bool { return (r*7+c*3)%5 == 0 })
	for _, c := range []struct {
		name    string
		p       Problem
		how     string
		atLeast bool
	}{
		{"every fourth anti-diagonal", easy, "a placement found by a search of", false},
		{"checkerboard", none, "no placement: proved by the matchings", false},
		{"stripes both ways", hard, "not decided by a search of", true},
		{"1000, a fifth reserved", big, "a placement found by a search of", false},
	} {
		a, err := Estimate(ctx, c.p, Options{})
		b, _ := Estimate(ctx, c.p, Options{})
		if err != nil || !strings.HasPrefix(a.How, c.how) || a.AtLeast != c.atLeast || a.Bound || a != b {
			t.Errorf("%s: Estimate = %+v, %v, then %+v; want %q..., at least %v", c.name, a, err, b, c.how, c.atLeast)
		}
		if a.Over(time.Second) {
			t.Errorf("%s: the estimate %v refuses the placement", c.name, a)
		}
	}
}

// TestLocalSearchFindsLines checks that the local search finds a placement
// where the complete searches go wrong from the root: boards of n = 100 to
// 1,000 reserved along random whole diagonals (30%), on which wideSearch's
// runs were stopped at a CPU-second, and 30 CPU-seconds at n = 500.
func TestLocalSearchFindsLines(t *testing.T) {
	t.Parallel()
	for _, n := range []int{100, 500, 1000} {
		p := famLines(rand.New(rand.NewPCG(uint64(n), 45)), n, 0.16)
		ls := newLocalSearch(context.Background(), p)
		var ok bool
		var steps, tries int
		for tries = 1; tries <= 8 && !ok; tries++ {
			var used int
			var err error
			ok, used, err = ls.try(uint64(tries), 1<<24)
			if err != nil {
				t.Fatal(err)
			}
			steps += used
		}
		if !ok {
			t.Errorf("n = %d: no placement in %d tries (%d looks)", n, tries-1, steps)
			continue
		}
		if v := Check(p, ls.placement()); v != nil {
			t.Errorf("n = %d: %v", n, v)
		}
		t.Logf("n = %d: a placement in %d looks", n, steps)
	}
}
