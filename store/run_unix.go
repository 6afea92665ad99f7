//go:build unix

package store

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"syscall"
)

// processExists reports whether a process pid is running on this host:
// signal 0 reaches it, or would but for permission (another user's
// process), and where /proc says, it has not ended unreaped (a zombie,
// which signal 0 still reaches).
func processExists(pid int) bool {
	if pid <= 0 {
		return false
	}
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true // no /proc here: signal 0 is all there is to go by
	}
	// "pid (command) state ...": the command may hold spaces and ')'.
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z' && stat[i+2] != 'X'
}
