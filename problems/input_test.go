package problems

import (
	"strings"
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
		{"empty", " \n", solver.NQueens, solver.AskCount, solver.AnyM, "in:1: input is empty"},
		{"not n", "eight\n", solver.NQueens, solver.AskCount, solver.AnyM, `in:1: want n, got "eight"`},
		{"n too big", "28\n", solver.NQueens, solver.AskCount, solver.AnyM, "in:1: n must be 1..27 for nqueens count, got 28"},
		{"ragged", "..\n.\n", solver.Reserved, solver.AskCount, solver.AnyM, "in:2: board row 2 has 1 squares, want 2"},
		{"bad square", ".x\n..\n", solver.Reserved, solver.AskCount, solver.AnyM, `in:1: board row 1 has 'x' at column 2 (want '.' or '*')`},
		{"rows and n differ", "3\n..\n..\n", solver.Reserved, solver.AskCount, solver.AnyM, "in:1: board has 2 rows, want 3"},
		// A problem set read as a plain input (validate kind=reserved
		// INPUT with INPUT a YAML set) is named as such, not counted as
		// 85 board rows.
		{"a set", "name: x\nproblems:\n  - id: a\n    kind: reserved\n    board: |\n      ..\n      ..\n    ask: count\n", solver.Reserved, solver.AskCount, solver.AnyM,
			`in:1: "name: x" is not a board row of '.' and '*'`},
		{"a set after n", "2\n\nproblems: []\n", solver.Reserved, solver.AskCount, solver.AnyM, `in:3: "problems: []" is not a board row of '.' and '*'`},
		{"text after the board", "..\n..\n# end\n", solver.Reserved, solver.AskCount, solver.AnyM, `in:3: "# end" is not a board row of '.' and '*'`},
		{"board too large", strings.Repeat(strings.Repeat(".", 33)+"\n", 33), solver.Reserved, solver.AskCount, solver.AnyM,
			"in:33: board has 33 rows, at most 32 allowed for reserved count: boards past 32 are only for placement (up to 1000)"},
		{"placement past 32", strings.Repeat(strings.Repeat(".", 39)+"*\n", 40), solver.Reserved, solver.AskPlacement, solver.AnyM,
			"queensjudge-problem 1\nkind: reserved\nn: 40\nboard: " + strings.Repeat("/"+strings.Repeat(".", 39)+"*", 40)[1:] + "\nask: placement\n"},
		{"placement too large", "1001\n" + strings.Repeat(strings.Repeat(".", 1001)+"\n", 1001), solver.Reserved, solver.AskPlacement, solver.AnyM,
			"in:1002: board has 1001 rows, at most 1000 allowed for reserved placement"},
		{"max for nqueens", "0\n", solver.NQueens, solver.AskMax, solver.AnyM, "in:1: ask max is only for queens-knights; n must be at least 1, got 0"},
		{"reserved n zero", "0\n", solver.Reserved, solver.AskCount, solver.AnyM, "in:1: n must be 1..32 for reserved count, got 0"},
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
