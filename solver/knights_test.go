package solver

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/testflag"
)

// The queens-knights searches and what checks them:
//
//	kframes       (knights_frame.go)   the fast one: frames, symmetry, König
//	knightsCount  (knights_search.go)  row by row on bitboards, no symmetry;
//	                                   answers m < n-8, checks the frames
//	knightsCountSlow (test)            the first plain search; checks the rows
//	brutePlacements (brute_test.go)    every square empty, queen or knight
//
// The tests here take a few seconds; -long (knights_long_test.go) runs the
// table's larger boards through two searches.

// knightsTable holds the table of the largest m, with the number of
// placements and of classes under the 8 symmetries, from n = 1. It was
// computed by the frame search and checked as knights_long_test.go and
// KNIGHTS.md tell; the tests here recheck the rows the time allows. The
// largest m and the counts for n = 4..10 are published (Håkan Kjellerstrand,
// hakank/hakank picat/queens_and_knights.pi: 40, 156, 176, 120, 16, 16, 8),
// and 8×8 up to symmetry (2, Roger Hui); the rest is new. An independent
// search (the row search) rechecked the counts in whole up to n = 15, on a
// sample of their row sets for n = 16..18, and not at all for n = 19 and 20.
var knightsTable = []struct {
	m             int
	count, unique uint64
	// oneMethod marks a row checked by one method only: the frame search
	// run again without symmetry, and the list of placements it gives
	// (each through Check, none twice, the classes by Burnside), two looks
	// at the same search. The row search, independent of it, cannot reach
	// the row: one of its row sets takes it minutes (KNIGHTS.md).
	// TestKnightsLong says so in its log, and TestKnightsLongRowSets skips
	// the comparison.
	oneMethod bool
}{
	{0, 1, 1, false}, {0, 1, 1, false}, {0, 1, 1, false},
	{1, 40, 5, false}, {2, 156, 20, false}, {3, 176, 22, false}, {4, 120, 15, false},
	{5, 16, 2, false}, {6, 16, 2, false}, {7, 8, 1, false},
	{7, 314672, 39334, false}, {8, 302316, 37820, false}, {9, 242752, 30344, false},
	{10, 209612, 26215, false}, {11, 194864, 24358, false}, {12, 347232, 43488, false},
	{13, 143392, 17924, false}, {14, 178000, 22285, false},
	{15, 86576, 10822, true}, {16, 39776, 5052, true}, // n = 19, 20: one method only
}

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
			brute := brutePlacements(Problem{N: n}, m, m)
			p := Problem{Kind: QueensKnights, N: n, M: m, Ask: AskCount}
			if got := solve(t, p).Count; got != uint64(len(brute)) {
				t.Errorf("queens-knights %d, m=%d: count = %d, want %d", n, m, got, len(brute))
			}
			p.Ask = AskUnique
			if got, want := solve(t, p).Count, bruteClasses(brute, Syms); got != uint64(want) {
				t.Errorf("queens-knights %d, m=%d: unique = %d, want %d", n, m, got, want)
			}
			p.Ask = AskSolutions
			if got, want := knightsSolutions(t, p), placementStrings(brute); !slices.Equal(got, want) {
				t.Errorf("queens-knights %d, m=%d: solutions %v, want %v", n, m, got, want)
			}
			p.Ask = AskPlacement
			switch pl := solve(t, p).Placement; {
			case pl == nil && len(brute) > 0:
				t.Errorf("queens-knights %d, m=%d: no placement, want one of %d", n, m, len(brute))
			case pl != nil && Check(p, *pl) != nil:
				t.Errorf("queens-knights %d, m=%d: placement %v: %v", n, m, pl, Check(p, *pl))
			}
		}
	}
}

// knightsSolutions returns the placements Solve emits for p, checked and
// sorted.
func knightsSolutions(t *testing.T, p Problem) []string {
	t.Helper()
	var got []Placement
	a, err := Solve(context.Background(), p, Options{Emit: func(pl Placement) error {
		if v := Check(p, pl); v != nil {
			t.Errorf("%v: solution %v: %v", p, pl, v)
		}
		if !slices.IsSortedFunc(pl.Queens, cmpSquares) || !slices.IsSortedFunc(pl.Knights, cmpSquares) {
			t.Errorf("%v: solution %v: pieces not in row-major order", p, pl)
		}
		got = append(got, pl)
		return nil
	}})
	if err != nil {
		t.Fatalf("Solve(%+v): %v", p, err)
	}
	if a.Count != uint64(len(got)) {
		t.Errorf("%v: solutions: count %d, %d emitted", p, a.Count, len(got))
	}
	return placementStrings(got)
}

