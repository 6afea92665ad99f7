package command

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"gopkg.in/yaml.v3" // to read back what the program writes through problems.WriteYAML

	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/solver"
)

// bigPlacementSet writes a set with one problem, an n-queens placement, and
// returns its path.
func bigPlacementSet(t *testing.T, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "big.yaml")
	text := fmt.Sprintf("name: big\nproblems:\n  - {id: big, kind: nqueens, n: %d, ask: placement}\n", n)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBigPlacementMemory prints a 1,000,000-queen placement with solve, key
// and show in every format (every pair with -long), each in a process of its
// own, and holds the peak resident memory of each to a bound: the answer is written as it is
// read, never held as a value, let alone as a YAML node per column. The
// placement itself takes 16 MB of squares and 7 MB of text, and SQLite a
// copy or two of the text; each command peaked at about 40 MB (50 MB for the
// first, which solves and stores it), where the writers that held the
// answer whole took 90 to 110 MB in table, JSON and CSV and 1.2 GB in YAML.
func TestBigPlacementMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the peak memory of a process is read from Linux's rusage")
	}
	const (
		n     = 1_000_000
		bound = 80 << 20 // bytes
	)
	set := bigPlacementSet(t, n)
	db := filepath.Join(t.TempDir(), "cache.db")
	run := func(t *testing.T, args ...string) {
		out, err := os.Create(filepath.Join(t.TempDir(), "out"))
		if err != nil {
			t.Fatal(err)
		}
		defer out.Close()
		cmd := binary(t, "", append([]string{"--db", db, "--quiet"}, args...)...)
		cmd.Stdout = out
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%v\n%s", err, stderr.String())
		}
		peak := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // KiB on Linux
		size, _ := out.Seek(0, 1)
		t.Logf("%.1f MiB peak, %d bytes out", float64(peak)/(1<<20), size)
		if peak > bound {
			t.Errorf("peak resident memory %.1f MiB, want at most %d MiB", float64(peak)/(1<<20), bound>>20)
		}
		if args[2] != "table" && size < n {
			t.Errorf("%d bytes out, want more than %d", size, n)
		}
	}
	t.Run("key yaml, solving", func(t *testing.T) { run(t, "key", "--format", "yaml", set) })
	// Then from the cache, two at a time: every format and every command,
	// not every pair but with -long. All three commands print through the
	// same writers; solve and key read the answer with store.DB.Result,
	// show with Lookup.
	sample := map[string]string{"json": "solve", "yaml": "show", "csv": "key", "table": "show"}
	t.Run("cached", func(t *testing.T) {
		for _, format := range output.Formats {
			f := string(format)
			for _, c := range []string{"solve", "key", "show"} {
				if sample[f] != c && !testflag.Long() {
					continue
				}
				args := []string{c, "--format", f, set}
				if c == "show" {
					args[3] = "big"
				}
				t.Run(c+" "+f, func(t *testing.T) {
					t.Parallel()
					run(t, args...)
				})
			}
		}
	})
}

// TestBigPlacementReadsBack prints a placement longer than every buffer on
// the way with solve, key and show in every format, reads each back as a
// reader of that format would (encoding/json, yaml.v3, encoding/csv, the
// table's cell) and checks that the columns are the solver's, and a valid
// placement.
func TestBigPlacementReadsBack(t *testing.T) {
	const n = 20_000
	set := bigPlacementSet(t, n)
	db := filepath.Join(t.TempDir(), "cache.db")
	want, _ := solver.Construct(n)
	for i := range want {
		want[i]++
	}
	if v := solver.Check(solver.Problem{Kind: solver.NQueens, N: n}, placementOf(want)); v != nil {
		t.Fatalf("the constructed placement: %v", v)
	}
	check := func(what string, cols []int) {
		t.Helper()
		if len(cols) != n {
			t.Fatalf("%s: %d columns, want %d", what, len(cols), n)
		}
		for i := range cols {
			if cols[i] != want[i] {
				t.Fatalf("%s: column %d of row %d, want %d", what, cols[i], i+1, want[i])
			}
		}
		if v := solver.Check(solver.Problem{Kind: solver.NQueens, N: n}, placementOf(cols)); v != nil {
			t.Fatalf("%s: %v", what, v)
		}
	}
	for _, format := range output.Formats {
		f := string(format)
		for _, args := range [][]string{
			{"solve", "--format", f, set},
			{"key", "--format", f, set},
			{"show", "--format", f, "big"},
		} {
			what := strings.Join(args[:3], " ")
			out, errs, code := queensjudge(t, db, args...)
			if code != 0 {
				t.Fatalf("%s: exit %d\n%s", what, code, errs)
			}
			switch f {
			case "json":
				var rows []struct{ Answer []int }
				if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 1 {
					t.Fatalf("%s: %d rows, %v", what, len(rows), err)
				}
				check(what, rows[0].Answer)
			case "yaml":
				var rows []struct{ Answer []int }
				if err := yaml.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 1 {
					t.Fatalf("%s: %d rows, %v", what, len(rows), err)
				}
				check(what, rows[0].Answer)
			case "csv":
				records, err := csv.NewReader(strings.NewReader(out)).ReadAll()
				if err != nil || len(records) != 2 || records[0][6] != "answer" {
					t.Fatalf("%s: %d records, %v", what, len(records), err)
				}
				var cols []int
				if err := json.Unmarshal([]byte(records[1][6]), &cols); err != nil {
					t.Fatalf("%s: answer cell: %v", what, err)
				}
				check(what, cols)
			case "table":
				lines := strings.Split(strings.TrimSpace(out), "\n")
				var prefix []string
				for i := range want[:17] {
					prefix = append(prefix, strconv.Itoa(want[i]))
				}
				if cell := strings.Join(prefix, " ") + " …"; len(lines) != 2 || !strings.Contains(lines[1], "  "+cell) {
					t.Fatalf("%s: want a row with the cell %q, got\n%s", what, cell, out)
				}
			}
		}
	}
}

// placementOf returns the placement with the queen of row r in the 1-based
// column cols[r].
func placementOf(cols []int) solver.Placement {
	zero := make([]int, len(cols))
	for i, c := range cols {
		zero[i] = c - 1
	}
	return solver.FromColumns(zero)
}
