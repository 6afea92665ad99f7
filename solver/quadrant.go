package solver

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
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
// for each group of subproblems, with only the entries the group reads (see
// tableGroup).

// quarter holds every partial placement of non-attacking queens in one
// quarter of the board, keyed by the local columns and rows it occupies
// (cols<<h | rows: a join reads the entries of one column set, which then
// lie together), with its diagonals in board coordinates: bit r-c+n-1 of
// diag and bit r+c of anti for a queen on row r, column c.
type quarter struct {
	off        []uint32 // entries of key k are [off[k], off[k+1])
	diag, anti []uint64
	hit        []uint8 // the images each entry hits (see imageSet); nil for none
}

// keyed is a quarter's table for one group of subproblems (see tableGroup):
// the entries that avoid the middle queens' diagonals (and, in the bounded
// join, hold the group's number of queens), each reduced to its key (see
// quadrants.key). Two quarters of one half-board can only clash on
// diagonals inside the key window, so keys are all a join needs.
type keyed struct {
	off []uint32
	key []uint64
}

// quarterSpec says which squares of one quarter may hold a queen and which
// entries its table keeps. Local row i of the quarter is board row r0+i,
// local column j board column c0+j: the h core rows (or columns) of one half
// are consecutive board lines.
type quarterSpec struct {
	r0, c0 int
	free   []uint32 // per local row, the local columns that may hold a queen
	// queens, when not negative, is the number of queens of every entry the
	// table keeps; the others are left out as if no placement had them.
	queens int
	// hits, when not nil, gives for each board square r*n+c the images it
	// hits (see imageSet), and each entry records those its queens hit.
	hits []uint8
}

// quarterSpecs returns the specs of the quarters NW, NE, SW and SE of an
// n×n board with reserved squares rsv (one mask a row; nil for none).
func quarterSpecs(n int, rsv []uint64) [4]quarterSpec {
	h := n / 2
	full := uint32(1)<<uint(h) - 1
	var specs [4]quarterSpec
	for i := range specs {
		sp := quarterSpec{c0: (i % 2) * (n - h), r0: (i / 2) * (n - h), free: make([]uint32, h), queens: -1}
		for j := range sp.free {
			sp.free[j] = full
			if rsv != nil {
				sp.free[j] &^= uint32(rsv[sp.r0+j]>>uint(sp.c0)) & full
			}
		}
		specs[i] = sp
	}
	return specs
}

// newQuarter enumerates the quarter sp of an n×n board, h = n/2 lines on a
// side: every partial placement of non-attacking queens on its free squares.
// It returns a half-made table when stop is set before it is done.
func newQuarter(n int, sp quarterSpec, stop *atomic.Bool) *quarter {
	q := &quarter{}
	q.off = enumerate(n, sp, 0, 0, stop, nil, func(total int) {
		q.diag, q.anti = make([]uint64, total), make([]uint64, total)
		if sp.hits != nil {
			q.hit = make([]uint8, total)
		}
	}, func(at uint32, d, a uint64, hit uint8) {
		q.diag[at], q.anti[at] = d, a
		if q.hit != nil {
			q.hit[at] = hit
		}
	})
	return q
}

// newKeyedQuarter enumerates the quarter sp of an n×n board as newQuarter
// does, but for the squares on the diagonals in blockD and blockA, and
// keeps each entry's key, keyOf of its diagonals (blockD and blockA left
// out) and the images it hits, in the memory of spare where it is large
// enough (see takeKeys). spare is left empty.
func newKeyedQuarter(n int, sp quarterSpec, blockD, blockA uint64, keyOf func(d, a uint64) uint64, spare *keyed, stop *atomic.Bool) keyed {
	var kt keyed
	kt.off = enumerate(n, sp, blockD, blockA, stop, spare.off, func(total int) {
		kt.key = takeKeys(&spare.key, total)
	}, func(at uint32, d, a uint64, hit uint8) {
		kt.key[at] = keyOf(d&^blockD, a&^blockA) | uint64(hit)<<hitShift
	})
	*spare = keyed{}
	return kt
}

// takeKeys returns room for total keys: the memory of *spare when it is
// large enough, else new memory with an eighth more room. A spare too small
// is collected and its memory given back to the system (debug.FreeOSMemory)
// before the new memory is taken: the tables of a group are 0.1 to 0.7 GB at
// N = 22, and the heap would otherwise hold both (N = 22 in one process, at 9
// minutes: 1.03 GB without collecting, 0.88 GB with runtime.GC; the slice
// 27/40, which crosses the largest change of group, 660 MB with runtime.GC,
// 528 MB with FreeOSMemory). *spare is left nil.
func takeKeys(spare *[]uint64, total int) []uint64 {
	s := *spare
	*spare = nil
	if cap(s) >= total {
		return s[:total]
	}
	if cap(s) > 0 {
		s = nil
		debug.FreeOSMemory()
	}
	return make([]uint64, total, total+total/8)
}

