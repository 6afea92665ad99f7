// Package args puts a command line in the order urfave/cli v2 reads it, so
// that a flag may be typed anywhere: before the command, after it, or after
// the command's arguments. urfave reads the global flags only before the
// command and a command's flags only before its first argument, but people
// type `queensjudge show eight-queens --format json` and `queensjudge
// --format json show eight-queens` all the same.
//
// Moving words around is safe only if nothing is guessed. Which flags exist
// and which of them take a value come from a Spec; an unknown flag, a value
// flag without its value and a flag given twice are errors, reported before
// any command runs. A looser reordering once let `queensjudge key a.yaml
// b.yaml --out` (the value forgotten) write b's key over a.yaml.
//
// The package knows nothing of urfave/cli or of the commands: the command
// line derives the Spec from its own flag definitions.
package args

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/queensjudge/queensjudge/internal/text"
)

// Spec says which flags the program knows, and which of them take a value:
// what Arrange needs to tell a flag's value from an operand, and must never
// guess. Flag names are written without dashes, every alias listed as a name
// of its own. A name may not be both a global flag and a command's: typed
// after the command, which would it be? Define such a flag once, globally.
//
// Arrange has no notion of a flag that may be given more than once (urfave's
// slice flags): the program has none, and a repeated flag is an error. Add
// one to Spec before defining such a flag.
type Spec struct {
	// Global maps each global flag name to whether it takes a value.
	Global map[string]bool
	// Commands maps each command name, and each alias of one, to its flags:
	// flag name → takes a value. A command without flags may map to nil.
	Commands map[string]map[string]bool

	// GlobalAliases and CommandAliases (keyed by command name or alias, as
	// Commands is) map another name of a flag to its canonical name, the
	// one errors use. They are optional: they only let "-o a --out b" be
	// caught as one flag given twice. A name absent from them is its own
	// canonical name.
	GlobalAliases  map[string]string
	CommandAliases map[string]map[string]string
}

// Check reports every way s contradicts itself: a name both global and a
// command's, a name that cannot be typed as a flag, an alias that is no flag
// of its scope, names another alias, or disagrees with its flag on taking a
// value. Arrange checks s first, whatever the command line; the program's
// tests call Check so that a bad Spec fails there, not in front of a user.
func (s Spec) Check() error {
	var errs []string
	bad := func(format string, a ...any) {
		errs = append(errs, "flag spec: "+fmt.Sprintf(format, a...))
	}
	for _, name := range sorted(s.Global) {
		if !typable(name) {
			bad("global flags: bad flag name %q", name)
		}
	}
	for _, cmd := range sorted(s.Commands) {
		for _, name := range sorted(s.Commands[cmd]) {
			if !typable(name) {
				bad("command %s: bad flag name %q", cmd, name)
			}
			if _, ok := s.Global[name]; ok {
				bad("%s is both a global flag and a flag of command %s", dashed(name), cmd)
			}
		}
	}
	checkAliases := func(scope string, flags map[string]bool, aliases map[string]string) {
		for _, alias := range sorted(aliases) {
			canon := aliases[alias]
			a, aok := flags[alias]
			c, cok := flags[canon]
			next, chained := aliases[canon]
			switch {
			case alias == canon:
			case !aok:
				bad("%s: alias %s is not a flag", scope, dashed(alias))
			case !cok:
				bad("%s: alias %s names %s, which is not a flag", scope, dashed(alias), dashed(canon))
			case chained && next != canon:
				bad("%s: alias %s names %s, itself an alias", scope, dashed(alias), dashed(canon))
			case a != c:
				bad("%s: alias %s and %s disagree on taking a value", scope, dashed(alias), dashed(canon))
			}
		}
	}
	checkAliases("global flags", s.Global, s.GlobalAliases)
	for _, cmd := range sorted(s.CommandAliases) {
		flags, ok := s.Commands[cmd]
		if !ok {
			bad("aliases for unknown command %s", cmd)
			continue
		}
		checkAliases("command "+cmd, flags, s.CommandAliases[cmd])
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "\n"))
	}
	return nil
}

// completion is urfave/cli's shell-completion flag: typed last, it asks for
// the words that may come next instead of running the command.
const completion = "--generate-bash-completion"

