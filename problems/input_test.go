package problems

import (
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

func TestParseInput(t *testing.T) {
	cses := "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n"
	for _, c := range []struct {
		name, input string
		kind        solver.Kind
		ask         solver.Ask
		m           int
		want        string // Canonical of the problem, or the error
	}{
		{"n", "8\n", solver.NQueens, solver.AskCount, solver.AnyM, "queensjudge-problem 1\nkind: nqueens\nn: 8\nask: count\n"},
		{"crlf bom", "\ufeff12\r\n", solver.NQueens, solver.AskUnique, solver.AnyM, "queensjudge-problem 1\nkind: nqueens\nn: 12\nask: unique\n"},
		{"qk with m", "8", solver.QueensKnights, solver.AskCount, 5, "queensjudge-problem 1\nkind: queens-knights\nn: 8\nm: 5\nask: count\n"},
		{"cses board", cses, solver.Reserved, solver.AskCount, solver.AnyM, "queensjudge-problem 1\nkind: reserved\nn: 8\nboard: ......../......../..*...../......../......../.....**./...*..../........\nask: count\n"},
		{"n then board", "3\n*..\n...\n..*\n", solver.Reserved, solver.AskCount, solver.AnyM, "queensjudge-problem 1\nkind: reserved\nn: 3\nboard: *../.../..*\nask: count\n"},
		{"empty", " \n", solver.NQueens, solver.AskCount, solver.AnyM, "in: input is empty"},
		{"not n", "eight\n", solver.NQueens, solver.AskCount, solver.AnyM, `in:1: want n, got "eight"`},
		{"n too big", "28\n", solver.NQueens, solver.AskCount, solver.AnyM, "in: n must be 1..27 for nqueens count, got 28"},
		{"ragged", "..\n.\n", solver.Reserved, solver.AskCount, solver.AnyM, "in:2: board row 2 has 1 squares, want 2"},
		{"bad square", ".x\n..\n", solver.Reserved, solver.AskCount, solver.AnyM, `in:1: board row 1 has 'x' at column 2 (want '.' or '*')`},
		{"rows and n differ", "3\n..\n..\n", solver.Reserved, solver.AskCount, solver.AnyM, "in: board has 2 rows, want 3"},
		{"junk after n", "8\n9\n", solver.NQueens, solver.AskCount, solver.AnyM, `in:2: unexpected "9" after n`},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParseInput("in", []byte(c.input), c.kind, c.ask, c.m)
			got := ""
			if err != nil {
				got = err.Error()
			} else {
				got = Canonical(p)
			}
			if got != c.want {
				t.Errorf("ParseInput(%q) = %q, want %q", c.input, got, c.want)
			}
		})
	}
}

func TestClosest(t *testing.T) {
	known := []string{"solve", "show", "judge"}
	for name, want := range map[string]string{"solv": "solve", "jduge": "judge", "SHOW": "show", "frobnicate": "", "s": ""} {
		if got := Closest(name, known); got != want {
			t.Errorf("Closest(%q) = %q, want %q", name, got, want)
		}
	}
}
