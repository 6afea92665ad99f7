package store

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/solver"
)

// placementAt returns the i-th of 8^8 distinct 8×8 placements: the base-8
// digits of i are the queens' columns. The store does not check placements.
func placementAt(i int) solver.Placement {
	cols := make([]int, 8)
	for r := range cols {
		cols[r] = i % 8
		i /= 8
	}
	return solver.FromColumns(cols)
}

// placements yields placementAt(0), ..., placementAt(k-1).
func placements(k int) iter.Seq2[solver.Placement, error] {
	return func(yield func(solver.Placement, error) bool) {
		for i := range k {
			if !yield(placementAt(i), nil) {
				return
			}
		}
	}
}

// solutionsResult returns an ask-solutions result with k placements, keyed
// by name.
func solutionsResult(name string, k int) Result {
	def := "kind: nqueens\nn: 8\nask: solutions\n# " + name + "\n"
	return Result{
		Key:        CacheKey{DefHash: hash(def), SolverVersion: solver.Version},
		Definition: def,
		Kind:       solver.NQueens,
		Ask:        solver.AskSolutions,
		N:          8,
		Answer:     solver.Answer{Count: uint64(k)},
		SolvedAt:   time.Now(),
	}
}

// collect reads every solution of key.
func collect(t *testing.T, db *DB, key CacheKey) []solver.Placement {
	t.Helper()
	var got []solver.Placement
	for p, err := range db.Solutions(context.Background(), key) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, p)
	}
	return got
}

func solve(t *testing.T, p solver.Problem) solver.Answer {
	t.Helper()
	a, err := solver.Solve(context.Background(), p, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestResultRoundTrip(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)

	qk := solve(t, solver.Problem{Kind: solver.QueensKnights, N: 8, M: solver.AnyM, Ask: solver.AskPlacement})
	if qk.Placement == nil || len(qk.Placement.Knights) == 0 {
		t.Fatalf("queens-knights 8 placement = %v, want one with knights", qk.Placement)
	}
	empty := solve(t, solver.Problem{Kind: solver.QueensKnights, N: 3, M: solver.AnyM, Ask: solver.AskPlacement})
	if empty.Placement == nil {
		t.Fatal("queens-knights 3 has no placement, want the empty board")
	}
	queens := solve(t, solver.Problem{Kind: solver.NQueens, N: 8, Ask: solver.AskPlacement})

	tests := []struct {
		name  string
		kind  solver.Kind
		ask   solver.Ask
		n     int
		answr solver.Answer
	}{
		{"Q(27)", solver.NQueens, solver.AskCount, 27, solver.Answer{Count: 234907967154122528}},
		{"max uint64", solver.NQueens, solver.AskCount, 28, solver.Answer{Count: math.MaxUint64}},
		{"zero", solver.NQueens, solver.AskCount, 2, solver.Answer{}},
		{"unique", solver.NQueens, solver.AskUnique, 8, solver.Answer{Count: 12}},
		{"max", solver.QueensKnights, solver.AskMax, 8, solver.Answer{Count: 5, M: 5}},
		{"count at m", solver.QueensKnights, solver.AskCount, 8, solver.Answer{Count: 16, M: 5}},
		{"queens placement", solver.NQueens, solver.AskPlacement, 8, queens},
		{"no placement", solver.NQueens, solver.AskPlacement, 3, solver.Answer{}},
		{"queens-knights placement", solver.QueensKnights, solver.AskPlacement, 8, qk},
		{"empty board placement", solver.QueensKnights, solver.AskPlacement, 3, empty},
		{"no solutions", solver.Reserved, solver.AskSolutions, 3, solver.Answer{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := Result{
				Key:        CacheKey{DefHash: hash(tt.name), SolverVersion: solver.Version},
				Definition: "definition of " + tt.name + "\n",
				Kind:       tt.kind,
				Ask:        tt.ask,
				N:          tt.n,
				Answer:     tt.answr,
				Seconds:    1.5,
				SolvedAt:   time.Date(2026, 5, 1, 20, 0, 0, 123456789, time.FixedZone("CEST", 2*3600)),
			}
			var sols iter.Seq2[solver.Placement, error]
			if tt.ask == solver.AskSolutions {
				sols = placements(0)
			}
			if err := db.Put(ctx, want, sols); err != nil {
				t.Fatal(err)
			}
			got, ok, err := db.Result(ctx, want.Key)
			if err != nil || !ok {
				t.Fatalf("Result = %v, %v; want true, nil", ok, err)
			}
			if !got.SolvedAt.Equal(want.SolvedAt) {
				t.Errorf("SolvedAt = %v, want %v", got.SolvedAt, want.SolvedAt)
			}
			got.SolvedAt = want.SolvedAt
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Result =\n%#v\nwant\n%#v", got, want)
			}
			if p := got.Answer.Placement; p != nil && p.String() != want.Answer.Placement.String() {
				t.Errorf("placement = %s, want %s", p, want.Answer.Placement)
			}

			// Head is the result without its placement, which Placement
			// reads.
			head, ok, err := db.Head(ctx, want.Key)
			if err != nil || !ok {
				t.Fatalf("Head = %v, %v; want true, nil", ok, err)
			}
			head.SolvedAt = want.SolvedAt
			wantHead := want
			wantHead.Answer.Placement = nil
			if !reflect.DeepEqual(head, wantHead) {
				t.Errorf("Head =\n%#v\nwant\n%#v", head, wantHead)
			}
			pl, err := db.Placement(ctx, want.Key)
			if err != nil || (pl == nil) != (want.Answer.Placement == nil) || pl != nil && !reflect.DeepEqual(*pl, *want.Answer.Placement) {
				t.Errorf("Placement = %v, %v; want %v", pl, err, want.Answer.Placement)
			}
		})
	}
}

