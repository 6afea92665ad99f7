package report

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/judge"
)

// TestScoreboardGolden writes the scoreboard of the test contest as the
// Contest API's scoreboard.json and DOMjudge's results.tsv and compares
// each with its golden file.
func TestScoreboardGolden(t *testing.T) {
	contestGolden(t, []format{{"scoreboard.json", WriteCCSScoreboard}, {"results.tsv", WriteResultsTSV}})
}

func TestResultsTSV(t *testing.T) {
	var board []judge.Standing
	// 16 teams: 14 solved something, on ranks 1..14 with a tie at 4.
	for i := range 16 {
		s := judge.Standing{Rank: i + 1, Team: fmt.Sprintf("t%02d", i+1), Points: max(0, 14-i), Solved: max(0, 14-i), Penalty: int64(10 * i)}
		if i == 4 {
			s.Rank = 4
		}
		board = append(board, s)
	}
	var b bytes.Buffer
	if err := WriteResultsTSV(&b, judge.Report{Scoreboard: board}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if lines[0] != "results\t1" || len(lines) != 17 {
		t.Fatalf("results.tsv starts %q and has %d lines, want results\\t1 and 17", lines[0], len(lines))
	}
	for _, want := range []string{
		"t01\t1\tGold Medal\t14\t0\t0\t",
		"t05\t4\tGold Medal\t10\t40\t0\t",
		"t06\t6\tSilver Medal\t9\t50\t0\t",
		"t12\t12\tBronze Medal\t3\t110\t0\t",
		"t13\t\tHonorable\t2\t120\t0\t", // the median team solved 7
		"t16\t\tHonorable\t0\t150\t0\t",
	} {
		if !slices.Contains(lines, want) {
			t.Errorf("results.tsv has no line %q:\n%s", want, b.String())
		}
	}
}
