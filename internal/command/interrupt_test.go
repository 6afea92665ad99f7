package command

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
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
				t.Parallel() // each waits, idle, for its signal
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
				waitReading(t, cmd.Process.Pid) // the ground truth is solved, the read waits
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

// waitReading waits, at most 10 s, until a thread of process pid sleeps
// reading a pipe or opening a FIFO, as the kernel names the place it waits
// (wait_for_partner, anon_pipe_read, pipe_read...): once the command reads
// its answer, its signal handlers are in place. A fixed pause was too short
// on a busy machine, where the signal came first and killed the process.
// Where /proc does not say, it waits the 10 s.
func waitReading(t *testing.T, pid int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/wchan", pid))
		for _, task := range tasks {
			b, _ := os.ReadFile(task)
			if w := string(b); strings.Contains(w, "pipe") || strings.Contains(w, "partner") || strings.Contains(w, "fifo") {
				return
			}
		}
	}
	t.Logf("process %d not seen waiting on a pipe or a FIFO in 10 s", pid)
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
