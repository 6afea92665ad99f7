//go:build linux && cgo

package store

import (
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// TestThreadStack checks that the constructor ran: a new thread's stack is
// threadStack, whatever RLIMIT_STACK the test runs under.
func TestThreadStack(t *testing.T) {
	got := defaultThreadStack()
	if got == 0 {
		t.Skip("the C library does not say")
	}
	if got != threadStack {
		t.Errorf("defaultThreadStack() = %d, want %d", got, threadStack)
	}
}

// TestOneMallocArena allocates in C on several threads at once, each
// locked to its own: they share one arena, not one each.
func TestOneMallocArena(t *testing.T) {
	if os.Getenv("MALLOC_ARENA_MAX") != "" || strings.Contains(os.Getenv("GLIBC_TUNABLES"), "malloc.arena_max") {
		t.Skip("the environment sets the number of arenas")
	}
	const threads = 8
	var ready, done sync.WaitGroup
	ready.Add(threads)
	done.Add(threads)
	start := make(chan struct{})
	for range threads {
		go func() {
			defer done.Done()
			runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
			ready.Done()
			<-start // every goroutine holds its thread before any allocates
			mallocOnThread()
		}()
	}
	ready.Wait()
	close(start)
	done.Wait()
	got := mallocArenas()
	if got < 0 {
		t.Skip("the C library does not say")
	}
	if got != 1 {
		t.Errorf("mallocArenas() = %d after allocating on %d threads, want 1", got, threads)
	}
}
