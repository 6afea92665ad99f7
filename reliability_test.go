package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// answerOf returns the answer of problem id from solve --format json output.
func answerOf(t *testing.T, out, id string) string {
	t.Helper()
	for _, r := range jsonRows(t, out) {
		if r["id"] == id {
			return fmt.Sprint(r["answer"])
		}
	}
	t.Fatalf("no row for %s in\n%s", id, out)
	return ""
}

// TestKillAndResume kills a long count with SIGKILL once it has written
// checkpoints, then solves again: the second run resumes from them and gives
// the same exact count as the solver run straight through.
func TestKillAndResume(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "cache.db")
	// 16×16 with two corners reserved: about 8 s on one core, long enough
	// to be caught after its first checkpoints (written once a second).
	const n = 16
	board := make([]string, n)
	for r := range board {
		board[r] = strings.Repeat(".", n)
	}
	board[0] = "*" + board[0][1:]
	board[n-1] = board[n-1][:n-1] + "*"
	set := filepath.Join(dir, "long.yaml")
	yaml := "name: long\nproblems:\n  - id: r16\n    kind: reserved\n    ask: count\n    board: |\n      " + strings.Join(board, "\n      ") + "\n"
	if err := os.WriteFile(set, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	parsed, err := problems.Load(set)
	if err != nil {
		t.Fatal(err)
	}
	p := parsed.Problems[0].Problem
	key := store.CacheKey{DefHash: problems.Hash(p), SolverVersion: solver.Version}

	cmd := binary(t, "", "--db", db, "solve", "--jobs", "1", "--format", "json", set)
	cmd.Env = append(cmd.Env, "GOMAXPROCS=1") // slow it down so that it can be caught mid-way
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	// Wait for the first checkpoints, then kill -9.
	kept := 0
	deadline := time.Now().Add(60 * time.Second)
	for kept == 0 && time.Now().Before(deadline) {
		select {
		case <-exited:
			t.Fatal("the count finished before it wrote a checkpoint: make the board bigger")
		default:
		}
		time.Sleep(200 * time.Millisecond)
		if cache, err := store.Open(context.Background(), db); err == nil {
			_, done, err := cache.Subproblems(context.Background(), key)
			cache.Close()
			if err == nil {
				kept = len(done)
			}
		}
	}
	cmd.Process.Kill()
	<-exited
	if kept == 0 {
		t.Fatal("no checkpoint written within 60 s")
	}
	if _, ok, _ := resultOf(t, db, key); ok {
		t.Skip("the count finished before it could be killed")
	}

	out, errs, code := queensjudge(t, db, "solve", "--format", "json", set)
	if code != 0 {
		t.Fatalf("solve after kill: exit %d\n%s", code, errs)
	}
	want, err := solver.Solve(context.Background(), p, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := answerOf(t, out, "r16"); got != fmt.Sprint(want.Count) {
		t.Errorf("count after kill and resume = %s, want %d (%d subproblems were kept)", got, want.Count, kept)
	}
	if _, done, _ := subproblemsOf(t, db, key); len(done) != 0 {
		t.Errorf("%d checkpoints left after the count finished", len(done))
	}
}

func resultOf(t *testing.T, path string, key store.CacheKey) (store.Result, bool, error) {
	t.Helper()
	cache, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	return cache.Result(context.Background(), key)
}

func subproblemsOf(t *testing.T, path string, key store.CacheKey) (int, map[int]uint64, error) {
	t.Helper()
	cache, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	return cache.Subproblems(context.Background(), key)
}

// TestShardsMerge counts with K shards into K caches, merges them, and
// compares with one run: the same exact count and classes.
func TestShardsMerge(t *testing.T) {
	dir := t.TempDir()
	set := filepath.Join(dir, "shards.yaml")
	yaml := `name: shards
problems:
  - {id: q13, kind: nqueens, n: 13, ask: count}
  - {id: q12u, kind: nqueens, n: 12, ask: unique}
  - {id: r10, kind: reserved, ask: count, board: ["*.........", "..........", "..........", "..........", "..........", "..........", "..........", "..........", "..........", ".........*"]}
  - {id: place, kind: nqueens, n: 9, ask: placement}
`
	if err := os.WriteFile(set, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	whole, errs, code := queensjudge(t, filepath.Join(dir, "whole.db"), "solve", "--format", "json", set)
	if code != 0 {
		t.Fatalf("solve: exit %d\n%s", code, errs)
	}
	const k = 3
	var parts []string
	for i := 0; i < k; i++ {
		part := filepath.Join(dir, fmt.Sprintf("part-%d.db", i))
		parts = append(parts, part)
		_, errs, code := queensjudge(t, part, "solve", "--shard", fmt.Sprintf("%d/%d", i, k), "--format", "json", set)
		if code != 0 {
			t.Fatalf("solve --shard %d/%d: exit %d\n%s", i, k, code, errs)
		}
		if !strings.Contains(errs, `problem "place": skipped`) {
			t.Errorf("solve --shard: a placement is not skipped: %q", errs)
		}
	}
	merged := filepath.Join(dir, "merged.db")
	if _, errs, code := queensjudge(t, merged, "merge", merged, parts[0], parts[1]); code == 0 {
		t.Errorf("merge with a slice missing: exit 0, want a refusal")
	} else if !strings.Contains(errs, "missing") && !strings.Contains(errs, "slice") {
		t.Errorf("merge with a slice missing: %q", errs)
	}
	if _, errs, code := queensjudge(t, merged, "merge", merged, parts[0], parts[1], parts[2], parts[2]); code == 0 {
		t.Errorf("merge with a slice twice: exit 0, want a refusal (%s)", errs)
	}
	if _, errs, code := queensjudge(t, merged, append([]string{"merge", merged}, parts...)...); code != 0 {
		t.Fatalf("merge: exit %d\n%s", code, errs)
	}
	// The merged cache answers the set without solving.
	out, errs, code := queensjudge(t, merged, "solve", "--format", "json", set)
	if code != 0 {
		t.Fatalf("solve on the merged cache: exit %d\n%s", code, errs)
	}
	for _, id := range []string{"q13", "q12u", "r10"} {
		if got, want := answerOf(t, out, id), answerOf(t, whole, id); got != want {
			t.Errorf("%s: merged %s, one run %s", id, got, want)
		}
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r["id"] != "place" && r["cached"] != true {
			t.Errorf("%s: not answered from the merged cache", r["id"])
		}
	}
}

// TestConcurrentProcesses runs two processes solving and judging against
// one cache at once: both finish, with no "database is locked" and no lost
// result.
func TestConcurrentProcesses(t *testing.T) {
	db := filepath.Join(t.TempDir(), "cache.db")
	runs := [][]string{
		{"--db", db, "solve", "--format", "json", "testdata/example/contest.yaml", "testdata/oeis.yaml"},
		{"--db", db, "judge", "--format", "json", "testdata/example/contest.yaml", "testdata/example/submissions"},
		{"--db", db, "solve", "--format", "json", "testdata/oeis.yaml", "testdata/example/contest.yaml"},
		{"--db", db, "judge", "--format", "json", "testdata/example/contest.yaml", "testdata/example/attempts.csv"},
	}
	var wg sync.WaitGroup
	outs := make([]string, len(runs))
	errs := make([]error, len(runs))
	for i, args := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := binary(t, "", args...)
			out, err := cmd.CombinedOutput()
			outs[i], errs[i] = string(out), err
		}()
	}
	wg.Wait()
	for i := range runs {
		if errs[i] != nil || strings.Contains(outs[i], "locked") {
			t.Errorf("%q: %v\n%s", runs[i], errs[i], outs[i])
		}
	}
	out, stderr, code := queensjudge(t, db, "solve", "--format", "json", "testdata/oeis.yaml", "testdata/example/contest.yaml")
	if code != 0 {
		t.Fatalf("solve after: exit %d\n%s", code, stderr)
	}
	for _, r := range jsonRows(t, out) {
		if r["cached"] != true {
			t.Errorf("%s: result lost (not cached after the concurrent runs)", r["id"])
		}
	}
}

