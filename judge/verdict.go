package judge

import (
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/queensjudge/queensjudge/internal/text"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// Verdict is the outcome of judging one answer, named by its Contest API
// judgement-type id.
type Verdict string

// The verdicts.
const (
	// AC: the answer is right.
	AC Verdict = "AC"
	// WA: the answer is well formed and wrong.
	WA Verdict = "WA"
	// PE: the answer cannot be read as the form the problem asks for.
	PE Verdict = "PE"
	// NO: the answer is empty or white space only.
	NO Verdict = "NO"
	// JE: the answer could not be judged, through no fault of the team's:
	// the ground truth could not be had, or the file could not be read.
	JE Verdict = "JE"
)

// Verdicts lists every verdict.
var Verdicts = []Verdict{AC, WA, PE, NO, JE}

// Name returns the verdict's name in words ("wrong answer").
func (v Verdict) Name() string {
	switch v {
	case AC:
		return "accepted"
	case WA:
		return "wrong answer"
	case PE:
		return "presentation error"
	case NO:
		return "no output"
	case JE:
		return "judge error"
	}
	return string(v)
}

// Rejected reports whether v counts as a rejected attempt in the ICPC
// penalty: WA, PE and NO do; AC and JE (not the team's fault) do not.
func (v Verdict) Rejected() bool {
	return v == WA || v == PE || v == NO
}

// Judgement is the verdict on one answer and why.
type Judgement struct {
	Verdict Verdict
	// Message is for the judges: full detail, and it may name the
	// expected answer.
	Message string
	// TeamMessage is for the team: it never reveals the expected answer.
	TeamMessage string
	// Squares are the squares at fault in a wrong placement (none, one or
	// two), as solver.Violation gives them.
	Squares []solver.Square
	// N is the side of the board the squares are on, for naming them.
	N int
	// Line is the line of the answer text at fault, or 0.
	Line int
	// WithoutTruth is true when the verdict was reached without the
	// ground truth: an answer to a placement problem whose m is given
	// (see NeedsTruth), anything but none, which the checker decides
	// alone. It is false on a JE.
	WithoutTruth bool
}

// SquareNames returns the chess names of j.Squares ("b3").
func (j Judgement) SquareNames() []string {
	var names []string
	for _, s := range j.Squares {
		names = append(names, s.Name(j.N))
	}
	return names
}

// Limits bound the work and memory of judging one answer. The zero value
// gives the defaults.
type Limits struct {
	// MaxBytes is the largest answer read; a larger one is PE. Zero means
	// DefaultMaxBytes.
	MaxBytes int64
	// MaxMessage is the longest message, in bytes; longer ones are cut at a
	// rune boundary and end in "…". Zero means DefaultMaxMessage.
	MaxMessage int
}

// DefaultMaxBytes is the default answer size limit. The column form of a
// 10,000,000-queen placement takes 79 MB, so the limit is above that.
const DefaultMaxBytes = 128 << 20

// DefaultMaxMessage is the default message length limit, in bytes.
const DefaultMaxMessage = 200

func (l Limits) withDefaults() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultMaxBytes
	}
	if l.MaxMessage <= 0 {
		l.MaxMessage = DefaultMaxMessage
	}
	if l.MaxMessage < 8 {
		l.MaxMessage = 8
	}
	return l
}

// failure is a verdict other than AC found while judging: what to tell the
// judges and the team. team == "" means the judge message is safe for the
// team too.
type failure struct {
	verdict Verdict
	line    int
	msg     string
	team    string
	squares []solver.Square
	// whole keeps the messages up to maxJudgeError bytes, not
	// Limits.MaxMessage: the judges' own errors say what to do about
	// them (merge the parts, raise the budget).
	whole bool
}

func fail(v Verdict, line int, format string, args ...any) *failure {
	return &failure{verdict: v, line: line, msg: fmt.Sprintf(format, args...)}
}

// withTeam sets the team message, for a failure whose message names the
// expected answer.
func (f *failure) withTeam(format string, args ...any) *failure {
	f.team = fmt.Sprintf(format, args...)
	return f
}

// judgement turns f into a Judgement on a board of side n, with the line
// prefixed to both messages and both cut to size.
func (f *failure) judgement(n int, lim Limits) Judgement {
	team := f.team
	if team == "" {
		team = f.msg
	}
	if f.whole {
		lim.MaxMessage = max(lim.MaxMessage, maxJudgeError)
	}
	prefix := ""
	if f.line > 0 {
		prefix = "line " + strconv.Itoa(f.line) + ": "
	}
	return Judgement{
		Verdict:     f.verdict,
		Message:     clip(prefix+f.msg, lim.MaxMessage),
		TeamMessage: clip(prefix+team, lim.MaxMessage),
		Squares:     f.squares,
		N:           n,
		Line:        f.line,
	}
}

