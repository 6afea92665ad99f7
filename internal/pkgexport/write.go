package pkgexport

import (
	"context"
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

// contents returns the files of the package of pkg in layout, problem.yaml
// last: the files are moved into an existing package in this order, so a
// package with the new problem.yaml has all the new files.
func contents(ctx context.Context, layout Layout, pkg Package) []file {
	p := pkg.Secret.Problem
	flags := Flags(p.Problem)
	statementDir, outDir, inDir := "problem_statement", "output_validators/queensjudge", "input_validators/queensjudge"
	var meta string
	if layout == V2023_07 {
		statementDir, outDir, inDir = "statement", "output_validator/queensjudge", "input_validators/queensjudge"
		meta = fmt.Sprintf("problem_format_version: 2023-07-draft\nname: %s\nuuid: %s\ntype: pass-fail\nsource: %s\nlimits:\n  time_limit: 2\n  memory: 1024\n  validation_memory: 1024\n",
			yamlString(title(p)), uuid(pkg.Set, p.ID), yamlString(pkg.Set))
	} else {
		meta = fmt.Sprintf("name: %s\nuuid: %s\nsource: %s\nvalidation: custom\nvalidator_flags: %s\nlimits:\n  memory: 1024\n  validation_memory: 1024\n",
			yamlString(title(p)), uuid(pkg.Set, p.ID), yamlString(pkg.Set), flags)
	}
	texts := []struct{ path, text string }{
		{"domjudge-problem.ini", "timelimit = 2\n"},
		{statementDir + "/problem.en.tex", Statement(p)},
		{"data/sample/1.in", Input(pkg.Sample.Problem.Problem)},
		{"data/secret/1.in", Input(p.Problem)},
		{outDir + "/validate.py", outputWrapper},
		{inDir + "/validate.py", fmt.Sprintf(inputWrapper, flags)},
	}
	if layout == V2023_07 {
		// The output validator's flags live with the test data in 2023-07.
		texts = append(texts, struct{ path, text string }{"data/testdata.yaml", "output_validator_flags: " + flags + "\n"})
	}
	texts = append(texts, struct{ path, text string }{"problem.yaml", meta})
	var files []file
	for _, c := range []struct {
		path string
		c    Case
	}{{"data/sample/1.ans", pkg.Sample}, {"data/secret/1.ans", pkg.Secret}} {
		files = append(files, file{path: c.path, mode: 0o644, write: func(w io.Writer) error {
			if err := WriteAnswer(ctx, w, c.c.Truth); err != nil {
				return fmt.Errorf("problem %q: %s: %w", c.c.Problem.ID, c.path, err)
			}
			return nil
		}})
	}
	binary := func(w io.Writer) error {
		in, err := os.Open(pkg.Binary)
		if err != nil {
			return fmt.Errorf("validator binary: %w", err)
		}
		defer in.Close()
		if _, err := io.Copy(w, in); err != nil {
			return fmt.Errorf("validator binary: %w", err)
		}
		return nil
	}
	first := outDir + "/" + BinaryName
	// The input validator's copy is a hard link where the file system
	// allows one: 20 MB less per package.
	files = append(files,
		file{path: first, mode: 0o755, write: binary},
		file{path: inDir + "/" + BinaryName, mode: 0o755, write: binary, link: first})
	for _, t := range texts {
		files = append(files, file{path: t.path, mode: textMode(t.path), write: func(w io.Writer) error {
			_, err := io.WriteString(w, t.text)
			return err
		}})
	}
	return files
}

// textMode is the mode of the text file at path: the wrappers are
// executable.
func textMode(path string) fs.FileMode {
	if strings.HasSuffix(path, ".py") {
		return 0o755
	}
	return 0o644
}

// Write writes the package of pkg in layout into dir, through g: dir must
// lie in a directory claimed with g.Dir (export's OUTDIR), where the
// package is staged first.
//
// Export into an existing package updates it. The files export writes
// (problem.yaml, domjudge-problem.ini, the statement, data/sample/1.* and
// data/secret/1.*, data/testdata.yaml, the validator wrappers and
// binaries) are replaced, each atomically; every other file (the setter's
// submissions/, extra test cases, notes, and the files of another layout
// written by an earlier export) is left alone. The whole package is staged
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
