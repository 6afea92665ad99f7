package pkgexport

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/queensjudge/queensjudge/internal/guard"
)

// file is one file that export writes into a package.
type file struct {
	path  string // in the package, slash-separated
	mode  fs.FileMode
	write func(io.Writer) error
	link  string // when not "", a file of the package this one is a hard link of where the file system allows
}

// contents returns the files of the package of pkg in layout, in the
// order they are written: the answer files before the output validator's
// run script, which holds their digests, and problem.yaml last, as the
// files are moved into an existing package in this order, so a package with
// the new problem.yaml has all the new files.
func contents(ctx context.Context, layout Layout, pkg Package) []file {
	if layout == CMS {
		return cmsContents(ctx, pkg)
	}
	p := pkg.Secret.Problem
	statementDir, outDir, inDir := "problem_statement", "output_validators/queensjudge", "input_validators/queensjudge"
	typ := "pass-fail"
	if pkg.scored() {
		typ = "scoring"
	}
	var meta string
	switch layout {
	case V2023_07:
		statementDir, outDir = "statement", "output_validator/queensjudge"
		meta = fmt.Sprintf("problem_format_version: 2023-07-draft\nname: %s\nuuid: %s\ntype: %s\nsource: %s\nlimits:\n  time_limit: 2\n  memory: 1024\n  validation_memory: 1024\n",
			yamlString(title(p)), uuid(pkg.Set, p.ID), typ, yamlString(pkg.Set))
	case V2025_09:
		// The output validator is the directory output_validator itself,
		// one program; type is written as one word, which the format
		// allows and DOMjudge reads (a list it does not: docs/packages.md).
		statementDir, outDir = "statement", "output_validator"
		meta = fmt.Sprintf("problem_format_version: 2025-09\nname: %s\nuuid: %s\ntype: %s\nsource: %s\nlimits:\n  time_limit: 2\n  memory: 1024\n  validation_memory: 1024\n",
			yamlString(title(p)), uuid(pkg.Set, p.ID), typ, yamlString(pkg.Set))
	default:
		meta = fmt.Sprintf("name: %s\nuuid: %s\nsource: %s\nvalidation: custom\nlimits:\n  memory: 1024\n  validation_memory: 1024\n",
			yamlString(title(p)), uuid(pkg.Set, p.ID), yamlString(pkg.Set))
		if pkg.scored() {
			// The legacy format's type and grading: without
			// show_test_data_groups problemtools warns of the groups.
			meta += "type: scoring\ngrading:\n  show_test_data_groups: true\n"
		}
	}
	var files []file
	text := func(path, text string, mode fs.FileMode) {
		files = append(files, file{path: path, mode: mode, write: func(w io.Writer) error {
			_, err := io.WriteString(w, text)
			return err
		}})
	}
	// DOMjudge reads a problem's points from its domjudge-problem.ini
	// (problem.yaml has no field for them). Not in 2025-09, which has the
	// time limit in problem.yaml and calls that file deprecated
	// (BAPCtools: "domjudge-problem.ini is DEPRECATED"; bt upgrade
	// converts it): a layout's package holds nothing of another.
	if layout != V2025_09 {
		text("domjudge-problem.ini", fmt.Sprintf("timelimit = 2\npoints = %d\n", max(p.Points, 1)), 0o644)
	}
	text(statementDir+"/problem.en.tex", Statement(p), 0o644)
	cs := pkg.cases()
	for _, c := range cs {
		text(c.dataDir()+"/"+c.name+".in", Input(c.Problem.Problem), 0o644)
	}
	digests := make([]string, len(cs)) // "IN:ANS", the digests of each case's files
	for i, c := range cs {
		path := c.dataDir() + "/" + c.name + ".ans"
		files = append(files, file{path: path, mode: 0o644, write: func(w io.Writer) error {
			h := sha256.New()
			if err := WriteAnswer(ctx, io.MultiWriter(w, h), c.Truth); err != nil {
				return fmt.Errorf("problem %q: %s: %w", c.Problem.Ref(), path, err)
			}
			in := sha256.Sum256([]byte(Input(c.Problem.Problem)))
			digests[i] = hex.EncodeToString(in[:]) + ":" + hex.EncodeToString(h.Sum(nil))
			return nil
		}})
	}
	for _, f := range scoringFiles(layout, pkg) {
		text(f.path, f.text, 0o644)
	}
	files = append(files, file{path: SubmissionPath, mode: 0o755, write: func(w io.Writer) error {
		return writeSubmission(ctx, w, cs)
	}})
	binary := func(w io.Writer) error { return copyBinary(w, pkg.Binary) }
	// The input validator's copy is a hard link where the file system
	// allows one.
	first := outDir + "/" + BinaryName
	files = append(files,
		file{path: first, mode: 0o755, write: binary},
		file{path: inDir + "/" + BinaryName, mode: 0o755, write: binary, link: first})
	text(outDir+"/build", buildScript, 0o755)
	text(inDir+"/build", buildScript, 0o755)
	files = append(files, file{path: outDir + "/run", mode: 0o755, write: func(w io.Writer) error {
		_, err := io.WriteString(w, OutputRun(p.Problem, unique(digests)))
		return err
	}})
	text(inDir+"/run", InputRun(p.Problem), 0o755)
	text("problem.yaml", meta, 0o644)
	return files
}

