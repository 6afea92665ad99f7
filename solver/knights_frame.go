package solver

import (
	"iter"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/queensjudge/queensjudge/solver/internal/combin"
)

// The frame search for queens and knights.
//
// m queens stand in m rows and m columns, one in each, so exactly k = n-m
// rows and k columns hold no queen. Call that pair of sets, R and C, the
// frame of a placement. No knight stands on a queen's row or column, so the
// knights stand on the k×k squares R×C, and the queens stand one in each row
// of the other rows, one in each column of the other columns: a permutation
// on an m×m board (not contiguous) that keeps off its own diagonals.
//
// The search fixes the frame first and then places the queens row by row,
// keeping the knights' squares still free (off the queens' diagonals, not a
// knight's move from a queen) as a k²-bit set: with k ≤ 8 one word. What a
// queen takes is three table loads (its diagonal, its anti-diagonal, its
// knight moves), the tables made once a frame. The search gives up as soon
// as the largest set of non-attacking knights on the free squares is below
// m: with k ≤ 4 (every largest m from n = 4 to 20) that is one bit of a
// 2^16-bit table made for each shape of knight graph (a few hundred shapes,
// set by which gaps between the frame's rows and columns are 1, 2 or more);
// with larger k it is |squares| − maximum matching (König: the knight graph
// is bipartite), cached by square set. With the queens placed, the knights
// are the independent sets of size m of the knight graph on the free
// squares, counted by branching on the lowest square, squares with no
// neighbour counted by binomials.
//
// The 8 symmetries of the square map frames to frames (a quarter turn sends
// the queenless rows to queenless columns), and the placements of a frame to
// those of its image one to one. So only frames that are the least of their
// images are searched: count weighs each by the size of its orbit, 8/|S|
// with S its stabiliser, and unique counts, in each, the placements up to S
// (all of them when S is the identity alone, as for nearly every frame).
//
// The subproblems are the row sets R, all C(n, k) of them in increasing
// order of their masks; subproblem i searches the least frames (R, C) of
// its R. The numbering depends on n and m only.

// maxFrameK is the largest k = n-m the frame search takes: k² squares fit a
// word.
const maxFrameK = 8

// kframes is the frame search for one board size n and number m.
type kframes struct {
	n, m, k int
	full    uint32   // the n columns (or rows)
	subs    []uint32 // the row sets R of the subproblems
	colSets []uint32 // every set of k columns, in increasing order
	// every, set by tests, searches every frame with weight 1, not only the
	// least of each orbit: the count without the symmetries.
	every bool

	// fitsMu guards fitsBy, the tables of kworker.fits made so far, shared
	// by the workers.
	fitsMu sync.Mutex
	fitsBy map[[16]uint16][]uint64
}

func newKFrames(n, m int) *kframes {
	f := &kframes{n: n, m: m, k: n - m, full: 1<<uint(n) - 1}
	f.subs = kSubsets(n, f.k)
	f.colSets = f.subs
	return f
}

// kSubsets returns the k-element subsets of 0..n-1 as masks, in increasing
// order.
func kSubsets(n, k int) []uint32 {
	if k == 0 {
		return []uint32{0}
	}
	var out []uint32
	for s := uint32(1)<<uint(k) - 1; s < 1<<uint(n); {
		out = append(out, s)
		// Gosper's hack: the next larger mask with as many bits.
		c := s & -s
		r := s + c
		s = ((r^s)>>2)/c | r
	}
	return out
}

// frameImages returns the images of the frame (rows R, columns C) under the
// symmetries, in the order of Syms.
func (f *kframes) frameImages(R, C uint32) [8][2]uint32 {
	rev := func(x uint32) uint32 { return bits.Reverse32(x) >> uint(32-f.n) }
	rR, rC := rev(R), rev(C)
	return [8][2]uint32{
		{R, C},   // Identity
		{C, rR},  // Rot90: (r, c) -> (c, n-1-r)
		{rR, rC}, // Rot180
		{rC, R},  // Rot270: (r, c) -> (n-1-c, r)
		{R, rC},  // FlipH
		{rR, C},  // FlipV
		{C, R},   // Transpose
		{rC, rR}, // AntiTrans: (r, c) -> (n-1-c, n-1-r)
	}
}

