// Package guard owns the one rule every command keeps with the files it
// writes and removes: never write over an input of the command, never write
// one output over another, never remove what this run did not make. A
// command makes one Guard, tells it its inputs and its cache, claims every
// output before any work, and then writes and removes only through it.
//
// Files are compared as the kernel and SQLite find them, not as they are
// spelled: relative or absolute, with "./" or "a/../", through symlinks to
// the file or to a directory on its path, or as another hard link, whether
// the output exists yet or not. SQLite reads ".." lexically ("nosuch/../x"
// opens x) while the kernel does not (it fails): a claimed path must name
// one file to both, or it is refused, and the path a claim returns is the
// cleaned one that both read alike.
//
// The guard keeps a command from harming its own inputs by mistake; it is
// no defence against another program that changes the file system while
// the command runs. It knows nothing of the commands, the cache's format or
// the command line, but it refuses a command's arguments with
// status.Usagef, as they are how the command was called.
package guard

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/queensjudge/queensjudge/internal/status"
)

// Guard is the record of one command run: its inputs, its cache, the
// outputs it claimed and what it created. Safe for concurrent use.
type Guard struct {
	mu      sync.Mutex
	cwd     string // the working directory with no symlinks, as getcwd gives it
	cwdErr  error
	inputs  []*entry
	tree    []*entry // what links inside the input directories lead to (see walk)
	outputs []*output
	created map[string]bool // resolved paths of the files and directories this run made
	walked  bool            // tree is up to date with inputs
	// resolved memoizes resolve while Input records many paths at once
	// (or walk walks the input directories): the files of a submissions
	// directory share every directory above them, which EvalSymlinks would
	// otherwise read again for each. nil the rest of the time.
	resolved map[string]string
}

// entry is an input: a file, a directory whose tree is input, or a name
// that does not exist yet.
type entry struct {
	name  string      // as the command named it
	what  string      // what it is to the command, for messages: "an input of the command"
	path  string      // resolved: absolute, symlinks followed
	info  fs.FileInfo // of the file it names; nil when there is none
	isDir bool        // info is of a directory
}

func (e *entry) dir() bool { return e.isDir }

// stillSame reports whether info is of the file e names now. The inode
// recorded when e was is checked again: a file deleted since (the -wal of
// a cache that another process closed) may have left its inode number to a
// file this run made.
func (e *entry) stillSame(info fs.FileInfo) bool {
	if !os.SameFile(info, e.info) {
		return false
	}
	now, err := os.Stat(e.path)
	return err == nil && os.SameFile(info, now)
}

// output is a claimed output file or directory.
type output struct {
	role string // the flag or argument that names it: "--out", "OUTDIR"
	name string // as the command named it
	path string // resolved
	lex  string // absolute and cleaned, symlinks kept: how it reads
	info fs.FileInfo
	dir  bool
}

// New returns the guard of one command run. It reads the working
// directory once: a command that changes directory afterwards must not use
// relative paths with it. A working directory that is gone (problemtools
// runs a validator in one) fails only the relative paths.
func New() *Guard {
	g := &Guard{created: map[string]bool{}}
	g.cwd, g.cwdErr = physicalCwd()
	return g
}

// physicalCwd is the working directory with its symlinks resolved, as the
// kernel's getcwd and so SQLite see it (os.Getwd may return $PWD, symlinks
// and all).
func physicalCwd() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("working directory: %w", err)
	}
	wd, err = filepath.EvalSymlinks(wd)
	if err != nil {
		return "", fmt.Errorf("working directory: %w", err)
	}
	return wd, nil
}

// Input records paths the command reads: files, or directories whose
// whole tree is input, symlinks and hard links within it included. A path
// that does not exist is recorded too, by the name it resolves to, and a
// path spelled with ".." by both readings of it (the kernel's and
// SQLite's). Since any input may be a SQLite file (merge's parts), its
// -wal, -shm and -journal files are inputs too. "" and "-" (stdin) are
// skipped.
func (g *Guard) Input(paths ...string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.resolved = map[string]string{}
	defer func() { g.resolved = nil }()
	for _, name := range paths {
		if name == "" || name == "-" {
			continue
		}
		g.addInput(name, "an input of the command", "of input "+name)
	}
	g.walked = false
}

