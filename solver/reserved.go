package solver

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
)

// matchSearch searches a reserved board with a test the plain row-by-row
// search lacks: whether the rows left can still be given distinct columns.
// A reserved board can be impossible for reasons no single row shows: a
// column reserved from top to bottom, or columns a and b free only in rows
// 1 and 2, whose two queens would share a diagonal. The plain search
// proves such a board empty by trying every placement of the other rows,
// exponentially many (a reserved column took it 1.6 s at n = 16, 11 s at
// 17, more than 30 s at 18 and 32). matchSearch stops at a node as soon as a row or a
// column left has no square that is free and not attacked, or the rows
// left have no perfect matching onto the columns left through such squares
// (Kuhn's augmenting paths on at most 32 rows, a word of columns each,
// started from the matching of the node above); complete fills first the
// line, row or column, with the fewest candidates. Diagonals are kept in
// board coordinates (bit c-r+n-1 of diag, bit r+c of anti for a queen on
// row r, column c), as in spread.
//
// It answers whether a board has a placement (exists, before a count), a
// placement (the runs of findPlacement, on boards of n ≤ 32) and every
// placement in lexicographic order of columns (each).
type matchSearch struct {
	n    int
	full uint64
	free [MaxReservedN]uint64

	ctx   context.Context
	err   error
	nodes int
	limit int               // the most nodes complete may expand; none when 0
	cols  [MaxReservedN]int // the column of each row's queen, as placed

	pf proof

	// random makes complete break its ties and order its choices by ch,
	// as the runs of findPlacement do; without it the order is fixed.
	random bool
	ch     chooser
	strong bool
}

// matchNode is a partial placement: the rows still empty, what the queens
// placed take, and a matching of the rows left onto the columns left, kept
// from node to node so that each repairs the few rows a queen unmatched.
type matchNode struct {
	rows, cols, diag, anti uint64
	// mate[r] is the column matched to row r (valid for the rows left that
	// are matched), and matched the rows left that are.
	mate    [MaxReservedN]int8
	matched uint64
}

func newMatchSearch(ctx context.Context, p Problem) *matchSearch {
	s := &matchSearch{n: p.N, full: 1<<uint(p.N) - 1, ctx: ctx, pf: proof{n: p.N}}
	for r := 0; r < p.N; r++ {
		s.free[r] = s.full &^ p.Reserved[r]
	}
	return s
}

// proveRoot drops from s.free the squares prune shows hold no queen in
// any placement, and reports false when it proves there is none. The
// placements, and so first's and each's answers, are unchanged. It is not
// asked again below the root: on the boards with placements it did not
// prove empty (every third or fourth anti-diagonal reserved, n = 20..32),
// pruning at every node with 8 rows left or more cut complete's nodes by
// 2x at most, for some 20x the time a node, and made exists slower (a 28×28
// board: 0.17 s without, 4.1 s with).
func (s *matchSearch) proveRoot() bool {
	return s.pf.prune(&s.free, s.full)
}

// root returns the node with no queen placed.
func (s *matchSearch) root() matchNode {
	return matchNode{rows: s.full}
}

// candidates returns the columns row r can take in x.
func (s *matchSearch) candidates(x *matchNode, r int) uint64 {
	return s.free[r&(MaxReservedN-1)] &^ (x.cols | x.diag>>uint(s.n-1-r) | x.anti>>uint(r))
}

// fill sets cand[r] to the candidates of each row left in x and reports
// whether the rows left can still be given distinct columns: every row has
// a candidate, every column left is a candidate of some row, and the rows
// have a perfect matching onto the columns left, which it leaves in x.
func (s *matchSearch) fill(x *matchNode, cand *[MaxReservedN]uint64) bool {
	var union uint64
	for rs := x.rows; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros64(rs)
		c := s.candidates(x, r)
		if c == 0 {
			return false
		}
		cand[r] = c
		union |= c
	}
	if union != s.full&^x.cols {
		return false // a column no row left can fill
	}
	return s.match(x, cand)
}

// match completes x's matching of the rows left onto their candidates, and
// reports whether it is perfect. The pairs kept from the node above whose
// column is gone or attacked are dropped first.
func (s *matchSearch) match(x *matchNode, cand *[MaxReservedN]uint64) bool {
	mateR, seen := noMates, [1]uint64{}
	k := matching[int8]{w: 1, adj: cand[:], mateL: x.mate[:], mateR: mateR[:], seen: seen[:]}
	var taken uint64
	x.matched &= x.rows
	for rs := x.matched; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros64(rs)
		c := uint(x.mate[r])
		if cand[r]>>c&1 == 0 {
			x.matched &^= 1 << uint(r)
			continue
		}
		k.mateR[c] = int8(r)
		taken |= 1 << c
	}
	// A greedy pass first: most rows find a column no one has taken.
	for rs := x.rows &^ x.matched; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros64(rs)
		if f := cand[r] &^ taken; f != 0 {
			c := bits.TrailingZeros64(f)
			x.mate[r] = int8(c)
			k.mateR[c] = int8(r)
			taken |= 1 << uint(c)
			x.matched |= 1 << uint(r)
		}
	}
	for rs := x.rows &^ x.matched; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros64(rs)
		k.seen[0] = 0
		if !k.augmentWord(r) {
			return false
		}
		x.matched |= 1 << uint(r)
	}
	return true
}

