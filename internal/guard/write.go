package guard

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// WriteFile writes path with what write writes: to stdout when path is ""
// or "-"; to a device or a FIFO in place (renaming a file onto /dev/null
// would replace it); to a descriptor of the program's that is a file
// (/dev/stdout sent to a file) through the descriptor, where the
// program's other writes go; else atomically, through a temporary file in
// the same directory renamed over path, with mode applied past the umask.
// A symlink at path is followed: the file it leads to is replaced and the
// link kept. An error leaves the old file as it was and no temporary file.
//
// Path must be a claimed file or lie under a claimed directory (or one
// this run made), and its directory must exist (MkdirAll): anything else
// is a mistake of the program and a plain error. Every write checks again
// that path is not an input (a file under a claimed directory may be an
// input inside it): that is a usage error. Write runs without the guard's
// lock held: several files may be written at once.
func (g *Guard) WriteFile(path string, mode fs.FileMode, stdout io.Writer, write func(io.Writer) error) error {
	if path == "" || path == "-" {
		return write(stdout)
	}
	g.mu.Lock()
	p, err := g.writable(path)
	g.mu.Unlock()
	if err != nil {
		return err
	}
	fi, err := os.Stat(p)
	switch {
	case err == nil && fi.IsDir():
		return fmt.Errorf("write %s: it is a directory", path)
	case err == nil && fi.Mode().IsRegular() && isOpen(g.lexical(path)):
		return writeOpen(path, g.lexical(path), write)
	case err == nil && !fi.Mode().IsRegular():
		return writeInPlace(path, p, write)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("write %s: %w", path, err)
	}
	existed := err == nil
	if err := writeAtomic(p, mode, write); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if !existed {
		g.mu.Lock()
		g.created[p] = true
		g.mu.Unlock()
	}
	return nil
}

// writeInPlace writes to the device or FIFO p, named path, what write
// writes.
func writeInPlace(path, p string, write func(io.Writer) error) error {
	f, err := os.OpenFile(p, os.O_WRONLY, 0)
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

// isOpen reports whether lex, cleaned and absolute, names a file
// descriptor of this process (/dev/stdout, /dev/fd/1, /proc/self/fd/1)
// that is a regular file (stdout sent to a file).
func isOpen(lex string) bool {
	_, ok := fdOf(lex)
	return ok
}

// writeOpen writes what write writes to the file descriptor that lex
// names, at its offset, as the program's own writes to it go: replacing
// the file, or opening it anew at offset 0, would lose what else is
// written to it.
func writeOpen(path, lex string, write func(io.Writer) error) error {
	fd, _ := fdOf(lex)
	f, err := dup(fd, path)
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

// fdOf returns the file descriptor of this process that lex names:
// /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N, /proc/PID/fd/N.
func fdOf(lex string) (int, bool) {
	switch lex {
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	}
	dir, n := filepath.Split(lex)
	fd, err := strconv.Atoi(n)
	if err != nil || fd < 0 || n != strconv.Itoa(fd) {
		return 0, false
	}
	switch filepath.Clean(dir) {
	case "/dev/fd", "/proc/self/fd", "/proc/thread-self/fd", "/proc/" + strconv.Itoa(os.Getpid()) + "/fd":
		return fd, true
	}
	return 0, false
}

// writeAtomic writes the regular file p through a temporary file beside
// it, so that a reader never sees half a file and an error leaves p as it
// was.
func writeAtomic(p string, mode fs.FileMode, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(p), "."+filepath.Base(p)+".*")
	if err != nil {
		return err
	}
	err = write(tmp)
	if err == nil {
		err = tmp.Chmod(mode) // CreateTemp makes it 0600, and the umask is not ours to apply
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), p)
	}
	if err != nil {
		os.Remove(tmp.Name())
		// Told of the file the caller named, not of the hidden one.
		var pe *fs.PathError
		var le *os.LinkError
		switch {
		case errors.As(err, &pe):
			err = pe.Err
		case errors.As(err, &le):
			err = le.Err
		}
		return err
	}
	return nil
}

// Check returns the error WriteFile or Rename would return before writing
// path: not claimed, an input, a directory. It lets a command refuse a
// file under a claimed directory before the work that makes it.
func (g *Guard) Check(path string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	p, err := g.writable(path)
	if err != nil {
		return err
	}
	if fi, err := os.Stat(p); err == nil && fi.IsDir() {
		return fmt.Errorf("write %s: it is a directory", path)
	}
	return nil
}

