package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/solver"
)

// exampleRows is the number of rows solve and key give of the example
// contest: 12 problems without tests, and a problem of 16 tests.
const exampleRows = 12 + 16

// jsonRow is a row of solve, show and merge as --format json prints it.
type jsonRow struct {
	ID      string          `json:"id"`
	Test    string          `json:"test"`
	Group   string          `json:"group"`
	Sample  bool            `json:"sample"`
	Set     string          `json:"set"`
	Kind    string          `json:"kind"`
	Ask     string          `json:"ask"`
	N       int             `json:"n"`
	Board   []string        `json:"board"`
	M       *int            `json:"m"`
	Answer  json.RawMessage `json:"answer"`
	Cached  bool            `json:"cached"`
	Seconds float64         `json:"seconds"`
	Hash    string          `json:"hash"`
	Shard   string          `json:"shard"`
}

// decodeRows decodes the JSON rows of out, strictly: a field that is not
// in jsonRow fails t.
func decodeRows(t *testing.T, out []byte) []jsonRow {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(string(out)))
	dec.DisallowUnknownFields()
	var rows []jsonRow
	if err := dec.Decode(&rows); err != nil {
		t.Fatalf("decode rows: %v\n%s", err, out)
	}
	return rows
}

// counts returns the counts of the count, unique and max rows, by id.
func counts(rows []output.Row) map[string]uint64 {
	m := map[string]uint64{}
	for _, r := range rows {
		switch r.Ask {
		case solver.AskCount, solver.AskUnique, solver.AskMax:
			m[r.ID] = r.Answer.Value.Count
		}
	}
	return m
}

// compareRows fails t unless the printed rows are the rows returned.
func compareRows(t *testing.T, printed []jsonRow, rows []output.Row) {
	t.Helper()
	if len(printed) != len(rows) {
		t.Fatalf("printed %d rows, returned %d", len(printed), len(rows))
	}
	for i, r := range rows {
		p := printed[i]
		type fields struct {
			ID, Set, Kind, Ask string
			N, M               int
			Cached             bool
			Seconds            float64
			Hash, Shard        string
		}
		m := func(m *int) int {
			if m == nil {
				return -1
			}
			return *m
		}
		got := fields{p.ID, p.Set, p.Kind, p.Ask, p.N, m(p.M), p.Cached, p.Seconds, p.Hash, p.Shard}
		want := fields{r.ID, r.Set, string(r.Kind), string(r.Ask), r.N, m(r.M), r.Cached, r.Seconds, r.Hash, r.Shard}
		if got != want {
			t.Errorf("printed row %d = %+v, want %+v", i, got, want)
		}
		switch r.Ask {
		case solver.AskCount, solver.AskUnique, solver.AskMax:
			if got, want := string(p.Answer), fmt.Sprint(r.Answer.Value.Count); got != want {
				t.Errorf("printed answer of %s = %s, want %s", r.ID, got, want)
			}
		}
	}
}

