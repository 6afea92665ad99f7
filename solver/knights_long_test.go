package solver

import (
	"context"
	"flag"
	"slices"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/testflag"
)

// The tests here are the long cross-checks of the queens-knights table,
// run with -long (internal/testflag). These flags tune them; they are
// defined by this package's tests only.
var (
	knightsFrom   = flag.Int("knights.from", 8, "the smallest n of the knights table -long checks")
	knightsTo     = flag.Int("knights.to", MaxKnightsCountN, "the largest n of BenchmarkKnightsTable and of the knights table -long checks")
	knightsStride = flag.Int("knights.stride", 37, "with -long, compare the knights searches on 1 in this many row sets")
	knightsRowsTo = flag.Int("knights.rows", 13, "the largest n whose whole knights count -long redoes with the row search")
)

// TestKnightsLong checks each row of knightsTable, n = 8 up to -knights.to,
// by methods other than the frame search's count:
//
//   - the row search (knightsCount, no frames, no symmetry) counts the
//     largest m, and m+1 when (n-m-1)² ≥ m+1 leaves it possible, up to
//     -knights.rows;
//   - the frame search without symmetry (every frame, weight 1) counts them;
//   - every placement is listed (AskSolutions), checked by Check, found
//     once, and the classes are counted from the list by Burnside's lemma.
//
// A row marked oneMethod gets no independent check here or in
// TestKnightsLongRowSets, only the second and third, two looks at the frame
// search: its log line says so. Run it with
//
//	go test ./solver -run TestKnightsLong -long -v -timeout 0
func TestKnightsLong(t *testing.T) {
	if !testflag.Long() {
		t.Skip("minutes: run with -long")
	}
	ctx := context.Background()
	for n := max(8, *knightsFrom); n <= *knightsTo; n++ {
		want := knightsTable[n-1]
		m := want.m
		start := time.Now()
		if top, err := knightsMax(ctx, n, Options{}); err != nil || top != m {
			t.Fatalf("n=%d: largest m %d (%v), the table says %d", n, top, err, m)
		}
		for _, mm := range []int{m, m + 1} {
			if (n-mm)*(n-mm) < mm {
				t.Logf("n=%d m=%d: no placement, as (n-m)² < m", n, mm)
				continue
			}
			wantC := want.count
			if mm > m {
				wantC = 0
			}
			f := newKFrames(n, mm)
			f.every = true
			if got, err := f.count(ctx, Options{}); err != nil || got != wantC {
				t.Errorf("n=%d m=%d: every frame counts %d (%v), want %d", n, mm, got, err, wantC)
			}
			if n <= *knightsRowsTo {
				if got, err := knightsCount(ctx, n, mm, nil); err != nil || got != wantC {
					t.Errorf("n=%d m=%d: the row search counts %d (%v), want %d", n, mm, got, err, wantC)
				}
			}
		}
		var list []Placement
		p := Problem{Kind: QueensKnights, N: n, M: m, Ask: AskSolutions}
		_, err := Solve(ctx, p, Options{Emit: func(pl Placement) error {
			if v := Check(p, pl); v != nil {
				t.Fatalf("n=%d: %v: %v", n, pl, v)
			}
			list = append(list, pl)
			return nil
		}})
		if err != nil {
			t.Fatal(err)
		}
		strs := placementStrings(list)
		if len(slices.Compact(strs)) != len(list) || uint64(len(list)) != want.count {
			t.Errorf("n=%d: %d listed, %d distinct, want %d", n, len(list), len(slices.Compact(strs)), want.count)
		}
		if got := burnside(list); got != want.unique {
			t.Errorf("n=%d: %d classes by Burnside, want %d", n, got, want.unique)
		}
		how := ""
		if want.oneMethod {
			how = " (by one method only: the frame search, without symmetry and by its list; no independent search)"
		}
		t.Logf("n=%d m=%d: %d placements, %d classes: checked in %.1fs%s", n, m, want.count, want.unique, time.Since(start).Seconds(), how)
	}
	// The row search against the first, plain one, where it is not too slow.
	for n := max(8, *knightsFrom); n <= min(10, *knightsTo); n++ {
		m := knightsTable[n-1].m
		for _, mm := range []int{m - 1, m} {
			got, _ := knightsCount(ctx, n, mm, nil)
			want, err := knightsCountSlow(ctx, n, mm, nil)
			if err != nil || got != want {
				t.Errorf("n=%d m=%d: the row search %d, the plain one %d (%v)", n, mm, got, want, err)
			}
		}
	}
}

// TestKnightsLongRowSets compares, at the largest m of boards too large
// for the whole row search, the two searches on a sample of sets R of rows
// without a queen: the row search kept to R against the frame search on
// every frame (R, C), all C; 1 in -knights.stride of them. It skips the
// rows marked oneMethod, out of the row search's reach, and says so. Run it
// with
//
//	go test ./solver -run TestKnightsLongRowSets -long -v -timeout 0
func TestKnightsLongRowSets(t *testing.T) {
	if !testflag.Long() {
		t.Skip("minutes to hours: run with -long")
	}
	ctx := context.Background()
	for n := max(14, *knightsRowsTo+1, *knightsFrom); n <= *knightsTo; n++ {
		if knightsTable[n-1].oneMethod {
			t.Logf("n=%d: not compared, checked by one method only: a row set takes the row search minutes (KNIGHTS.md)", n)
			continue
		}
		m := knightsTable[n-1].m
		f := newKFrames(n, m)
		f.every = true
		w := newKWorker(f, nil)
		start := time.Now()
		var sum uint64
		sample := 0
		for i := 0; i < len(f.subs); i += *knightsStride { // a fixed sample
			R := f.subs[i]
			var want uint64
			for _, C := range f.colSets {
				want += w.frameCount(R, C)
			}
			s := &knightsSearch{n: n, m: m, full: 1<<uint(n) - 1, ctx: ctx, only: R}
			var qatt, block [MaxKnightsN]uint32
			got := s.queensFrom(0, 0, qatt, block)
			if got != want {
				t.Errorf("n=%d m=%d rows %0*b without a queen: row search %d, frames %d", n, m, n, R, got, want)
			}
			sum += got
			sample++
		}
		t.Logf("n=%d m=%d: %d row sets of %d, %d placements, the same by both in %.1fs", n, m, sample, len(f.subs), sum, time.Since(start).Seconds())
	}
}
