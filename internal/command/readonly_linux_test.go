package command

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// readOnlyEnv names, in the environment of a test's queensjudge process, a
// directory the process mounts read-only on itself before it runs main.
const readOnlyEnv = "QUEENSJUDGE_TEST_READONLY"

// exitNoMount is the exit status of a test process that could not make
// the directory read-only: the test is skipped, not failed.
const exitNoMount = 125

// readOnlyDir returns a function that makes the command running queensjudge
// with args, as binary does, for which dir and every file in it cannot be
// written. As an unprivileged user that is chmod 0555 on dir and 0444 on its
// files. Root is not stopped by permissions, so as root the process gets a
// mount namespace of its own in which dir is a read-only bind mount of
// itself, as on a read-only file system: the mount goes when the process
// does. t is skipped when the system allows neither.
func readOnlyDir(t *testing.T, dir string) func(stdin string, args ...string) *exec.Cmd {
	t.Helper()
	if os.Geteuid() != 0 {
		files, err := filepath.Glob(filepath.Join(dir, "*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if err := os.Chmod(f, 0o444); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.Chmod(dir, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(dir, 0o755) }) // so that TempDir can remove it
		return func(stdin string, args ...string) *exec.Cmd { return binary(t, stdin, args...) }
	}
	cmd := func(stdin string, args ...string) *exec.Cmd {
		cmd := binary(t, stdin, args...)
		cmd.Env = append(cmd.Env, readOnlyEnv+"="+dir)
		cmd.SysProcAttr = &syscall.SysProcAttr{Unshareflags: syscall.CLONE_NEWNS}
		return cmd
	}
	probe := cmd("", "completion", "bash")
	out, err := probe.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() == exitNoMount:
		t.Skipf("running as root, and a read-only bind mount failed: %s", out)
	case err != nil && !errors.As(err, &exit):
		t.Skipf("running as root, and a process with a mount namespace of its own could not start: %v", err)
	case err != nil:
		t.Fatalf("probe of the read-only mount: %v\n%s", err, out)
	}
	return cmd
}

// mountReadOnly makes dir a read-only bind mount of itself, in the mount
// namespace of this process (readOnlyDir starts it in one of its own, with
// mounts private to it), and checks that a file cannot be created there.
func mountReadOnly(dir string) error {
	if err := syscall.Mount(dir, dir, "", syscall.MS_BIND, ""); err != nil {
		return err
	}
	if err := syscall.Mount("", dir, "", syscall.MS_REMOUNT|syscall.MS_BIND|syscall.MS_RDONLY, ""); err != nil {
		return err
	}
	probe := filepath.Join(dir, ".write-probe")
	if err := os.WriteFile(probe, nil, 0o644); !errors.Is(err, syscall.EROFS) {
		os.Remove(probe)
		return errors.New("the directory can still be written")
	}
	return nil
}
