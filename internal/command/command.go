// Package command is queensjudge's command line: the urfave/cli
// definitions of the commands and their flags, and the wiring from a
// parsed command line to the use case in package app. It holds no logic
// of its own: no SQL, no encoders, no file safety; what a command does is
// an app call with a typed request. Run maps the outcome to the exit
// status through package status, the one place that does.
package command

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/args"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/progress"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/text"
	"github.com/queensjudge/queensjudge/solver"
)

// Run is the whole program: it parses argv (the program's name first),
// runs the command with stdin, stdout and stderr, and returns the exit
// status. One Run at a time in a process: urfave/cli keeps its help flag
// in a package variable that each run writes.
func Run(ctx context.Context, argv []string, stdin io.Reader, stdout, stderr io.Writer) int {
	a := newApp(stdin, stdout, stderr)
	arranged, err := args.Arrange(spec(a), argv)
	if err == nil {
		err = a.RunContext(ctx, arranged)
		if errors.Is(err, errVersionShown) {
			return 0
		}
	} else {
		err = status.Usagef("%v", err)
	}
	if _, ok := status.Interruption(ctx); ok {
		// What the command kept is kept; it said so, or says nothing but
		// this, not the errors of every step the signal cut short.
		if err != nil && !status.Silent(err) {
			fmt.Fprintln(stderr, "queensjudge: interrupted")
		}
		return status.Code(ctx, err)
	}
	if err != nil && !status.Silent(err) {
		fmt.Fprintf(stderr, "queensjudge: %v\n", err)
		if status.KindOf(err) == status.Usage {
			fmt.Fprintln(stderr, "run 'queensjudge help' for usage")
		}
	}
	return status.Code(ctx, err)
}

// errVersionShown stops a run after --version printed the versions: the
// command, if one was typed, is not run.
var errVersionShown = errors.New("version shown")

// printVersion prints the versions of the program and of what a cache is
// tied to.
func printVersion(w io.Writer) {
	v := app.CurrentVersions()
	fmt.Fprintf(w, "queensjudge %s\nsolver version %s\ncache schema version %d\n", v.Program, v.Solver, v.Schema)
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	a := &cli.App{
		Reader: stdin,
		Name:   "queensjudge",
		Usage:  "solve, cache and judge chess placement puzzles",
		UsageText: "queensjudge [--db PATH] [--quiet] COMMAND [flags] ARGS...\n\n" +
			"Flags may be typed anywhere: before the command, after it, or after the arguments;\n" +
			"everything after -- is an argument.",
		Writer:    stdout,
		ErrWriter: stderr,
		Flags: []cli.Flag{
			// Not urfave's EnvVars: flagText reads QUEENSJUDGE_DB, by the
			// rule every variable is read by.
			&cli.StringFlag{
				Name:  "db",
				Usage: "the cache `FILE` (default: queensjudge/cache.db under the user cache directory; also " + dbEnv + ")",
			},
			boolFlag(&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress bar"}, quietEnv),
			&cli.StringFlag{
				Name:  "budget",
				Value: "0",
				Usage: "the CPU time a problem may take to solve, `DURATION` (e.g. 4h), 1s to " + app.ShortDuration(solver.MaxBudget) + ": " +
					"a problem estimated to take longer is refused at once, and any solve stops at it (also " + budgetEnv + ")",
				DefaultText: app.ShortDuration(solver.DefaultBudget),
			},
			&cli.BoolFlag{Name: "version", Usage: "print the program's version, the solver version and the cache schema version, and run nothing"},
		},
		Commands: []*cli.Command{
			solveCommand(),
			keyCommand(),
			showCommand(),
			judgeCommand(),
			checkCommand(),
			validateCommand(),
			checkInputCommand(),
			exportCommand(),
			regradeCommand(),
			mergeCommand(),
			doctorCommand(),
			completionCommand(),
		},
		EnableBashCompletion: true,
		HideVersion:          true,
		Suggest:              true,
		OnUsageError:         onUsageError,
		ExitErrHandler:       func(*cli.Context, error) {}, // Run sets the exit status
		Before: func(c *cli.Context) error {
			if c.Bool("version") {
				printVersion(c.App.Writer)
				return errVersionShown
			}
			return nil
		},
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return unknownCommand(c)
			}
			// No command is a usage error, as in go and git: the help goes
			// to stderr, and a script that forgot its command fails.
			c.App.Writer = c.App.ErrWriter
			if err := cli.ShowAppHelp(c); err != nil {
				return err
			}
			fmt.Fprintln(c.App.ErrWriter, "\nqueensjudge: no command given")
			return status.Said(status.Usage)
		},
	}
	for _, cmd := range a.Commands {
		cmd.OnUsageError = onUsageError
	}
	return a
}

// spec is what args.Arrange needs to know of a's flags: their names,
// which take a value and which are aliases, read from the definitions.
func spec(a *cli.App) args.Spec {
	s := args.Spec{
		Global: flagSpec(a.Flags), GlobalAliases: aliases(a.Flags),
		Commands: map[string]map[string]bool{}, CommandAliases: map[string]map[string]string{},
	}
	for _, c := range a.Commands {
		// urfave adds --help (-h) to every command; a global one would
		// be a name of two scopes.
		flags := append([]cli.Flag{cli.HelpFlag}, c.Flags...)
		fs, as := flagSpec(flags), aliases(flags)
		for _, name := range c.Names() {
			s.Commands[name], s.CommandAliases[name] = fs, as
		}
	}
	return s
}

// flagSpec maps each name of flags to whether it takes a value.
func flagSpec(flags []cli.Flag) map[string]bool {
	m := map[string]bool{}
	for _, f := range flags {
		dv, ok := f.(cli.DocGenerationFlag)
		takes := ok && dv.TakesValue()
		for _, n := range f.Names() {
			m[n] = takes
		}
	}
	return m
}

