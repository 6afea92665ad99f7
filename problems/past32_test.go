package problems

import (
	"errors"
	"fmt"
	"math/bits"
	"os"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

// past32 is a set of reserved placement boards past 32: written boards of
// 40 and 100, and three generated boards of 500.
const past32 = "../testdata/past32/past32.yaml"

// writtenRows returns the rows of the board written under the key board:
// of problem id in the set file, as the file has them.
func writtenRows(t *testing.T, file, id string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	in, inBoard := false, false
	for _, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "- id: "):
			in = trimmed == "- id: "+id
			inBoard = false
		case in && trimmed == "board: |":
			inBoard = true
		case inBoard && trimmed != "" && strings.Trim(trimmed, ".*") == "":
			rows = append(rows, trimmed)
		default:
			inBoard = false
		}
	}
	return rows
}

// TestLoadPast32 loads written boards of 40 and 100 and generated boards of
// 500: each laid out as solver.Problem.Reserved holds it (ReservedWords a
// row), each square as the file (or the generator) has it, valid for
// placement.
func TestLoadPast32(t *testing.T) {
	s, err := Load(past32)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"forty", "hundred"} {
		p, ok := s.Problem(id)
		if !ok {
			t.Fatalf("no problem %s", id)
		}
		want := writtenRows(t, past32, id)
		if p.N != len(want) || len(p.Reserved) != p.N*solver.ReservedWords(p.N) {
			t.Fatalf("%s: n = %d with %d words, want %d with %d", id, p.N, len(p.Reserved), len(want), len(want)*solver.ReservedWords(len(want)))
		}
		for r, row := range want {
			for c := range row {
				if got := p.IsReserved(r, c); got != (row[c] == '*') {
					t.Fatalf("%s: IsReserved(%d, %d) = %v, want %v", id, r, c, got, row[c] == '*')
				}
			}
		}
		if got := BoardRows(p.Problem); strings.Join(got, "/") != strings.Join(want, "/") {
			t.Errorf("%s: BoardRows differs from the file's rows", id)
		}
		if err := p.Validate(); err != nil {
			t.Errorf("%s: Validate = %v", id, err)
		}
	}
	p, _ := s.Problem("wide")
	if len(p.Tests) != 3 {
		t.Fatalf("wide has %d tests, want 3", len(p.Tests))
	}
	seen := map[string]bool{}
	for _, c := range p.Cases() {
		reserved := 0
		for _, w := range c.Reserved {
			reserved += bits.OnesCount64(w)
		}
		if c.N != 500 || len(c.Reserved) != 500*8 || reserved != 75000 || c.Validate() != nil {
			t.Errorf("%s: n = %d, %d words, %d reserved, Validate %v; want 500, 4000, 75000, nil", c.Ref(), c.N, len(c.Reserved), reserved, c.Validate())
		}
		if h := Hash(c.Problem); seen[h] {
			t.Errorf("%s: drawn twice", c.Ref())
		} else {
			seen[h] = true
		}
	}
}

// TestGeneratedPast32SameAsMasks checks that the boards of n ≤ 64 the
// generator lays out are its masks of before, a mask a row, bit c for
// column c, drawn from the same stream: boards past 32 changed no board of
// any set.
func TestGeneratedPast32SameAsMasks(t *testing.T) {
	for _, n := range []int{1, 8, 32, 33, 64} {
		k := n * n / 3
		a, b := splitmix64{state: 9}, splitmix64{state: 9}
		squares := make([]int, n*n)
		got := a.randomBoard(squares, n, k)
		// The masks of before, from a second stream.
		for i := range squares {
			squares[i] = i
		}
		for i := range k {
			j := i + int(b.below(uint64(n*n-i)))
			squares[i], squares[j] = squares[j], squares[i]
		}
		want := make([]uint64, n)
		for _, sq := range squares[:k] {
			want[sq/n] |= 1 << uint(sq%n)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("randomBoard(%d, %d) = %v, want the masks %v", n, k, got, want)
		}
	}
}

