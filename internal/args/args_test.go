package args

import (
	"slices"
	"strings"
	"testing"

	_ "github.com/queensjudge/queensjudge/internal/testflag" // go test ./... -update and -long reach every package
)

// spec is a small copy of the program's flags, aliases included.
var spec = Spec{
	Global: map[string]bool{"db": true, "quiet": false, "q": false},
	Commands: map[string]map[string]bool{
		"key":    keyFlags,
		"k":      keyFlags,
		"solve":  {"jobs": true, "j": true, "force": false, "timeout": true},
		"show":   {"set": true, "board": false, "svg": true, "format": true},
		"doctor": nil,
	},
	GlobalAliases: map[string]string{"q": "quiet"},
	CommandAliases: map[string]map[string]string{
		"key":   {"o": "out"},
		"k":     {"o": "out"},
		"solve": {"j": "jobs"},
	},
}

var keyFlags = map[string]bool{"out": true, "o": true, "format": true}

const complete = " --generate-bash-completion"

func TestArrange(t *testing.T) {
	for _, c := range []struct {
		in, want, err string // want "=" means argv unchanged
	}{
		// Flags typed anywhere.
		{in: "show eight-queens --format json", want: "show --format json -- eight-queens"},
		{in: "--format json show eight-queens", want: "show --format json -- eight-queens"},
		{in: "show --set s --db x.db a b --board", want: "--db x.db show --set s --board -- a b"},
		{in: "solve a.yaml -j 2 b.yaml -q", want: "-q solve -j 2 -- a.yaml b.yaml"},
		{in: "-q solve a.yaml", want: "-q solve -- a.yaml"},
		{in: "--db=x.db show s.yaml q1 - --format=csv", want: "--db=x.db show --format=csv -- s.yaml q1 -"},
		{in: "--out x.yaml key a.yaml", want: "key --out x.yaml -- a.yaml"},
		{in: "--force solve a", want: "solve --force -- a"},
		{in: "solve --force", want: "solve --force"},
		{in: "doctor -q", want: "-q doctor"},
		{in: "k a.yaml -o b.yaml", want: "k -o b.yaml -- a.yaml"},

		// One dash or two, the value after a space or "=".
		{in: "-format json show a", want: "show -format json -- a"},
		{in: "show a -format=json", want: "show -format=json -- a"},
		{in: "solve --j=3 a", want: "solve --j=3 -- a"},
		{in: "solve -db=x a", want: "-db=x solve -- a"},
		{in: "key a --out=", want: "key --out= -- a"},

		// Values from the spec, never guessed.
		{in: "show --board x", want: "show --board -- x"},
		{in: "solve --quiet=false a", want: "--quiet=false solve -- a"},
		{in: "show --board=false x", want: "show --board=false -- x"},
		{in: "key a.yaml --out -", want: "key --out - -- a.yaml"},
		{in: "solve -j -1 a", want: "solve -j -1 -- a"},
		{in: "solve --timeout -5s a", want: "solve --timeout -5s -- a"},
		{in: "key --out -x.yaml a", want: "key --out -x.yaml -- a"},
		{in: "--db show solve a", want: "--db show solve -- a"},
		{in: "key a.yaml b.yaml --out", err: "flag --out needs a value"},
		{in: "key a.yaml -o", err: "flag -o needs a value"},
		{in: "solve --db", err: "flag --db needs a value"},
		{in: "key --out --format json a.yaml", err: "flag --out needs a value, got flag --format"},
		{in: "key --out -q a.yaml", err: "flag --out needs a value, got flag -q"},
		{in: "key --out --db=x a.yaml", err: "flag --out needs a value, got flag --db"},
		{in: "--db -q solve", err: "flag --db needs a value, got flag -q"},
		{in: "--db --jobs solve", err: "flag --db needs a value, got flag --jobs"},
		{in: "key a.yaml --out -- b.yaml", err: "flag --out needs a value before --"},
		{in: "--db -- solve", err: "flag --db needs a value before --"},
		{in: "--out key a.yaml", err: "flag --out needs a value, got the command key"},

		// "--" ends the flags; operands keep their order.
		{in: "solve b.yaml -- -x.yaml", want: "solve -- b.yaml -x.yaml"},
		{in: "show q -- --format", want: "show -- q --format"},
		{in: "solve -- -- a", want: "solve -- -- a"},
		{in: "solve a.yaml --", want: "solve -- a.yaml"},
		{in: "solve --", want: "solve"},
		{in: "--db x -- solve -q a", want: "--db x solve -- -q a"},
		{in: "solve c b a", want: "solve -- c b a"},
		{in: "solve -", want: "solve -- -"},
		{in: "solve -5", want: "solve -- -5"},

		// Unknown flags.
		{in: "key --frmat json a", err: "unknown flag --frmat for command key (did you mean --format?)"},
		{in: "key a -frmat=json", err: "unknown flag -frmat for command key (did you mean --format?)"},
		{in: "key --Format json a", err: "unknown flag --Format for command key (did you mean --format?)"},
		{in: "solve --dbb x a", err: "unknown flag --dbb for command solve (did you mean --db?)"},
		{in: "key --zzz a", err: "unknown flag --zzz for command key"},
		{in: "solve -x", err: "unknown flag -x for command solve"},
		{in: "---jobs 2 solve", err: "unknown flag ---jobs for command solve (did you mean --jobs?)"},
		{in: "--board solve a", err: "unknown flag --board for command solve"},
		{in: "solve a --board", err: "unknown flag --board for command solve"},
		{in: "doctor --fix", err: "unknown flag --fix for command doctor"},

		// A flag given twice, under one name or two.
		{in: "show a --format json --format csv", err: "flag --format given twice"},
		{in: "key -o a --out b x", err: "flag --out given twice"},
		{in: "-q solve --quiet", err: "flag --quiet given twice"},
		{in: "--board show --board=false", err: "flag --board given twice"},

		// No known command: unchanged, for urfave to report.
		{in: "", want: "="},
		{in: "-q", want: "="},
		{in: "--db x", want: "="},
		{in: "--frmat json", want: "="},
		{in: "help solve", want: "="},
		{in: "solv a.yaml --format json", want: "="},
		{in: "x show", want: "="},
		{in: "--board x show", want: "="},
		{in: "-- x solve", want: "="},
		{in: "--", want: "="},

		// Completing: the flag stays last, and a half-typed line is no error.
		{in: "show q" + complete, want: "show q" + complete},
		{in: "solve" + complete, want: "solve" + complete},
		{in: "solv" + complete, want: "="},
		{in: complete, want: "="},
		{in: "key a --frmat" + complete, want: "key --frmat a" + complete},
		{in: "key a.yaml b.yaml --out" + complete, want: "key a.yaml b.yaml --out" + complete},
		{in: "key --out --format json a" + complete, want: "key --format json a --out" + complete},
		{in: "solve --db" + complete, want: "solve --db" + complete},
		{in: "--out key" + complete, want: "key --out" + complete},
		{in: "show --format a --format b x" + complete, want: "show --format a --format b x" + complete},
		{in: "solve a -- b" + complete, want: "solve a b" + complete},
	} {
		in := append([]string{"queensjudge"}, strings.Fields(c.in)...)
		got, err := Arrange(spec, in)
		switch {
		case c.err != "":
			if err == nil || err.Error() != c.err {
				t.Errorf("Arrange(%q) = %q, %v; want error %q", c.in, got, err, c.err)
			}
		case err != nil:
			t.Errorf("Arrange(%q): %v", c.in, err)
		default:
			want := append([]string{"queensjudge"}, strings.Fields(c.want)...)
			if c.want == "=" {
				want = in
			}
			if !slices.Equal(got, want) {
				t.Errorf("Arrange(%q) = %q, want %q", c.in, got, want)
			}
		}
	}
}

