package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// The placement of reserved boards (reserved.go) and the counts of boards
// with none, against the plain search and the slow reference.

// impossibleBoards returns reserved boards of side n ≥ 4 with no placement
// whose every row has free squares: a reserved column, columns a and b
// free only in rows 1 and 2 (whose queens would share a diagonal), three
// columns free in two rows only, the corner columns free only in the
// corner rows, and free squares on one diagonal only. Each defeats the
// plain search on large boards (hours from n = 18), and each is shown
// empty by the matching at once or after a queen or two.
func impossibleBoards(n int) map[string]Problem {
	board := func(reserve func(r, c int) bool) Problem {
		p := Problem{Kind: Reserved, N: n, Reserved: make([]uint64, n)}
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				if reserve(r, c) {
					p.Reserved[r] |= 1 << uint(c)
				}
			}
		}
		return p
	}
	return map[string]Problem{
		"column a":         board(func(r, c int) bool { return c == 0 }),
		"middle column":    board(func(r, c int) bool { return c == n/2 }),
		"row":              board(func(r, c int) bool { return r == n-2 }),
		"a and b in 1, 2":  board(func(r, c int) bool { return c < 2 && r >= 2 }),
		"three in two":     board(func(r, c int) bool { return c >= n-3 && r != 1 && r != n-1 }),
		"corners":          board(func(r, c int) bool { return (c == 0 || c == n-1) && r != 0 && r != n-1 }),
		"diagonal only":    board(func(r, c int) bool { return r != c }),
		"two columns, one": board(func(r, c int) bool { return c >= 1 && c <= 2 && r != n/2 }),
	}
}