// Arrange returns argv (the program name first) in the order urfave/cli v2
// reads: the program, the global flags, the command, the command's flags,
// then "--" and the operands when there are operands. Flags keep the order
// they were typed in, each with its value; so do the operands. A "--"
// before the operands keeps urfave (and Go's flag package under it) from
// reading an operand such as "-x.yaml" as a flag. On a completion line
// there is no "--": urfave's completion reads the words as typed, and runs
// nothing.
//
// A flag may be typed as -name or --name, its value as the next word or
// after "=". Whether it takes a value is what spec says; a boolean flag
// takes none but may be given one after "=" (--quiet=false). The value may
// be "-" or a negative number, but not "--" or a flag the program or the
// command knows: "--out --format json" has forgotten the value of --out.
// "--" ends the flags wherever it stands; a "-" alone is an operand.
//
// The command is the program's first operand, as urfave reads it. Without a
// known command (no words, "help" when spec does not list it, a mistyped
// command) Arrange returns argv itself, unchanged, and leaves urfave to show
// the help or report the unknown command: urfave runs nothing then.
//
// The error is a usage error, a plain message for the caller to wrap: an
// unknown flag (with the closest known name when one is close), a value
// flag without its value, a flag given twice (aliases counted as one), or a
// Spec that fails Check. When argv ends with --generate-bash-completion,
// a half-typed line is normal: the flag stays last and only a Spec error is
// reported. An unknown flag then goes with the command's, taking no value,
// and a value flag without its value goes just before the completion flag,
// where a completer looks for the word being typed.
//
// Arrange modifies neither spec nor argv; it is safe for concurrent use.
func Arrange(spec Spec, argv []string) ([]string, error) {
	if err := spec.Check(); err != nil {
		return nil, err
	}
	if len(argv) < 2 {
		return argv, nil
	}
	words := argv[1:]
	complete := words[len(words)-1] == completion
	if complete {
		words = words[:len(words)-1]
	}
	at := findCommand(spec, words)
	if at < 0 {
		return argv, nil
	}
	l := line{
		spec:     spec,
		words:    words,
		at:       at,
		cmd:      words[at],
		flags:    spec.Commands[words[at]],
		aliases:  spec.CommandAliases[words[at]],
		complete: complete,
		seen:     map[string]bool{},
	}
	var operands []string
words:
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case i == at:
		case w == "--":
			for j := i + 1; j < len(words); j++ {
				if j != at {
					operands = append(operands, words[j])
				}
			}
			break words
		case !isFlag(w):
			if i < at {
				// The program's first operand is not the command after all
				// ("--board x show": --board takes no value): a mistyped
				// command, for urfave to report.
				return argv, nil
			}
			operands = append(operands, w)
		default:
			var err error
			if i, err = l.flag(i); err != nil {
				return nil, err
			}
		}
	}
	out := make([]string, 0, len(argv)+1)
	out = append(out, argv[0])
	out = append(out, l.global...)
	out = append(out, l.cmd)
	out = append(out, l.local...)
	if len(operands) > 0 && !complete {
		out = append(out, "--")
	}
	out = append(out, operands...)
	out = append(out, l.unvalued...)
	if complete {
		out = append(out, completion)
	}
	return out, nil
}

// findCommand returns the index in words of the command, the program's first
// operand, or -1 when that names no command. A global flag's value is
// skipped as urfave skips it. Whether a command's flag typed before the
// command takes a value is known only once the command is; until then a word
// after it that names no command is taken for its value, and Arrange checks
// the guess once the command is known.
func findCommand(spec Spec, words []string) int {
	isCommand := func(w string) bool {
		_, ok := spec.Commands[w]
		return ok
	}
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			if i+1 < len(words) && isCommand(words[i+1]) {
				return i + 1
			}
			return -1
		}
		if !isFlag(w) {
			if isCommand(w) {
				return i
			}
			return -1
		}
		typed, _, inline := strings.Cut(w, "=")
		if inline || i+1 == len(words) {
			continue
		}
		next := words[i+1]
		if takes, ok := spec.Global[flagName(typed)]; ok {
			if takes && next != "--" && !(isFlag(next) && isGlobal(spec, next)) {
				i++
			}
			continue
		}
		if next != "--" && !isFlag(next) && !isCommand(next) {
			i++
		}
	}
	return -1
}

