package join

import (
	"fmt"
	"sync/atomic"
)

// sliced counts the pairs of a north key and a south key with no bit in
// common, 64 north keys at a time. The north keys are stored bit-sliced in
// blocks of 64: for each 4-bit chunk of the key and each of its 16 values v,
// one word whose bit i says that key i of the block has none of the bits of
// v. The north keys compatible with a south key are then, block by block,
// the AND of one word per chunk, and their number its population count.
//
// The low cutBits bits of a key are its cut: the north keys are sorted by
// it, and a south key with cut c is matched only against the blocks holding
// a key whose cut has no bit in common with c. The cut bits are the most
// often taken ones (see Join.layout), so most blocks are skipped.
//
// For matchAVX2 and matchAVX512 (see Config.Kernel) the blocks go by four or
// eight in groups, interleaved: the words of a group's blocks for one chunk
// and value lie together, so that one 256-bit or 512-bit AND covers a group.
// Groups are skipped as blocks are, and where no key of a group has a cut
// bit in common with c, the cut chunk need not be matched at all. The Go
// kernels read blocks laid out one after the other (see countGo): groups of
// one block.
//
// A south key's bits 62 and 63 are its weight: each pair it makes counts 2
// to the number of them set (the long diagonals of an even board, see
// quadCfg). North keys have neither.
//
// Keys wider than the kernels take (maxKeyBits, up to maxWideBits) are
// matched by the tables of their parts (see buildWide).
type sliced struct {
	nc   int      // 4-bit chunks per block: 7, 8, 9 or 10
	tab  []uint64 // groups × nc × 16 values × the kernel's lanes (blocks a group)
	kern Kernel   // the kernel tab is laid out for (see Config.Kernel)
	// present[u], bit v: a key with cut v is in group u.
	present []uint16
	// For matchAVX2 and matchAVX512, a south key with cut c is matched
	// against the groups at list[span[c].f0:span[c].f1], without the cut
	// chunk, and at list[span[c].f1:span[c].p1], with it. An entry is the
	// byte offset of its group in tab.
	list  []uint32
	span  [16]span
	fits  bool     // the whole table is matched at once (see fitsBytes)
	north []uint64 // scratch: the north keys sorted by cut
	// For keys wider than the configuration's WideBits (see buildWide):
	// over is how many bits they have above wideBits (0 for narrower keys),
	// and part[o] the table of the north keys whose bits there are o; tab is
	// then empty.
	over, wideBits uint
	part           []sliced
	wide           []uint64 // scratch: the keys of one part
}

// maxKeyBits is the widest key the kernels match: ten 4-bit chunks, whose
// offsets take ten of the kernels' registers (see kernels_amd64.h).
const maxKeyBits = 40

// maxWideBits is the widest key sliced matches, the bits above maxKeyBits
// parting the north keys (see buildWide). The widest the quadrant join
// makes are 42 bits, at n = 22: its whole window (21 diagonals and 21
// anti-diagonals) where the board's symmetries weigh neither long diagonal,
// and, in images mode, its 40 live bits and the two bits of a south
// half-board's lack of a queen on each long diagonal (see countImages).
const maxWideBits = maxKeyBits + maxOverBits

// maxOverBits is how many bits of a key may lie above wideBits: 2^maxOverBits
// parts of the table at most.
const maxOverBits = 2

// span is where a cut's units are in sliced.list; see there.
type span struct{ f0, f1, p1, _ uint32 }

// cutBits is the width of the cut: the first chunk.
const cutBits = 4

// tileBytes is how much of the table is matched against every south key
// before the next part, so that it stays in the caches nearest the core. On
// the machine this was tuned on (32 KiB of first-level cache) 64 KiB beat 24
// (a tile holds only the units of one cut, of which a key reads fewer than
// all the chunks), the more so the larger the board: by 14% at N = 20.
const tileBytes = 64 << 10

