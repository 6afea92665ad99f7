package problems

import (
	"context"
	"fmt"
	"slices"

	"gopkg.in/yaml.v3"

	"github.com/queensjudge/queensjudge/solver"
)

// Generated reserved boards are made by this algorithm, which is part of the
// format: the same set gives the same boards on every machine and in every
// later version.
//
//   - The stream is SplitMix64 (Steele, Lea and Flood, 2014) started at the
//     seed: state += 0x9E3779B97F4A7C15; z = state;
//     z = (z ^ z>>30) * 0xBF58476D1CE4E5B9; z = (z ^ z>>27) * 0x94D049BB133111EB;
//     z ^ z>>31 is the next number.
//   - A number below m is drawn as a number x of the stream, drawn again
//     while x < 2^64 mod m, and taken mod m.
//   - A board of side n with k reserved squares numbers its squares r·n + c
//     (row r, column c, from 0) and reserves the first k of a partial
//     Fisher–Yates shuffle: for i = 0..k−1, swap square i with square
//     i + (a number below n²−i).
//   - Boards are drawn one after another from one stream. A board equal to
//     one drawn before, or without the placements asked for (placements:
//     some, the default: at least one; none: none; any: either), is
//     dropped, and the next is drawn, until count are kept.
//
// Generating is bounded by work, not time, so that a set loads, or is
// refused, alike on every machine and at every load: an item may take
// 20·count + 1000 draws, the check of one board's placements
// maxBoardNodes nodes of the solver's search (solver.HasPlacement), and the
// checks of one file maxFileNodes in all, and the boards drawn by one file
// maxFileSquares squares in all. Which boards are kept depends on
// the algorithm above alone; whether a set within these bounds loads may
// change with the solver's version (a search that decides a board in fewer
// nodes).
const (
	// maxBoardNodes is the most nodes of search that decide whether one
	// generated board has a placement: about 80 ms. Random boards of
	// n = 16..32 with 0% to 80% reserved are decided in hundreds.
	maxBoardNodes = 1 << 18
	// maxFileNodes is the most nodes of search the generate: items of one
	// file may take in all: about 35 s on the machine of the estimates
	// (solver's constants), close to the 30 s of wall time that bounded
	// them before.
	maxFileNodes = 1 << 27
	// maxFileSquares is the most squares the boards drawn by the generate:
	// items of one file may have in all, kept or dropped: 33 boards of
	// 1000×1000, or 134 of 500×500, some 7 s of drawing and checking. A
	// node of search on a board of a million squares costs more than one
	// on a board of a thousand, which maxFileNodes does not see.
	maxFileSquares = 1 << 25
)

// genWork is the work the generate: items of one file have taken so far,
// for the bounds above.
type genWork struct {
	nodes   int // of search, to check boards for placements
	squares int // of the boards drawn
}

var generateKeys = []string{"n", "reserved", "count", "seed", "placements", "from", "to"}

