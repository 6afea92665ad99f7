package problems

import (
	"fmt"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/testflag"
)

// manyDraws is a set whose generators drop many of the boards they draw
// (with 60 reserved squares the none item found 6 boards in its 2,200
// draws; with 75 it finds its 60), and check the placements of each with the solver's search.
const manyDraws = `name: draws
problems:
  - id: some
    kind: reserved
    ask: count
    tests:
      - generate: {n: 8, reserved: 22, count: 150, seed: 3}
      - generate: {n: 12, reserved: 75, count: 60, seed: 4, placements: none}
      - generate: {n: 24, reserved: 300, count: 40, seed: 5}
`

// TestGenerateSameEverywhere loads a set whose generation takes many draws
// twice, the second time beside a busy loop on every core: the boards are
// the same, byte for byte, as they must be on any machine at any load.
func TestGenerateSameEverywhere(t *testing.T) {
	load := func() string {
		s, err := Parse("draws.yaml", []byte(manyDraws))
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, c := range s.Cases() {
			fmt.Fprintf(&b, "# %s\n%s", c.Ref(), Canonical(c.Problem))
		}
		return b.String()
	}
	idle := load()
	stop := testflag.Busy()
	loaded := load()
	stop()
	if idle != loaded {
		t.Errorf("the set loaded beside a busy loop gives other boards than idle")
	}
	if n := strings.Count(idle, "# "); n != 250 {
		t.Errorf("the set has %d tests, want 250", n)
	}
}

// TestGenerateWorkBound checks that a file's checks stop at maxFileNodes
// nodes of search, with the same message every time, naming the draws.
func TestGenerateWorkBound(t *testing.T) {
	var msgs []string
	for range 2 {
		work := genWork{nodes: maxFileNodes - 20} // the file's earlier items took nearly all
		_, err := randomBoards(&work, 24, 300, 40, 5, "some")
		if err == nil {
			t.Fatal("randomBoards past the file's nodes: no error")
		}
		msgs = append(msgs, err.Error())
	}
	want := "takes more than 134,217,728 nodes of search"
	if !strings.Contains(msgs[0], want) || !strings.Contains(msgs[0], "draw") {
		t.Errorf("randomBoards past the file's nodes = %q, want it to say %q and name the draws", msgs[0], want)
	}
	if msgs[0] != msgs[1] {
		t.Errorf("two runs refuse with %q and %q", msgs[0], msgs[1])
	}
	work := genWork{nodes: maxFileNodes}
	if _, err := randomBoards(&work, 8, 10, 5, 1, "some"); err == nil || !strings.Contains(err.Error(), "not made: the generate: items above took") {
		t.Errorf("randomBoards after the file's nodes are spent = %v, want it not made", err)
	}
	if _, err := randomBoards(&work, 8, 10, 5, 1, "any"); err != nil {
		t.Errorf("randomBoards of placements: any after the file's nodes are spent = %v, want the boards (they are not checked)", err)
	}
	work = genWork{}
	if _, err := randomBoards(&work, 24, 300, 40, 5, "some"); err != nil || work.nodes == 0 || work.nodes > maxFileNodes {
		t.Errorf("randomBoards within the bound: %v, %d nodes", err, work.nodes)
	}
	// The squares drawn are bounded too, kept or not, before the board
	// past the bound is drawn: a file of large boards loads in seconds.
	work = genWork{squares: maxFileSquares - 2*1000*1000 + 1}
	_, err := randomBoards(&work, 1000, 10, 5, 1, "any")
	if want := "the file's generated boards take more than 33,554,432 squares, the most a file may draw (1 of 5 boards found here, in 2 draws)"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("randomBoards past the file's squares = %v, want it to say %q", err, want)
	}
}
