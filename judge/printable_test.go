package judge

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
		if !utf8.ValidString(got) || strings.ContainsAny(got, "\t\n\r\x00\u0085\u2028\u2029") {
			t.Errorf("Printable(%q) = %q: not one line of valid UTF-8", s, got)
		}
		if Printable(got) != got {
			t.Errorf("Printable(%q) = %q, which Printable changes", s, got)
		}
	})
}
