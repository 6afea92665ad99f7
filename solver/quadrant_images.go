package solver

import (
	"cmp"
	"math/bits"
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

// newImageSet returns the images of p's board and the reserved squares
// whose whole orbit under the 8 symmetries is reserved, a mask a row.
func newImageSet(p Problem) (*imageSet, []uint64) {
	n := p.N
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
				if t := g.Apply(Square{r, c}, n); p.IsReserved(t.Row, t.Col) {
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

// imageSquares returns the number of reserved squares of p outside the orbits
// that are all reserved: what images mode pays for.
func imageSquares(p Problem) int {
	_, sym := newImageSet(p)
	k := 0
	for r, m := range p.Reserved {
		for x := m &^ sym[r]; x != 0; x &= x - 1 {
			k++
		}
	}
	return k
}

// composed[f][h] is the symmetry that applies h, then f.
var composed = func() (t [8][8]Sym) {
	// (0, 1) of a 5×5 board has 8 distinct images.
	x := Square{0, 1}
	for _, f := range Syms {
		for _, h := range Syms {
			want := f.Apply(h.Apply(x, 5), 5)
			for _, g := range Syms {
				if g.Apply(x, 5) == want {
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
func (qd *quadrants) terms(out []imageTerm, sub quadSub, c *quadCfg) []imageTerm {
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
	north []uint64    // the north keys, hit bits cleared
	nHit  [8][]uint64 // per image, the north keys that hit it, hit bits cleared
	south []uint64    // the south keys, hit bits cleared
	sHit  [8][]uint64 // per image, the south keys that hit it, hit bits cleared
	dom   []uint64    // south keys for A and C (see countImages)
	multi []uint64    // south keys for B
	part  []uint64    // north keys for A
	terms []imageTerm
	sl    sliced // a table of north keys that hit images
	// With room in the key (live+8 bits at most maxKeyBits, n ≤ 19), hits
	// is a table of the north keys with the images each hits in bits live..
	// live+7, and withHits is set.
	hits     sliced
	withHits bool
}

// maxKeyBits is the widest key the matcher takes (see sliced.build).
const maxKeyBits = 40

// split sorts the north keys of a subproblem with live bits into w.north
// and w.nHit, and makes w.hits when keys of live+8 bits fit in room.
func (w *imageWork) split(north []uint64, live, room uint) {
	w.north = splitHits(w.north[:0], &w.nHit, north)
	w.withHits = live+8 <= room
	if !w.withHits {
		return
	}
	w.part = w.part[:0]
	for _, k := range north {
		w.part = append(w.part, k&keyBits|(k>>hitShift&0xff)<<live)
	}
	w.hits.build(w.part, live+8)
}

// splitHits appends keys, hit bits cleared, to out, and each key that hits
// image i to hit[i] (emptied first).
func splitHits(out []uint64, hit *[8][]uint64, keys []uint64) []uint64 {
	for i := range hit {
		hit[i] = hit[i][:0]
	}
	for _, k := range keys {
		plain := k & keyBits
		out = append(out, plain)
		for h := k >> hitShift & 0xff; h != 0; h &= h - 1 {
			i := bits.TrailingZeros64(h)
			hit[i] = append(hit[i], plain)
		}
	}
	return out
}

// inDomain appends the keys of keys whose weight bits include dom, weight
// bits cleared, to out.
func inDomain(out, keys []uint64, dom uint8) []uint64 {
	want := uint64(dom) << 62
	for _, k := range keys {
		if k&want == want {
			out = append(out, k&^(longDiagBit|longAntiBit))
		}
	}
	return out
}

// countImages returns the number of placements subproblem sub of
// configuration c stands for that avoid the reserved squares, given its
// north keys, split into w.img and built into w.sl, and its south keys.
//
// Its open count less, for each term, the pairs with a queen on its image:
// those whose north half-board hits it (A), plus those whose south one does
// (B), less those where both do (C). The A of the terms of one multiplicity
// are counted at once, from a table of all their north keys; their B less
// C likewise, from a list of all their south keys, each marked with its
// term's image, against the table of all north keys marked with the images
// they hit (w.hits); without room for the marks, B and C on their own. Sums wrap around in
// between; the result is exact.
func (qd *quadrants) countImages(sub quadSub, c *quadCfg, w *quadWork, south []uint64) uint64 {
	iw := &w.img
	iw.south = splitHits(iw.south[:0], &iw.sHit, south)
	open := w.sl.count(iw.south, &w.buf, w.stop)
	total := uint64(sub.weight) * open
	iw.terms = qd.terms(iw.terms[:0], sub, c)
	var mults []uint32
	for i, t := range iw.terms {
		if c.dead>>t.img&1 == 1 {
			// The middle queens hit the image: none of the pairs avoid it.
			// Only an odd board has middle queens, and its keys no weights,
			// so its pairs are open.
			total -= uint64(t.mult) * open
			iw.terms[i].mult = 0
		} else if !slices.Contains(mults, t.mult) {
			mults = append(mults, t.mult)
		}
	}
	// A's south keys: all of them, with the weight bits turned into the
	// bits live and live+1 set when the south half-board has no queen on
	// the main (anti-) diagonal; a north key of a term that needs it sets
	// the same bit, so that it only pairs with the south half-boards of its
	// domain. At most 36 bits are live on an even board (38 in the window
	// of n = 20, less the two weighted diagonals), so there is room.
	live := uint(c.live)
	lackD, lackA := uint64(1)<<live, uint64(1)<<(live+1)
	width := live
	if qd.n%2 == 0 {
		width += 2
	}
	iw.dom = iw.dom[:0]
	if len(mults) > 0 {
		for _, k := range south {
			x := k & keyBits &^ (longDiagBit | longAntiBit)
			if k&longDiagBit == 0 {
				x |= lackD
			}
			if k&longAntiBit == 0 {
				x |= lackA
			}
			iw.dom = append(iw.dom, x)
		}
	}
	for _, m := range mults {
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
		if len(iw.part) > 0 {
			iw.sl.build(iw.part, width)
			total -= uint64(m) * iw.sl.count(iw.dom, &w.buf, w.stop)
		}
		iw.multi = iw.multi[:0] // B's south keys
		for _, t := range iw.terms {
			if t.mult != m {
				continue
			}
			at := len(iw.multi)
			iw.multi = inDomain(iw.multi, iw.sHit[t.img], t.dom)
			if iw.withHits {
				for i := at; i < len(iw.multi); i++ {
					iw.multi[i] |= 1 << (live + uint(t.img))
				}
			}
		}
		if len(iw.multi) == 0 {
			continue
		}
		if iw.withHits {
			total -= uint64(m) * iw.hits.count(iw.multi, &w.buf, w.stop)
		} else {
			total -= uint64(m) * w.sl.count(iw.multi, &w.buf, w.stop)
		}
	}
	if iw.withHits {
		return total
	}
	for _, t := range iw.terms {
		if t.mult == 0 || len(iw.nHit[t.img]) == 0 || len(iw.sHit[t.img]) == 0 {
			continue
		}
		iw.dom = inDomain(iw.dom[:0], iw.sHit[t.img], t.dom)
		if len(iw.dom) == 0 {
			continue
		}
		iw.sl.build(iw.nHit[t.img], uint(c.live))
		total += uint64(t.mult) * iw.sl.count(iw.dom, &w.buf, w.stop)
	}
	return total
}
