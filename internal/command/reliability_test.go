package command

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/problems"

	"github.com/queensjudge/queensjudge/internal/truth"
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

// TestKillAndResume stops a long count twice, as an operator's night may:
// first with SIGINT (Ctrl-C) once it has written checkpoints, which must
// exit 130 with one plain line saying what was kept; then, run again, with
// SIGKILL once it has kept more than the first run, which gives it no
// chance to say or flush anything. A third run resumes from what is on disk
// and gives the exact count. The in-process resume (what is kept, and that
// it is added up rather than counted again) is tested in truth.
func TestKillAndResume(t *testing.T) {
	t.Parallel() // its own processes and files: it runs beside the others
	dir := t.TempDir()
	db := filepath.Join(dir, "cache.db")
	// The 17-queens count: 1.3 s on one core here, long enough to be
	// caught after its first checkpoints (written every quarter of a
	// second) and again later, 183,479 subproblems. Its count is checked
	// against the published one (OEIS A000170), as the solver's own tests
	// check it under -long.
	const want = "95815104"
	set := filepath.Join(dir, "long.yaml")
	yaml := "name: long\nproblems:\n  - {id: q17, kind: nqueens, n: 17, ask: count}\n"
	if err := os.WriteFile(set, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	parsed, err := problems.Load(set)
	if err != nil {
		t.Fatal(err)
	}
	key := truth.Key(parsed.Problems[0].Problem)
	kept := func() int {
		cache, err := store.Open(context.Background(), db)
		if err != nil {
			return 0
		}
		defer cache.Close()
		_, done, _ := cache.Subproblems(context.Background(), key)
		return len(done)
	}
	// stop runs solve on one core until more than after subproblems are
	// kept, then sends it sig; it returns the exit status and stderr.
	stop := func(sig os.Signal, after int) (int, string) {
		t.Helper()
		cmd := binary(t, "", "--db", db, "solve", "--jobs", "1", "--format", "json", set)
		cmd.Env = append(cmd.Env, "GOMAXPROCS=1") // slow it down so that it can be caught mid-way
		var stderr strings.Builder
		cmd.Stdout, cmd.Stderr = io.Discard, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan struct{})
		go func() { cmd.Wait(); close(exited) }()
		for deadline := time.Now().Add(60 * time.Second); kept() <= after; {
			select {
			case <-exited:
				t.Skip("the count finished before it could be stopped")
			default:
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatalf("no more than %d subproblems kept within 60 s", after)
			}
			time.Sleep(100 * time.Millisecond)
		}
		cmd.Process.Signal(sig)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-exited
			t.Fatalf("still running 10 s after %v", sig)
		}
		return cmd.ProcessState.ExitCode(), stderr.String()
	}

	code, stderr := stop(os.Interrupt, 0)
	if code != 130 {
		t.Errorf("exit status %d after SIGINT, want 130\n%s", code, stderr)
	}
	line := regexp.MustCompile(`^interrupted: ([0-9]+) of 183479 subproblems kept; run solve again to go on\n$`)
	if !line.MatchString(stderr) {
		t.Errorf("stderr after SIGINT = %q, want one line: interrupted: N of 183479 subproblems kept; run solve again to go on", stderr)
	}
	first := kept()
	if first == 0 {
		t.Fatal("no subproblems kept after SIGINT")
	}

	if code, _ := stop(os.Kill, first); code != -1 {
		t.Errorf("exit status %d after SIGKILL, want -1 (killed)", code)
	}
	second := kept()
	if _, ok, _ := resultOf(t, db, key); ok {
		t.Skip("the count finished before it could be killed")
	}

	out, errs, code := queensjudge(t, db, "solve", "--format", "json", set)
	if code != 0 {
		t.Fatalf("solve after kill: exit %d\n%s", code, errs)
	}
	if got := answerOf(t, out, "q17"); got != want {
		t.Errorf("count after an interrupt, a kill and a resume = %s, want %s (%d, then %d subproblems were kept)", got, want, first, second)
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
	total, counts, err := cache.Subproblems(context.Background(), key)
	m := map[int]uint64{}
	for _, c := range counts {
		m[c.I] = c.Count
	}
	return total, m, err
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
	t.Parallel() // its own processes and files: it runs beside the others
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
