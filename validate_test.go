package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain lets a test run this test binary as the queensjudge program
// itself: with QUEENSJUDGE_RUN_MAIN=1 it runs main, exit status and all.
func TestMain(m *testing.M) {
	if os.Getenv("QUEENSJUDGE_RUN_MAIN") == "1" {
		if dir := os.Getenv(readOnlyEnv); dir != "" {
			if err := mountReadOnly(dir); err != nil {
				fmt.Fprintf(os.Stderr, "read-only mount of %s: %v\n", dir, err)
				os.Exit(exitNoMount)
			}
		}
		main()
		return
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
// reads the verdict from the exit status (42 accepted, 43 wrong answer) and
// the messages from the feedback directory.
func TestValidateLikeJudges(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	cses := write("cses.in", "........\n........\n..*.....\n........\n........\n.....**.\n...*....\n........\n")
	csesAns := write("cses.ans", "65\n")
	eight := write("eight.in", "8\n")
	empty := write("empty.ans", "")
	oneProblem := write("problem.yaml", "problems:\n  - id: qk\n    kind: queens-knights\n    n: 8\n    ask: max\n")
	wrongAns := write("wrong.ans", "66\n")

	for _, c := range []struct {
		name       string
		input, ans string
		flags      []string
		output     string
		status     int
		judgeMsg   string // in judgemessage.txt
	}{
		{"count accepted", cses, csesAns, []string{"kind=reserved", "ask=count"}, "65\n", 42, "AC"},
		{"count wrong", cses, csesAns, []string{"kind=reserved", "ask=count"}, "64\n", 43, "65"},
		{"count crlf", cses, csesAns, []string{"kind=reserved", "ask=count"}, "\ufeff65\r\n", 42, "AC"},
		{"placement accepted", eight, empty, []string{"kind=nqueens", "ask=placement"}, "1 5 8 6 3 7 2 4\n", 42, "AC"},
		{"placement attacked", eight, empty, []string{"kind=nqueens", "ask=placement"}, "1 2 3 4 5 6 7 8\n", 43, "share a diagonal"},
		{"empty output", eight, empty, []string{"kind=nqueens", "ask=placement"}, "", 43, "NO"},
		{"yaml input", oneProblem, empty, nil, "5\n", 42, "AC"},
		{"default validator flags ignored", oneProblem, empty, []string{"case_sensitive", "space_change_sensitive"}, "4\n", 43, "WA"},
		{"answer file disagrees", cses, wrongAns, []string{"kind=reserved", "ask=count"}, "65\n", 1, "the solver says 65"},
		{"bad input", write("bad.in", "eight\n"), empty, []string{"kind=nqueens", "ask=count"}, "92\n", 1, "want n"},
	} {
		// Every case runs in-process, with the team output as the app's
		// stdin, and again as its own process, as a judge host runs it.
		for _, how := range []string{"in-process", "process"} {
			t.Run(c.name+"/"+how, func(t *testing.T) {
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
					got = run(context.Background(), append([]string{"queensjudge", "--db", db}, args...), strings.NewReader(c.output), &b, &b)
					out = b.Bytes()
				}
				if got != c.status {
					t.Errorf("exit status %d, want %d\n%s", got, c.status, out)
				}
				msg, err := os.ReadFile(filepath.Join(feedback, "judgemessage.txt"))
				if err != nil {
					t.Fatalf("judgemessage.txt: %v", err)
				}
				if !strings.Contains(string(msg), c.judgeMsg) {
					t.Errorf("judgemessage.txt = %q, want it to hold %q", msg, c.judgeMsg)
				}
				team, err := os.ReadFile(filepath.Join(feedback, "teammessage.txt"))
				if err != nil {
					t.Fatalf("teammessage.txt: %v", err)
				}
				if c.status == 43 && strings.Contains(string(team), "65") {
					t.Errorf("teammessage.txt = %q reveals the answer", team)
				}
			})
		}
	}
}