// enumerate walks the partial placements of quarter sp twice: once to count
// the entries of each key (local columns<<h | local rows) into the offsets
// it returns (made in the memory of off when large enough), then, once
// alloc is told their total, to give each to put with its place in key
// order, its diagonals in board coordinates, blockD and blockA included (the
// squares on those are left out), and the images it hits.
func enumerate(n int, sp quarterSpec, blockD, blockA uint64, stop *atomic.Bool, off []uint32, alloc func(total int), put func(at uint32, d, a uint64, hit uint8)) []uint32 {
	h := n / 2
	size := 1<<uint(2*h) + 1
	if cap(off) < size {
		off = make([]uint32, size)
	}
	off = off[:size]
	clear(off)
	e := quarterWalk{n: n, h: h, sp: &sp, off: off, stop: stop}
	e.walk(0, 0, 0, 0, blockD, blockA, 0) // count the entries of each key
	var sum uint32
	for k := range off {
		off[k], sum = sum, sum+off[k]
	}
	alloc(int(sum))
	e.put = put
	e.walk(0, 0, 0, 0, blockD, blockA, 0) // place them, moving each key's offset to its end
	copy(off[1:], off[:len(off)-1])
	off[0] = 0
	return off
}

type quarterWalk struct {
	n, h int
	sp   *quarterSpec
	off  []uint32
	put  func(at uint32, d, a uint64, hit uint8) // nil while counting
	stop *atomic.Bool                            // polled at the third row (nil: never); a set flag leaves the table half made
}

// walk places the queens of local rows i.. given the q queens placed, the
// local rows and columns they take, the diagonals in board coordinates and
// the images hit.
func (e *quarterWalk) walk(i, q int, rmask, cmask uint32, d, a uint64, hit uint8) {
	h, want := e.h, e.sp.queens
	if i == h || q == want { // an entry: the rows left stay empty
		k := cmask<<uint(h) | rmask
		if e.put != nil {
			e.put(e.off[k], d, a, hit)
		}
		e.off[k]++
		return
	}
	if i == 3 && e.stop != nil && e.stop.Load() {
		return
	}
	if want < 0 || q+h-i > want { // the rows after i can still hold the rest
		e.walk(i+1, q, rmask, cmask, d, a, hit)
	}
	// Local column j of local row i, board square (r, c) = (r0+i, c0+j),
	// lies on anti-diagonal r+c, bit j of a>>(r+c0), and on diagonal
	// r-c+n-1, bit h-1-j of d>>(r-c0+n-h): reversed.
	r, c0 := e.sp.r0+i, e.sp.c0
	full := uint32(1)<<uint(h) - 1
	taken := cmask | uint32(a>>uint(r+c0))&full | bits.Reverse32(uint32(d>>uint(r-c0+e.n-h)))>>uint(32-h)
	for free := e.sp.free[i] &^ taken; free != 0; free &= free - 1 {
		j := bits.TrailingZeros32(free)
		c := c0 + j
		hc := hit
		if e.sp.hits != nil {
			hc |= e.sp.hits[r*e.n+c]
		}
		e.walk(i+1, q+1, rmask|1<<uint(i), cmask|1<<uint(j), d|1<<uint(r-c+e.n-1), a|1<<uint(r+c), hc)
	}
}

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

// quadCfg is a placement of the queens of the middle row and column of an
// odd board (none on an even one), ready to count.
type quadCfg struct {
	middle
	dead uint8 // images mode: the images the middle queens hit (counted as none)
	// Keys are laid out afresh for each configuration: the window bits the
	// middle queens leave free are packed into the low live bits, and the
	// weighted long diagonals go to bits 62 and 63, out of the matcher's
	// sight (no north half-board has them).
	live int
	perm [8][256]uint64 // byte i of a window key to its laid-out bits
}

// Where the long diagonals go in a laid-out key.
const (
	longDiagBit = 1 << 62
	longAntiBit = 1 << 63
)

// In images mode a key carries the images its half-board hits in bits
// hitShift.. hitShift+7, above the window (at most 42 bits, at n = 22 and
// 23) and below the weights; keyBits are the others, the bits two half-boards must not share.
// The matcher never sees the hit bits (see countImages).
const (
	hitShift = 48
	hitBits  = uint64(0xff) << hitShift
	keyBits  = ^hitBits
)