// TestSolve solves the OEIS set twice: the first call solves, the second
// reads the cache, and both give the same answers, printed as returned.
func TestSolve(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cache := tempCache(t)
	// Published tables only cross-check: OEIS A000170 and A002562.
	published := map[string]uint64{
		"q1-count": 1, "q2-count": 0, "q3-count": 0, "q4-count": 2,
		"q5-count": 10, "q6-count": 4, "q7-count": 40, "q8-count": 92,
		"q1-unique": 1, "q2-unique": 0, "q3-unique": 0, "q4-unique": 1,
		"q5-unique": 2, "q6-unique": 1, "q7-unique": 6, "q8-unique": 12,
		"q12-count": 14200, "q14-count": 365596,
	}
	var first []output.Row
	for call, wantCached := range []bool{false, true} {
		con := newConsole(output.JSON, "")
		res, err := app.Solve(ctx, con.Console, app.SolveRequest{Cache: cache, Sets: []string{oeisSet}, Batch: batch})
		if err != nil {
			t.Fatalf("Solve (call %d) = %v; stderr:\n%s", call+1, err, con.stderr)
		}
		if con.stderr.Len() != 0 {
			t.Errorf("Solve (call %d) stderr = %q, want nothing", call+1, con.stderr)
		}
		if len(res.Rows) != 28 {
			t.Fatalf("Solve (call %d) gave %d rows, want 28 (n = 1..14, count and unique)", call+1, len(res.Rows))
		}
		for i, r := range res.Rows {
			n, ask := i/2+1, solver.AskCount
			if i%2 == 1 {
				ask = solver.AskUnique
			}
			if id := fmt.Sprintf("q%d-%s", n, ask); r.ID != id || r.Set != "oeis" || r.Kind != solver.NQueens || r.Ask != ask || r.N != n {
				t.Errorf("row %d = %s/%s %s %s n=%d, want oeis/%s nqueens %s n=%d", i, r.Set, r.ID, r.Kind, r.Ask, r.N, id, ask, n)
			}
			if r.Cached != wantCached {
				t.Errorf("call %d: row %s: Cached = %v, want %v", call+1, r.ID, r.Cached, wantCached)
			}
			if len(r.Hash) != 64 {
				t.Errorf("row %s: Hash = %q, want 64 hex digits", r.ID, r.Hash)
			}
			if r.Shard != "" {
				t.Errorf("row %s: Shard = %q, want none", r.ID, r.Shard)
			}
		}
		got := counts(res.Rows)
		for id, want := range published {
			if got[id] != want {
				t.Errorf("call %d: %s = %d, want %d (OEIS)", call+1, id, got[id], want)
			}
		}
		compareRows(t, decodeRows(t, con.stdout.Bytes()), res.Rows)
		if call == 0 {
			first = res.Rows
			continue
		}
		for i, r := range res.Rows {
			if r.Answer.Value.Count != first[i].Answer.Value.Count || r.Hash != first[i].Hash {
				t.Errorf("row %s from the cache = %d (%s), solved = %d (%s)", r.ID, r.Answer.Value.Count, r.Hash, first[i].Answer.Value.Count, first[i].Hash)
			}
		}
	}
}

// TestSolveBadSets: a set that cannot be read is printed (file:line as a
// compiler would, or after the program's name) and makes the batch a said
// failure; the sets that can be read are still answered and printed.
func TestSolveBadSets(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	missing := filepath.Join(t.TempDir(), "missing.yaml")
	for _, c := range []struct {
		name   string
		bad    string
		stderr []string
	}{
		{"mistakes", badSet, []string{
			badSet + `:5: problem "q9": n must be 1..27 for nqueens count, got 0`,
			badSet + `:11: problem "r1": `,
			badSet + `:16: problem "qk": unknown key "colour"`,
		}},
		{"missing", missing, []string{"queensjudge: open " + missing + ": "}},
	} {
		t.Run(c.name, func(t *testing.T) {
			con := newConsole(output.JSON, "")
			res, err := app.Solve(ctx, con.Console, app.SolveRequest{Cache: tempCache(t), Sets: []string{c.bad, contestSet}, Batch: batch})
			checkOutcome(t, "Solve", err, status.Failed, true)
			// Each line starts as a compiler's would, or with the
			// program's name.
			lines := strings.Split(strings.TrimSuffix(con.stderr.String(), "\n"), "\n")
			if len(lines) != len(c.stderr) {
				t.Errorf("stderr = %q, want %d lines", lines, len(c.stderr))
			}
			for i, want := range c.stderr {
				if i < len(lines) && !strings.HasPrefix(lines[i], want) {
					t.Errorf("stderr line %d = %q, want it to start %q", i+1, lines[i], want)
				}
			}
			if len(res.Rows) != exampleRows {
				t.Fatalf("Solve gave %d rows, want the %d of the good set", len(res.Rows), exampleRows)
			}
			for _, r := range res.Rows {
				if r.Set != "example-cup" {
					t.Errorf("row %s of set %q, want set example-cup", r.ID, r.Set)
				}
			}
			if got := counts(res.Rows)["eight-queens"]; got != 92 {
				t.Errorf("eight-queens = %d, want 92", got)
			}
			compareRows(t, decodeRows(t, con.stdout.Bytes()), res.Rows)
		})
	}
}

