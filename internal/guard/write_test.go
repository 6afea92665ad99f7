package guard

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/queensjudge/queensjudge/internal/status"
)

// text returns a write func that writes s.
func text(s string) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	}
}

// mustRead returns the content of the file at path.
func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// names returns the names in the directory dir, sorted.
func names(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ns []string
	for _, e := range es {
		ns = append(ns, e.Name())
	}
	return ns
}

// mustClaim claims c with g.
func mustClaim(t *testing.T, g *Guard, c claim) string {
	t.Helper()
	p, err := c.do(g)
	if err != nil {
		t.Fatalf("%v = %v", c, err)
	}
	return p
}

func TestWriteFile(t *testing.T) {
	tree(t)
	g := New()
	p := mustClaim(t, g, out("./new.txt"))
	if err := g.WriteFile(p, 0o640, nil, text("hello\n")); err != nil {
		t.Fatal(err)
	}
	if got := mustRead(t, "new.txt"); got != "hello\n" {
		t.Errorf("new.txt = %q, want %q", got, "hello\n")
	}
	fi, err := os.Stat("new.txt")
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != 0o640 {
		t.Errorf("mode = %v, want %v", got, fs.FileMode(0o640))
	}
	var stdout bytes.Buffer
	if err := g.WriteFile("-", 0o644, &stdout, text("out\n")); err != nil || stdout.String() != "out\n" {
		t.Errorf("WriteFile(-) wrote %q, %v, want %q", stdout.String(), err, "out\n")
	}
}

// TestWriteFileErrorKeepsOld: an error from write leaves the old content
// and no temporary file.
func TestWriteFileErrorKeepsOld(t *testing.T) {
	dir := tree(t)
	before := names(t, dir)
	g := New()
	mustClaim(t, g, out("out.txt"))
	mustClaim(t, g, out("new.txt"))
	boom := errors.New("boom")
	for _, path := range []string{"out.txt", "new.txt"} {
		err := g.WriteFile(path, 0o644, nil, func(w io.Writer) error {
			io.WriteString(w, "half")
			return boom
		})
		if !errors.Is(err, boom) {
			t.Errorf("WriteFile(%s) = %v, want boom", path, err)
		}
	}
	if got := mustRead(t, "out.txt"); got != "out.txt\n" {
		t.Errorf("out.txt = %q after a failed write, want the old content", got)
	}
	if got := names(t, dir); !slices.Equal(got, before) {
		t.Errorf("directory holds %v after failed writes, want %v", got, before)
	}
}

// TestWriteFileDevice: /dev/null is written in place and stays a device.
func TestWriteFileDevice(t *testing.T) {
	tree(t)
	g := New()
	p := mustClaim(t, g, out("/dev/null"))
	if err := g.WriteFile(p, 0o644, nil, text("gone\n")); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat("/dev/null")
	if err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
		t.Errorf("/dev/null after WriteFile: %v, %v, want a character device", fi.Mode(), err)
	}
}

// TestWriteFileOpenFile: /proc/self/fd/N (as /dev/stdout when stdout is
// a file) is appended to in place: replacing the file would cut the open
// file off from its name.
func TestWriteFileOpenFile(t *testing.T) {
	tree(t)
	f, err := os.Create("stdout.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	io.WriteString(f, "first\n")
	name := fmt.Sprintf("/proc/self/fd/%d", f.Fd())
	if _, err := os.Lstat(name); err != nil {
		t.Skip("no /proc")
	}
	g := New()
	p := mustClaim(t, g, out(name))
	if err := g.WriteFile(p, 0o644, nil, text("second\n")); err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "third\n")
	if got, want := mustRead(t, "stdout.txt"), "first\nsecond\nthird\n"; got != want {
		t.Errorf("stdout.txt = %q, want %q", got, want)
	}
}