// addInput records name as an input described as what, and, unless it
// is a directory, its SQLite files, described as "the -wal file "+side.
func (g *Guard) addInput(name, what, side string) {
	for _, p := range g.readings(name) {
		e := g.entry(name, what, p)
		g.inputs = append(g.inputs, e)
		if e.dir() {
			continue
		}
		for _, suffix := range sqliteFiles {
			// SQLite names them after the path it opened, and after
			// where a symlink leads: both are kept.
			beside, behind := g.resolve(g.lexical(name)+suffix), g.resolve(p+suffix)
			g.inputs = append(g.inputs, g.entry(name+suffix, "the "+suffix+" file "+side, beside))
			if behind != beside {
				g.inputs = append(g.inputs, g.entry(name+suffix, "the "+suffix+" file "+side, behind))
			}
		}
	}
}

// sqliteFiles are the suffixes of the files SQLite keeps beside a database.
var sqliteFiles = []string{"-wal", "-shm", "-journal"}

// entry returns the input entry of name, resolved to path.
func (g *Guard) entry(name, what, path string) *entry {
	e := &entry{name: name, what: what, path: path}
	if fi, err := os.Stat(path); err == nil {
		e.info, e.isDir = fi, fi.IsDir()
	}
	return e
}

// readings returns the resolved paths name may stand for: as SQLite and
// filepath.Clean read it, and as the kernel does when that differs.
func (g *Guard) readings(name string) []string {
	lex := g.resolve(g.lexical(name))
	ps := []string{lex}
	dir, base := split(name)
	if kdir, err := g.physical(dir); err == nil {
		if k := g.resolve(filepath.Join(kdir, base)); k != lex {
			ps = append(ps, k)
		}
	}
	return ps
}

// Cache records the cache, which the command reads and writes: the file
// and its -wal, -shm and -journal files are inputs of every output. It
// returns the path to open: the cleaned path, which SQLite and the kernel
// read alike. A path through a directory that does not exist
// ("nosuch/x.db", "nosuch/../x.db"), a path that the kernel and SQLite
// read as two files, a directory, a dangling symlink and an output already
// claimed are refused as usage errors. The default cache, whose directory
// may not exist yet, is recorded with Input instead.
func (g *Guard) Cache(path string) (string, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	const role = "cache"
	if path == "" {
		return "", status.Usagef("cache: the path is empty")
	}
	t, err := g.locate(role, path)
	if err != nil {
		return "", err
	}
	if t.info != nil && t.info.IsDir() {
		return "", status.Usagef("cache %s is a directory: name a file", path)
	}
	// Outputs are claimed after the cache; a command that claimed one
	// before is told here. The cache may lie inside an output directory.
	for _, o := range g.outputs {
		if !o.dir && (o.path == t.path || t.info != nil && o.info != nil && os.SameFile(t.info, o.info)) {
			return "", status.Usagef("%s %s would write over %s, the cache: name another file", o.role, o.name, path)
		}
	}
	g.addInput(path, "the cache", "of the cache")
	g.walked = false
	return t.clean, nil
}

