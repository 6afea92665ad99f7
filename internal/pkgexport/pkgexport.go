// Package pkgexport writes a problem of a set as a problem package in the
// problem package format that Kattis problemtools verifies and DOMjudge
// imports: problem.yaml, a statement, the test data (one sample, one secret
// case; or a case a test) with the ground truth as answer files, and the
// static queensjudge-validator as output validator and input validator,
// each behind a small build and run script; or as a CMS task (cms.go).
//
// One problem makes one package. A package is the general problem of its
// kind and ask ("given n, count the placements"): a classic problem is its
// secret case and a small instance of the same kind and ask its sample, so
// that the sample shows the formats without giving the answer away. A
// problem with tests is its tests, the samples among them, and a problem
// with groups a scoring problem (scoring.go; docs/packages.md).
//
// It knows the package layouts and nothing of the cache or the command
// line: the caller gives it the ground truths, and a guard.Guard through
// which it writes every file and removes only what it made.
package pkgexport

import (
	"bufio"
	"context"
	"crypto/sha1"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// Layout is a version of the problem package format.
type Layout string

// The layouts Write knows. Legacy is the one DOMjudge imports and Kattis
// runs; 2023-07 is the draft problemtools checks as "2023-07-draft";
// 2025-09 is the final version of that draft (docs/packages.md says what
// the judge systems read of it today); CMS (cms.go) is a task directory
// for CMS.
const (
	Legacy   Layout = "legacy"
	V2023_07 Layout = "2023-07"
	V2025_09 Layout = "2025-09"
)

// ParseLayout returns the layout named s.
func ParseLayout(s string) (Layout, error) {
	switch Layout(s) {
	case Legacy, V2023_07, V2025_09, CMS:
		return Layout(s), nil
	}
	return "", fmt.Errorf("unknown layout %q (want legacy, 2023-07, 2025-09 or cms)", s)
}

// MaxSolutions is the most placements a solutions answer file holds: a
// longer list makes an answer file too big to ship and a problem no team
// should be asked to print.
const MaxSolutions = 100_000

// BinaryName is the name of the validator program inside a package: the
// static queensjudge-validator (internal/cmd/queensjudge-validator).
const BinaryName = "queensjudge-validator"

// Case is one test case of a package: the problem and its ground truth.
type Case struct {
	Problem problems.Problem
	Truth   judge.Truth
}

// Package is what Write needs to write one package.
//
// A problem without tests (a classic problem) is one secret case, Secret,
// and one sample, Sample. A problem with tests is its tests, one case
// each: Secret.Problem is then the problem (its Tests and Groups, its
// Truth unused), Tests its cases in order, the samples among them, and
// Sample a sample of its own only when Problem.ID is set (see
// app.Export: the problem names no sample test).
type Package struct {
	Set    string // the name of the problem set, for the package's uuid
	Secret Case   // the set's problem
	Sample Case   // a small instance of the same kind and ask, same m
	// Tests are the cases of a problem with tests, one a test, in the
	// order of the problem's tests (see problems.Problem.Cases); nil for a
	// classic problem.
	Tests []Case
	// CMSType is the task type of a CMS task: OutputOnly ("", the
	// default) or Batch.
	CMSType CMSType
	Binary  string // the static queensjudge to ship as validator
	// PDF writes a statement as a PDF file: the CMS layout's
	// statement/statement.pdf (the PDF library is the caller's, so that
	// the validator, which imports this package, does not link it).
	PDF func(io.Writer, Document) error
}

// SampleOf returns the small problem of the same kind, ask and m as p that
// a package shows as its sample: 5 queens (6 when p is 5 queens), a 5×5
// board with two reserved squares in opposite corners (another board when
// p is that board or one of its rotations or reflections, which have the
// same answers), or queens and knights on 6×6 (5×5 when p is 6×6; m×m
// for a fixed m over 5, one more when p is that board). The
// sample is never the secret case nor one of its images: a sample's answer
// is shown to the teams.
func SampleOf(p problems.Problem) problems.Problem {
	s := problems.Problem{Problem: solver.Problem{Kind: p.Kind, Ask: p.Ask, M: p.M}, ID: p.ID + "-sample", Title: p.Title, Points: 1}
	switch p.Kind {
	case solver.Reserved:
		for _, board := range sampleBoards {
			s.N, s.Reserved = 5, board
			if !SameBoard(s.Problem, p.Problem) {
				break
			}
		}
	case solver.QueensKnights:
		s.N = 6
		if p.M != solver.AnyM && p.M > s.N {
			s.N = p.M // m pieces of each need an m×m board at least
		}
		if s.N == p.N {
			if s.N == 6 && (p.M == solver.AnyM || p.M < 6) {
				s.N = 5
			} else {
				s.N++
			}
		}
	default:
		s.N = 5
		if p.N == 5 {
			s.N = 6
		}
	}
	return s
}

// SampleIn returns the sample of its own that the package of p, a problem
// with tests that names no sample, shows: the sample of its kind
// (SampleOf of its first test) when that is inside the range of n its
// statement gives (Statement: the tests' least to greatest n; any board
// for a reserved problem) and none of its tests (up to a rotation or
// reflection), else the instance of the smallest n in that range that no
// test has; ok is false when every n of the range is a test's, and the
// package has no sample of its own rather than one outside its statement
// or one that gives a secret answer away.
func SampleIn(p problems.Problem) (sample problems.Problem, ok bool) {
	if len(p.Tests) == 0 {
		return problems.Problem{}, false
	}
	first := p.Tests[0].Problem
	first.M = p.M
	s := SampleOf(problems.Problem{Problem: first, ID: p.ID, Title: p.Title})
	lo, hi := first.N, first.N
	taken := func(c solver.Problem) bool {
		for _, t := range p.Tests {
			if t.Problem.Kind == c.Kind && t.Problem.M == c.M && SameBoard(t.Problem, c) {
				return true
			}
		}
		return false
	}
	if p.Kind == solver.Reserved {
		// Its statement bounds n by the ask's limit alone: a 5×5 board is
		// inside, and the other sample board when the first is a test's.
		for _, board := range sampleBoards {
			s.N, s.Reserved = 5, board
			if !taken(s.Problem) {
				return s, true
			}
		}
		return problems.Problem{}, false
	}
	for _, t := range p.Tests {
		lo, hi = min(lo, t.Problem.N), max(hi, t.Problem.N)
	}
	if s.N >= lo && s.N <= hi && !taken(s.Problem) {
		return s, true
	}
	for n := lo; n <= hi; n++ {
		s.N = n
		if !taken(s.Problem) {
			return s, true
		}
	}
	return problems.Problem{}, false
}

// NameTrouble returns why name cannot name a package's folder or zip on
// every file system a package is checked out on, or "": a name Windows
// keeps for a device (CON, PRN, AUX, NUL, COM0 to COM9, LPT0 to LPT9, in
// any case, with any extension), or one ending in '.' or ' ', which
// Windows drops. The loader refuses such test and group names; a
// problem's id is a package's name only on export.
func NameTrouble(name string) string {
	base, _, _ := strings.Cut(name, ".")
	switch u := strings.ToUpper(base); {
	case u == "CON" || u == "PRN" || u == "AUX" || u == "NUL",
		len(u) == 4 && (strings.HasPrefix(u, "COM") || strings.HasPrefix(u, "LPT")) && u[3] >= '0' && u[3] <= '9':
		return "is a name Windows keeps for a device"
	case strings.HasSuffix(name, ".") || strings.HasSuffix(name, " "):
		return "ends in a character Windows drops"
	}
	return ""
}

// sampleBoards are the 5×5 sample boards of a reserved problem, in order
// of preference: two of them are never images of one board.
var sampleBoards = [][]uint64{
	{1 << 0, 0, 0, 0, 1 << 4}, // a1 and e5, opposite corners
	{0, 0, 1 << 2, 0, 0},      // c3, the centre
}

// SameBoard reports whether the boards of a and b are one board up to the
// 8 symmetries of the square (so their answers are the same): same size,
// and some rotation or reflection of a's reserved squares is b's.
func SameBoard(a, b solver.Problem) bool {
	if a.N != b.N {
		return false
	}
	for _, g := range solver.Syms {
		same := true
		for r := 0; r < a.N && same; r++ {
			for c := 0; c < a.N && same; c++ {
				t := g.Apply(solver.Square{Row: r, Col: c}, a.N)
				same = a.IsReserved(r, c) == b.IsReserved(t.Row, t.Col)
			}
		}
		if same {
			return true
		}
	}
	return false
}

// Flags returns the validator flags of p: kind=, ask= and, for a
// queens-knights problem with a fixed m, m=.
func Flags(p solver.Problem) string {
	f := "kind=" + string(p.Kind) + " ask=" + string(p.Ask)
	if p.Kind == solver.QueensKnights && p.M != solver.AnyM {
		f += " m=" + strconv.Itoa(p.M)
	}
	return f
}

// Input returns the input file of p as validate and check-input read it: a
// line with n, or the board rows of a reserved problem.
func Input(p solver.Problem) string {
	if p.Kind != solver.Reserved {
		return strconv.Itoa(p.N) + "\n"
	}
	var b strings.Builder
	b.Grow(p.N * (p.N + 1))
	for r := 0; r < p.N; r++ {
		for c := 0; c < p.N; c++ {
			if p.IsReserved(r, c) {
				b.WriteByte('*')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// WriteAnswer writes the answer file of t: the number for count, unique and
// max; a placement (the 1-based columns on one line, or the board rows) or
// "none"; every placement, one column list a line or boards separated by
// blank lines, or "none" when there is none. It refuses a solutions list longer than MaxSolutions.
func WriteAnswer(ctx context.Context, w io.Writer, t judge.Truth) error {
	bw := bufio.NewWriter(w)
	switch t.Problem.Ask {
	case solver.AskPlacement:
		if t.Answer.Placement == nil {
			bw.WriteString("none\n")
		} else {
			writePlacement(bw, *t.Answer.Placement)
		}
	case solver.AskSolutions:
		if t.Answer.Count > MaxSolutions {
			return fmt.Errorf("%d placements is too many for an answer file (at most %d): ask count or unique instead, or a smaller board", t.Answer.Count, MaxSolutions)
		}
		if t.Answer.Count == 0 {
			bw.WriteString("none\n") // what a team answers, and an empty file is no answer
			break
		}
		if t.Solutions == nil {
			return errors.New("the ground truth lists no placements")
		}
		i := 0
		for pl, err := range t.Solutions(ctx) {
			if err != nil {
				return err
			}
			if i > 0 && !pl.HasColumns() {
				bw.WriteString("\n")
			}
			writePlacement(bw, pl)
			i++
		}
		if uint64(i) != t.Answer.Count {
			return fmt.Errorf("the ground truth lists %d placements, its count says %d", i, t.Answer.Count)
		}
	default:
		bw.WriteString(strconv.FormatUint(t.Answer.Count, 10) + "\n")
	}
	return bw.Flush()
}

// writePlacement writes pl as a team would: the columns on one line when
// it has one queen a row and nothing else, the board rows otherwise.
func writePlacement(w *bufio.Writer, pl solver.Placement) {
	if pl.HasColumns() && pl.N > 0 {
		// Column by column, not pl.String(): a placement of 10^7 queens is
		// 89 MB of text, which a validator under a judge's 1 GiB of
		// address space cannot hold twice.
		var num [20]byte
		for i, q := range pl.Queens {
			if i > 0 {
				w.WriteByte(' ')
			}
			w.Write(strconv.AppendInt(num[:0], int64(q.Col+1), 10))
		}
		w.WriteByte('\n')
		return
	}
	for _, r := range pl.Rows() {
		w.WriteString(r + "\n")
	}
}

// CheckStatic returns an error unless the file at path is a static ELF
// executable: no program interpreter and no shared libraries, so that it
// runs on a judge host whatever its libc.
func CheckStatic(path string) error {
	f, err := elf.Open(path)
	if err != nil {
		return fmt.Errorf("validator binary %s: %w", path, err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			return fmt.Errorf("validator binary %s is dynamically linked (it has a program interpreter)", path)
		}
	}
	libs, err := f.ImportedLibraries()
	if err == nil && len(libs) > 0 {
		return fmt.Errorf("validator binary %s is dynamically linked (it needs %s)", path, strings.Join(libs, ", "))
	}
	return nil
}

// uuid returns a name-based UUID (version 5 layout, SHA-1) of the set and
// problem id: the same package gets the same uuid on every export.
func uuid(set, id string) string {
	h := sha1.Sum([]byte("queensjudge\x00" + set + "\x00" + id))
	h[6] = h[6]&0x0f | 0x50
	h[8] = h[8]&0x3f | 0x80
	x := fmt.Sprintf("%x", h[:16])
	return x[0:8] + "-" + x[8:12] + "-" + x[12:16] + "-" + x[16:20] + "-" + x[20:32]
}

// title is the name of the package: the problem's title, else its id.
func title(p problems.Problem) string {
	if p.Title != "" {
		return p.Title
	}
	return p.ID
}

// yamlString quotes s as a YAML double-quoted scalar.
func yamlString(s string) string {
	return strconv.Quote(s) // a JSON-compatible string is valid YAML
}

// buildScript makes the validator runnable where a judge system lost the
// executable bits of the package's files: DOMjudge keeps them only on
// files named build and run, and runs build once, before the first call,
// as another user than the files' owner, in a directory that user may
// write. So a file that is not executable is replaced by an executable
// copy of its own (chmod would not be allowed), once, at build time;
// nothing is copied when the bits are there (problemtools keeps them) and
// nothing on a call.
const buildScript = `#!/bin/sh
# Written by queensjudge export. Makes this validator runnable where the
# executable bits of its files were lost (DOMjudge keeps them only on build
# and run, and runs build as another user than the files' owner): a file
# that is not executable is replaced, once, by an executable copy.
set -e
cd "$(dirname "$0")"
for f in run ` + BinaryName + `; do
  if [ ! -x "$f" ]; then
    cp "$f" "$f.new" && chmod 755 "$f.new" && mv -f "$f.new" "$f"
  fi
done
`

// OutputRun returns the run script of the output validator of p, whose
// test cases have the input and answer files of the SHA-256 digests in
// cases ("IN:ANS" each): it calls the validator with
// the judge's arguments and the package's own flags, so that the flags
// reach it whatever a judge system reads of problem.yaml or testdata.yaml.
// The host's QUEENSJUDGE_ variables are not passed on: a package's
// validator works alike on every host.
func OutputRun(p solver.Problem, cases []string) string {
	return `#!/bin/sh
# Written by queensjudge export: the output validator of this package, as
# problemtools and DOMjudge call it:
#   run INPUT ANSWER FEEDBACK_DIR [FLAGS...] < team_output
# It exits 42 when the team output is accepted, 43 when it is not, and
# with another status on a judge error (its message in
# FEEDBACK_DIR/judgemessage.txt). The answer files are the ground truth,
# checked with their inputs against the digests below; nothing is solved
# or kept.
unset QUEENSJUDGE_DB QUEENSJUDGE_QUIET QUEENSJUDGE_FORMAT QUEENSJUDGE_BUDGET
exec "$(dirname "$0")/` + BinaryName + `" validate "$@" ` + Flags(p) + ` cases=` + strings.Join(cases, ",") + `
`
}

// InputRun returns the run script of the input validator of p.
func InputRun(p solver.Problem) string {
	return `#!/bin/sh
# Written by queensjudge export: the input validator of this package:
#   run [FLAGS...] < input
# It exits 42 when the input is a valid input of the problem, 43 when not.
unset QUEENSJUDGE_DB QUEENSJUDGE_QUIET QUEENSJUDGE_FORMAT QUEENSJUDGE_BUDGET
exec "$(dirname "$0")/` + BinaryName + `" check-input ` + Flags(p) + ` "$@"
`
}