// TestSolveJobs: a batch of no jobs, or too many, is a usage error, told
// before the cache is made.
func TestSolveJobs(t *testing.T) {
	t.Parallel()
	for _, jobs := range []int{0, -1, app.MaxJobs + 1} {
		cache := tempCache(t)
		con := newConsole(output.Table, "")
		_, err := app.Solve(context.Background(), con.Console, app.SolveRequest{Cache: cache, Sets: []string{contestSet}, Batch: app.Batch{Jobs: jobs}})
		checkOutcome(t, fmt.Sprintf("Solve with %d jobs", jobs), err, status.Usage, false)
		if exists(t, cache) {
			t.Errorf("Solve with %d jobs made the cache", jobs)
		}
	}
}

// TestKey writes the key of the example contest in every format, to
// stdout from a fresh cache and then to a file from the cache it filled:
// the bytes are the same, and have no cached or seconds.
func TestKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, f := range output.Formats {
		t.Run(string(f), func(t *testing.T) {
			cache := tempCache(t)
			con := newConsole(f, "")
			res, err := app.Key(ctx, con.Console, app.KeyRequest{Cache: cache, Sets: []string{contestSet}, Batch: batch})
			if err != nil {
				t.Fatalf("Key to stdout = %v; stderr:\n%s", err, con.stderr)
			}
			if len(res.Rows) != exampleRows {
				t.Errorf("Key gave %d rows, want %d", len(res.Rows), exampleRows)
			}
			stdout := con.stdout.String()
			if stdout == "" {
				t.Fatal("Key wrote nothing to stdout")
			}

			out := filepath.Join(t.TempDir(), "key."+string(f))
			con = newConsole(f, "")
			res, err = app.Key(ctx, con.Console, app.KeyRequest{Cache: cache, Sets: []string{contestSet}, Batch: batch, Out: out})
			if err != nil {
				t.Fatalf("Key --out = %v; stderr:\n%s", err, con.stderr)
			}
			for _, r := range res.Rows {
				if !r.Cached {
					t.Errorf("second Key: row %s not from the cache", r.ID)
				}
			}
			if con.stdout.Len() != 0 {
				t.Errorf("Key --out wrote %q to stdout too", con.stdout)
			}
			if got := string(readFile(t, out)); got != stdout {
				t.Errorf("Key --out wrote\n%s\nwant the bytes Key wrote to stdout:\n%s", got, stdout)
			}
			for _, field := range []string{"cached", "seconds"} {
				if strings.Contains(strings.ToLower(stdout), field) {
					t.Errorf("the key holds %q:\n%s", field, stdout)
				}
			}
			if f == output.JSON {
				var rows []map[string]any
				if err := json.Unmarshal([]byte(stdout), &rows); err != nil {
					t.Fatal(err)
				}
				if len(rows) != exampleRows || rows[0]["id"] != "eight-queens" || rows[0]["answer"] != 92.0 {
					t.Errorf("key rows = %v, want %d starting with eight-queens, answer 92", rows, exampleRows)
				}
			}
		})
	}
}

// TestKeyOutRefused: --out naming the set, however spelled, or the cache
// is a usage error before any work: the set is unchanged and no cache is
// made.
func TestKeyOutRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	set := copyFile(t, contestSet, filepath.Join(dir, "contest.yaml"))
	before := readFile(t, set)
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(dir, "cache.db")
	for _, out := range []string{
		set,
		dir + "/./contest.yaml",
		dir + "/../" + filepath.Base(dir) + "/contest.yaml",
		filepath.Join(link, "contest.yaml"),
		cache,
		cache + "-wal",
	} {
		con := newConsole(output.JSON, "")
		_, err := app.Key(context.Background(), con.Console, app.KeyRequest{Cache: cache, Sets: []string{set}, Batch: batch, Out: out})
		checkOutcome(t, "Key --out "+out, err, status.Usage, false)
		if got := readFile(t, set); string(got) != string(before) {
			t.Fatalf("Key --out %s changed the set to:\n%s", out, got)
		}
		if exists(t, cache) {
			t.Fatalf("Key --out %s made the cache", out)
		}
		if con.stdout.Len() != 0 {
			t.Errorf("Key --out %s printed %q", out, con.stdout)
		}
	}
}

