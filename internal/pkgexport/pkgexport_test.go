package pkgexport

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	_ "github.com/queensjudge/queensjudge/internal/testflag" // -update and -long, as ./... passes them
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

func TestInputRoundTrip(t *testing.T) {
	for _, p := range []solver.Problem{
		{Kind: solver.NQueens, Ask: solver.AskCount, N: 8, M: solver.AnyM},
		{Kind: solver.Reserved, Ask: solver.AskCount, N: 3, M: solver.AnyM, Reserved: []uint64{1, 0, 4}},
		{Kind: solver.QueensKnights, Ask: solver.AskPlacement, N: 6, M: 3},
	} {
		in := Input(p)
		got, err := problems.ParseInput("in", []byte(in), p.Kind, p.Ask, p.M)
		if err != nil {
			t.Fatalf("ParseInput(Input(%v)) = %v", p, err)
		}
		if Input(got) != in {
			t.Errorf("Input(ParseInput(%q)) = %q, want the same", in, Input(got))
		}
	}
}

func TestFlags(t *testing.T) {
	if got, want := Flags(solver.Problem{Kind: solver.QueensKnights, Ask: solver.AskPlacement, M: 3}), "kind=queens-knights ask=placement m=3"; got != want {
		t.Errorf("Flags = %q, want %q", got, want)
	}
	if got, want := Flags(solver.Problem{Kind: solver.QueensKnights, Ask: solver.AskMax, M: solver.AnyM}), "kind=queens-knights ask=max"; got != want {
		t.Errorf("Flags = %q, want %q", got, want)
	}
}

func TestWriteAnswerRefusesHugeLists(t *testing.T) {
	tr := judge.Truth{Problem: solver.Problem{Kind: solver.NQueens, Ask: solver.AskSolutions, N: 14}, Answer: solver.Answer{Count: 365596}}
	err := WriteAnswer(context.Background(), &bytes.Buffer{}, tr)
	if err == nil || !strings.Contains(err.Error(), "too many") {
		t.Errorf("WriteAnswer(365596 placements) = %v, want a refusal", err)
	}
}

func TestCheckStaticRefusesTheTestBinary(t *testing.T) {
	// This package's test binary has no cgo and is usually static; the
	// main package's test (TestExportRefusals) covers a dynamic one.
	if err := CheckStatic(os.Args[0]); err == nil {
		t.Skip("the test binary is static")
	} else if !strings.Contains(err.Error(), "dynamically linked") {
		t.Errorf("CheckStatic(test binary) = %v, want \"dynamically linked\"", err)
	}
	if err := CheckStatic("pkgexport.go"); err == nil {
		t.Error("CheckStatic(a Go source file) = nil, want an error")
	}
}

func TestUUIDStable(t *testing.T) {
	a, b := uuid("set", "p"), uuid("set", "p")
	if a != b || len(a) != 36 || a[14] != '5' || uuid("set", "q") == a {
		t.Errorf("uuid = %s, %s: want stable, version 5, 36 characters, distinct per problem", a, b)
	}
}

func TestStatementSections(t *testing.T) {
	p := problems.Problem{Problem: solver.Problem{Kind: solver.Reserved, Ask: solver.AskUnique, N: 4, M: solver.AnyM, Reserved: make([]uint64, 4)}, ID: "a_b", Title: "50% & more"}
	s := Statement(p)
	for _, want := range []string{`\problemname{50\% \& more}`, `\section*{Input}`, `\section*{Output}`, "reserved"} {
		if !strings.Contains(s, want) {
			t.Errorf("Statement lacks %q:\n%s", want, s)
		}
	}
}

// TestStatementPieces: the output section names knights only where the
// problem has them.
func TestStatementPieces(t *testing.T) {
	for _, p := range []solver.Problem{
		{Kind: solver.Reserved, Ask: solver.AskPlacement, N: 4, M: solver.AnyM, Reserved: solver.NewReserved(4)},
		{Kind: solver.NQueens, Ask: solver.AskSolutions, N: 6, M: solver.AnyM},
		{Kind: solver.QueensKnights, Ask: solver.AskPlacement, N: 6, M: 3},
	} {
		s := Statement(problems.Problem{Problem: p, ID: "x"})
		if knights := p.Kind == solver.QueensKnights; strings.Contains(s, "knight") != knights {
			t.Errorf("Statement of %s %s: mentions knights: %v, want %v:\n%s", p.Kind, p.Ask, !knights, knights, s)
		}
	}
}