// File claims path as an output file of role (a flag like "--out", or an
// argument like "OUT"), before any work, and returns the path to write.
// "" and "-" mean stdout and are always fine. Refused as usage errors,
// naming role, path and what it collides with, whatever the spelling and
// whether or not the file exists yet: an input or the cache (or its -wal,
// -shm, -journal), a file inside an input directory, another claimed
// output, a file inside a claimed directory; a path through a directory
// that does not exist to the kernel ("nosuch/../x", although it cleans to
// "x"), or that the kernel and SQLite read as two files; a directory; a
// dangling symlink. A character device such as /dev/null holds nothing to
// lose: it may be claimed by several outputs.
func (g *Guard) File(role, path string) (string, error) {
	if path == "" || path == "-" {
		return path, nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	t, err := g.locate(role, path)
	if err != nil {
		return "", err
	}
	subject := role + " " + path
	if t.info != nil && t.info.IsDir() || t.base == "" {
		return "", status.Usagef("%s is a directory: name a file", subject)
	}
	g.walk()
	if err := g.collide(subject, t.path, t.info, false, true); err != nil {
		return "", err
	}
	for _, o := range g.outputs {
		switch {
		case o.dir && under(t.path, o.path):
			return "", status.Usagef("%s is inside %s %s, which the command writes into: name a file elsewhere", subject, o.role, o.name)
		case o.dir:
		case chardev(t.info) && chardev(o.info):
		case o.path == t.path || t.info != nil && o.info != nil && os.SameFile(t.info, o.info):
			return "", status.Usagef("%s and %s both name %s: name two files", o.role, role, path)
		}
	}
	g.outputs = append(g.outputs, &output{role: role, name: path, path: t.path, lex: g.lexical(path), info: t.info})
	return t.clean, nil
}

// NewFile claims path as File does, and, unless replace, also refuses a
// regular file that exists already, naming the flag that allows it: a
// file the user named might be anyone's (notes.txt), and the guard cannot
// tell a file of this program's from another. A device, a FIFO and a
// descriptor of the program's (/dev/stdout) are written in place, not
// replaced, and are never refused for existing. A symlink counts as the
// file it leads to.
func (g *Guard) NewFile(role, path, flag string, replace bool) (string, error) {
	p, err := g.File(role, path)
	if err != nil || replace || p == "" || p == "-" {
		return p, err
	}
	if isOpen(g.lexical(p)) {
		return p, nil
	}
	if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
		return "", status.Usagef("%s %s exists: name a new file, or add %s to write over it", role, path, flag)
	}
	return p, nil
}