// plainFirstOf returns the first placement of p in lexicographic order by the
// plain row-by-row search.
func plainFirstOf(t *testing.T, p Problem) *Placement {
	t.Helper()
	pl, err := queensWalk(p).first(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return pl
}

// checkReservedPlacement checks the placement of a reserved board against
// want, the plain search's first (nil for none): a valid placement exactly
// when there is one, the same on every call; and matchSearch's listing of
// the placements with the plain search's.
func checkReservedPlacement(t *testing.T, name string, p Problem, want *Placement) {
	t.Helper()
	// A deadline, so that a search that hangs again fails rather than
	// stopping the suite: each of these takes milliseconds.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	str := func(pl *Placement) string {
		if pl == nil {
			return "none"
		}
		return pl.String()
	}
	got, err := reservedPlacement(ctx, p, Options{})
	if err != nil || (got == nil) != (want == nil) {
		t.Errorf("%s %v: placement %s, %v; the plain search finds %s", name, boardRows(p), str(got), err, str(want))
	}
	if got != nil {
		if v := Check(p, *got); v != nil {
			t.Errorf("%s %v: placement %s: %v", name, boardRows(p), str(got), v)
		}
	}
	if again, _ := reservedPlacement(ctx, p, Options{}); str(again) != str(got) {
		t.Errorf("%s %v: placement %s, then %s", name, boardRows(p), str(got), str(again))
	}
	// The listing of solutions: the plain search's, in its order.
	list := func(each func(fn func([]int) error) error) string {
		var b strings.Builder
		if err := each(func(cols []int) error {
			fmt.Fprint(&b, cols, ";")
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	var total uint64
	plain := list(func(fn func([]int) error) error {
		return newBoard(p).each(ctx, func(cols []int) error { total++; return fn(cols) })
	})
	if pruned := list(newMatchSearch(ctx, p).each); pruned != plain {
		t.Errorf("%s %v: matchSearch.each lists %.80s..., the plain search %.80s...", name, boardRows(p), pruned, plain)
	}
	sorted := list(func(fn func([]int) error) error {
		return reservedSolutions(ctx, p, total, func(pl Placement) error {
			cols, _ := pl.Columns()
			return fn(cols)
		})
	})
	if sorted != plain {
		t.Errorf("%s %v: reservedSolutions lists %.80s..., the plain search %.80s...", name, boardRows(p), sorted, plain)
	}
}

func TestReservedPlacementAgainstPlain(t *testing.T) {
	t.Parallel()
	for n := 4; n <= 10; n++ {
		for name, p := range impossibleBoards(n) {
			if want := plainFirstOf(t, p); want != nil {
				t.Fatalf("%s %v: the plain search finds %v", name, boardRows(p), want)
			}
			checkReservedPlacement(t, name, p, nil)
		}
	}
	rng := rand.New(rand.NewPCG(21, 22))
	for n := 1; n <= 11; n++ {
		for i := 0; i < 16; i++ {
			p := randomReserved(rng, n, []float64{0, 0.1, 0.25, 0.4, 0.5, 0.6, 0.7, 0.8}[i%8], Identity)
			want := plainFirstOf(t, p)
			if n <= 7 {
				// The slow reference lists in lexicographic order too.
				var slow *Placement
				if pls := slowPlacements(p); len(pls) > 0 {
					slow = &pls[0]
				}
				if (slow == nil) != (want == nil) || slow != nil && slow.String() != want.String() {
					t.Fatalf("%v: plain search %v, slow reference %v", boardRows(p), want, slow)
				}
			}
			checkReservedPlacement(t, "random", p, want)
		}
	}
}

// TestReservedImpossibleLarge answers the boards of impossibleBoards on
// large boards, where the plain search runs for hours (the n = 16,
// 17, 18 and 32), by placement, count, unique and solutions, with and
// without the hooks of a long count.
func TestReservedImpossibleLarge(t *testing.T) {
	for _, n := range []int{16, 17, 18, 32} {
		for name, p := range impossibleBoards(n) {
			// A deadline for each board, so that a search that hangs again
			// fails rather than stopping the suite: each takes milliseconds.
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			for _, ask := range []Ask{AskPlacement, AskCount, AskUnique, AskSolutions} {
				p.Ask = ask
				emitted := 0
				a, err := Solve(ctx, p, Options{Emit: func(Placement) error { emitted++; return nil }})
				if err != nil || a.Count != 0 || a.Placement != nil || emitted != 0 {
					t.Errorf("%s, n=%d, %s: %+v, %v, %d emitted; want none", name, n, ask, a, err, emitted)
				}
			}
			plan, progress := -1, -1
			c, err := countQueens(ctx, p, Options{Plan: func(total int) { plan = total }, Progress: func(done, _ int) { progress = done }, Shard: Shard{I: 0, K: 1}})
			if err != nil || c != 0 || plan != 1 || progress != 1 {
				t.Errorf("%s, n=%d: count with hooks %d, %v, plan %d, progress %d; want 0, one subproblem", name, n, c, err, plan, progress)
			}
		}
	}
}

// FuzzReservedPlacement compares the placement of boards up to 11×11 with
// the plain search's.
func FuzzReservedPlacement(f *testing.F) {
	f.Add(uint8(8), []byte{0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0x60, 0, 8, 0, 0, 0}) // the CSES sample
	f.Add(uint8(10), []byte{1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0})
	f.Add(uint8(9), []byte{0, 0, 0, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3, 0})
	f.Fuzz(func(t *testing.T, nb uint8, rows []byte) {
		p := Problem{Kind: Reserved, N: 1 + int(nb)%11}
		p.Reserved = make([]uint64, p.N)
		for r := range p.Reserved {
			if 2*r+1 < len(rows) {
				p.Reserved[r] = (uint64(rows[2*r]) | uint64(rows[2*r+1])<<8) & (1<<uint(p.N) - 1)
			}
		}
		checkReservedPlacement(t, fmt.Sprint("fuzz ", p.N), p, plainFirstOf(t, p))
	})
}

// TestCountUpTo checks the count that refuses a solutions problem over the
// limit against the plain count: exact up to the limit, refused past it,
// on open and reserved boards past smallN.
func TestCountUpTo(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(23, 24))
	ps := []Problem{{Kind: NQueens, N: 13}}
	for _, n := range []int{13, 14, 16, 20} {
		ps = append(ps, randomReserved(rng, n, 0.25+0.02*float64(n), Identity))
	}
	for _, p := range ps {
		want := newBoard(p).count(0, 0, 0, 0)
		for _, limit := range []uint64{want + 1000, want, want - 1, want / 3, 0} {
			if want == 0 && limit > want {
				continue
			}
			got, ok, err := countUpTo(ctx, p, limit, Options{})
			if err != nil || ok != (want <= limit) || ok && got != want {
				t.Errorf("countUpTo(%s %v, %d) = %d, %v, %v; the count is %d", p.Kind, boardRows(p), limit, got, ok, err, want)
			}
		}
	}
}

// BenchmarkReservedPlacement finds the placement of 32×32 boards: random
// ones with 5% to 80% reserved (3 of each), one after the other in an
// iteration, and the boards of impossibleBoards.
func BenchmarkReservedPlacement(b *testing.B) {
	rng := rand.New(rand.NewPCG(32, 32))
	var random []Problem
	for _, d := range []float64{0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.8} {
		for range 3 {
			random = append(random, randomReserved(rng, MaxReservedN, d, Identity))
		}
	}
	var none []Problem
	for _, p := range impossibleBoards(MaxReservedN) {
		none = append(none, p)
	}
	for _, c := range []struct {
		name string
		ps   []Problem
	}{{"random", random}, {"none", none}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				for _, p := range c.ps {
					if _, err := reservedPlacement(context.Background(), p, Options{}); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
