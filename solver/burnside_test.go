package solver

import (
	"context"
	"math/rand/v2"
	"testing"
)

// countFixedSlow is the plain orbit search countFixed is checked against:
// it places whole orbits of g square by square, with no symmetric masks.
// themselves. It places whole orbits of g at once, filling the top free row
// each time, so it searches a board of a half or a quarter of the rows.
func countFixedSlow(ctx context.Context, p Problem, g Sym) (uint64, error) {
	n := p.N
	var rows, cols, diag, anti uint64 // diag indexed by r-c+n-1, anti by r+c
	var visited int
	var walk func() (uint64, error)
	walk = func() (uint64, error) {
		if visited++; visited%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
		r := 0
		for r < n && rows>>uint(r)&1 == 1 {
			r++
		}
		if r == n {
			return 1, nil
		}
		var total uint64
		for c := 0; c < n; c++ {
			orbit := orbitOf(Square{r, c}, g, n)
			sr, sc, sd, sa := rows, cols, diag, anti
			fits := true
			for _, s := range orbit {
				d, a := uint(s.Row-s.Col+n-1), uint(s.Row+s.Col)
				if p.IsReserved(s.Row, s.Col) || rows>>uint(s.Row)&1 == 1 || cols>>uint(s.Col)&1 == 1 ||
					diag>>d&1 == 1 || anti>>a&1 == 1 {
					fits = false
					break
				}
				rows |= 1 << uint(s.Row)
				cols |= 1 << uint(s.Col)
				diag |= 1 << d
				anti |= 1 << a
			}
			if fits {
				sub, err := walk()
				if err != nil {
					return 0, err
				}
				total += sub
			}
			rows, cols, diag, anti = sr, sc, sd, sa
		}
		return total, nil
	}
	return walk()
}

// orbitOf returns the distinct images of s under the powers of g.
func orbitOf(s Square, g Sym, n int) []Square {
	orbit := []Square{s}
	for t := g.Apply(s, n); t != s; t = g.Apply(t, n) {
		orbit = append(orbit, t)
	}
	return orbit
}

func TestCountFixedAgainstSlow(t *testing.T) {
	ctx := context.Background()
	check := func(p Problem) {
		t.Helper()
		for _, g := range []Sym{Rot180, Rot90} {
			want, _ := countFixedSlow(ctx, p, g)
			got, err := countFixed(ctx, p, g)
			if err != nil || got != want {
				t.Errorf("countFixed(%s %d %v, %v) = %d, %v, want %d", p.Kind, p.N, p.Reserved, g, got, err, want)
			}
		}
	}
	for n := 1; n <= 14; n++ {
		check(Problem{Kind: NQueens, N: n})
	}
	// Boards whose reserved squares are symmetric under the quarter turn.
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 200; i++ {
		n := 1 + rng.IntN(11)
		p := Problem{Kind: Reserved, N: n, Reserved: make([]uint64, n)}
		for k := rng.IntN(n + 1); k > 0; k-- {
			s := Square{rng.IntN(n), rng.IntN(n)}
			for _, g := range []Sym{Identity, Rot90, Rot180, Rot270} {
				q := g.Apply(s, n)
				p.Reserved[q.Row] |= 1 << uint(q.Col)
			}
		}
		check(p)
	}
}