// TestRegrade judges the example contest, fixes a problem of the set (the
// same name, another definition) and regrades: the verdicts on it change,
// --dry-run keeps none, a real run keeps them all.
func TestRegrade(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "cache.db")
	if _, errs, code := queensjudge(t, db, "judge", "--format", "json", "testdata/example/contest.yaml", "testdata/example/submissions"); code != 0 {
		t.Fatalf("judge: exit %d\n%s", code, errs)
	}
	out, errs, code := queensjudge(t, db, "regrade", "testdata/example/contest.yaml")
	if code != 0 || !strings.Contains(out, "no verdict changes") {
		t.Fatalf("regrade of an unchanged set: exit %d, %q\n%s", code, out, errs)
	}
	data, err := os.ReadFile("testdata/example/contest.yaml")
	if err != nil {
		t.Fatal(err)
	}
	fixed := filepath.Join(dir, "contest.yaml")
	// eight-queens now asks for 7×7: 40 placements, not 92.
	text := strings.Replace(string(data), "kind: nqueens\n    n: 8\n", "kind: nqueens\n    n: 7\n", 1)
	if err := os.WriteFile(fixed, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dry := range []bool{true, false} {
		args := []string{"regrade", "--format", "json", fixed}
		if dry {
			args = []string{"regrade", "--dry-run", "--format", "json", fixed}
		}
		out, errs, code := queensjudge(t, db, args...)
		if code != 0 {
			t.Fatalf("%q: exit %d\n%s", args, code, errs)
		}
		var changes []map[string]string
		if err := json.Unmarshal([]byte(out), &changes); err != nil {
			t.Fatal(err)
		}
		if len(changes) != 2 { // ada's and grace's 92 are wrong now; linus's empty file stays NO
			t.Errorf("%q: %d changes, want 2:\n%s", args, len(changes), out)
		}
		for _, ch := range changes {
			if ch["problem"] != "eight-queens" || ch["was"] != "AC" || ch["now"] != "WA" {
				t.Errorf("%q: change %v", args, ch)
			}
		}
	}
	if out, _, _ := queensjudge(t, db, "regrade", fixed); !strings.Contains(out, "no verdict changes") {
		t.Errorf("regrade after regrade: %q, want no changes", out)
	}
}
