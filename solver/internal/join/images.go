package join

import (
	"cmp"
	"slices"
)

// Images mode of the quadrant join: a board with a few reserved squares and
// few symmetries, counted with the 8 symmetries of the open board.
//
// Under a symmetry g a placement P avoids the reserved squares R exactly
// when P avoids the image {x : g(x) in R}. So a subproblem of the open
// board's plan, which stands for the placements g(P) of its orbit, can count
// instead, for each g it stands for, the pairs of half-boards of P that avoid
// the image of g: the open count of its pairs, less, for each image, the
// pairs with a queen on it. Those are few when R is small: the pairs whose
// north half-board hits the image (a short list matched against all the
// south ones), plus those whose south half-board does (matched against all
// the north ones), less those where both do. Each subproblem's count is then
// that of the placements of its orbit that avoid R: exact, and never below
// zero, so that checkpoints, shards and merges treat it as any other.
//
// Which g a subproblem stands for: on an odd board, the 8 symmetries for a
// pair of middle queens, and for the centre one symmetry mapping S to each
// set of its orbit. On an even board the long-diagonal weighting of the open
// plan (see evenPlan) counts, for a placement whose weighted long diagonals'
// queens all stand in the south half, also the placements its toggles make
// (h = the anti-transpose for a queen on the main diagonal, the transpose
// for one on the anti-diagonal, the half turn for both; so that each
// placement of the board is counted once); and the mirror left to right,
// when S is not its own mirror image, S's mirror set. The subproblem then
// stands for f∘h, f the identity or the mirror, h the identity or a toggle
// its south half-board allows.
//
// The squares whose whole orbit is reserved are left out of the quarters as
// in the plain join; images are told apart by the others only, and images
// that are the same set are counted once, with their multiplicity.

// imageSet says which squares of a board hit which images.
type imageSet struct {
	// hitOf gives, for square r*n+c, bit i for each image i (that of
	// Syms[i], see canon) it is in, the squares whose orbit is all reserved
	// excepted.
	hitOf []uint8
	// canon[i] is the least j whose image is the same set as image i's;
	// only those have bits.
	canon [8]uint8
}

// newImageSet returns the images of the n×n board with reserved squares
// rsv (a mask a row) and the reserved squares whose whole orbit under the 8
// symmetries is reserved, a mask a row.
func newImageSet(n int, rsv []uint64) (*imageSet, []uint64) {
	img := &imageSet{hitOf: make([]uint8, n*n)}
	var sets [8][]uint64
	sym := make([]uint64, n)
	for r := range sym {
		sym[r] = 1<<uint(n) - 1
	}
	for i, g := range Syms {
		sets[i] = make([]uint64, n)
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				if t := g.apply(square{r, c}, n); t.Row < len(rsv) && rsv[t.Row]>>uint(t.Col)&1 == 1 {
					sets[i][r] |= 1 << uint(c)
				}
			}
			sym[r] &= sets[i][r]
		}
	}
	for i := range sets {
		for j := 0; j <= i; j++ {
			if slices.Equal(sets[j], sets[i]) {
				img.canon[i] = uint8(j)
				break
			}
		}
		if img.canon[i] != uint8(i) {
			continue
		}
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				if (sets[i][r]&^sym[r])>>uint(c)&1 == 1 {
					img.hitOf[r*n+c] |= 1 << uint(i)
				}
			}
		}
	}
	return img, sym
}

// ImageSquares returns the number of reserved squares of the n×n board
// with reserved squares rsv (a mask a row) outside the orbits that are all
// reserved: what images mode pays for, and how solver chooses it.
func ImageSquares(n int, rsv []uint64) int {
	_, sym := newImageSet(n, rsv)
	k := 0
	for r, m := range rsv {
		for x := m &^ sym[r]; x != 0; x &= x - 1 {
			k++
		}
	}
	return k
}

// composed[f][h] is the symmetry that applies h, then f.
var composed = func() (t [8][8]Sym) {
	// (0, 1) of a 5×5 board has 8 distinct images.
	x := square{0, 1}
	for _, f := range Syms {
		for _, h := range Syms {
			want := f.apply(h.apply(x, 5), 5)
			for _, g := range Syms {
				if g.apply(x, 5) == want {
					t[f][h] = g
				}
			}
		}
	}
	return t
}()

