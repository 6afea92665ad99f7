package problems

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/queensjudge/queensjudge/solver"
)

// MaxFileSize is the largest problem-set file read, in bytes. A real set is a
// few kilobytes (ten thousand problems without boards fit, or eight hundred
// with 32×32 boards); the limit, with the one on YAML nodes, bounds the
// memory decoding takes (yaml.v3 allocates about 200 bytes a node).
const MaxFileSize = 1 << 20

// MaxPoints is the most points a problem may be worth.
const MaxPoints = 1_000_000

// maxIDLen is the longest id or set name, in characters.
const maxIDLen = 64

// Problem is one problem of a set: its definition plus what the set says
// about it. Only the embedded solver.Problem is part of the definition (see
// Canonical); the id, title and points are not.
type Problem struct {
	// Problem is the definition. M is solver.AnyM when the file gives no m,
	// whatever the kind; Reserved is nil unless the kind is reserved.
	solver.Problem
	ID    string
	Title string
	// Points is what the problem is worth: the set's points, or for a
	// problem with groups the sum of theirs.
	Points int
	// Line is the line of the problem's entry in the file, or for a case
	// (see Cases) the line of its test.
	Line int
	// Tests are the problem's tests in order, nil for a problem written as
	// one instance (without tests:), which is its own one test. The
	// problem's own instance keys are then defaults: its definition may
	// be incomplete, and only its cases are solved.
	Tests []Test
	// Groups are the groups its tests score in, nil for a pass-fail problem.
	Groups []Group
	// Test is, on a case of a problem with tests (see Cases), the test it
	// stands for; nil otherwise.
	Test *Test
}

// Set is a decoded problem set. Its problems are valid (Validate returns nil
// for each) and their ids are unique.
type Set struct {
	Name string
	// NameLine is the line of the set's name: key, or 0 when the name is
	// the file's.
	NameLine int
	// File is the path the set was read from, or "stdin".
	File     string
	Problems []Problem
}

// CheckNames reports each set of sets that has the name of an earlier one,
// as an *Error at the line of its name (line 1 when the name is the file's):
// a problem is known by its set's name and its id, so that two such sets
// would have their problems mixed up, or one taken for the other's. A file
// given twice is one set, not two of one name. The result is empty when
// every name is unique.
func CheckNames(sets []*Set) []error {
	var errs []error
	first := map[string]*Set{}
	for _, s := range sets {
		f, ok := first[s.Name]
		if !ok {
			first[s.Name] = s
			continue
		}
		if filepath.Clean(f.File) == filepath.Clean(s.File) {
			continue
		}
		e := &Error{File: s.File, Line: s.NameLine,
			Msg: fmt.Sprintf("set name %q is also the name of %s's set: give one a name: of its own", s.Name, f.File)}
		if s.NameLine == 0 {
			e.Line = 1
			e.Msg = fmt.Sprintf("set name %q, from the file's name, is also the name of %s's set: give one a name: of its own", s.Name, f.File)
		}
		errs = append(errs, e)
	}
	return errs
}

// Problem returns the problem with the given id. A missing id is reported as
// ok == false.
func (s *Set) Problem(id string) (p Problem, ok bool) {
	for _, p := range s.Problems {
		if p.ID == id {
			return p, true
		}
	}
	return Problem{}, false
}

// Error is one mistake in a problem-set file, located like a compiler
// locates one.
type Error struct {
	File string
	// Line is the 1-based line of the mistake. It is 0 only for a file Load
	// refuses for its size, unread.
	Line int
	// Index is the 1-based place in the problems list of the problem the
	// mistake is in, or 0 when it is outside any problem.
	Index int
	// ID is the id of that problem, or "" when it has no valid id.
	ID string
	// Test names the test of the problem the mistake is in, or "".
	Test string
	Msg  string
}

// Error formats the mistake as FILE:LINE: problem "ID": message, leaving out
// the parts it does not have.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	b.WriteString(": ")
	switch {
	case e.ID != "":
		fmt.Fprintf(&b, "problem %q: ", e.ID)
	case e.Index > 0:
		fmt.Fprintf(&b, "problem %d: ", e.Index)
	}
	if e.Test != "" {
		fmt.Fprintf(&b, "test %q: ", e.Test)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Load reads and decodes the problem set in the file at path, or in standard
// input when path is "-" (the set is then named and located "stdin"). A file
// larger than MaxFileSize is refused before it is read.
func Load(path string) (*Set, error) {
	if path == "-" {
		return Read("stdin", os.Stdin)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > MaxFileSize {
		return nil, tooLarge(path, fi.Size(), nil) // unread
	}
	return Read(path, f)
}

// Read reads and decodes the problem set r gives, naming it file: at most
// MaxFileSize bytes are read, a longer set is refused.
func Read(file string, r io.Reader) (*Set, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, tooLarge(file, -1, data) // only the first bytes were read
	}
	return Parse(file, data)
}

// tooLarge reports a file over MaxFileSize: size is its size, or -1 when
// not known; data is as much of it as was read, nil when none was. Read
// or not, the limit is what is wrong; when read, the line where the file
// passes it is named, so that every mistake of a read file has a line.
func tooLarge(file string, size int64, data []byte) error {
	e := &Error{File: file, Msg: fmt.Sprintf("file has more than the %d bytes allowed", MaxFileSize)}
	if size >= 0 {
		e.Msg = fmt.Sprintf("file has %d bytes, more than the %d allowed", size, MaxFileSize)
	}
	if len(data) > MaxFileSize {
		e.Line = 1
		for l := range lines(data[:MaxFileSize+1]) {
			e.Line = l
		}
		e.Msg += ", from this line on"
	}
	return e
}

// Parse decodes the problem set in data, naming file in errors and taking
// the set's default name from it. On error the set is nil and the error joins
// an *Error for every mistake found, in line order. Parse never panics, and is
// safe for concurrent use.
func Parse(file string, data []byte) (*Set, error) {
	if len(data) > MaxFileSize {
		return nil, tooLarge(file, int64(len(data)), data)
	}
	d := &decoder{file: file}
	s := d.set(data)
	if err := d.err(); err != nil {
		return nil, err
	}
	if s.Name == "" {
		s.Name = defaultName(file)
	}
	return s, nil
}

// defaultName is the name of a set that gives none: its file name without
// the extension.
func defaultName(file string) string {
	base := filepath.Base(file)
	for _, ext := range []string{".yaml", ".yml"} {
		if b, ok := strings.CutSuffix(base, ext); ok && b != "" {
			return b
		}
	}
	return base
}
