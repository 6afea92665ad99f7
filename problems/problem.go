package problems

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"gopkg.in/yaml.v3"

	"github.com/queensjudge/queensjudge/solver"
)

var problemKeys = []string{"id", "title", "kind", "n", "board", "m", "ask", "points", "tests", "groups"}

// problem decodes the index-th problem of the list, node n, recording its
// mistakes. It returns the problem, meaningful only when there were none,
// except that its ID is set whenever the id is valid so that duplicates can
// be found.
func (d *decoder) problem(index int, n *yaml.Node) (p Problem) {
	p = Problem{Line: n.Line, Points: 1, Problem: solver.Problem{M: solver.AnyM}}
	id := validID(n) // so that every mistake names the problem
	errorfIn := func(test string) reporter {
		return func(line int, format string, args ...any) {
			if !d.full(line) {
				d.errs = append(d.errs, &Error{File: d.file, Line: line, Index: index, ID: id, Test: test, Msg: fmt.Sprintf(format, args...)})
			}
		}
	}
	errorf := errorfIn("")
	if n.Kind != yaml.MappingNode {
		errorf(n.Line, "a problem must be a mapping of id, kind, ask and the rest, got %s", show(n))
		return p
	}
	fields := fieldsOf(n, problemKeys, errorf)

	if f, ok := fields.get("id"); !ok {
		errorf(n.Line, "id is required")
	} else if id, ok := f.text(errorf); ok {
		if msg := checkID(id); msg != "" {
			errorf(f.key.Line, "id %s", msg)
		} else {
			p.ID = id
		}
	}
	if f, ok := fields.get("title"); ok && !isNull(f.val) {
		if title, ok := f.text(errorf); ok {
			if oneLine(title) {
				p.Title = title
			} else {
				// Titles are printed in tables and reports: no line breaks,
				// no terminal escapes.
				errorf(f.key.Line, "title must be one line of printable text, got %q", short(title))
			}
		}
	}
	pointsField, hasPoints := fields.get("points")
	if hasPoints {
		v, ok, big := pointsField.integer(errorf)
		switch {
		case ok && v >= 1 && v <= MaxPoints:
			p.Points = v
		case ok:
			errorf(pointsField.key.Line, "points must be 1..%d, got %d", MaxPoints, v)
		case big:
			errorf(pointsField.key.Line, "points must be 1..%d, got %s", MaxPoints, bigText(pointsField.val.Value))
		}
	}

	// The definition.
	kindOK, askOK := false, false
	if f, ok := fields.get("kind"); !ok {
		errorf(n.Line, "kind is required (%s)", kindList)
	} else if kind, ok := f.text(errorf); ok {
		p.Kind = solver.Kind(kind)
		if kindOK = slices.Contains(kinds, kind); !kindOK {
			errorf(f.key.Line, "unknown kind %q (want %s)", short(kind), kindList)
		}
	}
	if f, ok := fields.get("ask"); !ok {
		errorf(n.Line, "ask is required (%s)", askList)
	} else if ask, ok := f.text(errorf); ok {
		p.Ask = solver.Ask(ask)
		if askOK = slices.Contains(asks, ask); !askOK {
			errorf(f.key.Line, "unknown ask %q (want %s)", short(ask), askList)
		}
	}

	tf, hasTests := fields.get("tests")
	gf, hasGroups := fields.get("groups")
	if !hasTests {
		if hasGroups {
			errorf(gf.key.Line, "groups are groups of tests: a problem with groups lists its tests under tests:")
		}
		// One instance, written on the problem itself.
		in := d.instance(&fields, nil, n, p.Problem, kindOK, askOK, true, errorf)
		p.Problem = in
		return p
	}

	// A family of tests: the instance keys on the problem are defaults.
	p.Problem = d.instance(&fields, nil, n, p.Problem, kindOK, askOK, false, errorf)
	if hasGroups {
		p.Groups = d.groups(gf, errorf)
		if hasPoints {
			errorf(pointsField.key.Line, "a problem with groups is worth the sum of its groups' points: leave points out")
		}
		total := 0
		for _, g := range p.Groups {
			total += g.Points
		}
		p.Points = total
	}
	p.Tests = d.tests(tf, &fields, p, kindOK, askOK, errorfIn)
	return p
}

// instanceKeys are the keys of a problem, or of one of its tests, that
// make up an instance.
var instanceKeys = []string{"n", "board", "m"}

