package guard

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestResolveMemo resolves paths of a tree with symlinks of every kind
// (to files and directories, relative and absolute, chained, dangling, a
// loop, a directory reached through a link) and names that do not exist,
// with the memo Input and walk use and without it: each path must resolve
// to the same place both ways, in any order.
func TestResolveMemo(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	mk := func(rel string) {
		if err := os.MkdirAll(filepath.Join(root, rel), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	file := func(rel string) {
		if err := os.WriteFile(filepath.Join(root, rel), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(to, rel string) {
		if err := os.Symlink(to, filepath.Join(root, rel)); err != nil {
			t.Fatal(err)
		}
	}
	mk("a/b/c")
	mk("d")
	file("a/b/c/f.txt")
	file("d/g.txt")
	link("b", "a/lb")                                 // relative, to a directory
	link(filepath.Join(root, "d"), "a/b/ld")          // absolute, to a directory
	link("../../../d/g.txt", "a/b/c/lg")              // relative, to a file
	link("lg", "a/b/c/chain")                         // a link to a link
	link("nowhere/at/all", "a/b/dangling")            // dangling
	link("loop2", "a/loop1")                          // a loop
	link("loop1", "a/loop2")                          //
	link(filepath.Join(root, "a", "lb", "c"), "d/lc") // through another link
	file("d/notadir")
	var paths []string
	for _, rel := range []string{
		"", "a", "a/b", "a/b/c", "a/b/c/f.txt", "a/b/c/f.txt-wal", "a/lb", "a/lb/c/f.txt",
		"a/lb/c/new", "a/b/ld", "a/b/ld/g.txt", "a/b/ld/new/deeper", "a/b/c/lg", "a/b/c/lg-wal",
		"a/b/c/chain", "a/b/dangling", "a/b/dangling/under", "a/loop1", "a/loop1/x",
		"d/lc/f.txt", "d/lc/new", "d/notadir/x", "nosuch/dir/file", "d/g.txt-journal",
	} {
		paths = append(paths, filepath.Join(root, rel))
	}
	g := New()
	want := map[string]string{}
	for _, p := range paths {
		want[p] = g.resolveDepth(p, 0)
	}
	backwards := slices.Clone(paths)
	slices.Reverse(backwards)
	for _, order := range [][]string{paths, backwards} {
		g.resolved = map[string]string{}
		for _, p := range order {
			if got := g.resolve(p); got != want[p] {
				t.Errorf("resolve(%s) with the memo = %s, without = %s", p, got, want[p])
			}
		}
		g.resolved = nil
	}
}
