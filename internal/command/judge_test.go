package command

import (
	"encoding/csv"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// contestDir makes a contest in a temporary directory: set.yaml with the
// one problem q6 (the six-queens count, 4), and under subs/ a folder per
// team holding q6.txt with answer. It returns the directory.
func contestDir(t *testing.T, answer string, teams ...string) string {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "set.yaml"), "name: cup\nproblems:\n  - id: q6\n    kind: nqueens\n    n: 6\n    ask: count\n")
	for _, team := range teams {
		if err := os.MkdirAll(filepath.Join(dir, "subs", team), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, "subs", team, "q6.txt"), answer)
	}
	return dir
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// formula reports whether a spreadsheet would run a cell as a formula: it
// starts with =, +, -, @, a tab or a carriage return (OWASP, CSV injection).
func formula(cell string) bool {
	return cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0]))
}

// csvCells reads CSV text back and returns its records.
func csvCells(t *testing.T, what, text string) [][]string {
	t.Helper()
	records, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil {
		t.Fatalf("%s: not CSV: %v\n%s", what, err, text)
	}
	return records
}

// tsvCells splits TSV text into lines and fields.
func tsvCells(text string) [][]string {
	var records [][]string
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		records = append(records, strings.Split(line, "\t"))
	}
	return records
}

// noFormulas fails the test for every cell of records a spreadsheet would
// run, and returns the first column of the records after the header.
func noFormulas(t *testing.T, what string, records [][]string) []string {
	t.Helper()
	var first []string
	for i, rec := range records {
		for _, cell := range rec {
			if formula(cell) {
				t.Errorf("%s: record %d has the formula cell %q", what, i+1, cell)
			}
		}
		if i > 0 && len(rec) > 0 {
			first = append(first, rec[0])
		}
	}
	return first
}

// hostileTeams are team names that spreadsheets would run as formulas.
var hostileTeams = []string{`+1+1`, `@SUM(A1)`, `-2+3`, `=1+2`}

// TestJudgeHostileNamesInCSV judges a contest whose team names are
// formulas, from a directory and from a manifest, and reads every CSV and
// TSV the tool writes back: no cell may start with a formula character, and
// each team is still there, behind a single quote.
func TestJudgeHostileNamesInCSV(t *testing.T) {
	dir := contestDir(t, "4\n", hostileTeams...)
	db := filepath.Join(dir, "cache.db")
	set := filepath.Join(dir, "set.yaml")
	tsv := filepath.Join(dir, "results.tsv")
	hyperlink := `=HYPERLINK("http://evil","x")` // a '/' cannot be in a folder name
	writeFile(t, filepath.Join(dir, "attempts.csv"), "team,problem,time,file\n"+
		`"=HYPERLINK(""http://evil"",""x"")",q6,5,subs/+1+1/q6.txt`+"\n"+
		"@SUM(A1),q6,7,subs/@SUM(A1)/q6.txt\n")
	want := map[string]bool{}
	for _, team := range hostileTeams {
		want["'"+team] = true
	}

	out, errs, code := queensjudge(t, db, "judge", "--format", "csv", "--results-tsv", tsv, set, filepath.Join(dir, "subs"))
	if code != 0 {
		t.Fatalf("judge: exit %d\n%s", code, errs)
	}
	for _, team := range noFormulas(t, "judge --format csv", csvCells(t, "judge --format csv", out)) {
		if !want[team] {
			t.Errorf("judge --format csv: team %q, want one of %v", team, want)
		}
	}
	tsvTeams := noFormulas(t, "--results-tsv", tsvCells(readFile(t, tsv)))
	if len(tsvTeams) != len(hostileTeams) {
		t.Errorf("--results-tsv: teams %q, want %d", tsvTeams, len(hostileTeams))
	}

	out, errs, code = queensjudge(t, db, "judge", "--format", "csv", "--results-tsv", tsv, "--replace", set, filepath.Join(dir, "attempts.csv"))
	if code != 0 {
		t.Fatalf("judge a manifest: exit %d\n%s", code, errs)
	}
	teams := noFormulas(t, "judge manifest --format csv", csvCells(t, "judge manifest --format csv", out))
	if len(teams) != 2 || teams[0] != "'"+hyperlink || teams[1] != "'"+`@SUM(A1)` {
		t.Errorf("judge manifest --format csv: teams %q, want '%s and '@SUM(A1)", teams, hyperlink)
	}
	noFormulas(t, "manifest --results-tsv", tsvCells(readFile(t, tsv)))

	// regrade prints the teams whose verdicts change: all of them, once q6
	// asks for n = 5 (10 placements).
	writeFile(t, set, strings.Replace(readFile(t, set), "n: 6", "n: 5", 1))
	out, errs, code = queensjudge(t, db, "regrade", "--format", "csv", "--dry-run", set)
	if code != 0 {
		t.Fatalf("regrade: exit %d\n%s", code, errs)
	}
	changed := noFormulas(t, "regrade --format csv", csvCells(t, "regrade --format csv", out))
	if len(changed) == 0 {
		t.Errorf("regrade --format csv: no changes")
	}
	for _, team := range changed {
		if !strings.HasPrefix(team, "'") {
			t.Errorf("regrade --format csv: team %q, want it behind a quote", team)
		}
	}

	// A set without a name is named after its file: the set column of
	// solve, and the message of check, hold what the operator typed.
	named := filepath.Join(dir, "-1+1.yaml")
	writeFile(t, named, "problems:\n  - id: q4\n    kind: nqueens\n    n: 4\n    ask: count\n")
	out, errs, code = queensjudge(t, db, "solve", "--format", "csv", named)
	if code != 0 {
		t.Fatalf("solve: exit %d\n%s", code, errs)
	}
	if rows := csvCells(t, "solve --format csv", out); len(rows) != 2 || rows[1][1] != "'-1+1" {
		t.Errorf("solve --format csv: %q, want one row of set '-1+1", rows)
	}
	noFormulas(t, "solve --format csv", csvCells(t, "solve --format csv", out))
	answer := filepath.Join(dir, "answer.txt")
	writeFile(t, answer, "=1+1\n")
	out, errs, code = queensjudge(t, db, "check", "--format", "csv", named, "q4", answer)
	if code != 0 {
		t.Fatalf("check: exit %d\n%s", code, errs)
	}
	noFormulas(t, "check --format csv", csvCells(t, "check --format csv", out))
}

