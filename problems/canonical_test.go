package problems

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

func TestCanonical(t *testing.T) {
	tests := []struct {
		p    solver.Problem
		want string
	}{
		{nq(8, solver.AskCount), "queensjudge-problem 1\nkind: nqueens\nn: 8\nask: count\n"},
		{rs(solver.AskUnique, 0, 1<<1, 0), "queensjudge-problem 1\nkind: reserved\nn: 3\nboard: .../.*./...\nask: unique\n"},
		{qk(8, solver.AnyM, solver.AskMax), "queensjudge-problem 1\nkind: queens-knights\nn: 8\nm: max\nask: max\n"},
		{qk(8, 5, solver.AskCount), "queensjudge-problem 1\nkind: queens-knights\nn: 8\nm: 5\nask: count\n"},
		{qk(3, 0, solver.AskCount), "queensjudge-problem 1\nkind: queens-knights\nn: 3\nm: 0\nask: count\n"},
		// M means nothing to an n-queens problem, whether unset or AnyM.
		{solver.Problem{Kind: solver.NQueens, N: 5, Ask: solver.AskPlacement}, "queensjudge-problem 1\nkind: nqueens\nn: 5\nask: placement\n"},
	}
	for _, tt := range tests {
		if got := Canonical(tt.p); got != tt.want {
			t.Errorf("Canonical(%+v) = %q, want %q", tt.p, got, tt.want)
		}
		sum := sha256.Sum256([]byte(tt.want))
		if got, want := Hash(tt.p), hex.EncodeToString(sum[:]); got != want {
			t.Errorf("Hash(%+v) = %s, want %s", tt.p, got, want)
		}
	}
}

// TestCanonicalSensitive checks that every change to a definition that can
// change its answer changes its canonical text.
func TestCanonicalSensitive(t *testing.T) {
	problems := []solver.Problem{
		nq(8, solver.AskCount),
		nq(9, solver.AskCount),
		nq(8, solver.AskUnique),
		nq(8, solver.AskSolutions),
		nq(8, solver.AskPlacement),
		rs(solver.AskCount, 0, 0, 0, 0, 0, 0, 0, 0),
		rs(solver.AskUnique, 0, 0, 0, 0, 0, 0, 0, 0),
		rs(solver.AskCount, 1, 0, 0, 0, 0, 0, 0, 0),
		rs(solver.AskCount, 0, 0, 0, 0, 0, 0, 0, 1<<7),
		rs(solver.AskCount, 0, 1, 0, 0, 0, 0, 0, 0),
		rs(solver.AskCount, 0, 0, 0),
		rs(solver.AskCount, 0, 0, 0, 0, 0, 0, 0, 0, 0),
		qk(8, solver.AnyM, solver.AskCount),
		qk(8, 5, solver.AskCount),
		qk(8, 4, solver.AskCount),
		qk(8, 0, solver.AskCount),
		qk(9, 5, solver.AskCount),
		qk(8, 5, solver.AskUnique),
		qk(8, solver.AnyM, solver.AskMax),
		qk(8, solver.AnyM, solver.AskPlacement),
		qk(8, 5, solver.AskPlacement),
	}
	seen := map[string]solver.Problem{}
	for _, p := range problems {
		h := Hash(p)
		if q, dup := seen[h]; dup {
			t.Errorf("Hash(%+v) = Hash(%+v) = %s, want them different", p, q, h)
		}
		seen[h] = p
	}
}

// TestCanonicalInvariant checks that what is not part of the definition
// does not change its text.
func TestCanonicalInvariant(t *testing.T) {
	a, err := Parse("a.yaml", []byte(`name: a
problems:
  - id: one
    title: First
    points: 3
    kind: reserved
    board: |
      *..
      ...
      ..*
    ask: count
  - id: qk
    kind: queens-knights
    n: 6
    ask: max
`))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Parse("b.yaml", []byte(`problems:
- {ask: count, board: ['*..', '...', '..*'], n: 3, kind: reserved, id: other}
- {ask: max, n: 6, kind: queens-knights, id: qk-again, title: Again, points: 9}
`))
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Problems {
		pa, pb := a.Problems[i], b.Problems[i]
		if ha, hb := Hash(pa.Problem), Hash(pb.Problem); ha != hb {
			t.Errorf("Hash(%s) = %s, Hash(%s) = %s, want them equal:\n%s\n%s",
				pa.ID, ha, pb.ID, hb, Canonical(pa.Problem), Canonical(pb.Problem))
		}
	}
}

func TestParseCanonicalRoundTrip(t *testing.T) {
	set, err := Load("testdata/good/spring-cup.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range set.Problems {
		text := Canonical(p.Problem)
		back, err := ParseCanonical(text)
		if err != nil {
			t.Errorf("%s: ParseCanonical: %v", p.ID, err)
			continue
		}
		if got := Canonical(back); got != text {
			t.Errorf("%s: round trip gives\n%s\nwant\n%s", p.ID, got, text)
		}
	}
	for _, bad := range []string{"", "queensjudge-problem 2\n", "queensjudge-problem 1\nkind: nqueens\nn: x\nask: count\n", "queensjudge-problem 1\nkind: nqueens\nn: 0\nask: count\n"} {
		if _, err := ParseCanonical(bad); err == nil {
			t.Errorf("ParseCanonical(%q): no error", bad)
		}
	}
}
