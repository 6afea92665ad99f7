package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// flagsFirst returns args (the program name first) reordered so that a flag
// works wherever it is typed: before the command, after it, or after its
// arguments. urfave/cli reads global flags only before the command and a
// command's flags only before its first argument; people type
// `queensjudge show eight-queens --format json` and `queensjudge --format
// json show ID` all the same.
//
// Global flags (--db, --quiet) go before the command, the command's own
// flags right after it, then the arguments in their order. A flag both
// global and the command's (--quiet) stays the command's where it was typed
// after the command. Everything after "--" is an argument. An unknown flag is
// moved with the command's flags, where urfave reports it. Without a known
// command (none, "help", a typo) args are returned as they are.
func flagsFirst(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	var (
		cmd                   *cli.Command
		global, before, after []string // before: command flags typed before the command
		operands              []string
		complete              bool // the shell-completion flag, which urfave wants last
	)
	rest := args[1:]
	if rest[len(rest)-1] == "--generate-bash-completion" {
		complete = true
		rest = rest[:len(rest)-1]
	}
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a == "--" {
			operands = append(operands, rest[i:]...)
			break
		}
		if !isFlag(a) {
			if cmd != nil {
				operands = append(operands, a)
				continue
			}
			if cmd = findCommand(app, a); cmd == nil {
				return args
			}
			continue
		}
		name, inline := flagName(a)
		var f cli.Flag
		isGlobal := false
		if cmd != nil {
			f = lookupFlag(cmd.Flags, name)
		}
		if f == nil {
			if f = lookupFlag(app.Flags, name); f != nil {
				isGlobal = true
			}
		}
		if f == nil && cmd == nil {
			f = anyCommandFlag(app, name)
		}
		group := []string{a}
		if !inline && takesValue(f) && i+1 < len(rest) {
			group = append(group, rest[i+1])
			i++
		}
		switch {
		case isGlobal:
			global = append(global, group...)
		case cmd == nil:
			before = append(before, group...)
		default:
			after = append(after, group...)
		}
	}
	if cmd == nil {
		return args
	}
	out := append([]string{args[0]}, global...)
	out = append(out, cmd.Name)
	out = append(out, before...)
	out = append(out, after...)
	out = append(out, operands...)
	if complete {
		out = append(out, "--generate-bash-completion")
	}
	return out
}

// isFlag reports whether a looks like a flag: "-x" or "--name", not "-"
// (standard input) or a negative number.
func isFlag(a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	return a[1] < '0' || a[1] > '9'
}

// flagName returns the name of flag a and whether its value is part of it
// ("--format=json").
func flagName(a string) (name string, inline bool) {
	name = strings.TrimLeft(a, "-")
	name, _, inline = strings.Cut(name, "=")
	return name, inline
}

// findCommand returns the command named name (or aliased so), or nil.
func findCommand(app *cli.App, name string) *cli.Command {
	for _, c := range app.Commands {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}

// lookupFlag returns the flag of flags named name, or nil.
func lookupFlag(flags []cli.Flag, name string) cli.Flag {
	for _, f := range flags {
		for _, n := range f.Names() {
			if n == name {
				return f
			}
		}
	}
	return nil
}

// anyCommandFlag returns a flag named name of any command, or nil: what a
// command flag typed before its command is.
func anyCommandFlag(app *cli.App, name string) cli.Flag {
	for _, c := range app.Commands {
		if f := lookupFlag(c.Flags, name); f != nil {
			return f
		}
	}
	return nil
}

// takesValue reports whether f reads the next word as its value. An unknown
// flag is taken for one that does not.
func takesValue(f cli.Flag) bool {
	if f == nil {
		return false
	}
	dv, ok := f.(cli.DocGenerationFlag)
	return ok && dv.TakesValue()
}
