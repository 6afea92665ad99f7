package command

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestOutToADevice writes a key with --out to a null device and to a FIFO:
// they are written to and stay what they are. (Renaming the key onto the
// path, as for a regular file, replaced a machine's /dev/null.)
func TestOutToADevice(t *testing.T) {
	dir := t.TempDir()
	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil { // major 1, minor 3: /dev/null
		t.Skipf("mknod: %v (needs root)", err)
	}
	db := filepath.Join(dir, "cache.db")
	if _, errs, code := queensjudge(t, db, "key", "--out", null, "testdata/oeis.yaml"); code != 0 {
		t.Fatalf("key --out NULL: exit %d\n%s", code, errs)
	}
	if fi, err := os.Lstat(null); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Errorf("after key --out, the null device is %v (%v), want a character device", fi.Mode(), err)
	}

	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	got := make(chan []byte)
	go func() {
		data, _ := os.ReadFile(fifo)
		got <- data
	}()
	if _, errs, code := queensjudge(t, db, "key", "--format", "csv", "--out", fifo, "testdata/oeis.yaml"); code != 0 {
		t.Fatalf("key --out FIFO: exit %d\n%s", code, errs)
	}
	select {
	case data := <-got:
		if len(data) == 0 {
			t.Error("the FIFO's reader got nothing")
		}
	case <-time.After(5 * time.Second):
		t.Error("the FIFO's reader got nothing in 5 s")
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close() // let the reader go
		}
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("after key --out, the FIFO is %v (%v), want a named pipe", fi.Mode(), err)
	}
}
