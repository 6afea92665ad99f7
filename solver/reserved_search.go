package solver

import (
	"context"
	"hash/fnv"
	"math/bits"
	"math/rand/v2"
)

// The search for one placement on a reserved board.
//
// Placing n queens on a board with holes is NP-complete (Gent, Jefferson
// and Nightingale, JAIR 2017), and a search in one fixed order has
// heavy-tailed run times: one wrong choice near the root can cost hours
// where another order finds a placement at once (Gomes, Selman and Kautz,
// "Heavy-tailed phenomena in satisfiability and constraint satisfaction
// problems", 2000). So findPlacement runs a complete search again and again
// from the root, each run with its ties and the order of its choices
// drawn at random, and stops each run after a cut-off of nodes that grows
// by Luby's sequence (1, 1, 2, 1, 1, 2, 4, …; Luby, Sinclair and
// Zuckerman, 1993), whose total is within a log factor of the best fixed
// cut-off for any distribution of run times. A run that ends before its
// cut-off has looked through its whole tree: it proves that the board has
// no placement, so the restarts are a complete method too.
//
// The random choices are drawn from a seed made of the board and the
// run's number, and the cut-offs count nodes, not time: a board gets the
// same placement, after the same nodes, on every machine and at every
// load.
//
// Two complete searches do the runs: matchSearch on boards of n ≤ 32,
// whose lines fit a word and which tests at every node that the rows left
// can still take distinct columns, and wideSearch on boards up to
// MaxReservedPlacementN. Each run is paired with a try, as long, of
// min-conflicts (localSearch), which finds placements where every
// complete run goes wrong from the root but proves nothing. A solve of
// n ≤ 32 also counts the board once the count is cheap next to the
// restarts so far (reservedPlacement): a count of 0 proves none.

// outcome is how one run of a restarted search ended.
type outcome int

const (
	exhausted outcome = iota // looked through its whole tree: no placement
	found                    // found a placement
	cutOff                   // reached its cut-off of nodes
	stopped                  // its context ended (the error is the search's)
)

// restartable is a complete search for a placement whose choices a seed
// draws.
type restartable interface {
	// prepare proves the board has no placement without a search, when it
	// can (false), and prepares the runs.
	prepare() bool
	// run searches from the root, with choices drawn from seed, for
	// limit nodes at most, and returns how it ended and the nodes it
	// expanded.
	run(seed uint64, limit int) (outcome, int)
	// placement returns the placement the last run found.
	placement() Placement
	// cause is the error of a stopped run: its context's.
	cause() error
}

// lubyUnit is the cut-off of nodes of the first runs, a multiple of n:
// a run with no dead end takes n nodes, and 16n leaves it room to back
// out of a few (16n left one board fewer undecided in 2 s than 4n, of 292
// in stripe, grid and random families of n = 20..32).
func lubyUnit(n int) int { return 16 * n }

// luby returns the i-th term of Luby's sequence, i from 1: 1, 1, 2, 1, 1,
// 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, …
func luby(i int) int {
	for {
		k := bits.Len(uint(i)) // 2^(k-1) ≤ i < 2^k
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		i -= 1<<(k-1) - 1
	}
}

// searchResult is what a placement search found, and its cost.
type searchResult struct {
	Existence
	Placement *Placement
	Runs      int // the runs it took, restarts and the last
}

// findPlacement searches p, a Reserved board, for a placement by
// restarts, for maxNodes nodes at most (none when 0). The result depends on
// the board, maxNodes and the solver Version alone. An error is ctx's.
func findPlacement(ctx context.Context, p Problem, maxNodes int) (searchResult, error) {
	rs := newRestarts(ctx, p)
	err := rs.until(0, maxNodes)
	return rs.res, err
}

// restarts is the runs of a search for a placement on one board, which
// can be resumed after a pause between runs.
type restarts struct {
	s          restartable
	ls         *localSearch // nil when off (tests of s alone)
	localFirst bool
	seed       uint64
	unit       int
	prepared   bool
	res        searchResult
}

func newRestarts(ctx context.Context, p Problem) *restarts {
	rs := &restarts{seed: boardSeed(p), unit: lubyUnit(p.N), ls: newLocalSearch(ctx, p), localFirst: p.N > MaxReservedN}
	if p.N <= MaxReservedN {
		rs.s = newMatchSearch(ctx, p)
	} else {
		rs.s = newWideSearch(ctx, p)
	}
	return rs
}

