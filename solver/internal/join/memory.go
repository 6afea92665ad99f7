package join

import (
	"math"
	"slices"
	"sync"
	"sync/atomic"
)

// Memory in the quadrant join (see quadrant.go): the tables of a group of
// subproblems, made once, shared by the workers and let go, one group's at
// a time, in the memory of the last; in the bounded join enumerated afresh
// for each group.

// tableGroup is a run of subproblems that share their quarter tables.
//
// In the plain join a group is a configuration: its tables are read off the
// four quarter tables enumerated once, leaving out the entries on the middle
// queens' diagonals. In the bounded join (from minBoundedN on, where the
// quarter tables outgrow memory) there are no such tables: a group is a
// configuration and a number k of queens in NW (the west columns of S), which
// fixes how many queens each quarter holds, and its tables are enumerated
// afresh with those numbers only, about a quarter of the entries or less,
// and on the column sets that the subproblems a run counts read only (see
// readOnly).
// Subproblems are numbered group by group, so that the workers, and a shard's
// run of subproblems, make each group's tables once.
type tableGroup struct {
	cfg  int32
	need [4]int // the queens of NW, NE, SW and SE; -1 for any (the plain join)
	// reads holds, for NW, NE, SW and SE in the bounded join, the column
	// sets that the subproblems a run counts read (bit m of a bit set of
	// 2^h): their tables keep the entries on those only (see readOnly); nil
	// for all.
	reads [4][]uint64
}

// readOnly limits the tables of the bounded join to the entries that the
// subproblems todo (indices into qd.subs) read: a slice of solve --shard,
// or what a resumed count has left, makes its groups' tables on those
// column sets only. A group of N = 22 holds up to 462 column sets of NW
// and as many of NE; a slice of 1,600 reads a few hundred of NW's and SW's,
// and one or two of NE's and SE's.
func (qd *Join) readOnly(todo []int) {
	if !qd.bounded {
		return
	}
	h := uint(qd.h)
	full := uint32(1)<<h - 1
	words := (1<<h + 63) / 64
	for g := range qd.groups {
		qd.groups[g].reads = [4][]uint64{}
	}
	for _, i := range todo {
		sub := qd.subs[i]
		g := &qd.groups[sub.group]
		if g.reads[0] == nil {
			for q := range g.reads {
				g.reads[q] = make([]uint64, words)
			}
		}
		_, _, freeW, freeE := qd.frees(qd.cfgs[g.cfg].middle)
		cw, ce := sub.s&full, sub.s>>h
		for q, m := range [4]uint32{cw, ce, freeW ^ cw, freeE ^ ce} {
			g.reads[q][m/64] |= 1 << (m % 64)
		}
	}
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
func (qd *Join) shared(g int32, old *groupTables, stop *atomic.Bool) *groupTables {
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
func (qd *Join) leave(w *quadWork) {
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
func (qd *Join) makeTables(e *groupTables, stop *atomic.Bool) {
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
func (qd *Join) releaseIdle(all bool) {
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
func (qd *Join) tables(g tableGroup, spare *[4]keyed, stop *atomic.Bool) [4]keyed {
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
			if g.reads[i] != nil {
				sp.cols = columnsWithin(g.reads[i], qd.h)
			}
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
