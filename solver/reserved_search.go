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
// problems", 2000). So placeSearch runs a complete search again and again
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
// Two searches do the runs: matchSearch on boards of n ≤ 32, whose lines
// fit a word and which tests at every node that the rows left can still
// take distinct columns, and wideSearch on boards up to
// MaxReservedPlacementN.

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
// a run with no dead end takes n nodes.
func lubyUnit(n int) int { return 4 * n }

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
	var s restartable
	if p.N <= MaxReservedN {
		s = newMatchSearch(ctx, p)
	} else {
		s = newWideSearch(ctx, p)
	}
	if !s.prepare() {
		return searchResult{Existence: Existence{Decided: true}}, nil
	}
	seed := boardSeed(p)
	var res searchResult
	unit := lubyUnit(p.N)
	for res.Runs = 1; ; res.Runs++ {
		limit := luby(res.Runs) * unit
		if maxNodes > 0 {
			if res.Nodes >= maxNodes {
				res.Runs--
				return res, nil
			}
			limit = min(limit, maxNodes-res.Nodes)
		}
		how, nodes := s.run(seed+uint64(res.Runs), limit)
		res.Nodes += nodes
		switch how {
		case exhausted:
			res.Decided = true
			return res, nil
		case found:
			pl := s.placement()
			res.Decided, res.Exists, res.Placement = true, true, &pl
			return res, nil
		case stopped:
			return res, s.cause()
		}
	}
}

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