func TestArrangeShortArgv(t *testing.T) {
	for _, in := range [][]string{nil, {}, {"queensjudge"}} {
		got, err := Arrange(spec, in)
		if err != nil || !slices.Equal(got, in) {
			t.Errorf("Arrange(%q) = %q, %v; want it unchanged", in, got, err)
		}
	}
}

func TestCheck(t *testing.T) {
	for _, c := range []struct {
		name string
		spec Spec
		err  string
	}{
		{"the test spec", spec, ""},
		{"empty", Spec{}, ""},
		{
			"global and a command's",
			Spec{
				Global:   map[string]bool{"quiet": false},
				Commands: map[string]map[string]bool{"solve": {"quiet": false}},
			},
			"flag spec: --quiet is both a global flag and a flag of command solve",
		},
		{
			"bad names",
			Spec{
				Global:   map[string]bool{"-db": true},
				Commands: map[string]map[string]bool{"solve": {"": false, "a=b": true}},
			},
			"flag spec: global flags: bad flag name \"-db\"\n" +
				"flag spec: command solve: bad flag name \"\"\n" +
				"flag spec: command solve: bad flag name \"a=b\"",
		},
		{
			"bad aliases",
			Spec{
				Global:        map[string]bool{"quiet": false, "q": true, "v": false, "verbose": false, "V": false},
				Commands:      map[string]map[string]bool{"key": {"out": true}},
				GlobalAliases: map[string]string{"q": "quiet", "x": "quiet", "s": "silent", "V": "v", "v": "verbose"},
				CommandAliases: map[string]map[string]string{
					"key": {"o": "out"},
					"kee": {"o": "out"},
				},
			},
			"flag spec: global flags: alias -V names -v, itself an alias\n" +
				"flag spec: global flags: alias -q and --quiet disagree on taking a value\n" +
				"flag spec: global flags: alias -s is not a flag\n" +
				"flag spec: global flags: alias -x is not a flag\n" +
				"flag spec: aliases for unknown command kee\n" +
				"flag spec: command key: alias -o is not a flag",
		},
		{
			"alias of a missing flag",
			Spec{
				Global:        map[string]bool{"q": false},
				GlobalAliases: map[string]string{"q": "quiet"},
			},
			"flag spec: global flags: alias -q names --quiet, which is not a flag",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := ""
			if err := c.spec.Check(); err != nil {
				got = err.Error()
			}
			if got != c.err {
				t.Errorf("Check() = %q, want %q", got, c.err)
			}
		})
	}
}

