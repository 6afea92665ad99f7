package command

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The findings of issue 23 on judge, through the command line: every
// attempt kept, only meant files judged, CR CR LF line ends read, and a
// dry run that stores nothing.

// TestJudgeAttemptsSameFile judges a manifest in which team t sends b.txt
// (92, right) at minute 10, a.txt at 20 and b.txt again at 30. Every
// attempt is printed, kept and regraded: an unchanged set changes nothing
// (before, regrade found the first accepted attempt at minute 30), and the
// fixed set changes both b.txt attempts, in the dry run and in the real
// one; a.txt's WA stays WA (with a new message) and is not listed.
func TestJudgeAttemptsSameFile(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "cache.db")
	writeFile(t, filepath.Join(dir, "a.txt"), "91\n")
	writeFile(t, filepath.Join(dir, "b.txt"), "92\n")
	manifest := filepath.Join(dir, "attempts.csv")
	writeFile(t, manifest, "team,problem,time,file\nt,eight-queens,10,b.txt\nt,eight-queens,20,a.txt\nt,eight-queens,30,b.txt\n")
	const set, fixed = "testdata/example/contest.yaml", "testdata/example/contest-fixed.yaml"

	out, errs, code := queensjudge(t, db, "judge", "--format", "json", set, manifest)
	if code != 0 {
		t.Fatalf("judge: exit %d\n%s", code, errs)
	}
	var report struct {
		Results []struct {
			Attempt int    `json:"attempt"`
			File    string `json:"file"`
			Verdict string `json:"verdict"`
		} `json:"results"`
		Scoreboard []struct {
			Penalty json.Number `json:"penalty"`
		} `json:"scoreboard"`
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatalf("judge --format json: %v\n%s", err, out)
	}
	var got []string
	for _, r := range report.Results {
		got = append(got, strings.Join([]string{r.File, r.Verdict}, " "))
	}
	if want := "b.txt AC, a.txt WA, b.txt AC"; strings.Join(got, ", ") != want {
		t.Errorf("judge results %q, want %s", got, want)
	}
	if len(report.Scoreboard) != 1 || report.Scoreboard[0].Penalty != "10" {
		t.Errorf("judge scoreboard %+v, want a penalty of 10 (solved at minute 10)", report.Scoreboard)
	}

	out, errs, code = queensjudge(t, db, "regrade", set)
	if code != 0 || out != "no verdict changes\n" {
		t.Errorf("regrade of the unchanged set: exit %d, %q, want no verdict changes\n%s", code, out, errs)
	}
	for _, args := range [][]string{
		{"regrade", "--dry-run", "--format", "json", fixed},
		{"regrade", "--format", "json", fixed},
	} {
		out, errs, code := queensjudge(t, db, args...)
		if code != 0 {
			t.Fatalf("%q: exit %d\n%s", args, code, errs)
		}
		var changes []map[string]string
		if err := json.Unmarshal([]byte(out), &changes); err != nil {
			t.Fatalf("%q: %v\n%s", args, err, out)
		}
		var files []string
		for _, ch := range changes {
			files = append(files, ch["file"]+" "+ch["was"]+">"+ch["now"])
		}
		if want := "b.txt AC>WA, b.txt AC>WA"; strings.Join(files, ", ") != want {
			t.Errorf("%q: changes %q, want %s", args, files, want)
		}
	}
	out, errs, code = queensjudge(t, db, "regrade", fixed)
	if code != 0 || out != "no verdict changes\n" {
		t.Errorf("regrade after regrade: exit %d, %q, want no verdict changes\n%s", code, out, errs)
	}
}

// TestJudgeAttemptsDryRunDoctor: after judge and regrade --dry-run with
// the fixed set, doctor finds no answer that no problem links to, and show
// still shows the problem as judged. Before, the dry run stored and linked
// the fixed answer, and the old one was an orphan.
func TestJudgeAttemptsDryRunDoctor(t *testing.T) {
	db := filepath.Join(t.TempDir(), "cache.db")
	if _, errs, code := queensjudge(t, db, "judge", "testdata/example/contest.yaml", "testdata/example/submissions"); code != 0 {
		t.Fatalf("judge: exit %d\n%s", code, errs)
	}
	before := readFile(t, db)
	if _, errs, code := queensjudge(t, db, "regrade", "--dry-run", "testdata/example/contest-fixed.yaml"); code != 0 {
		t.Fatalf("regrade --dry-run: exit %d\n%s", code, errs)
	}
	if readFile(t, db) != before {
		t.Errorf("regrade --dry-run changed the cache file")
	}
	out, errs, code := queensjudge(t, db, "doctor")
	if code != 0 || !strings.Contains(out, "answers no problem links to: 0\n") {
		t.Errorf("doctor after regrade --dry-run: exit %d\n%s%s", code, out, errs)
	}
}

