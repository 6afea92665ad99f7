package problems

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/queensjudge/queensjudge/internal/text"
)

// field is one key of a mapping and its value.
type field struct {
	key, val *yaml.Node
}

// fields are the fields of a mapping, by key: at most one for each known
// key, in the order of the known keys, of which there are at most 12 (a set's
// 2, a problem's 10). An array, not a map, since a map would cost an
// allocation for each of the hundreds of thousands of problems a file of
// junk holds.
type fields struct {
	known []string
	of    [12]field
}

// get returns the field with key name, and whether there is one.
func (fs *fields) get(name string) (field, bool) {
	for i, k := range fs.known {
		if k == name {
			return fs.of[i], fs.of[i].key != nil
		}
	}
	return field{}, false
}

// fieldsOf returns the fields of mapping n by key, reporting keys that are
// not plain names, not among known (at most 12), or given twice.
func fieldsOf(n *yaml.Node, known []string, errorf reporter) fields {
	fs := fields{known: known}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			errorf(k.Line, "a key must be a plain name, got %s", show(k))
			continue
		}
		name := k.Value
		j := slices.Index(known, name)
		switch {
		case j >= 0 && fs.of[j].key != nil:
			errorf(k.Line, "duplicate key %q, first at line %d", short(name), fs.of[j].key.Line)
		case j < 0:
			errorf(k.Line, "unknown key %q (%s)", short(name), suggestion{name, known})
		default:
			fs.of[j] = field{k, v}
		}
	}
	return fs
}

// suggestion names the known key an unknown one was probably meant to be,
// or else lists them all. It is worked out only when printed: most of a
// junk file's mistakes are counted, not shown.
type suggestion struct {
	name  string
	known []string
}

func (s suggestion) String() string {
	if s.name == "<<" {
		return "YAML merge keys are not supported"
	}
	if k := text.Closest(s.name, s.known); k != "" {
		return fmt.Sprintf("did you mean %q?", k)
	}
	return "want " + orList(s.known)
}

// orList writes list as "a, b or c".
func orList[S ~string](list []S) string {
	var b strings.Builder
	for i, s := range list {
		switch {
		case i == 0:
		case i == len(list)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(string(s))
	}
	return b.String()
}

// alias reports an alias value: the format has no use for them, and a
// board row that starts with '*' is the usual way to write one by mistake.
func (f field) alias(errorf reporter) {
	errorf(f.key.Line, "%s is a YAML alias (*%s), which is not supported: write the value out, quoted if it starts with '*'",
		f.key.Value, short(f.val.Value))
}

// text returns the text of a scalar value, reporting anything else. A null
// value is reported as having no value.
func (f field) text(errorf reporter) (string, bool) {
	switch v := f.val; {
	case v.Kind == yaml.AliasNode:
		f.alias(errorf)
	case isNull(v):
		errorf(f.key.Line, "%s has no value", f.key.Value)
	case v.Kind != yaml.ScalarNode:
		errorf(f.key.Line, "%s must be text, got %s", f.key.Value, show(v))
	default:
		return v.Value, true
	}
	return "", false
}

var (
	decimal      = regexp.MustCompile(`^-?[0-9]+(_[0-9]+)*$`)
	leadingZeros = regexp.MustCompile(`^-?0[0-9_]`)
)

// integer returns the value of a plain decimal integer. big is true when the
// value is a decimal integer too large for an int, which the caller reports;
// any other mistake is reported here.
//
// Only plain decimals are integers: YAML's own rules read 010 as 8 and 0x10
// as 16, which nobody writing a board size means.
func (f field) integer(errorf reporter) (v int, ok, big bool) {
	n, key := f.val, f.key.Value
	switch {
	case n.Kind == yaml.AliasNode:
		f.alias(errorf)
		return 0, false, false
	case isNull(n):
		errorf(f.key.Line, "%s has no value", key)
		return 0, false, false
	}
	plain := n.Kind == yaml.ScalarNode && n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0
	tag := n.ShortTag()
	if !plain || tag != "!!int" && tag != "!!float" || !decimal.MatchString(n.Value) {
		errorf(f.key.Line, "%s must be an integer, got %s", key, showWrong(n))
		return 0, false, false
	}
	if leadingZeros.MatchString(n.Value) {
		errorf(f.key.Line, "%s must be written without leading zeros, got %s", key, n.Value)
		return 0, false, false
	}
	v64, err := strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 10, 0)
	if err != nil {
		return 0, false, true // the only way a decimal fails to parse
	}
	return int(v64), true, false
}

// bigText shows a decimal integer too large for an int without quoting all
// its digits.
func bigText(s string) string {
	if len(s) <= 24 {
		return s
	}
	return fmt.Sprintf("a number of %d digits", len(strings.Trim(s, "-_")))
}

// isNull reports whether n is YAML's null: nothing, ~ or null.
func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// show describes a value in a message: the text of a scalar, quoted unless
// it is short plain ASCII, or what sort of node it is.
func show(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	case yaml.AliasNode:
		return "an alias"
	case yaml.DocumentNode:
		return "a document"
	}
	if isNull(n) {
		return "nothing"
	}
	s := n.Value
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0 && len(s) <= 40 && s != "" {
		simple := true
		for _, r := range s {
			simple = simple && r > ' ' && r <= '~' && r != '"'
		}
		if simple && !strings.HasSuffix(s, ".") { // a message ends with no period
			return s
		}
	}
	return strconv.Quote(short(s))
}

// showWrong describes a value of the wrong type: as show does, except
// that text written as a string (quoted, a | or > block, or tagged !!str)
// is called one, since "n must be an integer, got 4" for n: !!str 4 reads as
// a contradiction.
func showWrong(n *yaml.Node) string {
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str" &&
		n.Style&(yaml.TaggedStyle|yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return "the string " + strconv.Quote(short(n.Value))
	}
	return show(n)
}

// short cuts s to at most 40 characters, marking the cut with "…".
func short(s string) string { return clip(s, 40) }

// clip cuts s to at most max characters, marking the cut with "…" (not
// "...": a message ends with no period).
func clip(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	i := 0
	for n := 0; n < max-1; n++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i] + "…"
}

// checkID returns why s is not a valid id or set name, or "". Ids start with
// a letter or digit so that none is read as a command-line flag or names a
// path such as "..".
func checkID(s string) string {
	switch {
	case s == "":
		return "is empty"
	case utf8.RuneCountInString(s) > maxIDLen:
		return fmt.Sprintf("must be at most %d characters, got %d", maxIDLen, utf8.RuneCountInString(s))
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return fmt.Sprintf("%q may only hold ASCII letters, digits, '.', '_' and '-'", s)
		}
	}
	if c := s[0]; c == '.' || c == '_' || c == '-' {
		return fmt.Sprintf("%q must start with a letter or digit", s)
	}
	return ""
}
