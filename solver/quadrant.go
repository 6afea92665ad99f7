package solver

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/queensjudge/queensjudge/internal/pool"
)

// The quadrant join counts the placements of n queens on a large board,
// open or with reserved squares, without a search tree over the whole board.
//
// Cut the board (without its middle row and column when n is odd) into four
// h×h quarters, NW, NE, SW and SE. Every row and column holds one queen, so
// the set S of columns whose queen stands in the north half decides how many
// queens each quarter holds and in which columns: NW takes the west columns
// of S, NE the east ones, SW and SE the rest. For each S the north
// half-boards are joined from the partial placements of NW and NE with
// complementary row sets (read from a table per quarter, each enumerated on
// its own squares, reserved ones left out), the south ones likewise from SW
// and SE, and the placements with columns S are the pairs of a north and a
// south half-board whose diagonals are disjoint.
// Those pairs are counted 64 at a time with bit-sliced ANDs (see sliced).
//
// Symmetry. Only the symmetries of the board (its group G, BoardSyms: all 8
// on an open board) are used, but in images mode (see imageSet), which uses
// all 8 on a board with few reserved squares. On an odd board the queens of
// the middle row and column are placed first: the centre queen alone, whose sets S are
// taken one per orbit under the mirrors and the half turn in G; or a pair,
// which no symmetry fixes, so that each pair stands for its orbit, |G|
// pairs. On an even board (see evenPlan) either the sets S are taken one per
// orbit under the mirrors and half turn in G, or the long diagonals are
// weighted: weighting each placement by u(north)·v(south), with u = 1 when
// the north half has no queen on a weighted long diagonal (else 0) and v = 2
// to the number of weighted long diagonals with a queen in the south half,
// leaves the total unchanged when symmetries of the board pair the
// placements whose weights differ, and the north half-boards with a queen on
// a weighted long diagonal need never be made. An open board weighs both long
// diagonals and pairs S with its mirror left to right.
//
// Each (middle placement, S) is one numbered subproblem, or, on boards with
// fewer than minSubproblems of them, a few: the south half-boards are then
// parted by which quarter, SW or SE, holds the queens of the first free south
// rows, and the parts share the north half-boards. Their order is fixed by
// the board and the group alone.
//
// Memory. The four quarter tables of an odd board are enumerated once, up
// to n = 21, and each configuration's keyed tables read off them; an even
// board's one configuration enumerates its keyed tables at once (0.23 GB at
// n = 20). From n = 22 on (6.4 GB) the bounded join enumerates them afresh
// for each group of subproblems, with only the entries that the group's
// subproblems being counted read (see tableGroup and readOnly).
//
// The files of the join follow these parts. This one holds the join of one
// board and when it is used; quadrant_quarters.go the quarter tables;
// quadrant_keys.go the keys of half-boards, their window and layout;
// quadrant_symmetry.go the middle placements, the sets S and evenPlan;
// quadrant_subproblems.go their numbered list and parting;
// quadrant_memory.go the tables of a group of subproblems and their memory;
// quadrant_count.go a worker's subproblems counted; quadrant_match.go,
// quadrant_split.go and quadrant_kernels*.go the matcher of the pairs (see
// sliced); quadrant_images.go images mode.

// quadrants is the quadrant join for one board: a size, its reserved
// squares and the symmetries used.
type quadrants struct {
	n, h            int
	rsv             []uint64  // the reserved squares, a mask a row; nil for none
	group           []Sym     // the symmetries used, a group that keeps rsv
	img             *imageSet // images mode (rsv is then the symmetric part); nil for none
	keyRoom         uint      // images mode: the widest key it may make (maxKeyBits; less in tests)
	partBits        int       // the free south rows that part a subproblem's south half-boards
	bounded         bool      // the tables are made a group at a time (see tableGroup)
	specs           [4]quarterSpec
	quarters        [4]*quarter  // NW, NE, SW, SE; none in the bounded join
	dlo, alo, width uint         // the key window: diagonals both halves reach
	rowSets         [][][]uint32 // see rowSetsOf
	cfgs            []*quadCfg
	groups          []tableGroup
	subs            []quadSub
	even            *[4]keyed // the tables of an even board, shared (the plain join)
	workers         int       // goroutines that build tables at once
	// The tables of the groups in use (see shared), under tablesMu.
	tablesMu          sync.Mutex
	tablesFree        sync.Cond      // on tablesMu: a group's tables were let go
	open              []*groupTables // the groups workers hold, and the latest
	spare             [4]keyed       // the memory of released tables, for new ones
	madeNow, madePeak int            // groups whose tables hold memory: now, at most
	makes             int            // groups made
}