func cmpSquares(a, b Square) int {
	if a.Row != b.Row {
		return a.Row - b.Row
	}
	return a.Col - b.Col
}

func placementStrings(pls []Placement) []string {
	out := make([]string, len(pls))
	for i, pl := range pls {
		out[i] = pl.String()
	}
	slices.Sort(out)
	return out
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

// TestKnightsTableSmall rechecks the rows of the table that take under a
// second, through Solve.
func TestKnightsTableSmall(t *testing.T) {
	top := 10 // n = 11 and 12 take a second more: -long
	if testflag.Long() {
		top = 12
	}
	for n := 1; n <= top; n++ {
		want := knightsTable[n-1]
		p := Problem{Kind: QueensKnights, N: n, M: AnyM}
		for _, c := range []struct {
			ask  Ask
			want uint64
		}{{AskMax, uint64(want.m)}, {AskCount, want.count}, {AskUnique, want.unique}} {
			p.Ask = c.ask
			a := solve(t, p)
			if a.Count != c.want || a.M != want.m {
				t.Errorf("queens-knights %d %s = %d (m = %d), want %d (m = %d)", n, c.ask, a.Count, a.M, c.want, want.m)
			}
		}
		p.Ask = AskPlacement
		a := solve(t, p)
		if a.Placement == nil {
			t.Fatalf("queens-knights %d placement: none", n)
		}
		if v := Check(Problem{Kind: QueensKnights, N: n, M: want.m}, *a.Placement); v != nil {
			t.Errorf("queens-knights %d placement %v: %v", n, a.Placement, v)
		}
	}
}

// TestKnightsLargestBoards finds a placement at the largest m on the boards
// past 16, where the searches' masks and tables need more than 32 bits of
// diagonals, and checks it with Check. That m is the largest: m+1 queens
// would leave (n-m-1)² squares, too few for m+1 knights. Up to
// MaxKnightsCountN it is the table's (whose counts are in -long);
// past it the frames are 5×5 (a placement in under a second, no count).
// The quick suite does 20 and 21, the last table's and the first 5×5;
// 22 and 23 (1.5 s, the same frames on bigger boards) with -long.
func TestKnightsLargestBoards(t *testing.T) {
	t.Parallel() // no shared state, no time bound: it runs beside the other such tests
	for n := 17; n <= MaxKnightsN; n++ {
		if !testflag.Long() && n != 20 && n != 21 {
			continue // the last frame of 4×4, the first of n−5: -long does all
		}
		a := solve(t, Problem{Kind: QueensKnights, N: n, M: AnyM, Ask: AskPlacement})
		m := a.M
		if a.Placement == nil {
			t.Fatalf("queens-knights %d placement: none at m = %d", n, m)
		}
		if v := Check(Problem{Kind: QueensKnights, N: n, M: m}, *a.Placement); v != nil {
			t.Errorf("queens-knights %d placement %v: %v", n, a.Placement, v)
		}
		if k := n - m - 1; k*k >= m+1 {
			t.Errorf("queens-knights %d: m = %d, but m+1 knights could fit", n, m)
		}
		if n <= MaxKnightsCountN && m != knightsTable[n-1].m {
			t.Errorf("queens-knights %d: m = %d, the table says %d", n, m, knightsTable[n-1].m)
		}
	}
}

// TestKnightsNoRoom checks that an m whose knights cannot fit the squares
// its queens leave is answered at once, on the largest boards too.
func TestKnightsNoRoom(t *testing.T) {
	for _, c := range []struct {
		n, m int
		ask  Ask
	}{{23, 19, AskPlacement}, {20, 17, AskCount}, {20, 17, AskUnique}, {20, 17, AskSolutions}, {5, 5, AskCount}} {
		start := time.Now()
		a := solve(t, Problem{Kind: QueensKnights, N: c.n, M: c.m, Ask: c.ask})
		if a.Count != 0 || a.Placement != nil || a.M != c.m {
			t.Errorf("queens-knights %d m=%d %s: %+v, want nothing", c.n, c.m, c.ask, a)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("queens-knights %d m=%d %s took %v", c.n, c.m, c.ask, d)
		}
	}
}

// TestKnightsAgainstSlow checks the row search against the first, plain
// one: the same placements in the same order, each checked by Check. The
// quick suite's boards go to 6×6; 7×7 (0.45 s of CPU, on the placements'
// strings and checks) with -long.
func TestKnightsAgainstSlow(t *testing.T) {
	t.Parallel() // no shared state, no time bound: it runs beside the other such tests
	ctx := context.Background()
	top := 6
	if testflag.Long() {
		top = 7
	}
	for n := 1; n <= top; n++ {
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

// TestKnightsFramesAgainstRows compares the frame search with the row
// search, an independent method, for every n and m they both answer in
// moments: the count, the classes and the placements themselves. The
// quick suite's boards go to 6×6 (FuzzKnights's seeds count 7×7 with
// m = 0 and 8×8 with m = 5 too); 7 to 10, which check the same on bigger
// boards, with -long.
func TestKnightsFramesAgainstRows(t *testing.T) {
	t.Parallel() // no shared state, no time bound: it runs beside the other such tests
	ctx := context.Background()
	top := 6 // n = 7 takes 0.55 s, 8 1 s, 9 2.4 s, 10 (m ≥ 7) little more
	if testflag.Long() {
		top = 10
	}
	for n := 1; n <= top; n++ {
		for m := max(0, n-maxFrameK); m <= n; m++ {
			if (n >= 8 && m < n-4) || (n == 10 && m < 7) {
				continue // counts of 10^5 and more: seconds for the row search
			}
			var rows []Placement
			want, err := knightsCount(ctx, n, m, func(pl Placement) error {
				if len(rows) < 200_000 {
					rows = append(rows, pl)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			f := newKFrames(n, m)
			got, err := f.count(ctx, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("n=%d m=%d: frames count %d, rows %d", n, m, got, want)
			}
			f.every = true
			if got, _ := f.count(ctx, Options{}); got != want {
				t.Errorf("n=%d m=%d: every frame count %d, rows %d", n, m, got, want)
			}
			f.every = false
			if want > uint64(len(rows)) {
				continue
			}
			if got, wantU := solve(t, Problem{Kind: QueensKnights, N: n, M: m, Ask: AskUnique}).Count, burnside(rows); got != wantU {
				t.Errorf("n=%d m=%d: frames unique %d, rows by Burnside %d", n, m, got, wantU)
			}
			got2 := knightsSolutions(t, Problem{Kind: QueensKnights, N: n, M: m, Ask: AskSolutions})
			if !slices.Equal(got2, placementStrings(rows)) {
				t.Errorf("n=%d m=%d: the frames' placements are not the rows'", n, m)
			}
		}
	}
}

// burnside returns the number of classes of pls (all the placements of a
// problem) under the 8 symmetries: the mean number of placements each fixes.
func burnside(pls []Placement) uint64 {
	var fixed uint64
	for _, pl := range pls {
		for _, g := range Syms {
			if comparePlacements(pl.Transform(g), pl) == 0 {
				fixed++
			}
		}
	}
	return fixed / 8
}

// TestKnightsFrameImages checks the images of frames against the
// symmetries' action on squares.
func TestKnightsFrameImages(t *testing.T) {
	t.Parallel()
	for n := 2; n <= MaxKnightsN; n++ { // on 1×1 a row is a column
		k := min(n-n/2, 5) // at most C(23, 5) frames
		f := newKFrames(n, n-k)
		for _, R := range f.subs {
			C := f.subs[(int(R)*7)%len(f.subs)]
			ims := f.frameImages(R, C)
			for j, g := range Syms {
				var wantR, wantC uint32
				for x := 0; x < n; x++ {
					// Row x empty for the frame: its image is the line of
					// the images of its squares.
					if R>>uint(x)&1 == 1 {
						a, b := g.Apply(Square{x, 0}, n), g.Apply(Square{x, n - 1}, n)
						if a.Row == b.Row {
							wantR |= 1 << uint(a.Row)
						} else {
							wantC |= 1 << uint(a.Col)
						}
					}
					if C>>uint(x)&1 == 1 {
						a, b := g.Apply(Square{0, x}, n), g.Apply(Square{n - 1, x}, n)
						if a.Row == b.Row {
							wantR |= 1 << uint(a.Row)
						} else {
							wantC |= 1 << uint(a.Col)
						}
					}
				}
				if ims[j] != [2]uint32{wantR, wantC} {
					t.Fatalf("n=%d frame %b,%b under %d: %b,%b, want %b,%b", n, R, C, g, ims[j][0], ims[j][1], wantR, wantC)
				}
			}
		}
	}
}

func TestKnightsSolutionsStream(t *testing.T) {
	t.Parallel() // no shared state, no time bound: it runs beside the other such tests
	// 7×7 with m = 3: 21,960 placements, from many frames on all workers.
	p := Problem{Kind: QueensKnights, N: 7, M: 3, Ask: AskSolutions}
	want := solve(t, Problem{Kind: QueensKnights, N: 7, M: 3, Ask: AskCount}).Count
	run := func(opt Options) ([]string, Answer, error) {
		var got []string
		opt.Emit = func(pl Placement) error {
			if v := Check(p, pl); v != nil {
				t.Fatalf("solution %v: %v", pl, v)
			}
			got = append(got, pl.String())
			return nil
		}
		a, err := Solve(context.Background(), p, opt)
		return got, a, err
	}
	got, a, err := run(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Count != want || uint64(len(got)) != want || a.M != 3 {
		t.Fatalf("queens-knights 7, m=3 solutions: count %d, m %d, %d emitted, want %d, 3", a.Count, a.M, len(got), want)
	}
	again, _, _ := run(Options{Workers: 1})
	if !slices.Equal(got, again) {
		t.Errorf("queens-knights 7, m=3 solutions: another order on one worker")
	}
	sorted := slices.Clone(got)
	slices.Sort(sorted)
	if len(slices.Compact(sorted)) != len(got) {
		t.Errorf("queens-knights 7, m=3 solutions: a placement emitted twice")
	}

	emitted, _, err := run(Options{MaxSolutions: want - 1})
	if !errors.Is(err, ErrTooManySolutions) || len(emitted) != 0 {
		t.Errorf("over the limit: err %v, %d emitted; want ErrTooManySolutions, none", err, len(emitted))
	}
	stop := errors.New("enough")
	n := 0
	_, err = Solve(context.Background(), p, Options{Emit: func(Placement) error {
		if n++; n == 10 {
			return stop
		}
		return nil
	}})
	if !errors.Is(err, stop) || n != 10 {
		t.Errorf("Emit error: got %v after %d, want %v after 10", err, n, stop)
	}
}

// TestKnightsHooks checks that shards add up to the whole, that a resumed
// count gives the same answer, and the calls of Progress and Checkpoint:
// in the quick suite on 8×8 with m = 4 (73,674 placements in 70
// subproblems), with -long on 9×9 with m = 5 and 11×11 with m = 7 too (126
// and 330 subproblems; 1.2 s of CPU more). The run interrupted stops at
// half the subproblems.
func TestKnightsHooks(t *testing.T) {
	t.Parallel() // no shared state, no time bound: it runs beside the other such tests
	ctx := context.Background()
	boards := [][2]int{{8, 4}}
	if testflag.Long() {
		boards = append(boards, [2]int{9, 5}, [2]int{11, 7})
	}
	for _, nm := range boards {
		for _, ask := range []Ask{AskCount, AskUnique} {
			knightsHooks(t, ctx, nm[0], nm[1], ask)
		}
	}
}

// knightsHooks is TestKnightsHooks on n×n with m knights, for ask.
func knightsHooks(t *testing.T, ctx context.Context, n, m int, ask Ask) {
	t.Helper()
	p := Problem{Kind: QueensKnights, N: n, M: m, Ask: ask}
	want := solve(t, p).Count
	var parts uint64
	for i := range 3 {
		a, err := Solve(ctx, p, Options{Shard: Shard{I: i, K: 3}})
		if err != nil {
			t.Fatal(err)
		}
		parts += a.Count
	}
	if parts != want {
		t.Errorf("n=%d m=%d %s: shards add up to %d, want %d", n, m, ask, parts, want)
	}

	subs := len(newKFrames(n, m).subs)
	var mu sync.Mutex
	saved := map[int]uint64{}
	var lastDone, lastTotal int
	_, err := Solve(ctx, p, Options{
		Checkpoint: func(i int, c uint64) error {
			mu.Lock()
			defer mu.Unlock()
			saved[i] = c
			if len(saved) == subs/2 {
				return errStop // an interrupted run
			}
			return nil
		},
		Progress: func(done, total int) { lastDone, lastTotal = done, total },
	})
	if err != errStop {
		t.Fatalf("n=%d m=%d %s: interrupted run: %v", n, m, ask, err)
	}
	counted := 0
	a, err := Solve(ctx, p, Options{
		Resume: func(i int) (uint64, bool) {
			c, ok := saved[i]
			return c, ok
		},
		Checkpoint: func(int, uint64) error { counted++; return nil },
		Progress:   func(done, total int) { lastDone, lastTotal = done, total },
	})
	if err != nil {
		t.Fatal(err)
	}
	if a.Count != want {
		t.Errorf("n=%d m=%d %s: resumed count %d, want %d", n, m, ask, a.Count, want)
	}
	if counted+len(saved) != subs || lastDone != subs || lastTotal != subs {
		t.Errorf("n=%d m=%d %s: %d resumed + %d counted, progress %d/%d; want %d subproblems", n, m, ask, len(saved), counted, lastDone, lastTotal, subs)
	}
}

// TestKnightsCancel checks that long searches stop within a second of
// their context. The deadline is 50 ms, by which the frame searches are
// counting (m = any starts last, at 30 ms); at 200 ms the test spent 1.6 s
// of CPU, on two cores, waiting for it.
func TestKnightsCancel(t *testing.T) {
	for _, p := range []Problem{
		{Kind: QueensKnights, N: 16, M: 12, Ask: AskCount},
		{Kind: QueensKnights, N: 16, M: 12, Ask: AskSolutions},
		{Kind: QueensKnights, N: 16, M: AnyM, Ask: AskUnique},
		{Kind: QueensKnights, N: 20, M: 3, Ask: AskCount}, // fewCount
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		start := time.Now()
		_, err := Solve(ctx, p, Options{})
		cancel()
		// The bound is loose so that a loaded machine passes too: these
		// counts run for minutes when not stopped.
		if took := time.Since(start); !errors.Is(err, context.DeadlineExceeded) || took > 5*time.Second {
			t.Errorf("%+v cancelled after 50ms: %v after %v", p, err, took)
		}
	}
	// The row search, which Solve no longer gives a long count (Validate
	// refuses them), still lists placements and must stop too.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := knightsCount(ctx, 16, 6, nil); !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 5*time.Second {
		t.Errorf("the row search of n = 16, m = 6 cancelled after 50ms: %v after %v", err, time.Since(start))
	}
}

// FuzzKnights compares the frame search with the row search on boards up
// to 8×8.
func FuzzKnights(f *testing.F) {
	f.Add(uint8(8), uint8(5))
	f.Add(uint8(6), uint8(2))
	f.Add(uint8(7), uint8(0))
	f.Fuzz(func(t *testing.T, nb, mb uint8) {
		n := 1 + int(nb)%8
		m := int(mb) % (n + 1)
		if n-m > maxFrameK || (n == 8 && m < 3) {
			return // the rows' counts are too slow to fuzz
		}
		ctx := context.Background()
		want, err := knightsCount(ctx, n, m, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := newKFrames(n, m).count(ctx, Options{Workers: 1})
		if err != nil || got != want {
			t.Fatalf("n=%d m=%d: frames %d (%v), rows %d", n, m, got, err, want)
		}
	})
}

// BenchmarkKnightsTable prints the queens-knights table: for each n, the
// largest m, the placements and the classes under the 8 symmetries, and the
// seconds the three answers took. Print it with
//
//	go test ./solver -run '^$' -bench KnightsTable -benchtime 1x -v -timeout 0
//
// and add -knights.to 14 to stop early.
func BenchmarkKnightsTable(b *testing.B) {
	ctx := context.Background()
	for range b.N {
		lines := []string{"", "| n | largest m | placements | up to symmetry | seconds |", "|---:|---:|---:|---:|---:|"}
		for n := 4; n <= *knightsTo; n++ {
			start := time.Now()
			var row [3]uint64
			for i, ask := range []Ask{AskMax, AskCount, AskUnique} {
				a, err := Solve(ctx, Problem{Kind: QueensKnights, N: n, M: AnyM, Ask: ask}, Options{})
				if err != nil {
					b.Fatal(err)
				}
				row[i] = a.Count
			}
			lines = append(lines, fmt.Sprintf("| %d | %d | %d | %d | %.2f |", n, row[0], row[1], row[2], time.Since(start).Seconds()))
			if w := knightsTable[n-1]; row != [3]uint64{uint64(w.m), w.count, w.unique} {
				b.Errorf("n=%d: %v, the table says %v", n, row, w)
			}
		}
		for _, l := range lines {
			b.Log(l)
		}
	}
}
