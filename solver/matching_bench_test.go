package solver

import (
	"context"
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
