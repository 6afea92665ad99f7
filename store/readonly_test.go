package store

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readOnlyFile makes the cache file at path, and its directory, such that
// this process cannot write them, restoring the permissions when t ends. It
// skips t when run as root, whom permissions do not stop: the root package's
// TestReadOnlyCache covers root, with a read-only bind mount.
func readOnlyFile(t *testing.T, path string) {
	t.Helper()
	if os.Geteuid() == 0 {
		t.Skip("root writes whatever the permissions say; TestReadOnlyCache in the root package mounts the cache read-only")
	}
	dir := filepath.Dir(path)
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
}

// TestOpenReadOnly opens a cache this process may not write: it reads, it
// refuses every write with ErrReadOnly naming the file, and the file and
// its directory are left as they were.
func TestOpenReadOnly(t *testing.T) {
	ctx := context.Background()
	db, path := openTemp(t)
	r := countResult(8, 92)
	if err := db.Put(ctx, r, nil); err != nil {
		t.Fatal(err)
	}
	if err := db.Link(ctx, "s", "q", r.Key.DefHash); err != nil {
		t.Fatal(err)
	}
	db.Close()
	readOnlyFile(t, path)
	before, _ := os.ReadFile(path)

	db, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("Open a read-only cache = %v", err)
	}
	defer db.Close()
	if !db.ReadOnly() {
		t.Error("ReadOnly() = false")
	}
	if got, ok, err := db.Result(ctx, r.Key); !ok || err != nil || got.Answer.Count != 92 {
		t.Errorf("Result = %d, %v, %v; want 92", got.Answer.Count, ok, err)
	}
	if es, err := db.Lookup(ctx, "s", "q"); err != nil || len(es) != 1 || !es[0].OK {
		t.Errorf("Lookup = %+v, %v", es, err)
	}
	err = db.Link(ctx, "s", "q2", r.Key.DefHash)
	if !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), "cache "+path+" is read-only") {
		t.Errorf("Link on a read-only cache = %v, want ErrReadOnly naming the file", err)
	}
	if _, err := db.Fix(ctx, "2"); !errors.Is(err, ErrReadOnly) {
		t.Errorf("Fix on a read-only cache = %v, want ErrReadOnly", err)
	}
	db.Close()
	if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
		t.Error("the read-only cache changed")
	}
	if names, _ := filepath.Glob(path + "*"); len(names) != 1 {
		t.Errorf("files beside the cache: %q", names)
	}
}