// instance decodes the instance keys (n, board, m) of fields onto base, the
// instance so far (the problem's kind and ask, and for a test the
// problem's defaults), recording mistakes. outer, when not nil, holds the
// fields of the problem a test inherits from, for the lines of mistakes
// in what it inherits; entry is the mapping the fields are from. whole
// asks for a whole instance: every key the kind needs must be given (here
// or in outer) and the instance is validated; otherwise the keys are
// defaults, checked only for their own form.
func (d *decoder) instance(fs, outer *fields, entry *yaml.Node, base solver.Problem, kindOK, askOK, whole bool, errorf reporter) solver.Problem {
	p := base
	// complete stays true while every part the solver's Validate needs has
	// decoded cleanly, so that its checks can run and say something useful.
	complete := kindOK && askOK && whole

	nf, hasN := fs.get("n")
	if hasN {
		v, ok, big := nf.integer(errorf)
		switch {
		case ok:
			p.N = v
		case big && complete:
			errorf(nf.key.Line, "%s", nRange(p.Kind, p.Ask, 0, bigText(nf.val.Value)))
			if err := askError(p.Kind, p.Ask); err != nil {
				// Validate does not run without an n: say it here.
				askAt := fs
				if outer != nil {
					askAt = outer
				}
				f, _ := askAt.get("ask")
				errorf(f.key.Line, "%v", err)
			}
		case big:
			errorf(nf.key.Line, "n is too large, got %s", bigText(nf.val.Value))
		}
		complete = complete && ok
	} else if whole && kindOK && p.Kind != solver.Reserved && p.N == 0 {
		if outer != nil {
			errorf(entry.Line, "n is required for %s, on the test or on its problem", p.Kind)
		} else {
			errorf(entry.Line, "n is required for %s", p.Kind)
		}
		complete = false
	}

	bf, hasBoard := fs.get("board")
	switch {
	case !kindOK:
	case p.Kind != solver.Reserved && hasBoard:
		errorf(bf.key.Line, "only a reserved problem has a board")
	case p.Kind == solver.Reserved && hasBoard:
		rows, ok := board(bf, errorf)
		if ok && !hasN {
			p.N = len(rows)
		}
		// Laid out for its own side, its number of rows, whatever n says:
		// the instance checks the two agree before Validate reads it.
		p.Reserved = nil
		if ok {
			p.Reserved = reservedOf(rows, len(rows))
		}
		complete = complete && ok
	case p.Kind == solver.Reserved && whole && p.Reserved == nil:
		if outer != nil {
			errorf(entry.Line, "board is required for reserved, on the test or on its problem")
		} else {
			errorf(entry.Line, "board is required for reserved")
		}
		complete = false
	}

	if f, ok := fs.get("m"); ok && kindOK {
		if p.Kind != solver.QueensKnights {
			errorf(f.key.Line, "only a queens-knights problem has m")
		} else {
			// AnyM is -1, so a negative m is refused here: Validate would
			// take m: -1 for "the largest".
			v, ok, big := f.integer(errorf)
			switch {
			case ok && v >= 0:
				p.M = v
			case ok || big:
				got := fmt.Sprint(v)
				if big {
					got = bigText(f.val.Value)
				}
				if p.N > 0 && complete {
					errorf(f.key.Line, "m must be 0..n (%d), got %s", p.N, got)
				} else {
					errorf(f.key.Line, "m must be 0..n, got %s", got)
				}
				complete = false
			default:
				complete = false
			}
		}
	}

	if complete {
		var errs []error
		if p.Kind == solver.Reserved && p.Reserved != nil {
			// The board, the problem's or the test's, is laid out for its
			// number of rows; an n that differs is said here, in words
			// Validate would miscount with the layout of another n.
			if rows := boardSide(len(p.Reserved)); rows != p.N {
				errs = append(errs, &solver.FieldError{Field: solver.FieldBoard, Msg: fmt.Sprintf("board has %d rows, want %d", rows, p.N)})
			}
		}
		for _, err := range flatten(p.Validate()) {
			if len(errs) > 0 && fieldOf(err) == solver.FieldBoard {
				continue // the board's rows are not n's
			}
			errs = append(errs, err)
		}
		askBad := slices.ContainsFunc(errs, func(err error) bool { return fieldOf(err) == solver.FieldAsk })
		for _, err := range errs {
			line := validationLine(err, entry, fs, outer)
			if askBad && fieldOf(err) == solver.FieldN {
				// Validate words n's range for a kind and ask that do
				// not go together, which contradicts the ask's error.
				if msg := nRange(p.Kind, p.Ask, p.N, ""); msg != "" {
					errorf(line, "%s", msg)
				}
				continue
			}
			if fieldOf(err) == solver.FieldN {
				errorf(line, "%v%s", err, onlyPlacement(p.Kind, p.Ask, p.N))
				continue
			}
			errorf(line, "%v", err)
		}
	}
	return p
}

