package solver

import (
	"context"
	"math/bits"
)

// wideSearch is the search for a placement on a reserved board of any
// side up to MaxReservedPlacementN, whose lines do not fit a word. It
// keeps, for every row and column left, how many squares it can still
// take (free, on no line a queen holds), and updates the counts of the
// squares on the four lines of each queen it places or lifts: O(n) a
// node. It fills first the line, row or column, with the fewest squares,
// ties and the order of the squares drawn at random, and gives up a node
// as soon as a row or column left has none (forward checking). Before the
// runs, prepare tests the matchings of the proof (reserved_proof.go) that
// need no search: every pair of the four families of lines must have a
// matching of size n through the free squares.
type wideSearch struct {
	n, w int
	free []uint64 // the free squares, w words a row

	ctx   context.Context
	err   error
	nodes int
	limit int

	rowUsed, colUsed   []bool
	diagUsed, antiUsed []bool  // by c-r+n-1 and r+c
	rowLeft, colLeft   []int32 // the squares each row and column can take
	cols               []int32 // the column of each row's queen
	squares            []int32 // the candidates of the lines being tried, a stack
	ch                 chooser
}

func newWideSearch(ctx context.Context, p Problem) *wideSearch {
	n, w := p.N, ReservedWords(p.N)
	s := &wideSearch{
		n: n, w: w, free: make([]uint64, n*w), ctx: ctx,
		rowUsed: make([]bool, n), colUsed: make([]bool, n),
		diagUsed: make([]bool, 2*n-1), antiUsed: make([]bool, 2*n-1),
		rowLeft: make([]int32, n), colLeft: make([]int32, n),
		cols: make([]int32, n),
	}
	for r := range n {
		for k := range w {
			word := ^p.Reserved[r*w+k]
			if rest := n - 64*k; rest < 64 {
				word &= 1<<uint(rest) - 1
			}
			s.free[r*w+k] = word
		}
	}
	return s
}

// isFree reports whether the square at row r, column c is not reserved.
func (s *wideSearch) isFree(r, c int) bool {
	return s.free[r*s.w+c>>6]>>uint(c&63)&1 == 1
}

// open reports whether a queen can go on row r, column c: the square is
// free and on no line a queen holds.
func (s *wideSearch) open(r, c int) bool {
	n := s.n
	return s.isFree(r, c) && !s.rowUsed[r] && !s.colUsed[c] && !s.diagUsed[c-r+n-1] && !s.antiUsed[r+c]
}

// prepare reports false when some two families of lines have no matching
// of size n through the free squares, and drops the free squares that lie
// in no matching of the rows onto the columns.
func (s *wideSearch) prepare() bool {
	kept, ok := wideMatchings(s.n, s.isFree)
	if ok {
		clear(s.free)
		for _, sq := range kept {
			s.free[sq[0]*s.w+sq[1]>>6] |= 1 << uint(sq[1]&63)
		}
	}
	return ok
}

// reset empties the board for a run.
func (s *wideSearch) reset() {
	clear(s.rowUsed)
	clear(s.colUsed)
	clear(s.diagUsed)
	clear(s.antiUsed)
	clear(s.colLeft)
	for r := range s.n {
		var k int32
		row := s.free[r*s.w : (r+1)*s.w]
		for i, word := range row {
			k += int32(bits.OnesCount64(word))
			for ; word != 0; word &= word - 1 {
				s.colLeft[i*64+bits.TrailingZeros64(word)]++
			}
		}
		s.rowLeft[r] = k
	}
}

// run is one run of findPlacement.
func (s *wideSearch) run(seed uint64, limit int) (outcome, int) {
	s.ch.reset(seed)
	s.reset()
	s.nodes, s.limit, s.err = 0, limit, nil
	for _, k := range s.rowLeft {
		if k == 0 {
			return exhausted, 0
		}
	}
	for _, k := range s.colLeft {
		if k == 0 {
			return exhausted, 0
		}
	}
	how := s.complete(s.n)
	return how, min(s.nodes, limit)
}