// TestJudgeNamesNotUTF8 judges teams whose folder names hold bytes that are
// not UTF-8, a line end or a tab (Linux allows them all), beside stray files
// named so too: every output is valid UTF-8 with one record a line, every
// warning one line of stderr, and a name is written alike in every format;
// --scoreboard, whose team ids cannot be such names, is refused.
func TestJudgeNamesNotUTF8(t *testing.T) {
	teams := []string{"bad\xffname", "new\nline", "tab\tname", "cr\rname", "ada"}
	dir := contestDir(t, "4\n", teams...)
	db := filepath.Join(dir, "cache.db")
	set := filepath.Join(dir, "set.yaml")
	subs := filepath.Join(dir, "subs")
	writeFile(t, filepath.Join(subs, "READ\nME\xfe.txt"), "a stray file\n")             // not in a team folder
	writeFile(t, filepath.Join(subs, "ada", "q7\n\xfe.txt"), "a file for no problem\n") // for no problem
	const warnings = 2

	valid := func(t *testing.T, what, text string, lines int) {
		t.Helper()
		if !utf8.ValidString(text) {
			bad := strings.IndexFunc(text, func(r rune) bool { return r == utf8.RuneError })
			t.Errorf("%s is not valid UTF-8: %q", what, text[max(bad-40, 0):min(bad+40, len(text))])
		}
		if got := strings.Count(text, "\n"); lines >= 0 && got != lines {
			t.Errorf("%s has %d lines, want %d:\n%s", what, got, lines, text)
		}
	}
	for _, format := range []string{"table", "csv", "json", "yaml"} {
		t.Run(format, func(t *testing.T) {
			tsv := filepath.Join(t.TempDir(), "results.tsv")
			html := filepath.Join(t.TempDir(), "report.html")
			out, errs, code := queensjudge(t, db, "judge", "--format", format, "--results-tsv", tsv, "--html", html, set, subs)
			if code != 0 {
				t.Errorf("judge: exit %d", code)
			}
			lines := map[string]int{
				"table": len(teams) + 1 + 1 + len(teams) + 1, // results, a blank line, the scoreboard
				"csv":   1 + len(teams),
			}
			if n, ok := lines[format]; ok {
				valid(t, "judge --format "+format, out, n)
			} else {
				valid(t, "judge --format "+format, out, -1)
			}
			// A name reads the same in every format: \xff, never U+FFFD.
			if !strings.Contains(out, `xffname`) || strings.ContainsRune(out, utf8.RuneError) {
				t.Errorf("judge --format %s does not name the team bad\\xffname:\n%s", format, out)
			}
			valid(t, "stderr", errs, warnings)
			for _, line := range strings.Split(strings.TrimSuffix(errs, "\n"), "\n") {
				if !strings.HasPrefix(line, "warning: ") {
					t.Errorf("stderr line %q is not a warning", line)
				}
			}
			valid(t, "--results-tsv", readFile(t, tsv), 1+len(teams))
			page := readFile(t, html)
			valid(t, "--html", page, -1)
			for _, name := range []string{`bad\xffname`, `new\nline`, `tab\tname`, `cr\rname`} {
				if !strings.Contains(page, name) {
					t.Errorf("--html does not show the team %s", name)
				}
			}
		})
	}
	// Such names are no Contest API ids: --scoreboard is refused, in one
	// valid line naming the first, and nothing is judged or written.
	scoreboard := filepath.Join(t.TempDir(), "scoreboard.json")
	out, errs, code := queensjudge(t, db, "judge", "--scoreboard", scoreboard, set, subs)
	if code != 1 || out != "" || !strings.Contains(errs, `--scoreboard: team "bad\xffname" cannot be a team id`) {
		t.Errorf("judge --scoreboard: exit %d, stdout %q, stderr %q: want 1, nothing, the team named", code, out, errs)
	}
	valid(t, "judge --scoreboard's stderr", errs, -1)
	if _, err := os.Stat(scoreboard); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("--scoreboard written (%v)", err)
	}
}

