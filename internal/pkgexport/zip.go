package pkgexport

import (
	"archive/zip"
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/queensjudge/queensjudge/internal/guard"
)

// WriteZip writes the package of pkg in layout as the zip file zipPath,
// through g, as DOMjudge's problem import takes it: the package's files at
// the top of the archive (problem.yaml, data/, ...), executables marked
// executable. zipPath must be a file claimed with g.File or lie in a
// directory claimed with g.Dir, where the package is staged first. The zip
// is all export's: an existing one is replaced whole, atomically, and an
// error leaves it as it was (or no zip where there was none) and removes
// the staging directory.
func WriteZip(ctx context.Context, g *guard.Guard, zipPath string, layout Layout, pkg Package) error {
	p, err := Prepare(ctx, g, zipPath, layout, pkg, true)
	if err != nil {
		return err
	}
	if err := p.Stage(g); err != nil {
		return err
	}
	return p.Commit(g)
}

// zipDir writes the files under dir to w as a zip archive, named by their
// paths in dir, in lexical order.
func zipDir(w io.Writer, dir string) error {
	zw := zip.NewWriter(w)
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		h, err := zip.FileInfoHeader(info)
		if err != nil {
			return err
		}
		h.Name = filepath.ToSlash(rel)
		h.Method = zip.Deflate
		zf, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		in, err := os.Open(path)
		if err != nil {
			return err
		}
		defer in.Close()
		_, err = io.Copy(zf, in)
		return err
	})
	if err != nil {
		return err
	}
	return zw.Close()
}
