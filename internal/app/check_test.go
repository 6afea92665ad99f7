package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/judge"
)

// TestCheck judges one answer, from a file or from stdin: a wrong answer
// is a verdict, not an error.
func TestCheck(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cache := tempCache(t)
	dir := t.TempDir()
	for _, c := range []struct {
		name, id, answer string
		stdin            bool
		want             judge.Verdict
	}{
		{"right", "eight-queens", "92\n", false, judge.AC},
		{"wrong", "eight-queens", "91\n", false, judge.WA},
		{"empty", "eight-queens", "", false, judge.NO},
		{"unreadable", "eight-queens", "ninety-two\n", false, judge.PE},
		{"stdin right", "eight-queens", "92\n", true, judge.AC},
		{"stdin wrong", "cses-sample", "64\n", true, judge.WA},
		{"placement", "corner-placement", "2 4 6 1 3 5\n", false, judge.AC},
	} {
		t.Run(c.name, func(t *testing.T) {
			con := newConsole(output.JSON, c.answer)
			answer := "-"
			if !c.stdin {
				answer = filepath.Join(dir, c.name+".txt")
				writeFile(t, answer, c.answer)
			}
			got, err := app.Check(ctx, con.Console, app.CheckRequest{Cache: cache, Set: contestSet, ID: c.id, Answer: answer, Batch: batch})
			checkOutcome(t, "Check", err, 0, false)
			if got.Verdict != c.want || got.Problem != c.id {
				t.Errorf("Check(%s, %q) = %s %s (%s), want %s", c.id, c.answer, got.Problem, got.Verdict, got.Message, c.want)
			}
			var printed app.Checked
			if err := json.Unmarshal(con.stdout.Bytes(), &printed); err != nil {
				t.Fatalf("stdout: %v\n%s", err, con.stdout)
			}
			if printed.Verdict != got.Verdict || printed.Message != got.Message || printed.TeamMessage != got.TeamMessage {
				t.Errorf("printed %+v, returned %+v", printed, got)
			}
		})
	}
}

// TestCheckRefused: the set and the answer both on stdin is a usage error;
// an id not in the set is a failure.
func TestCheckRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cache := tempCache(t)
	con := newConsole(output.Table, "92\n")
	_, err := app.Check(ctx, con.Console, app.CheckRequest{Cache: cache, Set: "-", ID: "eight-queens", Answer: "-", Batch: batch})
	checkOutcome(t, "Check - -", err, status.Usage, false)
	if exists(t, cache) {
		t.Error("Check - - made the cache")
	}

	_, err = app.Check(ctx, con.Console, app.CheckRequest{Cache: cache, Set: contestSet, ID: "no-such-id", Answer: "-", Batch: batch})
	checkOutcome(t, "Check no-such-id", err, status.Failed, false)
	if con.stdout.Len() != 0 {
		t.Errorf("printed %q, want no verdict", con.stdout)
	}
}

// hardBoard writes a set of one placement problem, "grid", on a 29×29
// board the search takes seconds to find a placement on (every third
// square of every third row, and every sixth anti-diagonal, reserved),
// and returns that placement in the column form: the solve stops at
// --budget 1s. Should the search come to find it in a second, a board it
// stops on again takes its place.
func hardBoard(t *testing.T, dir string) (set, valid string) {
	t.Helper()
	const n = 29
	cols := []int{15, 22, 16, 2, 7, 1, 18, 27, 19, 3, 12, 28, 9, 4, 23, 21, 17, 25, 11, 6, 10, 26, 29, 5, 24, 20, 14, 8, 13}
	var b strings.Builder
	b.WriteString("name: hard\nproblems:\n  - id: grid\n    kind: reserved\n    ask: placement\n    board: |\n")
	for r := range n {
		b.WriteString("      ")
		for c := range n {
			if r%3 == 0 && c%3 == 0 || (r+c)%6 == 1 {
				b.WriteByte('*')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	set = filepath.Join(dir, "hard.yaml")
	writeFile(t, set, b.String())
	var ans strings.Builder
	for _, c := range cols {
		fmt.Fprintf(&ans, "%d\n", c)
	}
	return set, ans.String()
}

// TestCheckWithoutTruth: on a board whose solve is stopped at its budget
// (--budget 1s), or cut short by --timeout, a valid placement is AC and an
// invalid one WA, neither needing the truth, and none is JE, naming why.
func TestCheckWithoutTruth(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	set, valid := hardBoard(t, dir)
	swapped := strings.Replace(valid, "15\n22\n", "22\n15\n", 1) // rows 1 and 2 swapped: v29 is reserved
	for _, c := range []struct {
		name, answer string
		batch        app.Batch
		want         judge.Verdict
		msg          string // in the judge message
	}{
		{"valid", valid, app.Batch{Jobs: 1, Budget: time.Second}, judge.AC, "a valid placement"},
		{"invalid", swapped, app.Batch{Jobs: 1, Budget: time.Second}, judge.WA, "reserved"},
		{"none, stopped", "none\n", app.Batch{Jobs: 1, Budget: time.Second}, judge.JE, "no ground truth to judge none: problem \"grid\": stopped at its budget of 1 CPU-second"},
		{"valid, timeout", valid, app.Batch{Jobs: 1, Timeout: time.Nanosecond}, judge.AC, "a valid placement"},
		{"none, timeout", "none\n", app.Batch{Jobs: 1, Timeout: time.Nanosecond}, judge.JE, "timed out after 1ns"},
	} {
		t.Run(c.name, func(t *testing.T) {
			con := newConsole(output.JSON, "")
			answer := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".txt")
			writeFile(t, answer, c.answer)
			got, err := app.Check(ctx, con.Console, app.CheckRequest{Cache: tempCache(t), Set: set, ID: "grid", Answer: answer, Batch: c.batch})
			if c.want == judge.JE {
				checkOutcome(t, "Check", err, status.Failed, true)
			} else {
				checkOutcome(t, "Check", err, 0, false)
			}
			if got.Verdict != c.want || !strings.Contains(got.Message, c.msg) {
				t.Errorf("Check = %s %q, want %s and %q", got.Verdict, got.Message, c.want, c.msg)
			}
			var printed map[string]any
			if err := json.Unmarshal(con.stdout.Bytes(), &printed); err != nil {
				t.Fatalf("stdout: %v\n%s", err, con.stdout)
			}
			if truth, want := printed["truth"], c.want != judge.JE; (truth == "not needed") != want || (truth == nil) == want {
				t.Errorf("printed truth %v, want \"not needed\": %v\n%s", truth, want, con.stdout)
			}
		})
	}
}
