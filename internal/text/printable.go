package text

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Printable returns s as one line of valid UTF-8, for a name (of a team, a
// file, a set) or a message wherever it is printed: every byte that is not
// part of valid UTF-8 becomes \xHH; tab, line feed and carriage return
// become \t, \n and \r; the other control characters \xHH (C0 and DEL) or
// \uHHHH (C1), as do the line and paragraph separators U+2028 and U+2029,
// which some readers take for line ends, and the bidirectional controls
// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which reorder
// what a terminal or a browser shows after them: a team named
// "\u202eCA" would read "AC". Everything else, a backslash too,
// is kept, so that an ordinary name prints as it is; the result is for
// people to read, not to be decoded. Printable of a result is the result
// itself.
func Printable(s string) string {
	if printableASCII(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r >= 0x80 && r < 0xa0 || r == '\u2028' || r == '\u2029' || bidi(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// printableASCII reports whether s is printable ASCII only, the common
// case, which Printable leaves as it is.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// bidi reports whether r is a bidirectional formatting control.
func bidi(r rune) bool {
	return r == '\u061c' || r == '\u200e' || r == '\u200f' ||
		r >= '\u202a' && r <= '\u202e' || r >= '\u2066' && r <= '\u2069'
}
