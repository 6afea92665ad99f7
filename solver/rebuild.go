package solver

import "fmt"

// Built reports whether pl is the placement Solve gives for the n-queens
// placement problem of its size, which Rebuild makes again in O(n): a
// cache may then keep that fact instead of the columns, 79 MB of text for
// 10,000,000 queens. It allocates nothing.
func Built(pl Placement) bool {
	if !constructible(pl.N) || !pl.HasColumns() {
		return false
	}
	r, same := 0, true
	construct(pl.N, func(c int) {
		same = same && pl.Queens[r].Col == c
		r++
	})
	return same
}

// Rebuild returns the placement Solve gives for the n-queens placement
// problem of side n, for a placement Built accepted: the same squares,
// built again without search in O(n) (0.6 s and 160 MB for n = 10^7) and
// checked. An n without a placement, or a placement that fails Check, which
// only a change of the construction that left Version alone could make, is
// an error: the caller stored a placement, and cannot have it back.
func Rebuild(n int) (Placement, error) {
	pl, ok := constructPlacement(n)
	if !ok {
		return Placement{}, fmt.Errorf("rebuild the placement of %d queens: there is none", n)
	}
	if v := Check(Problem{Kind: NQueens, Ask: AskPlacement, N: n, M: AnyM}, pl); v != nil {
		return Placement{}, fmt.Errorf("rebuild the placement of %d queens: %v", n, v)
	}
	return pl, nil
}
