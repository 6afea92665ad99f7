package text

import (
	"strings"
	"testing"

	_ "github.com/queensjudge/queensjudge/internal/testflag" // go test ./... -update and -long reach every package
)

// TestClosest checks Closest on command names.
func TestClosest(t *testing.T) {
	known := []string{"solve", "show", "judge"}
	for name, want := range map[string]string{"solv": "solve", "jduge": "judge", "SHOW": "show", "frobnicate": "", "s": ""} {
		if got := Closest(name, known); got != want {
			t.Errorf("Closest(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestClosestFlags checks Closest on flag names, short and long.
func TestClosestFlags(t *testing.T) {
	known := []string{"board", "db", "format", "jobs", "out", "set"}
	for _, c := range []struct{ name, want string }{
		{"frmat", "format"},
		{"fromat", "format"},
		{"FORMAT", "format"},
		{"formt", "format"},
		{"dbb", "db"},
		{"ot", "out"},
		{"jbs", "jobs"},
		{"x", ""},  // one letter: anything is one edit away
		{"bd", ""}, // two edits from db, but short
		{"zzzzzz", ""},
		{strings.Repeat("f", 100), ""},
	} {
		if got := Closest(c.name, known); got != c.want {
			t.Errorf("Closest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}
