//go:build unix

package testflag

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestOwnRAMDir: the directory is made for its user, sticky as /tmp is,
// or used when it is theirs already; a link planted in its place, a
// directory that is not sticky, another user's, or a base that does not
// exist are refused.
func TestOwnRAMDir(t *testing.T) {
	uid := os.Getuid()
	name := "queensjudge-tests-" + strconv.Itoa(uid)
	base := t.TempDir()
	want := filepath.Join(base, name)
	for i := range 2 { // made, then found
		if dir, ok := ownRAMDir(base, uid); !ok || dir != want {
			t.Errorf("ownRAMDir, call %d = %q, %v; want %q, true", i+1, dir, ok, want)
		}
	}

	link := t.TempDir()
	if err := os.Symlink(t.TempDir(), filepath.Join(link, name)); err != nil {
		t.Fatal(err)
	}
	open := t.TempDir()
	if err := os.Mkdir(filepath.Join(open, name), 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(filepath.Join(open, name), 0o777)
	for what, base := range map[string]string{"a link": link, "a directory that is not sticky": open, "no base": filepath.Join(base, "nosuch")} {
		if dir, ok := ownRAMDir(base, uid); ok {
			t.Errorf("ownRAMDir with %s = %q, true; want refused", what, dir)
		}
	}
	if uid == 0 {
		other := t.TempDir()
		d := filepath.Join(other, "queensjudge-tests-65534")
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
		os.Chmod(d, 0o777|os.ModeSticky)
		if dir, ok := ownRAMDir(other, 65534); ok {
			t.Errorf("ownRAMDir of root's directory for user 65534 = %q, true; want refused", dir)
		}
	}
}
