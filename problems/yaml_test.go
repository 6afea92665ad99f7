package problems

import (
	"bytes"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestWriteYAMLKeyN checks that the key n is written as a problem set
// spells it, not quoted ("n": 8, as yaml.v3 quotes a YAML 1.1 boolean),
// that it reads back as the string n, and that a key that is a boolean in
// YAML 1.2 keeps its quotes.
func TestWriteYAMLKeyN(t *testing.T) {
	var buf bytes.Buffer
	v := map[string]any{"n": 8, "id": "q8", "true": 1}
	if err := WriteYAML(&buf, v); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "id: q8\nn: 8\n\"true\": 1\n"; got != want {
		t.Errorf("WriteYAML(%v) = %q, want %q", v, got, want)
	}
	var back map[string]any
	if err := yaml.Unmarshal(buf.Bytes(), &back); err != nil || back["n"] != 8 || back["true"] != 1 {
		t.Errorf("read back: %v, %v; want n: 8 and \"true\": 1", back, err)
	}
}
