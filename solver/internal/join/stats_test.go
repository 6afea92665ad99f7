//go:build qjstats

package join

import (
	"os"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// TestQuadrantStats counts n queens (QJ_N, default 18; the slice QJ_SLICE
// of QJ_SLICES when set) on one worker and logs the matcher's work (see
// matchStats). Measurement only: go test -tags qjstats -run
// TestQuadrantStats -v.
func TestQuadrantStats(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("QJ_N"))
	if n == 0 {
		n = 18
	}
	start := time.Now()
	qd, err := New(Board{N: n, Group: Syms, Bounded: n >= 22}, DefaultConfig(), new(atomic.Bool), 1)
	if err != nil {
		t.Fatal(err)
	}
	// The slice's subproblems, as solver's Shard.bounds cuts them.
	from, to := 0, qd.Len()
	if k, _ := strconv.Atoi(os.Getenv("QJ_SLICES")); k > 0 {
		i, _ := strconv.Atoi(os.Getenv("QJ_SLICE"))
		from, to = qd.Len()*i/k, qd.Len()*(i+1)/k
	}
	todo := make([]int, 0, to-from)
	for i := from; i < to; i++ {
		todo = append(todo, i)
	}
	qd.Start(todo)
	count, leave := qd.Worker(nil)
	var got uint64
	for _, i := range todo {
		got += count(i)
	}
	leave()
	s := &matchStats
	f := func(x uint64) float64 { return float64(x) }
	tests := f(s.visits.Load()) * 256
	t.Logf("n=%d count=%d in %v (stats on: slower than the count)", n, got, time.Since(start))
	t.Logf("lists: %d split, %d sliced alone; north keys %.3g, south keys %.3g", s.splitCounts.Load(), s.sliceCounts.Load(), f(s.northKeys.Load()), f(s.southKeys.Load()))
	t.Logf("tables: %d built of %.3g north keys (%.2f× the north lists), %.3g groups", s.builds.Load(), f(s.built.Load()), f(s.built.Load())/f(s.northKeys.Load()), f(s.buildGroups.Load()))
	t.Logf("match: %d calls, %.3g south keys, %.3g group visits (%.1f%% with the cut chunk), %.3g pair tests = %.1f a placement counted", s.calls.Load(), f(s.keys.Load()), f(s.visits.Load()), 100*f(s.visitsCut.Load())/f(s.visits.Load()), tests, tests/f(got))
	t.Logf("256-bit words loaded: %.3g (%.1f a placement)", f(s.words.Load()), f(s.words.Load())/f(got))
	t.Logf("lists matched by sliced alone: %.3g group visits (%.1f%% of all), north keys %.3g, south keys %.3g, pairs %.3g", f(s.aloneVisits.Load()), 100*f(s.aloneVisits.Load())/f(s.visits.Load()), f(s.aloneNorth.Load()), f(s.aloneSouth.Load()), f(s.alonePairs.Load()))
	if s.sampled.Load() > 0 {
		t.Logf("sample (1 call in %d): %.3g visits, %.1f%% of them to groups with no compatible key", statsSample, f(s.sampled.Load()), 100*f(s.sampledEmpty.Load())/f(s.sampled.Load()))
	}
}
