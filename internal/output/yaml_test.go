package output

import (
	"math"
	"strings"
	"testing"
)

// TestWriteYAML checks that YAML has the fields JSON has, under the json
// tags' names and sorted, and numbers exact: integers as integers, counts
// above 2^53 digit for digit (a float64 would round 2^53+1 to 2^53), floats
// as floats.
func TestWriteYAML(t *testing.T) {
	type count struct {
		Problem string  `json:"problem"`
		Count   uint64  `json:"count"`
		Big     uint64  `json:"big"`
		Max     uint64  `json:"max"`
		Neg     int64   `json:"neg"`
		Seconds float64 `json:"seconds"`
		Whole   float64 `json:"whole"`
		Skipped string  `json:"skipped,omitempty"`
		Hidden  string  `json:"-"`
		Squares []string
	}
	v := count{Problem: "q26", Count: 2_227_514_171_455_819_4, Big: 1<<53 + 1, Max: math.MaxUint64,
		Neg: math.MinInt64, Seconds: 0.25, Whole: 2, Hidden: "x", Squares: []string{"a1", "b3"}}
	var b strings.Builder
	if err := WriteYAML(&b, []count{v}); err != nil {
		t.Fatal(err)
	}
	want := `- Squares: [a1, b3]
  big: 9007199254740993
  count: 22275141714558194
  max: 18446744073709551615
  neg: -9223372036854775808
  problem: q26
  seconds: 0.25
  whole: 2
`
	if got := b.String(); got != want {
		t.Errorf("WriteYAML =\n%s\nwant\n%s", got, want)
	}
}

// TestWriteYAMLEmpty checks that an empty list is [] and null is null, as
// in JSON.
func TestWriteYAMLEmpty(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{[]int{}, "[]\n"},
		{[]int(nil), "null\n"},
		{struct {
			A []string `json:"a"`
		}{[]string{}}, "a: []\n"},
	} {
		var b strings.Builder
		if err := WriteYAML(&b, c.v); err != nil {
			t.Fatal(err)
		}
		if got := b.String(); got != c.want {
			t.Errorf("WriteYAML(%#v) = %q, want %q", c.v, got, c.want)
		}
	}
}