// TestJudgeAttemptsFolders: two files for one problem in a team folder
// (x.old beside x.txt, an editor's x.txt~) are a warning that names both,
// and neither is judged; a hidden file is a warning too. --strict fails on
// either.
func TestJudgeAttemptsFolders(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		warn  string
	}{
		{"old", map[string]string{"eight-queens.txt": "91\n", "eight-queens.old": "92\n"},
			"warning: team t, problem eight-queens: two files, eight-queens.old and eight-queens.txt: neither judged; keep one\n"},
		{"backup", map[string]string{"eight-queens.txt": "91\n", "eight-queens.txt~": "92\n"},
			"warning: team t, problem eight-queens: two files, eight-queens.txt and eight-queens.txt~: neither judged; keep one\n"},
		{"hidden", map[string]string{"eight-queens.txt": "92\n", ".eight-queens.txt.swp": "92\n"},
			"/t/.eight-queens.txt.swp: a hidden name (it starts with '.'), skipped\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			db := filepath.Join(dir, "cache.db")
			subs := filepath.Join(dir, "subs")
			if err := os.MkdirAll(filepath.Join(subs, "t"), 0o755); err != nil {
				t.Fatal(err)
			}
			for name, text := range c.files {
				writeFile(t, filepath.Join(subs, "t", name), text)
			}
			for _, strict := range []bool{false, true} {
				args := []string{"judge", "--format", "csv", "testdata/example/contest.yaml", subs}
				want := 0
				if strict {
					args = append(args[:1:1], append([]string{"--strict"}, args[1:]...)...)
					want = 1
				}
				out, errs, code := queensjudge(t, db, args...)
				if code != want || !strings.Contains(errs, c.warn) {
					t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", args, code, errs, want, c.warn)
				}
				rows := csvCells(t, "judge --format csv", out)
				ac := 0
				for _, r := range rows[1:] {
					if r[1] == "eight-queens" && r[2] == "AC" {
						ac++
					}
				}
				if wantAC := map[string]int{"hidden": 1}[c.name]; ac != wantAC {
					t.Errorf("%q: %d AC on eight-queens, want %d:\n%s", args, ac, wantAC, out)
				}
			}
		})
	}
}

// TestJudgeAttemptsCRCRLF: a solutions answer in the board form whose line
// ends are CR CR LF (a Windows program printing "\r\n" in text mode) is
// accepted, as one placement in that form is. Before, every row was read
// as a board of its own: WA, "board has 1 row of 6 squares".
func TestJudgeAttemptsCRCRLF(t *testing.T) {
	dir := t.TempDir()
	boards := "" +
		".Q....\n...Q..\n.....Q\nQ.....\n..Q...\n....Q.\n\n" +
		"..Q...\n.....Q\n.Q....\n....Q.\nQ.....\n...Q..\n\n" +
		"...Q..\nQ.....\n....Q.\n.Q....\n.....Q\n..Q...\n\n" +
		"....Q.\n..Q...\nQ.....\n.....Q\n...Q..\n.Q....\n"
	answer := filepath.Join(dir, "six-all.txt")
	writeFile(t, answer, strings.ReplaceAll(boards, "\n", "\r\r\n"))
	out, errs, code := queensjudge(t, filepath.Join(dir, "cache.db"), "check", "--format", "json", "testdata/example/contest.yaml", "six-all", answer)
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != 0 {
		t.Fatalf("check: exit %d, %v\n%s%s", code, err, out, errs)
	}
	if got["verdict"] != "AC" || got["message"] != "all 4 placements" {
		t.Errorf("check of boards with CR CR LF line ends: %s %q, want AC all 4 placements", got["verdict"], got["message"])
	}
}