// writable returns the resolved path of path if it may be written: a
// claimed file or under a claimed directory, and not an input. Call with
// g.mu held.
func (g *Guard) writable(path string) (string, error) {
	p, err := g.claimed(path, false)
	if err != nil {
		return "", err
	}
	g.walk()
	var info fs.FileInfo
	if fi, err := os.Stat(p); err == nil {
		info = fi
	}
	if err := g.collide(path, p, info, false, false); err != nil {
		return "", err
	}
	return p, nil
}

// claimed returns the resolved path of path when it is a claimed output
// file or lies under a claimed directory (or, with self, is one). Anything
// else is a mistake of the program, or a symlink under a claimed directory
// that leads out of it: a plain error. Call with g.mu held.
func (g *Guard) claimed(path string, self bool) (string, error) {
	if g.cwdErr != nil && !filepath.IsAbs(path) {
		return "", g.cwdErr
	}
	lex := g.lexical(path)
	p := g.resolve(lex)
	for _, o := range g.outputs {
		switch {
		case o.dir && under(p, o.path), o.path == p && (!o.dir || self):
			return p, nil
		case o.path == p:
			return "", fmt.Errorf("write %s: it is %s, a directory", path, o.role)
		}
	}
	for q := p; q != filepath.Dir(q); q = filepath.Dir(q) {
		if g.created[q] {
			return p, nil // in a directory this run made (TempDir beside a claimed file)
		}
	}
	for _, o := range g.outputs {
		if o.dir && under(lex, o.lex) {
			return "", fmt.Errorf("write %s: a symlink leads it out of %s %s, to %s: not written", path, o.role, o.name, p)
		}
	}
	return "", fmt.Errorf("write %s: not an output the command claimed", path)
}

// MkdirAll makes path and the directories above it that do not exist, up
// to a claimed directory, which it may make too; each one it makes is
// remembered as made by this run. Path must be a claimed directory or lie
// under one, and not in an input directory.
func (g *Guard) MkdirAll(path string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	_, err := g.mkdirAll(path)
	return err
}

// mkdirAll is MkdirAll, returning the resolved path. Call with g.mu held.
func (g *Guard) mkdirAll(path string) (string, error) {
	p, err := g.claimed(path, true)
	if err != nil {
		return "", err
	}
	g.walk()
	if err := g.collide(path, p, nil, true, false); err != nil {
		return "", err
	}
	var missing []string
	for q := p; ; q = filepath.Dir(q) {
		_, err := os.Lstat(q)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrNotExist) || filepath.Dir(q) == q {
			return "", fmt.Errorf("make directory %s: %w", path, err)
		}
		missing = append(missing, q)
	}
	for i := len(missing) - 1; i >= 0; i-- {
		if err := os.Mkdir(missing[i], 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return "", fmt.Errorf("make directory %s: %w", path, err)
		} else if err == nil {
			g.created[missing[i]] = true
		}
	}
	if fi, err := os.Stat(p); err != nil || !fi.IsDir() {
		return "", fmt.Errorf("make directory %s: a file is in the way", path)
	}
	return p, nil
}

// TempDir makes a new directory in dir, named by pattern as os.MkdirTemp
// names it, and remembers it as made by this run: what is written in it
// is then written under a directory this run made. Dir is a claimed
// directory or one under it (made first when it does not exist), or the
// directory of a claimed file (export --zip stages a package beside its
// zip). It returns the new directory's path, spelled after dir.
func (g *Guard) TempDir(dir, pattern string) (string, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	p, err := g.mkdirAll(dir)
	if err != nil {
		p = g.besideFile(dir)
		if p == "" {
			return "", err
		}
	}
	t, err := os.MkdirTemp(p, pattern)
	if err != nil {
		return "", err
	}
	g.created[t] = true
	return filepath.Join(dir, filepath.Base(t)), nil
}

// besideFile returns the resolved path of dir when it is the directory of
// a claimed file, else "". Call with g.mu held.
func (g *Guard) besideFile(dir string) string {
	if g.cwdErr != nil && !filepath.IsAbs(dir) {
		return ""
	}
	p := g.resolve(g.lexical(dir))
	for _, o := range g.outputs {
		if !o.dir && filepath.Dir(o.path) == p {
			return p
		}
	}
	return ""
}

