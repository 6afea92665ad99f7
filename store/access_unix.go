//go:build unix

package store

import (
	"errors"
	"syscall"
)

// writeDenied returns why this process may not write the file at path
// (permission denied, read-only file system), or nil. It asks access(2)
// rather than opening the file to write: closing a descriptor of a file
// drops every POSIX lock the process holds on it, SQLite's among them,
// should the process have the cache open already. Errors other than a
// denial are left to the opening that follows.
func writeDenied(path string) error {
	const wOK = 2 // W_OK
	err := syscall.Access(path, wOK)
	if errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.EROFS) {
		return err
	}
	return nil
}
