package validator

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/queensjudge/queensjudge/internal/guard"
	"github.com/queensjudge/queensjudge/internal/pkgexport"
	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// TestMain lets the package's run scripts run this test binary as the
// validator program: with QUEENSJUDGE_RUN_VALIDATOR=1 it is Main.
func TestMain(m *testing.M) {
	if os.Getenv("QUEENSJUDGE_RUN_VALIDATOR") == "1" {
		os.Exit(Main(context.Background(), os.Args, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// exportPackage writes the legacy or 2023-07 package of p into a fresh
// directory, with this test binary as its validator, and returns the
// package's directory.
func exportPackage(t *testing.T, p solver.Problem, layout pkgexport.Layout) string {
	t.Helper()
	ctx := context.Background()
	prob := problems.Problem{Problem: p, ID: "p", Title: "P", Points: 1}
	sample := pkgexport.SampleOf(prob)
	truth := func(p solver.Problem) judge.Truth {
		tr, err := judge.SolveTruth(ctx, p, solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	out := filepath.Join(t.TempDir(), "packages")
	// The test binary must be readable by the second user too.
	bin := filepath.Join(t.TempDir(), "bin")
	data, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	g := guard.New()
	g.Input(bin)
	if _, err := g.Dir("OUTDIR", out); err != nil {
		t.Fatal(err)
	}
	if err := g.MkdirAll(out); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(out, "p")
	pkg := pkgexport.Package{
		Set:    "s",
		Secret: pkgexport.Case{Problem: prob, Truth: truth(p)},
		Sample: pkgexport.Case{Problem: sample, Truth: truth(sample.Problem)},
		Binary: bin,
	}
	if err := pkgexport.Write(ctx, g, dir, layout, pkg); err != nil {
		t.Fatal(err)
	}
	return dir
}

// judgeSystem is how a judge system installs a validator directory of a
// package before it runs it.
type judgeSystem struct {
	name string
	// install copies the directory from to to, as the system keeps it.
	install func(t *testing.T, from, to string)
	// asOther: build and run as another user than the files' owner, in a
	// directory that user may write (when the test runs as root).
	asOther bool
}

var judgeSystems = []judgeSystem{
	// problemtools copies the program's files with their modes, runs
	// ./build, and calls run.
	{"problemtools", func(t *testing.T, from, to string) { copyDir(t, from, to, nil) }, false},
	// DOMjudge's import stores each validator file and gives back the
	// executable bit only to files named build or run
	// (ImportProblemService::searchAndAddValidator and
	// DOMJudgeService::createImmutableExecutable); its judgehost runs build
	// when there is one, then calls run.
	// DOMjudge's judgedaemon (user domjudge) fetches the files and runs
	// build and run as domjudge-run, in the directory made a+rwx
	// (judge/build_executable.sh): build may add files, not chmod the
	// fetched ones.
	{"DOMjudge", func(t *testing.T, from, to string) {
		copyDir(t, from, to, func(name string) fs.FileMode {
			if name == "build" || name == "run" {
				return 0o755
			}
			return 0o644
		})
		if os.Getuid() == 0 {
			owner := 1 // daemon: the files are not the runner's
			filepath.WalkDir(to, func(path string, d fs.DirEntry, err error) error {
				if err == nil {
					os.Lchown(path, owner, owner)
				}
				return nil
			})
			os.Chmod(to, 0o777)
		}
	}, true},
}

// copyDir copies the files of from into to (made), with the mode mode
// gives a name, or the file's own when mode is nil.
func copyDir(t *testing.T, from, to string, mode func(name string) fs.FileMode) {
	t.Helper()
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		info, _ := e.Info()
		m := info.Mode().Perm()
		if mode != nil {
			m = mode(e.Name())
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, m); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(filepath.Join(to, e.Name()), m); err != nil {
			t.Fatal(err)
		}
	}
}

// host is a judge host: the environment its validator calls get, and the
// user they run as (nil: this one).
type host struct {
	env  []string
	cred *syscall.Credential
	tmp  string
}

// newHost returns a judge host with a temporary directory of its own,
// shared by every user (mode 1777, as /tmp).
func newHost(t *testing.T) host {
	tmp := filepath.Join(t.TempDir(), "tmp")
	if err := os.Mkdir(tmp, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(tmp, 0o1777|fs.ModeSticky); err != nil {
		t.Fatal(err)
	}
	return host{tmp: tmp, env: []string{"PATH=/usr/bin:/bin", "TMPDIR=" + tmp, "QUEENSJUDGE_RUN_VALIDATOR=1",
		// What a host may have set: the run script keeps it from the validator.
		"QUEENSJUDGE_QUIET=maybe", "QUEENSJUDGE_DB=/nonexistent/x.db", "QUEENSJUDGE_FORMAT=xml", "QUEENSJUDGE_BUDGET="}}
}

// run runs the program at path with args and stdin from the file stdin,
// and returns its exit status and what it printed.
func (h host) run(t *testing.T, dir, path, stdin string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(path, args...)
	cmd.Dir = dir
	cmd.Env = h.env
	if h.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: h.cred}
	}
	if stdin != "" {
		f, err := os.Open(stdin)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd.Stdin = f
	}
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), string(out)
	} else if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return 0, string(out)
}

// TestPackageOnJudgeSystems installs the validators of exported packages
// of every kind and ask as problemtools and DOMjudge install them, builds
// them, and judges with them as those systems call them: run INPUT ANSWER
// FEEDBACK_DIR < team_output, with no flags (the run script has the
// package's). The answer file is accepted, junk is rejected, an edited
// answer file or the other case's is a judge error;
// each test input passes the input validator, junk does not. Nothing is
// left in the host's temporary directory, and the feedback directory holds
// the two messages only.
func TestPackageOnJudgeSystems(t *testing.T) {
	outDirs := map[pkgexport.Layout]string{pkgexport.Legacy: "output_validators/queensjudge", pkgexport.V2023_07: "output_validator/queensjudge"}
	// One problem of each form of answer file, each system with the layout
	// it is mostly given, by default; -long runs every problem in both
	// layouts on both systems.
	probs := []solver.Problem{problemsOfEveryAsk[0], problemsOfEveryAsk[2], problemsOfEveryAsk[3], problemsOfEveryAsk[7], problemsOfEveryAsk[10], problemsOfEveryAsk[11]}
	if testflag.Long() {
		probs = problemsOfEveryAsk
	}
	for _, p := range probs {
		for _, layout := range []pkgexport.Layout{pkgexport.Legacy, pkgexport.V2023_07} {
			outDir := outDirs[layout]
			pkg := exportPackage(t, p, layout)
			for _, sys := range judgeSystems {
				if !testflag.Long() && (sys.name == "DOMjudge") != (layout == pkgexport.Legacy) {
					continue
				}
				name := fmt.Sprintf("%s-%s-%d/%s/%s", p.Kind, p.Ask, p.N, layout, sys.name)
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					h := newHost(t)
					work := t.TempDir()
					if sys.asOther && os.Getuid() == 0 {
						h.cred = &syscall.Credential{Uid: 65534, Gid: 65534}
						openTo(t, work, pkg)
					}
					outVal, inVal := filepath.Join(work, "out"), filepath.Join(work, "in")
					sys.install(t, filepath.Join(pkg, outDir), outVal)
					sys.install(t, filepath.Join(pkg, "input_validators/queensjudge"), inVal)
					for _, v := range []string{outVal, inVal} {
						if code, out := h.run(t, v, "./build", ""); code != 0 {
							t.Fatalf("%s/build: exit %d\n%s", v, code, out)
						}
						if fi, err := os.Stat(filepath.Join(v, "run")); err != nil || fi.Mode()&0o111 == 0 {
							t.Fatalf("%s/build left no executable run: %v", v, err)
						}
					}
					junk := filepath.Join(work, "junk")
					os.WriteFile(junk, []byte("0 8\nNaN\n"), 0o644)
					edited := filepath.Join(work, "edited.ans")
					secretAns, _ := os.ReadFile(filepath.Join(pkg, "data/secret/1.ans"))
					os.WriteFile(edited, append(secretAns, '\n'), 0o644)
					for _, tc := range []string{"sample", "secret"} {
						in, ans := filepath.Join(pkg, "data", tc, "1.in"), filepath.Join(pkg, "data", tc, "1.ans")
						other := filepath.Join(pkg, "data", map[string]string{"sample": "secret", "secret": "sample"}[tc], "1.ans")
						for _, c := range []struct {
							what, answer, team string
							want               int
						}{
							{"the answer file", ans, ans, 42},
							{"junk", ans, junk, 43},
							{"an edited answer file", edited, ans, 1},
							{"the other case's answer file", other, ans, 1},
						} {
							feedback := filepath.Join(work, "feedback-"+tc+"-"+strings.NewReplacer(" ", "-", "'", "").Replace(c.what))
							os.Mkdir(feedback, 0o777)
							os.Chmod(feedback, 0o777)
							code, out := h.run(t, outVal, filepath.Join(outVal, "run"), c.team, in, c.answer, feedback)
							msg, _ := os.ReadFile(filepath.Join(feedback, "judgemessage.txt"))
							if code != c.want {
								t.Errorf("%s: %s: exit %d, want %d\n%s%s", tc, c.what, code, c.want, out, msg)
							}
							if got := dirNames(t, feedback); got != "judgemessage.txt teammessage.txt" {
								t.Errorf("%s: %s: the feedback directory holds %s", tc, c.what, got)
							}
							if c.want == 1 && !strings.HasPrefix(string(msg), "JE: answer file") {
								t.Errorf("%s: %s: judgemessage.txt = %q, want a judge error naming the answer file", tc, c.what, msg)
							}
						}
						if code, out := h.run(t, inVal, filepath.Join(inVal, "run"), in); code != 42 {
							t.Errorf("%s: the input validator on %s: exit %d, want 42\n%s", tc, in, code, out)
						}
						if code, out := h.run(t, inVal, filepath.Join(inVal, "run"), junk); code != 43 {
							t.Errorf("%s: the input validator on junk: exit %d, want 43\n%s", tc, code, out)
						}
					}
					if left := dirNames(t, h.tmp); left != "" {
						t.Errorf("the host's temporary directory holds %s after the calls", left)
					}
				})
			}
		}
	}
}