// fitsBytes is the largest table matched whole, each south key against all
// its units at once, unsorted; larger ones are matched a tile at a time,
// the south keys sorted by cut. Sorting pays from small tables on: with
// tileBytes here (64 KiB) the count of N = 18 took 3.5 s on one core, with
// 8 KiB 2.7 s (N = 16: 0.131 s and 0.120 s; N = 20 the same within the
// noise, its tables being larger).
const fitsBytes = 8 << 10

// tileBlocks is how many blocks countGo matches against every south key
// before the next ones: their tables stay in the first-level cache.
const tileBlocks = 24

// minAVX512Chunks is the fewest chunks matchAVX512 matches; narrower
// tables are laid out for matchAVX2. With 7 chunks (N = 17) it was 4%
// slower than matchAVX2, with 8 (N = 18) 15% faster (the whole count, one
// core).
const minAVX512Chunks = 8

// maxTileGroups bounds the groups matchAVX2 matches a key against in one
// call: it adds their population counts bytewise, at most 8 per group, and a
// byte holds 255. (matchAVX512 adds them in 64-bit lanes.)
const maxTileGroups = 31

// compatCuts[v] has bit u set when cuts u and v have no bit in common.
var compatCuts = func() (c [16]uint16) {
	for v := range c {
		for u := 0; u < 16; u++ {
			if u&v == 0 {
				c[v] |= 1 << uint(u)
			}
		}
	}
	return c
}()

// sortByCut returns keys ordered by cut, in buf, and where each cut's keys
// start (at[16] is the end). It is a counting sort that follows four
// quarters of the keys at once, each with its own counts and places: with
// one, each key's place waits for the one before it through memory, and the
// sort took three times as long.
func sortByCut(keys, buf []uint64) ([]uint64, [17]int) {
	if cap(buf) < len(keys) {
		buf = make([]uint64, len(keys), len(keys)+len(keys)/4)
	}
	buf = buf[:len(keys)]
	q := len(keys) / 4
	p0, p1, p2, p3 := keys[:q], keys[q:2*q], keys[2*q:3*q], keys[3*q:]
	var n [4][16]int
	for i, k := range p0 {
		n[0][k&15]++
		n[1][p1[i]&15]++
		n[2][p2[i]&15]++
		n[3][p3[i]&15]++
	}
	for _, k := range p3[q:] {
		n[3][k&15]++
	}
	var at [17]int
	var f0, f1, f2, f3 [16]int // where each quarter's next key of each cut goes
	for c := 0; c < 16; c++ {
		f0[c] = at[c]
		f1[c] = f0[c] + n[0][c]
		f2[c] = f1[c] + n[1][c]
		f3[c] = f2[c] + n[2][c]
		at[c+1] = f3[c] + n[3][c]
	}
	p1, p2 = p1[:q], p2[:q]
	for i, k := range p0 {
		c := k & 15
		buf[f0[c]] = k
		f0[c]++
		k = p1[i]
		c = k & 15
		buf[f1[c]] = k
		f1[c]++
		k = p2[i]
		c = k & 15
		buf[f2[c]] = k
		f2[c]++
		k = p3[i]
		c = k & 15
		buf[f3[c]] = k
		f3[c]++
	}
	for _, k := range p3[q:] {
		c := k & 15
		buf[f3[c]] = k
		f3[c]++
	}
	return buf, at
}

// build stores keys, which use no bit at or above width (at most
// maxWideBits), for conf's kernel and wide bits.
func (sl *sliced) build(keys []uint64, width uint, conf *Config) {
	keys, at := sortByCut(keys, sl.north)
	sl.north = keys
	sl.buildSorted(keys, at, width, conf)
}

