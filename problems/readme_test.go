package problems

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeSetExample checks that the README's problem set example is a
// valid set that shows every key a problem may have (title was missing).
func TestReadmeSetExample(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(data), "## Problem sets\n\n```yaml\n")
	example, _, ok2 := strings.Cut(after, "```")
	if !ok || !ok2 {
		t.Fatal("README.md: no yaml block under ## Problem sets")
	}
	set, err := Parse("README.md", []byte(example))
	if err != nil {
		t.Fatalf("the README's example: %v", err)
	}
	if len(set.Problems) == 0 || set.Problems[0].Title == "" {
		t.Errorf("the README's example: no title on its first problem")
	}
	for _, key := range append([]string{"name"}, problemKeys...) {
		if !regexp.MustCompile(`(?m)^\s*(- )?` + key + `:`).MatchString(example) {
			t.Errorf("the README's set example has no %s:", key)
		}
	}
}