// layout fills c.live and c.perm.
//
// The live bits are the window's (2n-2 on an even board, 2n-4 on an odd
// one) less the weighted long diagonals (even) and the window bits of the
// middle queens (odd: 2 for each middle queen off the board's edge, and
// the two cannot both stand on it: they would attack each other). So at most
// 40 but at n = 22 under symmetries that weigh one long diagonal (41) or
// none (42); see matchWidth.
func (qd *quadrants) layout(c *quadCfg) {
	n := qd.n
	var bd, ba uint64
	for _, q := range c.mid {
		bd |= 1 << uint(q.Row-q.Col+n-1)
		ba |= 1 << uint(q.Row+q.Col)
	}
	blocked := qd.key(bd, ba)
	longD, longA := qd.key(1<<uint(n-1), 0), qd.key(0, 1<<uint(n-1))
	to := make([]uint64, 2*qd.width)
	var live []uint // window positions that get a live bit
	for p := range to {
		bit := uint64(1) << uint(p)
		switch {
		case c.weighD && bit == longD:
			to[p] = longDiagBit
		case c.weighA && bit == longA:
			to[p] = longAntiBit
		case blocked&bit == 0:
			live = append(live, uint(p))
		}
	}
	// The cut bits (see sliced) go first: the diagonals nearest the
	// middle one, the most often taken by both halves. The others follow
	// in window order, so that the last are the outermost anti-diagonals,
	// which the north half reaches on a square or two (at n = 22, the
	// anti-diagonal 31 on square (10, 21) alone): the bits above
	// maxKeyBits, where there are more, part the north keys (see
	// sliced.buildWide), and almost all of them are in the part without.
	mid := int(n-1) - int(qd.dlo)
	slices.SortStableFunc(live, func(x, y uint) int {
		dx, dy := abs(int(x)-mid), abs(int(y)-mid)
		if x >= qd.width {
			dx = 1 << 20 // anti-diagonals: keep their order, after
		}
		if y >= qd.width {
			dy = 1 << 20
		}
		return dx - dy
	})
	slices.Sort(live[cutBits:])
	for i, p := range live {
		to[p] = 1 << uint(i)
	}
	c.live = len(live)
	for p, t := range to {
		for v := 0; v < 256; v++ {
			if v>>(p%8)&1 == 1 {
				c.perm[p/8][v] |= t
			}
		}
	}
}

// matchWidth returns the widest key the matcher is given for configuration
// c: its live bits; in images mode on an even board two more, the lack
// bits of countImages; and in images mode with room for them, eight more,
// the marks of the images hit (see imageWork.hits). n = 22 needs up to 42
// (see layout), more than the kernels take (maxKeyBits), which sliced
// matches in parts.
func (qd *quadrants) matchWidth(c *quadCfg) uint {
	w := uint(c.live)
	if qd.img == nil {
		return w
	}
	if qd.n%2 == 0 {
		w = uint(c.live) + 2
	}
	if uint(c.live)+8 <= qd.keyRoom {
		w = uint(c.live) + 8
	}
	return w
}

// laidOut returns window key x in c's layout.
func (c *quadCfg) laidOut(x uint64) uint64 {
	var y uint64
	for i := 0; x != 0; i, x = i+1, x>>8 {
		y |= c.perm[i&7][x&255]
	}
	return y
}

// quadSub is one subproblem: a middle placement, a set S of north columns
// (bit j for core column j, the board's columns without the middle one), the
// part of the south half-boards (bit i: the queen of the i-th free south row
// stands in SW), and the number of placements each one counted stands for.
type quadSub struct {
	group  int32 // its tables' group (see tableGroup), and with it its configuration
	s      uint32
	part   uint16
	weight uint16 // at most 8: a pair's orbit, or the orbit of the centre's set S
}

// minSubproblems is how many subproblems a board is cut into at least, the
// smallest ones excepted (they are parted on at most maxPartBits rows): enough
// for the workers to share them out evenly and a checkpoint to save little
// work.
const minSubproblems = 10_000

// maxPartBits bounds the parting: each part of a subproblem repeats the work
// shared by all of them, so on the smallest boards fewer, larger subproblems
// are cheaper than evenly shared ones.
const maxPartBits = 3

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

// window sets the key window, dlo, alo and width: n-1 diagonals and as many
// anti-diagonals on an even board, n-2 on an odd one.
func (qd *quadrants) window() {
	n, h := qd.n, qd.h
	core := coreLines(n)
	// North diagonals r-c+n-1 reach up to core[h-1]+n-1 (the last north
	// row), south ones start at core[h] (the first south row); anti-
	// diagonals r+c likewise.
	qd.dlo, qd.alo = uint(core[h]), uint(core[h])
	qd.width = uint(core[h-1]+n-1) - qd.dlo + 1
}

// reserved reports whether square (r, c) is reserved.
func (qd *quadrants) reserved(r, c int) bool {
	return qd.rsv != nil && qd.rsv[r]>>uint(c)&1 == 1
}

// has reports whether g is one of the symmetries used.
func (qd *quadrants) has(g Sym) bool { return slices.Contains(qd.group, g) }

// listRowSets fills qd.rowSets: for the h rows of a half-board (i = 0) and
// for those rows but row i-1 (taken by a middle queen), the subsets of each
// size.
func (qd *quadrants) listRowSets() {
	full := uint32(1)<<uint(qd.h) - 1
	qd.rowSets = make([][][]uint32, qd.h+1)
	for i := range qd.rowSets {
		free := full
		if i > 0 {
			free &^= 1 << uint(i-1)
		}
		qd.rowSets[i] = make([][]uint32, qd.h+1)
		for r := free; ; r = (r - 1) & free {
			k := bits.OnesCount32(r)
			qd.rowSets[i][k] = append(qd.rowSets[i][k], r)
			if r == 0 {
				break
			}
		}
	}
}

// rowSetsOf returns the subsets of k rows of free: the h rows of a half-board,
// or all of them but one.
func (qd *quadrants) rowSetsOf(free uint32, k int) []uint32 {
	i := 0
	if taken := (uint32(1)<<uint(qd.h) - 1) &^ free; taken != 0 {
		i = 1 + bits.TrailingZeros32(taken)
	}
	return qd.rowSets[i][k]
}

