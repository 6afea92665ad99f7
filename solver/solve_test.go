package solver

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/testflag"
)

func solve(t *testing.T, p Problem) Answer {
	t.Helper()
	a, err := Solve(context.Background(), p, Options{})
	if err != nil {
		t.Fatalf("Solve(%+v): %v", p, err)
	}
	return a
}

// Published counts (OEIS A000170 and A002562), used only to cross-check
// what the solver computes.
var (
	a000170 = []uint64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596}
	a002562 = []uint64{1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752}
)

func TestNQueensPublished(t *testing.T) {
	t.Parallel()
	for i, want := range a000170 {
		n := i + 1
		if got := solve(t, Problem{Kind: NQueens, N: n, Ask: AskCount}).Count; got != want {
			t.Errorf("count(%d) = %d, want %d", n, got, want)
		}
		if got := solve(t, Problem{Kind: NQueens, N: n, Ask: AskUnique}).Count; got != a002562[i] {
			t.Errorf("unique(%d) = %d, want %d", n, got, a002562[i])
		}
	}
}

func TestQueensAgainstBrute(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 7; n++ {
		p := Problem{Kind: NQueens, N: n}
		checkQueensKind(t, p)
	}
}

func TestReservedAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 60; i++ {
		n := 1 + rng.IntN(7)
		p := Problem{Kind: Reserved, N: n, Reserved: make([]uint64, n)}
		density := rng.IntN(4) // 0 (nothing reserved) .. 3 (a third)
		for r := range p.Reserved {
			for c := 0; c < n; c++ {
				if density > 0 && rng.IntN(9) < density {
					p.Reserved[r] |= 1 << uint(c)
				}
			}
		}
		if i%5 == 0 { // a symmetric board, so that larger groups are tried
			for r := range p.Reserved {
				for c := 0; c < n; c++ {
					if p.IsReserved(r, c) {
						for _, g := range []Sym{Rot90, Rot180, Rot270} {
							s := g.Apply(Square{r, c}, n)
							p.Reserved[s.Row] |= 1 << uint(s.Col)
						}
					}
				}
			}
		}
		checkQueensKind(t, p)
	}
}