// generate decodes the generate: item f and makes its instances from base,
// the problem's (or the item's) instance keys: at most room of them, the
// tests the problem and the set may still have, so that no file makes
// more boards than it may hold, whatever its items ask.
func (d *decoder) generate(f field, base solver.Problem, room int, errorf reporter) []solver.Problem {
	tooMany := func(n int) bool {
		if n > room {
			errorf(f.key.Line, "generate: %d tests, more than the %d the problem (at most %d) and the set (at most %d) have room for", n, max(room, 0), MaxTests, MaxSetTests)
			return true
		}
		return false
	}
	v := f.val
	switch {
	case v.Kind == yaml.AliasNode:
		f.alias(errorf)
		return nil
	case v.Kind != yaml.MappingNode:
		if base.Kind == solver.Reserved {
			errorf(f.key.Line, "generate must be a mapping, as in generate: {n: 8, reserved: 10, count: 20, seed: 1}, got %s", show(v))
		} else {
			errorf(f.key.Line, "generate must be a mapping, as in generate: {from: 4, to: 12}, got %s", show(v))
		}
		return nil
	}
	fs := fieldsOf(v, generateKeys, errorf)
	want := map[bool][]string{
		true:  {"n", "reserved", "count", "seed", "placements"},
		false: {"from", "to"},
	}[base.Kind == solver.Reserved]
	ok := true
	for _, k := range generateKeys {
		f, given := fs.get(k)
		if given && !slices.Contains(want, k) {
			errorf(f.key.Line, "generate for %s takes %s, not %s", base.Kind, orList(want), k)
			ok = false
		}
	}
	num := func(key string, lo, hi int) (int, bool) {
		f, given := fs.get(key)
		if !given {
			if key != "placements" {
				errorf(v.Line, "generate needs %s", key)
			}
			return 0, false
		}
		x, good, big := f.integer(errorf)
		switch {
		case good && x >= lo && x <= hi:
			return x, true
		case good && key == "n":
			errorf(f.key.Line, "n must be %d..%d for %s %s, got %d%s", lo, hi, base.Kind, base.Ask, x, onlyPlacement(base.Kind, base.Ask, x))
		case good:
			errorf(f.key.Line, "%s must be %d..%d, got %d", key, lo, hi, x)
		case big:
			errorf(f.key.Line, "%s must be %d..%d, got %s", key, lo, hi, bigText(f.val.Value))
		}
		return 0, false
	}
	if base.Kind != solver.Reserved {
		from, ok1 := num("from", 1, solver.MaxN(base.Kind, base.Ask))
		to, ok2 := num("to", 1, solver.MaxN(base.Kind, base.Ask))
		if !ok || !ok1 || !ok2 {
			return nil
		}
		if to < from {
			errorf(f.key.Line, "generate from %d to %d makes no tests: from must be at most to", from, to)
			return nil
		}
		if tooMany(to - from + 1) {
			return nil
		}
		var out []solver.Problem
		for n := from; n <= to; n++ {
			p := base
			p.N = n
			if err := p.Validate(); err != nil {
				errorf(f.key.Line, "generate: n = %d: %v", n, err)
				return nil
			}
			out = append(out, p)
		}
		return out
	}

	most := solver.MaxN(base.Kind, base.Ask)
	n, ok1 := num("n", 1, most)
	count, ok2 := num("count", 1, MaxTests)
	seed, ok3 := num("seed", 0, 1<<62)
	k, ok4 := 0, false
	if ok1 {
		k, ok4 = num("reserved", 0, n*n-1)
	}
	placements := "some"
	if pf, given := fs.get("placements"); given {
		if s, good := pf.text(errorf); good {
			switch s {
			case "some", "none", "any":
				placements = s
			default:
				errorf(pf.key.Line, "placements must be some, none or any, got %s", show(pf.val))
				ok = false
			}
		}
	}
	if !ok || !ok1 || !ok2 || !ok3 || !ok4 || tooMany(count) {
		return nil
	}
	base.N, base.Reserved = n, nil
	if err := (solver.Problem{Kind: solver.Reserved, Ask: base.Ask, N: n, Reserved: solver.NewReserved(n), M: solver.AnyM}).Validate(); err != nil {
		errorf(f.key.Line, "generate: %v", err)
		return nil
	}
	// Boards that would pass the file's bound of squares drawn once kept
	// are refused before any is drawn (up to 1,000 boards of a million
	// squares would take minutes).
	if sq := int64(count) * int64(n*n); int64(d.gen.squares)+sq > maxFileSquares {
		errorf(f.key.Line, "generate: %d boards of %d×%d take %s squares, more than the %s a file's generate: items may draw (%s drawn above): ask for fewer or smaller boards",
			count, n, n, solver.Thousands(sq), solver.Thousands(maxFileSquares), solver.Thousands(int64(d.gen.squares)))
		return nil
	}
	boards, err := randomBoards(&d.gen, n, k, count, uint64(seed), placements)
	if err != nil {
		errorf(f.key.Line, "generate: %v", err)
		return nil
	}
	out := make([]solver.Problem, len(boards))
	for i, b := range boards {
		p := base
		p.Reserved = b
		out[i] = p
	}
	return out
}

// splitmix64 is the SplitMix64 stream the generator draws from.
type splitmix64 struct{ state uint64 }

