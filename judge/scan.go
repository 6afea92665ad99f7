package judge

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"
	"unicode/utf8"
)

// Byte classes of a token, as a bit set: what sorts of bytes it holds.
const (
	classDigit    = 1 << iota // 0-9
	classBoard                // Q N . *
	classOther                // any other printable ASCII
	classNonASCII             // a byte ≥ 0x80
)

// token is one run of non-white-space bytes of the answer.
type token struct {
	// text holds the first bytes of the token, as many as the caller asked
	// to keep, after leading zeros that come before another digit; zeros is
	// the number of those zeros, and size the whole length with them. So a
	// number of a million digits with leading zeros is still compared right.
	text  []byte
	size  int64
	zeros int64
	// line is the 1-based line the token is on; breaks is the number of
	// line ends between the previous token (or the start) and this one.
	line, breaks int
	class        int
}

// whole reports whether text holds the whole token, but for leading zeros.
func (t token) whole() bool { return int64(len(t.text)) == t.size-t.zeros }

// show quotes the token's text for a message, with its leading zeros.
func (t token) show() string {
	if t.zeros == 0 {
		return quote(t.text)
	}
	return quote(append(bytes.Repeat([]byte("0"), int(min(t.zeros, 24))), t.text...))
}

// scanner splits an answer into tokens, streaming: it never holds more than
// its buffer and the kept part of one token. It strips a UTF-8 byte order
// mark, takes CRLF, CR, LF and CR CR LF as line ends, and stops with a
// failure at a NUL or other control byte, UTF-16 text, more than limit
// bytes, or a read error.
//
// CR CR LF is what a Windows program that prints "\r\n" to a text-mode
// stream writes (the C runtime makes each LF a CRLF). Read as CR then CRLF
// it would put a blank line after every line: harmless in most forms, but
// in a solutions list a blank line ends a board, and a list of boards
// whose every row is its own board would be WA with a message about 1-row
// boards, where one placement in the same text is AC. So it is one line
// end, as CRLF is; CR CR followed by anything else is two (a blank line in
// a CR-only text).
type scanner struct {
	r        io.Reader
	buf      []byte
	i, end   int
	eof      bool
	limit    int64
	consumed int64 // bytes read from r
	line     int
	cr       bool // the last byte was '\r'
	// crcr is true when the last two bytes were "\r\r" and the second is
	// not counted yet: it is a line end of its own unless a '\n' follows.
	crcr    bool
	started bool
	failed  *failure
	text    []byte // reused for token text
}

// buffers holds the scanners' read buffers between answers: a contest
// judges thousands of small answers, and 64 KiB each adds up.
var buffers = sync.Pool{New: func() any { b := make([]byte, 64<<10); return &b }}

func newScanner(r io.Reader, limit int64) *scanner {
	return &scanner{r: io.LimitReader(r, limit+1), buf: *buffers.Get().(*[]byte), limit: limit, line: 1}
}

// release gives the read buffer back; s must not be used after.
func (s *scanner) release() {
	buf := s.buf
	s.buf = nil
	buffers.Put(&buf)
}

// fill reads more input into the buffer; it reports false at the end of the
// input or on a failure.
func (s *scanner) fill() bool {
	if s.i < s.end {
		return true
	}
	if s.failed != nil || s.eof {
		return false
	}
	for tries := 0; ; tries++ {
		if tries == 100 {
			s.failed = fail(JE, 0, "read the answer: %v", io.ErrNoProgress).withTeam("the answer could not be read")
			return false
		}
		n, err := s.r.Read(s.buf)
		s.consumed += int64(n)
		if s.consumed > s.limit {
			s.failed = fail(PE, 0, "the answer is larger than the %s limit", size(s.limit))
			return false
		}
		s.i, s.end = 0, n
		if n > 0 {
			return true
		}
		if errors.Is(err, io.EOF) {
			s.eof = true
			return false
		}
		if err != nil {
			s.failed = fail(JE, 0, "read the answer: %v", err).withTeam("the answer could not be read")
			return false
		}
	}
}

// start skips a UTF-8 byte order mark and refuses UTF-16.
func (s *scanner) start() {
	s.started = true
	for tries := 0; s.end < 3 && !s.eof && s.failed == nil && tries < 100; tries++ {
		n, err := s.r.Read(s.buf[s.end:])
		s.consumed += int64(n)
		s.end += n
		switch {
		case s.consumed > s.limit:
			s.failed = fail(PE, 0, "the answer is larger than the %s limit", size(s.limit))
		case errors.Is(err, io.EOF):
			s.eof = true
		case err != nil:
			s.failed = fail(JE, 0, "read the answer: %v", err).withTeam("the answer could not be read")
		}
	}
	head := s.buf[:s.end]
	switch {
	case len(head) >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF:
		s.i = 3
	case len(head) >= 2 && (head[0] == 0xFE && head[1] == 0xFF || head[0] == 0xFF && head[1] == 0xFE):
		s.failed = fail(PE, 1, "UTF-16 text: write the answer in ASCII or UTF-8")
	}
}