// TestWriteFileThroughSymlink: the file a symlink leads to is replaced,
// and the link kept.
func TestWriteFileThroughSymlink(t *testing.T) {
	tree(t)
	if err := os.Symlink("out.txt", "outlink"); err != nil {
		t.Fatal(err)
	}
	g := New()
	p := mustClaim(t, g, out("outlink"))
	if err := g.WriteFile(p, 0o644, nil, text("new\n")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat("outlink"); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("outlink after WriteFile: %v, want a symlink still", err)
	}
	if got := mustRead(t, "out.txt"); got != "new\n" {
		t.Errorf("out.txt = %q, want %q", got, "new\n")
	}
}

// TestWriteFileRefused: what WriteFile does not write, and that nothing
// is written.
func TestWriteFileRefused(t *testing.T) {
	for _, tc := range []struct {
		name   string
		inputs []string
		claims []claim
		path   string
		usage  bool // a usage error, else a plain one
		want   string
	}{
		{"not claimed", nil, []claim{out("x")}, "y", false, "not an output the command claimed"},
		{"input inside the output directory", []string{"real/set.yaml"}, []claim{outDir("real")}, "real/set.yaml", true, "would write over real/set.yaml"},
		{"input directory inside the output directory", []string{"deep/inner"}, []claim{outDir("deep")}, "deep/inner/x", true, "is inside deep/inner"},
		{"hard link of an input inside the output directory", []string{"in.yaml"}, []claim{outDir(".")}, "hard.yaml", true, "would write over in.yaml"},
		{"symlink out of the output directory", nil, []claim{outDir("real")}, "real/link/x", false, "a symlink leads it out of OUTDIR real"},
		{"the output directory itself", nil, []claim{outDir("real")}, "real", false, "it is OUTDIR, a directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := tree(t)
			os.WriteFile("real/set.yaml", []byte("set\n"), 0o644)
			os.Symlink("../deep", "real/link")
			g := New()
			g.Input(tc.inputs...)
			for _, c := range tc.claims {
				mustClaim(t, g, c)
			}
			before := names(t, dir)
			err := g.WriteFile(tc.path, 0o644, nil, text("x\n"))
			if err == nil || (status.KindOf(err) == status.Usage) != tc.usage || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("WriteFile(%s) = %v (usage %v), want %q (usage %v)", tc.path, err, status.KindOf(err) == status.Usage, tc.want, tc.usage)
			}
			if err := g.Check(tc.path); err == nil {
				t.Errorf("Check(%s) = nil, want an error", tc.path)
			}
			if got := names(t, dir); !slices.Equal(got, before) {
				t.Errorf("directory holds %v, want %v", got, before)
			}
			if got := mustRead(t, "real/set.yaml"); got != "set\n" {
				t.Errorf("real/set.yaml = %q, want it unchanged", got)
			}
		})
	}
}

