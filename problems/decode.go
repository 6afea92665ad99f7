package problems

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"iter"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/queensjudge/queensjudge/internal/yamlshape"
)

// reporter records a mistake at a line of the file.
type reporter func(line int, format string, args ...any)

// decoder turns the bytes of one file into a Set, collecting every mistake
// rather than stopping at the first.
type decoder struct {
	file string
	errs []*Error
	// dropped counts the mistakes left out of errs: past the first
	// maxErrors+1 by line, they would not be shown anyway.
	dropped int
	// cut is the line from which a new mistake is dropped unformatted, once
	// errs holds maxErrors+1 mistakes before it; 0 until then.
	cut int
	// gen counts the nodes of search the file's generate: items have
	// taken to check their boards, and the squares of the boards they
	// drew (see randomBoards).
	gen genWork
	// setTests counts the tests of the problems decoded so far.
	setTests int
}

func (d *decoder) errorf(line int, format string, args ...any) {
	if d.full(line) {
		return
	}
	d.errs = append(d.errs, &Error{File: d.file, Line: line, Msg: fmt.Sprintf(format, args...)})
}

// full reports whether a mistake at line would not be shown, counting it as
// dropped if so. A file of junk has hundreds of thousands of mistakes:
// keeping only the first maxErrors+1 by line (the last for the summary)
// keeps the memory they take, and the time spent wording them, bounded.
// Mistakes come nearly in line order, so that most are dropped here.
func (d *decoder) full(line int) bool {
	if d.cut > 0 && line >= d.cut {
		d.dropped++
		return true
	}
	if len(d.errs) >= 4*(maxErrors+1) {
		d.sort()
		d.dropped += len(d.errs) - (maxErrors + 1)
		clear(d.errs[maxErrors+1:])
		d.errs = d.errs[:maxErrors+1]
		// A later mistake at the same line as the last one kept sorts
		// after it, so it is dropped too.
		d.cut = d.errs[maxErrors].Line
		return d.full(line)
	}
	return false
}

// sort puts the mistakes in line order, keeping the order they were found
// in on one line.
func (d *decoder) sort() {
	slices.SortStableFunc(d.errs, func(a, b *Error) int { return cmp.Compare(a.Line, b.Line) })
}

// maxErrors is the most mistakes reported for one file. A real set never
// has that many; a file of junk can have half a million, and listing them
// all would bury the first under megabytes of text.
const maxErrors = 1000