// TestSolveSameSetName solves two files whose sets have one name: the
// second is left out with a message naming both, so that its problems are
// not linked under the other's name (show would give one of two).
func TestSolveSameSetName(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.yaml"), filepath.Join(dir, "b.yaml")
	os.WriteFile(a, []byte("name: same\nproblems:\n  - {id: q, kind: nqueens, n: 5, ask: count}\n"), 0o644)
	os.WriteFile(b, []byte("name: same\nproblems:\n  - {id: q, kind: nqueens, n: 6, ask: count}\n"), 0o644)
	con := newConsole(output.JSON, "")
	res, err := app.Solve(context.Background(), con.Console, app.SolveRequest{Cache: tempCache(t), Sets: []string{a, b}, Batch: batch})
	if status.KindOf(err) != status.Failed {
		t.Errorf("Solve: %v, want a failure", err)
	}
	if len(res.Rows) != 1 || res.Rows[0].N != 5 {
		t.Errorf("Solve gave %d rows (%+v), want the first set's one", len(res.Rows), res.Rows)
	}
	if got := con.stderr.String(); !strings.Contains(got, b+":1:") || !strings.Contains(got, a) {
		t.Errorf("stderr %q, want a message at %s:1 naming %s", got, b, a)
	}
}

// heapWriter counts what is written to it and, every few writes, the live
// heap after a collection: the most that writing held at once.
type heapWriter struct {
	n, writes int
	peak      uint64
}

func (w *heapWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	if w.writes++; w.writes%16 == 1 {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		w.peak = max(w.peak, m.HeapAlloc)
	}
	return len(p), nil
}

// TestKeyHoldsOnePlacement writes the key of a set of big placements,
// from a fresh cache and from the cache it filled, and checks that the
// rows hold no placement and that writing them holds one at a time, not
// the batch's: 16 placements of 10,000,000 queens held 3 GB. The heap is
// measured after collections, which is deterministic: no timing.
func TestKeyHoldsOnePlacement(t *testing.T) {
	const n, count = 200_000, 6 // 3.2 MB of squares each
	set := filepath.Join(t.TempDir(), "big.yaml")
	text := "name: big\nproblems:\n"
	for i := range count {
		text += fmt.Sprintf("  - {id: p%d, kind: nqueens, n: %d, ask: placement}\n", i, n-i)
	}
	writeFile(t, set, text)
	cache := tempCache(t)
	for _, run := range []string{"fresh", "cached"} {
		var before runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		w := &heapWriter{}
		con := newConsole(output.JSON, "")
		con.Stdout = w
		res, err := app.Key(context.Background(), con.Console, app.KeyRequest{Cache: cache, Sets: []string{set}, Batch: app.Batch{Jobs: 4}})
		if err != nil {
			t.Fatalf("%s: Key = %v; stderr:\n%s", run, err, con.stderr)
		}
		for _, r := range res.Rows {
			if r.Answer.Value.Placement != nil {
				t.Errorf("%s: row %s holds its placement", run, r.ID)
			}
		}
		// A placement in the heap is its squares, 16 bytes a queen, and
		// while it is read its text, 7 bytes a queen: all of them would be
		// 6 times that.
		const one = n * (16 + 7)
		if held := int64(w.peak) - int64(before.HeapAlloc); held > 2*one {
			t.Errorf("%s: writing the key of %d placements of %d queens held %d bytes at most, want less than two placements' %d", run, count, n, held, 2*one)
		}
		if w.n < count*n*7 {
			t.Errorf("%s: the key is %d bytes, too short for %d placements of %d queens", run, w.n, count, n)
		}
		runtime.KeepAlive(res)
	}
}
