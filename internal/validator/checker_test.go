package validator

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/queensjudge/queensjudge/internal/guard"
	"github.com/queensjudge/queensjudge/internal/pkgexport"
	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// cmsForbidden is what CMS refuses in a checker's message
// (cms/grading/steps/trusted.py, _sanitize_message).
var cmsForbidden = regexp.MustCompile("[\x00-\x08\x0a-\x1f\x7f-\u00bf]")

// exportCMSTask writes the CMS task of p into a fresh directory, with bin
// as its checker and a stand-in for the statement, and returns the task's
// directory.
func exportCMSTask(t *testing.T, p solver.Problem, bin string) string {
	t.Helper()
	ctx := context.Background()
	prob := problems.Problem{Problem: p, ID: "p.1", Title: "P", Points: 1}
	sample := pkgexport.SampleOf(prob)
	truth := func(p solver.Problem) judge.Truth {
		tr, err := judge.SolveTruth(ctx, p, solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	out := filepath.Join(t.TempDir(), "contest")
	g := guard.New()
	g.Input(bin)
	if _, err := g.Dir("OUTDIR", out); err != nil {
		t.Fatal(err)
	}
	if err := g.MkdirAll(out); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(out, pkgexport.CMSName(prob.ID))
	pkg := pkgexport.Package{
		Set:    "s",
		Secret: pkgexport.Case{Problem: prob, Truth: truth(p)},
		Sample: pkgexport.Case{Problem: sample, Truth: truth(sample.Problem)},
		Binary: bin,
		PDF: func(w io.Writer, d pkgexport.Document) error {
			_, err := fmt.Fprintf(w, "%%PDF-1.4 %s\n", d.Title)
			return err
		},
	}
	if err := pkgexport.Write(ctx, g, dir, pkgexport.CMS, pkg); err != nil {
		t.Fatal(err)
	}
	return dir
}

// cmsRun is what CMS does with one output of a contestant (the OutputOnly
// task type's evaluate, checker_step): it makes a bare directory holding
// the checker (executable), input.txt, correct_output.txt and
// user_output.txt, runs "./checker input.txt correct_output.txt
// user_output.txt" there with no stdin and no flags (as root: as another
// user, who may not write the directory), and reads the first line of
// stdout and of stderr. The test binary acts as the checker through
// QUEENSJUDGE_RUN_VALIDATOR=1, the only variable it is given.
type cmsRun struct {
	code           int
	stdout, stderr string
	files          string // what the directory holds afterwards
}

func runCMSChecker(t *testing.T, checker string, input, correct, user []byte) cmsRun {
	t.Helper()
	box := cmsBox(t, input, correct, user)
	// CMS copies the checker in and sets its executable bit itself.
	if err := os.Link(checker, filepath.Join(box, "checker")); err != nil {
		data, err := os.ReadFile(checker)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(box, "checker"), data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 21*time.Second) // CMS: 10 s of CPU, 2·10+1 s of wall time
	defer cancel()
	cmd := exec.CommandContext(ctx, "./checker", "input.txt", "correct_output.txt", "user_output.txt")
	cmd.Dir = box
	cmd.Env = []string{"QUEENSJUDGE_RUN_VALIDATOR=1"}
	if os.Getuid() == 0 {
		openTo(t, box)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := cmsRun{stdout: stdout.String(), stderr: stderr.String(), files: dirNames(t, box)}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("checker: %v", err)
	}
	return r
}

// cmsBox makes the bare directory CMS runs a checker in, with the three
// files, and returns it.
func cmsBox(t *testing.T, input, correct, user []byte) string {
	t.Helper()
	box := filepath.Join(t.TempDir(), "box")
	if err := os.Mkdir(box, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"input.txt": input, "correct_output.txt": correct, "user_output.txt": user} {
		if err := os.WriteFile(filepath.Join(box, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return box
}

// checkInProcess is runCMSChecker with the checker's Main called in this
// process, on the files of a box named by their paths: for the outputs
// whose verdict, not how CMS starts the checker, is under test.
func checkInProcess(t *testing.T, input, correct, user []byte) cmsRun {
	t.Helper()
	box := cmsBox(t, input, correct, user)
	var stdout, stderr bytes.Buffer
	args := []string{"./checker", filepath.Join(box, "input.txt"), filepath.Join(box, "correct_output.txt"), filepath.Join(box, "user_output.txt")}
	code := Main(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
	return cmsRun{code: code, stdout: stdout.String(), stderr: stderr.String(), files: dirNames(t, box)}
}

// outcome returns the outcome CMS reads from r: the first line of stdout,
// stripped, as a float; ok false when CMS would fail the evaluation (a
// non-zero exit, no float, a message CMS refuses).
func (r cmsRun) outcome() (score string, msg string, ok bool) {
	if r.code != 0 {
		return "", "", false
	}
	first, _, _ := strings.Cut(r.stdout, "\n")
	score = strings.TrimSpace(first)
	if score != "1.0" && score != "0.0" {
		return score, "", false
	}
	msg, _, _ = strings.Cut(r.stderr, "\n")
	msg = strings.TrimSpace(msg)
	if !utf8.ValidString(r.stderr) || cmsForbidden.MatchString(msg) {
		return score, msg, false
	}
	return score, msg, true
}

// wrongOutputs returns wrong outputs of a problem whose right output is
// key, by name: empty, junk, a line too many, and as the answer has them a
// number off by one, one placement short, attacking queens.
func wrongOutputs(p solver.Problem, key string) map[string]string {
	w := map[string]string{
		"empty":             "",
		"junk":              "x\u00a0y\x01\xff\n",
		"a line too many":   key + strings.SplitAfter(key, "\n")[0],
		"binary":            "\x00\x00\x00",
		"a non-breaking sp": strings.Replace(key, "\n", "\u00a0\n", 1),
	}
	if key == "none\n" {
		return w
	}
	switch p.Ask {
	case solver.AskCount, solver.AskUnique, solver.AskMax:
		var n uint64
		fmt.Sscan(key, &n)
		w["off by one"] = fmt.Sprintf("%d\n", n+1)
		if n > 0 {
			w["off by one down"] = fmt.Sprintf("%d\n", n-1)
		}
		return w
	}
	lines := strings.SplitAfter(strings.TrimSuffix(key, "\n"), "\n")
	lines[len(lines)-1] += "\n"
	boards := p.Kind == solver.QueensKnights
	if p.Ask == solver.AskSolutions {
		// The last placement left out: its line, or its board and the
		// blank line before it.
		if boards {
			blocks := strings.Split(key, "\n\n")
			if len(blocks) > 1 {
				w["one placement short"] = strings.Join(blocks[:len(blocks)-1], "\n\n") + "\n"
			}
		} else if len(lines) > 1 {
			w["one placement short"] = strings.Join(lines[:len(lines)-1], "")
		}
	} else if boards {
		w["one placement short"] = strings.Replace(key, "Q", ".", 1)
	} else {
		cols := strings.Fields(lines[0])
		w["one placement short"] = strings.Join(cols[:len(cols)-1], " ") + "\n"
	}
	// Attacking queens in the first placement: for columns, the second
	// queen in the first one's column; for a board, a queen moved into the
	// row of another queen, so that two queens share a row.
	if boards {
		rows := strings.Split(key, "\n")
		n := len(rows[0])
		first, second := -1, -1
		for r := 0; r < n && r < len(rows); r++ {
			if strings.Contains(rows[r], "Q") {
				if first < 0 {
					first = r
				} else if second < 0 {
					second = r
				}
			}
		}
		if free := strings.Index(rows[first], "."); second >= 0 && free >= 0 {
			rows[second] = strings.Replace(rows[second], "Q", ".", 1)
			rows[first] = rows[first][:free] + "Q" + rows[first][free+1:]
			w["attacking queens"] = strings.Join(rows, "\n")
		}
	} else {
		cols := strings.Fields(lines[0])
		if len(cols) > 1 {
			cols[1] = cols[0]
			lines[0] = strings.Join(cols, " ") + "\n"
			w["attacking queens"] = strings.Join(lines, "")
		}
	}
	return w
}

// TestCheckerLikeCMS exports the CMS task of a problem of every kind and
// ask and judges outputs with its check/checker as CMS does (runCMSChecker):
// for both test cases (the sample's key only, but with -long), the key scores 1.0 and every wrong output 0.0 with
// a message CMS takes (first line of stderr: UTF-8, none of the characters
// it refuses), the exit status 0; a correct output that is not the truth
// (changed, the other case's, without its header, a header of another
// problem) is a failed evaluation: a non-zero exit and no outcome. The
// checker writes nothing into its directory. Each task's checker runs as
// CMS runs it for the key, the junk output and the correct output with a
// byte changed; the other outputs are judged by its Main in process (the
// runs took 2.4 s of CPU, most of it starting 180 processes).
func TestCheckerLikeCMS(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "bin")
	data, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range problemsOfEveryAsk {
		task := exportCMSTask(t, p, bin)
		t.Run(fmt.Sprintf("%s-%s-%d", p.Kind, p.Ask, p.N), func(t *testing.T) {
			t.Parallel()
			read := func(name string) []byte {
				data, err := os.ReadFile(filepath.Join(task, name))
				if err != nil {
					t.Fatal(err)
				}
				return data
			}
			checker := filepath.Join(task, "check", "checker")
			for tc := 0; tc < 2; tc++ {
				in := read(fmt.Sprintf("input/input%d.txt", tc))
				correct := read(fmt.Sprintf("output/output%d.txt", tc))
				head, key, ok := cutHeader(correct)
				if !ok || !bytes.HasPrefix(head, []byte(pkgexport.CMSMagic+" ")) {
					t.Fatalf("output%d.txt has no header line: %q", tc, correct)
				}
				r := runCMSChecker(t, checker, in, correct, key)
				if score, msg, ok := r.outcome(); !ok || score != "1.0" || msg == "" {
					t.Errorf("case %d: the key: exit %d, stdout %q, stderr %q; want 1.0 and a message", tc, r.code, r.stdout, r.stderr)
				}
				if r.files != "checker correct_output.txt input.txt user_output.txt" {
					t.Errorf("case %d: the checker's directory holds %s afterwards", tc, r.files)
				}
				if tc == 0 && !testflag.Long() {
					continue // the sample's wrong outputs judge alike: -long runs them
				}
				wrongs := wrongOutputs(p, string(key))
				if tc == 1 {
					for _, must := range []string{"empty", "junk", "a line too many"} {
						if _, ok := wrongs[must]; !ok {
							t.Errorf("no %q output", must)
						}
					}
				}
				for name, out := range wrongs {
					if out == string(key) {
						t.Fatalf("case %d: the %s output is the key", tc, name)
					}
					run := checkInProcess
					if name == "junk" {
						run = func(t *testing.T, in, correct, user []byte) cmsRun {
							return runCMSChecker(t, checker, in, correct, user)
						}
					}
					r := run(t, in, correct, []byte(out))
					if score, msg, ok := r.outcome(); !ok || score != "0.0" || msg == "" || msg == "translate:wrong" {
						t.Errorf("case %d: %s output %q: exit %d, stdout %q, stderr %q; want 0.0 and a message CMS takes", tc, name, out, r.code, r.stdout, r.stderr)
					}
				}
				// Correct outputs that are not the truth: a failed
				// evaluation, never a score.
				other := read(fmt.Sprintf("output/output%d.txt", 1-tc))
				otherHead, _, _ := cutHeader(other)
				for name, bad := range map[string][]byte{
					"a line added":          append(bytes.Clone(correct), '\n'),
					"a byte changed":        append(bytes.Clone(head), changeByte(key)...),
					"the other case's":      other,
					"without its header":    key,
					"another case's header": append(bytes.Clone(otherHead), key...),
					"empty":                 nil,
				} {
					if bytes.Equal(bad, other) && bytes.Equal(other, correct) {
						continue
					}
					run := checkInProcess
					if name == "a byte changed" {
						run = func(t *testing.T, in, correct, user []byte) cmsRun {
							return runCMSChecker(t, checker, in, correct, user)
						}
					}
					r := run(t, in, bad, key)
					if r.code == 0 || r.stdout != "" || !strings.Contains(r.stderr, "correct_output.txt") {
						t.Errorf("case %d: a correct output %s: exit %d, stdout %q, stderr %q; want a non-zero exit naming correct_output.txt and no outcome", tc, name, r.code, r.stdout, r.stderr)
					}
				}
			}
		})
	}
}

// cutHeader cuts a correct output after its two header lines, which head
// keeps with their line ends.
func cutHeader(correct []byte) (head, key []byte, ok bool) {
	first, rest, ok1 := bytes.Cut(correct, []byte("\n"))
	second, key, ok2 := bytes.Cut(rest, []byte("\n"))
	head = append(append(append(bytes.Clone(first), '\n'), second...), '\n')
	return head, key, ok1 && ok2
}

// changeByte returns b with its first digit or letter changed.
func changeByte(b []byte) []byte {
	c := bytes.Clone(b)
	for i, x := range c {
		switch {
		case x >= '0' && x <= '8':
			c[i] = x + 1
			return c
		case x == '9':
			c[i] = '0'
			return c
		case x == 'Q' || x == 'N' || x == '.':
			c[i] = map[byte]byte{'Q': '.', 'N': '.', '.': 'N'}[x]
			return c
		}
	}
	return append(c, 'x')
}

// TestCheckerArguments: the checker mode is three files and nothing else;
// a fourth argument or a flag is a usage error, as CMS never passes one.
func TestCheckerArguments(t *testing.T) {
	for _, args := range [][]string{
		{"checker", "-x", "b", "c"},
		{"checker", "a", "b", "c", "d"},
		{"checker", "a", "b"},
	} {
		var stdout, stderr bytes.Buffer
		if code := Main(context.Background(), args, strings.NewReader(""), &stdout, &stderr); code != 2 || stdout.Len() != 0 {
			t.Errorf("Main(%q) = %d, stdout %q; want 2 and nothing on stdout", args, code, stdout.String())
		}
	}
}

// TestCMSText: no rune, and no byte that is not UTF-8, gets through to a
// message that CMS refuses, and what CMS takes is kept as it is.
func TestCMSText(t *testing.T) {
	var all strings.Builder
	for r := rune(0); r < 0x300; r++ {
		all.WriteRune(r)
	}
	all.WriteString("\xff\xc2 \u2028\u202e\ufffd end")
	got := CMSText(all.String())
	if !utf8.ValidString(got) {
		t.Errorf("CMSText gave invalid UTF-8: %q", got)
	}
	if m := cmsForbidden.FindString(got); m != "" {
		t.Errorf("CMSText left %q, which CMS refuses, in %q", m, got)
	}
	for _, keep := range []string{"line 3: queen on a6 attacks knight on a1", "5 × 5 board", "é…", "100%"} {
		if got := CMSText(keep); got != keep {
			t.Errorf("CMSText(%q) = %q, want it kept", keep, got)
		}
	}
	if got := CMSText("a\u00a0b\x01\n"); got != `a\u00a0b\x01\n` {
		t.Errorf("CMSText(a NBSP b ^A newline) = %q", got)
	}
}

// TestCheckerHeaderCovered: every byte of a correct output's header is
// covered by a digest. Before (form 1), its words kind=, ask= and m= were
// not: m=3 edited to m=2 scored a board of 2 queens and 2 knights 1.0, and
// ask=placement edited to ask=solutions scored the one placement 1.0, "all
// 1 placements". Each edit, a space added, and a form 1 header are now a
// failed evaluation: an error and no outcome.
func TestCheckerHeaderCovered(t *testing.T) {
	ctx := context.Background()
	bin := filepath.Join(t.TempDir(), "bin")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := solver.Problem{Kind: solver.QueensKnights, N: 6, M: 3, Ask: solver.AskPlacement}
	task := exportCMSTask(t, p, bin)
	input := filepath.Join(task, "input", "input1.txt")
	correct, err := os.ReadFile(filepath.Join(task, "output", "output1.txt"))
	if err != nil {
		t.Fatal(err)
	}
	answer := func(p solver.Problem) []byte {
		tr, err := judge.SolveTruth(ctx, p, solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := pkgexport.WriteAnswer(ctx, &b, tr); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	key := answer(p)
	two := p
	two.M = 2
	board := answer(two)
	head, ok := bytes.CutSuffix(correct, key)
	if !ok {
		t.Fatalf("output1.txt does not end in the key %q: %q", key, correct)
	}
	second := head[bytes.IndexByte(head, '\n')+1:] // the flags' line
	if bytes.Count(head, []byte("\n")) == 1 {
		second = head[len("queensjudge-cms-answer 1 "):] // form 1: one line
	}
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	check := func(correct, user []byte) (string, error) {
		var stdout, stderr bytes.Buffer
		err := Check(ctx, input, write("correct_output.txt", correct), write("user_output.txt", user), &stdout, &stderr)
		return stdout.String(), err
	}
	if out, err := check(correct, key); err != nil || out != "1.0\n" {
		t.Fatalf("Check(the key) = %q, %v; want 1.0", out, err)
	}
	for _, c := range []struct {
		name          string
		correct, user []byte
	}{
		{"m=3 made m=2", bytes.Replace(correct, []byte(" m=3 "), []byte(" m=2 "), 1), board},
		{"ask=placement made ask=solutions", bytes.Replace(correct, []byte("ask=placement"), []byte("ask=solutions"), 1), key},
		{"a space added", bytes.Replace(correct, []byte(" ask="), []byte("  ask="), 1), key},
		{"a form 1 header", append([]byte("queensjudge-cms-answer 1 "), append(bytes.Clone(second), key...)...), key},
		{"a form 1 header, m=2", bytes.Replace(append([]byte("queensjudge-cms-answer 1 "), append(bytes.Clone(second), key...)...), []byte(" m=3 "), []byte(" m=2 "), 1), board},
	} {
		if bytes.Equal(c.correct, correct) {
			t.Fatalf("%s: the edit changed nothing", c.name)
		}
		if out, err := check(c.correct, c.user); err == nil || out != "" {
			t.Errorf("Check (%s) = %q, %v; want an error and no outcome", c.name, out, err)
		}
	}
}
