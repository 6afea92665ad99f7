package command

import (
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
