package problems

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/queensjudge/queensjudge/solver"
)

// MaxTests is the most tests a problem may have, and MaxSetTests the most a
// set may have in all: a contest problem has tens, a generated batch a few
// hundred, and each test is solved and judged on its own.
const (
	MaxTests    = 1000
	MaxSetTests = 10_000
)

// Test is one test case of a problem with tests.
type Test struct {
	// Problem is the test's instance: the problem's kind and ask, with the
	// test's n, board and m, or the problem's where the test gives none.
	Problem solver.Problem
	// Name is unique in the problem: the file's, or the test's number (1,
	// 2, ... in the order the list makes them), or for a generated test
	// its item's name and number (big-1, big-2, ...).
	Name string
	// Group is the name of the group the test scores in, or "".
	Group string
	// Sample marks a test shown in statements and worth nothing.
	Sample bool
	// Line is the line of the test's item in the file.
	Line int
}

// Group is a group of tests worth points when every test in it is right,
// as an IOI subtask is.
type Group struct {
	Name   string
	Points int
	Line   int
}

// HasTests reports whether p was written as a family of tests (tests:)
// rather than as one instance.
func (p Problem) HasTests() bool { return p.Tests != nil }

// Scored reports whether p scores by groups, rather than pass-fail.
func (p Problem) Scored() bool { return len(p.Groups) > 0 }

// Cases returns the instances p is judged on, each as a Problem: p itself
// for a problem without tests, and for one with tests a Problem per test,
// whose definition is the test's and whose Test points at it. Cases of a
// case is the case itself.
func (p Problem) Cases() []Problem {
	if p.Tests == nil {
		return []Problem{p}
	}
	out := make([]Problem, len(p.Tests))
	for i := range p.Tests {
		c := p
		c.Problem = p.Tests[i].Problem
		c.Tests = nil
		c.Line = p.Tests[i].Line
		c.Test = &p.Tests[i]
		out[i] = c
	}
	return out
}

// Cases returns the instances of the problems of s, in order: each problem
// without tests, and each test of the others (see Problem.Cases).
func (s *Set) Cases() []Problem {
	var out []Problem
	for _, p := range s.Problems {
		out = append(out, p.Cases()...)
	}
	return out
}

// Case returns the case of s that ref names: a problem without tests by
// its id, or a test of a problem with tests as ID/TEST (see Ref).
func (s *Set) Case(ref string) (Problem, bool) {
	id, test, isTest := strings.Cut(ref, "/")
	p, ok := s.Problem(id)
	switch {
	case !ok || isTest != p.HasTests():
		return Problem{}, false
	case !isTest:
		return p, true
	}
	return p.Case(test)
}

// Case returns the case of p for its test named test (see Cases).
func (p Problem) Case(test string) (Problem, bool) {
	for _, c := range p.Cases() {
		if c.Test != nil && c.Test.Name == test {
			return c, true
		}
	}
	return Problem{}, false
}

// Ref names p where one name must tell its tests apart: its id, or for a
// case (see Cases) "ID/TEST". Ids and test names never hold a '/'.
func (p Problem) Ref() string {
	if p.Test == nil {
		return p.ID
	}
	return p.ID + "/" + p.Test.Name
}

// TestNamed returns the test of p named name.
func (p Problem) TestNamed(name string) (Test, bool) {
	for _, t := range p.Tests {
		if t.Name == name {
			return t, true
		}
	}
	return Test{}, false
}