// buildSorted is build for keys already sorted by cut, those of cut v at
// at[v]:at[v+1]; it keeps no reference to keys.
func (sl *sliced) buildSorted(keys []uint64, at [17]int, width uint, conf *Config) {
	if width > conf.WideBits {
		sl.buildWide(keys, at, width, conf)
		return
	}
	sl.over = 0
	sl.nc = max(7, int(width+3)/4)
	sl.kern = conf.Kernel
	if sl.kern == AVX512 && sl.nc < minAVX512Chunks {
		sl.kern = AVX2
	}
	lanes := sl.kern.lanes()
	blocks := (len(keys) + 63) / 64
	groups := (blocks + lanes - 1) / lanes
	size := lanes * groups * sl.nc * 16
	if cap(sl.tab) < size {
		sl.tab = make([]uint64, size+size/4)
	}
	sl.tab = sl.tab[:size]
	if sl.kern == AVX512 {
		sl.buildGroups8(keys, blocks, groups)
	} else {
		var z [40]uint64
		for b := 0; b < blocks; b++ {
			valid := sl.planes(keys, b, &z)
			sl.setChunks(b, valid, &z)
		}
		// The empty blocks of the last group: no key, every word 0.
		for b := blocks; b < lanes*groups; b++ {
			sl.setChunks(b, 0, &z)
		}
	}
	sl.lists(at, groups)
	if statsOn {
		statsBuild(sl, len(keys))
	}
}

// buildWide is buildSorted for keys of more than conf.WideBits
// (maxKeyBits) bits: it parts them by their bits above those, o, and keeps
// each part, its keys cut to WideBits bits and still sorted by cut, as the
// table part[o]. A south
// key is then matched against the parts whose o it has no bit of (see
// countWide). The quadrant join lays out its keys so that few north keys
// have those bits (see Join.layout): almost all are in part[0].
//
// The kernels stay at maxKeyBits: an eleventh chunk would need a register
// they do not have.
func (sl *sliced) buildWide(keys []uint64, at [17]int, width uint, conf *Config) {
	wideBits := conf.WideBits
	if width > wideBits+maxOverBits {
		// The quadrant join refuses such keys when it lays them out (see
		// Join.subproblems).
		panic(fmt.Sprintf("join: sliced keys of %d bits, at most %d", width, wideBits+maxOverBits))
	}
	sl.over, sl.wideBits = width-wideBits, wideBits
	sl.tab = sl.tab[:0]
	parts := 1 << sl.over
	if len(sl.part) < parts {
		sl.part = append(sl.part, make([]sliced, parts-len(sl.part))...)
	}
	mask := uint64(parts - 1)
	for o := range parts {
		var pat [17]int
		sl.wide, pat = keepHigh(sl.wide[:0], keys, at, wideBits, mask, uint64(o), 1<<wideBits-1)
		sl.part[o].buildSorted(sl.wide, pat, wideBits, conf)
	}
}

// keepHigh appends to out each key k of keys (sorted by cut, those of cut v
// at at[v]:at[v+1]) whose bits above wideBits, under mask, are want, as
// k&keep; and returns out and where each cut's keys start in it, as
// sortByCut.
func keepHigh(out, keys []uint64, at [17]int, wideBits uint, mask, want, keep uint64) ([]uint64, [17]int) {
	var kat [17]int
	for v := 0; v < 16; v++ {
		kat[v] = len(out)
		for _, k := range keys[at[v]:at[v+1]] {
			if k>>wideBits&mask == want {
				out = append(out, k&keep)
			}
		}
	}
	kat[16] = len(out)
	return out, kat
}

// countWide is countSorted for a table of wide keys (see buildWide): the
// pairs of each part's north keys and the south keys with none of the
// part's bits above wideBits. The part's north keys have none of those
// bits, so that they take no part in the match; the weights do.
func (sl *sliced) countWide(south []uint64, at [17]int, stop *atomic.Bool) uint64 {
	var total uint64
	for o := range 1 << sl.over {
		p := &sl.part[o]
		if len(p.tab) == 0 {
			continue
		}
		keys, kat := south, at
		if o > 0 {
			sl.wide, kat = keepHigh(sl.wide[:0], south, at, sl.wideBits, uint64(o), 0, ^uint64(0))
			keys = sl.wide
		}
		total += p.countSorted(keys, kat, stop)
	}
	return total
}

