package solver

import (
	"context"
	"math/bits"
)

// knightsSearch counts (or lists) the placements of m queens and m knights
// on an n×n board (n ≤ MaxKnightsN) with bitboards.
//
// Queens go first, a row at a time, each row with one queen or none. Two
// masks a row follow them: qatt, the squares a further queen may not take
// (the queens' columns and diagonals), and block, the squares a knight may
// not take (those, and a knight's move from a queen). A knight never stands
// in a queen's row or column, so the knights live in the (n-m)² squares of
// the rows and columns left without a queen; the search stops as soon as the
// rows decided so far, and the most the rows still open could hold, cannot
// seat m knights. With the queens placed, the knights are the independent
// sets of size m of the knight graph on the squares left, counted on a
// 64-bit set of those squares.
type knightsSearch struct {
	n, m    int
	full    uint32
	ctx     context.Context
	visited int
	err     error
	queens  []Square
	// each, when not nil, receives every placement, pieces in row-major
	// order; an error from it stops the search.
	each func(Placement) error
	// cells and adj describe the knights' squares of the current queens.
	cells []Square
	adj   []uint64
	pick  []int
	// only, when not 0, keeps the search to the placements whose rows
	// without a queen are the rows of only (a test's spot check).
	only uint32
}

// knightsCount counts the placements of m queens and m knights on an n×n
// board, calling each (when not nil) with every placement, pieces in
// row-major order. An error from each, or ctx's, stops the count and is
// returned.
func knightsCount(ctx context.Context, n, m int, each func(Placement) error) (uint64, error) {
	s := &knightsSearch{n: n, m: m, full: 1<<uint(n) - 1, ctx: ctx, each: each}
	var qatt, block [MaxKnightsN]uint32
	total := s.queensFrom(0, 0, qatt, block)
	return total, s.err
}

// queensFrom places the queens of rows row.. given the masks of the queens
// above, and returns the number of placements that complete them.
// queenless marks the rows above with no queen.
func (s *knightsSearch) queensFrom(row int, queenless uint32, qatt, block [MaxKnightsN]uint32) uint64 {
	if s.err != nil {
		return 0
	}
	if s.visited++; s.visited%4096 == 0 {
		if s.err = s.ctx.Err(); s.err != nil {
			return 0
		}
	}
	n, m, q := s.n, s.m, len(s.queens)
	if q == m {
		return s.knights(queenless|s.full&^(1<<uint(row)-1), block)
	}
	if n-row < m-q {
		return 0
	}
	// The knights' room: the rows without a queen so far hold what they hold
	// now at most (later queens only take squares), the rows to come that
	// stay without a queen n-m each at most.
	room := ((n - row) - (m - q)) * (n - m)
	for r := 0; r < row && room < m; r++ {
		if queenless>>uint(r)&1 == 1 {
			room += min(bits.OnesCount32(s.full&^block[r]), n-m)
		}
	}
	if room < m {
		return 0
	}
	var total uint64
	free := s.full &^ qatt[row]
	if s.only>>uint(row)&1 == 1 {
		free = 0
	}
	for ; free != 0; free &= free - 1 {
		c := bits.TrailingZeros32(free)
		nq, nb := qatt, block
		s.attack(row, c, &nq, &nb)
		s.queens = append(s.queens, Square{row, c})
		total += s.queensFrom(row+1, queenless, nq, nb)
		s.queens = s.queens[:q]
	}
	if n-row-1 >= m-q && (s.only == 0 || s.only>>uint(row)&1 == 1) { // no queen in this row
		total += s.queensFrom(row+1, queenless|1<<uint(row), qatt, block)
	}
	return total
}

