package main

import (
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

// writeOutput writes data to the file at path, or to stdout when path is
// "" or "-".
func writeOutput(stdout io.Writer, path string, data []byte) error {
	return writeOutputWith(stdout, path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// writeOutputWith is writeOutput with the data written by write as it is
// made: to a file, atomically, so that an error leaves no file; to stdout
// as it comes; to a device (/dev/null) or a FIFO directly, since renaming
// a file onto it would replace it.
func writeOutputWith(stdout io.Writer, path string, write func(io.Writer) error) error {
	if path == "" || path == "-" {
		return write(stdout)
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return writeExisting(path, write)
	}
	return writeFileAtomic(path, write)
}

// writeExisting writes to the existing file at path what write writes.
func writeExisting(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// writeFileAtomic writes to path what write writes, through a temporary
// file in the same directory, so that a reader never sees half a file.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	err = write(tmp)
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
