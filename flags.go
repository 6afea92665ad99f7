package main

import (
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
)

// formats are the output formats of every command that prints data.
var formats = []string{"table", "json", "yaml", "csv"}

// formatFlag is the --format flag of a command that prints data, with its
// default format.
func formatFlag(def string) *cli.StringFlag {
	return &cli.StringFlag{
		Name:    "format",
		Usage:   "output `FORMAT`: " + strings.Join(formats, ", "),
		Value:   def,
		EnvVars: []string{"QUEENSJUDGE_FORMAT"},
	}
}

// format returns the --format of c, checked.
func format(c *cli.Context) (string, error) {
	f := c.String("format")
	if !slices.Contains(formats, f) {
		return "", usagef("%s: unknown format %q (want %s)", c.Command.Name, f, strings.Join(formats, ", "))
	}
	return f, nil
}
