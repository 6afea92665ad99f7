package main

import (
	"bytes"
	be "encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// damage overwrites the cell pointers of the first b-tree table leaf page
// of the cache at path that holds the text mark: every row on the page then
// points outside it, which SQLite's integrity check reports cell by cell.
// The page header stays, so the file still opens as a database. It returns
// the number of cells damaged.
func damage(t *testing.T, path, mark string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) < 100 || string(data[:16]) != "SQLite format 3\x00" {
		t.Fatalf("%s is not a SQLite file", path)
	}
	pageSize := int(be.BigEndian.Uint16(data[16:18]))
	if pageSize == 1 {
		pageSize = 65536
	}
	for off := pageSize; off+pageSize <= len(data); off += pageSize { // page 1 holds the schema
		page := data[off : off+pageSize]
		const tableLeaf = 0x0d
		if page[0] != tableLeaf || !bytes.Contains(page, []byte(mark)) {
			continue
		}
		cells := int(be.BigEndian.Uint16(page[3:5]))
		for i := 8; i < 8+2*cells; i++ {
			page[i] = 0xff
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return cells
	}
	t.Fatalf("no table leaf page of %s holds %q", path, mark)
	return 0
}

// TestDamagedCache damages the page of a real cache that links the problem
// ids of a set: doctor reports what SQLite's integrity check finds and exits
// 1, and every command that would write refuses, pointing at doctor, and
// leaves the file as it was.
func TestDamagedCache(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "cache.db")
	const set = "testdata/example/contest.yaml"
	if _, errs, code := queensjudge(t, db, "solve", set); code != 0 {
		t.Fatalf("solve: exit %d\n%s", code, errs)
	}
	cells := damage(t, db, "eight-queens")
	sums := fileHashes(t, []string{db})

	for _, args := range [][]string{{"doctor"}, {"doctor", "--fix"}} {
		out, errs, code := queensjudge(t, db, args...)
		if code != 1 || !strings.Contains(out, "integrity: ") || !strings.Contains(out, "Offset 65535 out of range") {
			t.Errorf("%q on a damaged cache: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 1 and the integrity check's findings", args, code, out, errs)
		}
		if n := strings.Count(out, "Offset 65535 out of range"); n != cells {
			t.Errorf("%q printed %d damaged cells, want each of the %d:\n%s", args, n, cells, out)
		}
		if !strings.Contains(errs, "damaged") || !strings.Contains(errs, "nothing was changed") {
			t.Errorf("%q on a damaged cache: stderr %q, want it to say the cache is damaged and was not changed", args, errs)
		}
		sameHashes(t, "after doctor", sums)
	}

	_, parts := shardParts(t, dir, 2)
	answer := filepath.Join(dir, "answer.txt")
	if err := os.WriteFile(answer, []byte("92\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"solve", set},
		{"key", "--out", filepath.Join(dir, "key.yaml"), set},
		{"judge", set, "testdata/example/submissions"},
		{"check", set, "eight-queens", answer},
		{"regrade", set},
		append([]string{"merge", db}, parts...),
	} {
		_, errs, code := queensjudge(t, db, args...)
		if code == 0 || !strings.Contains(errs, "damaged") || !strings.Contains(errs, "queensjudge doctor") {
			t.Errorf("%s on a damaged cache: exit %d, stderr:\n%s\nwant a refusal that points at queensjudge doctor", args[0], code, errs)
		}
		sameHashes(t, "after "+args[0], sums)
	}

	// validate reads what is cached, and refuses to store what is not.
	input, noAnswer := filepath.Join(dir, "n.in"), filepath.Join(dir, "empty.ans")
	if err := os.WriteFile(noAnswer, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		n, output string
		status    int
	}{
		{"8", "92", exitAccepted},
		{"7", "40", exitFailure},
	} {
		if err := os.WriteFile(input, []byte(c.n+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		feedback := t.TempDir()
		cmd := binary(t, c.output+"\n", "--db", db, "validate", input, noAnswer, feedback, "kind=nqueens", "ask=count")
		out, _ := cmd.CombinedOutput()
		if got := cmd.ProcessState.ExitCode(); got != c.status {
			t.Errorf("validate n=%s on a damaged cache: exit %d, want %d\n%s", c.n, got, c.status, out)
		}
		if c.status == exitFailure && !strings.Contains(string(out), "damaged") {
			t.Errorf("validate n=%s on a damaged cache: %s, want it to say the cache is damaged", c.n, out)
		}
		sameHashes(t, "after validate", sums)
	}
}
