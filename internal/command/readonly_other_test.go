//go:build !linux

package command

import (
	"errors"
	"os/exec"
	"testing"
)

const readOnlyEnv = "QUEENSJUDGE_TEST_READONLY"

const exitNoMount = 125

// readOnlyDir skips t: the read-only tests need Linux (chmod, or as root a
// read-only bind mount in a mount namespace).
func readOnlyDir(t *testing.T, dir string) func(stdin string, args ...string) *exec.Cmd {
	t.Skip("the read-only cache tests run on Linux only")
	return nil
}

func mountReadOnly(string) error { return errors.New("not on this system") }
