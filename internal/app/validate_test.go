package app_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/judge"
)

// TestValidate calls the output validator as a judge host does: the
// verdict is the outcome's kind, said in the feedback files.
func TestValidate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cache := tempCache(t)
	dir := t.TempDir()
	input := filepath.Join(dir, "8.in")
	writeFile(t, input, "8\n")
	answer := filepath.Join(dir, "8.ans")
	writeFile(t, answer, "92\n")
	uniqueAnswer := filepath.Join(dir, "8-unique.ans")
	writeFile(t, uniqueAnswer, "12\n")
	badAnswer := filepath.Join(dir, "8-bad.ans")
	writeFile(t, badAnswer, "93\n")
	count := []string{"kind=nqueens", "ask=count", "case_sensitive"}
	// A setter's own placement, not the solver's (2 4 6 8 3 1 7 5), is a
	// right answer file; one that is not a placement is not.
	placement := []string{"kind=nqueens", "ask=placement"}
	ownPlacement := filepath.Join(dir, "8-own.ans")
	writeFile(t, ownPlacement, "1 5 8 6 3 7 2 4\n")
	attacked := filepath.Join(dir, "8-attacked.ans")
	writeFile(t, attacked, "1 2 3 4 5 6 7 8\n")
	noneAnswer := filepath.Join(dir, "8-none.ans")
	writeFile(t, noneAnswer, "none\n")
	// The four 6-queens placements in another order, as boards; and three.
	solutions := []string{"kind=nqueens", "ask=solutions"}
	input6 := filepath.Join(dir, "6.in")
	writeFile(t, input6, "6\n")
	boards := filepath.Join(dir, "6-boards.ans")
	writeFile(t, boards, strings.Join([]string{
		"....Q.\n..Q...\nQ.....\n.....Q\n...Q..\n.Q....\n",
		"...Q..\nQ.....\n....Q.\n.Q....\n.....Q\n..Q...\n",
		"..Q...\n.....Q\n.Q....\n....Q.\nQ.....\n...Q..\n",
		".Q....\n...Q..\n.....Q\nQ.....\n..Q...\n....Q.\n",
	}, "\n"))
	three := filepath.Join(dir, "6-three.ans")
	writeFile(t, three, "5 3 1 6 4 2\n4 1 5 2 6 3\n3 6 2 5 1 4\n")
	for _, c := range []struct {
		name, input, answer string
		flags               []string
		team                string
		verdict             judge.Verdict
		kind                status.Kind
	}{
		{"right", input, answer, count, "92\n", judge.AC, status.Accepted},
		{"wrong", input, answer, count, "91\n", judge.WA, status.Rejected},
		{"empty", input, answer, count, "", judge.NO, status.Rejected},
		{"garbled", input, answer, count, "9 2\n", judge.PE, status.Rejected},
		{"unique", input, uniqueAnswer, []string{"kind=nqueens", "ask=unique"}, "12\n", judge.AC, status.Accepted},
		{"set input", oeisSet, answer, []string{"id=q8-count"}, "92\n", judge.AC, status.Accepted},
		// The judges' answer disagrees with the solver: not the team's fault.
		{"bad answer file", input, badAnswer, count, "92\n", judge.JE, status.Failed},
		{"own placement answer file", input, ownPlacement, placement, "2 4 6 8 3 1 7 5\n", judge.AC, status.Accepted},
		{"own placement answer file, team wrong", input, ownPlacement, placement, "1 2 3 4 5 6 7 8\n", judge.WA, status.Rejected},
		{"attacked placement answer file", input, attacked, placement, "2 4 6 8 3 1 7 5\n", judge.JE, status.Failed},
		{"none answer file, there is a placement", input, noneAnswer, placement, "2 4 6 8 3 1 7 5\n", judge.JE, status.Failed},
		{"solutions answer file as boards, other order", input6, boards, solutions, "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n5 3 1 6 4 2\n", judge.AC, status.Accepted},
		{"solutions answer file one short", input6, three, solutions, "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n5 3 1 6 4 2\n", judge.JE, status.Failed},
		{"unknown flag", input, answer, []string{"kind=nqueens", "ask=count", "colour=red"}, "92\n", judge.JE, status.Failed},
	} {
		t.Run(c.name, func(t *testing.T) {
			feedback := t.TempDir()
			con := newConsole(output.Table, c.team)
			j, err := app.Validate(ctx, con.Console, app.ValidateRequest{
				Cache: cache, Input: c.input, Answer: c.answer, Feedback: feedback, Flags: c.flags,
			})
			checkOutcome(t, "Validate", err, c.kind, true)
			if j.Verdict != c.verdict {
				t.Errorf("Validate = %s (%s), want %s", j.Verdict, j.Message, c.verdict)
			}
			judgeMsg := string(readFile(t, filepath.Join(feedback, "judgemessage.txt")))
			if want := string(c.verdict) + ": " + j.Message + "\n"; judgeMsg != want {
				t.Errorf("judgemessage.txt = %q, want %q", judgeMsg, want)
			}
			if strings.Contains(judgeMsg, "stopped before it judged") {
				t.Errorf("judgemessage.txt is still the provisional one")
			}
			teamMsg := string(readFile(t, filepath.Join(feedback, "teammessage.txt")))
			if teamMsg != j.TeamMessage+"\n" {
				t.Errorf("teammessage.txt = %q, want %q", teamMsg, j.TeamMessage+"\n")
			}
			if c.verdict == judge.WA && strings.Contains(teamMsg, "92") {
				t.Errorf("teammessage.txt %q gives the answer away", teamMsg)
			}
			if c.kind == status.Failed && !strings.HasPrefix(con.stderr.String(), "validate: ") {
				t.Errorf("stderr = %q, want the judge error", con.stderr)
			}
		})
	}
}

