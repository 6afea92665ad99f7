package output

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

func TestAnswerYAMLQuoter(t *testing.T) {
	q := yamlQuoter{}
	for s, want := range map[string]string{"..Q..": "..Q..", ".....": "'.....'", "...": "'...'", "N": `"N"`, "Q": "Q"} {
		got, err := q.quote(s)
		if err != nil || got != want {
			t.Errorf("quote(%q) = %q, %v; want %q", s, got, err, want)
		}
	}
	if got := q["....."]; got != "'.....'" {
		t.Errorf("quote does not remember its answers: %v", q)
	}
}

// TestAnswerText checks the table cells of each form of answer against
// textOf, made from the whole compact form.
func TestAnswerText(t *testing.T) {
	for _, r := range sampleRows(t) {
		if got, err := r.Answer.Text(); got != textOf(r.Answer) || err != nil {
			t.Errorf("%s: Text() = %q, %v; want %q", r.ID, got, err, textOf(r.Answer))
		}
	}
}

// TestAnswerMarshalJSON checks that an Answer encodes as the value it
// stands for: what encoding/json writes of valueOf.
func TestAnswerMarshalJSON(t *testing.T) {
	for _, r := range sampleRows(t) {
		got, err := json.Marshal(r.Answer)
		if err != nil {
			t.Fatalf("%s: %v", r.ID, err)
		}
		want, err := json.Marshal(valueOf(t, r.Answer))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s: json.Marshal = %.200s, want %.200s", r.ID, got, want)
		}
	}
	max := Answer{Kind: solver.NQueens, Ask: solver.AskCount, Value: solver.Answer{Count: math.MaxUint64}}
	if got, err := json.Marshal(max); err != nil || string(got) != "18446744073709551615" {
		t.Errorf("json.Marshal(MaxUint64 count) = %s, %v", got, err)
	}
}
