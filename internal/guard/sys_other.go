//go:build !unix

package guard

import (
	"errors"
	"io/fs"
	"os"
)

// links returns 2: where the number of hard links is not known, every
// file may have another name.
func links(fs.FileInfo) uint64 { return 2 }

// dup is not known here.
func dup(fd int, name string) (*os.File, error) {
	return nil, errors.New("no file descriptors to share on this system")
}
