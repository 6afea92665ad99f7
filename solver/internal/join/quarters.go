package join

import (
	"math/bits"
	"runtime/debug"
	"sync/atomic"
)

// The quarters of the quadrant join (see quadrant.go): each quarter's partial
// placements, enumerated on its own squares into a table keyed by the
// columns and rows they take, and the keyed tables a group of subproblems
// reads off them.

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
// Join.key). Two quarters of one half-board can only clash on
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
	// cols, when not nil, limits the entries to the column sets a run reads
	// (see columnsWithin): a queen is added to a placement on columns m
	// only in the columns of cols[m].
	cols []uint32
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
	free := e.sp.free[i] &^ taken
	if e.sp.cols != nil {
		free &= e.sp.cols[cmask]
	}
	for ; free != 0; free &= free - 1 {
		j := bits.TrailingZeros32(free)
		c := c0 + j
		hc := hit
		if e.sp.hits != nil {
			hc |= e.sp.hits[r*e.n+c]
		}
		e.walk(i+1, q+1, rmask|1<<uint(i), cmask|1<<uint(j), d|1<<uint(r-c+e.n-1), a|1<<uint(r+c), hc)
	}
}

// columnsWithin returns the cols of a quarterSpec (h lines on a side) that
// keeps the entries on the column sets of sets (bit m of the bit set for
// columns m) and on no others: for each column set m, the columns j with
// m|1<<j within one of sets.
func columnsWithin(sets []uint64, h int) []uint32 {
	size := 1 << uint(h)
	within := make([]bool, size) // m lies within one of sets
	for m := range size {
		within[m] = sets[m/64]>>(m%64)&1 == 1
	}
	for j := range h {
		bit := 1 << uint(j)
		for m := range size {
			if m&bit != 0 && within[m] {
				within[m^bit] = true
			}
		}
	}
	cols := make([]uint32, size)
	for m := range size {
		for j := range h {
			if bit := 1 << uint(j); m&bit == 0 && within[m|bit] {
				cols[m] |= uint32(bit)
			}
		}
	}
	return cols
}
