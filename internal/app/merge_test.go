package app_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/solver"
)

// shardSet is a set of long counts small enough to count in a blink: a
// count of n = 8 is cut into subproblems once a shard asks for it, and a
// placement, which is no long count, is skipped by a shard run.
const shardSet = `name: shards
problems:
  - id: q8
    kind: nqueens
    n: 8
    ask: count
  - id: q9-unique
    kind: nqueens
    n: 9
    ask: unique
  - id: r6
    kind: reserved
    board: |
      *.....
      ......
      ......
      ......
      ......
      .....*
    ask: count
  - id: p8
    kind: nqueens
    n: 8
    ask: placement
`

// TestMerge counts the set in two shards, into a cache each, merges them
// into a third, and compares with the set solved in one piece.
func TestMerge(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	set := filepath.Join(dir, "shards.yaml")
	writeFile(t, set, shardSet)

	whole := filepath.Join(dir, "whole.db")
	con := newConsole(output.Table, "")
	solved, err := app.Solve(ctx, con.Console, app.SolveRequest{Cache: whole, Sets: []string{set}, Batch: batch})
	if err != nil {
		t.Fatalf("Solve = %v; stderr:\n%s", err, con.stderr)
	}
	want := counts(solved.Rows)
	if want["q8"] != 92 || want["q9-unique"] != 46 { // OEIS A000170, A002562
		t.Errorf("Solve = %v, want q8 92 and q9-unique 46", want)
	}

	var parts []string
	for i := range 2 {
		part := filepath.Join(dir, fmt.Sprintf("part%d.db", i))
		parts = append(parts, part)
		con := newConsole(output.Table, "")
		b := batch
		b.Shard = solver.Shard{I: i, K: 2}
		res, err := app.Solve(ctx, con.Console, app.SolveRequest{Cache: part, Sets: []string{set}, Batch: b})
		if err != nil {
			t.Fatalf("Solve shard %d/2 = %v; stderr:\n%s", i, err, con.stderr)
		}
		if len(res.Rows) != 3 {
			t.Errorf("Solve shard %d/2 gave %d rows, want the 3 long counts", i, len(res.Rows))
		}
		for _, r := range res.Rows {
			if r.Shard != fmt.Sprintf("%d/2", i) {
				t.Errorf("shard %d/2: row %s has shard %q", i, r.ID, r.Shard)
			}
		}
		if !strings.Contains(con.stderr.String(), `problem "p8": skipped: `) {
			t.Errorf("shard %d/2 stderr = %q, want p8 skipped", i, con.stderr)
		}
	}

	merged := filepath.Join(dir, "merged.db")
	con = newConsole(output.Table, "")
	res, err := app.Merge(ctx, con.Console, app.MergeRequest{Out: merged, Parts: parts})
	if err != nil {
		t.Fatalf("Merge = %v; stderr:\n%s", err, con.stderr)
	}
	got := counts(res.Rows)
	if len(got) != 3 {
		t.Errorf("Merge answered %v, want q8, q9-unique and r6", got)
	}
	for id, g := range got {
		if g != want[id] {
			t.Errorf("Merge: %s = %d, want %d as solved in one piece", id, g, want[id])
		}
	}
	for _, r := range res.Rows {
		if r.Set != "shards" || r.Shard != "" {
			t.Errorf("merged row %s: set %q, shard %q; want shards, none", r.ID, r.Set, r.Shard)
		}
	}

	// Show finds the merged counts by id, as if solved in one piece.
	con = newConsole(output.Table, "")
	shown, err := app.Show(ctx, con.Console, app.ShowRequest{Cache: merged, IDs: []string{"q8", "q9-unique"}})
	if err != nil {
		t.Fatalf("Show = %v; stderr:\n%s", err, con.stderr)
	}
	if c := counts(shown.Rows); c["q8"] != 92 || c["q9-unique"] != 46 {
		t.Errorf("Show after Merge = %v, want q8 92, q9-unique 46", c)
	}
}

// TestMergeOutIsPart: OUT naming a part, by any spelling, is a usage error
// and changes no part.
func TestMergeOutIsPart(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	set := filepath.Join(dir, "shards.yaml")
	writeFile(t, set, shardSet)
	var parts []string
	for i := range 2 {
		part := filepath.Join(dir, fmt.Sprintf("part%d.db", i))
		parts = append(parts, part)
		b := batch
		b.Shard = solver.Shard{I: i, K: 2}
		con := newConsole(output.Table, "")
		if _, err := app.Solve(ctx, con.Console, app.SolveRequest{Cache: part, Sets: []string{set}, Batch: b}); err != nil {
			t.Fatalf("Solve shard %d/2 = %v", i, err)
		}
	}
	before := readFile(t, parts[1])
	for _, out := range []string{parts[1], dir + "/./part1.db", parts[0] + "-wal"} {
		con := newConsole(output.Table, "")
		_, err := app.Merge(ctx, con.Console, app.MergeRequest{Out: out, Parts: parts})
		checkOutcome(t, "Merge "+out, err, status.Usage, false)
		if got := readFile(t, parts[1]); string(got) != string(before) {
			t.Errorf("Merge %s changed part1.db", out)
		}
	}
}
