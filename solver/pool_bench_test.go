package solver

import (
	"context"
	"testing"

	"github.com/queensjudge/queensjudge/solver/internal/join"
)

// BenchmarkWorkerLoops runs each of the solver's loops over subproblems on
// two workers, on work of a few milliseconds to a second: the split count
// (runSplit, by the search), countUpTo, the knights' first placement and
// the quadrant join's tables (join.New, its each). Built at two commits and
// run one after the other, it compares two designs of the loops.
func BenchmarkWorkerLoops(b *testing.B) {
	ctx := context.Background()
	b.Run("runSplit", func(b *testing.B) {
		p := Problem{Kind: NQueens, N: 13}
		for b.Loop() {
			if _, err := countPlanned(ctx, p, newBoard(p), Options{Workers: 2, Progress: func(int, int) {}}, planSearch, join.DefaultConfig()); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("countUpTo", func(b *testing.B) {
		p := Problem{Kind: NQueens, N: 14}
		for b.Loop() {
			if _, _, err := countUpTo(ctx, p, 1<<40, Options{Workers: 2}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("knights-first", func(b *testing.B) {
		for b.Loop() {
			if _, err := newKFrames(13, 9).first(ctx, Options{Workers: 2}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("quadrants", func(b *testing.B) {
		p := Problem{Kind: NQueens, N: 18}
		for b.Loop() {
			mustJoin(p, BoardSyms(p), false, false, join.DefaultConfig(), 2)
		}
	})
}
