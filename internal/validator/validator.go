// Package validator is the output and input validator that a problem
// package carries, in the interface of the problem package format
// (problemtools, DOMjudge): it judges one team output, or checks one test
// input, from what the call gives it. The judges' answer file is the
// ground truth, checked with the input against the SHA-256 digests that
// export put in the package's run script; nothing is solved, nothing is cached, and nothing
// is written outside the feedback directory. It needs no SQLite, so the
// program that is only this package (internal/cmd/queensjudge-validator) builds
// without cgo: static, small, the same on every judge host.
//
// It knows nothing of the cache, the command line's flags or problem sets.
package validator

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/queensjudge/queensjudge/internal/guard"
	"github.com/queensjudge/queensjudge/internal/pkgexport"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// Call is one call of the output validator: validate INPUT ANSWER
// FEEDBACK_DIR FLAGS... < team_output.
type Call struct {
	Input, Answer, Feedback string
	Flags                   []string
	MaxBytes                int64 // the largest team output read
}

// ProvisionalMessage is the judge message until the validator has judged:
// what is left when it is killed or crashes on the way.
const ProvisionalMessage = "JE: the validator stopped before it judged: it was killed (a time or memory limit?) or crashed; its exit status and standard error say which\n"

// Feedback claims the call's feedback directory with g and writes the
// provisional judge message into it: the first thing a validator does,
// before anything else can fail.
func Feedback(g *guard.Guard, dir string) (string, error) {
	d, err := g.Dir("FEEDBACK_DIR", dir)
	if err != nil {
		return "", err
	}
	return d, WriteFeedbackFile(g, d, "judgemessage.txt", ProvisionalMessage)
}

// Validate judges the team output on stdin against the answer file of the
// call, whose cases= flag must hold it with the input, and writes the
// feedback. The outcome is the error, said: Accepted, Rejected, or Failed
// on a judge error, whose message also goes to stderr.
func Validate(ctx context.Context, c Call, stdin io.Reader, stderr io.Writer) (judge.Judgement, error) {
	g := guard.New()
	g.Input(c.Input, c.Answer)
	feedback, err := Feedback(g, c.Feedback)
	if err != nil {
		return judge.Judgement{}, err
	}
	j, err := judgeCall(ctx, c, stdin)
	if err != nil {
		j = judge.Judgement{Verdict: judge.JE, Message: err.Error(), TeamMessage: "judge error"}
	}
	return j, Conclude(g, feedback, j, stderr)
}

// judgeCall judges the team output of c.
func judgeCall(ctx context.Context, c Call, stdin io.Reader) (judge.Judgement, error) {
	f, err := ParseFlags(c.Flags, KeyKind, KeyAsk, KeyM, KeyCases)
	if err != nil {
		return judge.Judgement{}, err
	}
	if f.Kind == "" || f.Ask == "" || len(f.Cases) == 0 {
		return judge.Judgement{}, errors.New("want the flags kind=, ask= and cases= (the package's run script gives them)")
	}
	p, err := ReadInput(c.Input, f)
	if err != nil {
		return judge.Judgement{}, err
	}
	t, err := TruthOf(ctx, p, c.Input, c.Answer, f.Cases)
	if err != nil {
		return judge.Judgement{}, err
	}
	if err := TeamOutput(stdin); err != nil {
		return judge.Judgement{}, err
	}
	return judge.Judge(ctx, t, stdin, judge.Limits{MaxBytes: c.MaxBytes}), nil
}

// TeamOutput returns why stdin, when it is a file of the process, cannot
// be a team output: a judge system gives the team output on standard input
// as a file or a pipe, never as a device. A closed standard input is one:
// the Go runtime opens /dev/null in its place as the program starts, which
// would read as an empty output and be judged NO, the team's fault, when
// the call was wrong. A terminal is another: a person who forgot the
// redirection.
//
// A reader that stands for another (one that gives way to a signal) says
// which with an Unwrap method, and that one is looked at.
func TeamOutput(stdin io.Reader) error {
	for {
		u, ok := stdin.(interface{ Unwrap() io.Reader })
		if !ok {
			break
		}
		stdin = u.Unwrap()
	}
	f, ok := stdin.(*os.File)
	if !ok {
		return nil
	}
	fi, err := f.Stat()
	if err != nil {
		return fmt.Errorf("standard input: %w (the team output comes on standard input)", err)
	}
	if fi.Mode()&os.ModeDevice != 0 {
		return fmt.Errorf("standard input is a device (%s), not a team output: closed, /dev/null or a terminal; the team output comes on standard input, from a file or a pipe", f.Name())
	}
	return nil
}

// ReadInput reads the problem of the test input at path, of the kind, ask
// and m the flags give.
func ReadInput(path string, f Flags) (solver.Problem, error) {
	data, err := readSmall(answerSpan{path: path}, MaxInputBytes)
	if err != nil {
		return solver.Problem{}, fmt.Errorf("input %s: %w", path, err)
	}
	return problems.ParseInput(path, data, f.Kind, f.Ask, f.M)
}