// minQuadrantN is the smallest board the quadrant join is used for; smaller
// boards are counted faster by the plain search.
const minQuadrantN = 10

// minBoundedN is the smallest board whose tables are made a group at a time
// (the bounded join, see tableGroup): from n = 22 on the four quarter tables
// of the plain join take 6.4 GB (67 million entries each at 16 bytes, and
// their keys at 8), a group's at most 0.3 GB.
const minBoundedN = 22

// maxQuadrantN is the largest board the join is used for: n = 24 would take
// months on a thousand cores.
const maxQuadrantN = 23

// newQuadrants returns the quadrant join of p's board (NQueens or Reserved,
// n = 4..maxQuadrantN; it is used from minQuadrantN on) using the
// symmetries in group, a group of symmetries of the board (BoardSyms(p) or
// a subgroup of it, Identity included), bounded or not (see tableGroup). It
// returns nil and no error when stop is set before it is done, and an error
// when its keys would be wider than the matcher takes (maxWideBits), which
// no board of minQuadrantN..maxQuadrantN asks for. Its tables are built by
// up to workers goroutines at once.
func newQuadrants(p Problem, group []Sym, bounded bool, stop *atomic.Bool, workers int) (*quadrants, error) {
	var rsv []uint64
	if p.Kind == Reserved {
		rsv = p.Reserved
	}
	return buildQuadrants(p.N, rsv, group, nil, bounded, stop, workers)
}

// newImageQuadrants returns the quadrant join of p's board in images mode
// (see imageSet), under the 8 symmetries; otherwise as newQuadrants.
func newImageQuadrants(p Problem, bounded bool, stop *atomic.Bool, workers int) (*quadrants, error) {
	img, sym := newImageSet(p)
	return buildQuadrants(p.N, sym, Syms, img, bounded, stop, workers)
}

// buildQuadrants makes the join of an n×n board with reserved squares rsv
// (nil for none) under group, in images mode when img is not nil, bounded
// or not (see tableGroup).
func buildQuadrants(n int, rsv []uint64, group []Sym, img *imageSet, bounded bool, stop *atomic.Bool, workers int) (*quadrants, error) {
	h := n / 2
	qd := &quadrants{n: n, h: h, rsv: rsv, group: group, img: img, keyRoom: maxKeyBits, bounded: bounded, workers: max(1, workers)}
	qd.tablesFree.L = &qd.tablesMu
	// Each quarter is enumerated on its own squares: once here, or for each
	// group in the bounded join.
	qd.specs = quarterSpecs(n, qd.rsv)
	if img != nil {
		for i := range qd.specs {
			qd.specs[i].hits = img.hitOf
		}
	}
	if !bounded && n%2 == 1 {
		// An odd board reads each configuration's tables off these; an
		// even board has one configuration, whose tables are enumerated
		// keyed at once (tables): the quarter tables and the keyed ones
		// side by side took three times the memory (776 MB at n = 20).
		qd.each(0, 4, func(i int) { qd.quarters[i] = newQuarter(n, qd.specs[i], stop) })
	}
	qd.window()
	qd.listRowSets()
	if err := qd.subproblems(stop); err != nil {
		return nil, err
	}
	if n%2 == 0 && !bounded && !stop.Load() {
		t := qd.tables(qd.groups[0], &[4]keyed{}, stop)
		qd.even = &t
	}
	if stop.Load() {
		return nil, nil
	}
	return qd, nil
}

// reserved reports whether square (r, c) is reserved.
func (qd *quadrants) reserved(r, c int) bool {
	return qd.rsv != nil && qd.rsv[r]>>uint(c)&1 == 1
}

// has reports whether g is one of the symmetries used.
func (qd *quadrants) has(g Sym) bool { return slices.Contains(qd.group, g) }

// each calls fn(from) … fn(to-1) on up to qd.workers goroutines; a panic of
// fn is raised again on the caller's goroutine, once all are done.
func (qd *quadrants) each(from, to int, fn func(i int)) {
	pool.Each(qd.workers, to-from, nil, func(_, i int) { fn(from + i) })
}
