package text

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPrintable(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"ada", "ada"},
		{`back\slash`, `back\slash`},
		{"équipe 日本 👍", "équipe 日本 👍"},
		{"bad\xffname", `bad\xffname`},
		{"\xe6\x97", `\xe6\x97`}, // a rune cut short
		{"new\nline", `new\nline`},
		{"tab\tname", `tab\tname`},
		{"cr\rname", `cr\rname`},
		{"nul\x00esc\x1bdel\x7f", `nul\x00esc\x1bdel\x7f`},
		{"c1\u0085next", `c1\u0085next`},
		{"line\u2028para\u2029", `line\u2028para\u2029`},
		{"\u202eCA", `\u202eCA`},
		{"a\u2066b\u2067c\u2068d\u2069e\u202af\u202bg\u202ch\u202di", `a\u2066b\u2067c\u2068d\u2069e\u202af\u202bg\u202ch\u202di`},
		{"\u200e\u200f\u061c", `\u200e\u200f\u061c`},
		{"ok\u00a0nbsp", "ok\u00a0nbsp"},
	} {
		got := Printable(c.in)
		if got != c.want {
			t.Errorf("Printable(%q) = %q, want %q", c.in, got, c.want)
		}
		if again := Printable(got); again != got {
			t.Errorf("Printable(%q) = %q, want it unchanged", got, again)
		}
	}
}

func FuzzPrintable(f *testing.F) {
	for _, s := range []string{"ada", "bad\xffname", "new\nline", "\u2028", "\xc2\x85"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Printable(s)
		if !utf8.ValidString(got) || strings.ContainsAny(got, "\t\n\r\x00\u0085\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c") {
			t.Errorf("Printable(%q) = %q: not one line of valid UTF-8", s, got)
		}
		if Printable(got) != got {
			t.Errorf("Printable(%q) = %q, which Printable changes", s, got)
		}
	})
}
