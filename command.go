package main

import (
	"context"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/store"
	"github.com/queensjudge/queensjudge/internal/truth"
)

// call is one run of a command, with what every command needs checked and
// opened before its body runs.
type call struct {
	*cli.Context
	ctx            context.Context
	stdout, stderr io.Writer
	format         string    // the checked --format, when the command has one
	db             *store.DB // the cache, when the command asked for it
}

// needs says what a command's body needs before it runs.
type needs struct {
	minArgs, maxArgs int      // maxArgs < 0: no limit
	args             string   // what the arguments are, for the usage error: "want ARGS", or "no ARG given" for one or more
	cache            bool     // open the cache named by --db
	outputs          []string // the flags that name files the command writes: never one of its inputs
}

// action returns the urfave action that checks the format, the number of
// arguments and that no output file is an input (usage errors, exit 2),
// opens the cache if n asks for it, and runs body. The cache is closed when body returns.
func action(n needs, body func(c *call) error) cli.ActionFunc {
	return func(cc *cli.Context) error {
		c := &call{Context: cc, ctx: cc.Context, stdout: cc.App.Writer, stderr: cc.App.ErrWriter}
		if hasFlag(cc, "format") {
			var err error
			if c.format, err = format(cc); err != nil {
				return err
			}
		}
		if k := cc.NArg(); k < n.minArgs || (n.maxArgs >= 0 && k > n.maxArgs) {
			if k == 0 && n.minArgs == 1 && n.maxArgs < 0 {
				return usagef("%s: no %s given", cc.Command.Name, n.args)
			}
			return usagef("%s: want %s", cc.Command.Name, n.args)
		}
		if err := checkOutputs(cc, n.outputs); err != nil {
			return err
		}
		if n.cache {
			db, err := openDB(c.ctx, cc)
			if err != nil {
				return err
			}
			defer db.Close()
			c.db = db
		}
		return body(c)
	}
}

// hasFlag reports whether c's command defines the flag name.
func hasFlag(c *cli.Context, name string) bool {
	for _, f := range c.Command.Flags {
		for _, n := range f.Names() {
			if n == name {
				return true
			}
		}
	}
	return false
}

// openDB opens the cache named by --db, or the default one, which is the
// only one whose directory is made when missing.
func openDB(ctx context.Context, c *cli.Context) (*store.DB, error) {
	if path := c.String("db"); path != "" {
		return store.Open(ctx, path)
	}
	return store.OpenDefault(ctx)
}

// maxJobs caps --jobs: each job is a solver that may use every core, so
// more than a few per core only costs memory.
const maxJobs = 256

// source returns the ground truth of c's cache, tuned by the command's batch
// flags. shown is the format of what goes to stdout ("" when it goes to a
// file), which decides whether a progress bar follows the solving.
func (c *call) source(shown string) (*truth.Source, error) {
	shard, err := parseShard(c.String("shard"), os.Getenv)
	if err != nil {
		return nil, err
	}
	if j := c.Int("jobs"); j < 1 || j > maxJobs {
		return nil, usagef("--jobs %d: want 1..%d problems at once", j, maxJobs)
	}
	opt := truth.Options{
		Shard:        shard,
		Force:        c.Bool("force"),
		Jobs:         c.Int("jobs"),
		Timeout:      c.Duration("timeout"),
		MaxSolutions: c.Uint64("max-solutions"),
	}
	if showProgress(c.stderr, c.Bool("quiet"), shown) {
		opt.Progress = newProgress(c.stderr, "solving")
	}
	return truth.New(c.db, opt), nil
}

// reported is errReported when failed, nil otherwise: the end of a command
// that printed its failures one by one and went on.
func reported(failed bool) error {
	if failed {
		return errReported
	}
	return nil
}
