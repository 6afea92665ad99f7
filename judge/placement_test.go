package judge

import (
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

func TestReadPlacement(t *testing.T) {
	reserved := solver.Problem{Kind: solver.Reserved, N: 4, Reserved: []uint64{1, 0, 0, 0}, Ask: solver.AskPlacement}
	qk := solver.Problem{Kind: solver.QueensKnights, N: 4, M: 1, Ask: solver.AskPlacement}
	for _, c := range []struct {
		p    solver.Problem
		text string
		want string // the placement's String, "" for ok == false
	}{
		{reserved, "2 4 1 3\n", "2 4 1 3"},
		{reserved, "1 3 0 2\r\n", "2 4 1 3"}, // from 0
		{reserved, "1 1 1 1", "1 1 1 1"},     // wrong, but a placement: the picture shows why
		{reserved, "\ufeff.Q..\n...Q\nQ...\n..Q.\n", "2 4 1 3"},
		{reserved, "*Q..\n...Q\n*...\n..Q.\n", ".Q../...Q/..../..Q."}, // * read as empty
		{qk, "QN..\n....\n....\n....", "QN../..../..../...."},
		{reserved, "Q...\n", ""},          // 1 row of 4
		{reserved, "Q..\n...\n...\n", ""}, // 3×3
		{reserved, "1 2 3", ""},           // 3 columns
		{reserved, "0 1 2 4", ""},         // 0 and n
		{reserved, "1 2 3 9", ""},         // off the board
		{reserved, "QQQQQQ\n", ""},        // pieces not all kept
		{reserved, "none", ""},
		{reserved, "x y\n", ""},
		{reserved, "2 4 1 3 x", ""},
		{reserved, "", ""},
		{reserved, "2 4\x00 1 3", ""},
	} {
		pl, ok := ReadPlacement(c.p, strings.NewReader(c.text), Limits{})
		got := ""
		if ok {
			got = pl.String()
		}
		if got != c.want || ok != (c.want != "") {
			t.Errorf("ReadPlacement(%q) = %q, %v; want %q", c.text, got, ok, c.want)
		}
	}
	if _, ok := ReadPlacement(solver.Problem{N: 4}, strings.NewReader("2 4 1 3 "+strings.Repeat(" ", 100)), Limits{MaxBytes: 50}); ok {
		t.Errorf("ReadPlacement read past lim.MaxBytes")
	}
}
