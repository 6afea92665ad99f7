package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/judge"
)

// familySet is a problem with tests like CSES 1624: a sample, a group of
// generated 8×8 boards and a group of generated 12×12 boards.
const familySet = `name: family
problems:
  - id: chessboard
    kind: reserved
    ask: count
    groups: {small: 30, large: 70}
    tests:
      - sample: true
        board: |
          ........
          ........
          ..*.....
          ........
          ........
          .....**.
          ...*....
          ........
      - generate: {n: 8, reserved: 10, count: 12, seed: 1}
        group: small
      - name: big
        generate: {n: 12, reserved: 20, count: 3, seed: 2}
        group: large
  - id: plain
    kind: nqueens
    n: 8
    ask: count
`

// keyRow is a row of key --format json for a test.
type keyRow struct {
	ID     string   `json:"id"`
	Test   string   `json:"test"`
	Group  string   `json:"group"`
	Sample bool     `json:"sample"`
	Set    string   `json:"set"`
	Kind   string   `json:"kind"`
	Ask    string   `json:"ask"`
	N      int      `json:"n"`
	Board  []string `json:"board"`
	M      *int     `json:"m"`
	Answer uint64   `json:"answer"`
	Hash   string   `json:"hash"`
}

// plainCount counts the placements of n queens on board (rows of '.' and
// '*') by the plain row-by-row search: easy to trust, and quick enough
// for 12×12.
func plainCount(board []string) uint64 {
	n := len(board)
	free := make([]uint, n)
	for r, row := range board {
		for c, ch := range row {
			if ch == '.' {
				free[r] |= 1 << uint(c)
			}
		}
	}
	var place func(r int, cols, d1, d2 uint) uint64
	place = func(r int, cols, d1, d2 uint) uint64 {
		if r == n {
			return 1
		}
		var total uint64
		for avail := free[r] &^ (cols | d1 | d2); avail != 0; avail &= avail - 1 {
			bit := avail & -avail
			total += place(r+1, cols|bit, (d1|bit)<<1, (d2|bit)>>1)
		}
		return total
	}
	return place(0, 0, 0, 0)
}

// TestKeyOfTests keys a problem with tests: a row per test with its name,
// group and board, each answer equal to the plain search's, the problem
// without tests keyed as before, and the same bytes from a fresh cache.
func TestKeyOfTests(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	set := filepath.Join(dir, "family.yaml")
	writeFile(t, set, familySet)
	key := func(cache string) []byte {
		con := newConsole(output.JSON, "")
		if _, err := app.Key(ctx, con.Console, app.KeyRequest{Cache: cache, Sets: []string{set}, Batch: batch}); err != nil {
			t.Fatalf("key: %v\n%s", err, con.stderr)
		}
		return con.stdout.Bytes()
	}
	first := key(filepath.Join(dir, "a.db"))
	if again := key(filepath.Join(dir, "b.db")); !bytes.Equal(first, again) {
		t.Errorf("the key from a fresh cache differs:\n%s\nwant:\n%s", again, first)
	}
	var rows []keyRow
	dec := json.NewDecoder(bytes.NewReader(first))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rows); err != nil {
		t.Fatalf("%v\n%s", err, first)
	}
	if len(rows) != 1+12+3+1 {
		t.Fatalf("%d rows, want 17", len(rows))
	}
	for i, r := range rows[:16] {
		if r.ID != "chessboard" || r.Test == "" || len(r.Board) != r.N {
			t.Errorf("row %d: id %q test %q, %d board rows for n = %d", i, r.ID, r.Test, len(r.Board), r.N)
			continue
		}
		if want := plainCount(r.Board); r.Answer != want {
			t.Errorf("test %s: answer %d, the plain search counts %d", r.Test, r.Answer, want)
		}
	}
	if r := rows[0]; r.Test != "1" || !r.Sample || r.Group != "" || r.Answer != 65 {
		t.Errorf("the sample's row: %+v", r)
	}
	if r := rows[1]; r.Test != "2" || r.Group != "small" || r.Sample {
		t.Errorf("test 2's row: %+v", r)
	}
	if r := rows[13]; r.Test != "big-1" || r.Group != "large" || r.N != 12 {
		t.Errorf("test big-1's row: %+v", r)
	}
	if r := rows[16]; r.ID != "plain" || r.Test != "" || r.Board != nil || r.Answer != 92 {
		t.Errorf("the problem without tests: %+v", r)
	}
	if strings.Contains(string(first), `"test": "",`) || strings.Count(string(first), `"test"`) != 16 {
		t.Errorf("the row of the problem without tests has a test field:\n%s", first)
	}
}

