package problems

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/testflag"
)

// TestBad loads every broken set in testdata/bad and compares the error with
// the matching .golden file. Run with -update to rewrite those, and review
// the diff like code.
func TestBad(t *testing.T) {
	files, err := filepath.Glob("testdata/bad/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no files in testdata/bad: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			s, err := Load(file)
			if err == nil {
				t.Fatalf("Load(%s) = a set of %d problems, want an error", file, len(s.Problems))
			}
			if s != nil {
				t.Errorf("Load(%s) returned a set as well as an error", file)
			}
			checkErrors(t, file, err)
			got := err.Error() + "\n"
			golden := strings.TrimSuffix(file, ".yaml") + ".golden"
			if testflag.Update() {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("Load(%s) error:\n%s\nwant:\n%s", file, got, want)
			}
		})
	}
}

// checkErrors checks the contract of a Parse error: each mistake an *Error
// naming file and a line, in line order, one line long, with no trailing
// period.
func checkErrors(t *testing.T, file string, err error) {
	t.Helper()
	last := 0
	for _, e := range flatten(err) {
		var pe *Error
		if !errors.As(e, &pe) {
			t.Errorf("error %q is a %T, want *Error", e, e)
			continue
		}
		if pe.File != file {
			t.Errorf("error %q names file %q, want %q", e, pe.File, file)
		}
		if pe.Line < 1 {
			t.Errorf("error %q has no line", e)
		}
		if pe.Line < last {
			t.Errorf("error %q at line %d comes after one at line %d", e, pe.Line, last)
		}
		last = pe.Line
		if msg := pe.Msg; msg == "" || strings.ContainsAny(msg, "\n\r") || strings.HasSuffix(msg, ".") {
			t.Errorf("error message %q is empty, not one line or ends in a period", msg)
		}
	}
}

func TestLoadTooLarge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge.yaml")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	// A sparse 200 MB file: Load must refuse it from its size, unread.
	if err := f.Truncate(200 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = Load(path)
	want := path + ": file has 209715200 bytes, more than the 1048576 allowed"
	if err == nil || err.Error() != want {
		t.Errorf("Load(200 MB file) error = %v, want %s", err, want)
	}

	// Read, a file too large is reported at the line where it passes
	// the limit.
	data := bytes.Repeat([]byte("# sixteen bytes\n"), MaxFileSize/16+1)
	_, err = Parse("big.yaml", data)
	want = "big.yaml:65537: file has 1048592 bytes, more than the 1048576 allowed, from this line on"
	if err == nil || err.Error() != want {
		t.Errorf("Parse(MaxFileSize+1 bytes) error = %v, want %s", err, want)
	}
}

func TestLoadStdinTooLarge(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		// More than the limit, and more than Load may read: the write
		// fails once Load closes nothing and stops reading, so ignore it.
		w.Write(make([]byte, MaxFileSize+4096))
		w.Close()
	}()
	defer r.Close()
	stdin := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = stdin }()
	_, err = Load("-")
	want := "stdin:1: file has more than the 1048576 bytes allowed, from this line on"
	if err == nil || err.Error() != want {
		t.Errorf("Load(-) of a large input: error = %v, want %s", err, want)
	}
}

func TestLoadMissing(t *testing.T) {
	_, err := Load("testdata/no-such-file.yaml")
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load(missing file) error = %v, want one matching os.ErrNotExist", err)
	}
}
