package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// The proof of reserved.go's impossible boards (reserved_proof.go), against
// the plain search.

// freeBoard returns the reserved board of side n whose free squares are
// those free reports.
func freeBoard(n int, free func(r, c int) bool) Problem {
	p := Problem{Kind: Reserved, N: n, Reserved: make([]uint64, n)}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if !free(r, c) {
				p.Reserved[r] |= 1 << uint(c)
			}
		}
	}
	return p
}

// shapeBoards returns the boards of side n of the shape families of the
// bug report: checkerboards, a band about the diagonal, one about the
// anti-diagonal, a reserved quarter (these have no placement from n = 20 to
// 32), and boards with every third or fourth anti-diagonal reserved (these
// have placements).
func shapeBoards(n int) map[string]Problem {
	return map[string]Problem{
		"checker even": freeBoard(n, func(r, c int) bool { return (r+c)%2 == 0 }),
		"checker odd":  freeBoard(n, func(r, c int) bool { return (r+c)%2 == 1 }),
		"band":         freeBoard(n, func(r, c int) bool { return abs(c-r) <= n/2-1 }),
		"anti-band":    freeBoard(n, func(r, c int) bool { return n/2 <= r+c && r+c <= 3*n/2-2 }),
		"quarter":      freeBoard(n, func(r, c int) bool { return r < n/2 || c < n/2 }),
		"mod 3":        freeBoard(n, func(r, c int) bool { return (r+c)%3 != 0 }),
		"mod 4":        freeBoard(n, func(r, c int) bool { return (r+c)%4 != 0 }),
	}
}

// smallShapes returns the boards of side n of many shape families, in
// several widths and both orientations: checkerboards, bands and
// anti-bands, each quarter reserved, stripes of rows, columns, diagonals and
// anti-diagonals every k, and the families of shapeBoards.
func smallShapes(n int) map[string]Problem {
	out := map[string]Problem{}
	for name, p := range shapeBoards(n) {
		out[name] = p
	}
	for w := 0; w < n; w++ {
		out[fmt.Sprint("band ", w)] = freeBoard(n, func(r, c int) bool { return abs(c-r) <= w })
		out[fmt.Sprint("anti-band ", w)] = freeBoard(n, func(r, c int) bool { return abs(r+c-(n-1)) <= w })
		out[fmt.Sprint("outside band ", w)] = freeBoard(n, func(r, c int) bool { return abs(c-r) > w })
	}
	for h := 1; h < n; h++ {
		for v := 1; v < n; v++ {
			out[fmt.Sprint("quarter ", h, v)] = freeBoard(n, func(r, c int) bool { return r < h || c < v })
			out[fmt.Sprint("quarter' ", h, v)] = freeBoard(n, func(r, c int) bool { return r < h || c >= v })
		}
	}
	for k := 2; k <= 5; k++ {
		for j := 0; j < k; j++ {
			out[fmt.Sprint("rows ", k, j)] = freeBoard(n, func(r, c int) bool { return r%k != j || c%2 == 0 })
			out[fmt.Sprint("columns ", k, j)] = freeBoard(n, func(r, c int) bool { return c%k != j })
			out[fmt.Sprint("diagonals ", k, j)] = freeBoard(n, func(r, c int) bool { return (c-r+n)%k != j })
			out[fmt.Sprint("anti-diagonals ", k, j)] = freeBoard(n, func(r, c int) bool { return (r+c)%k != j })
			out[fmt.Sprint("only diagonals ", k, j)] = freeBoard(n, func(r, c int) bool { return (c-r+n)%k == j })
			out[fmt.Sprint("only anti-diagonals ", k, j)] = freeBoard(n, func(r, c int) bool { return (r+c)%k == j })
		}
	}
	return out
}

// checkProof checks prune and exists on p against the plain search: prune
// keeps every square of every placement (so it proves no board with one
// empty), and exists says whether there is one.
func checkProof(t *testing.T, name string, p Problem) {
	t.Helper()
	b := newBoard(p)
	var used [MaxReservedN]uint64
	var total int
	b.each(context.Background(), func(cols []int) error {
		total++
		for r, c := range cols {
			used[r] |= 1 << uint(c)
		}
		return nil
	})
	s := newMatchSearch(context.Background(), p)
	proved := !s.proveRoot()
	if proved && total > 0 {
		t.Errorf("%s %v: prune proves no placement, the plain search finds %d", name, boardRows(p), total)
	}
	if !proved {
		for r := 0; r < p.N; r++ {
			if lost := used[r] &^ s.free[r]; lost != 0 {
				t.Errorf("%s %v: prune drops row %d's squares %b, which hold queens", name, boardRows(p), r, lost)
			}
		}
	}
	ok, err := newMatchSearch(context.Background(), p).exists()
	if err != nil || ok != (total > 0) {
		t.Errorf("%s %v: exists = %v, %v; the plain search finds %d", name, boardRows(p), ok, err, total)
	}
}

// TestProveAgainstPlain checks prune and exists against the plain search on
// every board of side 1..3, the shapes of smallShapes of side 1..8, and
// random boards of side 1..9 of every density.
func TestProveAgainstPlain(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 3; n++ {
		for mask := 0; mask < 1<<uint(n*n); mask++ {
			p := freeBoard(n, func(r, c int) bool { return mask>>uint(r*n+c)&1 == 0 })
			checkProof(t, "every", p)
		}
	}
	for n := 1; n <= 8; n++ {
		for name, p := range smallShapes(n) {
			checkProof(t, name, p)
		}
	}
	rng := rand.New(rand.NewPCG(31, 32))
	for n := 4; n <= 9; n++ {
		for i := 0; i < 300; i++ {
			checkProof(t, "random", randomReserved(rng, n, float64(i%20)/20, Identity))
		}
	}
}

