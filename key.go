package main

import (
	"io"

	"github.com/urfave/cli/v2"
)

func keyCommand() *cli.Command {
	return &cli.Command{
		Name:      "key",
		Usage:     "write the answer key of problem sets",
		ArgsUsage: "SET.yaml...",
		Description: `Key writes the answer key of the sets, solving what is not cached yet: the
rows of solve, read back from the cache, without cached and seconds. It holds
the answers and the hashes of the definitions they answer, so two runs give
identical bytes, and so do two caches that solved the same sets apart.`,
		Flags: append(batchFlags(),
			formatFlag("yaml"),
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the key to `FILE` (- for stdout)"},
		),
		Action: action(needs{minArgs: 1, maxArgs: -1, args: "problem set", cache: true, outputs: []string{"out"}}, func(c *call) error {
			out := c.String("out")
			shown := c.format // the format on the terminal, if the key goes there
			if out != "" && out != "-" {
				shown = ""
			}
			rows, failed, err := c.solveAndList(shown)
			if err != nil {
				return err
			}
			err = writeOutputWith(c.stdout, out, func(w io.Writer) error { return writeKeyRows(w, c.format, rows) })
			if err != nil {
				return err
			}
			return reported(failed)
		}),
	}
}