// until runs the search until a run decides, and starts no run once
// pause nodes are spent (none when 0); maxNodes bounds the nodes of all
// runs (none when 0): a run that would pass it is cut there. Each round is
// a run of the complete search and a try of the local search (if any), as
// long as each other: on boards past 32 the try goes first, as it finds a
// placement sooner there, and the complete search proves none only where
// its matchings do.
func (rs *restarts) until(pause, maxNodes int) error {
	res := &rs.res
	if !rs.prepared {
		rs.prepared = true
		if !rs.s.prepare() {
			res.Decided = true
			return nil
		}
	}
	steps := []func(seed uint64, limit int) error{rs.complete, rs.local}
	if rs.localFirst {
		steps[0], steps[1] = steps[1], steps[0]
	}
	for !res.Decided {
		if pause > 0 && res.Nodes >= pause || maxNodes > 0 && res.Nodes >= maxNodes {
			return nil
		}
		res.Runs++
		for _, step := range steps {
			limit := luby(res.Runs) * rs.unit
			if maxNodes > 0 {
				limit = min(limit, maxNodes-res.Nodes)
			}
			if limit <= 0 || res.Decided {
				break
			}
			if err := step(rs.seed+uint64(res.Runs), limit); err != nil {
				return err
			}
		}
	}
	return nil
}

// complete runs the complete search for limit nodes at most.
func (rs *restarts) complete(seed uint64, limit int) error {
	res := &rs.res
	how, nodes := rs.s.run(seed, limit)
	res.Nodes += nodes
	switch how {
	case exhausted:
		res.Decided = true
	case found:
		pl := rs.s.placement()
		res.Decided, res.Exists, res.Placement = true, true, &pl
	case stopped:
		return rs.s.cause()
	}
	return nil
}

// local tries the local search, if any, for limit nodes' worth of work,
// with a seed of its own.
func (rs *restarts) local(seed uint64, limit int) error {
	if rs.ls == nil {
		return nil
	}
	res := &rs.res
	per := rs.ls.looksPerNode
	ok, used, err := rs.ls.try(seed^0x5bd1e995, limit*per)
	res.Nodes += min((used+per-1)/per, limit) // a try ends past its work by one move at most
	if ok {
		pl := rs.ls.placement()
		res.Decided, res.Exists, res.Placement = true, true, &pl
	}
	return err
}

// reservedPlacement answers a Reserved AskPlacement problem: the placement
// the restarts find, or nil when there is none. Any placement is a right
// answer, and this one is the same on every machine.
//
// On a board of n ≤ 32 the count is a second complete method, often far
// faster at proving that there is none (a 24×24 board with every third
// anti-diagonal and every fourth diagonal reserved: 0.75 s, where the
// search looks for minutes). The two take turns, as a portfolio: the
// restarts run for placePhase nodes, then for as many again as all before,
// and between two phases the board is counted once its count's estimate
// is within the time the restarts have taken. So a board costs at most
// about three times the faster of the two. When the count finds
// placements, the restarts go on: the answer is theirs.
func reservedPlacement(ctx context.Context, p Problem, opt Options) (*Placement, error) {
	rs := newRestarts(ctx, p)
	countable := p.N <= MaxReservedN
	var count Cost
	for pause := placePhase; ; pause *= 2 {
		end := serial(ctx) // the restarts run on one goroutine
		err := rs.until(pause, 0)
		end()
		if err != nil || rs.res.Decided {
			return rs.res.Placement, err
		}
		if !countable {
			continue
		}
		q := p
		q.Ask = AskCount
		qopt := Options{Workers: opt.Workers}
		if count.How == "" {
			if count, err = estimate(ctx, q, qopt); err != nil {
				return nil, err
			}
		}
		if count.Seconds <= float64(rs.res.Nodes)*placeNodeSeconds(p.N) {
			countable = false
			total, err := countQueens(ctx, q, qopt)
			if err != nil {
				return nil, err
			}
			if total == 0 {
				return nil, nil
			}
		}
	}
}

// placePhase is the nodes of the first phase of reservedPlacement's
// restarts: about 70 ms, in which most boards are decided.
const placePhase = 1 << 18

// boardSeed returns the seed of p's runs: a hash of its side and its
// reserved squares.
func boardSeed(p Problem) uint64 {
	h := fnv.New64a()
	var b [8]byte
	put := func(x uint64) {
		for i := range b {
			b[i] = byte(x >> (8 * i))
		}
		h.Write(b[:])
	}
	put(uint64(p.N))
	for _, w := range p.Reserved {
		put(w)
	}
	return h.Sum64()
}

// chooser draws the random choices of one run.
type chooser struct{ rng rand.PCG }

func (ch *chooser) reset(seed uint64) { ch.rng.Seed(seed, 0x9e3779b97f4a7c15) }

// below returns a number below k, k > 0 (Lemire's multiply, whose bias
// of at most k/2^64 no choice of a search can tell).
func (ch *chooser) below(k int) int {
	hi, _ := bits.Mul64(ch.rng.Uint64(), uint64(k))
	return int(hi)
}

// shuffle puts xs in a random order.
func shuffle[T any](ch *chooser, xs []T) {
	for i := len(xs) - 1; i > 0; i-- {
		j := ch.below(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}