// coreLines returns the rows (or columns) 0..n-1 of an n×n board but the
// middle one of an odd board: the rows of the quarters, the north ones
// first.
func coreLines(n int) []int {
	var core []int
	for i := 0; i < n; i++ {
		if n%2 == 0 || i != n/2 {
			core = append(core, i)
		}
	}
	return core
}

// key packs the diagonals of a half-board that the other half can reach.
func (qd *quadrants) key(d, a uint64) uint64 {
	m := uint64(1)<<qd.width - 1
	return (d>>qd.dlo)&m | (a>>qd.alo&m)<<qd.width
}

// each calls fn(from) … fn(to-1) on up to qd.workers goroutines; a panic of
// fn is raised again on the caller's goroutine, once all are done.
func (qd *quadrants) each(from, to int, fn func(i int)) {
	var next atomic.Int32
	next.Store(int32(from))
	var wg sync.WaitGroup
	var ps panics
	for range min(qd.workers, to-from) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer ps.catch(nil)
			for i := int(next.Add(1) - 1); i < to; i = int(next.Add(1) - 1) {
				fn(i)
			}
		}()
	}
	wg.Wait()
	ps.raise()
}

// tableGroup is a run of subproblems that share their quarter tables.
//
// In the plain join a group is a configuration: its tables are read off the
// four quarter tables enumerated once, leaving out the entries on the middle
// queens' diagonals. In the bounded join (from minBoundedN on, where the
// quarter tables outgrow memory) there are no such tables: a group is a
// configuration and a number k of queens in NW (the west columns of S), which
// fixes how many queens each quarter holds, and its tables are enumerated
// afresh with those numbers only, about a quarter of the entries or less.
// Subproblems are numbered group by group, so that the workers, and a shard's
// run of subproblems, make each group's tables once.
type tableGroup struct {
	cfg  int32
	need [4]int // the queens of NW, NE, SW and SE; -1 for any (the plain join)
}

// groupTables are the tables of one group, made once and shared by the
// workers.
type groupTables struct {
	group int32
	once  sync.Once
	tabs  [4]keyed
	users int  // workers that hold it, under qd.tablesMu
	made  bool // tabs hold memory (made, or being made), under qd.tablesMu
}

// shared returns the tables of group g to a worker that leaves old (nil for
// none). stop, when set, leaves the tables half made.
//
// One group's tables are made at a time, and once: those of g once no
// worker holds an earlier group's, in their memory, and a group is let go
// only when no worker holds an earlier one (which might still ask for it).
// Subproblems are handed out in order, so a worker that comes to a new group
// waits at most for the others to finish a subproblem each, and a group's
// tables, up to 0.7 GB at N = 22, are never live beside another's. (N = 22
// in one process on two cores peaked at 1.29 GB keeping the two latest
// groups, as before: two groups' tables and the collector's room above
// them; at 0.88 GB with one.)
func (qd *quadrants) shared(g int32, old *groupTables, stop *atomic.Bool) *groupTables {
	qd.tablesMu.Lock()
	if old != nil {
		old.users--
	}
	var e *groupTables
	for _, x := range qd.open {
		if x.group == g {
			e = x
		}
	}
	if e == nil {
		e = &groupTables{group: g}
		qd.open = append(qd.open, e)
	}
	e.users++
	qd.releaseIdle(false)
	qd.tablesMu.Unlock()
	e.once.Do(func() { qd.makeTables(e, stop) })
	return e
}

// leave lets go of the tables w holds, once w's worker takes no more
// subproblems: no other is handed out, so no group is needed again but by a
// worker already given one.
func (qd *quadrants) leave(w *quadWork) {
	if w.tabs == nil {
		return
	}
	qd.tablesMu.Lock()
	w.tabs.users--
	w.tabs = nil
	qd.releaseIdle(true)
	qd.tablesMu.Unlock()
}

// makeTables makes e's tables once no worker holds an earlier group's, in
// the memory of released tables.
func (qd *quadrants) makeTables(e *groupTables, stop *atomic.Bool) {
	qd.tablesMu.Lock()
	for slices.ContainsFunc(qd.open, func(x *groupTables) bool { return x.group < e.group && x.users > 0 }) {
		qd.tablesFree.Wait()
	}
	qd.releaseIdle(false)
	spare := qd.spare
	qd.spare = [4]keyed{}
	e.made = true
	qd.madeNow++
	qd.makes++
	qd.madePeak = max(qd.madePeak, qd.madeNow)
	qd.tablesMu.Unlock()
	e.tabs = qd.tables(qd.groups[e.group], &spare, stop)
}

// releaseIdle drops the groups that no worker holds and none will ask for
// again: those before every group held, but the latest unless all is true.
// It keeps the memory of their tables for the next ones made, and wakes the
// makers waiting. The caller holds qd.tablesMu.
func (qd *quadrants) releaseIdle(all bool) {
	latest, held := int32(-1), int32(math.MaxInt32) // the latest group, the first held
	for _, x := range qd.open {
		latest = max(latest, x.group)
		if x.users > 0 {
			held = min(held, x.group)
		}
	}
	qd.open = slices.DeleteFunc(qd.open, func(x *groupTables) bool {
		if x.users > 0 || x.group > held || x.group == latest && !all {
			return false
		}
		if x.made {
			for i, t := range x.tabs {
				if cap(t.key) > cap(qd.spare[i].key) {
					qd.spare[i].key = t.key
				}
				if cap(t.off) > cap(qd.spare[i].off) {
					qd.spare[i].off = t.off
				}
			}
			x.tabs, x.made = [4]keyed{}, false
			qd.madeNow--
		}
		return true
	})
	qd.tablesFree.Broadcast()
}

