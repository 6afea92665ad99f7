//go:build linux && cgo

package store

// The SQLite driver makes this a cgo program, and on glibc that costs
// address space out of all proportion. Every thread the Go runtime starts
// calls malloc as it starts (pthread_getattr_np, in runtime/cgo), and glibc
// gives each such thread an arena of its own: a 64 MiB reservation, 128 MiB
// while it is made, up to 8 per core. And each thread's stack is as large as
// RLIMIT_STACK. Problemtools runs an output validator under RLIMIT_AS =
// 1 GiB, of which the Go runtime takes about 700 MiB at start (page
// summaries 585 MiB, the heap arena index 32 MiB, a first heap arena
// 64 MiB, the binary). A few threads more and a thread stack or the Go heap
// did not fit: the validator died before it judged, 1 call in 80 with
// unlimited stacks, 3 in 4 with 8 MiB stacks.
//
// So the process sets both before main runs, in a C constructor: the Go
// runtime starts its threads after it, while MALLOC_ARENA_MAX would be up
// to the caller and a mallopt in main too late. The settings are glibc's;
// other C libraries keep their own (musl has no per-thread arenas and
// 128 KiB thread stacks).

/*
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#include <pthread.h>
#endif

// threadStack is the stack of every thread the process starts: glibc's own
// default on x86-64 when RLIMIT_STACK is unlimited. Go code runs on
// goroutine stacks of its own; this one serves the runtime's scheduler
// stack and the C code (SQLite), which need far less.
#define threadStack (2 << 20)

// queensjudge_tame_malloc keeps C allocations in one arena, unless the
// environment chose a number (MALLOC_ARENA_MAX, or the glibc tunable), and
// makes every new thread's stack threadStack, whatever RLIMIT_STACK is.
__attribute__((constructor)) static void queensjudge_tame_malloc(void) {
#ifdef __GLIBC__
	const char *tunables = getenv("GLIBC_TUNABLES");
	if (getenv("MALLOC_ARENA_MAX") == NULL && (tunables == NULL || strstr(tunables, "malloc.arena_max") == NULL)) {
		mallopt(M_ARENA_MAX, 1);
	}
	pthread_attr_t attr;
	if (pthread_getattr_default_np(&attr) == 0) {
		if (pthread_attr_setstacksize(&attr, threadStack) == 0) {
			pthread_setattr_default_np(&attr);
		}
		pthread_attr_destroy(&attr);
	}
#endif
}

// defaultThreadStack returns the stack size a new thread gets, 0 if unknown.
static size_t defaultThreadStack(void) {
	size_t size = 0;
#ifdef __GLIBC__
	pthread_attr_t attr;
	if (pthread_getattr_default_np(&attr) == 0) {
		pthread_attr_getstacksize(&attr, &size);
		pthread_attr_destroy(&attr);
	}
#endif
	return size;
}

// mallocArenas returns the number of malloc arenas in use, -1 if unknown:
// malloc_info writes one <heap nr="..."> element per arena.
static int mallocArenas(void) {
	int n = -1;
#ifdef __GLIBC__
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (f == NULL) {
		return -1;
	}
	int err = malloc_info(0, f);
	fclose(f);
	if (err == 0) {
		n = 0;
		for (char *p = buf; (p = strstr(p, "<heap nr=")) != NULL; p++) {
			n++;
		}
	}
	free(buf);
#endif
	return n;
}

// mallocOnThread allocates and frees a little on the calling thread, as
// every C call that allocates does.
static void mallocOnThread(void) {
	free(malloc(64));
}
*/
import "C"

// threadStack is the stack size, in bytes, the constructor gives new threads.
const threadStack = 2 << 20

// defaultThreadStack returns the stack size, in bytes, of a thread started
// now; 0 when the C library does not say.
func defaultThreadStack() int { return int(C.defaultThreadStack()) }

// mallocArenas returns the number of glibc malloc arenas; -1 when the C
// library does not say.
func mallocArenas() int { return int(C.mallocArenas()) }

// mallocOnThread allocates in C on the calling thread.
func mallocOnThread() { C.mallocOnThread() }
