package command

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/solver"
)

// formatFlag is the --format flag of a command that prints data, with its
// default format. QUEENSJUDGE_FORMAT is read by console, which names it
// when its value is no format.
func formatFlag(def output.Format) *cli.StringFlag {
	names := make([]string, len(output.Formats))
	for i, f := range output.Formats {
		names[i] = string(f)
	}
	return &cli.StringFlag{
		Name:  "format",
		Usage: "output `FORMAT`: " + strings.Join(names, ", ") + " (also " + formatEnv + ")",
		Value: string(def),
	}
}

// batchFlags are the flags of the commands that solve problem sets.
func batchFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "force", Usage: "solve again even what is cached"},
		numberFlag("jobs", "j", uint64(runtime.GOMAXPROCS(0)), "solve `N` problems at once"),
		durationFlag("timeout", "0", "give up on a problem after `DURATION` (e.g. 10m), at least 1s; 0 for never"),
		numberFlag("max-solutions", "", solver.DefaultMaxSolutions, "refuse a solutions problem with more than `N` placements"),
	}
}

// replaceFlag lets a command write over files that exist.
func replaceFlag() cli.Flag {
	return &cli.BoolFlag{Name: "replace", Usage: "write over output files that exist (without it, one is refused before any work)"}
}

// maxBytesFlag bounds the answers a command reads.
func maxBytesFlag(usage string) cli.Flag {
	return numberFlag("max-bytes", "", judge.DefaultMaxBytes, usage)
}

// maxBytes reads --max-bytes, at least 1.
func maxBytes(c *cli.Context) (int64, error) {
	n, err := number(c, "max-bytes", 1)
	return int64(min(n, math.MaxInt64)), err
}

// The environment variables of the flags. Each global flag is also set by
// one, and --format by QUEENSJUDGE_FORMAT on every command that has it; a
// flag on the command line wins, and its variable is then not read. A
// variable is read by its flag's rule, as typed: nothing is trimmed, and
// one that is set and empty is refused as an empty flag is (emptyValues).
// An empty value is most often a variable that expanded to nothing, and
// taken as "unset" it chose the default over what the host meant (the
// default cache, a minute's budget); a host that wants the default unsets
// the variable.
const (
	dbEnv     = "QUEENSJUDGE_DB"
	budgetEnv = "QUEENSJUDGE_BUDGET"
	quietEnv  = "QUEENSJUDGE_QUIET"
	formatEnv = "QUEENSJUDGE_FORMAT"
)

// flagEnv maps each string flag that a variable also sets to the variable.
// --quiet, a boolean, reads its own (envBoolFlag).
var flagEnv = map[string]string{"db": dbEnv, "budget": budgetEnv, "format": formatEnv}

// Numbers and durations, on the command line and in the environment, are
// read by one rule, stricter than urfave's (which reads Go literals:
// 0x10, 1_000, 010 in octal) and Go's time.ParseDuration (which reads
// +10s, .5s, 1µs and 0s), with messages that name the flag or the
// variable and quote the value as given:
//
//   - a number N is decimal digits, no sign: 4, 1000000;
//   - a DURATION is 0 alone, or one or more decimal numbers (digits,
//     with a fraction after a point: 1.5), each with a unit among ns, us,
//     ms, s, m and h, the units largest first and each once, no sign and
//     no space: 90s, 1.5h, 1h30m. Zero is written 0: 0s, 0h and 0.1ns are
//     refused, as the zero of every duration flag means something of its
//     own (the default budget, no timeout) that a unit would hide.
//
// Such a flag is a string flag, read by number or duration when the
// command runs: Go's flag package would otherwise report a bad value as
// `invalid value "5" for flag -timeout: parse error`.

// numberFlag is a flag that takes a number, with its default.
func numberFlag(name, alias string, def uint64, usage string) cli.Flag {
	v := strconv.FormatUint(def, 10)
	f := &cli.StringFlag{Name: name, Value: v, DefaultText: v, Usage: usage}
	if alias != "" {
		f.Aliases = []string{alias}
	}
	return f
}

// durationFlag is a flag that takes a duration, with its default.
func durationFlag(name, def, usage string) *cli.StringFlag {
	return &cli.StringFlag{Name: name, Value: def, DefaultText: def, Usage: usage}
}

// number reads the number flag name of c (or its variable), at least min.
func number(c *cli.Context, name string, min uint64) (uint64, error) {
	s, what, err := flagText(c, name)
	if err != nil {
		return 0, err
	}
	if s == "" || strings.TrimLeft(s, "0123456789") != "" {
		return 0, status.Usagef("%s: want a number in decimal digits, such as %d", what, max(min, 4))
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, status.Usagef("%s: out of range: want a number of at most 20 digits (below 2^64), such as %d", what, max(min, 4))
	}
	if n < min {
		return 0, status.Usagef("%s: want %d or more", what, min)
	}
	return n, nil
}

