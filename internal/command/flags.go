package command

import (
	"flag"
	"fmt"
	"math"
	"os"
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

// formatEnv sets --format for every command that prints data.
const formatEnv = "QUEENSJUDGE_FORMAT"

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
	n, err := number(c, "max-bytes", "", 1)
	return int64(min(n, math.MaxInt64)), err
}

// Numbers and durations, on the command line and in the environment, are
// read by one rule, stricter than urfave's (which reads Go literals:
// 0x10, 1_000, 010 in octal) and with messages that name the flag:
//
//   - a number N is decimal digits, no sign: 4, 1000000;
//   - a DURATION is a decimal number with a unit (ns, us, ms, s, m, h),
//     no sign: 90s, 1.5h, 1h30m; 0 alone is zero.
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

// number reads the number flag name of c, at least min; its environment
// variable env ("" for none) when the command line does not set it.
func number(c *cli.Context, name, env string, min uint64) (uint64, error) {
	s, what := flagText(c, name, env)
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

// duration reads the duration flag name of c, as number does.
func duration(c *cli.Context, name, env string) (time.Duration, error) {
	s, what := flagText(c, name, env)
	if s == "0" {
		return 0, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || s == "" || s[0] == '-' || s[0] == '+' {
		return 0, status.Usagef("%s: want a duration with a unit and no sign, such as 90s, 10m or 1h30m", what)
	}
	return d, nil
}

// flagText returns the text of flag name, from the command line or else
// from the environment variable env ("" for none), and what it is for a
// message: --name "text", or ENV="text".
func flagText(c *cli.Context, name, env string) (s, what string) {
	if !c.IsSet(name) && env != "" {
		if v, ok := os.LookupEnv(env); ok && strings.TrimSpace(v) != "" {
			s = strings.TrimSpace(v)
			return s, fmt.Sprintf("%s=%q", env, s)
		}
	}
	s = strings.TrimSpace(c.String(name))
	return s, fmt.Sprintf("--%s %q", name, s)
}

// envBoolFlag is a boolean flag that its environment variable sets in any
// of the usual spellings: 1/0, true/false, yes/no, on/off, in any case.
// (urfave reads only what strconv.ParseBool reads, and a host's
// QUEENSJUDGE_QUIET=yes would stop every command with a usage error.)
type envBoolFlag struct {
	*cli.BoolFlag
	env string
}

// boolFlag returns f, set from the environment variable env.
func boolFlag(f *cli.BoolFlag, env string) cli.Flag {
	f.Usage += " (also " + env + "=1/0, true/false, yes/no, on/off)"
	return envBoolFlag{f, env}
}

// Apply reads the environment variable, then defines the flag, whose
// command-line value wins.
func (f envBoolFlag) Apply(set *flag.FlagSet) error {
	if v, ok := os.LookupEnv(f.env); ok && strings.TrimSpace(v) != "" {
		b, ok := parseBool(v)
		if !ok {
			return status.Usagef("%s=%s: want 1/0, true/false, yes/no or on/off", f.env, v)
		}
		f.BoolFlag.Value = b
	}
	return f.BoolFlag.Apply(set)
}

// parseBool reads the usual spellings of a boolean.
func parseBool(s string) (v, ok bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "1", "t", "true", "y", "yes", "on":
		return true, true
	case "0", "f", "false", "n", "no", "off":
		return false, true
	}
	return false, false
}

// dbEnv sets --db.
const dbEnv = "QUEENSJUDGE_DB"

// cacheFlag returns the cache file named by --db or QUEENSJUDGE_DB, or ""
// for the default cache when neither is set. A name that is set and empty
// is a usage error: it is a mistake (a variable that expanded to nothing),
// and taken as "unset" it opened the default cache, even over a
// QUEENSJUDGE_DB that named another.
func cacheFlag(c *cli.Context) (string, error) {
	path := c.String("db")
	if path != "" || !c.IsSet("db") {
		return path, nil
	}
	if v, ok := os.LookupEnv(dbEnv); ok && v == "" {
		return "", status.Usagef("%s is set and empty: name the cache FILE, or unset it for the default cache", dbEnv)
	}
	return "", status.Usagef("--db '': an empty path names no cache FILE; leave --db out for the default cache")
}
