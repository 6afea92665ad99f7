package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/solver"
)

// overBudgetSet holds a count of years next to problems answered at once.
const overBudgetSet = `name: budget-cup
problems:
  - id: q27
    kind: nqueens
    n: 27
    ask: count
  - id: q8
    kind: nqueens
    n: 8
    ask: count
  - id: p1000
    kind: nqueens
    n: 1000
    ask: placement
`

// TestEstimate checks solve --estimate: a row per problem, the count of
// years refused, the others not, and nothing solved or stored.
func TestEstimate(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	set := filepath.Join(dir, "set.yaml")
	writeFile(t, set, overBudgetSet)
	con := newConsole(output.JSON, "")
	es, err := app.Estimate(context.Background(), con.Console, app.EstimateRequest{Sets: []string{set}, Batch: batch})
	if err != nil {
		t.Fatal(err)
	}
	var printed []app.Estimated
	if err := json.Unmarshal(con.stdout.Bytes(), &printed); err != nil {
		t.Fatalf("%v\n%s", err, con.stdout)
	}
	if len(es) != 3 || len(printed) != 3 {
		t.Fatalf("estimates %+v, printed %s: want 3", es, con.stdout)
	}
	refused := map[string]bool{}
	for _, e := range printed {
		refused[e.ID] = e.Refused
		if e.BudgetSeconds != solver.DefaultBudget.Seconds() || e.CPUSeconds <= 0 || e.Estimate == "" {
			t.Errorf("estimate %+v: want the default budget and an estimate", e)
		}
	}
	if !refused["q27"] || refused["q8"] || refused["p1000"] {
		t.Errorf("refused: %v, want q27 only", refused)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("estimate left %d files in the set's folder, want the set alone", len(entries))
	}

	// The budget decides: n = 18 takes seconds, more than one.
	writeFile(t, set, "problems:\n  - {id: q18, kind: nqueens, n: 18, ask: count}\n")
	for _, c := range []struct {
		budget  time.Duration
		refused bool
	}{{0, false}, {time.Second, true}, {time.Hour * 8766, false}} {
		b := batch
		b.Budget = c.budget
		es, err := app.Estimate(context.Background(), newConsole(output.JSON, "").Console, app.EstimateRequest{Sets: []string{set}, Batch: b})
		if err != nil || len(es) != 1 || es[0].Refused != c.refused {
			t.Errorf("q18 with a budget of %v: %+v, %v; want refused %v", c.budget, es, err, c.refused)
		}
	}
	b := batch
	b.Budget = time.Millisecond
	if _, err := app.Estimate(context.Background(), con.Console, app.EstimateRequest{Sets: []string{set}, Batch: b}); status.KindOf(err) != status.Usage {
		t.Errorf("a budget of 1 ms: %v, want a usage error", err)
	}
}

// TestSolveOverBudget checks that solve refuses the count of years at once,
// with its estimate and the way on, and answers the rest.
func TestSolveOverBudget(t *testing.T) {
	t.Parallel()
	set := filepath.Join(t.TempDir(), "set.yaml")
	writeFile(t, set, overBudgetSet)
	con := newConsole(output.JSON, "")
	res, err := app.Solve(context.Background(), con.Console, app.SolveRequest{Cache: tempCache(t), Sets: []string{set}, Batch: batch})
	if status.KindOf(err) != status.Failed {
		t.Errorf("solve: %v, want a said failure", err)
	}
	if len(res.Rows) != 2 {
		t.Errorf("solve answered %d problems, want 2 (q8, p1000)", len(res.Rows))
	}
	msg := con.stderr.String()
	for _, want := range []string{`problem "q27"`, "estimated", "CPU-years", "the budget is 1 CPU-minute", "--budget", "--shard"} {
		if !strings.Contains(msg, want) {
			t.Errorf("stderr %q: want %q in it", msg, want)
		}
	}
}

// TestJudgeOverBudget checks that a problem over its budget is a judge
// error of that problem only: the other problems are judged.
func TestJudgeOverBudget(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	set := filepath.Join(dir, "set.yaml")
	writeFile(t, set, overBudgetSet)
	subs := filepath.Join(dir, "submissions", "team")
	if err := os.MkdirAll(subs, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(subs, "q27.txt"), "234907967154122528\n")
	writeFile(t, filepath.Join(subs, "q8.txt"), "92\n")
	con := newConsole(output.JSON, "")
	res, err := app.Judge(context.Background(), con.Console, app.JudgeRequest{Collect: true,
		Cache: tempCache(t), Set: set, Submissions: filepath.Dir(subs), Batch: batch, MaxBytes: judge.DefaultMaxBytes,
	})
	if status.KindOf(err) != status.Failed {
		t.Errorf("judge: %v, want a said failure (a judge error)", err)
	}
	verdicts := map[string]judge.Verdict{}
	for _, r := range res.Report.Results {
		verdicts[r.Problem] = r.Verdict
		if r.Problem == "q27" && !strings.Contains(r.Message, "budget") {
			t.Errorf("q27's judge message %q: want the budget in it", r.Message)
		}
	}
	if verdicts["q27"] != judge.JE || verdicts["q8"] != judge.AC {
		t.Errorf("verdicts %v, want q27 JE and q8 AC", verdicts)
	}
}