// evenToggles are the toggles of the long-diagonal weighting with the south
// half-board's weight bits (bit 0 the main diagonal, bit 1 the
// anti-diagonal) each needs.
var evenToggles = []struct {
	h   Sym
	dom uint8
}{{Identity, 0}, {AntiTrans, 1}, {Transpose, 2}, {Rot180, 3}}

// imageTerm is one image a subproblem counts: its pairs with a south
// half-board whose weight bits include dom avoid image img, counted mult
// times.
type imageTerm struct {
	img, dom uint8
	mult     uint32
}

// terms appends the images subproblem sub of configuration c counts (see
// above), in order of image.
func (qd *Join) terms(out []imageTerm, sub quadSub, c *quadCfg) []imageTerm {
	add := func(g Sym, dom uint8) {
		j := qd.img.canon[g]
		for i := range out {
			if out[i].img == j && out[i].dom == dom {
				out[i].mult++
				return
			}
		}
		out = append(out, imageTerm{img: j, dom: dom, mult: 1})
	}
	switch {
	case qd.n%2 == 0:
		fs := []Sym{Identity}
		if qd.sImage(FlipH, sub.s) != sub.s {
			fs = append(fs, FlipH)
		}
		for _, f := range fs {
			for _, t := range evenToggles {
				add(composed[f][t.h], t.dom)
			}
		}
	case len(c.mid) == 1:
		var seen []uint32
		for _, g := range []Sym{Identity, FlipH, FlipV, Rot180} {
			if t := qd.sImage(g, sub.s); !slices.Contains(seen, t) {
				seen = append(seen, t)
				add(g, 0)
			}
		}
	default:
		for _, g := range Syms {
			add(g, 0)
		}
	}
	slices.SortFunc(out, func(x, y imageTerm) int { return cmp.Or(cmp.Compare(x.img, y.img), cmp.Compare(x.dom, y.dom)) })
	return out
}

// imageWork is a worker's scratch space for images mode.
type imageWork struct {
	// Of the subproblem whose north keys it holds (see subproblem):
	north []uint64    // the north keys, hit bits cleared
	nHit  [8][]uint64 // per image of terms, the north keys that hit it, hit bits cleared
	terms []imageTerm // the terms it counts, but those of dead images
	mults []uint32    // the multiplicities of terms, each once
	dead  uint64      // how many times it counts an image its middle queens hit
	// With room in the key (live+8 bits at most maxKeyBits, n ≤ 19), hits
	// is a table of the north keys with the images each hits in bits live..
	// live+7, and withHits is set.
	hits     sliced
	withHits bool

	// Of the part being counted, its south keys sorted by cut, those of
	// cut v at at[v]:at[v+1] of sorted, south and dom:
	sorted []uint64 // the south keys
	at     [17]int
	south  []uint64 // the south keys, hit bits cleared
	dom    []uint64 // on an even board, the south keys for A (see countImages)
	multi  []uint64 // the south keys for B, or C, of some terms (see hitting)

	part   []uint64   // north keys for A
	sl     sliced     // a table of north keys that hit images
	splitA splitMatch // A's north keys, by buckets where the lists are long
}

// subproblem keeps in iw what the parts of subproblem sub of configuration
// c share in images mode: its terms, and its north keys (north, of live
// bits) in iw.north, by image in iw.nHit, and marked in iw.hits when keys
// of live+8 bits fit in room.
func (qd *Join) subproblem(iw *imageWork, sub quadSub, c *quadCfg, north []uint64, live, room uint) {
	all := qd.terms(iw.terms[:0], sub, c)
	iw.terms, iw.mults, iw.dead = all[:0], iw.mults[:0], 0
	for _, t := range all {
		if c.dead>>t.img&1 == 1 {
			// The middle queens hit the image: none of the pairs avoid it.
			// Only an odd board has middle queens, and its keys no weights,
			// so its pairs are open.
			iw.dead += uint64(t.mult)
			continue
		}
		iw.terms = append(iw.terms, t)
		if !slices.Contains(iw.mults, t.mult) {
			iw.mults = append(iw.mults, t.mult)
		}
	}
	iw.north = slices.Grow(iw.north[:0], len(north))[:len(north)]
	for i, k := range north {
		iw.north[i] = k & keyBits
	}
	var split uint8 // the images whose keys are in nHit
	for _, t := range iw.terms {
		if split>>t.img&1 == 0 {
			split |= 1 << t.img
			iw.nHit[t.img] = keepIf(qd.conf.Kernel, iw.nHit[t.img][:0], north, 1<<(hitShift+uint(t.img)), keyBits, 0)
		}
	}
	iw.withHits = live+8 <= room
	if iw.withHits {
		iw.part = iw.part[:0]
		for _, k := range north {
			iw.part = append(iw.part, k&keyBits|(k>>hitShift&0xff)<<live)
		}
		iw.hits.build(iw.part, live+8, &qd.conf)
	}
}

