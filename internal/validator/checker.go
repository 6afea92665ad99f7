package validator

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/queensjudge/queensjudge/internal/pkgexport"
	"github.com/queensjudge/queensjudge/internal/text"
	"github.com/queensjudge/queensjudge/judge"
)

// Check is CMS's checker contract, as the check/checker of a task that
// export --layout cms writes: CMS runs it alone in a bare directory as
//
//	./checker input.txt correct_output.txt user_output.txt
//
// with no flags and no other file. The problem (kind, ask, m) and the
// digests of the input and of the answer come from the correct output's
// header lines (pkgexport.CMSHeader); the answer after them is the ground
// truth, checked against them like a package's answer file (TruthOf).
//
// It writes the outcome, "1.0" for a right output and "0.0" for a wrong
// one, as the first line of stdout; the message judge gives the team
// (which line, what is wrong; never the expected answer) as the first line
// of stderr, and the judges' message as an ADMIN_MESSAGE line after it,
// both in the characters CMS allows (CMSText). The error is nil then:
// exit status 0, as CMS wants. When it cannot judge (a correct output
// that is not one export wrote, or changed since, or not the input's; an
// unreadable file) it prints no outcome and returns the error, for the
// administrators: a non-zero exit, which CMS takes for a failed
// evaluation, never for a score. Nothing is written but stdout and stderr.
func Check(ctx context.Context, input, correct, user string, stdout, stderr io.Writer) error {
	t, err := checkerTruth(ctx, input, correct)
	if err != nil {
		return err
	}
	f, err := os.Open(user)
	if err != nil {
		return fmt.Errorf("contestant output: %w", err)
	}
	defer f.Close()
	j := judge.Judge(ctx, t, f, judge.Limits{})
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	if j.Verdict == judge.JE {
		return fmt.Errorf("contestant output %s: %s", user, j.Message)
	}
	outcome := "0.0"
	if j.Verdict == judge.AC {
		outcome = "1.0"
	}
	if _, err := fmt.Fprintf(stdout, "%s\n", outcome); err != nil {
		return fmt.Errorf("stdout: %w", err)
	}
	fmt.Fprintf(stderr, "%s\nADMIN_MESSAGE: %s\n", CMSText(j.TeamMessage), CMSText(string(j.Verdict)+": "+j.Message))
	return nil
}

// maxHeader bounds a header line of a correct output: its words are a
// few dozen bytes and two digests.
const maxHeader = 1024

// checkerTruth returns the ground truth that the correct output at path
// holds for the input at input: its header lines name the problem and the
// digests (pkgexport.CMSHeader), the rest is the answer. Every byte is
// checked: the first line is the magic and the SHA-256 of the second,
// exactly; the second holds the flags and the digests of the input and
// the answer.
func checkerTruth(ctx context.Context, input, path string) (judge.Truth, error) {
	f, err := os.Open(path)
	if err != nil {
		return judge.Truth{}, fmt.Errorf("correct output: %w", err)
	}
	br := bufio.NewReaderSize(f, 2*maxHeader)
	first, err1 := readHeaderLine(br)
	second, err2 := readHeaderLine(br)
	f.Close()
	for _, err := range []error{err1, err2} {
		if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
			return judge.Truth{}, fmt.Errorf("correct output %s: %w", path, err)
		}
	}
	notOurs := fmt.Errorf("correct output %s: not one that queensjudge export --layout cms wrote: its first line is not the header %q...", path, pkgexport.CMSMagic)
	sum, ok := strings.CutPrefix(first, pkgexport.CMSMagic+" ")
	switch {
	case strings.HasPrefix(first, "queensjudge-cms-answer 1 "):
		return judge.Truth{}, fmt.Errorf("correct output %s: written by an older queensjudge export, whose header no digest covers: export the task again", path)
	case !ok:
		return judge.Truth{}, notOurs
	}
	got := sha256.Sum256([]byte(second))
	if sum != hex.EncodeToString(got[:])+"\n" {
		return judge.Truth{}, fmt.Errorf("correct output %s: its second line is not the one export wrote: its SHA-256 is not the one the first line gives (a changed flag, a changed digest?)", path)
	}
	fl, err := ParseFlags(strings.Fields(second), KeyKind, KeyAsk, KeyM, KeyCases)
	if err != nil {
		return judge.Truth{}, fmt.Errorf("correct output %s: header: %w", path, err)
	}
	if fl.Kind == "" || fl.Ask == "" || len(fl.Cases) != 1 {
		return judge.Truth{}, fmt.Errorf("correct output %s: header: want kind=, ask= and one case in cases=", path)
	}
	// The input is read as the header says it is (kind, ask, m), and
	// with the answer checked against the header's digests: an error of
	// either is one of the pair, named so.
	p, err := ReadInput(input, fl)
	if err == nil {
		var t judge.Truth
		if t, err = truthOf(ctx, p, input, answerSpan{path: path, off: int64(len(first) + len(second))}, fl.Cases); err == nil {
			return t, nil
		}
	}
	return judge.Truth{}, fmt.Errorf("correct output %s is not the truth of input %s: %w", path, input, err)
}

// readHeaderLine reads a line of at most maxHeader bytes, its line end
// included; a longer one, or one without a line end, is returned cut and
// fails the checks that follow.
func readHeaderLine(br *bufio.Reader) (string, error) {
	line, err := br.ReadSlice('\n')
	if len(line) > maxHeader {
		line = line[:maxHeader]
	}
	return string(line), err
}

// CMSText returns s as CMS shows a checker's message: one line of UTF-8
// with none of the characters CMS refuses (U+0000–U+0008, U+000A–U+001F,
// U+007F–U+00BF; cms/grading/steps/trusted.py): text.Printable escapes
// the control characters, and the rest of that range, from U+00A0 (a
// no-break space, °, ±, «, ©), is written \u00HH.
func CMSText(s string) string {
	s = text.Printable(s)
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == utf8.RuneError:
			b.WriteString(`\ufffd`) // Printable made every invalid byte \xHH; this one was in the text
		case r < 0x09 || r > 0x09 && r < 0x20 || r >= 0x7f && r <= 0xbf:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