// canonical reports whether (R, C) is the least frame of its orbit, ordered
// by R then C, and returns its stabiliser as a mask of indices into Syms.
func (f *kframes) canonical(R, C uint32) (ok bool, stab uint8) {
	if f.every {
		return true, 0xFF // weight 8/8
	}
	key := uint64(R)<<32 | uint64(C)
	for i, im := range f.frameImages(R, C) {
		switch k := uint64(im[0])<<32 | uint64(im[1]); {
		case k < key:
			return false, 0
		case k == key:
			stab |= 1 << uint(i)
		}
	}
	return true, stab
}

// pad offsets rows, columns and diagonals in lookups so that none goes
// below 0: a knight's move lands at most 2 off the board, a diagonal r-c is
// at least -(n-1) > -pad. A mask of diagonals by c-r+pad fits a word, as
// n-1+pad < 64.
const pad = 32

// kworker searches frames, one at a time; each goroutine has its own.
type kworker struct {
	f       *kframes
	n, m, k int
	stop    *atomic.Bool
	nodes   int
	stopped bool

	// The frame being searched.
	R, C  uint32
	qrows [MaxKnightsN]int // the rows that hold a queen, in order
	order [MaxKnightsN]int // the same, in the order the search fills them
	krows [MaxKnightsN]int // the rows of R, in order
	kcols [MaxKnightsN]int // the columns of C, in order
	rowAt [MaxKnightsN + 2*pad]int8
	colAt [MaxKnightsN + 2*pad]int8
	adj   [64]uint64 // knight moves between the squares of R×C
	// What a queen takes from the knights' squares R×C: diag[r-c+pad] and
	// anti[r+c] those on its diagonals, near[r*MaxKnightsN+c] those a
	// knight's move away.
	diag, anti [64]uint64
	near       [MaxKnightsN * MaxKnightsN]uint64
	black      uint64           // the squares of R×C of one colour
	all        uint64           // every square of R×C
	qcols      [MaxKnightsN]int // the queens' columns, by row
	// cache holds roomFor's answers for the frame of generation gen.
	cache []cacheEntry
	gen   uint32
	// With k² ≤ 16 squares, fits answers roomFor exactly: bit S is set when
	// the largest set of non-attacking knights on the squares of S has m or
	// more. There is one for each shape of knight graph, in fitsBy (this
	// worker's) and kframes.fitsBy (all the workers').
	fits   []uint64
	fitsBy map[[16]uint16][]uint64

	// each, when not nil, receives each placement of the frame: the queens'
	// columns by qrows, and the knights as a set of R×C squares.
	each func(w *kworker, knights uint64) bool
}

func newKWorker(f *kframes, stop *atomic.Bool) *kworker {
	return &kworker{f: f, n: f.n, m: f.m, k: f.k, stop: stop, cache: make([]cacheEntry, 1<<cacheBits)}
}

