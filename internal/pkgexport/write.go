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
	// (the problem.yaml of either layout has no field for them).
	text("domjudge-problem.ini", fmt.Sprintf("timelimit = 2\npoints = %d\n", max(p.Points, 1)), 0o644)
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

// Write writes the package of pkg in layout into dir, through g: dir must
// lie in a directory claimed with g.Dir (export's OUTDIR), where the
// package is staged first. A CMS task directory is written the same way,
// task.yaml in the place of problem.yaml (see CMS).
//
// Export into an existing package updates it. The files export writes
// (problem.yaml, domjudge-problem.ini, the statement, data/sample/1.* and
// data/secret/1.*, or a problem's tests and their testdata.yaml and
// test_group.yaml files, the validator wrappers and binaries) are
// replaced, each atomically; every other file (the setter's submissions/,
// extra test cases, notes, and the files of another layout written by an
// earlier export) is left alone. A problem with tests is refused, before
// anything changes, when data/sample or data/secret hold test files it
// does not write (staleCases). The whole package is staged
// in a new hidden directory beside dir and only then moved into place,
// problem.yaml last: a package that fails on the way (an answer that
// cannot be written, an unreadable binary, a file export writes that is an
// input of the command, such as the validator binary itself) leaves the
// old package as it was, or no package where there was none, and the
// staging directory is removed. Only a failure to move a staged file in,
// once all are staged, may leave a package with some files new (each one
// whole). Nothing is removed that this run did not make.
func Write(ctx context.Context, g *guard.Guard, dir string, layout Layout, pkg Package) (err error) {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	files := contents(ctx, layout, pkg)
	in := func(root string, f file) string { return filepath.Join(root, filepath.FromSlash(f.path)) }
	// Before any work: a file of the package that may not be written.
	for _, f := range files {
		if err := g.Check(in(dir, f)); err != nil {
			return err
		}
	}
	if pkg.Tests != nil && layout != CMS {
		if err := staleCases(dir, files); err != nil {
			return err
		}
	}
	stage, err := g.TempDir(filepath.Dir(dir), "."+filepath.Base(dir)+".*")
	if err != nil {
		return err
	}
	defer func() {
		if rerr := g.RemoveAll(stage); err == nil {
			err = rerr
		}
	}()
	if err := writeFiles(g, stage, files); err != nil {
		return err
	}
	// A package that was not there is removed if it fails from here on;
	// an existing one is not.
	if _, lerr := os.Lstat(dir); errors.Is(lerr, fs.ErrNotExist) {
		defer func() {
			if err != nil {
				g.RemoveAll(dir)
			}
		}()
	}
	// The directories first, then the files: a directory that cannot be
	// made stops the export before the package changes.
	for _, f := range files {
		if err := g.MkdirAll(filepath.Dir(in(dir, f))); err != nil {
			return err
		}
	}
	for _, f := range files {
		if err := g.Rename(in(stage, f), in(dir, f)); err != nil {
			return err
		}
	}
	return nil
}

// staleCases returns an error naming the test files (.in, .ans) under
// dir/data/sample and dir/data/secret that are not among files: the cases of
// an earlier export of a problem whose tests have changed since, or a
// setter's own. A judge system would run them, and the validator, whose
// cases= does not hold them, would fail each with a judge error; export
// removes nothing it did not make, so it stops and says which.
func staleCases(dir string, files []file) error {
	ours := map[string]bool{}
	for _, f := range files {
		ours[f.path] = true
	}
	var stale []string
	for _, sub := range []string{"data/sample", "data/secret"} {
		root := filepath.Join(dir, filepath.FromSlash(sub))
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return nil
				}
				return err
			}
			ext := filepath.Ext(path)
			if d.IsDir() || ext != ".in" && ext != ".ans" {
				return nil
			}
			rel, err := filepath.Rel(dir, path)
			if err == nil && !ours[filepath.ToSlash(rel)] {
				stale = append(stale, filepath.ToSlash(rel))
			}
			return err
		})
		if err != nil {
			return err
		}
	}
	if len(stale) == 0 {
		return nil
	}
	more := ""
	if len(stale) > 5 {
		more = fmt.Sprintf(" and %d more", len(stale)-5)
		stale = stale[:5]
	}
	return fmt.Errorf("%s holds test files this export does not write (%s%s), which the package's validator would fail as judge errors: remove them, or export into a new folder", dir, strings.Join(stale, ", "), more)
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
