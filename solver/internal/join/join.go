package join

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
// Symmetry. Only the symmetries of the board (its group G, solver.BoardSyms: all 8
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
// board and its API; config.go the code paths it takes; quarters.go the quarter tables;
// keys.go the keys of half-boards, their window and layout;
// symmetry.go the middle placements, the sets S and evenPlan;
// subproblems.go their numbered list and parting;
// memory.go the tables of a group of subproblems and their memory;
// count.go a worker's subproblems counted; match.go,
// split.go and kernels*.go the matcher of the pairs (see
// sliced); images.go images mode.

// Join is the quadrant join of one board: a size, its reserved squares
// and the symmetries used, its subproblems numbered, and the tables they
// share. Its workers (Worker) may count on separate goroutines; New,
// Start and the workers' making are not safe for concurrent use.
type Join struct {
	n, h            int
	rsv             []uint64  // the reserved squares, a mask a row; nil for none
	group           []Sym     // the symmetries used, a group that keeps rsv
	img             *imageSet // images mode (rsv is then the symmetric part); nil for none
	conf            Config    // the code paths taken (see Config)
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
	arriving          *groupTables   // what a worker holds before its first subproblem (see Start); nil for none
	spare             [4]keyed       // the memory of released tables, for new ones
	madeNow, madePeak int            // groups whose tables hold memory: now, at most
	makes             int            // groups made
}

// Board is a board to count by the join.
type Board struct {
	N int // 4..23; the join refuses with an error keys wider than it matches (n = 24 and up)
	// Reserved holds the reserved squares, a mask a row; nil for none.
	Reserved []uint64
	// Group is the symmetries used: the board's own (solver.BoardSyms) or a
	// subgroup of them, Identity included. Images mode uses all 8.
	Group []Sym
	// Images counts in images mode (see imageSet): the open board's 8
	// symmetries, and the placements that hit the reserved squares taken
	// away.
	Images bool
	// Bounded makes the tables a group of subproblems at a time, each
	// with only the entries the subproblems counted read (see tableGroup
	// and readOnly): the quarter tables of n = 22 would take 6.4 GB.
	Bounded bool
}

// New returns the join of board b, taking conf's code paths. It returns
// nil and no error when stop is set before it is done, and an error for a
// configuration this machine cannot run, or when its keys would be wider
// than the matcher takes (maxWideBits), which no board of n < 24 asks for.
// Its tables are built by up to workers goroutines at once.
func New(b Board, conf Config, stop *atomic.Bool, workers int) (*Join, error) {
	if err := conf.check(); err != nil {
		return nil, err
	}
	rsv, group := b.Reserved, b.Group
	var img *imageSet
	if b.Images {
		img, rsv = newImageSet(b.N, b.Reserved)
		group = Syms
	}
	return build(b.N, rsv, group, img, b.Bounded, conf, stop, workers)
}

// Len returns the number of subproblems, numbered from 0: the same for a
// board and a Config on every run, so that a checkpoint or a slice of a
// count can name them.
func (qd *Join) Len() int { return len(qd.subs) }

// Parts returns how many subproblems come in a run that shares work (the
// north half-boards of one set S): a worker given one of them does the
// rest cheaper.
func (qd *Join) Parts() int { return 1 << uint(qd.partBits) }

// KeyBits returns the widest key the join gives the matcher.
func (qd *Join) KeyBits() uint {
	var w uint
	for _, c := range qd.cfgs {
		w = max(w, qd.matchWidth(c))
	}
	return w
}

// Start tells the join which subproblems a run counts, in order, before
// its workers are made: the bounded join makes its tables with the entries
// those read only (see readOnly). Until its first subproblem each worker
// then holds a group before every other, so that no tables are made while
// a worker given a subproblem has not yet asked for its group's (see
// shared). Without Start a join counts any subproblem.
func (qd *Join) Start(todo []int) {
	qd.arriving = &groupTables{group: -1}
	qd.tablesMu.Lock()
	qd.open = append(qd.open, qd.arriving)
	qd.tablesMu.Unlock()
	qd.readOnly(todo)
}

// Worker returns a worker's count of subproblem i, weighted (the number of
// placements it stands for), with its own scratch space, and leave, to be
// called once the worker takes no more subproblems. A count may give up
// once stop (when not nil) is set, and its result is then meaningless.
// The workers of one join may count at once, on any subproblems; one
// worker's count is not safe for concurrent use.
func (qd *Join) Worker(stop *atomic.Bool) (count func(i int) uint64, leave func()) {
	w := &quadWork{stop: stop}
	if qd.arriving != nil {
		qd.tablesMu.Lock()
		w.tabs = qd.arriving
		qd.arriving.users++
		qd.tablesMu.Unlock()
	}
	return func(i int) uint64 { return qd.count(qd.subs[i], w) }, func() { qd.leave(w) }
}

// Subproblems returns the number of sets S that the join of board b lists
// without making a table, one for each middle placement: Len before the
// parting of small boards, for an estimate of the count.
func Subproblems(b Board) int {
	qd := &Join{n: b.N, h: b.N / 2, rsv: b.Reserved, group: b.Group}
	if b.Images {
		qd.img, qd.rsv = newImageSet(b.N, b.Reserved)
		qd.group = Syms
	}
	total := 0
	for _, md := range qd.middles() {
		total += qd.centreCount(md)
	}
	return total
}

// build makes the join of an n×n board with reserved squares rsv (nil for
// none) under group, in images mode when img is not nil, bounded or not
// (see tableGroup).
func build(n int, rsv []uint64, group []Sym, img *imageSet, bounded bool, conf Config, stop *atomic.Bool, workers int) (*Join, error) {
	h := n / 2
	qd := &Join{n: n, h: h, rsv: rsv, group: group, img: img, conf: conf, bounded: bounded, workers: max(1, workers)}
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
func (qd *Join) reserved(r, c int) bool {
	return qd.rsv != nil && qd.rsv[r]>>uint(c)&1 == 1
}

// has reports whether g is one of the symmetries used.
func (qd *Join) has(g Sym) bool { return slices.Contains(qd.group, g) }

// each calls fn(from) … fn(to-1) on up to qd.workers goroutines; a panic of
// fn is raised again on the caller's goroutine, once all are done.
func (qd *Join) each(from, to int, fn func(i int)) {
	pool.Each(qd.workers, to-from, nil, func(_, i int) { fn(from + i) })
}