// planes sets z[j] to the keys of block b of keys (sorted) that have bit j,
// and returns the block's keys as a mask: all 64 but in the last block.
func (sl *sliced) planes(keys []uint64, b int, z *[40]uint64) (valid uint64) {
	blk := keys[b*64 : min(len(keys), b*64+64)]
	valid = ^uint64(0)
	if len(blk) < 64 {
		valid = 1<<uint(len(blk)) - 1
	}
	if sl.kern != GoKernel && len(blk) == 64 {
		// Read in place: a copy first took 1.5% of N = 20's time.
		bitPlanesAVX2((*[64]uint64)(blk), z)
		return valid
	}
	var keys64 [64]uint64
	copy(keys64[:], blk)
	if sl.kern != GoKernel {
		bitPlanesAVX2(&keys64, z)
	} else {
		transpose64(&keys64)
		*z = [40]uint64(keys64[:40])
	}
	return valid
}

// buildGroups8 is buildSorted's loop for matchAVX512: it lays the planes of
// a group's eight blocks side by side, and groupWordsAVX512 makes the
// group's words of each chunk and value from them, eight blocks at once,
// where setChunks makes them a block at a time. A block past the last one
// has no keys (valid 0) and so all its words 0.
func (sl *sliced) buildGroups8(keys []uint64, blocks, groups int) {
	var z [40]uint64
	var zg [40][8]uint64
	var valid [8]uint64
	for g := 0; g < groups; g++ {
		for i := range valid {
			b := g*8 + i
			if b >= blocks {
				valid[i] = 0
				continue
			}
			valid[i] = sl.planes(keys, b, &z)
			for p := range 4 * sl.nc {
				zg[p][i] = z[p]
			}
		}
		groupWordsAVX512(&zg, &valid, sl.nc, &sl.tab[g*8*sl.nc*16])
	}
}

// setChunks stores the words of every chunk of block b (see chunkWords),
// whose keys are valid and their bit planes z, interleaved with the other
// blocks of its group: the word of chunk j and value v is the group's word
// (16j+v)·lanes + b mod lanes, for the Go kernels (1 lane) and matchAVX2
// (4); matchAVX512's are made by buildGroups8. Every word is within valid,
// so that a block's missing keys never count, whichever chunks are
// matched. The lanes are constants in each case: a division by a variable,
// and a function that took the stride, made building the tables a third of
// N = 20's time; a call for each chunk that chose its case, 1% of it.
func (sl *sliced) setChunks(b int, valid uint64, z *[40]uint64) {
	nc := sl.nc
	if sl.kern.lanes() == 1 {
		for j := range nc {
			chunkWords((*[16]uint64)(sl.tab[(b*nc+j)*16:]), valid, valid&^z[4*j], valid&^z[4*j+1], valid&^z[4*j+2], valid&^z[4*j+3])
		}
		return
	}
	base := b/4*nc*64 + b%4
	for j := range nc {
		chunkWords4((*[61]uint64)(sl.tab[base+64*j:]), valid, valid&^z[4*j], valid&^z[4*j+1], valid&^z[4*j+2], valid&^z[4*j+3])
	}
}

// chunkWords sets t[v], for each value v of a chunk, to the AND of c0 and
// of z[i] for each bit i of v. It computes them in registers and stores
// each once: a loop through an array made each word wait for the one
// before through memory, and build took half as long again; returning them
// in an array, a third as long again. chunkWords4 is the same for the
// blocks of a group of four, a copy so that every index is a constant.
func chunkWords(t *[16]uint64, c0, z0, z1, z2, z3 uint64) {
	c1 := c0 & z0
	c2 := c0 & z1
	c3 := c1 & z1
	c4 := c0 & z2
	c5 := c1 & z2
	c6 := c2 & z2
	c7 := c3 & z2
	t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7] = c0, c1, c2, c3, c4, c5, c6, c7
	t[8], t[9], t[10], t[11] = c0&z3, c1&z3, c2&z3, c3&z3
	t[12], t[13], t[14], t[15] = c4&z3, c5&z3, c6&z3, c7&z3
}

