package problems

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// maxLoadAlloc is the most a load of any file up to MaxFileSize may
// allocate. The costliest inputs below allocate 45 to 60 MB (the densest
// valid set the most); before the node limit a 1 MiB file of [{?, ?, …}]
// took 455 MB.
const maxLoadAlloc = 80 << 20

// worstCases are the inputs of MaxFileSize that cost the most to load per
// byte, junk of every shape found and the densest valid set. ok says
// whether Parse must accept it.
func worstCases() []struct {
	name, data string
	ok         bool
} {
	fill := func(head, item, tail string) string {
		n := (MaxFileSize - len(head) - len(tail)) / len(item)
		return head + strings.Repeat(item, n) + tail
	}
	dense := func(tail string) string {
		var b strings.Builder
		b.WriteString("problems:\n")
		for i := 0; ; i++ {
			item := fmt.Sprintf("- {id: p%d, kind: nqueens, n: 8, ask: count}\n", i)
			if b.Len()+len(item)+len(tail) > MaxFileSize {
				return b.String() + tail
			}
			b.WriteString(item)
		}
	}
	manyKeys := func() string {
		var b strings.Builder
		b.WriteString("problems:\n- id: a\n")
		for i := 0; ; i++ {
			item := fmt.Sprintf("  k%d: 1\n", i)
			if b.Len()+len(item) > MaxFileSize {
				return b.String()
			}
			b.WriteString(item)
		}
	}
	deep := strings.Repeat("[", 9999) + strings.Repeat("]", 9999) + ", "
	long := strings.Repeat("a", 1000)
	return []struct {
		name, data string
		ok         bool
	}{
		{"flow list", fill("problems: [", "a,", "]"), false},
		{"block list", fill("problems:\n", "- a\n", ""), false},
		{"empty problems", fill("problems:\n", "- {}\n", ""), false},
		{"empty keys", fill("problems: [{", "?, ", "?}]"), false},
		{"empty flow keys", fill("problems: [", "{?, ?}, ", "{}]"), false},
		{"tiny mappings", fill("problems:\n", "- {a: b}\n", ""), false},
		{"many keys", manyKeys(), false},
		{"long number", fill("problems:\n- {id: a, kind: nqueens, ask: count, n: ", "9", "}\n"), false},
		{"long id", fill("problems:\n- {kind: nqueens, ask: count, n: 8, id: ", "a", "}\n"), false},
		{"wide board", fill("problems:\n- {kind: reserved, ask: count, id: a, board: [", "'.',", "]}\n"), false},
		{"deep nesting", fill("problems: ", "[", ""), false},
		{"deep nesting, again and again", fill("problems: [", deep, "]"), false},
		{"long anchors", fill("problems: [", "&"+long+" x, *"+long+", ", "x]"), false},
		{"aliases", fill("problems: [&a x, ", "*a, ", "*a]"), false},
		{"densest valid set", dense(""), true},
		// A syntax error read twice: once to find it, once to place it.
		{"densest set, then a tab", dense("- id: x\n  title: a\n\tb\n"), false},
		{"densest set, then a bad key", dense("- id: x\n  title: a\n n: 1\n"), false},
	}
}

// TestWorstCase parses the worst cases and checks that each allocates at
// most maxLoadAlloc, in all, and reports its mistakes as the Error contract
// says, at most maxErrors and a summary (go test -v -run WorstCase logs the
// time and memory each takes). Allocation counted by runtime.MemStats is
// deterministic enough to bound; time is not.
func TestWorstCase(t *testing.T) {
	for _, tt := range worstCases() {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.data) > MaxFileSize {
				t.Fatalf("input of %d bytes, want at most %d", len(tt.data), MaxFileSize)
			}
			data := []byte(tt.data)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			s, err := Parse("worst.yaml", data)
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("%d bytes: %v, %d MB allocated, %d mistakes, %d bytes of message",
				len(data), elapsed.Round(time.Millisecond), alloc>>20, len(flatten(err)), len(fmt.Sprint(err)))
			switch {
			case tt.ok && err != nil:
				t.Fatalf("Parse(%s): %v", tt.name, err)
			case tt.ok:
				checkSet(t, s)
			case err == nil:
				t.Fatalf("Parse(%s) = nil error, want one", tt.name)
			default:
				checkErrors(t, "worst.yaml", err)
			}
			if n := len(flatten(err)); n > maxErrors+1 {
				t.Errorf("Parse(%s) reported %d mistakes, want at most %d and a summary", tt.name, n, maxErrors)
			}
			if alloc > maxLoadAlloc {
				t.Errorf("Parse(%s) allocated %d MB, want at most %d MB", tt.name, alloc>>20, maxLoadAlloc>>20)
			}
		})
	}
}

// BenchmarkParseWorst measures the worst cases (go test -bench
// ParseWorst -benchmem ./problems).
func BenchmarkParseWorst(b *testing.B) {
	for _, tt := range worstCases() {
		data := []byte(tt.data)
		b.Run(strings.ReplaceAll(tt.name, " ", "-"), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				Parse("worst.yaml", data)
			}
		})
	}
}