// setFrame prepares the search of frame (R, C).
func (w *kworker) setFrame(R, C uint32) {
	w.R, w.C = R, C
	w.gen++
	n, k := w.n, w.k
	for i := range w.rowAt {
		w.rowAt[i], w.colAt[i] = -1, -1
	}
	qi, ri, ci := 0, 0, 0
	for r := 0; r < n; r++ {
		if R>>uint(r)&1 == 1 {
			w.rowAt[r+pad] = int8(ri)
			w.krows[ri] = r
			ri++
		} else {
			w.qrows[qi] = r
			qi++
		}
		if C>>uint(r)&1 == 1 {
			w.colAt[r+pad] = int8(ci)
			w.kcols[ci] = r
			ci++
		}
	}
	w.black, w.all = 0, 0
	w.diag, w.anti, w.near = [64]uint64{}, [64]uint64{}, [MaxKnightsN * MaxKnightsN]uint64{}
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			sq := uint(i*k + j)
			w.all |= 1 << sq
			r, c := w.krows[i], w.kcols[j]
			if (r+c)&1 == 0 {
				w.black |= 1 << sq
			}
			var a uint64
			for _, mv := range knightMoves {
				ii, jj := w.rowAt[r+mv.Row+pad], w.colAt[c+mv.Col+pad]
				if ii >= 0 && jj >= 0 {
					a |= 1 << uint(int(ii)*k+int(jj))
				}
			}
			w.adj[sq] = a
			w.diag[r-c+pad] |= 1 << sq
			w.anti[r+c] |= 1 << sq
			for _, mv := range knightMoves {
				if rr, cc := r+mv.Row, c+mv.Col; rr >= 0 && rr < n && cc >= 0 && cc < n {
					w.near[rr*MaxKnightsN+cc] |= 1 << sq
				}
			}
		}
	}
	// The rows whose queens take the most knights' squares, on the mean
	// over the columns, go first: they fail soonest.
	var score [MaxKnightsN]int
	for t, r := range w.qrows[:w.m] {
		w.order[t] = r
		for cs := w.f.full &^ C; cs != 0; cs &= cs - 1 {
			score[r] += bits.OnesCount64(w.kill(r, bits.TrailingZeros32(cs)))
		}
	}
	for t := 1; t < w.m; t++ { // insertion sort, stable: ties stay top down
		for u := t; u > 0 && score[w.order[u]] > score[w.order[u-1]]; u-- {
			w.order[u], w.order[u-1] = w.order[u-1], w.order[u]
		}
	}
	w.fits = nil
	if k*k <= 16 {
		w.makeFits()
	}
}

// kill returns the squares of R×C that a queen on row r, column c takes from
// the knights: those on its diagonals and a knight's move from it.
func (w *kworker) kill(r, c int) uint64 {
	return w.diag[(r-c+pad)&(len(w.diag)-1)] | w.anti[(r+c)&(len(w.anti)-1)] | w.near[r*MaxKnightsN+c]
}

// misBound returns an upper bound on the largest set of non-attacking
// knights on the squares of free, exact by König's theorem: |free| minus a
// maximum matching of the (bipartite) knight graph on them.
func (w *kworker) misBound(free uint64) int {
	left := free & w.black
	right := free &^ w.black
	var mateL [64]int8
	mateR, seen := noMates, [1]uint64{}
	k := matching[int8]{w: 1, adj: w.adj[:], mateL: mateL[:], mateR: mateR[:], seen: seen[:]}
	matched := 0
	for l := left; l != 0; l &= l - 1 {
		k.seen[0] = ^right // the path goes through right's squares only
		if k.augmentWord(bits.TrailingZeros64(l)) {
			matched++
		}
	}
	return bits.OnesCount64(free) - matched
}

// roomFor reports whether m non-attacking knights may fit on free: it
// tests the number of squares, and then, when a matching could be large
// enough to matter, the König bound (cached by square set for the frame).
func (w *kworker) roomFor(free uint64) bool {
	if w.fits != nil {
		return w.fits[free>>6]>>(free&63)&1 == 1
	}
	pc := bits.OnesCount64(free)
	if pc < w.m {
		return false
	}
	// A matching pairs a square of each colour, so it has at most as many
	// edges as the smaller colour has squares.
	if pc-min(bits.OnesCount64(free&w.black), bits.OnesCount64(free&^w.black)) >= w.m {
		return true
	}
	e := &w.cache[(free*0x9E3779B97F4A7C15)>>(64-cacheBits)]
	if e.gen == w.gen && e.free == free {
		return e.ok
	}
	ok := w.misBound(free) >= w.m
	*e = cacheEntry{free: free, gen: w.gen, ok: ok}
	return ok
}

