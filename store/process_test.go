package store

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The tests in this file run the test binary again as separate processes
// that write to one cache file, as two queensjudge runs would.

// TestHelperProcess is not a test: run by helper, it opens the cache
// $STORE_HELPER_PATH and puts $STORE_HELPER_PUTS results (forever when 0)
// of $STORE_HELPER_SOLUTIONS solutions each, linked as set
// $STORE_HELPER_NAME, ids p0, p1, .... It prints "ready" after the first.
func TestHelperProcess(t *testing.T) {
	name := os.Getenv("STORE_HELPER_NAME")
	if name == "" {
		return
	}
	fail := func(err error) {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	puts, _ := strconv.Atoi(os.Getenv("STORE_HELPER_PUTS"))
	k, _ := strconv.Atoi(os.Getenv("STORE_HELPER_SOLUTIONS"))
	ctx := context.Background()
	db, err := Open(ctx, os.Getenv("STORE_HELPER_PATH"))
	if err != nil {
		fail(err)
	}
	for i := 0; puts == 0 || i < puts; i++ {
		r := solutionsResult(fmt.Sprint(name, i), k)
		if err := db.Put(ctx, r, placements(k)); err != nil {
			fail(err)
		}
		if err := db.Link(ctx, name, fmt.Sprint("p", i), r.Key.DefHash); err != nil {
			fail(err)
		}
		if i == 0 {
			fmt.Println("ready")
		}
	}
	if err := db.Close(); err != nil {
		fail(err)
	}
	os.Exit(0)
}

// helper returns the command that runs TestHelperProcess.
func helper(path, name string, puts, solutions int) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(),
		"TMPDIR="+filepath.Dir(path), // a killed Put leaves its spool file here
		"STORE_HELPER_PATH="+path,
		"STORE_HELPER_NAME="+name,
		fmt.Sprint("STORE_HELPER_PUTS=", puts),
		fmt.Sprint("STORE_HELPER_SOLUTIONS=", solutions))
	return cmd
}

// checkComplete fails t unless the file passes SQLite's integrity check and
// every result holds exactly the solutions it counts.
func checkComplete(t *testing.T, path string) (results int) {
	t.Helper()
	r := raw(t, path)
	var check string
	if err := r.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check = %q, %v", check, err)
	}
	rows, err := r.Query(`SELECT r.def_hash, r.count,
		(SELECT count(*) FROM solutions AS s
			WHERE s.def_hash = r.def_hash AND s.solver_version = r.solver_version)
		FROM results AS r`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			h     string
			count string
			n     int
		)
		if err := rows.Scan(&h, &count, &n); err != nil {
			t.Fatal(err)
		}
		if count != strconv.Itoa(n) {
			t.Errorf("result %.12s counts %s solutions, has %d", h, count, n)
		}
		results++
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return results
}

func TestTwoProcesses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache.db")
	const puts = 100
	names := []string{"left", "right"}
	var cmds []*exec.Cmd
	var outs []*strings.Builder
	for _, name := range names {
		cmd := helper(path, name, puts, 200)
		var out strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds, outs = append(cmds, cmd), append(outs, &out)
	}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("process %s: %v\n%s", names[i], err, outs[i])
		}
	}
	if got := checkComplete(t, path); got != len(names)*puts {
		t.Errorf("%d results, want %d", got, len(names)*puts)
	}
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, name := range names {
		for i := range puts {
			es, err := db.Lookup(context.Background(), name, fmt.Sprint("p", i))
			if err != nil || len(es) != 1 || !es[0].OK {
				t.Errorf("Lookup(%s, p%d) = %+v, %v; want one solved entry", name, i, es, err)
			}
		}
	}
}

// TestKilledMidPut kills a process that puts results one after another and
// checks that no result is half-written. Where the kill lands is chance; the
// process spends most of its time inside Put.
func TestKilledMidPut(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache.db")
	cmd := helper(path, "killed", 0, 2000)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if line != "ready\n" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("helper said %q, %v\n%s", line, err, &stderr)
	}
	time.Sleep(300 * time.Millisecond)
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if stderr.Len() > 0 {
		t.Errorf("helper: %s", &stderr)
	}
	n := checkComplete(t, path)
	if n < 1 {
		t.Errorf("%d results survived, want at least 1", n)
	}
	t.Logf("%d results survived the kill", n)
	// The spools of its solutions lose their names as they are made: the
	// kill leaves none in its TMPDIR.
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "queensjudge-solutions-*")); len(left) > 0 {
		t.Errorf("the kill left spool files: %q", left)
	}
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("reopen after kill: %v", err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}