// clip makes s one line of valid UTF-8 of at most max bytes: text.Printable,
// and a longer text is cut at a rune boundary and ends in "…".
func clip(s string, max int) string {
	s = text.Printable(s)
	if len(s) <= max {
		return s
	}
	const ellipsis = "…"
	cut := max - len(ellipsis)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + ellipsis
}

// quote shows a piece of the team's text in a message: Go-quoted, at most 24
// runes, with "…" after the quote when cut. Invalid UTF-8 shows as \x escapes.
func quote(b []byte) string {
	const maxRunes = 24
	cut, runes := 0, 0
	for cut < len(b) && runes < maxRunes {
		_, size := utf8.DecodeRune(b[cut:])
		cut += size
		runes++
	}
	if cut < len(b) {
		return strconv.Quote(string(b[:cut])) + "…"
	}
	return strconv.Quote(string(b))
}

// showNumber shows a decimal number of size digits, of which digits holds
// the first, in a message: whole when short, else its first digits and its
// length.
func showNumber(digits []byte, size int64) string {
	if size <= 30 && int64(len(digits)) == size {
		return string(digits)
	}
	return fmt.Sprintf("%s… (%d digits)", digits[:min(len(digits), 12)], size)
}

// attemptVerdict sets the verdict and messages of an attempt r at p from
// its Tests, which must be in the problem's order: the one rule of the
// verdict of a problem with tests, so that the wall (the verdict) and the
// scoreboard (the score) never disagree about what a test is worth.
//
// The tests that count are every test of a pass-fail problem (no groups),
// samples included, as DOMjudge judges an ICPC problem's samples; and the
// tests in groups of a problem with groups (a scoring problem): there a
// sample is judged and shown but decides nothing, neither the verdict nor
// the score, as Kattis's default grader with ignore_sample (the flag the
// exported package of a scoring problem sets). Of the tests that count, a
// JE on any makes the attempt JE (it cannot be scored and does not
// count), else the first that is not AC gives the verdict and its
// messages, prefixed "test NAME: "; AC when none is. An AC attempt whose
// sample is not AC says so: the team still learns of it.
func attemptVerdict(p problems.Problem, r *Result) {
	counts := func(t *Result) bool {
		if !p.Scored() {
			return true
		}
		if pt, ok := p.TestNamed(t.Test); ok {
			return !pt.Sample
		}
		return !t.Sample
	}
	var decided, sample *Result
	counted := 0
	for i := range r.Tests {
		t := &r.Tests[i]
		if !counts(t) {
			if sample == nil && t.Verdict != AC {
				sample = t
			}
			continue
		}
		counted++
		if t.Verdict == JE {
			decided = t
			break
		}
		if decided == nil && t.Verdict != AC {
			decided = t
		}
	}
	r.Verdict, r.Squares, r.Line = AC, nil, 0
	r.WithoutTruth = len(r.Tests) > 0 && !slices.ContainsFunc(r.Tests, func(t Result) bool { return !t.WithoutTruth })
	switch {
	case decided != nil:
		r.Verdict = decided.Verdict
		r.Message = "test " + decided.Test + ": " + decided.Message
		r.TeamMessage = "test " + decided.Test + ": " + decided.TeamMessage
	case sample != nil:
		r.Message = fmt.Sprintf("all %s right; test %s, a sample, is %s: samples do not count",
			solver.Plural(int64(counted), "scored test"), sample.Test, sample.Verdict)
		r.TeamMessage = r.Message
	default:
		r.Message = fmt.Sprintf("all %s right", solver.Plural(int64(len(r.Tests)), "test"))
		r.TeamMessage = r.Message
	}
}

// noFile is the NO of a test that an attempt's folder has no file for. Its
// team message names the test alone: the folder is the organiser's (a
// manifest names it) and the public page shows every team message.
func noFile(test, folder string) *failure {
	return fail(NO, 0, "no answer for test %s (no file %s or %s.* in %s/)", test, test, test, folder).
		withTeam("no answer for test %s: no file for it", test)
}

// doubledFiles is the NO of a test that two or more files of an attempt's
// folder answer, none judged. Its team message names the test and counts
// the files, but names none of them (see noFile).
func doubledFiles(test string, files []string) *failure {
	d := Doubled{Files: files}
	count, verdict := "two", "neither"
	if len(files) > 2 {
		count, verdict = strconv.Itoa(len(files)), "none"
	}
	return fail(NO, 0, "no answer for test %s: %s", test, d.files()).
		withTeam("no answer for test %s: %s files for it, %s judged", test, count, verdict)
}