// boardSide returns the side of the board that takes words words in the
// layout of solver.Problem.Reserved, laid out for its number of rows (see
// reservedOf): the r with r·solver.ReservedWords(r) = words, or the first
// r past it when there is none. words is at most about 16,000 (a file's
// largest board), so a count is quick.
func boardSide(words int) int {
	r := 0
	for r*solver.ReservedWords(r) < words {
		r++
	}
	return r
}

// onlyPlacement returns the reason a reserved board of side n is refused
// for ask when only placement takes it ("": not so), to follow the range
// of n in a message: a setter who wrote a 40×40 board for count learns
// that the board is not too large for the format, only for the ask.
func onlyPlacement(kind solver.Kind, ask solver.Ask, n int) string {
	if kind != solver.Reserved || ask == solver.AskPlacement || n <= solver.MaxN(kind, ask) || n > solver.MaxN(kind, solver.AskPlacement) {
		return ""
	}
	return fmt.Sprintf(": boards past %d are only for placement (up to %d)", solver.MaxN(kind, ask), solver.MaxN(kind, solver.AskPlacement))
}

// fieldOf returns the field a validation error is about, or "".
func fieldOf(err error) string {
	var fe *solver.FieldError
	if errors.As(err, &fe) {
		return fe.Field
	}
	return ""
}

// askError returns solver.Problem.Validate's error about ask for a problem
// of kind that is otherwise valid, or nil when the ask goes with the kind.
func askError(kind solver.Kind, ask solver.Ask) error {
	probe := solver.Problem{Kind: kind, Ask: ask, N: 1, M: solver.AnyM}
	if kind == solver.Reserved {
		probe.Reserved = solver.NewReserved(1)
	}
	for _, err := range flatten(probe.Validate()) {
		if fieldOf(err) == solver.FieldAsk {
			return err
		}
	}
	return nil
}

// nRange words why n is out of range for kind and ask, or returns "" when
// it is not; big, when not "", is the text of an n too large for an int
// (n is then not looked at). When the ask does not go with the kind, which
// is reported besides, the range is the kind's widest: a message giving the
// range of n for "nqueens max" would contradict the one saying there is no
// such thing.
func nRange(kind solver.Kind, ask solver.Ask, n int, big string) string {
	got := big
	if big == "" {
		got = strconv.Itoa(n)
	}
	if askError(kind, ask) == nil {
		if max := solver.MaxN(kind, ask); big != "" || n < 1 || n > max {
			return fmt.Sprintf("n must be 1..%d for %s %s, got %s", max, kind, ask, got)
		}
		return ""
	}
	widest := 0
	for _, a := range solver.Asks {
		if askError(kind, a) == nil {
			widest = max(widest, solver.MaxN(kind, a))
		}
	}
	switch {
	case big == "" && n < 1:
		return fmt.Sprintf("n must be at least 1, got %s", got)
	case big != "" || n > widest:
		return fmt.Sprintf("n must be at most %d for %s, got %s", widest, kind, got)
	}
	return ""
}

// validID returns the id of problem n when it has a valid one, as problem
// reads it: the value of the first id key.
func validID(n *yaml.Node) string {
	if n.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k, v := n.Content[i], n.Content[i+1]; k.Kind == yaml.ScalarNode && k.Value == "id" {
			if v.Kind == yaml.ScalarNode && !isNull(v) && checkID(v.Value) == "" {
				return v.Value
			}
			return ""
		}
	}
	return ""
}

// oneLine reports whether s is printable text without line breaks.
func oneLine(s string) bool {
	for _, r := range s {
		if !unicode.IsGraphic(r) {
			return false
		}
	}
	return true
}