// tables returns the keyed quarter tables of group g, made in the memory of
// spare where it is large enough. The bounded join leaves spare empty.
func (qd *quadrants) tables(g tableGroup, spare *[4]keyed, stop *atomic.Bool) [4]keyed {
	n := qd.n
	c := qd.cfgs[g.cfg]
	var bd, ba uint64
	for _, q := range c.mid {
		bd |= 1 << uint(q.Row-q.Col+n-1)
		ba |= 1 << uint(q.Row+q.Col)
	}
	var t [4]keyed
	qd.each(0, 4, func(i int) {
		qbd, qba := bd, ba
		if i < 2 {
			// North half-boards with a queen on a weighted long diagonal
			// are never made (weight 0).
			if c.weighD {
				qbd |= 1 << uint(n-1)
			}
			if c.weighA {
				qba |= 1 << uint(n-1)
			}
		}
		if qd.quarters[i] == nil { // the bounded join, or an even board
			sp := qd.specs[i]
			sp.queens = g.need[i]
			t[i] = newKeyedQuarter(n, sp, qbd, qba, func(d, a uint64) uint64 { return c.laidOut(qd.key(d, a)) }, &spare[i], stop)
			return
		}
		q := qd.quarters[i]
		kt := spare[i]
		if cap(kt.off) < len(q.off) {
			kt.off = make([]uint32, len(q.off))
		}
		if cap(kt.key) < len(q.diag) {
			kt.key = make([]uint64, len(q.diag))
		}
		kt.off, kt.key = kt.off[:len(q.off)], kt.key[:len(q.diag)]
		at := 0
		for k := 0; k+1 < len(q.off); k++ {
			kt.off[k] = uint32(at)
			for e := q.off[k]; e < q.off[k+1]; e++ {
				if q.diag[e]&qbd == 0 && q.anti[e]&qba == 0 {
					kt.key[at] = c.laidOut(qd.key(q.diag[e], q.anti[e]))
					if q.hit != nil {
						kt.key[at] |= uint64(q.hit[e]) << hitShift
					}
					at++
				}
			}
		}
		kt.off[len(kt.off)-1] = uint32(at)
		kt.key = kt.key[:at]
		t[i] = kt
	})
	return t
}

// frees returns the core rows of the north and south halves and the core
// columns of the west and east halves that configuration c leaves free, as
// local masks: the middle row's queen takes a core column, the middle
// column's a core row.
func (qd *quadrants) frees(c middle) (freeN, freeS, freeW, freeE uint32) {
	h := qd.h
	full := uint32(1)<<uint(h) - 1
	freeN, freeS, freeW, freeE = full, full, full, full
	if len(c.mid) == 2 {
		if a := c.mid[0].Col; a < h {
			freeW &^= 1 << uint(a)
		} else {
			freeE &^= 1 << uint(a-h-1)
		}
		if b := c.mid[1].Row; b < h {
			freeN &^= 1 << uint(b)
		} else {
			freeS &^= 1 << uint(b-h-1)
		}
	}
	return freeN, freeS, freeW, freeE
}

// middle is one placement of the middle row's and column's queens (none on
// an even board) and how the subproblems under it are listed: each set S
// of north core columns that is the least of its orbit under sGroup, of
// weight times the orbit's size.
type middle struct {
	mid    []Square
	weight uint16
	sGroup []Sym
	// The long diagonals weighted on an even board (see evenPlan): the main
	// one (row = column) and the anti-diagonal (row + column = n-1).
	weighD, weighA bool
}

// middles lists the placements of the middle queens in their fixed order.
func (qd *quadrants) middles() []middle {
	n, h := qd.n, qd.h
	if n%2 == 0 {
		sGroup, weighD, weighA := evenPlan(qd.group)
		return []middle{{weight: 1, sGroup: sGroup, weighD: weighD, weighA: weighA}}
	}
	var ms []middle
	m := h
	if !qd.reserved(m, m) {
		ms = append(ms, middle{mid: []Square{{m, m}}, weight: 1, sGroup: qd.lineSyms(FlipH, FlipV, Rot180)})
	}
	// The queen of the middle row on column a, that of the middle column on
	// row b, not attacking each other. No such pair is fixed by a symmetry
	// (a pair fixed by a diagonal mirror shares an anti-diagonal or a
	// diagonal), so each stands for its orbit, |G| pairs, and only the
	// least of them is counted.
	for a := range n {
		for b := range n {
			if a == m || b == m || abs(a-m) == abs(b-m) || qd.reserved(m, a) || qd.reserved(b, m) {
				continue
			}
			if pair := []Square{{m, a}, {b, m}}; leastMiddle(pair, n, qd.group) {
				ms = append(ms, middle{mid: pair, weight: uint16(len(qd.group))})
			}
		}
	}
	return ms
}