func checkQueensKind(t *testing.T, p Problem) {
	t.Helper()
	brute := brutePlacements(p, p.N, 0)
	name := p.Kind + " " + Kind(strings.Join(boardRows(p), "/"))
	p.Ask = AskCount
	if got := solve(t, p).Count; got != uint64(len(brute)) {
		t.Errorf("%s: count = %d, want %d", name, got, len(brute))
	}
	p.Ask = AskUnique
	if got, want := solve(t, p).Count, bruteClasses(brute, BoardSyms(p)); got != uint64(want) {
		t.Errorf("%s: unique = %d, want %d", name, got, want)
	}
	p.Ask = AskPlacement
	pl := solve(t, p).Placement
	switch {
	case pl == nil && len(brute) > 0:
		t.Errorf("%s: no placement, want one of %d", name, len(brute))
	case pl != nil && Check(p, *pl) != nil:
		t.Errorf("%s: placement %v: %v", name, pl, Check(p, *pl))
	}
	p.Ask = AskSolutions
	var got []string
	a, err := Solve(context.Background(), p, Options{Emit: func(pl Placement) error {
		if v := Check(p, pl); v != nil {
			t.Errorf("%s: solution %v: %v", name, pl, v)
		}
		got = append(got, pl.String())
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, b := range brute {
		want[b.String()] = true
	}
	if a.Count != uint64(len(brute)) || len(got) != len(brute) {
		t.Errorf("%s: solutions: count %d, %d emitted, want %d", name, a.Count, len(got), len(brute))
	}
	for _, s := range got {
		if !want[s] {
			t.Errorf("%s: solution %s not found by brute force", name, s)
		}
		delete(want, s)
	}
}

func boardRows(p Problem) []string {
	rows := make([]string, p.N)
	for r := range rows {
		var b strings.Builder
		for c := 0; c < p.N; c++ {
			if p.IsReserved(r, c) {
				b.WriteByte('*')
			} else {
				b.WriteByte('.')
			}
		}
		rows[r] = b.String()
	}
	return rows
}

func TestCSESSample(t *testing.T) {
	rows := []string{"........", "........", "..*.....", "........", "........", ".....**.", "...*....", "........"}
	p := Problem{Kind: Reserved, N: 8, Reserved: make([]uint64, 8), Ask: AskCount}
	for r, row := range rows {
		for c, ch := range row {
			if ch == '*' {
				p.Reserved[r] |= 1 << uint(c)
			}
		}
	}
	if got := solve(t, p).Count; got != 65 {
		t.Errorf("CSES sample: count = %d, want 65", got)
	}
}

// TestConstruct checks Construct's placements with Check: every board to
// 300 (each class mod 6 fifty times) in the quick suite, to 3000 with
// -long (0.2 s of CPU more); and the largest board.
func TestConstruct(t *testing.T) {
	t.Parallel() // no shared state, no time bound: it runs beside the other such tests
	top := 300
	if testflag.Long() {
		top = 3000
	}
	for n := 1; n <= top; n++ {
		cols, ok := Construct(n)
		if want := n != 2 && n != 3; ok != want {
			t.Fatalf("Construct(%d) ok = %v, want %v", n, ok, want)
		}
		if !ok {
			continue
		}
		if v := Check(Problem{Kind: NQueens, N: n}, FromColumns(cols)); v != nil {
			t.Fatalf("Construct(%d): %v", n, v)
		}
	}
	// The largest board, and with -long the largest of another class mod 6
	// (0.4 s: the classes are all above, on smaller boards).
	big := []int{MaxPlacementN}
	if testflag.Long() {
		big = append(big, 9_999_997)
	}
	for _, n := range big {
		cols, _ := Construct(n)
		if v := Check(Problem{Kind: NQueens, N: n}, FromColumns(cols)); v != nil {
			t.Fatalf("Construct(%d): %v", n, v)
		}
	}
}

func TestFinishCount(t *testing.T) {
	for n := 4; n <= 10; n++ {
		p := Problem{Kind: NQueens, N: n, M: AnyM, Ask: AskUnique}
		var sum uint64
		for i := 0; i < 3; i++ { // three shards, added up
			a, err := Solve(context.Background(), Problem{Kind: NQueens, N: n, M: AnyM, Ask: AskCount},
				Options{Shard: Shard{I: i, K: 3}, Progress: func(int, int) {}})
			if err != nil {
				t.Fatal(err)
			}
			sum += a.Count
		}
		got, err := FinishCount(context.Background(), p, sum)
		if err != nil {
			t.Fatal(err)
		}
		if want := solve(t, p).Count; got.Count != want {
			t.Errorf("FinishCount(unique %d) = %d, want %d", n, got.Count, want)
		}
	}
}

// TestPlacements checks the iterator against Options.Emit on each way a
// solutions problem is answered, that breaking out of it stops the solve,
// and that an error is yielded once and ends it.
func TestPlacements(t *testing.T) {
	t.Parallel() // no shared state, no time bound: it runs beside the other such tests
	ctx := context.Background()
	strs := func(pls []Placement) []string {
		var out []string
		for _, pl := range pls {
			out = append(out, pl.String())
		}
		return out
	}
	reserved := Problem{Kind: Reserved, N: 8, Reserved: make([]uint64, 8), Ask: AskSolutions}
	reserved.Reserved[2] = 1 << 2
	for _, p := range []Problem{
		{Kind: NQueens, N: 8, Ask: AskSolutions},
		reserved,
		{Kind: QueensKnights, N: 6, M: 3, Ask: AskSolutions},  // by frames
		{Kind: QueensKnights, N: 10, M: 1, Ask: AskSolutions}, // by rows
	} {
		var want []Placement
		_, err := Solve(ctx, p, Options{Emit: func(pl Placement) error {
			want = append(want, pl)
			return nil
		}})
		if err != nil {
			t.Fatal(err)
		}
		var got []Placement
		for pl, err := range Placements(ctx, p, Options{}) {
			if err != nil {
				t.Fatalf("%s %d: %v", p.Kind, p.N, err)
			}
			got = append(got, pl)
		}
		if !slices.Equal(strs(got), strs(want)) {
			t.Errorf("%s %d: Placements gave %d placements, Emit %d, or another order", p.Kind, p.N, len(got), len(want))
		}

		// Called directly, not ranged over: a yield after one that returned
		// false is counted here rather than a panic of the range loop.
		calls := 0
		Placements(ctx, p, Options{})(func(Placement, error) bool {
			calls++
			return calls < 3
		})
		if calls != 3 {
			t.Errorf("%s %d: %d yields, want 3: the solve went on after the consumer broke", p.Kind, p.N, calls)
		}
	}

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	// 24 queens are refused after a count of limit+1, before any is listed,
	// in moments; before, after listing them in lexicographic order (31 s
	// for a million). The quick suite's limit is 10^4 (the refusal is the
	// same, and the count of a million took 1.7 s of CPU), -long's 10^6.
	deadline, cancelDeadline := context.WithTimeout(ctx, 20*time.Second)
	defer cancelDeadline()
	limit24 := uint64(10_000)
	if testflag.Long() {
		limit24 = 1_000_000
	}
	for _, c := range []struct {
		name string
		ctx  context.Context
		p    Problem
		opt  Options
		want error // nil: any error
	}{
		{"over the limit", ctx, Problem{Kind: NQueens, N: 8, Ask: AskSolutions}, Options{MaxSolutions: 91}, ErrTooManySolutions},
		{"24 queens over the limit", deadline, Problem{Kind: NQueens, N: 24, Ask: AskSolutions}, Options{MaxSolutions: limit24}, ErrTooManySolutions},
		{"knights over the limit", ctx, Problem{Kind: QueensKnights, N: 6, M: 3, Ask: AskSolutions}, Options{MaxSolutions: 175}, ErrTooManySolutions},
		{"cancelled", cancelled, Problem{Kind: NQueens, N: 14, Ask: AskSolutions}, Options{}, context.Canceled},
		{"knights cancelled", cancelled, Problem{Kind: QueensKnights, N: 12, M: 8, Ask: AskSolutions}, Options{}, context.Canceled},
		{"bad problem", ctx, Problem{Kind: NQueens, N: 0, Ask: AskSolutions}, Options{}, nil},
		{"not solutions", ctx, Problem{Kind: NQueens, N: 8, Ask: AskCount}, Options{}, nil},
	} {
		calls := 0
		Placements(c.ctx, c.p, c.opt)(func(pl Placement, err error) bool {
			calls++
			if err == nil || c.want != nil && !errors.Is(err, c.want) || pl.N != 0 {
				t.Errorf("%s: yielded %v, %v; want a zero placement and %v", c.name, pl, err, c.want)
			}
			return true
		})
		if calls != 1 {
			t.Errorf("%s: %d yields, want 1", c.name, calls)
		}
	}

	// Cancelled while it lists: the placements so far, then the error, once.
	// 13 queens (73,712) in the quick suite, which countUpTo counts at once
	// before the listing; 14 (365,596, counted by its spread of prefixes
	// first: 0.3 s of CPU) with -long.
	mid, cancel := context.WithCancel(ctx)
	defer cancel()
	var placed, errs int
	listed := 13
	if testflag.Long() {
		listed = 14
	}
	for pl, err := range Placements(mid, Problem{Kind: NQueens, N: listed, Ask: AskSolutions}, Options{}) {
		if errs > 0 {
			t.Fatalf("yielded %v, %v after the error", pl, err)
		}
		if err != nil {
			if !errors.Is(err, context.Canceled) {
				t.Errorf("cancelled while listing: %v, want %v", err, context.Canceled)
			}
			errs++
			continue
		}
		if placed++; placed == 10 {
			cancel()
		}
	}
	if all := a000170Long[listed-1]; errs != 1 || uint64(placed) >= all {
		t.Errorf("%d queens cancelled after 10 placements: %d placements and %d errors, want fewer than %d and 1", listed, placed, errs, all)
	}
}

// BenchmarkSolutions lists placements through Options.Emit, on each of the
// three ways an AskSolutions problem is answered: the count, then the
// listing.
func BenchmarkSolutions(b *testing.B) {
	for _, c := range []struct {
		name string
		p    Problem
		max  uint64
	}{
		{"queens", Problem{Kind: NQueens, N: 14, Ask: AskSolutions}, 0},                         // 365,596
		{"knights-frames", Problem{Kind: QueensKnights, N: 12, M: 8, Ask: AskSolutions}, 0},     // 302,316
		{"knights-rows", Problem{Kind: QueensKnights, N: 11, M: 2, Ask: AskSolutions}, 7 << 20}, // 6,963,008
	} {
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				var n uint64
				a, err := Solve(context.Background(), c.p, Options{MaxSolutions: c.max, Emit: func(Placement) error {
					n++
					return nil
				}})
				if err != nil || n != a.Count {
					b.Fatalf("%d emitted, count %d: %v", n, a.Count, err)
				}
			}
		})
	}
}