// complete fills the left rows still empty, and reports how it ended. On
// found the board holds the placement; otherwise it is as it was.
func (s *wideSearch) complete(left int) outcome {
	if left == 0 {
		return found
	}
	if s.nodes++; s.nodes > s.limit {
		return cutOff
	}
	if s.nodes&(1<<10-1) == 0 {
		if s.err = s.ctx.Err(); s.err != nil {
			return stopped
		}
	}
	// The line with the fewest squares left, ties drawn at random.
	line, least, ties := -1, int32(1<<30), 0
	for i := range 2 * s.n {
		var k int32
		if i < s.n {
			if s.rowUsed[i] {
				continue
			}
			k = s.rowLeft[i]
		} else {
			if s.colUsed[i-s.n] {
				continue
			}
			k = s.colLeft[i-s.n]
		}
		switch {
		case k < least:
			line, least, ties = i, k, 1
		case k == least:
			if ties++; s.ch.below(ties) == 0 {
				line = i
			}
		}
	}
	base := len(s.squares)
	if line < s.n {
		r := line
		for c := range s.n {
			if s.open(r, c) {
				s.squares = append(s.squares, int32(r*s.n+c))
			}
		}
	} else {
		c := line - s.n
		for r := range s.n {
			if s.open(r, c) {
				s.squares = append(s.squares, int32(r*s.n+c))
			}
		}
	}
	shuffle(&s.ch, s.squares[base:])
	how := exhausted
	for i := base; i < len(s.squares); i++ {
		r, c := int(s.squares[i])/s.n, int(s.squares[i])%s.n
		if s.place(r, c) {
			if how = s.complete(left - 1); how != exhausted {
				break // found keeps the board; cutOff and stopped end the run
			}
		}
		s.lift(r, c)
		how = exhausted
	}
	s.squares = s.squares[:base]
	return how
}

// place puts a queen on row r, column c, an open square, and reports
// whether every row and column left can still take a square.
func (s *wideSearch) place(r, c int) bool {
	alive := s.count(r, c, -1)
	n := s.n
	s.rowUsed[r], s.colUsed[c] = true, true
	s.diagUsed[c-r+n-1], s.antiUsed[r+c] = true, true
	s.cols[r] = int32(c)
	return alive
}

// lift takes the queen off row r, column c.
func (s *wideSearch) lift(r, c int) {
	n := s.n
	s.rowUsed[r], s.colUsed[c] = false, false
	s.diagUsed[c-r+n-1], s.antiUsed[r+c] = false, false
	s.count(r, c, +1)
}

// count adds by to the counts of the rows and columns of the open squares
// on the four lines through row r, column c (the square itself once), and
// reports whether every row and column left other than r's and c's still
// has a square.
func (s *wideSearch) count(r, c int, by int32) bool {
	n := s.n
	alive := true
	add := func(r2, c2 int) {
		if !s.open(r2, c2) {
			return
		}
		s.rowLeft[r2] += by
		s.colLeft[c2] += by
		if s.rowLeft[r2] == 0 && r2 != r || s.colLeft[c2] == 0 && c2 != c {
			alive = false
		}
	}
	add(r, c)
	for c2 := range n {
		if c2 != c {
			add(r, c2)
		}
	}
	for r2 := range n {
		if r2 == r {
			continue
		}
		add(r2, c)
		if d := c + r2 - r; d >= 0 && d < n {
			add(r2, d)
		}
		if a := c - (r2 - r); a >= 0 && a < n {
			add(r2, a)
		}
	}
	return alive
}

// placement returns the placement the last run found.
func (s *wideSearch) placement() Placement {
	cols := make([]int, s.n)
	for r, c := range s.cols {
		cols[r] = int(c)
	}
	return FromColumns(cols)
}

// cause returns the error that stopped a run.
func (s *wideSearch) cause() error { return s.err }

// wideMatchings reports whether every two of the four families of lines
// of a board of side n (rows, columns, diagonals, anti-diagonals) have a
// matching of size n through its free squares, as a placement needs, and
// returns the free squares that lie in some perfect matching of the rows
// onto the columns (Régin's filtering, as proof.prune does within 32, for
// that pair alone): with the bottom-right quarter reserved, the rows of the
// lower half must take the columns of the left half, which drops the
// top-left quarter and leaves n rows for n-1 anti-diagonals.
func wideMatchings(n int, free func(r, c int) bool) ([][2]int, bool) {
	var squares [][2]int
	for r := range n {
		for c := range n {
			if free(r, c) {
				squares = append(squares, [2]int{r, c})
			}
		}
	}
	for {
		kept, ok := rowColFilter(n, squares)
		if !ok {
			return nil, false
		}
		if len(kept) == len(squares) {
			break
		}
		squares = kept
	}
	lineOf := func(family int, sq [2]int) int {
		switch family {
		case 0:
			return sq[0]
		case 1:
			return sq[1]
		case 2:
			return sq[1] - sq[0] + n - 1
		}
		return sq[0] + sq[1]
	}
	lines := [4]int{n, n, 2*n - 1, 2*n - 1}
	for a := range 4 {
		for b := a + 1; b < 4; b++ {
			if a == 0 && b == 1 {
				continue // rowColFilter's
			}
			g := newMatching(lines[a], lines[b])
			for _, sq := range squares {
				g.edge(lineOf(a, sq), lineOf(b, sq))
			}
			if g.maximum() < n {
				return nil, false
			}
		}
	}
	return squares, true
}