// Rename moves from, a file or directory this run made (by WriteFile,
// MkdirAll, TempDir, Link, or inside a directory it made), to to, which
// must be writable as for WriteFile; its directory must exist. A file at
// to is replaced, as os.Rename replaces it; a symlink at to is followed.
// To counts as made by this run when it did not exist before.
func (g *Guard) Rename(from, to string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	fp, err := g.made(from)
	if err != nil {
		return fmt.Errorf("move %s: %w", from, err)
	}
	tp, err := g.writable(to)
	if err != nil {
		return err
	}
	for _, e := range g.all() {
		if under(e.path, tp) {
			return fmt.Errorf("move %s to %s: %s is there, %s", from, to, e.name, e.what)
		}
	}
	_, err = os.Lstat(tp)
	existed := err == nil
	if err := os.Rename(fp, tp); err != nil {
		return fmt.Errorf("move %s to %s: %w", from, to, err)
	}
	g.forget(fp)
	if !existed {
		g.created[tp] = true
	}
	return nil
}

// Link makes to a new hard link of the file from, which this run made;
// to must be writable as for WriteFile and not exist. It is remembered as
// made by this run. Where the file system has no hard links the error is
// os.Link's, and the caller writes a copy.
func (g *Guard) Link(from, to string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	fp, err := g.made(from)
	if err != nil {
		return fmt.Errorf("link %s: %w", from, err)
	}
	tp, err := g.writable(to)
	if err != nil {
		return err
	}
	if err := os.Link(fp, tp); err != nil {
		return err
	}
	g.created[tp] = true
	return nil
}

// RemoveAll removes path, and all it holds, only when this run made it: a
// directory of MkdirAll or TempDir, a file that WriteFile, Rename or Link
// made where there was none, or anything inside a directory this run made.
// Anything else is refused with an error and left alone, and so is a
// directory that holds an input: nothing is removed that this run did not
// make. A path that does not exist is no error, as for os.RemoveAll.
func (g *Guard) RemoveAll(path string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.cwdErr != nil && !filepath.IsAbs(path) {
		return g.cwdErr
	}
	p, err := g.made(path)
	if err != nil {
		if _, lerr := os.Lstat(g.lexical(path)); errors.Is(lerr, fs.ErrNotExist) {
			return nil
		}
		return fmt.Errorf("remove %s: %w: left alone", path, err)
	}
	g.walk()
	for _, e := range g.all() {
		if e.path != p && !under(e.path, p) {
			continue
		}
		if _, err := os.Lstat(e.path); err == nil { // an input named before it existed may exist now
			return fmt.Errorf("remove %s: it holds %s, %s: left alone", path, e.name, e.what)
		}
	}
	if err := os.RemoveAll(p); err != nil {
		return fmt.Errorf("remove %s: %w", path, err)
	}
	g.forget(p)
	return nil
}

// made returns the resolved path of path if this run made it, or lies
// in a directory this run made. Call with g.mu held.
func (g *Guard) made(path string) (string, error) {
	if g.cwdErr != nil && !filepath.IsAbs(path) {
		return "", g.cwdErr
	}
	p := g.resolve(g.lexical(path))
	for q := p; ; q = filepath.Dir(q) {
		if g.created[q] {
			return p, nil
		}
		if filepath.Dir(q) == q {
			return "", errors.New("this run did not make it")
		}
	}
}

// forget drops p and what lies under it from what this run made: it is
// gone or moved. Call with g.mu held.
func (g *Guard) forget(p string) {
	for q := range g.created {
		if q == p || under(q, p) {
			delete(g.created, q)
		}
	}
}

// Remove removes the regular file path, which this run may write over (as
// for WriteFile: a claimed file, or one under a claimed directory, and
// not an input): a page of an earlier report that this run's report does
// not have, in a folder claimed with the user's leave to replace it. A
// file that does not exist is no error; anything but a regular file is
// refused and left alone.
func (g *Guard) Remove(path string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	p, err := g.writable(path)
	if err != nil {
		return err
	}
	fi, err := os.Lstat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("remove %s: %w", path, err)
	case !fi.Mode().IsRegular():
		return fmt.Errorf("remove %s: not a regular file: left alone", path)
	}
	if err := os.Remove(p); err != nil {
		return fmt.Errorf("remove %s: %w", path, err)
	}
	g.forget(p)
	return nil
}