// TestRemoveAll: only what this run made is removed; the rest is refused
// and left intact.
func TestRemoveAll(t *testing.T) {
	tree(t)
	if err := os.WriteFile("real/keep.txt", []byte("keep\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	g := New()
	g.Input("in.yaml", "subs")
	mustClaim(t, g, outDir("real"))
	mustClaim(t, g, out("out.txt"))
	if err := g.WriteFile("out.txt", 0o644, nil, text("replaced\n")); err != nil {
		t.Fatal(err)
	}
	// Made by this run: removed.
	tmp, err := g.TempDir("real", ".stage.*")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.WriteFile(filepath.Join(tmp, "f"), 0o644, nil, text("f\n")); err != nil {
		t.Fatal(err)
	}
	if err := g.MkdirAll("real/a/b"); err != nil {
		t.Fatal(err)
	}
	if err := g.WriteFile("real/new.txt", 0o644, nil, text("new\n")); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{tmp, "real/a", "real/new.txt", "real/never-made"} {
		if err := g.RemoveAll(path); err != nil {
			t.Errorf("RemoveAll(%s) = %v, want it removed", path, err)
		}
		if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s after RemoveAll: %v, want it gone", path, err)
		}
	}
	// Not made by this run, or holding an input: refused and intact.
	if err := g.MkdirAll("real/m"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("real/m/late.yaml", []byte("late\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	g.Input("real/m/late.yaml")
	for _, tc := range []struct{ path, content string }{
		{"real", ""},
		{"dirlink", ""},
		{"real/keep.txt", "keep\n"},
		{"out.txt", "replaced\n"}, // written by this run, but it was there before
		{"in.yaml", "in.yaml\n"},
		{"subs", ""},
		{"subs/a.txt", "subs/a.txt\n"},
		{"real/m", ""},
		{"real/m/late.yaml", "late\n"},
	} {
		err := g.RemoveAll(tc.path)
		if err == nil || !strings.Contains(err.Error(), "left alone") {
			t.Errorf("RemoveAll(%s) = %v, want a refusal", tc.path, err)
		}
		if _, err := os.Lstat(tc.path); err != nil {
			t.Errorf("%s after a refused RemoveAll: %v", tc.path, err)
		} else if tc.content != "" && mustRead(t, tc.path) != tc.content {
			t.Errorf("%s = %q after a refused RemoveAll, want %q", tc.path, mustRead(t, tc.path), tc.content)
		}
	}
}

// TestRenameAndLink moves what a staging directory holds into place: a
// file replaced, a new hard link beside it, the staging directory gone.
func TestRenameAndLink(t *testing.T) {
	tree(t)
	if err := os.WriteFile("real/f", []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	g := New()
	mustClaim(t, g, outDir("real"))
	stage, err := g.TempDir("real", ".stage.*")
	if err != nil {
		t.Fatal(err)
	}
	f, h := filepath.Join(stage, "f"), filepath.Join(stage, "h")
	if err := g.WriteFile(f, 0o755, nil, text("new\n")); err != nil {
		t.Fatal(err)
	}
	if err := g.Link(f, h); err != nil {
		t.Fatal(err)
	}
	for _, m := range [][2]string{{f, "real/f"}, {h, "real/h"}} {
		if err := g.Rename(m[0], m[1]); err != nil {
			t.Fatalf("Rename(%s, %s) = %v", m[0], m[1], err)
		}
	}
	fi, _ := os.Stat("real/f")
	hi, _ := os.Stat("real/h")
	if got := mustRead(t, "real/f"); got != "new\n" || fi == nil || hi == nil || !os.SameFile(fi, hi) {
		t.Errorf("real/f = %q, linked to real/h %v, want %q, linked", got, fi != nil && hi != nil && os.SameFile(fi, hi), "new\n")
	}
	if err := g.Rename("out.txt", "real/o"); err == nil || !strings.Contains(err.Error(), "did not make") {
		t.Errorf("Rename(out.txt) = %v, want a refusal", err)
	}
	if err := g.RemoveAll(stage); err != nil {
		t.Errorf("RemoveAll(%s) = %v", stage, err)
	}
	if err := g.RemoveAll("real/f"); err == nil {
		t.Errorf("RemoveAll(real/f) = nil, want a refusal: it was there before")
	}
	if err := g.RemoveAll("real/h"); err != nil {
		t.Errorf("RemoveAll(real/h) = %v, want it removed: this run made it", err)
	}
	if got := names(t, "real"); !slices.Equal(got, []string{"f"}) {
		t.Errorf("real holds %v, want [f]", got)
	}
}

// TestConcurrentWrites writes files under one directory from several
// goroutines (go test -race checks the guard's lock).
func TestConcurrentWrites(t *testing.T) {
	tree(t)
	g := New()
	mustClaim(t, g, outDir("real"))
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			dir := fmt.Sprintf("real/d%d", i%3)
			if err := g.MkdirAll(dir); err != nil {
				t.Error(err)
				return
			}
			if err := g.WriteFile(fmt.Sprintf("%s/f%d", dir, i), 0o644, nil, text("x")); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	for i := range 8 {
		if got := mustRead(t, fmt.Sprintf("real/d%d/f%d", i%3, i)); got != "x" {
			t.Errorf("f%d = %q, want %q", i, got, "x")
		}
	}
	if err := g.RemoveAll("real/d0"); err != nil {
		t.Errorf("RemoveAll(real/d0) = %v", err)
	}
}