// next returns the next token, keeping at most keep bytes of its text (the
// text is reused by the following call). It reports false at the end of the
// input or on a failure, which is then in s.failed.
func (s *scanner) next(keep int) (token, bool) {
	if !s.started {
		s.start()
	}
	if s.failed != nil {
		return token{}, false
	}
	breaks := 0
	for {
		if s.i == s.end && !s.fill() {
			return token{}, false
		}
		b := s.buf[s.i]
		if s.crcr && b != '\n' {
			breaks++ // the second CR of "\r\r" was a line end of its own
			s.line++
			s.crcr = false
		}
		switch b {
		case '\n':
			if !s.cr {
				breaks++
				s.line++
			}
			s.cr, s.crcr = false, false
		case '\r':
			if s.cr && !s.crcr {
				s.crcr = true // "\r\r": counted once the next byte is known
				break
			}
			breaks++
			s.line++
			s.cr = true
		case ' ', '\t', '\v', '\f':
			s.cr = false
		default:
			if !s.control(b) {
				return s.token(keep, breaks)
			}
			return token{}, false
		}
		s.i++
	}
}

// control reports a NUL or other control byte as a failure.
func (s *scanner) control(b byte) bool {
	switch {
	case b == 0:
		s.failed = fail(PE, s.line, "NUL byte: the answer is not text")
	case b < 0x20 || b == 0x7f:
		s.failed = fail(PE, s.line, "control character %U: the answer is not text", rune(b))
	default:
		return false
	}
	return true
}

func (s *scanner) token(keep int, breaks int) (token, bool) {
	s.cr = false
	t := token{line: s.line, breaks: breaks}
	s.text = s.text[:0]
	for {
		if s.i == s.end && !s.fill() {
			if s.failed != nil {
				return token{}, false
			}
			break
		}
		b := s.buf[s.i]
		if b <= ' ' || b == 0x7f {
			if b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\v' || b == '\f' {
				break
			}
			s.control(b)
			return token{}, false
		}
		switch {
		case b >= '0' && b <= '9':
			t.class |= classDigit
		case b == 'Q' || b == 'N' || b == '.' || b == '*':
			t.class |= classBoard
		case b < 0x80:
			t.class |= classOther
		default:
			t.class |= classNonASCII
		}
		if len(s.text) == 1 && s.text[0] == '0' && t.class == classDigit && b >= '0' && b <= '9' {
			s.text = s.text[:0]
			t.zeros++
		}
		if len(s.text) < keep {
			s.text = append(s.text, b)
		}
		t.size++
		s.i++
	}
	t.text = s.text
	return t, true
}

// rest reads the tokens left after the answer; the first one is PE.
func (s *scanner) rest(what string) *failure {
	if t, ok := s.next(32); ok {
		if f := notText(t); f != nil {
			return f
		}
		return fail(PE, t.line, "unexpected %s after %s", t.show(), what)
	}
	return s.failed
}

// unreadable explains why token t cannot be read as what: binary junk,
// non-ASCII text (such as Unicode digits or spaces) or just the wrong text.
func unreadable(t token, what string) *failure {
	if f := notText(t); f != nil {
		return f
	}
	if t.class&classNonASCII != 0 {
		return fail(PE, t.line, "cannot read %s as %s: it has non-ASCII characters", t.show(), what)
	}
	return fail(PE, t.line, "cannot read %s as %s", t.show(), what)
}

// notText reports a token that is not UTF-8 text.
func notText(t token) *failure {
	if t.class&classNonASCII != 0 && !validUTF8(t.text, !t.whole()) {
		return fail(PE, t.line, "invalid UTF-8: the answer is not text")
	}
	return nil
}

// validUTF8 reports whether b is valid UTF-8, forgiving a rune cut at its
// end when cut is true (b is the kept start of a longer token).
func validUTF8(b []byte, cut bool) bool {
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size == 1 {
			return cut && !utf8.FullRune(b)
		}
		b = b[size:]
	}
	return true
}

// size writes a byte count the way people write it.
func size(b int64) string {
	switch {
	case b >= 1<<20 && b%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", b>>20)
	case b >= 1<<10 && b%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", b>>10)
	}
	return fmt.Sprintf("%d-byte", b)
}