// dirNames returns the names in dir, sorted, joined by spaces.
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
	slices.Sort(names)
	return strings.Join(names, " ")
}

// TestSecondUser judges as another user on a shared temporary directory
// (as root, the suite's user in CI, it runs the calls as nobody), with
// files planted there under the names the validator once used and under
// any other: the verdicts are the right ones, and the validator leaves
// nothing in the directory, so nothing of it can be read or changed by
// others.
func TestSecondUser(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("making another user takes root")
	}
	p := solver.Problem{Kind: solver.NQueens, N: 6, Ask: solver.AskSolutions, M: solver.AnyM}
	pkg := exportPackage(t, p, pkgexport.Legacy)
	h := newHost(t)
	h.cred = &syscall.Credential{Uid: 65534, Gid: 65534}
	openTo(t, pkg)
	// Planted by root, world-writable: a cache and its journal files, as
	// the validator once kept, and a directory of the name it copied to.
	for _, name := range []string{"queensjudge-validator-65534.db", "queensjudge-validator-65534.db-wal", "queensjudge-validator-65534.db-shm", "queensjudge-validator-65534.db-journal", ".queensjudge-cache.db"} {
		os.WriteFile(filepath.Join(h.tmp, name), []byte("planted"), 0o666)
		os.Chmod(filepath.Join(h.tmp, name), 0o666)
	}
	os.Mkdir(filepath.Join(h.tmp, "queensjudge-planted"), 0o777)
	before := dirNames(t, h.tmp)
	outVal := filepath.Join(pkg, "output_validators/queensjudge")
	work := t.TempDir()
	openTo(t, work)
	os.Chmod(work, 0o777)
	ans := filepath.Join(pkg, "data/secret/1.ans")
	oneShort := filepath.Join(work, "short")
	data, _ := os.ReadFile(ans)
	os.WriteFile(oneShort, data[strings.IndexByte(string(data), '\n')+1:], 0o644)
	for i, c := range []struct {
		team string
		want int
	}{{ans, 42}, {oneShort, 43}, {ans, 42}} {
		feedback := filepath.Join(work, fmt.Sprint("fb", i))
		os.Mkdir(feedback, 0o777)
		os.Chmod(feedback, 0o777)
		code, out := h.run(t, outVal, filepath.Join(outVal, "run"), c.team, filepath.Join(pkg, "data/secret/1.in"), ans, feedback)
		if code != c.want {
			t.Errorf("call %d as nobody: exit %d, want %d\n%s", i, code, c.want, out)
		}
	}
	if after := dirNames(t, h.tmp); after != before {
		t.Errorf("the shared temporary directory went from %q to %q", before, after)
	}
}

// openTo lets other users read the directories dirs and everything in
// them, and pass through the directories on their way from the system's
// temporary directory (never the system's own: a test that opened / or
// /tmp wider or narrower would change the machine).
func openTo(t *testing.T, dirs ...string) {
	t.Helper()
	top := filepath.Clean(os.TempDir())
	for _, dir := range dirs {
		for d := filepath.Dir(dir); strings.HasPrefix(d, top+string(filepath.Separator)); d = filepath.Dir(d) {
			os.Chmod(d, 0o755)
		}
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				if fi, err := d.Info(); err == nil && fi.Mode().Perm()&0o005 != 0o005 {
					os.Chmod(path, fi.Mode().Perm()|0o055)
				}
			}
			return nil
		})
	}
}