// centre says which sets S of north core columns there are under md: those
// of t of the 2h core columns (the north rows md leaves free), none of them
// in skip (the core column md takes), the west columns first.
func (qd *quadrants) centre(md middle) (t int, skip uint32) {
	freeN, _, freeW, freeE := qd.frees(md)
	core := uint32(1)<<uint(2*qd.h) - 1
	return bits.OnesCount32(freeN), core &^ (freeW | freeE<<uint(qd.h))
}

// centreSets appends md's subproblems to out, in the order of S.
func (qd *quadrants) centreSets(out []quadSub, md middle) []quadSub {
	t, skip := qd.centre(md)
	core := uint32(1)<<uint(2*qd.h) - 1
	for s := uint32(1)<<uint(t) - 1; s <= core; s = nextSubset(s) {
		if s&skip != 0 {
			continue
		}
		least, orbit, size := s, [4]uint32{s}, 1
		for _, g := range md.sGroup {
			t := qd.sImage(g, s)
			least = min(least, t)
			if !slices.Contains(orbit[:size], t) {
				orbit[size] = t
				size++
			}
		}
		if least == s {
			out = append(out, quadSub{s: s, weight: md.weight * uint16(size)})
		}
	}
	return out
}

// centreCount returns how many subproblems centreSets lists under md: all
// t-sets of the core columns not in skip when no symmetry pairs them.
func (qd *quadrants) centreCount(md middle) int {
	if len(md.sGroup) > 0 {
		return len(qd.centreSets(nil, md))
	}
	t, skip := qd.centre(md)
	return int(binomial(2*qd.h-bits.OnesCount32(skip), t))
}

// subproblems lists the configurations and subproblems in their fixed order;
// it stops early, leaving the list short, once stop is set. The list is
// made at its size, counted first: grown by copies, N = 23's 19.6 million
// subproblems (235 MB) took a heap of 840 MB. It returns an error, before
// any table is made, when a configuration's keys are wider than the
// matcher takes.
func (qd *quadrants) subproblems(stop *atomic.Bool) error {
	ms := qd.middles()
	total := 0
	for _, md := range ms {
		total += qd.centreCount(md)
	}
	qd.subs = make([]quadSub, 0, total)
	var subs []quadSub // one configuration's, before they are grouped
	for _, md := range ms {
		if stop.Load() {
			break
		}
		c := &quadCfg{middle: md}
		if qd.img != nil {
			for _, q := range md.mid {
				c.dead |= qd.img.hitOf[q.Row*qd.n+q.Col]
			}
		}
		qd.layout(c)
		if w := qd.matchWidth(c); w > maxWideBits {
			return fmt.Errorf("quadrant join of n = %d: keys of %d bits, the matcher takes %d", qd.n, w, maxWideBits)
		}
		qd.cfgs = append(qd.cfgs, c)
		subs = qd.centreSets(subs[:0], md)
		qd.addGroups(c, subs)
	}
	qd.part()
	return nil
}

// addGroups appends the subproblems subs of configuration c, the last one
// listed, to qd.subs, each in its group: one for c in the plain join, one
// for each number k of queens in NW in the bounded join, in the order of k.
func (qd *quadrants) addGroups(c *quadCfg, subs []quadSub) {
	cfg := int32(len(qd.cfgs) - 1)
	if !qd.bounded {
		g := int32(len(qd.groups))
		qd.groups = append(qd.groups, tableGroup{cfg: cfg, need: [4]int{-1, -1, -1, -1}})
		for _, sub := range subs {
			sub.group = g
			qd.subs = append(qd.subs, sub)
		}
		return
	}
	freeN, _, freeW, freeE := qd.frees(c.middle)
	full := uint32(1)<<uint(qd.h) - 1
	t, w, e := bits.OnesCount32(freeN), bits.OnesCount32(freeW), bits.OnesCount32(freeE)
	var at [33]int // where the subproblems with k queens in NW go, from len(qd.subs)
	for _, sub := range subs {
		at[bits.OnesCount32(sub.s&full)+1]++
	}
	group := make([]int32, qd.h+1)
	for k := 0; k <= qd.h; k++ {
		if at[k+1] > 0 {
			group[k] = int32(len(qd.groups))
			qd.groups = append(qd.groups, tableGroup{cfg: cfg, need: [4]int{k, t - k, w - k, e - (t - k)}})
		}
		at[k+1] += at[k]
	}
	base := len(qd.subs)
	qd.subs = slices.Grow(qd.subs, len(subs))[:base+len(subs)]
	for _, sub := range subs {
		k := bits.OnesCount32(sub.s & full)
		sub.group = group[k]
		qd.subs[base+at[k]] = sub
		at[k]++
	}
}

// sImage returns the image of the set S of north core columns s under g, a
// mirror in a side or the half turn.
func (qd *quadrants) sImage(g Sym, s uint32) uint32 {
	h := uint(qd.h)
	core := uint32(1)<<(2*h) - 1
	switch g {
	case FlipH:
		return bits.Reverse32(s) >> (32 - 2*h)
	case FlipV:
		return core ^ s
	case Rot180:
		return bits.Reverse32(core^s) >> (32 - 2*h)
	}
	return s
}