// makeFits sets w.fits for the frame's knight graph (k² ≤ 16 squares),
// making it the first time the graph is seen: the largest independent set
// of every subset S, from that of S less its lowest square v (v left out)
// and of S less v and its neighbours (v in).
func (w *kworker) makeFits() {
	var key [16]uint16
	for i := range key {
		key[i] = uint16(w.adj[i])
	}
	if t, ok := w.fitsBy[key]; ok {
		w.fits = t
		return
	}
	if w.fitsBy == nil {
		w.fitsBy = map[[16]uint16][]uint64{}
	}
	f := w.f
	f.fitsMu.Lock()
	defer f.fitsMu.Unlock()
	if t, ok := f.fitsBy[key]; ok {
		w.fitsBy[key] = t
		w.fits = t
		return
	}
	if f.fitsBy == nil {
		f.fitsBy = map[[16]uint16][]uint64{}
	}
	size := 1 << uint(w.k*w.k)
	mis := make([]uint8, size)
	t := make([]uint64, (size+63)/64)
	for S := 1; S < size; S++ {
		v := bits.TrailingZeros(uint(S))
		rest := S &^ (1 << uint(v))
		a, b := mis[rest], 1+mis[rest&^int(w.adj[v])]
		mis[S] = max(a, b)
		if int(mis[S]) >= w.m {
			t[S>>6] |= 1 << uint(S&63)
		}
	}
	if w.m == 0 {
		t[0] |= 1
	}
	w.fitsBy[key] = t
	f.fitsBy[key] = t
	w.fits = t
}

// cacheBits is the log2 of the entries of a worker's cache of König bounds.
const cacheBits = 12

type cacheEntry struct {
	free uint64
	gen  uint32
	ok   bool
}

// frameCount returns the number of placements with frame (R, C), or calls
// w.each with each of them, in order, until it returns false.
func (w *kworker) frameCount(R, C uint32) uint64 {
	w.setFrame(R, C)
	if !w.roomFor(w.all) {
		return 0
	}
	return w.queens(0, 0, 0, 0, w.all)
}

// queens places the queens of rows order[t:], given the columns taken, the
// diagonals of the queens placed (diag by c-r+pad, anti by r+c) and the
// knights' free squares.
func (w *kworker) queens(t int, used uint32, diag, anti uint64, free uint64) uint64 {
	if w.nodes++; w.nodes&(1<<12-1) == 0 && w.stop != nil && w.stop.Load() {
		w.stopped = true
	}
	if w.stopped {
		return 0
	}
	m := w.m
	if t == m {
		if w.each != nil {
			return w.eachKnights(free, 0, m)
		}
		return w.knights(free, m)
	}
	r := w.order[t]
	var total uint64
	for cand := w.f.full &^ w.C &^ (used | uint32(diag>>uint(pad-r)) | uint32(anti>>uint(r))); cand != 0; cand &= cand - 1 {
		c := bits.TrailingZeros32(cand)
		nf := free &^ w.kill(r, c)
		if !w.roomFor(nf) {
			continue
		}
		w.qcols[r] = c
		total += w.queens(t+1, used|1<<uint(c), diag|1<<uint(c-r+pad), anti|1<<uint(r+c), nf)
	}
	return total
}

// knights returns the number of sets of need non-attacking knights on free.
func (w *kworker) knights(free uint64, need int) uint64 {
	if need == 0 {
		return 1
	}
	pc := bits.OnesCount64(free)
	if pc < need {
		return 0
	}
	// Squares with no neighbour in free go in or not freely: split them off
	// and add up binomials.
	var lone uint64
	for f := free; f != 0; f &= f - 1 {
		v := bits.TrailingZeros64(f)
		if w.adj[v]&free == 0 {
			lone |= 1 << uint(v)
		}
	}
	if lone != 0 {
		rest := free &^ lone
		nl := bits.OnesCount64(lone)
		var total uint64
		for j := 0; j <= nl && j <= need; j++ {
			if sub := w.knights(rest, need-j); sub != 0 {
				total += combin.Binomial(nl, j) * sub
			}
		}
		return total
	}
	v := bits.TrailingZeros64(free)
	rest := free &^ (1 << uint(v))
	return w.knights(rest&^w.adj[v], need-1) + w.knights(rest, need)
}

