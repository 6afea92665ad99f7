package problems

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// reporter records a mistake at a line of the file.
type reporter func(line int, format string, args ...any)

// decoder turns the bytes of one file into a Set, collecting every mistake
// rather than stopping at the first.
type decoder struct {
	file string
	errs []*Error
}

func (d *decoder) errorf(line int, format string, args ...any) {
	d.errs = append(d.errs, &Error{File: d.file, Line: line, Msg: fmt.Sprintf(format, args...)})
}

// maxErrors is the most mistakes reported for one file. A real set never
// has that many; a file of junk can have half a million, and listing them
// all would bury the first under megabytes of text.
const maxErrors = 1000

// err joins the mistakes found, in line order, or returns nil.
func (d *decoder) err() error {
	slices.SortStableFunc(d.errs, func(a, b *Error) int { return cmp.Compare(a.Line, b.Line) })
	if more := len(d.errs) - maxErrors; more > 0 {
		next := d.errs[maxErrors]
		d.errs = append(d.errs[:maxErrors], &Error{File: d.file, Line: next.Line,
			Msg: fmt.Sprintf("%d more mistakes from here on, not shown", more)})
	}
	errs := make([]error, len(d.errs))
	for i, e := range d.errs {
		errs[i] = e
	}
	return errors.Join(errs...)
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// set decodes a whole file. The result is meaningful only when no mistake
// was recorded.
func (d *decoder) set(data []byte) *Set {
	data = bytes.TrimPrefix(data, utf8BOM)
	if !d.text(data) {
		return nil
	}
	root, ok := d.parse(data)
	if !ok {
		return nil
	}
	if root == nil || isNull(root) {
		d.errorf(0, "the file is empty: a set lists its problems under problems:")
		return nil
	}
	if root.Kind != yaml.MappingNode {
		d.errorf(root.Line, "a set must be a mapping of name and problems, got %s", show(root))
		return nil
	}
	s := &Set{File: d.file}
	fields := fieldsOf(root, []string{"name", "problems"}, d.errorf)
	if f, ok := fields["name"]; ok {
		if name, ok := f.text(d.errorf); ok {
			if msg := checkID(name); msg != "" {
				d.errorf(f.key.Line, "name %s", msg)
			} else {
				s.Name = name
			}
		}
	}
	f, ok := fields["problems"]
	if !ok {
		d.errorf(0, "problems is missing: a set lists its problems under problems:")
		return s
	}
	list := f.val
	switch {
	case list.Kind == yaml.AliasNode:
		f.alias(d.errorf)
		return s
	case isNull(list) || list.Kind == yaml.SequenceNode && len(list.Content) == 0:
		d.errorf(f.key.Line, "problems is empty")
		return s
	case list.Kind != yaml.SequenceNode:
		d.errorf(f.key.Line, "problems must be a list, got %s", show(list))
		return s
	}
	first := map[string]int{} // id → line of its first use
	for i, n := range list.Content {
		p, errs := d.problem(i+1, n)
		d.errs = append(d.errs, errs...)
		if p.ID == "" {
			continue
		}
		if line, dup := first[p.ID]; dup {
			d.errs = append(d.errs, &Error{File: d.file, Line: p.Line, Index: i + 1, ID: p.ID,
				Msg: fmt.Sprintf("duplicate id, first at line %d", line)})
			continue
		}
		first[p.ID] = p.Line
		s.Problems = append(s.Problems, p)
	}
	return s
}

// text checks, before YAML sees them, that data are UTF-8 text whose lines
// end as this package counts them, so that binary junk gets a clear message
// with a line rather than YAML's "control characters are not allowed". It
// reports only the first offence: junk has thousands.
func (d *decoder) text(data []byte) bool {
	if bytes.HasPrefix(data, []byte{0xFE, 0xFF}) || bytes.HasPrefix(data, []byte{0xFF, 0xFE}) {
		d.errorf(0, "UTF-16 text is not supported: save the file as UTF-8")
		return false
	}
	line := 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			d.errorf(line, "invalid UTF-8: not a text file")
			return false
		case r == '\n':
			line++
		case r == '\r':
			if i+1 == len(data) || data[i+1] != '\n' {
				line++
			}
		case r == 0:
			d.errorf(line, "NUL byte: not a text file")
			return false
		case r == 0x85 || r == 0x2028 || r == 0x2029:
			// YAML ends a line at these too; refusing them keeps line
			// numbers the same for YAML, this package and text editors.
			d.errorf(line, "%U is not allowed: end lines with a plain line break", r)
			return false
		case !printable(r):
			d.errorf(line, "control character %U is not allowed", r)
			return false
		}
		i += size
	}
	return true
}

// printable reports whether YAML allows r in a file.
func printable(r rune) bool {
	return r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r <= 0x7E || r == 0x85 ||
		r >= 0xA0 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

// parse returns the root node of the one YAML document in data, or nil for
// an empty file; ok is false when a mistake was recorded.
func (d *decoder) parse(data []byte) (root *yaml.Node, ok bool) {
	defer func() {
		// yaml.v3 returns errors for bad input; should some input find a
		// panic in it nonetheless, that is one bad file, not a crashed batch.
		if r := recover(); r != nil {
			d.errorf(0, "yaml decoder: %v", r)
			root, ok = nil, false
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	switch err := dec.Decode(&doc); {
	case err == io.EOF:
		return nil, true
	case err != nil:
		d.yamlError(data, err)
		return nil, false
	}
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case err == io.EOF:
	case err != nil:
		d.yamlError(data, err)
		return nil, false
	default:
		d.errorf(extra.Line, "a second YAML document: a set is one document, with no --- after its start")
		return nil, false
	}
	if len(doc.Content) == 0 {
		return nil, true
	}
	return doc.Content[0], true
}

var yamlLine = regexp.MustCompile(`(?s)^yaml: line (\d+): (.*)$`)

// yamlError records a YAML syntax error at its line, with a hint for the
// mistakes people make most.
func (d *decoder) yamlError(data []byte, err error) {
	msg := err.Error()
	line := 0
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
	} else {
		msg = strings.TrimPrefix(msg, "yaml: ")
	}
	// YAML quotes anchor names and such, which may be long.
	msg = clip(strings.Join(strings.Fields(msg), " "), 200)
	if strings.Contains(msg, "tab character") {
		// YAML names the line where the construct began, which is often
		// the line before the tab.
		for l := line; l > 0 && l < line+3; l++ {
			if text := lineText(data, l); strings.Contains(text[:len(text)-len(strings.TrimLeft(text, " \t"))], "\t") {
				line = l
				break
			}
		}
	}
	text := lineText(data, line)
	indent := text[:len(text)-len(strings.TrimLeft(text, " \t"))]
	switch {
	case strings.Contains(indent, "\t"):
		msg += " (indent with spaces: YAML does not allow tabs there)"
	case strings.Contains(msg, "did not find expected alphabetic or numeric character") && strings.Contains(text, "*"):
		msg += " (an unquoted * starts a YAML alias: quote a board row that starts with '*', as in '*..', or write the board as a | block)"
	}
	d.errorf(line, "%s", msg)
}

// lineText returns the text of the 1-based line of data, or "".
func lineText(data []byte, line int) string {
	for n := 1; n <= line && len(data) > 0; n++ {
		end := bytes.IndexAny(data, "\r\n")
		if end < 0 {
			end = len(data)
		}
		if n == line {
			return string(data[:end])
		}
		next := end + 1
		if end+1 < len(data) && data[end] == '\r' && data[end+1] == '\n' {
			next++
		}
		data = data[min(next, len(data)):]
	}
	return ""
}