// duration reads the duration flag name of c (or its variable) with
// parseDuration; what names it, for the caller's range check.
func duration(c *cli.Context, name string) (d time.Duration, what string, err error) {
	s, what, err := flagText(c, name)
	if err != nil {
		return 0, what, err
	}
	d, err = parseDuration(s)
	if err != nil {
		return 0, what, status.Usagef("%s: %v", what, err)
	}
	return d, what, nil
}

// durationSyntax is the rule for a DURATION other than 0, above.
var durationSyntax = regexp.MustCompile(`^([0-9]+(\.[0-9]+)?h)?([0-9]+(\.[0-9]+)?m)?([0-9]+(\.[0-9]+)?s)?` +
	`([0-9]+(\.[0-9]+)?ms)?([0-9]+(\.[0-9]+)?us)?([0-9]+(\.[0-9]+)?ns)?$`)

// parseDuration reads s by the one rule for durations, above: every
// duration flag and variable is read by it. Its errors say what is wanted,
// for the caller to prefix with the flag or variable.
func parseDuration(s string) (time.Duration, error) {
	if s == "0" {
		return 0, nil
	}
	if s == "" || !durationSyntax.MatchString(s) {
		return 0, errors.New("want a duration with a unit and no sign, such as 90s, 10m or 1h30m")
	}
	d, err := time.ParseDuration(s) // the syntax is a subset of Go's: only overflow is left
	if err != nil {
		return 0, errors.New("out of range: want less than 2562047h (292 years)")
	}
	if d == 0 {
		return 0, errors.New("comes to zero: write 0, with no unit, for zero")
	}
	return d, nil
}

// flagText returns the text of flag name: from the command line, else
// from its variable (flagEnv) when that is set, else the flag's default;
// and what it is for a message: --name "text", or ENV="text". A value
// that is given and empty, on the command line or in the variable, is a
// usage error naming which.
func flagText(c *cli.Context, name string) (s, what string, err error) {
	if env := flagEnv[name]; env != "" && !c.IsSet(name) {
		if v, ok := os.LookupEnv(env); ok {
			if v == "" {
				return "", env + "=''", emptyValue(env+"=''", "unset the variable")
			}
			return v, fmt.Sprintf("%s=%q", env, v), nil
		}
	}
	s = c.String(name)
	if s == "" && c.IsSet(name) {
		return "", "--" + name + " ''", emptyValue("--"+name+" ''", "leave the flag out")
	}
	return s, fmt.Sprintf("--%s %q", name, s), nil
}

// emptyValue is the usage error of a flag or variable, what, given an
// empty value: fix says how to get the default instead.
func emptyValue(what, fix string) error {
	return status.Usagef("%s: an empty value names nothing: give one, or %s", what, fix)
}

// envBoolFlag is a boolean flag that its environment variable sets in any
// of the usual spellings: 1/0, true/false, yes/no, on/off, in any case.
// (urfave reads only what strconv.ParseBool reads, and a host's
// QUEENSJUDGE_QUIET=yes would stop every command with a usage error.)
type envBoolFlag struct {
	*cli.BoolFlag
	env string
	bad *error // what is wrong with the variable, if anything: see Apply
}

// boolFlag returns f, set from the environment variable env.
func boolFlag(f *cli.BoolFlag, env string) cli.Flag {
	f.Usage += " (also " + env + "=1/0, true/false, yes/no, on/off)"
	return envBoolFlag{f, env, new(error)}
}

// Apply reads the environment variable, then defines the flag, whose
// command-line value wins. The variable is read before the command line
// is, so a bad or empty one is kept in bad, not returned: emptyValues
// reports it when the command line does not set the flag, as a flag's
// variable is not read when the flag is typed.
func (f envBoolFlag) Apply(set *flag.FlagSet) error {
	*f.bad = nil
	if v, ok := os.LookupEnv(f.env); ok {
		b, ok := parseBool(v)
		switch {
		case v == "":
			*f.bad = emptyValue(f.env+"=''", "unset the variable")
		case !ok:
			*f.bad = status.Usagef("%s=%q: want 1/0, true/false, yes/no or on/off", f.env, v)
		default:
			f.BoolFlag.Value = b
		}
	}
	return f.BoolFlag.Apply(set)
}

// parseBool reads the usual spellings of a boolean, in any case, and
// nothing around them.
func parseBool(s string) (v, ok bool) {
	switch strings.ToLower(s) {
	case "1", "t", "true", "y", "yes", "on":
		return true, true
	case "0", "f", "false", "n", "no", "off":
		return false, true
	}
	return false, false
}

// cacheFlag returns the cache file named by --db or QUEENSJUDGE_DB, or ""
// for the default cache when neither is set. A name that is set and empty
// is a usage error: it is a mistake (a variable that expanded to nothing),
// and taken as "unset" it opened the default cache, even over a
// QUEENSJUDGE_DB that named another.
func cacheFlag(c *cli.Context) (string, error) {
	path, _, err := flagText(c, "db")
	return path, err
}
