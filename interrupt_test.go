package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/store"
	"github.com/queensjudge/queensjudge/truth"
)

// TestSignalWhileReading sends SIGINT or SIGTERM to check and validate
// while they wait for an answer on a pipe that stays open or a FIFO that
// nobody writes: each must give way and exit 130 (143) at once.
func TestSignalWhileReading(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "answer.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	input, answer := filepath.Join(dir, "eight.in"), filepath.Join(dir, "eight.ans")
	if err := os.WriteFile(input, []byte("8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(answer, []byte("92\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	set := "testdata/example/contest.yaml"
	for _, c := range []struct {
		name string
		args []string
	}{
		{"check stdin", []string{"check", set, "eight-queens", "-"}},
		{"check fifo", []string{"check", set, "eight-queens", fifo}},
		{"validate stdin", []string{"validate", input, answer, dir, "kind=nqueens", "ask=count"}},
	} {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
			t.Run(c.name+"/"+sig.String(), func(t *testing.T) {
				cmd := binary(t, "", c.args...)
				cmd.Stdin = nil
				stdin, err := cmd.StdinPipe() // open, never written
				if err != nil {
					t.Fatal(err)
				}
				defer stdin.Close()
				var stderr strings.Builder
				cmd.Stderr = &stderr
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				time.Sleep(300 * time.Millisecond) // the ground truth is solved, the read waits
				if err := cmd.Process.Signal(sig); err != nil {
					t.Fatal(err)
				}
				code, ok := waitFor(cmd, 5*time.Second)
				if !ok {
					t.Fatalf("still running 5 s after %v", sig)
				}
				if want := 128 + int(sig); code != want {
					t.Errorf("exit status %d after %v, want %d\n%s", code, sig, want, stderr.String())
				}
			})
		}
	}
}

// waitFor waits for cmd to end, at most d, and returns its exit status;
// ok is false (and cmd is killed) when it did not end in time.
func waitFor(cmd *exec.Cmd, d time.Duration) (code int, ok bool) {
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
		return cmd.ProcessState.ExitCode(), true
	case <-time.After(d):
		cmd.Process.Kill()
		<-done
		return -1, false
	}
}

// TestSignalWhileSolving interrupts a long count with SIGINT once it has
// kept some subproblems: it exits 130 with one plain line saying what was
// kept, and the checkpoints are in the cache for the next run.
func TestSignalWhileSolving(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "cache.db")
	set := filepath.Join(dir, "long.yaml")
	yaml := "name: long\nproblems:\n  - {id: q18, kind: nqueens, n: 18, ask: count}\n  - {id: q8, kind: nqueens, n: 8, ask: count}\n"
	if err := os.WriteFile(set, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	parsed, err := problems.Load(set)
	if err != nil {
		t.Fatal(err)
	}
	key := truth.Key(parsed.Problems[0].Problem)

	cmd := binary(t, "", "--db", db, "solve", "--jobs", "1", set)
	cmd.Env = append(cmd.Env, "GOMAXPROCS=1")
	var stderr strings.Builder
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for kept := 0; kept == 0 && time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
		if cache, err := store.Open(context.Background(), db); err == nil {
			_, done, _ := cache.Subproblems(context.Background(), key)
			cache.Close()
			kept = len(done)
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	code, ok := waitFor(cmd, 10*time.Second)
	if !ok {
		t.Fatal("still running 10 s after SIGINT")
	}
	if code != 130 {
		t.Errorf("exit status %d after SIGINT, want 130\n%s", code, stderr.String())
	}
	line := regexp.MustCompile(`^interrupted: ([0-9]+) of 24310 subproblems kept; run solve again to go on\n$`)
	if !line.MatchString(stderr.String()) {
		t.Errorf("stderr = %q, want one line: interrupted: N of 24310 subproblems kept; run solve again to go on", stderr.String())
	}
	if _, done, _ := subproblemsOf(t, db, key); len(done) == 0 {
		t.Error("no subproblems kept after SIGINT")
	}
}
