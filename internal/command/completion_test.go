package command

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// completionScript returns what queensjudge completion shell prints.
func completionScript(t *testing.T, shell string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := Run(context.Background(), []string{"queensjudge", "completion", shell}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("completion %s: exit %d\n%s", shell, code, errb.String())
	}
	return out.String()
}

// TestCompletionSyntax has each shell that is installed read its script
// without running it (bash -n, zsh -n, fish --no-execute). The transcripts
// in testdata/cli hold the scripts themselves.
func TestCompletionSyntax(t *testing.T) {
	for _, c := range []struct {
		shell string
		args  []string
	}{
		{"bash", []string{"-n"}},
		{"zsh", []string{"-n"}},
		{"fish", []string{"--no-execute"}},
	} {
		t.Run(c.shell, func(t *testing.T) {
			bin, err := exec.LookPath(c.shell)
			if err != nil {
				t.Skipf("%s is not installed", c.shell)
			}
			cmd := exec.Command(bin, c.args...)
			cmd.Stdin = strings.NewReader(completionScript(t, c.shell))
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s %s on the script: %v\n%s", c.shell, strings.Join(c.args, " "), err, out)
			}
		})
	}
}

// TestBashCompletion loads the bash script into bash, with queensjudge a
// function that runs this test binary as the program, and has it complete
// partial command lines as bash would on TAB.
func TestBashCompletion(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "queensjudge.bash")
	if err := os.WriteFile(script, []byte(completionScript(t, "bash")), 0o644); err != nil {
		t.Fatal(err)
	}
	// The words of the line, the last one the word being completed; it
	// prints the candidates bash would offer.
	const complete = `queensjudge() { QUEENSJUDGE_RUN_MAIN=1 "$QJ_BIN" "$@"; }
source "$QJ_SCRIPT"
COMP_WORDS=("$@")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
_queensjudge
echo "${COMPREPLY[*]}"`
	for _, c := range []struct {
		words []string
		want  string
	}{
		{[]string{"queensjudge", "so"}, "solve"},
		{[]string{"queensjudge", "do"}, "doctor"},
		{[]string{"queensjudge", "--db", "x.db", "sh"}, "show"},
		{[]string{"queensjudge", "solve", "--f"}, "--force --format"},
		{[]string{"queensjudge", "doctor", "-"}, "--fix --format --help -h"},
		{[]string{"queensjudge", "key", "--o"}, "--out"},
	} {
		cmd := exec.Command(bash, append([]string{"-c", complete, "bash"}, c.words...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "QJ_BIN="+os.Args[0], "QJ_SCRIPT="+script,
			"QUEENSJUDGE_DB="+filepath.Join(dir, "cache.db"))
		out, err := cmd.CombinedOutput()
		if got := strings.TrimSpace(string(out)); err != nil || got != c.want {
			t.Errorf("bash completes %q to %q (%v), want %q", strings.Join(c.words, " "), got, err, c.want)
		}
	}
}

// TestFishCompletion checks what fish would need from the script without
// fish: each top-level command is offered, and the single quotes of every
// line, \' aside, are balanced.
func TestFishCompletion(t *testing.T) {
	script := completionScript(t, "fish")
	for i, line := range strings.Split(script, "\n") {
		if strings.Count(strings.ReplaceAll(line, `\'`, ""), "'")%2 != 0 {
			t.Errorf("line %d: unbalanced quotes: %s", i+1, line)
		}
	}
	for _, cmd := range newApp(nil, nil, nil).Commands {
		want := "-n '__fish_queensjudge_no_subcommand' -a '" + cmd.Name + "'"
		if !strings.Contains(script, want) {
			t.Errorf("the fish script does not offer the command %s (no %q)", cmd.Name, want)
		}
	}
}
