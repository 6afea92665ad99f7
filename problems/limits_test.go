package problems

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestWorstCase parses, at MaxFileSize, the inputs that cost the most per
// byte, and logs the time and memory they take (go test -v -run WorstCase).
// The bound it checks is loose: it is there to catch a blow-up, not to time.
func TestWorstCase(t *testing.T) {
	fill := func(head, item, tail string) string {
		n := (MaxFileSize - len(head) - len(tail)) / len(item)
		return head + strings.Repeat(item, n) + tail
	}
	tests := []struct{ name, data string }{
		{"flow list", fill("problems: [", "a,", "]")},
		{"block list", fill("problems:\n", "- a\n", "")},
		{"empty problems", fill("problems:\n", "- {}\n", "")},
		{"long number", fill("problems:\n- {id: a, kind: nqueens, ask: count, n: ", "9", "}\n")},
		{"long id", fill("problems:\n- {kind: nqueens, ask: count, n: 8, id: ", "a", "}\n")},
		{"wide board", fill("problems:\n- {kind: reserved, ask: count, id: a, board: [", "'.',", "]}\n")},
		{"deep nesting", fill("problems: ", "[", "")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.data) > MaxFileSize {
				t.Fatalf("input of %d bytes, want at most %d", len(tt.data), MaxFileSize)
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			_, err := Parse("worst.yaml", []byte(tt.data))
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			if err == nil {
				t.Errorf("Parse(%s) = nil error, want one", tt.name)
			}
			msg := err.Error()
			t.Logf("%d bytes: %v, %d MB allocated, %d mistakes, %d bytes of message",
				len(tt.data), elapsed.Round(time.Millisecond), alloc>>20, len(flatten(err)), len(msg))
			if n := len(flatten(err)); n > maxErrors+1 {
				t.Errorf("Parse(%s) reported %d mistakes, want at most %d and a summary", tt.name, n, maxErrors)
			}
			if alloc > 1<<30 {
				t.Errorf("Parse(%s) allocated %d MB, want under 1 GB", tt.name, alloc>>20)
			}
		})
	}
}
