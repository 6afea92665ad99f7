package command

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/internal/validator"
	"github.com/queensjudge/queensjudge/solver"
)

// TestMain lets a test run this test binary as the queensjudge program
// itself: with QUEENSJUDGE_RUN_MAIN=1 it runs main, exit status and all.
// With QUEENSJUDGE_RUN_VALIDATOR=1 it is the validator program a problem
// package carries (internal/cmd/queensjudge-validator), so that an exported package's
// run script has a real validator to call.
//
// The tests run in the repository's root, where the README's commands run:
// they name testdata/... as a user would.
func TestMain(m *testing.M) {
	if os.Getenv("QUEENSJUDGE_RUN_VALIDATOR") == "1" {
		os.Exit(validator.Main(context.Background(), os.Args, os.Stdin, os.Stdout, os.Stderr))
	}
	if os.Getenv("QUEENSJUDGE_RUN_MAIN") != "1" {
		if err := os.Chdir(filepath.Join("..", "..")); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	if os.Getenv("QUEENSJUDGE_RUN_MAIN") == "1" {
		if dir := os.Getenv(readOnlyEnv); dir != "" {
			if err := mountReadOnly(dir); err != nil {
				fmt.Fprintf(os.Stderr, "read-only mount of %s: %v\n", dir, err)
				os.Exit(exitNoMount)
			}
		}
		ctx, stop := WithSignals(os.Stderr, os.Exit)
		code := Run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
		stop()
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// binary returns a command that runs queensjudge with args, as a judge host
// would run it: its own process, stdin from a file.
func binary(t *testing.T, stdin string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "QUEENSJUDGE_RUN_MAIN=1", "QUEENSJUDGE_DB="+filepath.Join(t.TempDir(), "cache.db"))
	cmd.Stdin = strings.NewReader(stdin)
	return cmd
}

// TestValidateLikeJudges calls validate as problemtools and DOMjudge do:
// validator input_file answer_file feedback_dir [flags] < team_output, and
// reads the verdict from the exit status (42 accepted, 43 wrong answer, 1
// a judge error) and the messages from the feedback directory. Without
// cases= the truth comes from the cache or the solver, and the answer
// file must agree with it (a count exactly what export writes, a
// placement any valid one): any other answer file, or none, is a judge
// error that names it, never a verdict. With cases=,
// as a package's run script calls it, the answer file is the truth, checked
// with the input against the digests.
func TestValidateLikeJudges(t *testing.T) {
	f := newJudgeFiles(t)
	cses, csesAns, eight, eightCount, eightPlacement, oneProblem, oneProblemAns := f.cses, f.csesAns, f.eight, f.eightCount, f.eightPlacement, f.oneProblem, f.oneProblemAns
	count := []string{"kind=nqueens", "ask=count"}
	// The flags of a package's run script: the digests of its cases'
	// input and answer files, the secret's and the sample's (5 queens).
	countAnswers := []string{"kind=nqueens", "ask=count", "cases=" + sha256Hex("8\n") + ":" + sha256Hex("92\n") + "," + sha256Hex("5\n") + ":" + sha256Hex("10\n")}

	type validateCase struct {
		name       string
		input, ans string
		flags      []string
		output     string
		status     int
		judgeMsg   string // in judgemessage.txt
	}
	cases := []validateCase{
		{"count accepted", cses, csesAns, []string{"kind=reserved", "ask=count"}, "65\n", 42, "AC"},
		{"count wrong", cses, csesAns, []string{"kind=reserved", "ask=count"}, "64\n", 43, "65"},
		{"count crlf", cses, csesAns, []string{"kind=reserved", "ask=count"}, "\ufeff65\r\n", 42, "AC"},
		{"placement accepted", eight, eightPlacement, []string{"kind=nqueens", "ask=placement"}, "1 5 8 6 3 7 2 4\n", 42, "AC"},
		{"placement attacked", eight, eightPlacement, []string{"kind=nqueens", "ask=placement"}, "1 2 3 4 5 6 7 8\n", 43, "share a diagonal"},
		{"empty output", eight, eightPlacement, []string{"kind=nqueens", "ask=placement"}, "", 43, "NO"},
		{"yaml input", oneProblem, oneProblemAns, nil, "5\n", 42, "AC"},
		{"default validator flags ignored", oneProblem, oneProblemAns, []string{"case_sensitive", "space_change_sensitive"}, "4\n", 43, "WA"},
		{"answer file disagrees", cses, f.write(t, "wrong.ans", "66\n"), []string{"kind=reserved", "ask=count"}, "65\n", 1, filepath.Join(f.dir, "wrong.ans")},
		{"bad input", f.write(t, "bad.in", "eight\n"), eightCount, count, "92\n", 1, "want n"},
		{"missing answer file", eight, filepath.Join(f.dir, "missing.ans"), count, "92\n", 1, filepath.Join(f.dir, "missing.ans")},
		// A setter's own placement, not the solver's, is a right answer file.
		{"placement answer file of another placement", eight, f.write(t, "other.ans", "1 5 8 6 3 7 2 4\n"), []string{"kind=nqueens", "ask=placement"}, "2 4 6 8 3 1 7 5\n", 42, "AC"},
		{"placement answer file not a placement", eight, f.write(t, "attacked.ans", "1 2 3 4 5 6 7 8\n"), []string{"kind=nqueens", "ask=placement"}, "2 4 6 8 3 1 7 5\n", 1, filepath.Join(f.dir, "attacked.ans")},
		{"cases= accepted", eight, eightCount, countAnswers, "92\n", 42, "AC"},
		{"cases= wrong", eight, eightCount, countAnswers, "93\n", 43, "WA"},
		{"cases= answer file not the package's", eight, f.write(t, "edited.ans", "93\n"), countAnswers, "93\n", 1, filepath.Join(f.dir, "edited.ans")},
		{"cases= the other case's answer file", eight, f.write(t, "sample.ans", "10\n"), countAnswers, "10\n", 1, filepath.Join(f.dir, "sample.ans")},
		{"cases= missing answer file", eight, filepath.Join(f.dir, "missing.ans"), countAnswers, "92\n", 1, filepath.Join(f.dir, "missing.ans")},
	}
	// Answer files that are not what export writes for 92, each with the
	// team output that the answer file says: none may be taken for the
	// truth, nor judged as a verdict.
	for i, text := range []string{"93\n", "92.0\n", "92\n\n", "-92\n", "92", "92\r\n", "99999999999999999999\n", "5\n6\n", ""} {
		ans := f.write(t, fmt.Sprintf("wrong%d.ans", i), text)
		cases = append(cases,
			validateCase{fmt.Sprintf("answer file %q, team agrees", text), eight, ans, count, text, 1, ans},
			validateCase{fmt.Sprintf("answer file %q, team right", text), eight, ans, count, "92\n", 1, ans})
	}
	byProcess := map[int]bool{} // the exit statuses a process has given
	for _, c := range cases {
		// Every case runs in-process, with the team output as the app's
		// stdin; the first of each exit status (42, 43, 1) again as its
		// own process, as a judge host runs it: the status through main's
		// exit, the output from a file. One process a case, 36 of them,
		// added only start-ups.
		hows := []string{"in-process"}
		if !byProcess[c.status] {
			byProcess[c.status] = true
			hows = append(hows, "process")
		}
		for _, how := range hows {
			t.Run(c.name+"/"+how, func(t *testing.T) {
				if how == "process" {
					t.Parallel() // its own process and files
				}
				feedback := t.TempDir()
				args := append([]string{"validate", c.input, c.ans, feedback}, c.flags...)
				var got int
				var out []byte
				if how == "process" {
					cmd := binary(t, c.output, args...)
					out, _ = cmd.CombinedOutput()
					got = cmd.ProcessState.ExitCode()
				} else {
					var b bytes.Buffer
					db := filepath.Join(t.TempDir(), "cache.db")
					got = Run(context.Background(), append([]string{"queensjudge", "--db", db}, args...), strings.NewReader(c.output), &b, &b)
					out = b.Bytes()
				}
				if got != c.status {
					t.Errorf("exit status %d, want %d\n%s", got, c.status, out)
				}
				msg, err := os.ReadFile(filepath.Join(feedback, "judgemessage.txt"))
				if err != nil {
					t.Fatalf("judgemessage.txt: %v", err)
				}
				if !strings.Contains(string(msg), c.judgeMsg) || string(msg) == validator.ProvisionalMessage {
					t.Errorf("judgemessage.txt = %q, want it to hold %q", msg, c.judgeMsg)
				}
				if c.status == 1 && !strings.HasPrefix(string(msg), "JE:") {
					t.Errorf("judgemessage.txt = %q, want a judge error (JE:)", msg)
				}
				if c.status == 1 && !strings.Contains(string(out), c.judgeMsg) {
					t.Errorf("stderr %q, want it to hold %q", out, c.judgeMsg)
				}
				if names := dirNames(t, feedback); names != "judgemessage.txt teammessage.txt" {
					t.Errorf("feedback directory holds %s, want judgemessage.txt teammessage.txt", names)
				}
				team, err := os.ReadFile(filepath.Join(feedback, "teammessage.txt"))
				if err != nil {
					t.Fatalf("teammessage.txt: %v", err)
				}
				if c.status == 43 && (strings.Contains(string(team), "65") || strings.Contains(string(team), "92")) {
					t.Errorf("teammessage.txt = %q reveals the answer", team)
				}
				if c.status == 1 && strings.Contains(string(team), f.dir) {
					t.Errorf("teammessage.txt = %q names the judges' files", team)
				}
			})
		}
	}
}

// sha256Hex is the SHA-256 digest of s in hex, as a package's run script
// gives it in cases=.
func sha256Hex(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// judgeFiles are the test inputs and answer files of the validator tests,
// in a directory of their own. Each answer file is exactly what export
// writes for its input (pkgexport.WriteAnswer), which validate requires.
type judgeFiles struct {
	dir                       string
	cses, csesAns             string // a reserved board, ask=count: 65
	eight, eightCount         string // 8 queens, ask=count: 92
	eightPlacement            string // 8 queens, ask=placement: the placement the solver constructs
	oneProblem, oneProblemAns string // a problem set of one queens-knights problem, ask=max: 5
}

func newJudgeFiles(t *testing.T) judgeFiles {
	t.Helper()
	f := judgeFiles{dir: t.TempDir()}
	f.cses = f.write(t, "cses.in", "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n")
	f.csesAns = f.write(t, "cses.ans", "65\n")
	f.eight = f.write(t, "eight.in", "8\n")
	f.eightCount = f.write(t, "eight-count.ans", "92\n")
	f.eightPlacement = f.write(t, "eight-placement.ans", "2 4 6 8 3 1 7 5\n")
	f.oneProblem = f.write(t, "problem.yaml", "problems:\n  - id: qk\n    kind: queens-knights\n    n: 8\n    ask: max\n")
	f.oneProblemAns = f.write(t, "problem.ans", "5\n")
	return f
}

// write writes text to the file name in f's directory and returns its path.
func (f judgeFiles) write(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(f.dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// dirNames returns the names in dir, hidden ones too, sorted and joined by
// spaces.
func dirNames(t *testing.T, dir string) string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return strings.Join(names, " ")
}

// TestValidateKilled kills the validator while it waits for the team
// output, as a judge's time limit would: the feedback directory still says
// what happened, for the judges.
func TestValidateKilled(t *testing.T) {
	f := newJudgeFiles(t)
	feedback := t.TempDir()
	db := filepath.Join(t.TempDir(), "cache.db")
	cmd := binary(t, "", "--db", db, "validate", f.cses, f.csesAns, feedback, "kind=reserved", "ask=count")
	r, w, err := os.Pipe() // the team's program never ends its output
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	cmd.Stdin = r
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r.Close()
	// Mid-way: the cache is open, so the provisional message is written
	// and the validator is on its way to the team output.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat(db); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatal("the validator did not open its cache in 10 s")
		}
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if got := cmd.ProcessState.ExitCode(); got != -1 {
		t.Fatalf("exit status %d, want killed", got)
	}
	msg, err := os.ReadFile(filepath.Join(feedback, "judgemessage.txt"))
	if err != nil {
		t.Fatalf("judgemessage.txt: %v", err)
	}
	if string(msg) != validator.ProvisionalMessage {
		t.Errorf("judgemessage.txt = %q, want %q", msg, validator.ProvisionalMessage)
	}
	if names := dirNames(t, feedback); names != "judgemessage.txt" {
		t.Errorf("feedback directory holds %s, want judgemessage.txt", names)
	}
}

// TestValidateUnderJudgeLimits runs the validator as problemtools does, under
// RLIMIT_AS = 1 GiB and with 8 MiB stacks, 16 times, 2 at a time: each
// run must judge (42 or 43), none die at start-up (exit 2: "out of memory"
// or "pthread_create failed", 3 runs in 4 before store set glibc's arenas
// and thread stacks, so 16 runs miss that fault with odds of 4^-16, one in
// four billion; 48 runs, 4^-48, cost 0.6 s more of CPU for nothing). The
// test binary is larger than queensjudge, so this is stricter than a judge
// host. It needs prlimit(1), from util-linux: it skips without it, unless
// QUEENSJUDGE_REQUIRE_PRLIMIT is set, as CI sets it.
func TestValidateUnderJudgeLimits(t *testing.T) {
	t.Parallel() // its own processes and files: it runs beside the others
	underLimits := judgeLimits(t)
	f := newJudgeFiles(t)
	db := filepath.Join(t.TempDir(), "cache.db")
	cases := []struct {
		input, ans string
		flags      []string
		output     string
		status     int
	}{
		{f.cses, f.csesAns, []string{"kind=reserved", "ask=count"}, "65\n", 42},
		{f.cses, f.csesAns, []string{"kind=reserved", "ask=count"}, "64\n", 43},
		{f.eight, f.eightPlacement, []string{"kind=nqueens", "ask=placement"}, "1 5 8 6 3 7 2 4\n", 42},
		{f.eight, f.eightPlacement, []string{"kind=nqueens", "ask=placement"}, "1 2 3 4 5 6 7 8\n", 43},
		{f.oneProblem, f.oneProblemAns, nil, "5\n", 42},
		{f.oneProblem, f.oneProblemAns, nil, "4\n", 43},
	}
	const runs, workers = 16, 2 // 2 or 3 runs of each case
	var (
		mu       sync.Mutex
		statuses = map[string]int{} // "got/want" → runs
		failed   int
		failures []string // the first few
	)
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				mu.Lock()
				enough := failed >= 10 // the fault is plain; spare the rest
				mu.Unlock()
				if enough {
					continue
				}
				c := cases[i%len(cases)]
				feedback := t.TempDir()
				args := append([]string{"--db", db, "validate", c.input, c.ans, feedback}, c.flags...)
				cmd := underLimits(binary(t, c.output, args...))
				out, _ := cmd.CombinedOutput()
				got := cmd.ProcessState.ExitCode()
				mu.Lock()
				statuses[fmt.Sprintf("%d/%d", got, c.status)]++
				if got != c.status {
					if failed++; failed <= 3 {
						failures = append(failures, fmt.Sprintf("run %d: exit status %d, want %d\n%.200s", i, got, c.status, out))
					}
				}
				mu.Unlock()
			}
		})
	}
	for i := range runs {
		next <- i
	}
	close(next)
	wg.Wait()
	if failed > 0 {
		t.Errorf("%d runs failed, and after 10 the rest were skipped; exit statuses (got/want: runs): %v; the first failures:\n%s", failed, statuses, strings.Join(failures, "\n"))
	}
}

