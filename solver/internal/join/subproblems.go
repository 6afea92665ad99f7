package join

import (
	"fmt"
	"math/bits"
	"slices"
	"sync/atomic"
)

// The subproblems of the quadrant join (see quadrant.go): one numbered
// subproblem for each middle placement and set S, or a few where the south
// half-boards are parted, listed in an order fixed by the board and the
// group alone, group of tables by group.

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

// subproblems lists the configurations and subproblems in their fixed order;
// it stops early, leaving the list short, once stop is set. The list is
// made at its size, counted first: grown by copies, N = 23's 19.6 million
// subproblems (235 MB) took a heap of 840 MB. It returns an error, before
// any table is made, when a configuration's keys are wider than the
// matcher takes.
func (qd *Join) subproblems(stop *atomic.Bool) error {
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
func (qd *Join) addGroups(c *quadCfg, subs []quadSub) {
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

// part cuts each subproblem into 2^partBits, enough for minSubproblems.
func (qd *Join) part() {
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