// TestJudgeNoSubmissions judges a path that is not there: an error naming
// the path and exit status 1, and no report.
func TestJudgeNoSubmissions(t *testing.T) {
	dir := contestDir(t, "4\n", "ada")
	missing := filepath.Join(dir, "no-such-dir")
	stdout, stderr, code := queensjudge(t, filepath.Join(t.TempDir(), "cache.db"), "judge", filepath.Join(dir, "set.yaml"), missing)
	if code != 1 {
		t.Errorf("judge %s: exit %d, want 1", missing, code)
	}
	if stdout != "" {
		t.Errorf("judge %s printed a report:\n%s", missing, stdout)
	}
	if !strings.Contains(stderr, missing) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("judge %s: stderr %q, want one line naming the path", missing, stderr)
	}
}

// TestJudgeStrict judges submissions with stray files beside the team
// folders and in one: warnings, exit status 0, unless --strict.
func TestJudgeStrict(t *testing.T) {
	dir := contestDir(t, "4\n", "ada", "grace")
	db := filepath.Join(dir, "cache.db")
	set := filepath.Join(dir, "set.yaml")
	subs := filepath.Join(dir, "subs")
	writeFile(t, filepath.Join(subs, "README.txt"), "how to submit\n")
	writeFile(t, filepath.Join(subs, "ada", "notes.txt"), "scratch\n")

	out, errs, code := queensjudge(t, db, "judge", "--format", "csv", set, subs)
	if code != 0 {
		t.Errorf("judge: exit %d, want 0\n%s", code, errs)
	}
	if n := strings.Count(out, "\n"); n != 3 {
		t.Errorf("judge printed %d lines, want 3 (a header and 2 results):\n%s", n, out)
	}
	for _, want := range []string{"warning: " + filepath.Join(subs, "README.txt"), "warning: ada/notes.txt"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr %q does not hold %q", errs, want)
		}
	}
	strictOut, strictErrs, code := queensjudge(t, db, "judge", "--format", "csv", "--strict", set, subs)
	if code != 1 {
		t.Errorf("judge --strict: exit %d, want 1\n%s", code, strictErrs)
	}
	if strictOut != out || strictErrs != errs {
		t.Errorf("judge --strict prints\n%s%s\nwant what judge prints:\n%s%s", strictOut, strictErrs, out, errs)
	}
}
