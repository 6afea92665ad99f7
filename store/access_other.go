//go:build !unix

package store

import (
	"errors"
	"io/fs"
	"os"
)

// writeDenied returns why this process may not write the file at path, or
// nil. Errors other than a denial are left to the opening that follows.
// (Here, unlike on Unix, closing a descriptor drops no lock that SQLite
// holds through another.)
func writeDenied(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err == nil {
		f.Close()
		return nil
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && errors.Is(err, fs.ErrPermission) {
		return pe.Err
	}
	return nil
}