// TestArrangeBadSpec checks that a bad Spec is reported whatever the
// command line, completing included, so that no test of the program can
// miss it.
func TestArrangeBadSpec(t *testing.T) {
	bad := Spec{
		Global:   map[string]bool{"quiet": false},
		Commands: map[string]map[string]bool{"solve": {"quiet": false}},
	}
	want := "flag spec: --quiet is both a global flag and a flag of command solve"
	for _, in := range []string{"", "solve a", "help", "solve" + complete} {
		argv := append([]string{"queensjudge"}, strings.Fields(in)...)
		if _, err := Arrange(bad, argv); err == nil || err.Error() != want {
			t.Errorf("Arrange(bad spec, %q) error = %v, want %q", in, err, want)
		}
	}
}

// vocabulary is the words FuzzArrange builds most lines from: a fuzzer
// would take long to spell a flag name.
var vocabulary = []string{
	"key", "k", "solve", "show", "doctor", "help",
	"--out", "-o", "--out=x", "-o=-", "--format", "--format=json", "-format",
	"--db", "--db=x", "-q", "--quiet", "--quiet=false", "-j", "--jobs", "-j=2",
	"--board", "--set", "--force", "--timeout", "--frmat", "-x", "---jobs",
	"-x.yaml", "-", "-5", "--", "a.yaml", "b.yaml", completion,
}

// FuzzArrange checks that Arrange never panics and only ever moves words:
// the arranged line has the words typed, the "--" markers aside, the
// completion flag still last, and arranging it again changes nothing. Each
// byte of picks is a word of vocabulary, or else the next word of line.
func FuzzArrange(f *testing.F) {
	for _, s := range []string{
		"key a.yaml b.yaml --out",
		"solve b.yaml -- -x.yaml",
		"key --out --format json a.yaml",
		"show --set s --db x.db a b --board",
		"--db x -- solve -q a",
		"--out x.yaml key a.yaml",
		"key a.yaml b.yaml --out" + complete,
		"k -o - -- - -5 --",
	} {
		f.Add(s, []byte{})
	}
	f.Add("c d", []byte{0, 6, 100, 32, 101, 31, 34})
	f.Add("", []byte{13, 2, 24, 33, 16, 3, 31, 22, 34})
	f.Fuzz(func(t *testing.T, line string, picks []byte) {
		in := []string{"queensjudge"}
		fields := strings.Fields(line)
		for _, b := range picks {
			switch {
			case int(b) < len(vocabulary):
				in = append(in, vocabulary[b])
			case len(fields) > 0:
				in, fields = append(in, fields[0]), fields[1:]
			}
		}
		in = append(in, fields...)
		out, err := Arrange(spec, slices.Clone(in))
		if err != nil {
			return
		}
		if got, want := words(out), words(in); !slices.Equal(got, want) {
			t.Fatalf("Arrange(%q) = %q: words %q, want %q", in, out, got, want)
		}
		if in[len(in)-1] == completion && out[len(out)-1] != completion {
			t.Fatalf("Arrange(%q) = %q: the completion flag is not last", in, out)
		}
		again, err := Arrange(spec, slices.Clone(out))
		if err != nil || !slices.Equal(again, out) {
			t.Fatalf("Arrange(%q) = %q, then %q, %v", in, out, again, err)
		}
	})
}

// words returns the words of argv but "--", sorted.
func words(argv []string) []string {
	w := slices.DeleteFunc(slices.Clone(argv), func(s string) bool { return s == "--" })
	slices.Sort(w)
	return w
}
