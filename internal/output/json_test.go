package output

import (
	"strings"
	"testing"
)

// TestWriteJSON checks the form every JSON output has: two spaces a level,
// a line break at the end, and <, > and & as they are.
func TestWriteJSON(t *testing.T) {
	var b strings.Builder
	v := map[string]any{"message": "a < b && c > d", "list": []int{1, 2}, "empty": []int{}}
	if err := WriteJSON(&b, v); err != nil {
		t.Fatal(err)
	}
	want := `{
  "empty": [],
  "list": [
    1,
    2
  ],
  "message": "a < b && c > d"
}
`
	if got := b.String(); got != want {
		t.Errorf("WriteJSON = %q, want %q", got, want)
	}
	if err := WriteJSON(&b, func() {}); err == nil {
		t.Errorf("WriteJSON of a func: no error")
	}
}