// exists reports whether the board has a placement, or returns ctx's
// error: proveRoot, then complete from the empty board. Every board with
// none tried was answered in microseconds (impossibleBoards in the tests),
// and 500 random boards of n = 16..32 with 0% to 80% reserved in 5 ms at
// most. Without proveRoot, complete took minutes on boards whose lines of
// one family are too few, or become too few once the rows are matched to
// the columns (shapeBoards: a 32×32 checkerboard, bands, a reserved
// quarter); proveRoot answers each in 10 to 70 µs.
func (s *matchSearch) exists() (bool, error) {
	if !s.proveRoot() {
		return false, nil
	}
	x := s.root()
	ok := s.complete(&x)
	return ok, s.err
}

// errProofLimit stops a matchSearch that has expanded its limit of nodes.
var errProofLimit = errors.New("node limit reached")

// Existence is what a search of a bounded number of nodes decided about
// whether a reserved board has a placement.
type Existence struct {
	// Decided is false when the search reached its limit first.
	Decided bool
	// Exists holds the answer when Decided.
	Exists bool
	// Nodes is the nodes the search expanded: its cost, the same on every
	// machine for a board and a solver Version.
	Nodes int
}

// proofNodes is the most nodes a search for whether a reserved board has a
// placement expands before a count or a list (about 70 ms at
// matchPerNode): every board with none that the tests know is proved at the root,
// and every random board of n = 16..32 in hundreds of nodes, but a 32×32
// checkerboard with four squares flipped was not proved in 1.4·10^7. A
// search that reaches it decides nothing, and the count or list that
// follows answers the board by counting it.
const proofNodes = 1 << 18

// proveExists runs matchSearch on p for limit nodes at most: the same
// nodes, and so the same answer, on every machine and at every load. An
// error is ctx's.
func proveExists(ctx context.Context, p Problem, limit int) (Existence, error) {
	s := newMatchSearch(ctx, p)
	s.limit = limit
	ok, err := s.exists()
	switch {
	case err == errProofLimit:
		return Existence{Nodes: limit}, nil
	case err != nil:
		return Existence{}, err
	}
	return Existence{Decided: true, Exists: ok, Nodes: s.nodes}, nil
}

// proofMemo keeps the bounded proof of a solve's board, so that the
// solve's estimate and its count or list make it once between them.
// withBudget puts one in the solve's context; a solve's steps run one
// after another, so it needs no lock.
type proofMemo struct {
	done bool
	e    Existence
}

// proofKey is the key of a solve's proofMemo in its context.
type proofKey struct{}

// proveOnce is proveExists of proofNodes nodes, or what ctx's solve
// proved of p already.
func proveOnce(ctx context.Context, p Problem) (Existence, error) {
	m, _ := ctx.Value(proofKey{}).(*proofMemo)
	if m != nil && m.done {
		return m.e, nil
	}
	e, err := proveExists(ctx, p, proofNodes)
	if err == nil && m != nil {
		m.done, m.e = true, e
	}
	return e, err
}

// proveSerial is proveOnce charged to the budget of ctx's solve as the one
// goroutine it runs on.
func proveSerial(ctx context.Context, p Problem) (Existence, error) {
	defer serial(ctx)()
	return proveOnce(ctx, p)
}

// HasPlacement decides whether p, a Reserved board, has a placement by
// the search that answers AskPlacement (findPlacement), for at most
// maxNodes nodes: Existence.Decided is false when it reaches them first.
// Its answer and its Nodes depend on the board and the solver Version
// alone, never on the machine or the clock, so that what is decided with
// it (a generated board kept or dropped) is the same everywhere. A node
// costs about 260 ns within MaxReservedN and 0.5 µs + 16 ns·n past it
// (placeNodeSeconds). An error is a board that is not valid, or ctx's.
func HasPlacement(ctx context.Context, p Problem, maxNodes int) (e Existence, err error) {
	defer recovered(&err)
	if p.Kind != Reserved {
		return Existence{}, fmt.Errorf("HasPlacement of a %s problem", p.Kind)
	}
	q := p
	q.Ask = AskPlacement
	if err := q.Validate(); err != nil {
		return Existence{}, err
	}
	res, err := findPlacement(ctx, q, max(maxNodes, 1))
	return res.Existence, err
}

