package problems

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/solver"
)

func TestLoadTests(t *testing.T) {
	s, err := Load("testdata/tests/family.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cses, _ := s.Problem("cses")
	if !cses.HasTests() || !cses.Scored() || cses.Points != 100 {
		t.Errorf("cses: HasTests %v, Scored %v, Points %d; want true, true, 100", cses.HasTests(), cses.Scored(), cses.Points)
	}
	if got := len(cses.Tests); got != 26 {
		t.Errorf("cses has %d tests, want 1 + 20 + 5", got)
	}
	var refs []string
	for _, c := range cses.Cases() {
		refs = append(refs, c.Ref())
		if c.Test == nil || c.HasTests() || c.ID != "cses" {
			t.Fatalf("case %s: Test %v, HasTests %v, ID %q", c.Ref(), c.Test, c.HasTests(), c.ID)
		}
		if err := c.Problem.Validate(); err != nil {
			t.Errorf("case %s: %v", c.Ref(), err)
		}
		if got := c.Cases(); len(got) != 1 || got[0].Ref() != c.Ref() {
			t.Errorf("Cases of case %s = %d cases, want itself", c.Ref(), len(got))
		}
	}
	if refs[0] != "cses/1" || refs[1] != "cses/2" || refs[21] != "cses/big-1" || refs[25] != "cses/big-5" {
		t.Errorf("case refs %v", refs)
	}
	if first := cses.Tests[0]; !first.Sample || first.Group != "" {
		t.Errorf("test 1: sample %v group %q, want a sample in no group", first.Sample, first.Group)
	}
	if g := cses.Tests[1].Group; g != "small" {
		t.Errorf("test 2 is in group %q, want small", g)
	}

	nq, _ := s.Problem("nq")
	for i, c := range nq.Cases() {
		if c.N != i+1 || c.Test.Name != fmt.Sprint(i+1) {
			t.Errorf("nq case %d: n %d, name %q", i, c.N, c.Test.Name)
		}
	}
	if nq.Scored() || nq.Points != 1 {
		t.Errorf("nq: Scored %v, Points %d, want a pass-fail problem worth 1", nq.Scored(), nq.Points)
	}
	qk, _ := s.Problem("qk")
	if tt, ok := qk.TestNamed("eight"); !ok || tt.Problem.N != 8 || tt.Problem.M != solver.AnyM {
		t.Errorf("qk test eight: %+v, %v", tt, ok)
	}

	// A problem without tests is its own one case, with no Test.
	plain, err := Parse("plain.yaml", []byte("problems:\n  - {id: q, kind: nqueens, n: 8, ask: count}\n"))
	if err != nil {
		t.Fatal(err)
	}
	p := plain.Problems[0]
	if p.HasTests() || len(p.Cases()) != 1 || p.Cases()[0].Test != nil || p.Ref() != "q" {
		t.Errorf("a plain problem: HasTests %v, %d cases, Ref %q", p.HasTests(), len(p.Cases()), p.Ref())
	}
}

// TestGeneratedBoards keeps the generated boards byte for byte: the format
// promises the same boards from the same set in every later version, so
// that a change here is a change of the format, never to be -updated
// lightly.
func TestGeneratedBoards(t *testing.T) {
	s, err := Load("testdata/tests/family.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, p := range s.Problems {
		for _, c := range p.Cases() {
			fmt.Fprintf(&b, "# %s\n%s", c.Ref(), Canonical(c.Problem))
		}
	}
	testflag.Golden(t, "testdata/tests/family.golden", []byte(b.String()))
}

// TestGeneratedPlacements checks the placements the generator promises
// against the solver's count: every board of placements: some has one,
// every board of placements: none has none, and the boards are distinct
// with the number of reserved squares asked for.
func TestGeneratedPlacements(t *testing.T) {
	for _, want := range []string{"some", "none"} {
		var work genWork
		boards, err := randomBoards(&work, 6, 8, 30, 7, want)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for i, b := range boards {
			p := solver.Problem{Kind: solver.Reserved, Ask: solver.AskCount, N: 6, Reserved: b, M: solver.AnyM}
			a, err := solver.Solve(context.Background(), p, solver.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if (a.Count > 0) != (want == "some") {
				t.Errorf("placements %s: board %d has %v placements", want, i, a.Count)
			}
			reserved := 0
			for _, m := range b {
				for ; m != 0; m &= m - 1 {
					reserved++
				}
			}
			if reserved != 8 {
				t.Errorf("board %d has %d reserved squares, want 8", i, reserved)
			}
			if k := fmt.Sprint(b); seen[k] {
				t.Errorf("board %d drawn twice", i)
			} else {
				seen[k] = true
			}
		}
	}
}

// TestSplitMix64 checks the stream against the reference implementation's
// first outputs from seed 1234567 (Vigna, splitmix64.c).
func TestSplitMix64(t *testing.T) {
	s := splitmix64{state: 1234567}
	want := []uint64{6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821}
	for i, w := range want {
		if got := s.next(); got != w {
			t.Errorf("output %d = %d, want %d", i, got, w)
		}
	}
	// below is uniform by rejection: every value of a small range comes.
	counts := make([]int, 7)
	for range 7000 {
		counts[s.below(7)]++
	}
	for v, c := range counts {
		if c < 800 || c > 1200 {
			t.Errorf("below(7) gave %d %d times in 7000", v, c)
		}
	}
}