// attack marks what a queen on row r, column c takes from other pieces.
func (s *knightsSearch) attack(r, c int, qatt, block *[MaxKnightsN]uint32) {
	for i := 0; i < s.n; i++ {
		d := i - r
		line := uint32(1) << uint(c)
		if c+d >= 0 && c+d < s.n {
			line |= 1 << uint(c+d)
		}
		if c-d >= 0 && c-d < s.n {
			line |= 1 << uint(c-d)
		}
		if d == 0 {
			line = s.full // the queen's own row
		}
		qatt[i] |= line
		block[i] |= line
		switch d {
		case -2, 2:
			block[i] |= knightStep(c, 1, s.n)
		case -1, 1:
			block[i] |= knightStep(c, 2, s.n)
		}
	}
}

// knightStep returns the columns c-k and c+k that are on the board.
func knightStep(c, k, n int) uint32 {
	var m uint32
	if c-k >= 0 {
		m |= 1 << uint(c-k)
	}
	if c+k < n {
		m |= 1 << uint(c+k)
	}
	return m
}

// knights counts the sets of m knights on the squares of rows that block
// leaves free, no two a knight's move apart.
func (s *knightsSearch) knights(rows uint32, block [MaxKnightsN]uint32) uint64 {
	s.cells = s.cells[:0]
	for r := 0; r < s.n; r++ {
		if rows>>uint(r)&1 == 0 {
			continue
		}
		for free := s.full &^ block[r]; free != 0; free &= free - 1 {
			s.cells = append(s.cells, Square{r, bits.TrailingZeros32(free)})
		}
	}
	if len(s.cells) < s.m {
		return 0
	}
	if len(s.cells) > 64 {
		// More than 64 free squares only on boards far from their largest
		// m; enumerate them with the plain search.
		return s.knightsPlain()
	}
	s.adj = s.adj[:0]
	for _, a := range s.cells {
		var mask uint64
		for j, b := range s.cells {
			if knightMove(a, b) {
				mask |= 1 << uint(j)
			}
		}
		s.adj = append(s.adj, mask)
	}
	all := uint64(1)<<uint(len(s.cells)) - 1
	if len(s.cells) == 64 {
		all = ^uint64(0)
	}
	s.pick = s.pick[:0]
	return s.independent(all, s.m)
}

// independent counts the sets of need knights among cand, no two adjacent.
func (s *knightsSearch) independent(cand uint64, need int) uint64 {
	if need == 0 {
		if s.each != nil && s.err == nil {
			pl := Placement{N: s.n, Queens: append([]Square(nil), s.queens...)}
			for _, i := range s.pick {
				pl.Knights = append(pl.Knights, s.cells[i])
			}
			s.err = s.each(pl)
		}
		return 1
	}
	if bits.OnesCount64(cand) < need || s.err != nil {
		return 0
	}
	// Far from the largest m one set of queens leaves astronomically many
	// knight sets: look at the context here too.
	if s.visited++; s.visited%4096 == 0 {
		if s.err = s.ctx.Err(); s.err != nil {
			return 0
		}
	}
	i := bits.TrailingZeros64(cand)
	rest := cand &^ (1 << uint(i))
	s.pick = append(s.pick, i)
	with := s.independent(rest&^s.adj[i], need-1)
	s.pick = s.pick[:len(s.pick)-1]
	return with + s.independent(rest, need)
}

// knightsPlain counts (and lists) the knight sets on s.cells one by one.
func (s *knightsSearch) knightsPlain() uint64 {
	var knights []Square
	var total uint64
	var walk func(from int)
	walk = func(from int) {
		if s.err != nil {
			return
		}
		if s.visited++; s.visited%4096 == 0 && s.err == nil {
			s.err = s.ctx.Err()
		}
		if s.err != nil {
			return
		}
		if len(knights) == s.m {
			total++
			if s.each != nil {
				s.err = s.each(Placement{N: s.n, Queens: append([]Square(nil), s.queens...), Knights: append([]Square(nil), knights...)})
			}
			return
		}
		for i := from; i <= len(s.cells)-(s.m-len(knights)); i++ {
			if !knightAttacksAny(s.cells[i], knights) {
				knights = append(knights, s.cells[i])
				walk(i + 1)
				knights = knights[:len(knights)-1]
			}
		}
	}
	walk(0)
	return total
}
