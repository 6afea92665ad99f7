package command

import (
	"flag"
	"os"
	"runtime"
	"strings"

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
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Value: runtime.GOMAXPROCS(0), Usage: "solve `N` problems at once"},
		&cli.DurationFlag{Name: "timeout", Usage: "give up on a problem after `DURATION` (e.g. 10m); 0 for never"},
		&cli.Uint64Flag{Name: "max-solutions", Value: solver.DefaultMaxSolutions, Usage: "refuse a solutions problem with more than `N` placements"},
	}
}

// maxBytesFlag bounds the answers a command reads.
func maxBytesFlag() cli.Flag {
	return &cli.Int64Flag{Name: "max-bytes", Value: judge.DefaultMaxBytes, Usage: "an answer larger than `N` bytes is PE, unread"}
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