// rowColFilter reports whether the squares match the n rows onto the n
// columns, and returns those in some such perfect matching: the squares
// of the matching found, and those whose row and column are in one
// strongly connected component of the graph that leads from a row to the
// columns of its other squares and from a column to its matched row.
func rowColFilter(n int, squares [][2]int) ([][2]int, bool) {
	if len(squares) < n {
		return nil, false
	}
	g := newMatching(n, n)
	for _, sq := range squares {
		g.edge(sq[0], sq[1])
	}
	if g.maximum() < n {
		return nil, false
	}
	// The directed graph: rows 0..n-1, columns n..2n-1.
	d := newDigraph(2*n, len(squares))
	for _, sq := range squares {
		if g.mateL[sq[0]] == int16(sq[1]) {
			d.edge(n+sq[1], sq[0])
		} else {
			d.edge(sq[0], n+sq[1])
		}
	}
	comp := d.components()
	kept := squares[:0:0]
	for _, sq := range squares {
		if g.mateL[sq[0]] == int16(sq[1]) || comp[sq[0]] == comp[n+sq[1]] {
			kept = append(kept, sq)
		}
	}
	return kept, true
}

// components returns the strongly connected component of each vertex of
// g, by Tarjan's algorithm, iteratively.
func (g *digraph) components() []int32 {
	g.index()
	v := g.v
	comp := make([]int32, v)
	low := make([]int32, v)
	num := make([]int32, v) // 0: not visited; else the order of the visit + 1
	onStack := make([]bool, v)
	var stack, call []int32
	it := make([]int32, v)
	next, comps := int32(0), int32(0)
	for root := range v {
		if num[root] != 0 {
			continue
		}
		call = append(call, int32(root))
		for len(call) > 0 {
			x := call[len(call)-1]
			if num[x] == 0 {
				next++
				num[x], low[x] = next, next
				it[x] = g.start[x]
				stack = append(stack, x)
				onStack[x] = true
			}
			if it[x] < g.start[x+1] {
				y := g.adj[it[x]]
				it[x]++
				switch {
				case num[y] == 0:
					call = append(call, y)
				case onStack[y]:
					low[x] = min(low[x], num[y])
				}
				continue
			}
			call = call[:len(call)-1]
			if len(call) > 0 {
				p := call[len(call)-1]
				low[p] = min(low[p], low[x])
			}
			if low[x] == num[x] {
				for {
					y := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[y] = false
					comp[y] = comps
					if y == x {
						break
					}
				}
				comps++
			}
		}
	}
	return comp
}

// digraph is a directed graph, its edges added one by one and laid out
// by source vertex for components.
type digraph struct {
	v          int
	from, to   []int32 // the edges, as added
	start, adj []int32 // the edges by source vertex: adj[start[x]:start[x+1]]
}

func newDigraph(v, edges int) *digraph {
	return &digraph{v: v, from: make([]int32, 0, edges), to: make([]int32, 0, edges)}
}

func (g *digraph) edge(x, y int) {
	g.from = append(g.from, int32(x))
	g.to = append(g.to, int32(y))
}

// index lays the edges out by source vertex, in start and adj.
func (g *digraph) index() {
	g.start = make([]int32, g.v+1)
	for _, x := range g.from {
		g.start[x+1]++
	}
	for x := range g.v {
		g.start[x+1] += g.start[x]
	}
	g.adj = make([]int32, len(g.to))
	next := append([]int32(nil), g.start[:g.v]...)
	for i, x := range g.from {
		g.adj[next[x]] = g.to[i]
		next[x]++
	}
}
