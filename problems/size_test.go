package problems

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

func TestDigitsUpTo(t *testing.T) {
	var slow int64 // the digits of 1..n, written out one by one
	for n := 0; n <= 1_000_000; n++ {
		if n > 0 {
			slow += int64(len(strconv.Itoa(n)))
		}
		if n <= 2000 || n%99_991 == 0 || n == 1_000_000 {
			if got := digitsUpTo(n); got != slow {
				t.Fatalf("digitsUpTo(%d) = %d, want %d", n, got, slow)
			}
		}
	}
	// 9 + 2·90 + 3·900 + … + 7·9,000,000 + 8.
	if got, want := digitsUpTo(10_000_000), int64(68_888_897); got != want {
		t.Errorf("digitsUpTo(10^7) = %d, want %d", got, want)
	}
}

// TestAnswerBytes checks the bound against the two forms it bounds, written
// out: the cache's text (Placement.String) and the key's JSON array, a
// line a column, as internal/output writes it.
func TestAnswerBytes(t *testing.T) {
	for n := 1; n <= 1200; n++ {
		p := solver.Problem{Kind: solver.NQueens, Ask: solver.AskPlacement, N: n, M: solver.AnyM}
		cols, ok := solver.Construct(n)
		if !ok {
			continue
		}
		text := solver.FromColumns(cols).String()
		var b strings.Builder
		b.WriteString("[\n")
		for i, c := range cols {
			fmt.Fprintf(&b, "      %d", c+1)
			if i < len(cols)-1 {
				b.WriteString(",")
			}
			b.WriteString("\n")
		}
		b.WriteString("    ]")
		got := answerBytes(p)
		if int64(len(text)) > got || int64(b.Len()) > got+testBytes {
			t.Fatalf("answerBytes(nqueens placement %d) = %d, want at least %d (cache) and %d (JSON) less %d", n, got, len(text), b.Len(), testBytes)
		}
	}
	for _, p := range []solver.Problem{
		{Kind: solver.NQueens, Ask: solver.AskCount, N: 27},
		{Kind: solver.NQueens, Ask: solver.AskSolutions, N: 27},
		{Kind: solver.Reserved, Ask: solver.AskPlacement, N: 32},
		{Kind: solver.QueensKnights, Ask: solver.AskPlacement, N: 23},
		{Kind: solver.NQueens, Ask: solver.AskPlacement, N: 0},
		{Kind: solver.NQueens, Ask: solver.AskPlacement, N: solver.MaxPlacementN + 1},
	} {
		if got := answerBytes(p); got != 0 {
			t.Errorf("answerBytes(%s %s %d) = %d, want 0: it fits in testBytes, or is refused besides", p.Kind, p.Ask, p.N, got)
		}
	}
	// The largest placement: what a set of n = 10^7 placements is counted at.
	if got, want := answerBytes(solver.Problem{Kind: solver.NQueens, Ask: solver.AskPlacement, N: 10_000_000}), int64(148_888_897); got != want {
		t.Errorf("answerBytes(nqueens placement 10^7) = %d, want %d", got, want)
	}
}

func TestByteSize(t *testing.T) {
	for _, tc := range []struct {
		b    int64
		want string
	}{
		{0, "0 bytes"},
		{999, "999 bytes"},
		{1000, "1.0 kB"},
		{4096, "4.1 kB"},
		{9_949_999, "9.9 MB"},
		{9_950_000, "10.0 MB"},
		{947_000_000, "947 MB"},
		{MaxSetBytes + 1, "1.1 GB"},
		{1_787_000_000, "1.8 GB"},
		{148_900_000_000, "149 GB"},
		{1_490_000_000_000, "1.5 TB"},
	} {
		if got := byteSize(tc.b); got != tc.want {
			t.Errorf("byteSize(%d) = %q, want %q", tc.b, got, tc.want)
		}
	}
	if MaxSetBytes%(1<<30) != 0 {
		t.Errorf("MaxSetBytes = %d, not a whole number of GiB, as its message words it", MaxSetBytes)
	}
}

// TestSetSize loads sets of large placements, which are refused or not by
// the size of their answers alone: nothing is solved.
func TestSetSize(t *testing.T) {
	placements := func(from, to int) string {
		return fmt.Sprintf("problems:\n  - id: big\n    kind: nqueens\n    ask: placement\n    tests:\n      - generate: {from: %d, to: %d}\n", from, to)
	}
	for _, tc := range []struct {
		name, data string
		want       string // the one mistake, or "" for a set that loads
	}{
		// The set of issue 44: 947 MB in the cache, 1.8 GB as JSON.
		{"12 placements of n ≈ 10^7", placements(9_999_989, 10_000_000),
			`set.yaml:6: problem "big": test "8": the set's answers would take 1.8 GB, more than the 1 GiB a set may write to the cache or the answer key, from this test on: ask for fewer or smaller n-queens placements`},
		{"1,000 placements of n ≈ 10^7", placements(9_999_001, 10_000_000),
			`set.yaml:6: problem "big": test "8": the set's answers would take 149 GB, more than the 1 GiB a set may write to the cache or the answer key, from this test on: ask for fewer or smaller n-queens placements`},
		{"7 placements of n ≈ 10^7", placements(9_999_994, 10_000_000), ""},
		{"1,000 placements of n ≈ 10^6", placements(999_001, 1_000_000),
			`set.yaml:6: problem "big": test "78": the set's answers would take 14 GB, more than the 1 GiB a set may write to the cache or the answer key, from this test on: ask for fewer or smaller n-queens placements`},
		{"1,000 placements of n ≈ 10^4", placements(9_001, 10_000), ""},
		{"problems of one instance", `problems:
  - {id: a, kind: nqueens, ask: placement, n: 10000000}
  - {id: b, kind: nqueens, ask: count, n: 8}
  - {id: c, kind: nqueens, ask: placement, n: 9999999}
  - {id: d, kind: nqueens, ask: placement, n: 9999998}
  - {id: e, kind: nqueens, ask: placement, n: 9999997}
  - {id: f, kind: nqueens, ask: placement, n: 9999996}
  - {id: g, kind: nqueens, ask: placement, n: 9999995}
  - {id: h, kind: nqueens, ask: placement, n: 9999994}
  - {id: i, kind: nqueens, ask: placement, n: 9999993}
`, `set.yaml:10: problem "i": the set's answers would take 1.2 GB, more than the 1 GiB a set may write to the cache or the answer key, from this problem on: ask for fewer or smaller n-queens placements`},
		// An n refused besides counts nothing: one mistake, not two.
		{"n past the limit", `problems:
  - {id: a, kind: nqueens, ask: placement, n: 99999999999}
`, `set.yaml:2: problem "a": n must be 1..10000000 for nqueens placement, got 99999999999`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("set.yaml", []byte(tc.data))
			var got []string
			for _, e := range flatten(err) {
				got = append(got, e.Error())
			}
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("Parse = %q, want no error", got)
			case tc.want != "" && (len(got) != 1 || got[0] != tc.want):
				t.Errorf("Parse = %q,\nwant %q", got, tc.want)
			}
			var e *Error
			if err != nil && !errors.As(err, &e) {
				t.Errorf("Parse's error %v is not an *Error", err)
			}
		})
	}
}
