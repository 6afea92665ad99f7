package solver

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkMatchings runs the three users of the small matching on one
// core: matchSearch and the proof's matcher through
// BenchmarkReservedPlacement's boards, and the knights' König bound
// (misBound) through a count of the frames of 12 queens and 8 knights.
// Built at two commits and run one after the other, it compares two
// designs of the matching.
func BenchmarkMatchings(b *testing.B) {
	b.Run("reserved", BenchmarkReservedPlacement)
	b.Run("knights", func(b *testing.B) {
		for b.Loop() {
			if _, err := newKFrames(12, 8).count(context.Background(), Options{Workers: 1}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkWideMatchings runs the wide boards' matchings alone
// (wideMatchings: Régin's filtering of the rows onto the columns, then
// the other five pairs of families of lines) on the boards of
// BenchmarkPlacementWide, n = 64, 100, 500 and 1,000, a sub-benchmark
// each: the searches' budgets and their noise left out.
func BenchmarkWideMatchings(b *testing.B) {
	for _, n := range []int{64, 100, 500, MaxReservedPlacementN} {
		b.Run(fmt.Sprint("n=", n), func(b *testing.B) {
			boards := wideFamilyBoards(n)
			for b.Loop() {
				for _, fb := range boards {
					p := fb.p
					wideMatchings(n, func(r, c int) bool { return !p.IsReserved(r, c) })
				}
			}
		})
	}
}