// FuzzReservedExists checks prune and exists against the plain search on
// boards of side 1..10.
func FuzzReservedExists(f *testing.F) {
	f.Add(uint8(8), []byte{0xaa, 0, 0x55, 0, 0xaa, 0, 0x55, 0, 0xaa, 0, 0x55, 0, 0xaa, 0, 0x55, 0}) // a checkerboard
	f.Add(uint8(8), []byte{0, 0, 0, 0, 0, 0, 0, 0, 0xf0, 0, 0xf0, 0, 0xf0, 0, 0xf0, 0})             // a quarter
	f.Add(uint8(6), []byte{})
	f.Fuzz(func(t *testing.T, nb uint8, rows []byte) {
		p := Problem{Kind: Reserved, N: 1 + int(nb)%10}
		p.Reserved = make([]uint64, p.N)
		for r := range p.Reserved {
			if 2*r+1 < len(rows) {
				p.Reserved[r] = (uint64(rows[2*r]) | uint64(rows[2*r+1])<<8) & (1<<uint(p.N) - 1)
			}
		}
		checkProof(t, "fuzz", p)
	})
}

// TestReservedShapesLarge answers the shapes of the bug report from n = 20
// to 32, which took the searches minutes: the boards with no placement by
// placement, count, unique and solutions, the boards with every third or
// fourth anti-diagonal reserved by exists.
func TestReservedShapesLarge(t *testing.T) {
	for n := 20; n <= MaxReservedN; n++ {
		for name, p := range shapeBoards(n) {
			// A deadline, so that a search that hangs again fails rather
			// than stopping the suite: each takes a millisecond or less.
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			if name == "mod 3" || name == "mod 4" {
				if name == "mod 4" && n > 24 {
					continue // exists takes 0.2 s at n = 28, 0.8 s at 32
				}
				if ok, err := newMatchSearch(ctx, p).exists(); !ok || err != nil {
					t.Errorf("%s, n=%d: exists = %v, %v; want true", name, n, ok, err)
				}
				continue
			}
			for _, ask := range []Ask{AskPlacement, AskCount, AskUnique, AskSolutions} {
				p.Ask = ask
				emitted := 0
				a, err := Solve(ctx, p, Options{Emit: func(Placement) error { emitted++; return nil }})
				if err != nil || a.Count != 0 || a.Placement != nil || emitted != 0 {
					t.Errorf("%s, n=%d, %s: %+v, %v, %d emitted; want none", name, n, ask, a, err, emitted)
				}
			}
		}
	}
}

// checkerFlipped is a checkerboard of side n whose four squares are
// flipped: the bounded proof decides it at n = 20 and 22 (in 25,632 and
// 122,705 nodes, no placement) and not at n ≥ 24 (the unbounded one took
// 607,921 nodes at n = 24, and more than 10^7 at 28 and 32).
func checkerFlipped(n int) Problem {
	p := freeBoard(n, func(r, c int) bool { return (r+c)%2 == 0 })
	for _, sq := range [][2]int{{0, 1}, {n / 2, n/2 + 1}, {n - 1, 2}, {3, n - 2}} {
		p.Reserved[sq[0]] ^= 1 << uint(sq[1])
	}
	return p
}

// TestProofBounded checks the proof bounded by nodes: the same nodes and
// answer in every run, proofNodes at most; a board it cannot decide is
// counted by the search, to the count the unbounded proof gives.
func TestProofBounded(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, c := range []struct {
		n               int
		decided, exists bool
	}{{20, true, false}, {24, false, false}} {
		p := checkerFlipped(c.n)
		a, err := proveExists(ctx, p, proofNodes)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := proveExists(ctx, p, proofNodes)
		if a != b || a.Decided != c.decided || (a.Decided && a.Exists != c.exists) || a.Nodes > proofNodes {
			t.Errorf("proveExists(n = %d) = %+v, then %+v; want decided %v, exists %v, at most %d nodes", c.n, a, b, c.decided, c.exists, proofNodes)
		}
		e, err := HasPlacement(ctx, p, 1000)
		if err != nil || e.Decided || e.Nodes != 1000 {
			t.Errorf("HasPlacement(n = %d, 1000 nodes) = %+v, %v; want undecided after 1000", c.n, e, err)
		}
	}
	p := checkerFlipped(24)
	if ok, err := newMatchSearch(ctx, p).exists(); ok || err != nil {
		t.Fatalf("the unbounded proof of n = 24: %v, %v", ok, err)
	}
	p.Ask = AskCount
	if a, err := Solve(ctx, p, Options{}); err != nil || a.Count != 0 {
		t.Errorf("Solve(count, n = 24, the proof undecided) = %d, %v; want 0", a.Count, err)
	}
}

// TestProofOnce checks that a solve proves its board once: the second
// proof of a solve's context is the first's, made with no search (here
// under a context already done, which any search would return).
func TestProofOnce(t *testing.T) {
	p := checkerFlipped(20)
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), proofKey{}, &proofMemo{}))
	first, err := proveOnce(ctx, p)
	if err != nil || !first.Decided {
		t.Fatalf("proveOnce = %+v, %v", first, err)
	}
	cancel()
	if again, err := proveOnce(ctx, p); err != nil || again != first {
		t.Errorf("proveOnce again = %+v, %v; want %+v from the first", again, err, first)
	}
	if _, err := proveOnce(context.WithValue(ctx, proofKey{}, &proofMemo{}), p); err == nil {
		t.Error("proveOnce of a new solve under a done context: no error")
	}
}