// TestCheckInput follows the input-validator interface: 42 for a valid
// input in the one form export writes, 43 with the reason on stderr
// otherwise, and a usage error without kind= and ask=.
func TestCheckInput(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		flags []string
		in    string
		want  status.Kind
	}{
		{"valid", []string{"kind=nqueens", "ask=count"}, "8\n", status.Accepted},
		{"reserved", []string{"kind=reserved", "ask=count"}, "..\n.*\n", status.Accepted},
		{"knights", []string{"kind=queens-knights", "ask=max"}, "8\n", status.Accepted},
		{"n is 0", []string{"kind=nqueens", "ask=count"}, "0\n", status.Rejected},
		{"not a number", []string{"kind=nqueens", "ask=count"}, "eight\n", status.Rejected},
		{"no newline", []string{"kind=nqueens", "ask=count"}, "8", status.Rejected},
		{"leading zero", []string{"kind=nqueens", "ask=count"}, "08\n", status.Rejected},
		{"crlf", []string{"kind=nqueens", "ask=count"}, "8\r\n", status.Rejected},
		{"empty", []string{"kind=nqueens", "ask=count"}, "", status.Rejected},
		{"no kind", []string{"ask=count"}, "8\n", status.Usage},
		{"no ask", []string{"kind=nqueens"}, "8\n", status.Usage},
		{"unknown flag", []string{"kind=nqueens", "ask=count", "id=q"}, "8\n", status.Usage},
	} {
		t.Run(c.name, func(t *testing.T) {
			con := newConsole(output.Table, c.in)
			err := app.CheckInput(context.Background(), con.Console, app.CheckInputRequest{Flags: c.flags})
			checkOutcome(t, "CheckInput", err, c.want, c.want != status.Usage)
			if (c.want == status.Rejected) != (con.stderr.Len() > 0) {
				t.Errorf("stderr = %q", con.stderr)
			}
			if con.stdout.Len() != 0 {
				t.Errorf("stdout = %q, want nothing", con.stdout)
			}
		})
	}
}