// TestPlacementMiss checks that the placement of a result that is not in
// the cache is an error, not "no placement exists".
func TestPlacementMiss(t *testing.T) {
	db, _ := openTemp(t)
	if pl, err := db.Placement(context.Background(), CacheKey{DefHash: hash("gone"), SolverVersion: solver.Version}); err == nil {
		t.Errorf("Placement of a missing result = %v, nil; want an error", pl)
	}
}

// TestBuiltPlacement checks that an n-queens placement the solver builds
// again is stored as builtText from builtMinN on, and read back square for
// square; that any other is stored whole; that a cache from before
// builtText reads as ever; and that builtText where no placement can be
// rebuilt is an error, never another answer.
func TestBuiltPlacement(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	mirror := func(pl solver.Placement) solver.Placement {
		cols, _ := pl.Columns()
		for r := range cols {
			cols[r] = pl.N - 1 - cols[r]
		}
		return solver.FromColumns(cols)
	}
	big := solve(t, solver.Problem{Kind: solver.NQueens, N: builtMinN, Ask: solver.AskPlacement}).Placement
	small := solve(t, solver.Problem{Kind: solver.NQueens, N: builtMinN - 1, Ask: solver.AskPlacement}).Placement
	for _, tt := range []struct {
		name  string
		pl    solver.Placement
		built bool
	}{
		{"built", *big, true},
		{"another placement", mirror(*big), false},
		{"built, below builtMinN", *small, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := Result{Key: CacheKey{DefHash: hash(tt.name), SolverVersion: solver.Version}, Definition: tt.name,
				Kind: solver.NQueens, Ask: solver.AskPlacement, N: tt.pl.N, Answer: solver.Answer{Placement: &tt.pl}}
			if err := db.Put(ctx, r, nil); err != nil {
				t.Fatal(err)
			}
			var text string
			if err := db.r.QueryRowContext(ctx, `SELECT placement FROM results WHERE def_hash = ?`, r.Key.DefHash).Scan(&text); err != nil {
				t.Fatal(err)
			}
			if got := text == builtText; got != tt.built {
				t.Errorf("stored as %q: built = %v, want %v", text[:min(len(text), 20)], got, tt.built)
			}
			got, ok, err := db.Result(ctx, r.Key)
			if err != nil || !ok || !reflect.DeepEqual(*got.Answer.Placement, tt.pl) {
				t.Errorf("Result = %v, %v; want the placement put", ok, err)
			}
			pl, err := db.Placement(ctx, r.Key)
			if err != nil || !reflect.DeepEqual(*pl, tt.pl) {
				t.Errorf("Placement = %v; want the placement put", err)
			}
		})
	}

	// insert writes a result row by hand, as another binary would.
	insert := func(key CacheKey, kind solver.Kind, ask solver.Ask, n int, text string) {
		t.Helper()
		_, err := db.w.ExecContext(ctx, `INSERT INTO results
			(def_hash, solver_version, definition, kind, ask, n, count, m, placement, seconds, solved_at)
			VALUES (?, ?, 'by hand', ?, ?, ?, '0', 0, ?, 0, ?)`,
			key.DefHash, key.SolverVersion, string(kind), string(ask), n, text, formatTime(time.Now()))
		if err != nil {
			t.Fatal(err)
		}
	}

	// A cache from before builtText holds the built placement whole.
	old := CacheKey{DefHash: hash("whole"), SolverVersion: solver.Version}
	insert(old, solver.NQueens, solver.AskPlacement, big.N, big.String())
	if pl, err := db.Placement(ctx, old); err != nil || !reflect.DeepEqual(*pl, *big) {
		t.Errorf("Placement of a built placement stored whole = %v; want it", err)
	}

	// builtText where it cannot stand.
	for _, tt := range []struct {
		kind solver.Kind
		ask  solver.Ask
		n    int
	}{
		{solver.NQueens, solver.AskPlacement, 3},
		{solver.Reserved, solver.AskPlacement, 8},
		{solver.QueensKnights, solver.AskPlacement, 8},
	} {
		name := fmt.Sprintf("%s %s %d", tt.kind, tt.ask, tt.n)
		key := CacheKey{DefHash: hash(name), SolverVersion: solver.Version}
		insert(key, tt.kind, tt.ask, tt.n, builtText)
		if r, ok, err := db.Result(ctx, key); err == nil {
			t.Errorf("Result(%s stored as %q) = %v, %v, nil; want an error", name, builtText, r.Answer.Placement, ok)
		}
		if pl, err := db.Placement(ctx, key); err == nil {
			t.Errorf("Placement(%s stored as %q) = %v, nil; want an error", name, builtText, pl)
		}
	}
}