// place returns x with a queen on row r, column c.
func (s *matchSearch) place(x matchNode, r, c int) matchNode {
	x.rows &^= 1 << uint(r)
	x.cols |= 1 << uint(c)
	x.diag |= 1 << uint(c-r+s.n-1)
	x.anti |= 1 << uint(r+c)
	return x
}

// complete reports whether the rows left in x can be filled, and leaves
// the columns of such a completion in s.cols. It fills first the line, row
// or column, with the fewest candidates (a column when it has at most three
// and fewer than every row), and gives up, setting s.err, when ctx is done.
func (s *matchSearch) complete(x *matchNode) bool {
	if x.rows == 0 {
		return true
	}
	if s.nodes++; s.nodes&(1<<10-1) == 0 {
		if s.err = s.ctx.Err(); s.err != nil {
			return false
		}
	}
	if s.limit > 0 && s.nodes > s.limit {
		s.err = errProofLimit
		return false
	}
	var cand [MaxReservedN]uint64
	if !s.fill(x, &cand) {
		return false
	}
	if s.strong && !s.pf.prune(&cand, x.rows) {
		return false
	}
	// The columns that one row can take (c1 &^ c2), two (c2 &^ c3), three
	// (c3 &^ c4), and the row with the fewest candidates.
	var c1, c2, c3, c4 uint64
	row, least, ties := -1, 65, 0
	for rs := x.rows; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros64(rs)
		f := cand[r]
		c4 |= c3 & f
		c3 |= c2 & f
		c2 |= c1 & f
		c1 |= f
		switch k := bits.OnesCount64(f); {
		case k < least:
			row, least, ties = r, k, 1
		case k == least && s.random:
			if ties++; s.ch.below(ties) == 0 {
				row = r // each of the rows tied is kept with chance 1/ties
			}
		}
	}
	var col uint64 // a column with fewer candidates than the row, if any
	switch {
	case least > 1 && c1&^c2 != 0:
		col = c1 &^ c2
	case least > 2 && c2&^c3 != 0:
		col = c2 &^ c3
	case least > 3 && c3&^c4 != 0:
		col = c3 &^ c4
	}
	if col != 0 {
		// Fill that column: each row that can take it, in turn.
		col = s.pick(col)
		c := bits.TrailingZeros64(col)
		var rows uint64
		for rs := x.rows; rs != 0; rs &= rs - 1 {
			if r := bits.TrailingZeros64(rs); cand[r]&col != 0 {
				rows |= 1 << uint(r)
			}
		}
		var order [MaxReservedN]int8
		for _, r := range s.order(rows, &order) {
			r := int(r)
			child := s.place(*x, r, c)
			s.cols[r] = c
			if s.complete(&child) {
				return true
			}
			if s.err != nil {
				return false
			}
		}
		return false
	}
	var order [MaxReservedN]int8
	for _, c := range s.order(cand[row], &order) {
		c := int(c)
		child := s.place(*x, row, c)
		s.cols[row] = c
		if s.complete(&child) {
			return true
		}
		if s.err != nil {
			return false
		}
	}
	return false
}

// pick returns one of the bits of set, set ≠ 0: the lowest, or one drawn
// at random in a run.
func (s *matchSearch) pick(set uint64) uint64 {
	if !s.random {
		return set & -set
	}
	for k := s.ch.below(bits.OnesCount64(set)); k > 0; k-- {
		set &= set - 1
	}
	return set & -set
}

// order returns the bits of set in the order complete tries them, in buf:
// from the lowest, or shuffled in a run.
func (s *matchSearch) order(set uint64, buf *[MaxReservedN]int8) []int8 {
	xs := buf[:0]
	for ; set != 0; set &= set - 1 {
		xs = append(xs, int8(bits.TrailingZeros64(set)))
	}
	if s.random {
		shuffle(&s.ch, xs)
	}
	return xs
}

// prepare drops the squares proveRoot shows hold no queen, and reports
// false when it proves the board has none: a run of findPlacement.
func (s *matchSearch) prepare() bool { return s.proveRoot() }

// run is one run of findPlacement: complete from the root, its ties and
// choices drawn from seed, for limit nodes at most.
func (s *matchSearch) run(seed uint64, limit int) (outcome, int) {
	s.random = true
	s.ch.reset(seed)
	s.nodes, s.limit, s.err = 0, limit, nil
	x := s.root()
	ok := s.complete(&x)
	nodes := min(s.nodes, limit)
	switch {
	case ok:
		return found, nodes
	case s.err == errProofLimit:
		return cutOff, nodes
	case s.err != nil:
		return stopped, nodes
	}
	return exhausted, nodes
}

