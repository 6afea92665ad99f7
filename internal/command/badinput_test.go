package command

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/queensjudge/queensjudge/internal/testflag"
)

// crashed reports whether a run's output shows a panic or a stack trace.
func crashed(out string) bool {
	return strings.Contains(out, "panic:") || strings.Contains(out, "goroutine ") || strings.Contains(out, ".go:")
}

// maxRSS returns the peak memory of a finished command, in MiB.
func maxRSS(cmd *exec.Cmd) int64 {
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss / 1024
	}
	return 0
}

// TestBadProblemSetsThroughTheBinary runs solve on every broken problem set
// of the corpus (problems/testdata/bad, plus a 200 MB file made here): each
// is an error naming the file and a line, exit status 1, no panic, bounded
// memory. Each file is solved in process, for its error and exit status;
// then all of them by one process, whose peak memory (the largest of any
// file's, and of their sum if one leaked) is held to the bound: memory is
// what only a process measures, and one process instead of one a file
// spares 46 start-ups.
func TestBadProblemSetsThroughTheBinary(t *testing.T) {
	files, _ := filepath.Glob("problems/testdata/bad/*.yaml")
	huge := filepath.Join(t.TempDir(), "huge.yaml")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("problems:\n")
	f.Truncate(200 << 20) // 200 MB, sparse
	f.Close()
	files = append(files, huge)
	located := regexp.MustCompile(`^[^:\n]+(:\d+)?: `)
	db := filepath.Join(t.TempDir(), "cache.db")
	for _, file := range files {
		stdout, stderr, code := queensjudge(t, db, "solve", file)
		out := stdout + stderr
		switch {
		case code != 1:
			t.Errorf("%s: exit %d, want 1\n%s", file, code, out)
		case crashed(out):
			t.Errorf("%s: crashed:\n%s", file, out)
		case !located.MatchString(out) || !strings.HasPrefix(out, file):
			t.Errorf("%s: the error does not begin with the file name:\n%s", file, out)
		}
	}
	cmd := binary(t, "", append([]string{"solve"}, files...)...)
	out, err := cmd.CombinedOutput()
	switch code := cmd.ProcessState.ExitCode(); {
	case err != nil && code < 0:
		t.Errorf("solve of every broken set: %v", err)
	case code != 1:
		t.Errorf("solve of every broken set: exit %d, want 1\n%.2000s", code, out)
	case crashed(string(out)):
		t.Errorf("solve of every broken set: crashed:\n%s", out)
	case maxRSS(cmd) > 512:
		t.Errorf("solve of every broken set: %d MiB of memory", maxRSS(cmd))
	}
	for _, file := range files {
		if !strings.Contains(string(out), file+":") {
			t.Errorf("solve of every broken set: no error names %s", file)
		}
	}
	t.Logf("%d broken problem sets, each refused with a located error; %d MiB at most for all", len(files), maxRSS(cmd))
}

// TestBadSubmissionsThroughTheBinary judges a corpus of broken answers made
// here: each gets a verdict, not a crash, in bounded memory. The bound is
// loose (256 MiB; the judge itself peaks at about 25) because a child
// reports as its own the peak memory of this test binary up to the exec,
// which the tests running beside it raise (77 MiB in a run of the suite
// with a bound of 64 MiB). The file
// refused by its size is past the bound, so that it proves that file is
// read through (for the digest of the attempt kept, app's tapReader), not
// held: 300 MiB and a byte, not the 1 GB it was, whose hashing took 2 s.
//
// Those sizes, and so the proof of the bound, are -long (2.4 s of CPU):
// the quick suite judges the same corpus a tenth the size (--max-bytes
// 30 MiB, a file of 30 MiB and a byte, 20 MB of digits), for the verdicts
// and no crash, under the same bound.
func TestBadSubmissionsThroughTheBinary(t *testing.T) {
	t.Parallel() // its own processes and files: it runs beside the others
	maxBytes, digitsMB := 30<<20, 20
	if testflag.Long() {
		maxBytes, digitsMB = 300<<20, 200
	}
	dir := t.TempDir()
	subs := filepath.Join(dir, "subs", "eve")
	if err := os.MkdirAll(subs, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(subs, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("eight-queens", []byte("9\x002\n"))                                        // NUL bytes
	write("twelve-unique", []byte(strings.Repeat("7", 1_000_000)))                   // a 10^6-digit number
	write("cses-sample", []byte("６５\n"))                                             // unicode digits
	write("corner-placement", []byte("1 3 5 2 4 1\n"))                               // a permutation with a repeat
	write("qk6-placement", []byte("Q....\n..Q..\n....Q\n.....\n.N...\n"))            // a board of the wrong size
	write("six-all", []byte("2 4 6 1 3 5\n3 6 2 5 1 4\n2 4 6 1 3 5\n5 3 1 6 4 2\n")) // a duplicate
	write("qk8-max", []byte{0xff, 0xfe, 0x35, 0x00})                                 // binary junk (UTF-16)
	// Past --max-bytes (and, under -long, past the bound), refused by its size.
	big, err := os.Create(filepath.Join(subs, "qk8-count"))
	if err != nil {
		t.Fatal(err)
	}
	big.Truncate(int64(maxBytes) + 1)
	big.Close()
	// Megabytes of real digits, read through: in a team folder of its own, as
	// two files for one problem of one team are judged neither.
	if err := os.MkdirAll(filepath.Join(dir, "subs", "frank"), 0o755); err != nil {
		t.Fatal(err)
	}
	digits, err := os.Create(filepath.Join(dir, "subs", "frank", "eight-queens"))
	if err != nil {
		t.Fatal(err)
	}
	chunk := []byte(strings.Repeat("9", 1<<20))
	for range digitsMB {
		digits.Write(chunk)
	}
	digits.Close()

	cmd := binary(t, "", "judge", "--max-bytes", fmt.Sprint(maxBytes), "--format", "csv", "testdata/example/contest.yaml", filepath.Join(dir, "subs"))
	out, _ := cmd.CombinedOutput()
	if crashed(string(out)) {
		t.Fatalf("judge crashed:\n%s", out)
	}
	want := map[string]string{
		"eight-queens":     "PE",
		"twelve-unique":    "WA",
		"cses-sample":      "PE",
		"corner-placement": "WA",
		"qk6-placement":    "WA",
		"six-all":          "WA",
		"qk8-max":          "PE",
		"qk8-count":        "PE",
	}
	got := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Split(line, ",")
		if len(f) > 3 && (f[0] == "eve" || f[0] == "frank") {
			got[f[1]+"|"+f[6]] = f[2]
			if _, ok := got[f[1]]; !ok {
				got[f[1]] = f[2]
			}
		}
	}
	for problem, verdict := range want {
		if got[problem] != verdict {
			t.Errorf("%s: verdict %q, want %s\n%s", problem, got[problem], verdict, out)
		}
	}
	if v := got["eight-queens|frank/eight-queens"]; v != "WA" {
		t.Errorf("%d MB of digits: verdict %q, want WA", digitsMB, v)
	}
	if rss := maxRSS(cmd); rss > 256 {
		t.Errorf("judging the corpus took %d MiB", rss)
	} else {
		t.Logf("judging the corpus (a %d MiB file, %d MB of digits, a 10^6-digit number) took %d MiB at most", maxBytes>>20, digitsMB, rss)
	}
}