// unique returns s without the repeats of a string, in order: two tests
// with one input and one answer are one case of the validator.
func unique(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// Pending is a package checked for writing (Prepare), then written whole
// into a staging directory beside its place (Stage), then moved into
// place (Commit) or dropped (Discard). Export prepares every package of
// its sets before it stages one, and stages every one before it commits
// one: a refusal of any package leaves every folder as it was.
type Pending struct {
	dir   string // the package folder, or the zip file
	zip   bool
	files []file
	stage string // the staging directory, once staged
}

// Prepare checks that the package of pkg in layout may be written into
// dir (or, with zip, as the zip file dir), through g, and returns it to
// stage. Dir must lie in a directory claimed with g.Dir (export's
// OUTDIR), or be a file claimed with g.File for a zip. Nothing is written.
//
// A package folder holds exactly what export writes: an existing one is
// updated, each file export writes replaced, and it is refused when it
// holds anything else (Extra): the files of an earlier export of other
// tests or groups, or of another layout, which a judge system would read
// as part of the package, and a setter's own, which export would neither
// keep in step nor remove (it removes nothing it did not make). A zip is
// export's alone and replaced whole.
func Prepare(ctx context.Context, g *guard.Guard, dir string, layout Layout, pkg Package, zip bool) (*Pending, error) {
	p := &Pending{dir: dir, zip: zip, files: contents(ctx, layout, pkg)}
	if zip {
		return p, g.Check(dir)
	}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", dir)
	}
	for _, f := range p.files {
		if err := g.Check(filepath.Join(dir, filepath.FromSlash(f.path))); err != nil {
			return nil, err
		}
	}
	extra, err := Extra(dir, p.Files())
	if err != nil {
		return nil, err
	}
	if len(extra) > 0 {
		more := ""
		if len(extra) > maxNamed {
			more = fmt.Sprintf(" and %d more", len(extra)-maxNamed)
			extra = extra[:maxNamed]
		}
		return nil, fmt.Errorf("%s holds what this export does not write (%s%s): a package holds exactly what export writes, or a judge system would read the rest as part of it; move them out, or export into a new folder", dir, strings.Join(extra, ", "), more)
	}
	return p, nil
}

// maxNamed is how many paths a refusal names.
const maxNamed = 8

// Files returns the paths of the files of p in its package,
// slash-separated, in the order they are written.
func (p *Pending) Files() []string {
	out := make([]string, len(p.files))
	for i, f := range p.files {
		out[i] = f.path
	}
	return out
}

// Extra returns what the folder dir holds that is not among files (paths
// in the folder, slash-separated) nor a directory on the way to one of
// them: each such file, and each such directory that holds no file (not
// those below it), with a trailing '/', in lexical order. A folder that
// does not exist holds nothing.
func Extra(dir string, files []string) ([]string, error) {
	ours, ways := map[string]bool{}, map[string]bool{}
	for _, f := range files {
		ours[f] = true
		for d := path.Dir(f); d != "."; d = path.Dir(d) {
			ways[d] = true
		}
	}
	var extra []string
	full := map[string]bool{} // the directories that hold an extra file
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir && errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if p == dir {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		switch {
		case d.IsDir() && !ways[rel]:
			extra = append(extra, rel+"/")
		case !d.IsDir() && !ours[rel]:
			extra = append(extra, rel)
			for q := path.Dir(rel); q != "."; q = path.Dir(q) {
				full[q] = true
			}
		}
		return nil
	})
	// An empty directory is named, not those below it.
	empty := func(d string) bool { return !ways[d] && !full[d] }
	out := extra[:0]
	for _, e := range extra {
		d, isDir := strings.CutSuffix(e, "/")
		if !isDir || empty(d) && (path.Dir(d) == "." || !empty(path.Dir(d))) {
			out = append(out, e)
		}
	}
	return out, err
}

