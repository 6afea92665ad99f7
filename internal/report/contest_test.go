package report

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// contestDir holds the test contest, judge's: its problem set, its
// submissions directory and its manifest of timed attempts, which judge's
// tests read too. What this package writes from it is golden under
// testdata/contest and testdata/html.
var contestDir = filepath.Join("..", "..", "judge", "testdata", "contest")

// testsDir holds judge's contest of problems with tests, laid out as
// contestDir: a problem with groups, a pass-fail problem with tests and a
// problem without tests, answered by folders of files, one per test.
var testsDir = filepath.Join("..", "..", "judge", "testdata", "tests")

// contest judges the test contest with the solver as the ground truth, as
// the judge command would: from its submissions directory when from is
// "dir", from its manifest when it is "manifest".
//
// "tests-dir" and "tests-manifest" judge the contest of problems with tests
// in testsDir the same ways; "pass-fail-dir" and "pass-fail-manifest" judge
// the test contest with every problem worth 1 point, so that points are
// problems solved.
func contest(t testing.TB, from string) (judge.Report, *problems.Set) {
	t.Helper()
	dir, passFail := contestDir, false
	if f, ok := strings.CutPrefix(from, "tests-"); ok {
		dir, from = testsDir, f
	}
	if f, ok := strings.CutPrefix(from, "pass-fail-"); ok {
		from, passFail = f, true
	}
	set, err := problems.Load(filepath.Join(dir, "set.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if passFail {
		for i := range set.Problems {
			set.Problems[i].Points = 1
		}
	}
	var subs []judge.Submission
	switch from {
	case "dir":
		subs, _ = judge.LoadSubmissions(filepath.Join(dir, "submissions"))
	case "manifest":
		subs, _ = judge.LoadManifest(filepath.Join(dir, "manifest.csv"))
	default:
		t.Fatalf("no test contest from %q", from)
	}
	return judge.Contest(context.Background(), set, subs, judge.SolverTruths{}, judge.Limits{}), set
}

// contestReport judges the test contest from its submissions directory,
// and gives the pictures as main does: each wrong answer read again.
func contestReport(t testing.TB) (judge.Report, Pictures) {
	t.Helper()
	r, set := contest(t, "dir")
	pics := func(team, problem, file string) (solver.Problem, solver.Placement, bool) {
		p, ok := set.Problem(problem)
		if !ok {
			return solver.Problem{}, solver.Placement{}, false
		}
		f, err := os.Open(filepath.Join(contestDir, "submissions", file))
		if err != nil {
			return solver.Problem{}, solver.Placement{}, false
		}
		defer f.Close()
		pl, ok := judge.ReadPlacement(p.Problem, f, judge.Limits{})
		return p.Problem, pl, ok
	}
	return r, pics
}

// A format is one way to write a report, and the file name ending of its
// golden files.
type format struct {
	ext   string
	write func(io.Writer, judge.Report) error
}

// goldenContests are the contests whose reports are golden, as contest
// names them.
var goldenContests = []string{"dir", "manifest", "tests-dir", "tests-manifest"}

// contestGolden judges the test contest twice, from the submissions
// directory and from the manifest, and the contest of problems with tests
// the same two ways (or the contests froms names, when given), writes each
// report in every format and compares it with
// testdata/contest/FROM.EXT.golden.
func contestGolden(t *testing.T, formats []format, froms ...string) {
	if len(froms) == 0 {
		froms = goldenContests
	}
	for _, from := range froms {
		r, _ := contest(t, from)
		for _, f := range formats {
			t.Run(from+"."+f.ext, func(t *testing.T) {
				var b bytes.Buffer
				if err := f.write(&b, r); err != nil {
					t.Fatal(err)
				}
				testflag.Golden(t, filepath.Join("testdata", "contest", from+"."+f.ext+".golden"), b.Bytes())
			})
		}
	}
}