var (
	kinds    = stringsOf(solver.Kinds)
	asks     = stringsOf(solver.Asks)
	kindList = orList(solver.Kinds)
	askList  = orList(solver.Asks)
)

func stringsOf[S ~string](list []S) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = string(s)
	}
	return out
}

// flatten returns the errors err joins, or err itself, or none.
func flatten(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, flatten(e)...)
		}
		return out
	}
	return []error{err}
}

// validationLine returns the line to report one of solver.Problem.Validate's
// errors at: the line of the key the error's field is in fields, or else in
// outer (the problem a test inherits from, nil for none), or of the board
// for an n left to the board's number of rows, or else the entry, n. The
// field comes from the error's type, never from its text, so that
// rewording a message cannot move it.
func validationLine(err error, n *yaml.Node, fs, outer *fields) int {
	var fe *solver.FieldError
	if !errors.As(err, &fe) {
		return n.Line
	}
	for _, fs := range []*fields{fs, outer} {
		if fs == nil {
			continue
		}
		if f, ok := fs.get(fe.Field); ok {
			return f.key.Line
		}
		if f, ok := fs.get("board"); ok && fe.Field == solver.FieldN {
			return f.key.Line // a reserved board's n is its number of rows
		}
	}
	return n.Line
}

// board decodes the rows of a reserved board, written either as a | block
// or as a list of row strings, checked to be a square of '.' and '*': the
// caller lays them out for the board's n (reservedOf). A file holds boards
// of up to about 1,020 rows (MaxFileSize). Trailing blanks on a row, and
// blank lines after the last row, are ignored.
func board(f field, errorf reporter) ([]string, bool) {
	type row struct {
		text string
		line int
	}
	var rows []row
	switch v := f.val; {
	case v.Kind == yaml.AliasNode:
		f.alias(errorf)
		return nil, false
	case isNull(v):
		errorf(f.key.Line, "board has no rows")
		return nil, false
	case v.Kind == yaml.ScalarNode && v.Style&yaml.FoldedStyle != 0:
		errorf(f.key.Line, "board must be a | block or a list of rows, not a > block, which joins the rows")
		return nil, false
	case v.Kind == yaml.ScalarNode:
		for i, text := range strings.Split(v.Value, "\n") {
			line := v.Line
			if v.Style&yaml.LiteralStyle != 0 {
				line += 1 + i // a | block's rows start on the line after the |
			}
			rows = append(rows, row{text, line})
		}
	case v.Kind == yaml.SequenceNode:
		for i, item := range v.Content {
			switch {
			case item.Kind == yaml.AliasNode:
				errorf(item.Line, "board row %d is a YAML alias (*%s): quote a row that starts with '*', as in '*..'", i+1, short(item.Value))
				return nil, false
			case isNull(item):
				rows = append(rows, row{"", item.Line})
			case item.Kind != yaml.ScalarNode:
				errorf(item.Line, "board row %d must be text, got %s", i+1, show(item))
				return nil, false
			default:
				rows = append(rows, row{item.Value, item.Line})
			}
		}
	default:
		errorf(f.key.Line, "board must be a | block or a list of rows, got %s", show(v))
		return nil, false
	}
	for i := range rows {
		rows[i].text = strings.TrimRight(rows[i].text, " \t\r")
	}
	for len(rows) > 0 && rows[len(rows)-1].text == "" {
		rows = rows[:len(rows)-1]
	}
	if len(rows) == 0 {
		errorf(f.key.Line, "board has no rows")
		return nil, false
	}
	for i, r := range rows {
		if r.text == "" {
			// Checked first: counted as a row, a blank line would make
			// every other row one square short of square.
			errorf(r.line, "board row %d is blank: a board has no blank lines between its rows", i+1)
			return nil, false
		}
	}
	for i, r := range rows {
		for col, c := range []rune(r.text) {
			if c != '.' && c != '*' {
				hint := ""
				if c == ' ' || c == '\t' {
					hint = "; write the board as a | block or a list of rows"
				}
				errorf(r.line, "board row %d has %q at column %d (want '.' or '*'%s)", i+1, c, col+1, hint)
				return nil, false
			}
		}
	}
	for i, r := range rows {
		if len(r.text) != len(rows) {
			errorf(r.line, "board row %d has %d squares, want %d: a board is square, with as many squares in each row as it has rows",
				i+1, len(r.text), len(rows))
			return nil, false
		}
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.text
	}
	return out, true
}
