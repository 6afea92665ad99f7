package join

import (
	"math/bits"
	"slices"
	"sync/atomic"
)

// Counting in the quadrant join (see quadrant.go): a worker's subproblems,
// each the north half-boards joined from NW and NE, the south ones from SW
// and SE, and the pairs of the two with disjoint diagonals counted by the
// matcher (match.go, split.go, images.go).

// listRowSets fills qd.rowSets: for the h rows of a half-board (i = 0) and
// for those rows but row i-1 (taken by a middle queen), the subsets of each
// size.
func (qd *Join) listRowSets() {
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
func (qd *Join) rowSetsOf(free uint32, k int) []uint32 {
	i := 0
	if taken := (uint32(1)<<uint(qd.h) - 1) &^ free; taken != 0 {
		i = 1 + bits.TrailingZeros32(taken)
	}
	return qd.rowSets[i][k]
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

// count returns the weighted number of placements of subproblem sub.
func (qd *Join) count(sub quadSub, w *quadWork) uint64 {
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
			qd.subproblem(&w.img, sub, c, w.north, uint(c.live), qd.conf.KeyRoom)
			w.sl.build(w.img.north, uint(c.live), &qd.conf)
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
	if statsOn {
		statsList(qd.conf.useSplit(len(w.north), len(all)), len(w.north), len(all))
	}
	if qd.conf.useSplit(len(w.north), len(all)) {
		if !w.bucketed {
			w.split.bucket(w.north)
			w.bucketed = true
		}
		w.slNorth = false // split makes its tables in sl
		return uint64(sub.weight) * w.split.count(all, uint(c.live), &w.sl, &qd.conf, w.stop)
	}
	if !w.slNorth {
		w.sl.build(w.north, uint(c.live), &qd.conf)
		w.slNorth = true
	}
	return uint64(sub.weight) * w.sl.count(all, &w.buf, w.stop)
}

// join appends the keys of the half-boards made of a west quarter with k
// queens on columns cw and rows among free, and an east quarter on the other
// free rows with columns ce, where of the rows in part those in west are
// exactly inWest.
func (qd *Join) join(out []uint64, west, east *keyed, free uint32, k int, cw, ce, part, inWest uint32) []uint64 {
	h := uint(qd.h)
	for _, r := range qd.rowSetsOf(free, k) {
		if r&part != inWest {
			continue
		}
		kw, ke := cw<<h|r, ce<<h|(free^r)
		ws := west.key[west.off[kw]:west.off[kw+1]]
		es := east.key[east.off[ke]:east.off[ke+1]]
		if len(es) > 0 {
			out = joinKeys(qd.conf.Kernel, out, ws, es)
		}
	}
	return out
}

// minJoinAVX2 is the shortest es that joinKeysAVX2 joins. Each key of ws
// costs it a set-up and a mask for the last keys of es, and on shorter
// lists the loop is faster: on odd boards most lists are short, and N = 17
// took 3.5 s with the kernel on every list, 2.0 s with the loop alone and
// with this bound, one core, five runs each; N = 18 5.2 s with the loop
// alone, 4.7 s with this bound (8: 4.8 s; 32: 5.3 s).
const minJoinAVX2 = 16

// joinKeys appends x|y for each x of ws and y of es with no key bit in
// common (hit bits may be shared), in the order of ws, then es; with the
// AVX-512 kernels (k) eight y at a time (joinKeysAVX512), with the AVX2
// ones four (joinKeysAVX2).
func joinKeys(k Kernel, out []uint64, ws, es []uint64) []uint64 {
	n, most := len(out), len(ws)*len(es)
	if k == AVX512 {
		// Its stores are of eight keys: room for them past the last kept.
		out = slices.Grow(out, most+8)[:n+most+8]
		return out[:n+joinKeysAVX512(&out[n], ws, es)]
	}
	if k == AVX2 && len(es) >= minJoinAVX2 {
		// Its stores are of four keys.
		out = slices.Grow(out, most+4)[:n+most+4]
		return out[:n+joinKeysAVX2(&out[n], ws, es)]
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
