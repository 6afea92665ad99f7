package app_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/testflag"
)

// mixedShapes returns a set of 50 problems of every kind and of boards of
// many shapes, n = 6..32: random boards of 5% to 75% reserved, stripes,
// bands, checkerboards, blocks, single squares, and the asks count,
// unique, solutions and placement.
func mixedShapes() string {
	type shape struct {
		name string
		free func(n, r, c int) bool
	}
	seed := uint64(1)
	random := func(d float64) func(n, r, c int) bool {
		return func(n, r, c int) bool {
			// A fixed hash of the square and the density: the same board
			// in every run.
			x := uint64(r*64+c) + seed*0x9E3779B97F4A7C15 + uint64(d*1000)<<32
			x ^= x >> 30
			x *= 0xBF58476D1CE4E5B9
			x ^= x >> 27
			return float64(x%1000)/1000 >= d
		}
	}
	shapes := []shape{
		{"random5", random(0.05)}, {"random20", random(0.2)}, {"random40", random(0.4)},
		{"random60", random(0.6)}, {"random75", random(0.75)},
		{"mod3", func(n, r, c int) bool { return (r+c)%3 != 0 }},
		{"mod5diag", func(n, r, c int) bool { return (c-r+64)%5 != 0 }},
		{"band", func(n, r, c int) bool { return r-c <= n/3 && c-r <= n/3 }},
		{"checker", func(n, r, c int) bool { return (r+c)%2 == 0 }},
		{"block", func(n, r, c int) bool { return r < n/3 || c < n/3 || r >= n/2 }},
		{"corner", func(n, r, c int) bool { return r != 0 || c != 0 }},
		{"rows", func(n, r, c int) bool { return r%4 != 1 || c%2 == 0 }},
	}
	sizes := []int{10, 14, 17, 20, 24, 28, 32}
	asks := []string{"count", "unique", "solutions", "placement"}
	var b strings.Builder
	b.WriteString("name: shapes\nproblems:\n")
	k := 0
	for i := 0; k < 44; i++ {
		s := shapes[i%len(shapes)]
		n := sizes[i%len(sizes)]
		ask := asks[i%len(asks)]
		seed = uint64(i)
		fmt.Fprintf(&b, "  - id: %s-%d-%s-%d\n    kind: reserved\n    ask: %s\n    board: |\n", s.name, n, ask, i, ask)
		for r := range n {
			b.WriteString("      ")
			for c := range n {
				if s.free(n, r, c) {
					b.WriteByte('.')
				} else {
					b.WriteByte('*')
				}
			}
			b.WriteByte('\n')
		}
		k++
	}
	for _, n := range []int{8, 16, 20, 24} {
		fmt.Fprintf(&b, "  - {id: q%d, kind: nqueens, n: %d, ask: count}\n", n, n)
	}
	b.WriteString("  - {id: q13u, kind: nqueens, n: 13, ask: unique}\n")
	b.WriteString("  - {id: q15s, kind: nqueens, n: 15, ask: solutions}\n")
	return b.String()
}

// TestEstimateSameEverywhere runs solve --estimate on 50 problems of mixed
// shapes twice, the second time beside a busy loop on every core: the two
// outputs are byte for byte the same, as they must be on any machine at
// any load, and so are the refusals solve makes by them.
func TestEstimateSameEverywhere(t *testing.T) {
	set := filepath.Join(t.TempDir(), "shapes.yaml")
	writeFile(t, set, mixedShapes())
	estimate := func() []byte {
		con := newConsole(output.JSON, "")
		es, err := app.Estimate(context.Background(), con.Console, app.EstimateRequest{Sets: []string{set}, Batch: batch})
		if err != nil {
			t.Fatal(err)
		}
		if len(es) != 50 {
			t.Fatalf("%d estimates, want 50", len(es))
		}
		return con.stdout.Bytes()
	}
	start := time.Now()
	idle := estimate()
	t.Logf("50 estimates in %v", time.Since(start))
	stop := testflag.Busy()
	loaded := estimate()
	stop()
	if !bytes.Equal(idle, loaded) {
		t.Errorf("solve --estimate beside a busy loop printed other estimates than idle:\n%s\n---\n%s", idle, loaded)
	}
}