// groups decodes a problem's groups: a mapping of group names to points.
func (d *decoder) groups(f field, errorf reporter) []Group {
	v := f.val
	switch {
	case v.Kind == yaml.AliasNode:
		f.alias(errorf)
		return nil
	case isNull(v) || v.Kind == yaml.MappingNode && len(v.Content) == 0:
		errorf(f.key.Line, "groups is empty: leave it out for a pass-fail problem")
		return nil
	case v.Kind != yaml.MappingNode:
		errorf(f.key.Line, "groups must be a mapping of group names to points, as in groups: {small: 30, large: 70}, got %s", show(v))
		return nil
	}
	var out []Group
	first := map[string]int{}
	folded := map[string]Group{} // by the name in lower case
	total := 0
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, pv := v.Content[i], v.Content[i+1]
		if k.Kind != yaml.ScalarNode || isNull(k) {
			errorf(k.Line, "a group's name must be a plain name, got %s", show(k))
			continue
		}
		if msg := checkFileName(k.Value); msg != "" {
			errorf(k.Line, "group name %s", msg)
			continue
		}
		if line, dup := first[k.Value]; dup {
			errorf(k.Line, "duplicate group %q, first at line %d", k.Value, line)
			continue
		}
		// A group is a folder of a package (data/secret/GROUP): two names
		// that differ in case only are one folder on Windows and macOS.
		if other, dup := folded[strings.ToLower(k.Value)]; dup {
			errorf(k.Line, "group %q and group %q, at line %d, differ in case only: a package's folders of both would be one on Windows and macOS", k.Value, other.Name, other.Line)
			continue
		}
		first[k.Value] = k.Line
		folded[strings.ToLower(k.Value)] = Group{Name: k.Value, Line: k.Line}
		pts, ok, big := field{k, pv}.integer(errorf)
		switch {
		case ok && pts >= 0 && pts <= MaxPoints:
			total += pts
			out = append(out, Group{Name: k.Value, Points: pts, Line: k.Line})
		case ok:
			errorf(k.Line, "group %s: points must be 0..%d, got %d", k.Value, MaxPoints, pts)
		case big:
			errorf(k.Line, "group %s: points must be 0..%d, got %s", k.Value, MaxPoints, bigText(pv.Value))
		}
	}
	if len(out) > 0 && total == 0 {
		errorf(f.key.Line, "groups are worth 0 points in all: give one some")
	}
	if total > MaxPoints {
		errorf(f.key.Line, "groups are worth %d points in all, more than the %d a problem may be", total, MaxPoints)
	}
	return out
}

var testKeys = []string{"name", "group", "sample", "n", "board", "m", "generate"}

// tests decodes a problem's tests, f, on the definition of p (its kind,
// ask, groups and default instance, whose keys are in pf), recording
// mistakes. errorfIn returns the reporter for mistakes in a test.
func (d *decoder) tests(f field, pf *fields, p Problem, kindOK, askOK bool, errorfIn func(test string) reporter) []Test {
	errorf := errorfIn("")
	v := f.val
	switch {
	case v.Kind == yaml.AliasNode:
		f.alias(errorf)
		return nil
	case isNull(v) || v.Kind == yaml.SequenceNode && len(v.Content) == 0:
		errorf(f.key.Line, "tests is empty: list the tests, or leave tests out for a problem of one instance")
		return nil
	case v.Kind != yaml.SequenceNode:
		errorf(f.key.Line, "tests must be a list, got %s", show(v))
		return nil
	}
	groups := map[string]bool{}
	for _, g := range p.Groups {
		groups[g.Name] = false
	}
	tests := []Test{} // not nil: the problem has tests
	names := map[string]int{}
	next := 1 // the number of the item's (first) test
	for _, item := range v.Content {
		first := next
		number := strconv.Itoa(first)
		next++
		itemErr := errorfIn(number)
		if item.Kind != yaml.MappingNode {
			itemErr(item.Line, "a test must be a mapping of its n, board or m, or a generate:, got %s", show(item))
			continue
		}
		fs := fieldsOf(item, testKeys, itemErr)
		t := Test{Line: item.Line, Problem: p.Problem}
		name := ""
		if nf, ok := fs.get("name"); ok {
			if s, ok := nf.text(itemErr); ok {
				if msg := checkFileName(s); msg != "" {
					itemErr(nf.key.Line, "test name %s", msg)
				} else {
					name = s
				}
			}
		}
		label := number
		if name != "" {
			label = name
		}
		errorf := errorfIn(label)
		if gf, ok := fs.get("group"); ok {
			if s, ok := gf.text(errorf); ok {
				_, known := groups[s]
				switch {
				case p.Groups == nil:
					errorf(gf.key.Line, "group %q: the problem has no groups: (name them with their points, as in groups: {%s: 30})", short(s), short(s))
				case !known:
					errorf(gf.key.Line, "unknown group %q (%s)", short(s), suggestion{s, groupNames(p.Groups)})
				default:
					t.Group = s
					groups[s] = true
				}
			}
		}
		if sf, ok := fs.get("sample"); ok {
			if b, ok := sf.boolean(errorf); ok {
				t.Sample = b
			}
			if t.Sample && t.Group != "" {
				errorf(sf.key.Line, "a sample is worth nothing: it takes no group")
			}
		}
		if p.Groups != nil && t.Group == "" && !t.Sample {
			if _, ok := fs.get("group"); !ok {
				errorf(item.Line, "every test of a problem with groups is in one (group: %s), or a sample", groupNames(p.Groups)[0])
			}
		}

		if gf, ok := fs.get("generate"); ok {
			for _, k := range instanceKeys {
				if k == "m" {
					continue // queens-knights: the m of every generated board
				}
				if f, ok := fs.get(k); ok {
					errorf(f.key.Line, "%s goes inside generate:, which makes the tests' instances", k)
				}
			}
			if !kindOK || !askOK {
				continue
			}
			base := d.instance(&fs, pf, item, p.Problem, kindOK, askOK, false, errorf)
			made := d.generate(gf, base, min(MaxTests-len(tests), MaxSetTests-d.setTests-len(tests)), errorf)
			next += max(len(made)-1, 0)
			for i, in := range made {
				gt := t
				gt.Problem = in
				gt.Name = strconv.Itoa(first + i)
				if name != "" {
					gt.Name = name + "-" + strconv.Itoa(i+1)
				}
				tests = d.addTest(tests, gt, names, errorf)
			}
			continue
		}
		t.Problem = d.instance(&fs, pf, item, p.Problem, kindOK, askOK, true, errorf)
		t.Name = label
		tests = d.addTest(tests, t, names, errorf)
	}
	if len(tests) > MaxTests {
		errorf(f.key.Line, "%d tests, more than the %d a problem may have", len(tests), MaxTests)
	}
	for _, g := range p.Groups {
		if !groups[g.Name] {
			errorf(g.Line, "group %s has no tests", g.Name)
		}
	}
	secret := false
	for _, t := range tests {
		secret = secret || !t.Sample
	}
	if len(tests) > 0 && !secret {
		// A problem is judged on its secret tests: a package without one
		// is refused by the format (data/secret), and a problem of samples
		// alone would give every team its points for nothing.
		errorf(f.key.Line, "every test is a sample: a problem needs a test that is not one (a secret test), which is what it is judged on")
	}
	return tests
}