// TestShardBounds checks that the K slices of a count hold each subproblem
// once, in runs of consecutive ones whose sizes differ by one at most, that
// no slice holds all, and that a slice that does not exist holds none.
func TestShardBounds(t *testing.T) {
	for _, total := range []int{0, 1, 7, 100, 12_941} {
		for _, k := range []int{1, 2, 3, 16, 1000, 100_000} {
			if total*k > 2_000_000 {
				continue
			}
			owner := make([]int, total)
			sizes := make([]int, k)
			for i := range owner {
				owner[i] = -1
				for s := range k {
					if lo, hi := (Shard{I: s, K: k}).bounds(total); lo <= i && i < hi {
						if owner[i] >= 0 {
							t.Fatalf("total %d, K %d: subproblem %d in slices %d and %d", total, k, i, owner[i], s)
						}
						owner[i] = s
						sizes[s]++
					}
				}
				if owner[i] < 0 || i > 0 && owner[i] < owner[i-1] {
					t.Fatalf("total %d, K %d: subproblem %d in slice %d after %d", total, k, i, owner[i], owner[max(i-1, 0)])
				}
			}
			if total > 0 && slices.Max(sizes)-slices.Min(sizes) > 1 {
				t.Errorf("total %d, K %d: slice sizes %d..%d", total, k, slices.Min(sizes), slices.Max(sizes))
			}
		}
		// No slice, and slices that do not exist.
		for _, c := range []struct {
			s          Shard
			size, from int
		}{{Shard{}, total, 0}, {Shard{I: 2, K: -3}, total, 0}, {Shard{I: 3, K: 3}, 0, 0}, {Shard{I: -1, K: 3}, 0, 0}} {
			if lo, hi := c.s.bounds(total); lo != c.from || hi-lo != c.size {
				t.Errorf("total %d, %+v: subproblems %d..%d, want %d from %d", total, c.s, lo, hi-1, c.size, c.from)
			}
		}
	}
}
