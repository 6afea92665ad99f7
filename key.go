package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"
)

func keyCommand() *cli.Command {
	return &cli.Command{
		Name:      "key",
		Usage:     "write the answer key of problem sets",
		ArgsUsage: "SET.yaml...",
		Description: `Key writes the answer key of the sets, solving what is not cached yet. The
key is read back from the cache, so two runs give identical bytes.`,
		Flags: append(batchFlags(),
			formatFlag("yaml"),
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the key to `FILE` (- for stdout)"},
		),
		Action: action(needs{minArgs: 1, maxArgs: -1, args: "problem set", cache: true}, func(c *call) error {
			out := c.String("out")
			shown := c.format // the format on the terminal, if the key goes there
			if out != "" && out != "-" {
				shown = ""
			}
			rows, failed, err := c.solveAndList(shown)
			if err != nil {
				return err
			}
			for i := range rows {
				rows[i].Cached = true // every answer of the key is read from the cache
			}
			var buf bytes.Buffer
			if err := writeRows(&buf, c.format, rows); err != nil {
				return err
			}
			if err := writeOutput(c.stdout, out, buf.Bytes()); err != nil {
				return err
			}
			return reported(failed)
		}),
	}
}

// writeOutput writes data to the file at path, or to stdout when path is
// "" or "-".
func writeOutput(stdout io.Writer, path string, data []byte) error {
	if path == "" || path == "-" {
		_, err := stdout.Write(data)
		return err
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		// A device (/dev/null, /dev/stdout) or a FIFO is written to, not
		// replaced: renaming a file onto /dev/null would replace the device.
		return writeExisting(path, data)
	}
	return writeFileAtomic(path, data)
}

// writeExisting writes data to the existing file at path.
func writeExisting(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// writeFileAtomic writes data to path through a temporary file in the same
// directory, so that a reader never sees half a file.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(0o644) // CreateTemp makes it 0600: a report is for reading
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