// eachKnights calls w.each with every set of need non-attacking knights on
// free added to chosen, in lexicographic order of squares. It returns the
// number of calls, and stops (setting w.stopped) when w.each returns false.
func (w *kworker) eachKnights(free, chosen uint64, need int) uint64 {
	if w.stopped {
		return 0
	}
	if need == 0 {
		if !w.each(w, chosen) {
			w.stopped = true
		}
		return 1
	}
	if bits.OnesCount64(free) < need {
		return 0
	}
	v := bits.TrailingZeros64(free)
	rest := free &^ (1 << uint(v))
	total := w.eachKnights(rest&^w.adj[v], chosen|1<<uint(v), need-1)
	return total + w.eachKnights(rest, chosen, need)
}

// placement returns the placement of the current queens and the knights on
// the R×C squares of set.
func (w *kworker) placement(set uint64) Placement {
	pl := Placement{N: w.n}
	if w.m > 0 {
		pl.Queens = make([]Square, w.m)
		pl.Knights = make([]Square, 0, w.m)
	}
	for t := 0; t < w.m; t++ {
		r := w.qrows[t]
		pl.Queens[t] = Square{r, w.qcols[r]}
	}
	for ; set != 0; set &= set - 1 {
		sq := bits.TrailingZeros64(set)
		pl.Knights = append(pl.Knights, Square{w.krows[sq/w.k], w.kcols[sq%w.k]})
	}
	return pl
}

// leastFrames yields the columns C of the least frames (R, C) of their
// orbits, in increasing order, each with its stabiliser. It ends early, with
// w.stopped set, when the search is stopped, between frames or within one.
func (w *kworker) leastFrames(R uint32) iter.Seq2[uint32, uint8] {
	return func(yield func(C uint32, stab uint8) bool) {
		for _, C := range w.f.colSets {
			if w.stopped || (w.stop != nil && w.stop.Load()) {
				w.stopped = true
				return
			}
			ok, stab := w.f.canonical(R, C)
			if ok && !yield(C, stab) {
				return
			}
		}
	}
}

// subCount returns the count of subproblem i: the placements of the least
// frames of its row set, each weighed by the size of its orbit. A stopped
// search returns a count cut short.
func (w *kworker) subCount(i int) uint64 {
	R := w.f.subs[i]
	var total uint64
	for C, stab := range w.leastFrames(R) {
		if c := w.frameCount(R, C); c != 0 {
			total += c * uint64(8/bits.OnesCount8(stab))
		}
	}
	return total
}

// subUnique returns the placements up to symmetry whose least frame has
// row set i. A stopped search returns a count cut short.
func (w *kworker) subUnique(i int) uint64 {
	R := w.f.subs[i]
	var total uint64
	for C, stab := range w.leastFrames(R) {
		if stab == 1 {
			total += w.frameCount(R, C)
			continue
		}
		var group []Sym
		for j, g := range Syms {
			if stab>>uint(j)&1 == 1 {
				group = append(group, g)
			}
		}
		w.each = func(w *kworker, set uint64) bool {
			if isCanonical(w.placement(set), group) {
				total++
			}
			return true
		}
		w.frameCount(R, C)
		w.each = nil
	}
	return total
}

// subEach calls fn with every placement whose least frame has row set i,
// followed by its images in the other frames of the orbit, until fn returns
// false. It reports whether fn never did (and the search was not stopped).
func (w *kworker) subEach(i int, fn func(Placement) bool) bool {
	R := w.f.subs[i]
	for C := range w.leastFrames(R) {
		// One symmetry for each frame of the orbit: the first that makes it.
		var cosets []Sym
		ims := w.f.frameImages(R, C)
		for j, im := range ims {
			first := true
			for _, prev := range ims[:j] {
				first = first && prev != im
			}
			if first {
				cosets = append(cosets, Syms[j])
			}
		}
		w.each = func(w *kworker, set uint64) bool {
			pl := w.placement(set)
			for _, g := range cosets {
				img := pl
				if g != Identity {
					img = pl.Transform(g)
				}
				if !fn(img) {
					return false
				}
			}
			return true
		}
		w.frameCount(R, C)
		w.each = nil
	}
	return !w.stopped
}