// chunkWords4 is chunkWords for a block of a group of four: the word of
// value v is t[4v].
func chunkWords4(t *[61]uint64, c0, z0, z1, z2, z3 uint64) {
	c1 := c0 & z0
	c2 := c0 & z1
	c3 := c1 & z1
	c4 := c0 & z2
	c5 := c1 & z2
	c6 := c2 & z2
	c7 := c3 & z2
	t[0], t[4], t[8], t[12], t[16], t[20], t[24], t[28] = c0, c1, c2, c3, c4, c5, c6, c7
	t[32], t[36], t[40], t[44] = c0&z3, c1&z3, c2&z3, c3&z3
	t[48], t[52], t[56], t[60] = c4&z3, c5&z3, c6&z3, c7&z3
}

// lists fills sl.present, and sl.list and sl.span for matchAVX2 and
// matchAVX512, for north keys sorted by cut, those of cut v at
// at[v]:at[v+1], in groups.
func (sl *sliced) lists(at [17]int, units int) {
	keysPer := 64 * sl.kern.lanes()
	if cap(sl.present) < units {
		sl.present = make([]uint16, units+units/4)
	}
	present := sl.present[:units]
	sl.present = present
	clear(present)
	for v := 0; v < 16; v++ {
		if at[v] < at[v+1] {
			for u := at[v] / keysPer; u <= (at[v+1]-1)/keysPer; u++ {
				present[u] |= 1 << v
			}
		}
	}
	if sl.kern == GoKernel {
		return
	}
	sl.fits = units*sl.groupBytes() <= fitsBytes && units <= maxTileGroups
	if cap(sl.list) < 16*units {
		sl.list = make([]uint32, 16*units)
	}
	list := sl.list[:16*units]
	n := 0
	for c := range sl.span {
		sp := &sl.span[c]
		sp.f0 = uint32(n)
		// A unit none of whose cuts meets c: the cut chunk need not be
		// matched.
		free := compatCuts[c]
		for u, p := range present {
			if p&^free == 0 {
				list[n] = uint32(u * sl.groupBytes())
				n++
			}
		}
		sp.f1 = uint32(n)
		for u, p := range present {
			if p&^free != 0 && p&free != 0 {
				list[n] = uint32(u * sl.groupBytes())
				n++
			}
		}
		sp.p1 = uint32(n)
	}
	sl.list = list[:n]
}

// transpose64 transposes the 64×64 bit matrix whose row i is a[i], bit j
// its column j: afterwards bit i of a[j] is what bit j of a[i] was. It swaps
// the off-diagonal blocks of halves, then quarters, and so on down to single
// bits (Hacker's Delight, 7-3), with no branch on the data.
func transpose64(a *[64]uint64) {
	m := uint64(0x00000000ffffffff)
	for j := 32; j != 0; j, m = j>>1, m^m<<uint(j>>1) {
		for k := 0; k < 64; k = (k + j + 1) &^ j {
			t := (a[k]>>uint(j) ^ a[k+j]) & m
			a[k] ^= t << uint(j)
			a[k+j] ^= t
		}
	}
}

// count returns the weighted number of pairs of a built north key and a key
// of south with no bit in common; buf is scratch. Bits of south keys at or
// above the table's width (4·nc, or wideBits+over for wide keys), but for
// the weight, are ignored. It gives up, returning a
// meaningless count, once stop (when not nil) is set.
func (sl *sliced) count(south []uint64, buf *[]uint64, stop *atomic.Bool) uint64 {
	if len(south) == 0 || len(sl.tab) == 0 && sl.over == 0 {
		return 0
	}
	if sl.kern != GoKernel && sl.fits && sl.over == 0 {
		return sl.countWhole(south, stop)
	}
	south, at := sortByCut(south, *buf)
	*buf = south
	return sl.countSorted(south, at, stop)
}

