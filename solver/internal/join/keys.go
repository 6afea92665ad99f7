package join

import "slices"

// The keys of the quadrant join's half-boards (see quadrant.go): the window
// of diagonals both halves reach, and its layout for each configuration of
// the middle queens (the cut bits first, the weighted long diagonals and the
// images hit out of the matcher's sight).

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
func (qd *Join) layout(c *quadCfg) {
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
func (qd *Join) matchWidth(c *quadCfg) uint {
	w := uint(c.live)
	if qd.img == nil {
		return w
	}
	if qd.n%2 == 0 {
		w = uint(c.live) + 2
	}
	if uint(c.live)+8 <= qd.conf.KeyRoom {
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

// window sets the key window, dlo, alo and width: n-1 diagonals and as many
// anti-diagonals on an even board, n-2 on an odd one.
func (qd *Join) window() {
	n, h := qd.n, qd.h
	core := coreLines(n)
	// North diagonals r-c+n-1 reach up to core[h-1]+n-1 (the last north
	// row), south ones start at core[h] (the first south row); anti-
	// diagonals r+c likewise.
	qd.dlo, qd.alo = uint(core[h]), uint(core[h])
	qd.width = uint(core[h-1]+n-1) - qd.dlo + 1
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
func (qd *Join) key(d, a uint64) uint64 {
	m := uint64(1)<<qd.width - 1
	return (d>>qd.dlo)&m | (a>>qd.alo&m)<<qd.width
}
