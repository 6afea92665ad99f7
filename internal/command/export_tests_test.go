package command

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestExportTestsLikeJudgeSystems exports a problem with tests and groups
// (testdata/export/tests.yaml: cses, a sample, 3 tests in small worth 30,
// 2 in large worth 70) and does with its package and its CMS task what the
// judge systems do, scoring as they score: the package's output validator,
// built and run as problemtools runs it, accepts every case's answer file
// and rejects a wrong answer on each; Kattis's default grading of its
// testdata.yaml files (a group's accept_score when all its cases are
// accepted, the sum of the groups, the sample ignored) gives the key 100
// and an output wrong on one large case 30. The CMS task's checker, as
// CMS runs it, scores each case, and GroupMin over task.yaml's subtasks
// gives the same. The real clients' runs are in docs/packages.md.
func TestExportTestsLikeJudgeSystems(t *testing.T) {
	set := "testdata/export/tests.yaml"
	bin := validatorStandIn(t)
	out := exportExample(t, bin, set, 3)
	pkg := filepath.Join(out, "cses")
	tmp := t.TempDir()
	val := judgeSystems[0].install(t, filepath.Join(pkg, "output_validators", "queensjudge"))
	if code, msg := validatorCall(t, tmp, val, "", "./build"); code != 0 {
		t.Fatalf("build: exit %d\n%s", code, msg)
	}
	ins, _ := filepath.Glob(filepath.Join(pkg, "data", "*", "*.in"))
	more, _ := filepath.Glob(filepath.Join(pkg, "data", "secret", "*", "*.in"))
	ins = append(ins, more...)
	if len(ins) != 6 {
		t.Fatalf("the package has %d cases, want 6: %q", len(ins), ins)
	}
	sort.Strings(ins)
	wrongCase := filepath.Join(pkg, "data", "secret", "large", "5-big-1.in")
	accepted := map[string]map[string]bool{} // group directory: case: accepted with the one wrong output
	for _, in := range ins {
		ans := strings.TrimSuffix(in, ".in") + ".ans"
		wrong := filepath.Join(t.TempDir(), "wrong")
		if err := os.WriteFile(wrong, plusOne(t, ans), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, msg := validatorCall(t, tmp, val, ans, filepath.Join(val, "run"), in, ans, t.TempDir()); code != 42 {
			t.Errorf("%s: the answer file: exit %d, want 42\n%s", ans, code, msg)
		}
		code, msg := validatorCall(t, tmp, val, wrong, filepath.Join(val, "run"), in, ans, t.TempDir())
		if code != 43 {
			t.Errorf("%s: a wrong answer: exit %d, want 43\n%s", ans, code, msg)
		}
		dir := filepath.Dir(in)
		if accepted[dir] == nil {
			accepted[dir] = map[string]bool{}
		}
		accepted[dir][in] = in != wrongCase // the submission is the key but on wrongCase
	}
	// Kattis's default grader on the testdata.yaml files export wrote.
	kattis := func(wrongOn bool) int {
		score := 0
		for dir, cases := range accepted {
			if filepath.Base(dir) == "sample" {
				continue // ignore_sample
			}
			text, err := os.ReadFile(filepath.Join(dir, "testdata.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			m := regexp.MustCompile(`(?m)^accept_score: (\d+)$`).FindSubmatch(text)
			if m == nil || !bytes.Contains(text, []byte("grader_flags: min\n")) {
				t.Fatalf("%s/testdata.yaml: no accept_score, or not min:\n%s", dir, text)
			}
			all := true
			for _, ok := range cases {
				all = all && (ok || !wrongOn)
			}
			if all {
				p, _ := strconv.Atoi(string(m[1]))
				score += p
			}
		}
		return score
	}
	if got := kattis(false); got != 100 {
		t.Errorf("Kattis's grading of the key: %d, want 100", got)
	}
	if got := kattis(true); got != 30 {
		t.Errorf("Kattis's grading of an output wrong on one large case: %d, want 30", got)
	}

	// The CMS task: the checker on each test case, GroupMin over the
	// subtasks of task.yaml.
	cmsOut := filepath.Join(t.TempDir(), "cms")
	if _, stderr, code := queensjudge(t, filepath.Join(t.TempDir(), "cache.db"),
		"export", "--layout", "cms", "--validator-binary", bin, "--allow-dynamic", cmsOut, set); code != 0 {
		t.Fatalf("export --layout cms: exit %d\n%s", code, stderr)
	}
	task := filepath.Join(cmsOut, "cses")
	outcome := map[string]map[string]string{"key": {}, "wrong": {}} // submission: codename: outcome
	for i := 0; i < 6; i++ {
		in := filepath.Join(task, "input", fmt.Sprintf("input%d.txt", i))
		correct := filepath.Join(task, "output", fmt.Sprintf("output%d.txt", i))
		text, err := os.ReadFile(correct)
		if err != nil {
			t.Fatal(err)
		}
		_, key, _ := bytes.Cut(text, []byte("\n"))
		_, key, _ = bytes.Cut(key, []byte("\n"))
		code := fmt.Sprintf("%03d", i)
		for _, sub := range []string{"key", "wrong"} {
			user := string(key)
			if sub == "wrong" && i == 4 { // 004, the first large test
				user = string(plusOne(t, correct))
			}
			exit, stdout, stderr := cmsCheck(t, filepath.Join(task, "check", "checker"), in, correct, user)
			if exit != 0 {
				t.Fatalf("%s %s: exit %d\n%s", sub, code, exit, stderr)
			}
			outcome[sub][code] = strings.TrimSpace(stdout)
		}
	}
	ty, err := os.ReadFile(filepath.Join(task, "task.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	groupMin := func(sub string) int {
		score := 0
		for _, m := range regexp.MustCompile(`(?m)^  - \[(\d+), \[(.*)\]\]$`).FindAllStringSubmatch(string(ty), -1) {
			all := true
			for _, c := range strings.Split(m[2], ", ") {
				all = all && outcome[sub][strings.Trim(c, `"`)] == "1.0"
			}
			if all {
				p, _ := strconv.Atoi(m[1])
				score += p
			}
		}
		return score
	}
	if got := groupMin("key"); got != 100 {
		t.Errorf("GroupMin of the key: %d, want 100\n%s", got, ty)
	}
	if got := groupMin("wrong"); got != 30 {
		t.Errorf("GroupMin of an output wrong on test case 004: %d, want 30\n%s", got, ty)
	}
}

// plusOne returns the number at the end of the file at path plus one,
// on a line: a wrong count.
func plusOne(t *testing.T, path string) []byte {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	n, err := strconv.ParseUint(lines[len(lines)-1], 10, 64)
	if err != nil {
		t.Fatalf("%s: no count at the end: %v", path, err)
	}
	return []byte(strconv.FormatUint(n+1, 10) + "\n")
}