// Dir claims path as an output directory that files will be written under
// (export's OUTDIR, validate's feedback directory), before any work, and
// returns the path to write under. It need not exist, but its parent must;
// it is not created here. An input that is the directory or contains it is
// refused; inputs inside it are fine, but no file written under it may be
// one (WriteFile checks). Refused as usage errors, as for File: a path
// through a directory that does not exist, one the kernel and SQLite read
// apart, a file that is not a directory, a dangling symlink ("OUT is a
// symlink to X, which does not exist"), a claimed output inside it or
// around it.
func (g *Guard) Dir(role, path string) (string, error) {
	if path == "" {
		return "", status.Usagef("%s: the path is empty", role)
	}
	// A directory written with a trailing slash ("packages/") names the
	// same directory, whether or not it exists yet.
	if trimmed := strings.TrimRight(path, string(filepath.Separator)); trimmed != "" {
		path = trimmed
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	t, err := g.locate(role, path)
	if err != nil {
		return "", err
	}
	subject := role + " " + path
	if t.info != nil && !t.info.IsDir() {
		return "", status.Usagef("%s is not a directory", subject)
	}
	g.walk()
	if err := g.collide(subject, t.path, t.info, true, true); err != nil {
		return "", err
	}
	for _, o := range g.outputs {
		switch {
		case o.path == t.path:
			return "", status.Usagef("%s and %s both name %s", o.role, role, path)
		case o.dir && under(t.path, o.path):
			return "", status.Usagef("%s is inside %s %s: name a directory elsewhere", subject, o.role, o.name)
		case under(o.path, t.path):
			return "", status.Usagef("%s holds %s %s, which the command writes too: name a directory elsewhere", subject, o.role, o.name)
		}
	}
	g.outputs = append(g.outputs, &output{role: role, name: path, path: t.path, lex: g.lexical(path), info: t.info, dir: true})
	return t.clean, nil
}

// collide returns the usage error that subject, resolved to path (info
// when it exists), would write over an input, or nil. For a directory
// output (dir), inputs inside it are no collision. A claim (the command's
// argument) is told to name another; a write under a claimed directory is
// told it is not done.
func (g *Guard) collide(subject, path string, info fs.FileInfo, dir, claim bool) error {
	if chardev(info) {
		return nil
	}
	advice := func(s string) string {
		if claim {
			return s
		}
		return "not written"
	}
	for _, e := range g.all() {
		same := e.path == path || info != nil && e.info != nil && e.stillSame(info)
		switch {
		case same && dir:
			return status.Usagef("%s is %s, %s: %s", subject, e.name, e.what, advice("name another directory"))
		case same:
			return status.Usagef("%s would write over %s, %s: %s", subject, e.name, e.what, advice("name another file"))
		case e.dir() && under(path, e.path):
			return status.Usagef("%s is inside %s, %s: %s", subject, e.name, e.what, advice("write it elsewhere"))
		}
	}
	return nil
}

// SameFile reports whether a and b name one file, however each is spelled
// and whether or not it exists yet: by resolved name (as filepath.Clean
// and SQLite read ".."), or as one existing file (a hard link).
func SameFile(a, b string) bool {
	g := New()
	if g.cwdErr != nil {
		return filepath.Clean(a) == filepath.Clean(b)
	}
	pa, pb := g.resolve(g.lexical(a)), g.resolve(g.lexical(b))
	if pa == pb {
		return true
	}
	fa, err := os.Stat(pa)
	if err != nil {
		return false
	}
	fb, err := os.Stat(pb)
	return err == nil && os.SameFile(fa, fb)
}

// chardev reports whether info is of a character device (/dev/null, a
// terminal): written in place, nothing on it to lose.
func chardev(info fs.FileInfo) bool {
	return info != nil && info.Mode()&fs.ModeCharDevice != 0
}

// under reports whether path lies inside dir (dir itself excluded); both
// resolved.
func under(path, dir string) bool {
	if dir == "/" {
		return path != "/" && strings.HasPrefix(path, "/")
	}
	// Not HasPrefix(path, dir+"/"): a write checks every input, and a
	// string made for each would cost more than the write of a small page.
	return len(path) > len(dir) && path[len(dir)] == filepath.Separator && strings.HasPrefix(path, dir)
}

// target is a path named in a claim, located.
type target struct {
	clean string      // the path to use: cleaned, read alike by the kernel and SQLite
	base  string      // its last element; "" when it names a directory ("x/", ".")
	path  string      // resolved
	info  fs.FileInfo // nil when it does not exist
}

// locate finds the file name stands for, as role names it: its directory
// as typed must exist to the kernel and be the one the cleaned path reads
// as, and a symlink at its end must lead somewhere.
func (g *Guard) locate(role, name string) (target, error) {
	if g.cwdErr != nil && !filepath.IsAbs(name) {
		return target{}, g.cwdErr
	}
	subject := role + " " + name
	dir, base := split(name)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return target{}, status.Usagef("%s: there is no directory %s", subject, dir)
	case err != nil:
		return target{}, fmt.Errorf("%s: %w", subject, err)
	case !fi.IsDir():
		return target{}, status.Usagef("%s: %s is not a directory", subject, dir)
	}
	kdir, err := g.physical(dir)
	if err != nil {
		return target{}, fmt.Errorf("%s: %w", subject, err)
	}
	// What SQLite and filepath.Clean make of it: ".." taken lexically.
	lexDir := g.lexical(name)
	if base != "" {
		lexDir = filepath.Dir(lexDir)
	}
	if ldir, err := g.physical(lexDir); err != nil || ldir != kdir {
		return target{}, status.Usagef("%s: %s is the directory %s, but the name reads as %s (a symlink before \"..\"): name it without \"..\"", subject, dir, kdir, lexDir)
	}
	t := target{clean: filepath.Clean(name), base: base, path: filepath.Join(kdir, base)}
	li, err := os.Lstat(t.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return t, nil
	case err != nil:
		return target{}, fmt.Errorf("%s: %w", subject, err)
	case li.Mode()&fs.ModeSymlink == 0:
		t.info = li
		return t, nil
	}
	to, _ := os.Readlink(t.path)
	p, err := filepath.EvalSymlinks(t.path)
	if err != nil {
		// The kernel may follow what has no name to follow: /dev/stdout
		// to a pipe. Then the file is known by its inode.
		if fi, serr := os.Stat(t.path); serr == nil {
			t.info = fi
			return t, nil
		}
		if errors.Is(err, fs.ErrNotExist) {
			return target{}, status.Usagef("%s is a symlink to %s, which does not exist", subject, to)
		}
		return target{}, fmt.Errorf("%s: %w", subject, err)
	}
	t.path = p
	if t.info, err = os.Stat(p); err != nil {
		return target{}, fmt.Errorf("%s: %w", subject, err)
	}
	return t, nil
}