func TestResultMiss(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	r := countResult(8, 92)
	if err := db.Put(ctx, r, nil); err != nil {
		t.Fatal(err)
	}
	for _, key := range []CacheKey{
		{DefHash: r.Key.DefHash, SolverVersion: r.Key.SolverVersion + "-next"},
		{DefHash: hash("something else"), SolverVersion: r.Key.SolverVersion},
	} {
		got, ok, err := db.Result(ctx, key)
		if ok || err != nil {
			t.Errorf("Result(%s) = %+v, %v, %v; want a miss", key, got, ok, err)
		}
	}
}

func TestSolutionsStream(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	const k = 1000
	r := solutionsResult("thousand", k)
	if err := db.Put(ctx, r, placements(k)); err != nil {
		t.Fatal(err)
	}
	got := collect(t, db, r.Key)
	if len(got) != k {
		t.Fatalf("read %d solutions, want %d", len(got), k)
	}
	for i, p := range got {
		if want := placementAt(i); !reflect.DeepEqual(p, want) {
			t.Fatalf("solution %d = %s, want %s", i, p, want)
		}
	}

	// Stopping early releases the connection.
	i := 0
	for p, err := range db.Solutions(ctx, r.Key) {
		if err != nil {
			t.Fatal(err)
		}
		if want := placementAt(i); !reflect.DeepEqual(p, want) {
			t.Fatalf("solution %d = %s, want %s", i, p, want)
		}
		if i++; i == 10 {
			break
		}
	}
	if inUse := db.r.Stats().InUse; inUse != 0 {
		t.Errorf("%d read connections in use after an early stop, want 0", inUse)
	}

	// A miss is an empty sequence.
	if got := collect(t, db, CacheKey{DefHash: hash("none"), SolverVersion: solver.Version}); len(got) != 0 {
		t.Errorf("Solutions of a missing key gave %d placements", len(got))
	}
}