// placement returns the placement complete found last.
func (s *matchSearch) placement() Placement {
	return FromColumns(append([]int(nil), s.cols[:s.n]...))
}

// cause returns the error that stopped a run.
func (s *matchSearch) cause() error { return s.err }

// each calls fn with the columns of every placement in lexicographic
// order, as board.each does, stopping at the first error fn returns (or
// ctx's). The nodes with pruneRows rows left or more are cut as
// matchSearch cuts them, the others by the plain test of each row: on a
// board whose rows cannot all be filled the plain listing looks through
// the same dead subtrees as the plain search, for hours, while below
// pruneRows rows the matching costs more than it saves. cols is reused
// between calls.
func (s *matchSearch) each(fn func(cols []int) error) error {
	cols := make([]int, s.n)
	var walk func(x *matchNode, row int) error
	walk = func(x *matchNode, row int) error {
		if row == s.n {
			return fn(cols)
		}
		if s.nodes++; s.nodes&(1<<12-1) == 0 {
			if err := s.ctx.Err(); err != nil {
				return err
			}
		}
		var f uint64
		if s.n-row >= pruneRows {
			var cand [MaxReservedN]uint64
			if !s.fill(x, &cand) {
				return nil
			}
			f = cand[row]
		} else {
			f = s.candidates(x, row)
		}
		for ; f != 0; f &= f - 1 {
			c := bits.TrailingZeros64(f)
			child := s.place(*x, row, c)
			cols[row] = c
			if err := walk(&child, row+1); err != nil {
				return err
			}
		}
		return nil
	}
	x := s.root()
	return walk(&x, 0)
}

// pruneRows is the fewest rows left at which matchSearch.each looks for a
// matching.
const pruneRows = 8

// reservedSolutions emits the total placements of p, a Reserved board, in
// lexicographic order of columns, as the plain listing does, but finds them
// as spread counts them, the row with the fewest candidates first, and
// sorts them: on a board with many reserved squares the rows' order looks
// through far more dead ends (a 32×32 board with 75% reserved: 361
// placements, 20 s top down, with or without matchSearch's cuts, where the
// count takes 1 s). The placements are kept as n bytes each until sorted,
// so a list of more than maxSortBytes is listed by matchSearch.each
// instead.
func reservedSolutions(ctx context.Context, p Problem, total uint64, emit func(Placement) error) error {
	n := p.N
	if total > maxSortBytes/uint64(n) {
		return newMatchSearch(ctx, p).each(func(cols []int) error {
			return emit(FromColumns(append([]int(nil), cols...)))
		})
	}
	b := newBoard(p)
	w := sortWalk{s: &spread{n: n, full: b.full, fewest: true}, ctx: ctx, out: make([]byte, 0, total*uint64(n))}
	copy(w.s.free[:], b.free)
	w.walk(b.full, 0, 0, 0)
	if w.err != nil {
		return w.err
	}
	k := len(w.out) / n
	idx := make([]int32, k)
	for i := range idx {
		idx[i] = int32(i)
	}
	row := func(i int32) []byte { return w.out[int(i)*n : int(i+1)*n] }
	slices.SortFunc(idx, func(a, b int32) int { return bytes.Compare(row(a), row(b)) })
	for _, i := range idx {
		cols := make([]int, n)
		for r, c := range row(i) {
			cols[r] = int(c)
		}
		if err := emit(FromColumns(cols)); err != nil {
			return err
		}
	}
	return nil
}

// maxSortBytes is the most memory reservedSolutions keeps placements in:
// a million of 32 queens.
const maxSortBytes = 32 << 20

// sortWalk is the search of reservedSolutions: spread.walk that keeps each
// placement's columns, a byte each, in out.
type sortWalk struct {
	s     *spread
	ctx   context.Context
	err   error
	nodes int
	cols  [MaxReservedN]byte
	out   []byte
}

func (w *sortWalk) walk(rows, cols, diag, anti uint64) {
	if w.nodes++; w.nodes&(1<<12-1) == 0 && w.err == nil {
		w.err = w.ctx.Err()
	}
	if w.err != nil {
		return
	}
	s := w.s
	x := spreadNode{rows: rows, cols: cols, diag: diag, anti: anti}
	r, avail := s.next(&x)
	last := bits.OnesCount64(rows) == 1
	rows &^= 1 << uint(r)
	for ; avail != 0; avail &= avail - 1 {
		c := bits.TrailingZeros64(avail)
		w.cols[r] = byte(c)
		if last {
			w.out = append(w.out, w.cols[:s.n]...)
			continue
		}
		w.walk(rows, cols|1<<uint(c), diag|1<<uint(c-r+s.n-1), anti|1<<uint(r+c))
	}
}