func (s *splitmix64) next() uint64 {
	s.state += 0x9E3779B97F4A7C15
	z := s.state
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// below returns a number below m, m > 0, uniformly.
func (s *splitmix64) below(m uint64) uint64 {
	limit := -m % m // 2^64 mod m
	for {
		if x := s.next(); x >= limit {
			return x % m
		}
	}
}

// randomBoard draws a board of side n with k reserved squares, in the
// layout of solver.Problem.Reserved.
func (s *splitmix64) randomBoard(squares []int, n, k int) []uint64 {
	for i := range squares {
		squares[i] = i
	}
	for i := range k {
		j := i + int(s.below(uint64(n*n-i)))
		squares[i], squares[j] = squares[j], squares[i]
	}
	// Laid out as solver.Problem.Reserved holds it: up to n = 64 (every
	// board of count, unique and solutions) one mask a row, bit c for
	// column c, as boards were drawn before boards past 32 were.
	p := solver.Problem{Kind: solver.Reserved, N: n, Reserved: solver.NewReserved(n)}
	for _, sq := range squares[:k] {
		p.Reserve(sq/n, sq%n)
	}
	return p.Reserved
}

// randomBoards makes count distinct boards of side n with k reserved
// squares from seed, each with the placements asked for, by the algorithm
// above. It gives up, with an error, after 20·count + 1000 draws, on a
// board whose check takes more than maxBoardNodes nodes, or when the
// checks of the file pass maxFileNodes, or the boards drawn by the file
// pass maxFileSquares: work counts those taken so far, and it adds its
// own.
func randomBoards(work *genWork, n, k, count int, seed uint64, placements string) ([][]uint64, error) {
	nodes := &work.nodes
	if placements != "any" && *nodes >= maxFileNodes {
		return nil, fmt.Errorf("not made: the generate: items above took the %s nodes of search a file may take to check boards for placements", solver.Thousands(maxFileNodes))
	}
	rng := splitmix64{state: seed}
	squares := make([]int, n*n)
	seen := map[string]bool{}
	var out [][]uint64
	maxDraws := 20*count + 1000
	for draws := 0; len(out) < count; draws++ {
		if draws == maxDraws {
			return nil, fmt.Errorf("%d of %d boards found in %d draws: %s", len(out), count, draws, fewer(placements))
		}
		if work.squares += n * n; work.squares > maxFileSquares {
			return nil, fmt.Errorf("the file's generated boards take more than %s squares, the most a file may draw (%d of %d boards found here, in %s): ask for fewer or smaller boards",
				solver.Thousands(maxFileSquares), len(out), count, solver.Plural(int64(draws+1), "draw"))
		}
		b := rng.randomBoard(squares, n, k)
		key := fmt.Sprint(b)
		if seen[key] {
			continue
		}
		seen[key] = true
		if placements == "any" {
			out = append(out, b)
			continue
		}
		limit := min(maxBoardNodes, maxFileNodes-*nodes)
		p := solver.Problem{Kind: solver.Reserved, Ask: solver.AskPlacement, N: n, Reserved: b, M: solver.AnyM}
		e, err := solver.HasPlacement(context.Background(), p, limit)
		if err != nil {
			return nil, fmt.Errorf("draw %d: %v", draws+1, err)
		}
		*nodes += e.Nodes
		switch {
		case !e.Decided && limit < maxBoardNodes:
			return nil, fmt.Errorf("checking the file's generated boards for placements takes more than %s nodes of search, the most a file may take (%d of %d boards found here, in %s): %s", solver.Thousands(maxFileNodes), len(out), count, solver.Plural(int64(draws+1), "draw"), fewer(placements))
		case !e.Decided:
			return nil, fmt.Errorf("draw %d: %s nodes of search did not decide whether its board has a placement, the most one board may take (%d of %d boards found before it): %s", draws+1, solver.Thousands(maxBoardNodes), len(out), count, fewer(placements))
		case e.Exists != (placements == "some"):
			continue
		}
		out = append(out, b)
	}
	return out, nil
}

// fewer says how to ask for boards that are easier to find.
func fewer(placements string) string {
	if placements == "none" {
		return "reserve more squares, or ask for fewer boards"
	}
	return "reserve fewer squares, or ask for fewer boards"
}
