package command

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestNumbersAndDurations pins the one rule for numbers (decimal digits)
// and durations (a number with a unit, or 0), and messages that name the
// flag as typed and give an example.
func TestNumbersAndDurations(t *testing.T) {
	db := filepath.Join(t.TempDir(), "cache.db")
	for _, tc := range []struct {
		env  string // QUEENSJUDGE_BUDGET
		args []string
		want string // "" for success
	}{
		{"", []string{"--timeout", "5"}, `--timeout "5": want a duration with a unit and no sign, such as 90s, 10m or 1h30m`},
		{"", []string{"--timeout", "-1s"}, `--timeout "-1s": want a duration with a unit`},
		{"", []string{"--timeout", "1ns"}, `--timeout 1ns: want 1s or more, or 0 for no timeout`},
		{"", []string{"--max-solutions", "0"}, `--max-solutions "0": want 1 or more`},
		{"", []string{"--jobs", "0x10"}, `--jobs "0x10": want a number in decimal digits, such as 4`},
		{"", []string{"--jobs", "1_000"}, `--jobs "1_000": want a number in decimal digits`},
		{"", []string{"--jobs", "+3"}, `--jobs "+3": want a number in decimal digits`},
		{"", []string{"--jobs", "99999999999999999999"}, `--jobs "99999999999999999999": out of range: want a number of at most 20 digits (below 2^64), such as 4`},
		{"", []string{"--budget", "5"}, `--budget "5": want a duration with a unit`},
		{"", []string{"--budget", "500ms"}, `--budget 500ms: want 1s to 8766h`},
		{"5", nil, `QUEENSJUDGE_BUDGET="5": want a duration with a unit`},
		{"", []string{"--max-bytes", "1e6"}, `--max-bytes "1e6": want a number in decimal digits`},
		{"", []string{"--timeout", "0", "--jobs", "3", "--max-solutions", "5", "--budget", "1m30s"}, ""},
		{"90s", []string{"--timeout", "1.5h"}, ""},
	} {
		t.Setenv("QUEENSJUDGE_BUDGET", tc.env)
		args := append([]string{"check"}, tc.args...)
		args = append(args, "testdata/oeis.yaml", "q1-count", "-")
		_, errs, code := queensjudge(t, db, args...)
		switch {
		case tc.want == "" && code != 0:
			t.Errorf("%q: exit %d, stderr %q; want 0", args, code, errs)
		case tc.want != "" && (code != 2 || !strings.Contains(errs, "queensjudge: "+tc.want)):
			t.Errorf("%q (QUEENSJUDGE_BUDGET=%s): exit %d, stderr %q; want 2 and %q", args, tc.env, code, errs, tc.want)
		}
	}
}