// lineSyms returns those of gs that are used.
func (qd *quadrants) lineSyms(gs ...Sym) []Sym {
	var out []Sym
	for _, g := range gs {
		if qd.has(g) {
			out = append(out, g)
		}
	}
	return out
}

// evenPlan chooses how an even board uses the symmetries of group: the
// mirrors and half turn that pair sets S (sGroup), and the long diagonals
// weighted (see quadrants).
//
// The weighting is exact when, for every placement, its weights under a
// subgroup H of group add up to |H|. A symmetry moves the queen of a long
// diagonal to a long diagonal, in the same half or the other: the transpose
// moves that of the anti-diagonal to the other half and keeps that of the
// main one; the anti-transpose the reverse; the half turn moves both; a
// quarter turn swaps the two diagonals, moving one queen across. So both
// diagonals can be weighted with H = {1, half turn, transpose,
// anti-transpose} or H = the turns, the main one alone with H = {1,
// anti-transpose} or {1, half turn}, the anti-diagonal alone with {1,
// transpose}. The weights are kept by the mirror left to right (it swaps the
// diagonals within each half) when both are weighted, and by no other
// symmetry, so only that mirror can pair sets S besides.
//
// Which is worth more was measured on the open 16×16 board with the join
// forced to each subgroup (one core): all 8 symmetries 0.24 s, the mirrors
// and half turn (sets S paired) 0.24, the turns or the diagonal group (both
// diagonals weighted) 0.45-0.46, one side mirror or the half turn (S paired)
// 0.46-0.47, one diagonal mirror (one diagonal weighted) 0.62, none 0.89.
// At n = 18 the weighting with the mirror beats the pairing by the mirrors
// and half turn (9.4 s against 13.1), so the open board keeps it. Hence:
// both diagonals weighted (and the mirror, when G has it) when G holds the
// turns or the diagonal group; else the sets S paired by the side mirrors
// and the half turn G holds; else one diagonal weighted by a diagonal mirror.
func evenPlan(group []Sym) (sGroup []Sym, weighD, weighA bool) {
	has := func(g Sym) bool { return slices.Contains(group, g) }
	switch {
	case has(Rot90) || has(Rot180) && has(Transpose) && has(AntiTrans):
		if has(FlipH) {
			sGroup = []Sym{FlipH}
		}
		return sGroup, true, true
	case has(FlipH) || has(FlipV) || has(Rot180):
		for _, g := range []Sym{FlipH, FlipV, Rot180} {
			if has(g) {
				sGroup = append(sGroup, g)
			}
		}
		return sGroup, false, false
	case has(AntiTrans):
		return nil, true, false
	case has(Transpose):
		return nil, false, true
	}
	return nil, false, false
}

// part cuts each subproblem into 2^partBits, enough for minSubproblems.
func (qd *quadrants) part() {
	// At most h-1 bits: a subproblem may have as few free south rows (the
	// middle column's queen takes one).
	for len(qd.subs)<<uint(qd.partBits) < minSubproblems && qd.partBits < min(maxPartBits, qd.h-1) {
		qd.partBits++
	}
	if qd.partBits == 0 {
		return
	}
	subs := make([]quadSub, 0, len(qd.subs)<<uint(qd.partBits))
	for _, sub := range qd.subs {
		for sub.part = 0; sub.part < 1<<uint(qd.partBits); sub.part++ {
			subs = append(subs, sub)
		}
	}
	qd.subs = subs
}

// leastMiddle reports whether the middle-row-and-column pair is the least of
// its images under group, comparing (middle-row column, middle-column row).
func leastMiddle(pair []Square, n int, group []Sym) bool {
	m := n / 2
	for _, g := range group {
		x, y := g.Apply(pair[0], n), g.Apply(pair[1], n)
		if x.Row != m {
			x, y = y, x
		}
		if x.Col < pair[0].Col || x.Col == pair[0].Col && y.Row < pair[1].Row {
			return false
		}
	}
	return true
}

// nextSubset returns the next larger number with as many bits set as s
// (Gosper's hack).
func nextSubset(s uint32) uint32 {
	c := s & -s
	r := s + c
	return (s^r)>>2/c | r
}

// quadWork is one worker's scratch space.
type quadWork struct {
	img   imageWork    // images mode's scratch
	tabs  *groupTables // the tables in use, nil for none (or qd.even)
	north []uint64     // the north half-boards of subproblem last
	last  quadSub      // its part is ignored; weight 0 for none yet
	all   []uint64
	buf   []uint64
	sl    sliced
	split splitMatch
	// What holds north (but in images mode, where sl always does): sl, as
	// its table, or split, bucketed; neither until a count needs it.
	slNorth, bucketed bool
	stop              *atomic.Bool // polled between tiles of the matcher; nil for never
}

func newQuadWork() *quadWork { return &quadWork{} }

