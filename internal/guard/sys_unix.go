//go:build unix

package guard

import (
	"io/fs"
	"os"
	"syscall"
)

// links returns the number of hard links of the file of fi.
func links(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 2 // unknown: assume another name
}

// dup returns a new descriptor of the open file fd, named name: it shares
// the offset, and closing it leaves fd open.
func dup(fd int, name string) (*os.File, error) {
	d, err := syscall.Dup(fd)
	if err != nil {
		return nil, err
	}
	syscall.CloseOnExec(d)
	return os.NewFile(uintptr(d), name), nil
}
