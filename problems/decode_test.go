package problems

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// yamlDecodeError decodes data as Parse does, the document and whatever second
// one follows, and returns yaml.v3's error, or nil.
func yamlDecodeError(data []byte) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for range 2 {
		var doc yaml.Node
		switch err := dec.Decode(&doc); {
		case err == io.EOF:
			return nil
		case err != nil:
			return err
		}
	}
	return nil
}

// TestYAMLErrorLines runs a broken document of each class of yaml.v3 error
// through Parse and checks the line the mistake is reported at: the line a
// reader must change. yaml.v3's own message for each is checked too, so that
// a new yaml.v3 that words or places its errors differently fails here.
func TestYAMLErrorLines(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		// yaml is what yaml.v3's message says, and yamlLine the line it
		// names (0 for none).
		yaml     string
		yamlLine int
		// line is where Parse reports the mistake; want is in its message.
		line int
		want string
	}{
		// The parser's errors: yaml.v3 names the line before the start of
		// the collection, or no line when that is line 1.
		{"empty keys in a flow mapping", "problems: [{:,:}]\n",
			"did not find expected node content", 0, 1, "did not find expected node content"},
		{"] for a block value", "name: x\nproblems:\n  - id: a\n    kind: ]\n",
			"did not find expected node content", 3, 4, "did not find expected node content"},
		{"key indented too little", "problems:\n  - id: a\n    kind: nqueens\n   n: 8\n    ask: count\n",
			"did not find expected '-' indicator", 1, 4, "the list at line 2 (check its indentation)"},
		{"key at the list's indentation", "problems:\n  - id: a\n    kind: nqueens\n  n: 8\n",
			"did not find expected '-' indicator", 1, 4, "check its indentation"},
		{"entry indented too far", "name: x\nproblems:\n- id: a\n  kind: nqueens\n - id: b\n",
			"did not find expected key", 4, 5, "the mapping at line 1 (check its indentation)"},
		{"unclosed [ at the end", "problems:\n  - id: a\n    n: [8\n",
			"did not find expected ',' or ']'", 2, 3, "the [ opened on this line is not closed by the end of the file"},
		{"unclosed [ before the next key", "problems:\n  - id: a\n    n: [8\n    ask: count\n",
			"did not find expected ',' or ']'", 2, 3, "the [ opened on this line is not closed before line 4"},
		{"unclosed { on line 13", strings.Repeat("# comment\n", 11) + "problems:\n  - {id: a, n: 8\n  - {id: b}\n",
			"did not find expected ',' or '}'", 12, 13, "the { opened on this line is not closed before line 14"},
		{"missing , in a flow list", "problems: [\n  {id: a},\n  {id: b}\n  {id: c}\n]\n",
			"did not find expected ',' or ']'", 3, 4, "in the list opened at line 1 (is a ',' missing before this?)"},
		{"missing , on one line", "name: x\nproblems: [{id: a} {id: b}]\n",
			"did not find expected ',' or ']'", 1, 2, "is a ',' missing?"},
		{"text after the document's end", "problems: []\n...\nname: x\n",
			"did not find expected <document start>", 2, 3, "this line is outside it"},
		{"a key without :, on line 1", "name\n\n# comment\nproblems: []\n",
			"did not find expected <document start>", 3, 4, "this line is outside it"},
		{"undefined tag handle", "problems:\n  - id: a\n    kind: !x!y nqueens\n",
			"found undefined tag handle", 2, 3, "found undefined tag handle"},
		{"YAML 2.0", "%YAML 2.0\n---\nproblems: []\n",
			"found incompatible YAML document", 0, 1, "found incompatible YAML document"},
		{"two %YAML", "%YAML 1.1\n%YAML 1.1\n---\nproblems: []\n",
			"found duplicate %YAML directive", 1, 2, "found duplicate %YAML directive"},
		{"two %TAG", "%TAG !a! x\n%TAG !a! y\n---\nproblems: []\n",
			"found duplicate %TAG directive", 1, 2, "found duplicate %TAG directive"},

		// The scanner's errors: yaml.v3 names the line where the token
		// starts, except that it names none, or another, when that is
		// line 1.
		{"character that cannot start a token", "problems:\n  - id: a\n    kind: @nqueens\n",
			"found character that cannot start any token", 3, 3, "found character that cannot start any token"},
		{"tab indentation", "name: x\nproblems:\n\t- id: a\n",
			"found character that cannot start any token", 3, 3, "indent with spaces"},
		{"key without :", "problems:\n  - id: a\n    kind: nqueens\n    ask\n    n: 1\n",
			"could not find expected ':'", 4, 4, "could not find expected ':'"},
		{"tab after line 1", "name: a\n\tb\nproblems: []\n",
			"found a tab character that violates indentation", 2, 2, "indent with spaces"},
		{"two : on a line", "problems:\n  - id: a\n    kind: a: b\n",
			"mapping values are not allowed in this context", 3, 3, "mapping values are not allowed"},
		{"- after a key", "problems:\n  - id: a\n    kind: - x\n",
			"block sequence entries are not allowed in this context", 3, 3, "block sequence entries"},
		{"? after a key", "problems:\n  - id: a\n    kind: ? x\n",
			"mapping keys are not allowed in this context", 3, 3, "mapping keys are not allowed"},
		{"unquoted * row", "problems:\n  - id: a\n    board:\n      - ...\n      - *..\n",
			"did not find expected alphabetic or numeric character", 5, 5, "quote a board row that starts with '*'"},
		{"unclosed quote on line 1", "name: \"x\nproblems: []\n",
			"found unexpected end of stream", 3, 1, "found unexpected end of stream"},
		{"unclosed quote", "problems:\n  - id: a\n    title: 'abc\n",
			"found unexpected end of stream", 3, 3, "found unexpected end of stream"},
		{"--- in a quoted string", "problems:\n  - id: a\n    title: \"abc\n---\n\"\n",
			"found unexpected document indicator", 3, 3, "found unexpected document indicator"},
		{"unknown escape", "problems:\n  - id: a\n    title: \"a\\qb\"\n",
			"found unknown escape character", 3, 3, "found unknown escape character"},
		{"bad \\x escape", "problems:\n  - id: a\n    title: \"a\\xZZ\"\n",
			"did not find expected hexdecimal number", 3, 3, "did not find expected hexdecimal number"},
		{"tab in a plain scalar's next line", "problems:\n  - id: a\n    title: abc\n\tdef\n",
			"found a tab character that violates indentation", 3, 4, "indent with spaces"},
		{"tab in a block", "problems:\n  - id: a\n    board: |\n      ..\n      ..\n\t..\n",
			"found a tab character where an indentation space is expected", 3, 6, "indent with spaces"},
		{"indentation indicator 0", "problems:\n  - id: a\n    board: |0\n      ..\n",
			"found an indentation indicator equal to 0", 3, 3, "indentation indicator equal to 0"},
		{"text after |", "problems:\n  - id: a\n    board: | x\n      ..\n",
			"did not find expected comment or line break", 3, 3, "did not find expected comment or line break"},
		{"tag run into a value", "problems:\n  - id: a\n    n: !!int\"8\"\n",
			"did not find expected whitespace or line break", 3, 3, "did not find expected whitespace or line break"},
		{"unclosed verbatim tag", "problems:\n  - id: a\n    n: !<abc 8\n",
			"did not find the expected '>'", 3, 3, "did not find the expected '>'"},
		{"unknown directive", "name: x\n%FOO\n---\nproblems: []\n",
			"found unknown directive name", 2, 2, "found unknown directive name"},
		{"nesting too deep", "name: x\nproblems: " + strings.Repeat("[", 10001) + "\n",
			"exceeded max depth of 10000", 2, 2, "exceeded max depth of 10000"},

		// The composer's: yaml.v3 names no line.
		{"alias to no anchor", "problems:\n  - id: a\n    kind: nqueens\n  - id: b\n    kind: *k\n",
			"unknown anchor 'k' referenced", 0, 5, "*k is a YAML alias, and no anchor &k comes before it"},
		{"alias before its anchor", "name: *x\nproblems: [&x a]\n",
			"unknown anchor 'x' referenced", 0, 1, "no anchor &x comes before it"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			yerr := yamlDecodeError([]byte(tt.doc))
			if yerr == nil {
				t.Fatalf("yaml.v3 reads %q", tt.doc)
			}
			if line, msg := splitYAMLError(yerr); line != tt.yamlLine || msg != tt.yaml {
				t.Errorf("yaml.v3 says %q at line %d, want %q at line %d", msg, line, tt.yaml, tt.yamlLine)
			}
			_, err := Parse("set.yaml", []byte(tt.doc))
			var e *Error
			if !errors.As(err, &e) || len(flatten(err)) != 1 {
				t.Fatalf("Parse error = %v, want one *Error", err)
			}
			if e.Line != tt.line || !strings.Contains(e.Msg, tt.want) {
				t.Errorf("Parse error = %v, want line %d and %q", err, tt.line, tt.want)
			}
		})
	}
}