// mixedShapes returns a set of 50 problems of every kind and of boards of
// many shapes, n = 8..32: random boards of 5% to 75% reserved, stripes,
// bands, checkerboards, blocks, single squares, and the asks count,
// unique, solutions and placement.
func mixedShapes() string {
	type shape struct {
		name string
		free func(n, r, c int) bool
	}
	seed := uint64(1)
	random := func(d float64) func(n, r, c int) bool {
		return func(n, r, c int) bool {
			// A fixed hash of the square and the density: the same board
			// in every run.
			x := uint64(r*64+c) + seed*0x9E3779B97F4A7C15 + uint64(d*1000)<<32
			x ^= x >> 30
			x *= 0xBF58476D1CE4E5B9
			x ^= x >> 27
			return float64(x%1000)/1000 >= d
		}
	}
	shapes := []shape{
		{"random5", random(0.05)}, {"random20", random(0.2)}, {"random40", random(0.4)},
		{"random60", random(0.6)}, {"random75", random(0.75)},
		{"mod3", func(n, r, c int) bool { return (r+c)%3 != 0 }},
		{"mod5diag", func(n, r, c int) bool { return (c-r+64)%5 != 0 }},
		{"band", func(n, r, c int) bool { return r-c <= n/3 && c-r <= n/3 }},
		{"checker", func(n, r, c int) bool { return (r+c)%2 == 0 }},
		{"block", func(n, r, c int) bool { return r < n/3 || c < n/3 || r >= n/2 }},
		{"corner", func(n, r, c int) bool { return r != 0 || c != 0 }},
		{"rows", func(n, r, c int) bool { return r%4 != 1 || c%2 == 0 }},
	}
	sizes := []int{10, 14, 17, 20, 24, 28, 32}
	asks := []string{"count", "unique", "solutions", "placement"}
	var b strings.Builder
	b.WriteString("name: shapes\nproblems:\n")
	k := 0
	for i := 0; k < 44; i++ {
		s := shapes[i%len(shapes)]
		n := sizes[i%len(sizes)]
		ask := asks[i%len(asks)]
		seed = uint64(i)
		fmt.Fprintf(&b, "  - id: %s-%d-%s-%d\n    kind: reserved\n    ask: %s\n    board: |\n", s.name, n, ask, i, ask)
		for r := range n {
			b.WriteString("      ")
			for c := range n {
				if s.free(n, r, c) {
					b.WriteByte('.')
				} else {
					b.WriteByte('*')
				}
			}
			b.WriteByte('\n')
		}
		k++
	}
	for _, n := range []int{8, 16, 20, 24} {
		fmt.Fprintf(&b, "  - {id: q%d, kind: nqueens, n: %d, ask: count}\n", n, n)
	}
	b.WriteString("  - {id: q13u, kind: nqueens, n: 13, ask: unique}\n")
	b.WriteString("  - {id: q15s, kind: nqueens, n: 15, ask: solutions}\n")
	return b.String()
}

// TestEstimateSameEverywhere runs solve --estimate on 50 problems of mixed
// shapes twice, the second time beside a busy loop on every core: the two
// outputs are byte for byte the same, as they must be on any machine at
// any load, and so are the refusals solve makes by them.
func TestEstimateSameEverywhere(t *testing.T) {
	set := filepath.Join(t.TempDir(), "shapes.yaml")
	writeFile(t, set, mixedShapes())
	estimate := func() []byte {
		con := newConsole(output.JSON, "")
		es, err := app.Estimate(context.Background(), con.Console, app.EstimateRequest{Sets: []string{set}, Batch: batch})
		if err != nil {
			t.Fatal(err)
		}
		if len(es) != 50 {
			t.Fatalf("%d estimates, want 50", len(es))
		}
		return con.stdout.Bytes()
	}
	start := time.Now()
	idle := estimate()
	t.Logf("50 estimates in %v", time.Since(start))
	stop := testflag.Busy()
	loaded := estimate()
	stop()
	if !bytes.Equal(idle, loaded) {
		t.Errorf("solve --estimate beside a busy loop printed other estimates than idle:\n%s\n---\n%s", idle, loaded)
	}
}

// TestEstimatePlacement: the estimate of a reserved placement runs its
// search; one it does not decide is at least what the search took, and no
// placement is refused, whatever the budget, as solve refuses none.
func TestEstimatePlacement(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	set, _ := hardBoard(t, dir)
	b := batch
	b.Budget = time.Second // the least there is; the estimate alone takes 0.1 s
	con := newConsole(output.Table, "")
	es, err := app.Estimate(context.Background(), con.Console, app.EstimateRequest{Sets: []string{set, "../../testdata/example/contest.yaml"}, Batch: b})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if e.Kind != solver.Reserved || e.Ask != solver.AskPlacement {
			continue
		}
		hard := e.ID == "grid"
		if e.Refused || e.AtLeast != hard || e.Bound {
			t.Errorf("%s: %+v; want not refused, at least %v", e.ID, e, hard)
		}
		if hard != strings.HasPrefix(e.How, "not decided by a search of") {
			t.Errorf("%s: how %q", e.ID, e.How)
		}
	}
	if !strings.Contains(con.stdout.String(), "searches until it decides, or stops at the budget") {
		t.Errorf("the table does not say what solve does with the hard board:\n%s", con.stdout)
	}
}