// TestExampleKeyOfTests checks the key of the example contest's problem
// with tests against the plain search, test by test, and its sample
// against CSES 1624's published answer.
func TestExampleKeyOfTests(t *testing.T) {
	t.Parallel()
	con := newConsole(output.JSON, "")
	if _, err := app.Key(context.Background(), con.Console, app.KeyRequest{Cache: tempCache(t), Sets: []string{contestSet}, Batch: batch}); err != nil {
		t.Fatalf("key: %v\n%s", err, con.stderr)
	}
	var all []json.RawMessage
	if err := json.Unmarshal(con.stdout.Bytes(), &all); err != nil {
		t.Fatal(err)
	}
	tests := 0
	for _, raw := range all {
		var r keyRow
		if !bytes.Contains(raw, []byte(`"id": "chessboard"`)) {
			continue // other answers are not counts
		}
		if err := json.Unmarshal(raw, &r); err != nil {
			t.Fatal(err)
		}
		tests++
		if want := plainCount(r.Board); r.Answer != want {
			t.Errorf("chessboard/%s: answer %d, the plain search counts %d", r.Test, r.Answer, want)
		}
		if r.Test == "sample" && r.Answer != 65 {
			t.Errorf("the sample's answer is %d, CSES 1624's is 65", r.Answer)
		}
	}
	if tests != 16 {
		t.Errorf("%d tests of chessboard keyed, want 16", tests)
	}
}

// TestShowAndCheckTests reaches tests by ID/TEST: show ID shows every
// test in order (2 before 10), show ID/TEST one; check and validate judge
// one test and refuse a problem with tests named without its test.
func TestShowAndCheckTests(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	set := filepath.Join(dir, "family.yaml")
	writeFile(t, set, familySet)
	cache := filepath.Join(dir, "cache.db")
	con := newConsole(output.JSON, "")
	if _, err := app.Solve(ctx, con.Console, app.SolveRequest{Cache: cache, Sets: []string{set}, Batch: batch}); err != nil {
		t.Fatal(err)
	}

	con = newConsole(output.Table, "")
	res, err := app.Show(ctx, con.Console, app.ShowRequest{Cache: cache, IDs: []string{"chessboard"}})
	if err != nil {
		t.Fatalf("show: %v\n%s", err, con.stderr)
	}
	var refs []string
	for _, r := range res.Rows {
		refs = append(refs, r.Ref())
	}
	if len(refs) != 16 || refs[1] != "chessboard/2" || refs[8] != "chessboard/9" || refs[9] != "chessboard/10" || refs[13] != "chessboard/big-1" {
		t.Errorf("show chessboard: %v", refs)
	}
	con = newConsole(output.JSON, "")
	res, err = app.Show(ctx, con.Console, app.ShowRequest{Cache: cache, IDs: []string{"chessboard/big-2"}})
	if err != nil || len(res.Rows) != 1 || res.Rows[0].Test != "big-2" || len(res.Rows[0].Board) != 12 {
		t.Fatalf("show chessboard/big-2: %v, %+v\n%s", err, res.Rows, con.stderr)
	}
	con = newConsole(output.JSON, "")
	if _, err := app.Show(ctx, con.Console, app.ShowRequest{Cache: cache, IDs: []string{"chessboard/99"}}); status.KindOf(err) != status.Failed {
		t.Errorf("show of a test never solved: %v, want a failure", err)
	}

	answer := filepath.Join(dir, "answer")
	writeFile(t, answer, "65\n")
	con = newConsole(output.JSON, "")
	c, err := app.Check(ctx, con.Console, app.CheckRequest{Cache: cache, Set: set, ID: "chessboard/1", Answer: answer, Batch: batch})
	if err != nil || c.Verdict != judge.AC {
		t.Errorf("check chessboard/1 65: %v %+v", err, c)
	}
	for id, want := range map[string]string{
		"chessboard":      `problem "chessboard" has 16 tests; name one as chessboard/TEST`,
		"chessboard/nope": `problem "chessboard" has no test "nope"`,
		"plain/1":         `problem "plain" has no tests; name it as plain`,
	} {
		con = newConsole(output.JSON, "")
		_, err := app.Check(ctx, con.Console, app.CheckRequest{Cache: cache, Set: set, ID: id, Answer: answer, Batch: batch})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("check %s: %v, want %q", id, err, want)
		}
	}

	// The output validator takes the test as id=ID/TEST.
	feedback := t.TempDir()
	con = newConsole(output.Table, "65\n")
	j, err := app.Validate(ctx, con.Console, app.ValidateRequest{Cache: cache, Input: set, Answer: answer, Feedback: feedback,
		Flags: []string{"id=chessboard/1"}})
	if j.Verdict != judge.AC || status.KindOf(err) != status.Accepted {
		t.Errorf("validate id=chessboard/1: %v %v", j.Verdict, err)
	}

	// solve --estimate gives a row per test.
	con = newConsole(output.JSON, "")
	es, err := app.Estimate(ctx, con.Console, app.EstimateRequest{Sets: []string{set}, Batch: batch})
	if err != nil || len(es) != 17 || es[0].Test != "1" || es[16].Test != "" {
		t.Errorf("estimate: %v, %d rows", err, len(es))
	}
}