// run counts the subproblems of qd's shard, each worker with its own
// scratch space (see runSplit).
//
// Until its first subproblem a worker holds a group before every other,
// so that no tables are made while a worker given a subproblem has not yet
// asked for its group's (see shared).
func (qd *quadrants) run(ctx context.Context, opt Options) (uint64, error) {
	arriving := &groupTables{group: -1}
	qd.tablesMu.Lock()
	qd.open = append(qd.open, arriving)
	qd.tablesMu.Unlock()
	return runSplit(ctx, len(qd.subs), 1<<uint(qd.partBits), opt, func(stop *atomic.Bool) (func(int) uint64, func()) {
		w := newQuadWork()
		w.stop = stop
		qd.tablesMu.Lock()
		w.tabs = arriving
		arriving.users++
		qd.tablesMu.Unlock()
		return func(i int) uint64 { return qd.count(qd.subs[i], w) }, func() { qd.leave(w) }
	})
}

// count returns the weighted number of placements of subproblem sub.
func (qd *quadrants) count(sub quadSub, w *quadWork) uint64 {
	h := qd.h
	c := qd.cfgs[qd.groups[sub.group].cfg]
	tabs := qd.even
	if tabs == nil {
		if w.tabs == nil || w.tabs.group != sub.group {
			w.tabs = qd.shared(sub.group, w.tabs, w.stop)
		}
		tabs = &w.tabs.tabs
	}
	full := uint32(1)<<uint(h) - 1
	freeN, freeS, freeW, freeE := qd.frees(c.middle)
	cw, ce := sub.s&full, sub.s>>uint(h)
	k := bits.OnesCount32(cw)
	// North half-boards: NW on rows R with the west columns of S, NE on the
	// other north rows with its east columns. The parts of one subproblem
	// share them: a worker given the next part keeps them.
	if w.last.weight == 0 || w.last.group != sub.group || w.last.s != sub.s {
		w.north = qd.join(w.north[:0], &tabs[0], &tabs[1], freeN, k, cw, ce, 0, 0)
		w.img.north = w.img.north[:0]
		if qd.img != nil {
			qd.subproblem(&w.img, sub, c, w.north, uint(c.live), qd.keyRoom)
			w.sl.build(w.img.north, uint(c.live))
		}
		w.slNorth, w.bucketed = false, false
		w.last = sub
	}
	if len(w.north) == 0 {
		return 0
	}
	// South half-boards likewise with the columns outside S, those of the
	// part only: the first partBits free south rows, and those of them whose
	// queen stands in SW.
	var rows, inSW uint32
	for i, f := 0, freeS; i < qd.partBits; i++ {
		low := f & -f
		f &^= low
		rows |= low
		if sub.part>>uint(i)&1 == 1 {
			inSW |= low
		}
	}
	all := qd.join(w.all[:0], &tabs[2], &tabs[3], freeS, bits.OnesCount32(freeW)-k, freeW^cw, freeE^ce, rows, inSW)
	w.all = all
	if len(all) == 0 {
		return 0
	}
	if qd.img != nil {
		return qd.countImages(sub, c, w, all)
	}
	// With the long-diagonal weighting, the south half-board's queens on the
	// weighted long diagonals (bits 62 and 63) weigh it by 2 each.
	if useSplit(len(w.north), len(all)) {
		if !w.bucketed {
			w.split.bucket(w.north)
			w.bucketed = true
		}
		w.slNorth = false // split makes its tables in sl
		return uint64(sub.weight) * w.split.count(all, uint(c.live), &w.sl, w.stop)
	}
	if !w.slNorth {
		w.sl.build(w.north, uint(c.live))
		w.slNorth = true
	}
	return uint64(sub.weight) * w.sl.count(all, &w.buf, w.stop)
}

// join appends the keys of the half-boards made of a west quarter with k
// queens on columns cw and rows among free, and an east quarter on the other
// free rows with columns ce, where of the rows in part those in west are
// exactly inWest.
func (qd *quadrants) join(out []uint64, west, east *keyed, free uint32, k int, cw, ce, part, inWest uint32) []uint64 {
	h := uint(qd.h)
	for _, r := range qd.rowSetsOf(free, k) {
		if r&part != inWest {
			continue
		}
		kw, ke := cw<<h|r, ce<<h|(free^r)
		ws := west.key[west.off[kw]:west.off[kw+1]]
		es := east.key[east.off[ke]:east.off[ke+1]]
		if len(es) > 0 {
			out = joinKeys(out, ws, es)
		}
	}
	return out
}

// joinKeys appends x|y for each x of ws and y of es with no key bit in
// common (hit bits may be shared), in the order of ws, then es; with the
// AVX-512 kernels, eight y at a time (joinKeysAVX512).
func joinKeys(out []uint64, ws, es []uint64) []uint64 {
	n, most := len(out), len(ws)*len(es)
	if useKernel == kernelAVX512 {
		// Its stores are of eight keys: room for them past the last kept.
		out = slices.Grow(out, most+8)[:n+most+8]
		return out[:n+joinKeysAVX512(&out[n], ws, es)]
	}
	out = slices.Grow(out, most)[:n+most]
	o := out[n:]
	i := 0
	for _, x := range ws {
		for _, y := range es {
			// Write always, keep when disjoint: no branch to mispredict.
			o[i] = x | y
			c := x & y & keyBits
			i += int(1 ^ (c|-c)>>63)
		}
	}
	return out[:n+i]
}