// Conclude writes j into the feedback directory, the judge message last
// (it replaces the provisional one, which stands until it does), and
// returns its outcome: Accepted, Rejected or, on a judge error, Failed,
// with the message on stderr too.
func Conclude(g *guard.Guard, dir string, j judge.Judgement, stderr io.Writer) error {
	if err := WriteFeedbackFile(g, dir, "teammessage.txt", j.TeamMessage+"\n"); err != nil {
		return err
	}
	if err := WriteFeedbackFile(g, dir, "judgemessage.txt", fmt.Sprintf("%s: %s\n", j.Verdict, j.Message)); err != nil {
		return err
	}
	switch j.Verdict {
	case judge.AC:
		return status.Said(status.Accepted)
	case judge.JE:
		fmt.Fprintf(stderr, "validate: %s\n", j.Message)
		return status.Said(status.Failed)
	}
	return status.Said(status.Rejected)
}

// WriteFeedbackFile writes text to the file name in the feedback
// directory dir, whole or not at all: a validator killed while it writes
// leaves the file as it was, not cut short.
func WriteFeedbackFile(g *guard.Guard, dir, name, text string) error {
	err := g.WriteFile(filepath.Join(dir, name), 0o644, nil, func(w io.Writer) error {
		_, err := io.WriteString(w, text)
		return err
	})
	if err != nil {
		return fmt.Errorf("feedback: %w", err)
	}
	return nil
}

// MaxInputBytes bounds the test input read: the largest, a 64×64 board
// with its n line, is some 4 kB.
const MaxInputBytes = 1 << 20

// CheckInput follows the input-validator interface: Accepted when stdin is
// a valid input of the problem the flags describe, written in the one form
// export writes; Rejected, with the reason on stderr, when not. Flags it
// cannot read are a usage error.
func CheckInput(ctx context.Context, words []string, stdin io.Reader, stderr io.Writer) error {
	f, err := ParseFlags(words, KeyKind, KeyAsk, KeyM)
	if err != nil {
		return status.Usagef("check-input: %v", err)
	}
	if f.Kind == "" || f.Ask == "" {
		return status.Usagef("check-input: want kind=K and ask=A")
	}
	data, err := io.ReadAll(io.LimitReader(stdin, MaxInputBytes+1))
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	if err != nil {
		return fmt.Errorf("check-input: read stdin: %w", err)
	}
	if len(data) > MaxInputBytes {
		fmt.Fprintf(stderr, "input: more than %d bytes\n", MaxInputBytes)
		return status.Said(status.Rejected)
	}
	p, err := problems.ParseInput("input", data, f.Kind, f.Ask, f.M)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return status.Said(status.Rejected)
	}
	// A test input is written one way only, as export writes it: validate
	// would read a sloppier one, but a team's program need not.
	if want := pkgexport.Input(p); string(data) != want {
		fmt.Fprintf(stderr, "input: not in the one form of the format: want %q\n", clip(want))
		return status.Said(status.Rejected)
	}
	return status.Said(status.Accepted)
}

// clip cuts s to 80 bytes for a message.
func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}

// isFlag reports whether w is one of the validator's key=value flags.
func isFlag(w string) bool {
	key, _, ok := strings.Cut(w, "=")
	if !ok {
		return false
	}
	switch key {
	case KeyKind, KeyAsk, KeyM, KeyID, KeyCases:
		return true
	}
	return false
}

// ParseCall reads the arguments of a validate call, INPUT ANSWER
// FEEDBACK_DIR and then the flags, as a judge system gives them. Fewer
// than three files before the flags (a package's run called with two) is
// an error naming what came: the first flag must not be taken for the
// feedback directory, nor a file for a flag. name is the command's, for
// the message.
func ParseCall(name string, args []string) (Call, error) {
	files := args
	for i, w := range files[:min(3, len(files))] {
		if isFlag(w) {
			files = files[:i]
			break
		}
	}
	if len(files) < 3 {
		return Call{}, fmt.Errorf("%s: want INPUT ANSWER FEEDBACK_DIR before the flags, got %d file(s): %q", name, len(files), files)
	}
	return Call{Input: files[0], Answer: files[1], Feedback: files[2], Flags: args[3:]}, nil
}

// Usage is what the program says when it is called wrongly.
const Usage = `usage: queensjudge-validator validate INPUT ANSWER FEEDBACK_DIR kind=K ask=A [m=M] cases=IN:ANS,... < team_output
       queensjudge-validator check-input kind=K ask=A [m=M] < input
       queensjudge-validator INPUT CORRECT_OUTPUT USER_OUTPUT     (CMS's checker: the correct output a CMS task's)`

// Main is the whole validator program: it runs the call in args (the
// program's name first) with stdin, stdout and stderr and returns the
// exit status: for validate and check-input 42 accepted, 43 rejected, 1 a
// judge error; called with three files and nothing else, as CMS calls a
// checker, 0 when it judged (the outcome on stdout) and 1 when it could
// not; 2 a usage error.
func Main(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var err error
	switch {
	case len(args) >= 2 && args[1] == "validate":
		var c Call
		if c, err = ParseCall("validate", args[2:]); err != nil {
			err = status.Usagef("%v\n%s", err, Usage)
			break
		}
		_, err = Validate(ctx, c, stdin, stderr)
	case len(args) >= 2 && args[1] == "check-input":
		err = CheckInput(ctx, args[2:], stdin, stderr)
	case len(args) == 4 && !strings.HasPrefix(args[1], "-"):
		err = Check(ctx, args[1], args[2], args[3], stdout, stderr)
	default:
		err = status.Usagef("%s", Usage)
	}
	if err != nil && !status.Silent(err) {
		fmt.Fprintf(stderr, "queensjudge-validator: %v\n", err)
	}
	return status.Code(ctx, err)
}