// TestCanonicalPast32 round-trips boards of 33, 64, 65, 100 and 1,000
// through Canonical and ParseCanonical: the same squares, the same text,
// and a board row of n squares in it.
func TestCanonicalPast32(t *testing.T) {
	for _, n := range []int{33, 64, 65, 100, 1000} {
		p := solver.Problem{Kind: solver.Reserved, Ask: solver.AskPlacement, N: n, Reserved: solver.NewReserved(n), M: solver.AnyM}
		for r := range n {
			for _, c := range []int{0, (r * 7) % n, n - 1 - r%3, 63 % n, 64 % n} {
				p.Reserve(r, c)
			}
		}
		text := Canonical(p)
		back, err := ParseCanonical(text)
		if err != nil {
			t.Fatalf("n = %d: ParseCanonical: %v", n, err)
		}
		if fmt.Sprint(back.Reserved) != fmt.Sprint(p.Reserved) || back.N != n {
			t.Errorf("n = %d: the round trip changes the board", n)
		}
		if got := Canonical(back); got != text {
			t.Errorf("n = %d: Canonical of the round trip differs", n)
		}
		rows := BoardRows(p)
		if len(rows) != n || len(rows[0]) != n || rows[0][0] != '*' || rows[0][n-1] != '*' {
			t.Errorf("n = %d: BoardRows gives %d rows, the first %q…", n, len(rows), rows[0][:min(n, 8)])
		}
	}
	// A row longer than n, or a board too large, is refused, not laid out.
	for _, bad := range []string{
		"queensjudge-problem 1\nkind: reserved\nn: 2\nboard: .../...\nask: placement\n",
		"queensjudge-problem 1\nkind: reserved\nn: 1001\nboard: .\nask: placement\n",
		"queensjudge-problem 1\nkind: reserved\nn: 33\nboard: " + strings.Repeat("/"+strings.Repeat(".", 33), 33)[1:] + "\nask: count\n",
	} {
		if _, err := ParseCanonical(bad); err == nil {
			t.Errorf("ParseCanonical(%.60q…): no error", bad)
		}
	}
}

// TestPast32Refused checks that a board past 32 for count, unique or
// solutions (the file's or generate:'s), and a board past 1,000 for
// placement, is refused at its line with the reason.
func TestPast32Refused(t *testing.T) {
	rows := func(n int) string {
		return strings.Repeat("    "+strings.Repeat(".", n)+"\n", n)
	}
	for _, c := range []struct{ name, text, want string }{
		{"count", "problems:\n- id: q\n  kind: reserved\n  ask: count\n  board: |\n" + rows(40),
			`t.yaml:5: problem "q": n must be 1..32 for reserved count, got 40: boards past 32 are only for placement (up to 1000)`},
		{"unique with n", "problems:\n- id: q\n  kind: reserved\n  ask: unique\n  n: 33\n  board: |\n" + rows(33),
			`t.yaml:5: problem "q": n must be 1..32 for reserved unique, got 33: boards past 32 are only for placement (up to 1000)`},
		{"generate solutions", "problems:\n- id: q\n  kind: reserved\n  ask: solutions\n  tests:\n    - generate: {n: 40,\n        reserved: 10, count: 2, seed: 1}\n",
			`t.yaml:6: problem "q": test "1": n must be 1..32 for reserved solutions, got 40: boards past 32 are only for placement (up to 1000)`},
		{"generate placement", "problems:\n- id: q\n  kind: reserved\n  ask: placement\n  tests:\n    - generate: {n: 1001, reserved: 10, count: 2, seed: 1}\n",
			`t.yaml:6: problem "q": test "1": n must be 1..1000 for reserved placement, got 1001`},
		{"generate too large", "problems:\n- id: q\n  kind: reserved\n  ask: placement\n  tests:\n    - generate: {n: 1000, reserved: 10, count: 34, seed: 1}\n",
			`t.yaml:6: problem "q": test "1": generate: 34 boards of 1000×1000 take 34,000,000 squares, more than the 33,554,432 a file's generate: items may draw (0 drawn above): ask for fewer or smaller boards`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("t.yaml", []byte(c.text))
			var msgs []string
			for _, e := range flatten(err) {
				var pe *Error
				if !errors.As(e, &pe) {
					t.Fatalf("error %q is a %T, want *Error", e, e)
				}
				msgs = append(msgs, e.Error())
			}
			if got := strings.Join(msgs, "\n"); got != c.want {
				t.Errorf("Parse = %q, want %q", got, c.want)
			}
		})
	}
}