func TestPutReplaces(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	r := solutionsResult("replaced", 5)
	if err := db.Put(ctx, r, placements(5)); err != nil {
		t.Fatal(err)
	}
	r.Answer.Count = 3
	r.Seconds = 9
	if err := db.Put(ctx, r, placements(3)); err != nil {
		t.Fatal(err)
	}
	got, _, err := db.Result(ctx, r.Key)
	if err != nil || got.Answer.Count != 3 || got.Seconds != 9 {
		t.Errorf("Result after replace = %d, %v s, %v; want 3, 9 s", got.Answer.Count, got.Seconds, err)
	}
	if n := len(collect(t, db, r.Key)); n != 3 {
		t.Errorf("%d solutions after replace, want 3", n)
	}
}

// TestPutAtomic fails Put in the middle in several ways and checks that the
// result put before it is untouched.
func TestPutAtomic(t *testing.T) {
	ctx := context.Background()
	db, path := openTemp(t)
	old := solutionsResult("atomic", 700)
	if err := db.Put(ctx, old, placements(700)); err != nil {
		t.Fatal(err)
	}
	// A trigger fails the 500th insert, after the result row is replaced.
	tamper := raw(t, path)
	_, err := tamper.Exec(`CREATE TRIGGER fail_500 BEFORE INSERT ON solutions
		WHEN NEW.seq = 499 BEGIN SELECT RAISE(ABORT, 'injected failure'); END`)
	if err != nil {
		t.Fatal(err)
	}
	tamper.Close()

	broken := errors.New("solver broke")
	failing := func(yield func(solver.Placement, error) bool) {
		for i := range 600 {
			if !yield(placementAt(i), nil) {
				return
			}
		}
		yield(solver.Placement{}, broken)
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()

	next := old
	next.Answer.Count = 1000
	next.Seconds = 42
	short := next
	short.Answer.Count = 999
	tests := []struct {
		name string
		ctx  context.Context
		r    Result
		sols iter.Seq2[solver.Placement, error]
		is   error
		msg  string
	}{
		{"failure inside the transaction", ctx, next, placements(1000), nil, "injected failure"},
		{"sequence error", ctx, next, failing, broken, ""},
		{"count disagrees", ctx, short, placements(1000), nil, "1000 solutions listed, answer counts 999"},
		{"canceled", canceled, next, placements(1000), context.Canceled, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := db.Put(tt.ctx, tt.r, tt.sols)
			if err == nil {
				t.Fatal("Put succeeded")
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("Put = %v, want one wrapping %v", err, tt.is)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("Put = %v, want one saying %q", err, tt.msg)
			}
			got, ok, err := db.Result(ctx, old.Key)
			if err != nil || !ok || got.Answer.Count != 700 || got.Seconds != old.Seconds {
				t.Errorf("Result after a failed Put = %d, %v s, %v, %v; want 700, %v s", got.Answer.Count, got.Seconds, ok, err, old.Seconds)
			}
			if n := len(collect(t, db, old.Key)); n != 700 {
				t.Errorf("%d solutions after a failed Put, want 700", n)
			}
		})
	}
}

func TestPutRefuses(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	noHash := countResult(8, 92)
	noHash.Key.DefHash = ""
	noVersion := countResult(8, 92)
	noVersion.Key.SolverVersion = ""
	tests := []struct {
		name string
		r    Result
		sols iter.Seq2[solver.Placement, error]
	}{
		{"no hash", noHash, nil},
		{"no version", noVersion, nil},
		{"solutions for a count", countResult(8, 92), placements(92)},
		{"solutions missing", solutionsResult("missing", 92), nil},
	}
	for _, tt := range tests {
		if err := db.Put(ctx, tt.r, tt.sols); err == nil {
			t.Errorf("%s: Put succeeded", tt.name)
		}
	}
}

func TestKeyString(t *testing.T) {
	for _, tt := range []struct {
		key  CacheKey
		want string
	}{
		{CacheKey{DefHash: hash("x"), SolverVersion: "1"}, hash("x")[:12] + "@1"},
		{CacheKey{DefHash: "abc", SolverVersion: "2"}, "abc@2"},
	} {
		if got := fmt.Sprint(tt.key); got != tt.want {
			t.Errorf("Key.String() = %s, want %s", got, tt.want)
		}
	}
}
