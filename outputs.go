package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/store"
)

// checkOutputs refuses, before any work, an output file named by one of the
// flags that would write over an input of the command: one of its
// arguments (a problem set, a manifest), a file inside a directory argument
// (the submissions), the cache, or another output. Files are compared as
// files, so a link or another spelling of the path is caught too.
func checkOutputs(c *cli.Context, flags []string) error {
	inputs := c.Args().Slice()
	if db := c.String("db"); db != "" {
		inputs = append(inputs, db)
	} else if db, err := store.DefaultPath(); err == nil {
		inputs = append(inputs, db)
	}
	seen := map[string]string{} // output path → flag
	for _, flag := range flags {
		out := c.String(flag)
		if out == "" || out == "-" {
			continue
		}
		for _, in := range inputs {
			if sameFile(out, in) {
				return usagef("%s: --%s %s would write over %s, an input of the command: name another file", c.Command.Name, flag, out, in)
			}
			if inside(out, in) {
				return usagef("%s: --%s %s is inside %s, an input of the command: write it elsewhere", c.Command.Name, flag, out, in)
			}
		}
		for other, otherFlag := range seen {
			if sameFile(out, other) || filepath.Clean(out) == filepath.Clean(other) {
				return usagef("%s: --%s and --%s both name %s", c.Command.Name, otherFlag, flag, out)
			}
		}
		seen[out] = flag
	}
	return nil
}

// sameFile reports whether a and b name one existing file.
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// inside reports whether the path out lies in the directory dir (dir
// itself excluded), links followed.
func inside(out, dir string) bool {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return false
	}
	d, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return false
	}
	// out may not exist yet: resolve the directory it would be written in.
	parent, err := filepath.EvalSymlinks(filepath.Dir(out))
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(d, filepath.Join(parent, filepath.Base(out)))
	return err == nil && rel != "." && filepath.IsLocal(rel) && !strings.HasPrefix(rel, "..")
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
