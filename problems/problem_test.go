package problems

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/queensjudge/queensjudge/solver"
)

// keyLine returns the 1-based line of text where key is written, as
// "key:" at the start of a line or after a list's "- ", or 0.
func keyLine(text, key string) int {
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimLeft(line, " ")
		line = strings.TrimPrefix(line, "- ")
		if strings.HasPrefix(line, key+":") {
			return i + 1
		}
	}
	return 0
}

// TestValidationLines checks that each mistake solver.Problem.Validate finds
// is reported at the line of the key it is about. The lines are found from
// the keys, not from the messages, so the test holds whatever the messages
// say and fails if an error's field stops leading to its key.
func TestValidationLines(t *testing.T) {
	rows := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString("    " + strings.Repeat(".", n) + "\n")
		}
		return b.String()
	}
	tests := []struct {
		name string
		text string
		keys []string // the keys at fault, one per mistake
	}{
		{"max for nqueens", "problems:\n- id: q\n  kind: nqueens\n  n: 8\n  ask: max\n", []string{"ask"}},
		{"n too large", "problems:\n- id: q\n  kind: nqueens\n  ask: count\n  n: 99\n", []string{"n"}},
		{"n zero", "problems:\n- id: q\n  ask: placement\n  n: 0\n  kind: nqueens\n", []string{"n"}},
		{"knights n too large", "problems:\n- id: q\n  kind: queens-knights\n  ask: max\n  n: 40\n", []string{"n"}},
		{"board rows", "problems:\n- id: q\n  kind: reserved\n  ask: count\n  n: 3\n  title: t\n  board: |\n" + rows(4), []string{"board"}},
		{"reserved n too large", "problems:\n- id: q\n  kind: reserved\n  ask: count\n  n: 33\n  board: |\n" + rows(33), []string{"n"}},
		{"reserved board too large", "problems:\n- id: q\n  kind: reserved\n  ask: count\n  board: |\n" + rows(33), []string{"board"}},
		{"m too large", "problems:\n- id: q\n  kind: queens-knights\n  n: 4\n  m: 5\n  ask: count\n", []string{"m"}},
		{"m with max", "problems:\n- id: q\n  kind: queens-knights\n  n: 4\n  ask: max\n  m: 2\n", []string{"m"}},
		{"two mistakes", "problems:\n- id: q\n  kind: nqueens\n  ask: max\n  points: 2\n  n: 0\n", []string{"ask", "n"}},
		{"n in range for the kind", "problems:\n- id: q\n  kind: nqueens\n  ask: max\n  n: 99\n", []string{"ask"}},
		// Past the widest n of any ask of the kind (placement's 1,000).
		{"n too large for the kind", "problems:\n- id: q\n  kind: reserved\n  ask: max\n  n: 1001\n  board: |\n" + rows(1001), []string{"n", "ask"}},
		{"reserved n too large for placement", "problems:\n- id: q\n  kind: reserved\n  ask: placement\n  board: |\n" + rows(1001), []string{"board"}},
		{"reserved n and rows differ past 64", "problems:\n- id: q\n  kind: reserved\n  ask: placement\n  n: 100\n  board: |\n" + rows(40), []string{"board"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("t.yaml", []byte(tt.text))
			if err == nil {
				t.Fatalf("Parse(%q) = nil error, want mistakes at %q", tt.text, tt.keys)
			}
			var got, want []int
			for _, e := range flatten(err) {
				var pe *Error
				if !errors.As(e, &pe) {
					t.Fatalf("error %q is a %T, want *Error", e, e)
				}
				got = append(got, pe.Line)
			}
			for _, k := range tt.keys {
				line := keyLine(tt.text, k)
				if line == 0 {
					t.Fatalf("no key %q in %q", k, tt.text)
				}
				want = append(want, line)
			}
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("Parse(%q) = %v, lines %v, want lines %v (keys %q)", tt.text, err, got, want, tt.keys)
			}
		})
	}
}

// TestValidationLineFields checks that every field a solver.FieldError can
// name is a key of a problem and leads to that key's line, including the
// fields (kind, for one) whose mistakes the decoder finds before Validate.
func TestValidationLineFields(t *testing.T) {
	for _, f := range solver.Fields {
		if !slices.Contains(problemKeys, f) {
			t.Errorf("solver field %q is not a problem key (%q)", f, problemKeys)
		}
	}

	all := "id: q\nkind: reserved\nask: count\nn: 4\nm: 1\nboard: |\n  ..\n  ..\n"
	noN := "id: q\nkind: reserved\nask: count\nboard: |\n  ..\n  ..\n"
	for _, tt := range []struct {
		name, text string
		err        error
		want       int
	}{
		{"not a field error", all, errors.New("n must be whatever"), 1},
		{"unknown field", all, &solver.FieldError{Field: "colour", Msg: "kind is wrong"}, 1},
		{"n without n", noN, &solver.FieldError{Field: solver.FieldN, Msg: "m is wrong"}, keyLine(noN, "board")},
		{"wrapped", all, fmt.Errorf("context: %w", &solver.FieldError{Field: solver.FieldM, Msg: "board is wrong"}), keyLine(all, "m")},
	} {
		if got := lineFor(t, tt.text, tt.err); got != tt.want {
			t.Errorf("%s: validationLine(%q) = %d, want %d", tt.name, tt.err, got, tt.want)
		}
	}
	for _, f := range solver.Fields {
		// The message names another field, so that only Field can lead to
		// the right line.
		err := &solver.FieldError{Field: f, Msg: "ask must be n, got board"}
		if got, want := lineFor(t, all, err), keyLine(all, f); got != want || want == 0 {
			t.Errorf("validationLine(field %q) = line %d, want %d", f, got, want)
		}
	}
}

// lineFor returns the line validationLine reports err at for the problem
// mapping in text.
func lineFor(t *testing.T, text string, err error) int {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatal(err)
	}
	n := doc.Content[0]
	fields := fieldsOf(n, problemKeys, func(line int, format string, args ...any) {
		t.Fatalf("line %d: %s", line, fmt.Sprintf(format, args...))
	})
	return validationLine(err, n, &fields, nil)
}

func TestFieldsHoldEveryKey(t *testing.T) {
	var fs fields
	if len(problemKeys) > len(fs.of) {
		t.Errorf("a problem has %d keys, fields holds %d", len(problemKeys), len(fs.of))
	}
}
