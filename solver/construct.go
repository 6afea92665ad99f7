package solver

// Construct returns a placement of n non-attacking queens on an n×n board as
// the 0-based column of the queen in each row, or ok == false when there is
// none (n = 2, 3). It runs in O(n) time and memory with no search: row i
// takes the i-th entry of the even columns 2, 4, … followed by the odd ones
// 1, 3, …, with the classical repairs when n mod 6 is 2 or 3.
func Construct(n int) (cols []int, ok bool) {
	if n < 1 || n == 2 || n == 3 {
		return nil, false
	}
	var evens, odds []int
	switch n % 6 {
	case 2:
		// Odd list 3, 1, 7, 9, …, 5: swap 1 and 3, move 5 to the end.
		evens = seq(2, n)
		odds = append([]int{3, 1}, seq(7, n)...)
		if n >= 5 {
			odds = append(odds, 5)
		}
	case 3:
		// Even list 4, 6, …, 2 and odd list 5, 7, …, 1, 3.
		evens = append(seq(4, n), 2)
		odds = append(seq(5, n), 1, 3)
	default:
		evens = seq(2, n)
		odds = seq(1, n)
	}
	cols = make([]int, 0, n)
	for _, c := range evens {
		cols = append(cols, c-1)
	}
	for _, c := range odds {
		cols = append(cols, c-1)
	}
	return cols, true
}

// seq returns from, from+2, … up to and including limit.
func seq(from, limit int) []int {
	var s []int
	if from <= limit {
		s = make([]int, 0, (limit-from)/2+1)
	}
	for v := from; v <= limit; v += 2 {
		s = append(s, v)
	}
	return s
}
