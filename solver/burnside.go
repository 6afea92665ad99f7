package solver

import "context"

// classes returns the number of placements of p's queens up to the
// symmetries of p's board, given count, the number of all placements.
//
// By Burnside's lemma the number of orbits is the mean, over the group, of
// the placements each symmetry fixes. For n > 1 no queens placement is fixed
// by a reflection (a mirror in a side pairs queens in one row or column, a
// mirror in a diagonal pairs queens on one anti-diagonal or diagonal), so
// only the turns contribute: a half turn fixes P placements, each quarter
// turn the same R, and classes = (count + P + 2R) / 8 on a plain board.
func classes(ctx context.Context, p Problem, count uint64) (uint64, error) {
	group := BoardSyms(p)
	if p.N == 1 {
		return count, nil // the lone square, fixed by everything
	}
	sum := count
	fixed := map[Sym]uint64{}
	for _, g := range group {
		switch g {
		case Rot90, Rot270, Rot180:
			turn := g
			if g == Rot270 {
				turn = Rot90 // a placement fixed by one quarter turn is fixed by the other
			}
			f, ok := fixed[turn]
			if !ok {
				var err error
				if f, err = countFixed(ctx, p, turn); err != nil {
					return 0, err
				}
				fixed[turn] = f
			}
			sum += f
		}
	}
	return sum / uint64(len(group)), nil
}

// countFixed counts the placements of p's queens that the turn g maps onto
// themselves. It places whole orbits of g at once, filling the top free row
// each time, so it searches a board of a half or a quarter of the rows.
func countFixed(ctx context.Context, p Problem, g Sym) (uint64, error) {
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