// err joins the mistakes found, in line order, or returns nil.
func (d *decoder) err() error {
	d.sort()
	if more := len(d.errs) + d.dropped - maxErrors; more > 0 {
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
		line := 1
		if root != nil && root.Value != "" {
			line = root.Line // a ~ or null
		}
		d.errorf(line, "the file is empty: a set lists its problems under problems:")
		return nil
	}
	if root.Kind != yaml.MappingNode {
		d.errorf(root.Line, "a set must be a mapping of name and problems, got %s", show(root))
		return nil
	}
	s := &Set{File: d.file}
	fields := fieldsOf(root, []string{"name", "problems"}, d.errorf)
	if f, ok := fields.get("name"); ok {
		if name, ok := f.text(d.errorf); ok {
			if msg := checkID(name); msg != "" {
				d.errorf(f.key.Line, "name %s", msg)
			} else {
				s.Name, s.NameLine = name, f.key.Line
			}
		}
	}
	f, ok := fields.get("problems")
	if !ok {
		d.errorf(root.Line, "problems is missing: a set lists its problems under problems:")
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
	tests := 0
	var size setSize
	for i, n := range list.Content {
		p := d.problem(i+1, n)
		size.add(i+1, p)
		if tests += len(p.Tests); tests > MaxSetTests && tests-len(p.Tests) <= MaxSetTests {
			d.errorf(p.Line, "more than %d tests in the set by this problem", MaxSetTests)
		}
		d.setTests = tests
		if p.ID == "" {
			continue
		}
		if line, dup := first[p.ID]; dup {
			if !d.full(p.Line) {
				d.errs = append(d.errs, &Error{File: d.file, Line: p.Line, Index: i + 1, ID: p.ID,
					Msg: fmt.Sprintf("duplicate id, first at line %d", line)})
			}
			continue
		}
		first[p.ID] = p.Line
		if len(d.errs) == 0 && d.dropped == 0 {
			// Once there is a mistake the set is not returned: keep
			// only the ids.
			s.Problems = append(s.Problems, p)
		}
	}
	size.check(d)
	return s
}

// text checks, before YAML sees them, that data are UTF-8 text whose lines
// end as this package counts them, so that binary junk gets a clear message
// with a line rather than YAML's "control characters are not allowed". It
// reports only the first offence: junk has thousands.
func (d *decoder) text(data []byte) bool {
	if bytes.HasPrefix(data, []byte{0xFE, 0xFF}) || bytes.HasPrefix(data, []byte{0xFF, 0xFE}) {
		d.errorf(1, "UTF-16 text is not supported: save the file as UTF-8")
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
		case r == 0xFEFF:
			// A byte order mark after the first: yaml.v3 skips a
			// character of the line it finds one at the start of its
			// buffer on (its is_bom looks at the wrong place), so
			// that where one is decides what the rest means.
			d.errorf(line, "a byte order mark (U+FEFF) after the start of the file is not allowed")
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

// maxNodes is the most YAML nodes (scalars, lists, mappings and aliases)
// a file may hold. yaml.v3 builds each one as a yaml.Node of about 200
// bytes before this package sees any, so that a 1 MiB file of junk such as
// [{?, ?, …}] (a million nodes) took 455 MB to load. A set of 10,000
// problems with every key is 170,000 nodes; the densest valid 1 MiB file,
// 22,000 problems of four short keys, is 200,000.
const maxNodes = 250_000

// parse returns the root node of the one YAML document in data, or nil for
// an empty file; ok is false when a mistake was recorded.
func (d *decoder) parse(data []byte) (root *yaml.Node, ok bool) {
	sh := yamlshape.Count(data, maxNodes, "")
	if sh.Over > 0 {
		d.errorf(sh.Over, "more than %d YAML nodes (values, lists and mappings) by this line, more than a set of %d problems has: is this a problem set?", maxNodes, 10_000)
		return nil, false
	}
	defer func() {
		// yaml.v3 returns errors for bad input; should some input find a
		// panic in it nonetheless, that is one bad file, not a crashed batch.
		if r := recover(); r != nil {
			d.errorf(1, "yaml decoder: %v", r)
			root, ok = nil, false
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	switch err := dec.Decode(&doc); {
	case err == io.EOF:
		return nil, true
	case err != nil:
		d.yamlError(data, err, sh)
		return nil, false
	}
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case err == io.EOF:
	case err != nil:
		d.yamlError(data, err, sh)
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

var yamlLineRE = regexp.MustCompile(`(?s)^yaml: line (\d+): (.*)$`)

// splitYAMLError returns the line yaml.v3's error names, or 0 for none, and
// its message.
func splitYAMLError(err error) (line int, msg string) {
	msg = err.Error()
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		return line, m[2]
	}
	return 0, strings.TrimPrefix(msg, "yaml: ")
}

// parserProblems are the messages of yaml.v3's parser, as opposed to its
// scanner's. yaml.v3 names a line differently for the two (decode.go,
// parser.fail): for a scanner error, the 1-based line where the token in
// question starts; for a parser error, the 0-based line, so the line before,
// of the start of the collection being parsed, not of the token it stopped
// at. Either way it names the line of the token when the start is on line 1,
// and no line when both are.
var parserProblems = map[string]bool{
	"did not find expected <stream-start>":   true,
	"did not find expected <document start>": true,
	"found undefined tag handle":             true,
	"did not find expected node content":     true,
	"did not find expected '-' indicator":    true,
	"did not find expected key":              true,
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
	"found duplicate %TAG directive":         true,
}

var unknownAnchorRE = regexp.MustCompile(`^unknown anchor '([0-9A-Za-z_-]*)' referenced$`)

// yamlError records a YAML syntax error at the line of the mistake, with a
// hint for the mistakes people make most. yaml.v3's own line is not always
// that one: for a parser error it is the 0-based line, so the line before,
// of the start of the collection being parsed (or of the token it stopped
// at, or none, when that start is on line 1); for a scanner error the line
// of the start of the token being read, or, when that is on line 1, of the
// place the error was found; for an alias to a missing anchor, none. The
// shape pass sh supplies the rest: the token yaml.v3's parser stopped at, the
// alias, and how far tokens starting on line 1 go.
func (d *decoder) yamlError(data []byte, err error, sh yamlshape.Shape) {
	line, msg := splitYAMLError(err)
	switch {
	case parserProblems[msg]:
		if stop := sh.Stop; stop != nil && stop.Problem == msg && stop.YAMLLine() == line {
			line, msg = parserError(data, stop)
		} else {
			// The start of the collection, or the token, 1-based.
			line++
		}
	case unknownAnchorRE.MatchString(msg):
		name := unknownAnchorRE.FindStringSubmatch(msg)[1]
		line = max(yamlshape.Count(data, maxNodes, name).UnknownAlias, 1)
		msg = fmt.Sprintf("*%s is a YAML alias, and no anchor &%s comes before it: write the value out, quoted if it starts with '*'", clip(name, 40), clip(name, 40))
	case line == 0:
		line = 1 // it all happened on line 1
	case sh.Reach == 0 || line <= sh.Reach:
		// A scanner error (or one of the decoder's) whose token may
		// start on line 1, with yaml.v3 naming the line it was found on:
		// read the lines up to that one again to know.
		line = scannerLine(data, line, msg)
	}
	// YAML quotes anchor names and such, which may be long.
	msg = clip(strings.Join(strings.Fields(msg), " "), 200)
	if strings.Contains(msg, "tab character") {
		// yaml.v3 names the line where the scalar began: the tab may be
		// on a later line of it.
		line = tabLine(data, line)
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

// parserError words a parser error the shape pass found where yaml.v3
// found it, and returns the line to report it at: the line the parser
// stopped at, where the collection being parsed went wrong; or the line
// where a [ or { was opened when it is never closed.
func parserError(data []byte, e *yamlshape.Stop) (line int, msg string) {
	at, start := e.Line(), e.Start()
	switch e.Problem {
	case "did not find expected ',' or ']'", "did not find expected ',' or '}'":
		what, open := "list", "["
		if strings.HasSuffix(e.Problem, "'}'") {
			what, open = "mapping", "{"
		}
		switch {
		case e.AtEnd:
			return start, fmt.Sprintf("%s: the %s opened on this line is not closed by the end of the file", e.Problem, open)
		case at > start && indentation(lineText(data, at)) <= indentation(lineText(data, start)):
			// The file goes on at the indentation of the block around
			// the flow collection: its ] or } was forgotten.
			return start, fmt.Sprintf("%s: the %s opened on this line is not closed before line %d", e.Problem, open, at)
		case at > start:
			return at, fmt.Sprintf("%s in the %s opened at line %d (is a ',' missing before this?)", e.Problem, what, start)
		}
		return at, fmt.Sprintf("%s (is a ',' missing?)", e.Problem)
	case "did not find expected key", "did not find expected '-' indicator":
		if at == start {
			return at, e.Problem
		}
		what := "mapping"
		if strings.HasSuffix(e.Problem, "indicator") {
			what = "list"
		}
		return at, fmt.Sprintf("%s: this line does not go on with the %s at line %d (check its indentation)", e.Problem, what, start)
	case "did not find expected <document start>":
		return at, e.Problem + ": a set is one YAML document, and this line is outside it"
	}
	return at, e.Problem
}

// indentation returns the number of spaces line starts with.
func indentation(line string) int { return len(line) - len(strings.TrimLeft(line, " ")) }

// scannerLine returns the line a scanner error yaml.v3 reports at line, with
// message msg, is about: the start of the token it was reading. It reads the
// lines of data up to that one again, behind a blank line, so that no token
// starts on line 1: yaml.v3 then names the start of the token, plus one.
// Should that reading not find the same error, the token does not start on
// line 1 (had it, the error would be found within those lines), and line is
// its start.
func scannerLine(data []byte, line int, msg string) (at int) {
	defer func() {
		if recover() != nil {
			at = line
		}
	}()
	end := 0 // just past the end of line
	for n := 1; n <= line && end < len(data); n++ {
		i := bytes.IndexAny(data[end:], "\r\n")
		if i < 0 {
			end = len(data)
			break
		}
		end += i + 1
		if data[end-1] == '\r' && end < len(data) && data[end] == '\n' {
			end++
		}
	}
	dec := yaml.NewDecoder(io.MultiReader(strings.NewReader("\n"), bytes.NewReader(data[:end])))
	for range 2 {
		var doc yaml.Node
		err := dec.Decode(&doc)
		if err == nil {
			continue
		}
		if l, m := splitYAMLError(err); m == msg && l >= 2 {
			return l - 1
		}
		break
	}
	return line
}

// tabLine returns the first line from line on that has a tab in its
// indentation, or line if none has.
func tabLine(data []byte, line int) int {
	for l, text := range lines(data) {
		if l >= line && bytes.Contains(text[:len(text)-len(bytes.TrimLeft(text, " \t"))], []byte("\t")) {
			return l
		}
	}
	return line
}

// lines yields the 1-based number and the text of each line of data, ended
// by LF, CRLF or CR as the text check counts them.
func lines(data []byte) iter.Seq2[int, []byte] {
	return func(yield func(int, []byte) bool) {
		for n := 1; len(data) > 0; n++ {
			end := bytes.IndexAny(data, "\r\n")
			if end < 0 {
				end = len(data)
			}
			if !yield(n, data[:end]) {
				return
			}
			next := end + 1
			if end+1 < len(data) && data[end] == '\r' && data[end+1] == '\n' {
				next++
			}
			data = data[min(next, len(data)):]
		}
	}
}

// lineText returns the text of the 1-based line of data, or "".
func lineText(data []byte, line int) string {
	for n, text := range lines(data) {
		if n == line {
			return string(text)
		}
	}
	return ""
}