// splitSouth sorts a part's south keys by cut into iw.sorted, and fills
// iw.south and, on an even board, iw.dom (with the lack bits of
// countImages) in the same order.
func (iw *imageWork) splitSouth(south []uint64, live uint, even bool) {
	iw.sorted, iw.at = sortByCut(south, iw.sorted)
	n := len(iw.sorted)
	iw.south = slices.Grow(iw.south[:0], n)[:n]
	for i, k := range iw.sorted {
		iw.south[i] = k & keyBits
	}
	if !even {
		return
	}
	iw.dom = slices.Grow(iw.dom[:0], n)[:n]
	for i, k := range iw.sorted {
		// lackD and lackA where bits 62 and 63 are clear.
		iw.dom[i] = k&keyBits&^(longDiagBit|longAntiBit) | (^k>>62)<<live
	}
}

// hitting appends to out, cut by cut, the part's south keys (iw.sorted) that
// hit the image of a term of ts with multiplicity m in its domain, hit and
// weight bits cleared, and, with iw.withHits, marked with the bit live + the
// term's image; and returns where each cut's keys start, as sortByCut. kern
// is keepIf's kernel.
func (iw *imageWork) hitting(kern Kernel, out []uint64, ts []imageTerm, m uint32, live uint) ([]uint64, [17]int) {
	var at [17]int
	for v := 0; v < 16; v++ {
		at[v] = len(out)
		keys := iw.sorted[iw.at[v]:iw.at[v+1]]
		for _, t := range ts {
			if t.mult != m {
				continue
			}
			var mark uint64
			if iw.withHits {
				mark = 1 << (live + uint(t.img))
			}
			test := 1<<(hitShift+uint(t.img)) | uint64(t.dom)<<62
			out = keepIf(kern, out, keys, test, keyBits&^(longDiagBit|longAntiBit), mark)
		}
	}
	at[16] = len(out)
	return out, at
}

// keepIf appends to out k&keep | or for each key k of keys with every bit
// of test; with the AVX-512 kernels (kern) eight keys at a time
// (keepIfAVX512), with the AVX2 ones four (keepIfAVX2).
// It has no branch on a key: a key hits the images of 0 to 5 terms,
// unpredictably. So a key is written whether it is kept or not, and the
// length grows by one where it is.
func keepIf(kern Kernel, out, keys []uint64, test, keep, or uint64) []uint64 {
	n := len(out)
	if kern == AVX512 {
		// Its stores are of eight keys: room for them past the last kept.
		out = slices.Grow(out, len(keys)+8)[:n+len(keys)+8]
		return out[:n+keepIfAVX512(&out[n], keys, test, keep, or)]
	}
	if kern == AVX2 {
		// Its stores are of four keys.
		out = slices.Grow(out, len(keys)+4)[:n+len(keys)+4]
		return out[:n+keepIfAVX2(&out[n], keys, test, keep, or)]
	}
	out = slices.Grow(out, len(keys))[:n+len(keys)]
	for _, k := range keys {
		out[n] = k&keep | or
		n += b2i(k&test == test)
	}
	return out[:n]
}

// b2i returns 1 for true and 0 for false, with no branch.
func b2i(b bool) int {
	var i int
	if b {
		i = 1
	}
	return i
}

