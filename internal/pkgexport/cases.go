package pkgexport

import (
	"fmt"
	"strconv"

	"github.com/queensjudge/queensjudge/problems"
)

// testCase is one test case of a package as a layout writes it.
type testCase struct {
	Case
	sample bool
	// group is the name of the group the case scores in; "" for a sample
	// and for every case of a pass-fail problem.
	group string
	// name is the base name of the case's files: "1" in a classic
	// package; for a test, its number in the problem, zero-padded to one
	// width so that the judge systems' order (by name) is the problem's,
	// a '-' and its name ("07-small-6"); "sample" for a sample of the
	// package's own.
	name string
}

// cases returns the test cases of pkg in order: the sample and the secret
// case of a classic problem; the problem's own sample, if it has one, then
// every test of a problem with tests.
func (pkg Package) cases() []testCase {
	if pkg.Tests == nil {
		return []testCase{
			{Case: pkg.Sample, sample: true, name: "1"},
			{Case: pkg.Secret, name: "1"},
		}
	}
	var out []testCase
	if pkg.Sample.Problem.ID != "" {
		out = append(out, testCase{Case: pkg.Sample, sample: true, name: "sample"})
	}
	width := len(strconv.Itoa(len(pkg.Tests)))
	for i, c := range pkg.Tests {
		tc := testCase{Case: c, name: fmt.Sprintf("%0*d", width, i+1)}
		if t := c.Problem.Test; t != nil {
			tc.sample, tc.group = t.Sample, t.Group
			tc.name += "-" + t.Name
		}
		out = append(out, tc)
	}
	return out
}

// dataDir is the directory of the files of c in a problem package:
// data/sample, data/secret, or data/secret/GROUP for a scoring problem.
func (c testCase) dataDir() string {
	switch {
	case c.sample:
		return "data/sample"
	case c.group != "":
		return "data/secret/" + c.group
	}
	return "data/secret"
}

// scored reports whether pkg is a scoring problem: a problem with groups.
func (pkg Package) scored() bool { return pkg.Tests != nil && pkg.Secret.Problem.Scored() }

// groups returns the groups of pkg's problem that hold a test.
func (pkg Package) groups() []problems.Group {
	if !pkg.scored() {
		return nil
	}
	return pkg.Secret.Problem.Groups
}
