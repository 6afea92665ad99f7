package validator

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/pkgexport"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/solver"
)

// problemsOfEveryAsk are small problems of every kind and ask, with the
// forms an answer file takes: a number, a placement in columns or board
// rows, none, and lists of each.
var problemsOfEveryAsk = []solver.Problem{
	{Kind: solver.NQueens, N: 8, Ask: solver.AskCount, M: solver.AnyM},
	{Kind: solver.NQueens, N: 8, Ask: solver.AskUnique, M: solver.AnyM},
	{Kind: solver.NQueens, N: 8, Ask: solver.AskPlacement, M: solver.AnyM},
	{Kind: solver.NQueens, N: 3, Ask: solver.AskPlacement, M: solver.AnyM},
	{Kind: solver.NQueens, N: 6, Ask: solver.AskSolutions, M: solver.AnyM},
	{Kind: solver.NQueens, N: 2, Ask: solver.AskSolutions, M: solver.AnyM},
	{Kind: solver.Reserved, N: 5, Reserved: []uint64{1, 0, 4, 0, 0}, Ask: solver.AskCount, M: solver.AnyM},
	{Kind: solver.Reserved, N: 5, Reserved: []uint64{1, 0, 4, 0, 0}, Ask: solver.AskSolutions, M: solver.AnyM},
	{Kind: solver.QueensKnights, N: 6, Ask: solver.AskMax, M: solver.AnyM},
	{Kind: solver.QueensKnights, N: 6, Ask: solver.AskCount, M: solver.AnyM},
	{Kind: solver.QueensKnights, N: 6, Ask: solver.AskPlacement, M: solver.AnyM},
	{Kind: solver.QueensKnights, N: 5, Ask: solver.AskSolutions, M: 2},
	{Kind: solver.QueensKnights, N: 6, Ask: solver.AskSolutions, M: solver.AnyM},
}

// answerFile writes the input and answer files export writes for p into
// dir and returns their paths and the case of their digests.
func answerFile(t *testing.T, dir string, p solver.Problem) (input, path string, c Case, truth judge.Truth) {
	t.Helper()
	truth, err := judge.SolveTruth(context.Background(), p, solver.Options{})
	if err != nil {
		t.Fatalf("%v: %v", p, err)
	}
	var b bytes.Buffer
	if err := pkgexport.WriteAnswer(context.Background(), &b, truth); err != nil {
		t.Fatalf("%v: %v", p, err)
	}
	path = filepath.Join(dir, strings.ReplaceAll(string(p.Kind)+"-"+string(p.Ask), "/", "")+".ans")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	input = path + ".in"
	if err := os.WriteFile(input, []byte(pkgexport.Input(p)), 0o644); err != nil {
		t.Fatal(err)
	}
	c.Answer, err = Digest(path)
	if err != nil {
		t.Fatal(err)
	}
	c.Input, _ = Digest(input)
	return input, path, c, truth
}

// TestTruthOf reads the ground truth back from the answer file export
// writes, for every kind and ask, and holds it to the solver's: the same
// count, a placement or none alike, the same m; the answer file itself is
// accepted against it, as problemtools requires.
func TestTruthOf(t *testing.T) {
	ctx := context.Background()
	for _, p := range problemsOfEveryAsk {
		dir := t.TempDir()
		input, path, c, want := answerFile(t, dir, p)
		got, err := TruthOf(ctx, p, input, path, []Case{{strings.Repeat("0", 64), strings.Repeat("1", 64)}, c})
		if err != nil {
			t.Errorf("TruthOf(%v): %v", p, err)
			continue
		}
		if got.Answer.Count != want.Answer.Count || (got.Answer.Placement == nil) != (want.Answer.Placement == nil) {
			t.Errorf("TruthOf(%v) = count %d, placement %v; the solver says %d, %v", p, got.Answer.Count, got.Answer.Placement != nil, want.Answer.Count, want.Answer.Placement != nil)
		}
		if p.Kind == solver.QueensKnights && p.Ask != solver.AskCount && got.Answer.M != want.Answer.M {
			t.Errorf("TruthOf(%v): m %d, the solver says %d", p, got.Answer.M, want.Answer.M)
		}
		f, _ := os.Open(path)
		if j := judge.Judge(ctx, got, f, judge.Limits{}); j.Verdict != judge.AC {
			t.Errorf("TruthOf(%v): the answer file itself is %s: %s", p, j.Verdict, j.Message)
		}
		f.Close()
		// A team listing one placement too few of a solutions problem is
		// told so: the truth's count is the list's.
		if p.Ask == solver.AskSolutions && want.Answer.Count > 1 {
			data, _ := os.ReadFile(path)
			lines := strings.SplitAfterN(string(data), "\n", 2)
			if p.Kind != solver.QueensKnights {
				if j := judge.Judge(ctx, got, strings.NewReader(lines[1]), judge.Limits{}); j.Verdict != judge.WA {
					t.Errorf("TruthOf(%v): a list one short is %s, want WA", p, j.Verdict)
				}
			}
		}
	}
}

// TestTruthOfRefuses gives TruthOf answer files that are not the
// package's: any other text is an error that names the file, whatever
// number it parses as, and a file that is missing is one too.
func TestTruthOfRefuses(t *testing.T) {
	ctx := context.Background()
	p := solver.Problem{Kind: solver.NQueens, N: 8, Ask: solver.AskCount, M: solver.AnyM}
	dir := t.TempDir()
	input, right, c, _ := answerFile(t, dir, p)
	other := solver.Problem{Kind: solver.NQueens, N: 5, Ask: solver.AskCount, M: solver.AnyM}
	otherIn, otherAns, oc, _ := answerFile(t, t.TempDir(), other)
	cases := []Case{oc, c}
	// The answer of another case of the package, with this input, and this
	// answer with the other input: each is the package's, not the pair's.
	if _, err := TruthOf(ctx, p, input, otherAns, cases); err == nil || !strings.Contains(err.Error(), otherAns) {
		t.Errorf("TruthOf(the other case's answer file) = %v, want an error naming it", err)
	}
	if _, err := TruthOf(ctx, p, otherIn, right, cases); err == nil || !strings.Contains(err.Error(), right) {
		t.Errorf("TruthOf(an answer with the other case's input) = %v, want an error naming it", err)
	}
	for _, text := range []string{"93\n", "92.0\n", "92\n\n", "-92\n", "99999999999999999999\n", "5\n6\n", "92", " 92\n", "\ufeff92\n", ""} {
		path := filepath.Join(dir, "wrong.ans")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := TruthOf(ctx, p, input, path, cases); err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("TruthOf(answer %q) = %v, want an error naming the answer file", text, err)
		}
	}
	if _, err := TruthOf(ctx, p, input, filepath.Join(dir, "missing.ans"), cases); err == nil {
		t.Error("TruthOf(a missing answer file) = nil, want an error")
	}
}