// countImages returns the number of placements subproblem sub stands for
// that avoid the reserved squares, given its south keys; its north keys,
// and what else its parts share, are kept in w.img (see subproblem), and
// built into w.sl.
//
// Its open count less, for each term, the pairs with a queen on its image:
// those whose north half-board hits it (A), plus those whose south one does
// (B), less those where both do (C). The A of the terms of one multiplicity
// are counted at once, from a table of all their north keys; their B less
// C likewise, from a list of all their south keys, each marked with its
// term's image, against the table of all north keys marked with the images
// they hit (w.hits); without room for the marks, B and C on their own. Sums
// wrap around in between; the result is exact.
func (qd *Join) countImages(sub quadSub, c *quadCfg, w *quadWork, south []uint64) uint64 {
	iw := &w.img
	live := uint(c.live)
	even := qd.n%2 == 0
	iw.splitSouth(south, live, even)
	// allNorth counts the pairs of every north key and a key of keys, those
	// of cut v at at[v]:at[v+1], of width bits: on an even board by buckets
	// where both lists are long, as the open board's (iw.sl their scratch),
	// else against w.sl. A's lists likewise. With buckets a slice of n = 22
	// with 5 reserved squares (300 of 400, one core) took 31 s against 55
	// (A's keys, of 42 bits, no longer need the wide table), n = 18 and 20
	// the same within the noise; on odd boards n = 17 and 21 took a fifth
	// longer, so they keep the table alone.
	allNorth := func(keys []uint64, at [17]int, width uint) uint64 {
		if !even || !qd.conf.useSplit(len(iw.north), len(keys)) {
			return w.sl.countSorted(keys, at, w.stop)
		}
		if !w.bucketed {
			w.split.bucket(iw.north)
			w.bucketed = true
		}
		return w.split.count(keys, width, &iw.sl, &qd.conf, w.stop)
	}
	open := allNorth(iw.south, iw.at, live)
	total := (uint64(sub.weight) - iw.dead) * open
	// A's south keys: all of them, with the weight bits turned into the
	// bits live and live+1 set when the south half-board has no queen on
	// the main (anti-) diagonal; a north key of a term that needs it sets
	// the same bit, so that it only pairs with the south half-boards of its
	// domain. An even board's keys have at most 40 live bits (42 in the
	// window of n = 22, less the two weighted diagonals), so that these
	// keys have at most 42 (see qd.matchWidth); above maxKeyBits they part
	// the table (see sliced.buildWide). An odd board's keys have no weights:
	// its terms need no domain.
	lackD, lackA := uint64(1)<<live, uint64(1)<<(live+1)
	width, dom := live, iw.south
	if even {
		width, dom = live+2, iw.dom
	}
	for _, m := range iw.mults {
		iw.part = iw.part[:0] // A's north keys
		for _, t := range iw.terms {
			if t.mult != m {
				continue
			}
			var need uint64
			if t.dom&1 != 0 {
				need |= lackD
			}
			if t.dom&2 != 0 {
				need |= lackA
			}
			for _, k := range iw.nHit[t.img] {
				iw.part = append(iw.part, k|need)
			}
		}
		switch {
		case len(iw.part) == 0:
		case even && qd.conf.useSplit(len(iw.part), len(dom)):
			iw.splitA.bucket(iw.part)
			total -= uint64(m) * iw.splitA.count(dom, width, &iw.sl, &qd.conf, w.stop)
		default:
			iw.sl.build(iw.part, width, &qd.conf)
			total -= uint64(m) * iw.sl.countSorted(dom, iw.at, w.stop)
		}
		var at [17]int // B's south keys
		iw.multi, at = iw.hitting(qd.conf.Kernel, iw.multi[:0], iw.terms, m, live)
		if iw.withHits {
			total -= uint64(m) * iw.hits.countSorted(iw.multi, at, w.stop)
		} else {
			total -= uint64(m) * allNorth(iw.multi, at, live)
		}
	}
	if iw.withHits {
		return total
	}
	for i, t := range iw.terms {
		if len(iw.nHit[t.img]) == 0 {
			continue
		}
		var at [17]int // C's south keys
		iw.multi, at = iw.hitting(qd.conf.Kernel, iw.multi[:0], iw.terms[i:i+1], t.mult, live)
		if len(iw.multi) == 0 {
			continue
		}
		iw.sl.build(iw.nHit[t.img], live, &qd.conf)
		total += uint64(t.mult) * iw.sl.countSorted(iw.multi, at, w.stop)
	}
	return total
}