// judgeLimits returns a function that makes cmd run as problemtools runs a
// validator, under RLIMIT_AS = 1 GiB with 8 MiB stacks, through prlimit(1)
// from util-linux. It skips the test without prlimit, unless
// QUEENSJUDGE_REQUIRE_PRLIMIT is set, as CI sets it, and under the race
// detector.
func judgeLimits(t *testing.T) func(cmd *exec.Cmd) *exec.Cmd {
	t.Helper()
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		testflag.Missing(t, "prlimit(1)", "apt-get install -y util-linux", "QUEENSJUDGE_REQUIRE_PRLIMIT")
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "-race" && s.Value == "true" {
				t.Skip("the race detector's shadow memory does not fit in 1 GiB")
			}
		}
	}
	limits := []string{"--as=1073741824", "--stack=8388608", "--"}
	if out, err := exec.Command(prlimit, append(limits, "true")...).CombinedOutput(); err != nil {
		testflag.Skipf(t, "prlimit cannot set the limits here: %v: %s", err, bytes.TrimSpace(out))
	}
	return func(cmd *exec.Cmd) *exec.Cmd {
		cmd.Args = append(append([]string{prlimit}, limits...), cmd.Args...)
		cmd.Path = prlimit
		return cmd
	}
}

// TestValidateTenMillionQueens judges a placement of 10^7 queens, the
// largest the README allows, with validate's truth from the cache or the
// solver, under a judge's limits (judgeLimits). It died out of memory
// before, building the answer file's text whole to compare it, and storing
// the placement in the cache and reading it back: an n-queens placement
// is now built, not cached, by validate. 10^7 queens is -long (7 s); the
// quick suite judges 10^5 by the same three runs, right and wrong, from
// the solver and from a cache that holds the placement.
//
// The files are written as they are made and the outputs read from them:
// a child process reports the largest memory of its parent up to the exec
// as its own (Linux keeps the high-water mark across it), and other tests
// measure their children's.
func TestValidateTenMillionQueens(t *testing.T) {
	t.Parallel()
	underLimits := judgeLimits(t)
	n := 100_000
	if testflag.Long() {
		n = solver.MaxPlacementN
	}
	cols, ok := solver.Construct(n)
	if !ok {
		t.Fatalf("no construction for %d queens", n)
	}
	f := judgeFiles{dir: t.TempDir()}
	// writeColumns writes cols as an answer file, 1-based, the first two
	// swapped when swap is set (rows 1 and 2 then share a diagonal).
	writeColumns := func(name string, swap bool) string {
		path := filepath.Join(f.dir, name)
		file, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriterSize(file, 1<<20)
		var num []byte // each number appended here, not made a string: 10^7 of them
		for i := range cols {
			c := cols[i]
			if swap && i < 2 {
				c = cols[1-i]
			}
			num = num[:0]
			if i > 0 {
				num = append(num, ' ')
			}
			num = strconv.AppendInt(num, int64(c+1), 10)
			w.Write(num)
		}
		w.WriteByte('\n')
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if err := file.Close(); err != nil {
			t.Fatal(err)
		}
		return path
	}
	ans := writeColumns("big.ans", false)
	input := f.write(t, "big.in", fmt.Sprintf("%d\n", n))
	set := f.write(t, "big.yaml", fmt.Sprintf("problems:\n  - {id: big, kind: nqueens, n: %d, ask: placement}\n", n))
	db := filepath.Join(t.TempDir(), "cache.db")
	type run struct {
		name   string
		args   []string
		output string // the file on stdin
		status int
	}
	wrong := writeColumns("wrong.out", true)
	runs := []run{
		{"right, plain input, a new cache", []string{input, ans, "", "kind=nqueens", "ask=placement"}, ans, 42},
		{"wrong, plain input", []string{input, ans, "", "kind=nqueens", "ask=placement"}, wrong, 43},
		{"right, the set, the cache holding it", []string{set, ans, ""}, ans, 42},
	}
	cols = nil
	for i, r := range runs {
		if i == 2 {
			if out, err := binary(t, "", "--db", db, "solve", set).CombinedOutput(); err != nil {
				t.Fatalf("solve %s: %v\n%.300s", set, err, out)
			}
		}
		feedback := t.TempDir()
		r.args[2] = feedback
		cmd := underLimits(binary(t, "", append([]string{"--db", db, "validate"}, r.args...)...))
		stdin, err := os.Open(r.output)
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stdin = stdin
		out, _ := cmd.CombinedOutput()
		stdin.Close()
		msg, _ := os.ReadFile(filepath.Join(feedback, "judgemessage.txt"))
		if got := cmd.ProcessState.ExitCode(); got != r.status {
			t.Errorf("%s: exit status %d, want %d; judgemessage.txt %.200q\n%.300s", r.name, got, r.status, msg, out)
		}
	}
}