// aliases maps every other name of a flag to its first.
func aliases(flags []cli.Flag) map[string]string {
	m := map[string]string{}
	for _, f := range flags {
		names := f.Names()
		for _, n := range names[1:] {
			m[n] = names[0]
		}
	}
	return m
}

func onUsageError(_ *cli.Context, err error, _ bool) error {
	return status.Usagef("%v", err)
}

func unknownCommand(c *cli.Context) error {
	name := c.Args().First()
	msg := fmt.Sprintf("unknown command %q", name)
	var names []string
	for _, cmd := range c.App.Commands {
		names = append(names, cmd.Names()...)
	}
	if s := text.Closest(name, names); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return status.Usagef("%s", msg)
}

// arity is how many arguments a command takes, and what they are, for the
// usage error.
type arity struct {
	min, max int    // max < 0: no limit
	what     string // "want ARGS", or "no ARG given" for one or more
}

// action returns the urfave action that checks the number of arguments
// and that no value is empty (each a usage error, exit 2) and runs body.
func action(n arity, body func(c *cli.Context) error) cli.ActionFunc {
	return func(c *cli.Context) error {
		if k := c.NArg(); k < n.min || (n.max >= 0 && k > n.max) {
			if k == 0 && n.min == 1 && n.max < 0 {
				return status.Usagef("%s: no %s given", c.Command.Name, n.what)
			}
			return status.Usagef("%s: want %s", c.Command.Name, n.what)
		}
		if err := emptyValues(c); err != nil {
			return err
		}
		return body(c)
	}
}

// emptyValues refuses an empty argument and a flag given an empty value
// (an empty --out or --shard): a variable that expanded to nothing, say.
// Taken as "not given", an empty --out printed a key on the terminal, an
// empty --html wrote no report and an empty --shard counted the whole
// problem, each with exit 0. A flag's variable set and empty
// (QUEENSJUDGE_BUDGET=) is refused alike, by every command that has the
// flag, whether or not it reads the value: an empty variable is what an
// empty flag is. So is a bad QUEENSJUDGE_QUIET, which is read before the
// command line is (envBoolFlag).
func emptyValues(c *cli.Context) error {
	for i, a := range c.Args().Slice() {
		if a == "" {
			return status.Usagef("%s: argument %d is empty", c.Command.Name, i+1)
		}
	}
	for _, f := range append(slices.Clip(c.App.Flags), c.Command.Flags...) {
		switch f := f.(type) {
		case *cli.StringFlag:
			if _, _, err := flagText(c, f.Name); err != nil {
				return err
			}
		case envBoolFlag:
			if *f.bad != nil && !c.IsSet(f.Name) {
				return *f.bad
			}
		}
	}
	return nil
}

// console is the console of c's command, with its checked --format (table
// when it has none). A format from QUEENSJUDGE_FORMAT that is not one is
// named as the variable's.
func console(c *cli.Context) (app.Console, error) {
	con := app.Console{Stdin: c.App.Reader, Stdout: c.App.Writer, Stderr: c.App.ErrWriter, Format: output.Table}
	if !hasFlag(c, "format") {
		return con, nil
	}
	s, what, err := flagText(c, "format")
	if err != nil {
		return con, err
	}
	f, err := output.ParseFormat(s)
	if err != nil {
		if !c.IsSet("format") { // the default parses: s is the variable's
			return con, status.Usagef("%s: %s: %v", c.Command.Name, what, err)
		}
		return con, status.Usagef("%s: %v", c.Command.Name, err)
	}
	con.Format = f
	return con, nil
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

// budget reads the global --budget (or QUEENSJUDGE_BUDGET); zero, the
// default, when neither is set. Its range is checked here, as app checks
// it too, so that the message names the variable when the value is the
// variable's (app's names --budget).
func budget(c *cli.Context) (time.Duration, error) {
	d, what, err := duration(c, "budget")
	if err == nil && d != 0 && (d < time.Second || d > solver.MaxBudget) {
		return 0, status.Usagef("%s: want 1s to %s (a CPU-year) of CPU time per problem, or 0 for the default, %s",
			what, app.ShortDuration(solver.MaxBudget), app.ShortDuration(solver.DefaultBudget))
	}
	return d, err
}

// batch reads the batch flags of c's command. shown is the format of what
// goes to stdout ("" when it goes to a file), which decides whether a
// progress bar follows the solving.
func batch(c *cli.Context, shown string) (app.Batch, error) {
	shard, err := app.ParseShard(c.String("shard"), os.Getenv)
	if err != nil {
		return app.Batch{}, err
	}
	jobs, err := number(c, "jobs", 1)
	if err != nil {
		return app.Batch{}, err
	}
	timeout, what, err := duration(c, "timeout")
	if err != nil {
		return app.Batch{}, err
	}
	if timeout != 0 && timeout < time.Second {
		return app.Batch{}, status.Usagef("%s: want 1s or more, or 0 for no timeout", what)
	}
	maxSolutions, err := number(c, "max-solutions", 1)
	if err != nil {
		return app.Batch{}, err
	}
	budget, err := budget(c)
	if err != nil {
		return app.Batch{}, err
	}
	b := app.Batch{
		Force:        c.Bool("force"),
		Jobs:         int(min(jobs, app.MaxJobs+1)), // app refuses more than MaxJobs
		Timeout:      timeout,
		MaxSolutions: maxSolutions,
		Budget:       budget,
		Shard:        shard,
	}
	if progress.Wanted(c.App.ErrWriter, c.Bool("quiet"), shown) {
		b.Progress = progress.New(c.App.ErrWriter, "solving")
	}
	return b, nil
}
