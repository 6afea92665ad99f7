package solver

// Construct returns a placement of n non-attacking queens on an n×n board as
// the 0-based column of the queen in each row, or ok == false when there is
// none (n = 2, 3). It runs in O(n) time and memory with no search: row i
// takes the i-th entry of the even columns 2, 4, … followed by the odd ones
// 1, 3, …, with the classical repairs when n mod 6 is 2 or 3.
func Construct(n int) (cols []int, ok bool) {
	if !constructible(n) {
		return nil, false
	}
	cols = make([]int, 0, n)
	construct(n, func(c int) { cols = append(cols, c) })
	return cols, true
}

// constructPlacement is Construct's placement built straight into its
// squares, without the column slice: 10,000,000 queens are 160 MB of
// squares, and the columns would be 80 MB more at the peak.
func constructPlacement(n int) (Placement, bool) {
	if !constructible(n) {
		return Placement{}, false
	}
	qs := make([]Square, 0, n)
	construct(n, func(c int) { qs = append(qs, Square{len(qs), c}) })
	return Placement{N: n, Queens: qs}, true
}

// constructible reports whether n queens can be placed on an n×n board.
func constructible(n int) bool { return n >= 1 && n != 2 && n != 3 }

// construct calls put with the 0-based column of the queen in each row in
// turn, for an n that is constructible. The columns are made as they are
// put, so the lists of even and odd columns are never held.
func construct(n int, put func(col int)) {
	// run puts the 1-based columns from, from+2, … up to and including limit.
	run := func(from, limit int) {
		for v := from; v <= limit; v += 2 {
			put(v - 1)
		}
	}
	switch n % 6 {
	case 2:
		// Even list 2, 4, …; odd list 3, 1, 7, 9, …, 5: swap 1 and 3, move 5
		// to the end.
		run(2, n)
		put(3 - 1)
		put(1 - 1)
		run(7, n)
		if n >= 5 {
			put(5 - 1)
		}
	case 3:
		// Even list 4, 6, …, 2 and odd list 5, 7, …, 1, 3.
		run(4, n)
		put(2 - 1)
		run(5, n)
		put(1 - 1)
		put(3 - 1)
	default:
		run(2, n)
		run(1, n)
	}
}
