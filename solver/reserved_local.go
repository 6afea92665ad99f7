package solver

import "context"

// localSearch looks for a placement on a reserved board by min-conflicts
// (Minton, Johnston, Philips and Laird, "Minimizing conflicts: a heuristic
// repair method for constraint satisfaction and scheduling problems",
// 1992): a queen on a free square of every row, placed greedily, then the
// queen of a row in conflict moved, step after step, to the free square of
// its row that the fewest queens attack (ties drawn at random; a step at
// random one time in 16 or 64 made it slower on the boards below). It
// cannot prove a board has no placement, but it finds one where the
// complete search's choices go wrong from the root: on boards reserved
// along random whole diagonals, every row and column keeps many squares,
// nothing steers the search to the diagonals that are scarce, and the
// restarts were stopped at n = 500 where this finds a placement in
// milliseconds. Its random choices are drawn from a seed, and its work
// counted in looks at a square, so its answer is the same everywhere.
type localSearch struct {
	n     int
	rows  [][]int32 // the free columns of each row
	col   []int32   // the column of each row's queen
	colN  []int32   // the queens on each column
	diagN []int32   // on each diagonal, c-r+n-1
	antiN []int32   // on each anti-diagonal, r+c
	bad   []int32   // the rows in conflict, when last looked at
	order []int32   // the rows, in the order of the greedy placement
	best  []int32   // the squares of a row tied for the fewest conflicts
	ch    chooser
	// looksPerNode is the looks counted as a node of the complete search
	// of the board: as long (placeNodeSeconds / localLookSeconds).
	looksPerNode int
	ctx          context.Context
}

// newLocalSearch returns the search of p's board, nil when a row has no
// free square.
func newLocalSearch(ctx context.Context, p Problem) *localSearch {
	n := p.N
	ls := &localSearch{
		ctx: ctx, n: n, rows: make([][]int32, n), col: make([]int32, n),
		colN: make([]int32, n), diagN: make([]int32, 2*n-1), antiN: make([]int32, 2*n-1),
		order:        make([]int32, n),
		looksPerNode: max(1, int(placeNodeSeconds(n)/localLookSeconds)),
	}
	for r := range n {
		for c := range n {
			if !p.IsReserved(r, c) {
				ls.rows[r] = append(ls.rows[r], int32(c))
			}
		}
		if len(ls.rows[r]) == 0 {
			return nil
		}
		ls.order[r] = int32(r)
	}
	return ls
}

// attacks returns the queens on the lines of row r, column c, other than
// row r's: the column, the diagonal and the anti-diagonal (a row holds one
// queen).
func (ls *localSearch) attacks(r int, c int32) int32 {
	n := int32(ls.n)
	k := ls.colN[c] + ls.diagN[c-int32(r)+n-1] + ls.antiN[int32(r)+c]
	if ls.col[r] == c {
		k -= 3 // the row's own queen, on all three
	}
	return k
}

// move puts row r's queen on column c, by add: +1 to place it, -1 to
// lift it.
func (ls *localSearch) move(r int, c int32, add int32) {
	n := int32(ls.n)
	ls.colN[c] += add
	ls.diagN[c-int32(r)+n-1] += add
	ls.antiN[int32(r)+c] += add
}

// fewest returns the free square of row r that the fewest queens attack,
// ties drawn at random.
func (ls *localSearch) fewest(r int) int32 {
	least := int32(1 << 30)
	ls.best = ls.best[:0]
	for _, c := range ls.rows[r] {
		switch k := ls.attacks(r, c); {
		case k < least:
			least = k
			ls.best = append(ls.best[:0], c)
		case k == least:
			ls.best = append(ls.best, c)
		}
	}
	return ls.best[ls.ch.below(len(ls.best))]
}

// try makes a placement from seed and repairs it for about work looks at
// a square at most (the measure of its time: a look computes the queens
// attacking a square), and reports whether it left no queen in conflict
// (ls.col is then a placement) and the looks it took, or ctx's error.
func (ls *localSearch) try(seed uint64, work int) (bool, int, error) {
	ls.ch.reset(seed)
	clear(ls.colN)
	clear(ls.diagN)
	clear(ls.antiN)
	for r := range ls.col {
		ls.col[r] = -1
	}
	shuffle(&ls.ch, ls.order)
	looks := 0
	for _, r := range ls.order {
		c := ls.fewest(int(r))
		ls.col[r] = c
		ls.move(int(r), c, 1)
		looks += len(ls.rows[r])
	}
	// A step draws a row, and moves its queen if it is in conflict; after
	// n rows drawn in a row that are not, every row is looked at.
	idle := 0
	for step := 0; looks < work; step++ {
		if step&(1<<12-1) == 0 {
			if err := ls.ctx.Err(); err != nil {
				return false, looks, err
			}
		}
		r := ls.ch.below(ls.n)
		looks++
		if ls.attacks(r, ls.col[r]) == 0 {
			if idle++; idle < ls.n {
				continue
			}
			idle = 0
			ls.bad = ls.bad[:0]
			for r, c := range ls.col {
				if ls.attacks(r, c) > 0 {
					ls.bad = append(ls.bad, int32(r))
				}
			}
			looks += ls.n
			if len(ls.bad) == 0 {
				return true, looks, nil
			}
			r = int(ls.bad[ls.ch.below(len(ls.bad))])
		}
		idle = 0
		ls.move(r, ls.col[r], -1)
		ls.col[r] = -1
		c := ls.fewest(r)
		ls.col[r] = c
		ls.move(r, c, 1)
		looks += len(ls.rows[r])
	}
	return false, looks, nil
}

// placement returns the placement the last try found.
func (ls *localSearch) placement() Placement {
	cols := make([]int, ls.n)
	for r, c := range ls.col {
		cols[r] = int(c)
	}
	return FromColumns(cols)
}