// TestSampleIsNotTheSecret gives every kind a secret case that is the
// sample SampleOf would give, or one of its rotations and reflections: the
// sample must then be another problem, so that its answer, shown to the
// teams, is not the secret one.
func TestSampleIsNotTheSecret(t *testing.T) {
	corners := []uint64{1 << 0, 0, 0, 0, 1 << 4} // a1, e5
	other := []uint64{1 << 4, 0, 0, 0, 1 << 0}   // e1, a5: a quarter turn of it
	centre := []uint64{0, 0, 1 << 2, 0, 0}
	for _, p := range []solver.Problem{
		{Kind: solver.NQueens, N: 5, Ask: solver.AskCount, M: solver.AnyM},
		{Kind: solver.NQueens, N: 6, Ask: solver.AskCount, M: solver.AnyM},
		{Kind: solver.QueensKnights, N: 6, Ask: solver.AskMax, M: solver.AnyM},
		{Kind: solver.QueensKnights, N: 5, Ask: solver.AskCount, M: 3},
		{Kind: solver.QueensKnights, N: 10, Ask: solver.AskCount, M: 8},
		{Kind: solver.QueensKnights, N: 8, Ask: solver.AskPlacement, M: 8},
		{Kind: solver.QueensKnights, N: 6, Ask: solver.AskCount, M: 6},
		{Kind: solver.Reserved, N: 5, Reserved: corners, Ask: solver.AskCount, M: solver.AnyM},
		{Kind: solver.Reserved, N: 5, Reserved: other, Ask: solver.AskUnique, M: solver.AnyM},
		{Kind: solver.Reserved, N: 5, Reserved: centre, Ask: solver.AskCount, M: solver.AnyM},
		{Kind: solver.Reserved, N: 8, Reserved: make([]uint64, 8), Ask: solver.AskCount, M: solver.AnyM},
	} {
		s := SampleOf(problems.Problem{Problem: p, ID: "x"})
		if s.Kind != p.Kind || s.Ask != p.Ask || s.M != p.M {
			t.Errorf("SampleOf(%v) = %v: another kind, ask or m", p, s.Problem)
		}
		if SameBoard(s.Problem, p) {
			t.Errorf("SampleOf(%v) = %v: the secret case or one of its images", p, s.Problem)
		}
		if err := s.Validate(); err != nil {
			t.Errorf("SampleOf(%v) = %v: %v", p, s.Problem, err)
		}
	}
	if !SameBoard(solver.Problem{Kind: solver.Reserved, N: 5, Reserved: corners}, solver.Problem{Kind: solver.Reserved, N: 5, Reserved: other}) {
		t.Error("SameBoard: a quarter turn of a board is not the same board")
	}
	if SameBoard(solver.Problem{Kind: solver.Reserved, N: 5, Reserved: corners}, solver.Problem{Kind: solver.Reserved, N: 5, Reserved: centre}) {
		t.Error("SameBoard: two boards with different squares are the same")
	}
}

// TestStatementOfTests: the input section of a problem with tests gives
// the range of n of its tests, not one secret n.
func TestStatementOfTests(t *testing.T) {
	p := problems.Problem{Problem: solver.Problem{Kind: solver.NQueens, Ask: solver.AskCount, M: solver.AnyM}, ID: "nq"}
	for _, tc := range []struct {
		ns   []int
		want string
	}{
		{[]int{4, 7, 5}, "($4 \\le n \\le 7$ in the test cases)"},
		{[]int{6, 6}, "($n = 6$ in every test case)"},
	} {
		p.Tests = nil
		for _, n := range tc.ns {
			p.Tests = append(p.Tests, problems.Test{Problem: solver.Problem{Kind: solver.NQueens, Ask: solver.AskCount, M: solver.AnyM, N: n}})
		}
		if s := Statement(p); !strings.Contains(s, tc.want) {
			t.Errorf("Statement of tests n = %v has no %q:\n%s", tc.ns, tc.want, s)
		}
	}
}