// Stage writes the files of p into a new hidden directory beside its
// place, through g. An error of a file's own (an answer that cannot be
// written, an unreadable binary) is returned as it is; the staging
// directory is then removed.
func (p *Pending) Stage(g *guard.Guard) error {
	name := filepath.Base(p.dir)
	if p.zip {
		name = strings.TrimSuffix(name, ".zip")
	}
	stage, err := g.TempDir(filepath.Dir(p.dir), "."+name+".*")
	if err != nil {
		return err
	}
	p.stage = stage
	if err := writeFiles(g, stage, p.files); err != nil {
		p.Discard(g)
		return err
	}
	return nil
}

// Commit moves the staged package into place, problem.yaml (or task.yaml)
// last, so that a package with the new one has all the new files; a zip
// is written whole, atomically. A package that was not there is removed
// if a move fails; only a failure to move a file into an existing package
// may leave it with some files new (each one whole). The staging directory
// is removed.
func (p *Pending) Commit(g *guard.Guard) (err error) {
	if p.stage == "" {
		return errors.New("commit of a package not staged")
	}
	defer func() {
		if rerr := p.Discard(g); err == nil {
			err = rerr
		}
	}()
	if p.zip {
		return g.WriteFile(p.dir, 0o644, nil, func(w io.Writer) error { return zipDir(w, p.stage) })
	}
	in := func(root string, f file) string { return filepath.Join(root, filepath.FromSlash(f.path)) }
	// A package that was not there is removed if it fails from here on;
	// an existing one is not.
	if _, lerr := os.Lstat(p.dir); errors.Is(lerr, fs.ErrNotExist) {
		defer func() {
			if err != nil {
				g.RemoveAll(p.dir)
			}
		}()
	}
	// The directories first, then the files: a directory that cannot be
	// made stops the export before the package changes.
	for _, f := range p.files {
		if err := g.MkdirAll(filepath.Dir(in(p.dir, f))); err != nil {
			return err
		}
	}
	for _, f := range p.files {
		if err := g.Rename(in(p.stage, f), in(p.dir, f)); err != nil {
			return err
		}
	}
	return nil
}

// Discard removes the staging directory of p, if any.
func (p *Pending) Discard(g *guard.Guard) error {
	if p.stage == "" {
		return nil
	}
	err := g.RemoveAll(p.stage)
	p.stage = ""
	return err
}

// Write writes the package of pkg in layout into dir, through g: Prepare,
// Stage and Commit of one package. A package that fails on the way (an
// answer that cannot be written, an unreadable binary, a file export
// writes that is an input of the command, such as the validator binary
// itself) leaves the old package as it was, or no package where there was
// none, and the staging directory is removed. Nothing is removed that
// this run did not make. A CMS task directory is written the same way,
// task.yaml in the place of problem.yaml (see CMS).
func Write(ctx context.Context, g *guard.Guard, dir string, layout Layout, pkg Package) error {
	p, err := Prepare(ctx, g, dir, layout, pkg, false)
	if err != nil {
		return err
	}
	if err := p.Stage(g); err != nil {
		return err
	}
	return p.Commit(g)
}

// writeFiles writes files into the directory dir through g. An error of a
// file's own (an answer that cannot be written, a binary that cannot be
// read) is returned as it is, not as an error of the staging copy.
func writeFiles(g *guard.Guard, dir string, files []file) error {
	for _, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.path))
		if err := g.MkdirAll(filepath.Dir(path)); err != nil {
			return err
		}
		if f.link != "" && g.Link(filepath.Join(dir, filepath.FromSlash(f.link)), path) == nil {
			continue
		}
		var werr error
		err := g.WriteFile(path, f.mode, nil, func(w io.Writer) error {
			werr = f.write(w)
			return werr
		})
		if werr != nil {
			return werr
		}
		if err != nil {
			return err
		}
	}
	return nil
}
