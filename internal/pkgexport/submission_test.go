package pkgexport

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// TestSubmission: every package of a Kattis layout carries
// submissions/accepted/ (2025-09 requires it: BAPCtools' bt run found "No
// submissions", bt zip "No matches for required path
// submissions/accepted/**/*", issue 47), a Python program that prints
// the answer file of each input, byte for byte: a short answer as text,
// a long one (a 1,000-queen placement) compressed; and an input it does
// not know is an error, not a guess. Run with python3 where there is one.
func TestSubmission(t *testing.T) {
	ctx := context.Background()
	big := problems.Problem{Problem: solver.Problem{Kind: solver.NQueens, Ask: solver.AskPlacement, N: 1000, M: solver.AnyM}, ID: "big"}
	cols := make([]int, 1000)
	for i := range cols {
		cols[i] = (2*i + i/500) % 1000 // not a placement: the program does not look
	}
	pl := solver.FromColumns(cols)
	bigPkg := Package{Set: "s", Secret: Case{Problem: big, Truth: judge.Truth{Problem: big.Problem, Answer: solver.Answer{Placement: &pl}}}}
	bigPkg.Sample = eightQueens(t).Sample
	bigPkg.Binary = eightQueens(t).Binary
	python, pyErr := exec.LookPath("python3")
	for _, tc := range []struct {
		name string
		pkg  Package
	}{{"tests", withTests(t, true)}, {"classic", eightQueens(t)}, {"long answer", bigPkg}} {
		for _, layout := range []Layout{Legacy, V2023_07, V2025_09} {
			t.Run(tc.name+"/"+string(layout), func(t *testing.T) {
				t.Parallel()
				out := t.TempDir()
				dir := filepath.Join(out, "p")
				if err := Write(ctx, claimOut(t, out, tc.pkg), dir, layout, tc.pkg); err != nil {
					t.Fatal(err)
				}
				prog := filepath.Join(dir, filepath.FromSlash(SubmissionPath))
				fi, err := os.Stat(prog)
				if err != nil {
					t.Fatal(err)
				}
				if fi.Mode().Perm() != 0o755 {
					t.Errorf("%s has mode %v, want 0755", SubmissionPath, fi.Mode().Perm())
				}
				if layout != V2025_09 {
					return // the same program in every layout: run once
				}
				if pyErr != nil {
					t.Skip("no python3 to run it")
				}
				ins, _ := filepath.Glob(filepath.Join(dir, "data", "*", "*.in"))
				more, _ := filepath.Glob(filepath.Join(dir, "data", "*", "*", "*.in"))
				ins = append(ins, more...)
				if len(ins) < 2 {
					t.Fatalf("%d inputs in the package", len(ins))
				}
				for _, in := range ins {
					want, _ := os.ReadFile(strings.TrimSuffix(in, ".in") + ".ans")
					cmd := exec.Command(python, prog)
					cmd.Stdin, _ = os.Open(in)
					got, err := cmd.Output()
					if err != nil || !bytes.Equal(got, want) {
						t.Errorf("%s < %s = %.40q, %v, want %.40q", SubmissionPath, in, got, err, want)
					}
				}
				cmd := exec.Command(python, prog)
				cmd.Stdin = strings.NewReader("9\n")
				if got, err := cmd.Output(); err == nil || len(got) > 0 {
					t.Errorf("%s < an unknown input = %q, %v, want no output and an error", SubmissionPath, got, err)
				}
			})
		}
	}
}