// split splits name, as typed, into its directory and its last element,
// without cleaning: "nosuch/../x" is "nosuch/.." and "x". A name that ends
// in "/", "." or ".." names a directory: all of it is the directory and
// the element is "".
func split(name string) (dir, base string) {
	trimmed := strings.TrimRight(name, "/")
	if trimmed == "" {
		return "/", ""
	}
	i := strings.LastIndex(trimmed, "/")
	base = trimmed[i+1:]
	if base == "." || base == ".." || len(trimmed) < len(name) {
		return trimmed, ""
	}
	switch i {
	case -1:
		return ".", base
	case 0:
		return "/", base
	}
	return trimmed[:i], base
}

// lexical returns name cleaned and made absolute against the working
// directory: the file SQLite opens for it, symlinks not yet followed.
func (g *Guard) lexical(name string) string {
	name = filepath.Clean(name)
	if filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(g.cwd, name)
}

// physical resolves the existing path name as the kernel does ("a/.." is
// the parent of where a leads): absolute, with no symlinks.
func (g *Guard) physical(name string) (string, error) {
	p, err := filepath.EvalSymlinks(name)
	if err != nil {
		return "", err
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(g.cwd, p) // only leading ".." are left, and cwd has no symlinks
	}
	return p, nil
}

// maxLinks bounds the symlinks resolve follows, as the kernel's ELOOP does.
const maxLinks = 40

// resolve returns the absolute, clean path with every symlink on it
// followed, as far as the files exist: the part that does not is appended
// as it reads, and a dangling symlink is followed to the name it would
// create.
func (g *Guard) resolve(path string) string {
	if g.resolved == nil || !filepath.IsAbs(path) || filepath.Clean(path) != path {
		return g.resolveDepth(path, 0)
	}
	if p, ok := g.resolved[path]; ok {
		return p
	}
	// A clean absolute path resolves as its parent does, and then its last
	// name: what resolveDepth does, one name at a time, but for a symlink.
	p := path
	parent := filepath.Dir(path)
	fi, err := os.Lstat(path)
	switch {
	case parent == path:
	case err == nil && fi.Mode()&fs.ModeSymlink != 0:
		p = g.resolveDepth(path, 0)
	case err == nil || errors.Is(err, fs.ErrNotExist):
		p = filepath.Join(g.resolve(parent), filepath.Base(path))
	}
	g.resolved[path] = p
	return p
}

func (g *Guard) resolveDepth(path string, depth int) string {
	if p, err := filepath.EvalSymlinks(path); err == nil {
		return p
	}
	if _, err := os.Stat(path); err == nil {
		return path // the kernel follows a link that has no name to follow (/dev/stdout to a pipe)
	}
	fi, err := os.Lstat(path)
	switch {
	case err == nil && fi.Mode()&fs.ModeSymlink != 0 && depth < maxLinks:
		to, err := os.Readlink(path)
		if err != nil {
			return path
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(g.resolveDepth(filepath.Dir(path), depth+1), to)
		}
		return g.resolveDepth(to, depth+1)
	case err == nil || !errors.Is(err, fs.ErrNotExist):
		return path // there, but not to be resolved (a loop, no permission)
	}
	parent := filepath.Dir(path)
	if parent == path {
		return path
	}
	return filepath.Join(g.resolveDepth(parent, depth), filepath.Base(path))
}