// windowsNames are the names Windows keeps for devices: no file or folder
// may have one, in any case, with or without an extension ("con.x").
var windowsNames = map[string]bool{"CON": true, "PRN": true, "AUX": true, "NUL": true}

func init() {
	for _, d := range "0123456789" {
		windowsNames["COM"+string(d)] = true
		windowsNames["LPT"+string(d)] = true
	}
}

// checkFileName returns why s is not a valid test or group name, or "":
// it must be a valid id (checkID), and a name that every file system a
// package is checked out on can hold, since a group is a folder of a
// package (data/secret/GROUP) and a test names its files: no name Windows
// keeps for a device (CON, PRN, AUX, NUL, COM0 to COM9, LPT0 to LPT9, in
// any case and with any extension) and no trailing '.', which Windows
// drops. The characters Windows refuses (<>:"/\|?* and spaces) are not
// in an id.
func checkFileName(s string) string {
	if msg := checkID(s); msg != "" {
		return msg
	}
	base, _, _ := strings.Cut(s, ".")
	switch {
	case windowsNames[strings.ToUpper(base)]:
		return fmt.Sprintf("%q is a name Windows keeps for a device (%s): a package's file or folder cannot have it there", s, strings.ToUpper(base))
	case strings.HasSuffix(s, "."):
		return fmt.Sprintf("%q ends in '.', which Windows drops from a file or folder name", s)
	}
	return ""
}

// addTest appends t to tests, reporting a name given twice.
func (d *decoder) addTest(tests []Test, t Test, names map[string]int, errorf reporter) []Test {
	if line, dup := names[t.Name]; dup {
		errorf(t.Line, "duplicate test name %q, first at line %d", t.Name, line)
		return tests
	}
	names[t.Name] = t.Line
	if len(tests) > MaxTests {
		return tests // reported once the list is read
	}
	return append(tests, t)
}

func groupNames(groups []Group) []string {
	out := make([]string, len(groups))
	for i, g := range groups {
		out[i] = g.Name
	}
	return out
}

// boolean returns the value of a true or false.
func (f field) boolean(errorf reporter) (bool, bool) {
	v := f.val
	switch {
	case v.Kind == yaml.AliasNode:
		f.alias(errorf)
	case v.Kind == yaml.ScalarNode && v.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) == 0 && (v.Value == "true" || v.Value == "false"):
		return v.Value == "true", true
	default:
		errorf(f.key.Line, "%s must be true or false, got %s", f.key.Value, showWrong(v))
	}
	return false, false
}