// countCut is count for south keys that all have cut c: they need no sort.
func (sl *sliced) countCut(south []uint64, c uint64, stop *atomic.Bool) uint64 {
	var at [17]int
	for v := c + 1; v <= 16; v++ {
		at[v] = len(south)
	}
	return sl.countSorted(south, at, stop)
}

// countWhole is count where the whole table stays in the cache (sl.fits,
// matchAVX2, matchAVX512): every key is matched against all its units at once, in any
// order.
func (sl *sliced) countWhole(south []uint64, stop *atomic.Bool) uint64 {
	const part = 4096 // keys between looks at stop
	var total uint64
	for i := 0; i < len(south); i += part {
		if stop != nil && stop.Load() {
			return 0
		}
		total += sl.match(south[i:min(len(south), i+part)], &sl.span)
	}
	return total
}

// countSorted is count for south keys sorted by cut, those of cut v at
// at[v]:at[v+1]: the keys of each cut are matched against a tile of its
// units at a time (all at once where the table fits in the cache).
func (sl *sliced) countSorted(south []uint64, at [17]int, stop *atomic.Bool) uint64 {
	switch {
	case len(south) == 0:
		return 0
	case sl.over > 0:
		return sl.countWide(south, at, stop)
	case len(sl.tab) == 0:
		return 0
	case sl.kern == GoKernel:
		return sl.countGo(south, at, stop)
	case sl.fits:
		return sl.countWhole(south, stop)
	}
	var total uint64
	tile := min(maxTileGroups, max(1, tileBytes/sl.groupBytes())) // groups
	var spans [16]span
	for c := 0; c < 16; c++ {
		keys := south[at[c]:at[c+1]]
		if len(keys) == 0 {
			continue
		}
		sp := sl.span[c]
		for a := sp.f0; a < sp.p1; a += uint32(tile) {
			if stop != nil && stop.Load() {
				return 0
			}
			b := min(sp.p1, a+uint32(tile))
			spans[c] = span{f0: a, f1: max(a, min(b, sp.f1)), p1: b}
			total += sl.match(keys, &spans)
		}
	}
	return total
}

// match returns the weighted number of pairs of a north key in the groups
// of spans and a key of south.
func (sl *sliced) match(south []uint64, spans *[16]span) uint64 {
	if statsOn {
		statsMatch(sl, south, spans)
	}
	if sl.kern == AVX512 {
		return matchAVX512(&sl.tab[0], south, &sl.list[0], spans, sl.nc)
	}
	return matchAVX2(&sl.tab[0], south, &sl.list[0], spans, sl.nc)
}

// groupBytes is the size of a group in tab.
func (sl *sliced) groupBytes() int { return sl.nc * 16 * sl.kern.lanes() * 8 }

// countGo is countSorted with the Go kernels: the keys of each cut are matched
// against a tile of consecutive blocks at a time, each holding a key of a
// cut with no bit in common.
func (sl *sliced) countGo(south []uint64, at [17]int, stop *atomic.Bool) uint64 {
	stride := sl.nc * 16
	var total uint64
	for c := 0; c < 16; c++ {
		keys := south[at[c]:at[c+1]]
		if len(keys) == 0 {
			continue
		}
		compat := compatCuts[c]
		for b := 0; b < len(sl.present); {
			if sl.present[b]&compat == 0 {
				b++
				continue
			}
			end := b + 1
			for end < len(sl.present) && end-b < tileBlocks && sl.present[end]&compat != 0 {
				end++
			}
			if stop != nil && stop.Load() {
				return 0
			}
			total += sl.matchGo(sl.tab[b*stride:end*stride], keys)
			b = end
		}
	}
	return total
}

// matchGo returns the weighted number of pairs of a north key in tile and a
// key of south.
func (sl *sliced) matchGo(tile, south []uint64) uint64 {
	switch sl.nc {
	case 7:
		return match7(tile, south)
	case 8:
		return match8(tile, south)
	case 9:
		return match9(tile, south)
	}
	return match10(tile, south)
}