// isGlobal reports whether flag word w is a global flag.
func isGlobal(spec Spec, w string) bool {
	typed, _, _ := strings.Cut(w, "=")
	_, ok := spec.Global[flagName(typed)]
	return ok
}

// line is a command line being arranged, its command known.
type line struct {
	spec     Spec
	words    []string // argv without the program name and the completion flag
	at       int      // the index of the command in words
	cmd      string   // the command, as typed
	flags    map[string]bool
	aliases  map[string]string
	complete bool // completing: report no error

	global, local []string // the flags, with their values
	unvalued      []string // completing: value flags typed without a value
	seen          map[string]bool
}

// flag files the flag words[i], with its value when that is the next word,
// and returns the index of the last word it took.
func (l *line) flag(i int) (int, error) {
	w := l.words[i]
	typed, _, inline := strings.Cut(w, "=")
	name := flagName(typed)
	if name == "" {
		typed = w
	}
	takes, global := l.spec.Global[name]
	canon, to := name, &l.global
	if global {
		if c, ok := l.spec.GlobalAliases[name]; ok {
			canon = c
		}
	} else {
		var ok bool
		if takes, ok = l.flags[name]; !ok {
			if l.complete {
				l.local = append(l.local, w)
				return i, nil
			}
			return i, l.unknown(typed, name)
		}
		if c, ok := l.aliases[name]; ok {
			canon = c
		}
		to = &l.local
	}
	group := []string{w}
	if takes && !inline {
		if ok, why := l.valueAt(i + 1); !ok {
			if l.complete {
				l.unvalued = append(l.unvalued, w)
				return i, nil
			}
			return i, fmt.Errorf("flag %s needs a value%s", typed, why)
		}
		i++
		group = append(group, l.words[i])
	}
	if l.seen[canon] && !l.complete {
		return i, fmt.Errorf("flag %s given twice", dashed(canon))
	}
	l.seen[canon] = true
	*to = append(*to, group...)
	return i, nil
}

// valueAt reports whether words[j] can be the value of the flag before it,
// and if not, why not, in words to end "flag --out needs a value" with.
func (l *line) valueAt(j int) (ok bool, why string) {
	switch {
	case j == len(l.words):
		return false, ""
	case j == l.at:
		return false, ", got the command " + l.cmd
	case l.words[j] == "--":
		return false, " before --"
	}
	w := l.words[j]
	if !isFlag(w) {
		return true, ""
	}
	typed, _, _ := strings.Cut(w, "=")
	name := flagName(typed)
	_, global := l.spec.Global[name]
	_, local := l.flags[name]
	if global || local {
		return false, ", got flag " + typed
	}
	return true, "" // a word like a flag but unknown, such as "-x.yaml", is a value
}

// unknown returns the error for flag typed, whose name is neither global
// nor the command's.
func (l *line) unknown(typed, name string) error {
	known := append(sorted(l.spec.Global), sorted(l.flags)...)
	if c := text.Closest(name, known); c != "" {
		return fmt.Errorf("unknown flag %s for command %s (did you mean %s?)", typed, l.cmd, dashed(c))
	}
	return fmt.Errorf("unknown flag %s for command %s", typed, l.cmd)
}

// isFlag reports whether word w is a flag as Go's flag package reads one:
// "-x" or "--name", not "--" (the end of the flags), "-" (standard input)
// or a negative number.
func isFlag(w string) bool {
	return len(w) >= 2 && w[0] == '-' && w != "--" && (w[1] < '0' || w[1] > '9')
}

// flagName returns the name of flag typed ("-n" or "--name", without its
// "=value"): what follows one dash or two, as Go's flag package takes it.
func flagName(typed string) string {
	return strings.TrimPrefix(strings.TrimPrefix(typed, "-"), "-")
}

// dashed writes flag name as the help does: -n, --name.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// typable reports whether name can be typed as a flag.
func typable(name string) bool {
	return name != "" && name[0] != '-' && !strings.Contains(name, "=")
}

// sorted returns the keys of m in order, so that messages and suggestions
// do not change from run to run.
func sorted[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
