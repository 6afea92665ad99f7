package pkgexport

import (
	"archive/zip"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// MaxPacket is MariaDB's default max_allowed_packet, 16 MiB. DOMjudge
// stores each test file and each validator file of a package as one row,
// sent in one packet: a file larger than that once escaped for SQL fails
// the import on a stock database, whatever the number of files.
const MaxPacket = 16 << 20

// packetRoom is what the statement that stores a file takes besides the
// file: the margin DOMjudge's import leaves beside a file in a packet.
const packetRoom = 4096

// Oversize is a file of a package that does not fit in one packet.
type Oversize struct {
	File    string // its path in the package
	Escaped int64  // its size once escaped for SQL
}

// OverPacket returns the files of the package at path, a directory or,
// when isZip, a zip file, that DOMjudge could not store with MariaDB's
// default max_allowed_packet: over MaxPacket, less the statement's room,
// once escaped for SQL (each NUL, line end, carriage return, backslash,
// quote and ^Z doubled). Each file is read once, a buffer at a time. The
// error is one of reading the package.
func OverPacket(path string, isZip bool) ([]Oversize, error) {
	var out []Oversize
	check := func(name string, r io.Reader, size int64) error {
		if size+packetRoom < MaxPacket/2 {
			return nil // escaping at most doubles a file
		}
		n, err := escapedSize(r)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if n+packetRoom >= MaxPacket {
			out = append(out, Oversize{File: name, Escaped: n})
		}
		return nil
	}
	if isZip {
		zr, err := zip.OpenReader(path)
		if err != nil {
			return nil, err
		}
		defer zr.Close()
		for _, f := range zr.File {
			if f.FileInfo().IsDir() {
				continue
			}
			r, err := f.Open()
			if err != nil {
				return nil, err
			}
			err = check(f.Name, r, int64(f.UncompressedSize64))
			r.Close()
			if err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	err := filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(path, p)
		if info.Size()+packetRoom < MaxPacket/2 {
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		return check(filepath.ToSlash(rel), f, info.Size())
	})
	sort.Slice(out, func(i, j int) bool { return out[i].File < out[j].File })
	return out, err
}

// escapedSize is the size of what r holds once escaped for SQL.
func escapedSize(r io.Reader) (int64, error) {
	buf := make([]byte, 1<<16)
	var n int64
	for {
		k, err := r.Read(buf)
		n += int64(k)
		for _, b := range buf[:k] {
			switch b {
			case 0, '\n', '\r', '\\', '\'', '"', 0x1a:
				n++
			}
		}
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}
