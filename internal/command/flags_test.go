package command

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestParseDuration pins the one rule for durations, which every duration
// flag and variable is read by: 0 alone, or decimal numbers each with a
// unit among ns, us, ms, s, m and h, largest first; nothing around them,
// no sign, no µs, no zero with a unit. The bad spellings are Go's
// time.ParseDuration's, which --budget took.
func TestParseDuration(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
	}{
		{"0", 0},
		{"1ns", time.Nanosecond},
		{"1us", time.Microsecond},
		{"1ms", time.Millisecond},
		{"90s", 90 * time.Second},
		{"10m", 10 * time.Minute},
		{"4h", 4 * time.Hour},
		{"1.5h", 90 * time.Minute},
		{"1h30m", 90 * time.Minute},
		{"1h30m0s", 90 * time.Minute}, // as time.Duration prints it
		{"2h45m30.5s", 2*time.Hour + 45*time.Minute + 30500*time.Millisecond},
		{"1s500ms", 1500 * time.Millisecond},
		{"010s", 10 * time.Second},
		{"8766h", 8766 * time.Hour},
	} {
		if got, err := parseDuration(tc.in); err != nil || got != tc.want {
			t.Errorf("parseDuration(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"", "want a duration with a unit"},
		{" 10s", "want a duration with a unit"},
		{"10s ", "want a duration with a unit"},
		{"10s\n", "want a duration with a unit"},
		{"\t10s", "want a duration with a unit"},
		{"10 s", "want a duration with a unit"},
		{"1µs", "want a duration with a unit"}, // U+00B5, as Go spells it
		{"1μs", "want a duration with a unit"}, // U+03BC
		{"5", "want a duration with a unit"},
		{"00", "want a duration with a unit"},
		{"-1s", "want a duration with a unit"},
		{"+10s", "want a duration with a unit"},
		{"-0", "want a duration with a unit"},
		{".5h", "want a duration with a unit"},
		{"1.h", "want a duration with a unit"},
		{"1e3s", "want a duration with a unit"},
		{"1_000s", "want a duration with a unit"},
		{"10S", "want a duration with a unit"},
		{"1d", "want a duration with a unit"},
		{"1m1h", "want a duration with a unit"}, // largest unit first
		{"1s1s", "want a duration with a unit"}, // each unit once
		{"1h 30m", "want a duration with a unit"},
		{"0s", "comes to zero: write 0"},
		{"0h", "comes to zero: write 0"},
		{"0m0s", "comes to zero: write 0"},
		{"0.0s", "comes to zero: write 0"},
		{"0.1ns", "comes to zero: write 0"},
		{"9999999999h", "out of range"},
	} {
		got, err := parseDuration(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("parseDuration(%q) = %v, %v; want an error with %q", tc.in, got, err, tc.want)
		}
	}
}

// TestNumbersAndDurations pins the one rule for numbers (decimal digits)
// and durations as the commands read them, flags and QUEENSJUDGE_BUDGET
// alike: the message names the flag or the variable, with the value quoted
// as given, and gives an example or the range.
func TestNumbersAndDurations(t *testing.T) {
	db := filepath.Join(t.TempDir(), "cache.db")
	for _, tc := range []struct {
		env  string // QUEENSJUDGE_BUDGET; "-" for unset
		args []string
		want string // "" for success
	}{
		{"-", []string{"--timeout", "5"}, `--timeout "5": want a duration with a unit and no sign, such as 90s, 10m or 1h30m`},
		{"-", []string{"--timeout", "-1s"}, `--timeout "-1s": want a duration with a unit`},
		{"-", []string{"--timeout", "1ns"}, `--timeout "1ns": want 1s or more, or 0 for no timeout`},
		{"-", []string{"--timeout", "0s"}, `--timeout "0s": comes to zero: write 0, with no unit, for zero`},
		{"-", []string{"--timeout", " 10s"}, `--timeout " 10s": want a duration with a unit`},
		{"-", []string{"--max-solutions", "0"}, `--max-solutions "0": want 1 or more`},
		{"-", []string{"--jobs", "0x10"}, `--jobs "0x10": want a number in decimal digits, such as 4`},
		{"-", []string{"--jobs", "1_000"}, `--jobs "1_000": want a number in decimal digits`},
		{"-", []string{"--jobs", "+3"}, `--jobs "+3": want a number in decimal digits`},
		{"-", []string{"--jobs", " 3"}, `--jobs " 3": want a number in decimal digits`},
		{"-", []string{"--jobs", "99999999999999999999"}, `--jobs "99999999999999999999": out of range: want a number of at most 20 digits (below 2^64), such as 4`},
		{"-", []string{"--max-bytes", "1e6"}, `--max-bytes "1e6": want a number in decimal digits`},
		{"-", []string{"--budget", "5"}, `--budget "5": want a duration with a unit`},
		{"-", []string{"--budget", " 10s"}, `--budget " 10s": want a duration with a unit`},
		{"-", []string{"--budget", "10s\n"}, `--budget "10s\n": want a duration with a unit`},
		{"-", []string{"--budget", "0s"}, `--budget "0s": comes to zero: write 0`},
		{"-", []string{"--budget", "0h"}, `--budget "0h": comes to zero: write 0`},
		{"-", []string{"--budget", "1µs"}, `--budget "1µs": want a duration with a unit`},
		{"-", []string{"--budget", "500ms"}, `--budget "500ms": want 1s to 8766h (a CPU-year) of CPU time per problem, or 0 for the default, 1m`},
		{"-", []string{"--budget", "8767h"}, `--budget "8767h": want 1s to 8766h`},
		{"5", nil, `QUEENSJUDGE_BUDGET="5": want a duration with a unit`},
		{" 10s", nil, `QUEENSJUDGE_BUDGET=" 10s": want a duration with a unit`},
		{"10s\n", nil, `QUEENSJUDGE_BUDGET="10s\n": want a duration with a unit`},
		{"0s", nil, `QUEENSJUDGE_BUDGET="0s": comes to zero: write 0`},
		{"1µs", nil, `QUEENSJUDGE_BUDGET="1µs": want a duration with a unit`},
		{"500ms", nil, `QUEENSJUDGE_BUDGET="500ms": want 1s to 8766h`},
		{"", nil, `QUEENSJUDGE_BUDGET='': an empty value names nothing: give one, or unset the variable`},
		{"-", []string{"--timeout", "0", "--jobs", "3", "--max-solutions", "5", "--budget", "1m30s"}, ""},
		{"-", []string{"--budget", "0"}, ""},
		{"0", nil, ""},
		{"90s", []string{"--timeout", "1.5h"}, ""},
		{"garbage", []string{"--budget", "10s"}, ""}, // the flag wins; the variable is not read
		{"", []string{"--budget", "10s"}, ""},
	} {
		setEnv(t, budgetEnv, tc.env)
		args := append([]string{"check"}, tc.args...)
		args = append(args, "testdata/oeis.yaml", "q1-count", "-")
		_, errs, code := queensjudge(t, db, args...)
		switch {
		case tc.want == "" && code != 0:
			t.Errorf("%q (%s=%q): exit %d, stderr %q; want 0", args, budgetEnv, tc.env, code, errs)
		case tc.want != "" && (code != 2 || !strings.Contains(errs, "queensjudge: "+tc.want)):
			t.Errorf("%q (%s=%q): exit %d, stderr %q; want 2 and %q", args, budgetEnv, tc.env, code, errs, tc.want)
		}
	}
}

// setEnv sets the variable name to v for the rest of the test, or unsets
// it when v is "-".
func setEnv(t *testing.T, name, v string) {
	t.Helper()
	if v == "-" {
		t.Setenv(name, "") // restored after the test
		os.Unsetenv(name)
		return
	}
	t.Setenv(name, v)
}

// TestEmptyVariableIsEmptyFlag: for every QUEENSJUDGE_ variable the
// program reads, the variable set and empty does what its flag given an
// empty value does: a usage error (exit 2) naming the one that is empty,
// before any work, the default cache untouched. Taken as "unset", an empty
// QUEENSJUDGE_BUDGET meant the default minute where an empty --budget was
// refused. A flag typed with a good value wins, and its empty variable is
// then not read. The table must name every variable flags.go defines, and
// docs/commands.md each of them.
func TestEmptyVariableIsEmptyFlag(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", home) // the default cache, were one opened
	t.Setenv("HOME", home)
	dir := t.TempDir()
	db := filepath.Join(dir, "cache.db")
	variables := []struct {
		env      string
		flag     []string // the flag with an empty value, as typed
		flagWant string
		good     []string // the flag with a good value, which wins over the variable
	}{
		{dbEnv, []string{"--db", ""}, "--db '': an empty value names nothing: give one, or leave the flag out", []string{"--db", db}},
		{budgetEnv, []string{"--budget", ""}, "--budget '': an empty value names nothing: give one, or leave the flag out", []string{"--budget", "10s"}},
		{formatEnv, []string{"--format", ""}, "--format '': an empty value names nothing: give one, or leave the flag out", []string{"--format", "json"}},
		{quietEnv, []string{"--quiet="}, `invalid boolean value "" for -quiet`, []string{"-q"}}, // Go's flag package reads --quiet=
	}

	tested := map[string]bool{}
	for _, v := range variables {
		tested[v.env] = true
	}
	src, err := os.ReadFile("internal/command/flags.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`"(QUEENSJUDGE_[A-Z_]+)"`).FindAllStringSubmatch(string(src), -1) {
		if !tested[m[1]] {
			t.Errorf("flags.go reads %s, which this test does not give empty", m[1])
		}
	}
	global := docSections(t)["global"]

	for _, v := range variables {
		if !strings.Contains(global, "`"+v.env+"`") {
			t.Errorf("docs/commands.md, ## Global flags and the environment, does not name %s", v.env)
		}
		for _, other := range variables {
			setEnv(t, other.env, "-")
		}
		run := func(how string, args []string, want string) {
			t.Helper()
			args = append(append([]string{"queensjudge"}, args...), "check", "testdata/oeis.yaml", "q1-count", "-")
			out, errs, code := runArgs(t, args...)
			if code != 2 || out != "" || !strings.Contains(errs, "queensjudge: "+want) {
				t.Errorf("%s, %q: exit %d, stdout %q, stderr %q; want 2, nothing on stdout and %q", how, args, code, out, errs, want)
			}
			if _, err := os.Stat(db); err == nil {
				t.Errorf("%s: %s was made: the refusal came after the work", how, db)
				os.Remove(db)
			}
			if entries, _ := os.ReadDir(home); len(entries) > 0 {
				t.Errorf("%s: the default cache's directory %s got %v", how, home, entries)
			}
		}
		flagArgs := v.flag
		if v.env != dbEnv {
			flagArgs = append([]string{"--db", db}, flagArgs...)
		}
		run("the flag empty", flagArgs, v.flagWant)

		setEnv(t, v.env, "")
		var envArgs []string
		if v.env != dbEnv {
			envArgs = []string{"--db", db}
		}
		run(v.env+" empty", envArgs, v.env+"='': an empty value names nothing: give one, or unset the variable")

		args := append([]string{"queensjudge"}, v.good...)
		if v.env != dbEnv {
			args = append(args, "--db", db)
		}
		args = append(args, "check", "testdata/oeis.yaml", "q1-count", "-")
		if _, errs, code := runArgs(t, args...); code != 0 {
			t.Errorf("%s empty, %q: exit %d, stderr %q; want 0: the flag wins, and its variable is not read", v.env, args, code, errs)
		}
		os.Remove(db)
	}
}
