package judge

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/problems"
)

func loadSet(t testing.TB, path string) *problems.Set {
	t.Helper()
	set, err := problems.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// TestContestWarnings judges the contest in testdata/contest twice, from the
// submissions directory and from the manifest of timed attempts, compares
// what the loaders and Contest warn of with its golden file, and checks
// that no team message of a wrong answer shows the expected answer. The
// reports written from the same contest are golden in package report.
func TestContestWarnings(t *testing.T) {
	set := loadSet(t, "testdata/contest/set.yaml")
	for _, c := range []struct {
		name string
		load func() ([]Submission, []error)
	}{
		{"dir", func() ([]Submission, []error) { return LoadSubmissions("testdata/contest/submissions") }},
		{"manifest", func() ([]Submission, []error) { return LoadManifest("testdata/contest/manifest.csv") }},
	} {
		t.Run(c.name, func(t *testing.T) {
			subs, errs := c.load()
			r := Contest(context.Background(), set, subs, SolverTruths{}, Limits{})
			var warnings bytes.Buffer
			for _, err := range slices.Concat(errs, r.Warnings) {
				fmt.Fprintln(&warnings, err)
			}
			testflag.Golden(t, filepath.Join("testdata", "contest", c.name+".warnings.golden"), warnings.Bytes())
			for _, res := range r.Results {
				k, err := SolverTruths{}.Truth(context.Background(), mustProblem(t, set, res.Problem))
				if err != nil {
					t.Fatal(err)
				}
				if s := leak(k, res.TeamMessage, ""); s != "" && res.Verdict != AC {
					t.Errorf("%s: team message %q shows the answer %q", res.File, res.TeamMessage, s)
				}
			}
		})
	}
}

func mustProblem(t *testing.T, set *problems.Set, id string) problems.Problem {
	t.Helper()
	p, ok := set.Problem(id)
	if !ok {
		t.Fatalf("no problem %s", id)
	}
	return p
}

// TestContestVerdicts spells out some of what the golden files hold, so
// that a careless -update cannot hide it.
func TestContestVerdicts(t *testing.T) {
	set := loadSet(t, "testdata/contest/set.yaml")
	subs, _ := LoadSubmissions("testdata/contest/submissions")
	r := Contest(context.Background(), set, subs, SolverTruths{}, Limits{})
	got := map[string]Verdict{}
	for _, res := range r.Results {
		got[res.File] = res.Verdict
	}
	for file, want := range map[string]Verdict{
		"alice/eight-unique.txt": AC, // BOM and CRLF
		"alice/corners.txt":      AC, // CRLF, stars echoed
		"alice/qk-all.txt":       AC,
		"alice/q1.5":             AC, // an id with a dot, no extension
		"bob/q1.5.txt":           WA, // the same, with an extension
		"bob/six-all.txt":        WA, // a duplicate
		"carol/eight-queens.txt": PE, // fullwidth digits
		"carol/eight-unique.txt": PE, // a NUL byte
		"carol/cses.txt":         NO,
		"dave/eight-queens":      AC, // leading zeros, no extension, no newline
		"dave/big-place.txt":     WA, // a repeat
		"dave/six-all.txt":       AC, // from 0, in another order
	} {
		if got[file] != want {
			t.Errorf("%s: %s, want %s", file, got[file], want)
		}
	}
	if len(r.Warnings) != 2 {
		t.Errorf("warnings %v, want 2 (carol/notes.txt, dave/README.md)", r.Warnings)
	}
}

func TestManifestScoreboard(t *testing.T) {
	set := loadSet(t, "testdata/contest/set.yaml")
	subs, errs := LoadManifest("testdata/contest/manifest.csv")
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), `manifest.csv:17: time "soon"`) {
		t.Errorf("LoadManifest errors %v, want one for line 17", errs)
	}
	r := Contest(context.Background(), set, subs, SolverTruths{}, Limits{})
	want := []Standing{
		{Rank: 1, Team: "erin", Solved: 2, Points: 2, Penalty: 25 + 20 + 65, Last: 65 * time.Minute, LastTimed: true},
		{Rank: 2, Team: "frank", Solved: 2, Points: 2, Penalty: 40 + 2*20 + 55, Last: 55 * time.Minute, LastTimed: true}, // PE and NO count, JE does not
		{Rank: 2, Team: "grace", Solved: 2, Points: 2, Penalty: 45 + 90, Last: 90 * time.Minute, LastTimed: true},
		{Rank: 4, Team: "heidi", Solved: 1, Points: 1, Penalty: 0}, // untimed: no penalty
	}
	if len(r.Scoreboard) != len(want) {
		t.Fatalf("scoreboard has %d rows, want %d", len(r.Scoreboard), len(want))
	}
	for i, s := range r.Scoreboard {
		s.Problems = nil
		if fmt.Sprint(s) != fmt.Sprint(want[i]) {
			t.Errorf("row %d = %+v, want %+v", i+1, s, want[i])
		}
	}
	for _, res := range r.Results {
		if res.Team == "erin" && res.Problem == "eight-queens" && res.Attempt == 3 && (res.Verdict != AC || res.Points != 0) {
			t.Errorf("erin's AC after an AC: %s with %d points, want AC with 0", res.Verdict, res.Points)
		}
		if res.Team == "heidi" && res.Problem == "qk-max" && (res.Verdict != JE || !strings.Contains(res.Message, ErrOutside.Error())) {
			t.Errorf("heidi's file out of the directory: %s %q, want JE, refused", res.Verdict, res.Message)
		}
	}
}

// TestRanking checks the scoreboard rules on results made up for them.
func TestRanking(t *testing.T) {
	set := &problems.Set{Name: "s", Problems: []problems.Problem{{ID: "a", Points: 1}, {ID: "b", Points: 3}, {ID: "c", Points: 1}}}
	at := func(team, prob string, min int, v Verdict) Result {
		return Result{Team: team, Problem: prob, Verdict: v, Time: time.Duration(min)*time.Minute + 59*time.Second, Timed: true, File: fmt.Sprint(team, prob, min)}
	}
	results := []Result{
		// zed: b (3 points) at 100 after a WA, a JE and a PE: 100 + 40.
		at("zed", "b", 90, WA), at("zed", "b", 95, JE), at("zed", "b", 99, PE), at("zed", "b", 100, AC), at("zed", "b", 101, WA),
		// amy: a and c (2 points) early: fewer points, ranked below.
		at("amy", "a", 1, AC), at("amy", "c", 2, AC),
		// bob: b at 140 with no rejections: 3 points, same penalty as zed.
		at("bob", "b", 140, AC),
		// cat: a WA only.
		at("cat", "a", 5, WA),
		// dan: the same as cat, shares the rank.
		at("dan", "c", 5, NO),
	}
	r := NewReport(set, results)
	var got []string
	for _, s := range r.Scoreboard {
		got = append(got, fmt.Sprintf("%d %s %d/%d %d", s.Rank, s.Team, s.Solved, s.Points, s.Penalty))
	}
	want := []string{"1 bob 1/3 140", "1 zed 1/3 140", "3 amy 2/2 3", "4 cat 0/0 0", "4 dan 0/0 0"}
	if !slices.Equal(got, want) {
		t.Errorf("scoreboard\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var zed []string
	for _, res := range r.Results {
		if res.Team == "zed" {
			zed = append(zed, fmt.Sprintf("%d %s %d", res.Attempt, res.Verdict, res.Points))
		}
	}
	if want := []string{"1 WA 0", "2 JE 0", "3 PE 0", "4 AC 3", "5 WA 0"}; !slices.Equal(zed, want) {
		t.Errorf("zed's results %v, want %v", zed, want)
	}
	cell := r.Scoreboard[1].Problems[1]
	if cell.Judged != 3 || !cell.Solved {
		t.Errorf("zed's cell for b: %+v, want 3 judged (JE left out), solved", cell)
	}
}

func TestParseTime(t *testing.T) {
	for _, c := range []struct {
		in   string
		want time.Duration
		err  string
	}{
		{in: "95", want: 95 * time.Minute},
		{in: "0", want: 0},
		{in: " 7 ", want: 7 * time.Minute},
		{in: "1h05m", want: 65 * time.Minute},
		{in: "65m", want: 65 * time.Minute},
		{in: "3900s", want: 65 * time.Minute},
		{in: "90.5m", want: 90*time.Minute + 30*time.Second},
		{in: "1:05:00", want: 65 * time.Minute},
		{in: "0:00:59.999", want: 59*time.Second + 999*time.Millisecond},
		{in: "-5m", err: `time "-5m" is before the contest start`},
		{in: "-5", err: `time "-5": want minutes (95), a duration (1h35m, 5700s) or h:mm:ss`},
		{in: "1:5", err: `time "1:5": want minutes (95), a duration (1h35m, 5700s) or h:mm:ss`},
		{in: "1:65:00", err: `time "1:65:00": want minutes (95), a duration (1h35m, 5700s) or h:mm:ss`},
		{in: "soon", err: `time "soon": want minutes (95), a duration (1h35m, 5700s) or h:mm:ss`},
		{in: "99999999999999999999", err: `time "99999999999999999999" is too large`},
		{in: "９５", err: `time "９５": want minutes (95), a duration (1h35m, 5700s) or h:mm:ss`},
	} {
		got, err := ParseTime(c.in)
		switch {
		case c.err != "" && (err == nil || err.Error() != c.err):
			t.Errorf("ParseTime(%q) error = %v, want %s", c.in, err, c.err)
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("ParseTime(%q) = %v, %v, want %v", c.in, got, err, c.want)
		}
	}
}

// TestLinksOut builds a submissions directory whose links lead out of it:
// they are refused and not followed, and links that stay inside are read.
func TestLinksOut(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "subs")
	secret := filepath.Join(root, "secret.txt")
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, path string) {
		t.Helper()
		if err := os.Symlink(target, path); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	write(secret, "92\n")
	write(filepath.Join(root, "outside", "eight-queens.txt"), "92\n")
	write(filepath.Join(dir, "alice", "cses.txt"), "65\n")
	link(secret, filepath.Join(dir, "alice", "eight-queens.txt"))             // absolute, out
	link("../../secret.txt", filepath.Join(dir, "alice", "eight-unique.txt")) // relative, out
	link("cses.txt", filepath.Join(dir, "alice", "q1.5.txt"))                 // inside: read
	link("nowhere.txt", filepath.Join(dir, "alice", "qk-max.txt"))            // broken
	link("../outside", filepath.Join(dir, "mallory"))                         // a team folder out
	write(filepath.Join(dir, "manifest.csv"), "alice,eight-queens,1,../secret.txt\n"+
		"alice,cses,2,"+secret+"\n"+
		"alice,cses,3,alice/eight-queens.txt\n"+
		"alice,cses,4,alice/cses.txt\n")

	set := loadSet(t, "testdata/contest/set.yaml")
	subs, errs := LoadSubmissions(dir)
	if len(errs) != 2 || !errors.Is(errs[0], ErrOutside) && !errors.Is(errs[1], ErrOutside) {
		t.Errorf("LoadSubmissions errors %v, want the team folder mallory refused and manifest.csv skipped", errs)
	}
	manifest, errs := LoadManifest(filepath.Join(dir, "manifest.csv"))
	if len(errs) != 0 {
		t.Errorf("LoadManifest errors %v", errs)
	}
	r := Contest(context.Background(), set, slices.Concat(subs, manifest), SolverTruths{}, Limits{})
	got := map[string]string{}
	for _, res := range r.Results {
		got[fmt.Sprint(res.File, " ", res.Time)] = string(res.Verdict) + " " + res.Message
	}
	for file, want := range map[string]string{
		"alice/eight-queens.txt 0s":   "JE not read: alice/eight-queens.txt: " + ErrOutside.Error(),
		"alice/eight-unique.txt 0s":   "JE not read: alice/eight-unique.txt: " + ErrOutside.Error(),
		"alice/q1.5.txt 0s":           "WA line 1: answer 65, expected 10",
		"alice/qk-max.txt 0s":         "JE not read: alice/qk-max.txt: a link to nothing",
		"alice/cses.txt 0s":           "AC answer 65",
		"../secret.txt 1m0s":          "JE not read: ../secret.txt: " + ErrOutside.Error(),
		secret + " 2m0s":              "JE not read: " + secret + ": " + ErrOutside.Error(),
		"alice/eight-queens.txt 3m0s": "JE not read: alice/eight-queens.txt: " + ErrOutside.Error(),
		"alice/cses.txt 4m0s":         "AC answer 65",
	} {
		if got[file] != want {
			t.Errorf("%s: %q, want %q", file, got[file], want)
		}
	}
	for _, res := range r.Results {
		if res.Verdict == JE && res.TeamMessage != "judge error: the judges will look into it" {
			t.Errorf("%s: team message %q", res.File, res.TeamMessage)
		}
	}
}

// TestLinkSwapped: a file that becomes a link out of the directory after
// it was loaded is still not followed.
func TestLinkSwapped(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "subs")
	secret := filepath.Join(root, "secret.txt")
	answer := filepath.Join(dir, "alice", "eight-queens.txt")
	if err := os.MkdirAll(filepath.Dir(answer), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{secret, answer} {
		if err := os.WriteFile(f, []byte("92\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	subs, errs := LoadSubmissions(dir)
	if len(errs) != 0 || len(subs) != 1 || subs[0].Open == nil {
		t.Fatalf("LoadSubmissions = %+v, %v", subs, errs)
	}
	if err := os.Remove(answer); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, answer); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	r := Contest(context.Background(), loadSet(t, "testdata/contest/set.yaml"), subs, SolverTruths{}, Limits{})
	if res := r.Results[0]; res.Verdict != JE || !strings.Contains(res.Message, ErrOutside.Error()) {
		t.Errorf("a file swapped for a link out: %s %q, want JE, refused", res.Verdict, res.Message)
	}
}

// TestContestKeyError: a problem whose key cannot be had is JE for every
// answer to it, and the others are judged.
func TestContestKeyError(t *testing.T) {
	set := loadSet(t, "testdata/contest/set.yaml")
	subs, _ := LoadSubmissions("testdata/contest/submissions")
	keys := TruthsFunc(func(ctx context.Context, p problems.Problem) (Truth, error) {
		if p.ID == "eight-queens" {
			return Truth{}, errors.New("cache is locked")
		}
		return SolverTruths{}.Truth(ctx, p)
	})
	r := Contest(context.Background(), set, subs, keys, Limits{})
	for _, res := range r.Results {
		je := res.Verdict == JE
		if (res.Problem == "eight-queens") != je {
			t.Errorf("%s: %s %q", res.File, res.Verdict, res.Message)
		}
		if je && res.Message != "no ground truth: cache is locked" {
			t.Errorf("%s: message %q", res.File, res.Message)
		}
	}
}

// TestContestOversize: a file beyond the limit is PE without being read.
func TestContestOversize(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "zoe"), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, "zoe", "eight-queens.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 30); err != nil { // a sparse gigabyte
		t.Fatal(err)
	}
	f.Close()
	set := loadSet(t, "testdata/contest/set.yaml")
	subs, _ := LoadSubmissions(dir)
	start := time.Now()
	r := Contest(context.Background(), set, subs, SolverTruths{}, Limits{})
	res := r.Results[0]
	if want := "the answer has 1073741824 bytes, more than the 128 MiB limit"; res.Verdict != PE || res.Message != want {
		t.Errorf("1 GB answer: %s %q, want PE %q", res.Verdict, res.Message, want)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("judging a 1 GB file took %v: it was read", d)
	}
}

func TestCutExt(t *testing.T) {
	for in, want := range map[string]string{
		"eight-queens.txt": "eight-queens", "eight-queens": "eight-queens", "q1.5.txt": "q1.5",
		"q1.5": "q1", ".txt": ".txt", "a.b.c": "a.b",
	} {
		if got := cutExt(in); got != want {
			t.Errorf("cutExt(%q) = %q, want %q", in, got, want)
		}
	}
}

// BenchmarkContest judges 10,000 submissions against keys in memory: every
// problem of the example contest, right and wrong answers of every form.
func BenchmarkContest(b *testing.B) {
	set := loadSet(b, "testdata/contest/set.yaml")
	keys := map[string]Truth{}
	for _, p := range set.Problems {
		k, err := SolverTruths{}.Truth(context.Background(), p)
		if err != nil {
			b.Fatal(err)
		}
		keys[p.ID] = k
	}
	memo := TruthsFunc(func(_ context.Context, p problems.Problem) (Truth, error) { return keys[p.ID], nil })
	files, _ := LoadSubmissions("testdata/contest/submissions")
	var texts []Submission
	for _, s := range files {
		if s.Open == nil {
			continue
		}
		rc, err := s.Open()
		if err != nil {
			b.Fatal(err)
		}
		data, _ := io.ReadAll(rc)
		rc.Close()
		// Attempts, as from a manifest: a team folder's files for one
		// problem would be Doubled.
		p, ok := problemOf(set, s)
		if !ok {
			continue
		}
		texts = append(texts, Submission{Problem: p.ID, File: s.File, Open: func() (io.ReadCloser, error) {
			return io.NopCloser(bytes.NewReader(data)), nil
		}})
	}
	var subs []Submission
	for i := range 10_000 {
		s := texts[i%len(texts)]
		s.Team = fmt.Sprintf("team%04d", i/len(texts))
		s.Time, s.Timed = time.Duration(i%300)*time.Minute, true
		subs = append(subs, s)
	}
	b.ResetTimer()
	for range b.N {
		r := Contest(context.Background(), set, subs, memo, Limits{})
		if len(r.Results) < 9_000 {
			b.Fatalf("%d results", len(r.Results))
		}
	}
}

// testsContest judges testdata/tests: problems with tests, from the
// submissions directory or the manifest.
func testsContest(t *testing.T, manifest bool) (Report, []error) {
	t.Helper()
	set := loadSet(t, "testdata/tests/set.yaml")
	subs, errs := LoadSubmissions("testdata/tests/submissions")
	if manifest {
		subs, errs = LoadManifest("testdata/tests/manifest.csv")
	}
	r := Contest(context.Background(), set, subs, SolverTruths{}, Limits{})
	return r, slices.Concat(errs, r.Warnings)
}

// attempt returns the result of a team's attempt at a problem.
func attempt(t *testing.T, r Report, team, problem string, n int) Result {
	t.Helper()
	for _, res := range r.Results {
		if res.Team == team && res.Problem == problem && res.Attempt == n {
			return res
		}
	}
	t.Fatalf("no attempt %d of team %s at %s", n, team, problem)
	return Result{}
}

// TestContestFolders judges folder submissions: one file per test, with
// or without an extension, a missing test (NO), a file for no test (a
// Stray), two files for one test (a Doubled, the test NO), a sample wrong
// in a full score, and the files and folders that answer no problem.
func TestContestFolders(t *testing.T) {
	r, warnings := testsContest(t, false)
	type want struct {
		verdict      Verdict
		score, tests int
		msg          string
	}
	for _, c := range []struct {
		team, problem string
		want          want
	}{
		{"ada", "chess", want{AC, 100, 5, "all 5 tests right"}},
		{"ada", "nq", want{AC, 2, 3, "all 3 tests right"}},
		{"ada", "eight", want{AC, 1, 0, "answer 92"}},
		{"bob", "chess", want{WA, 30, 5, "test big-2: line 1: answer 41, expected 40"}},
		{"bob", "nq", want{NO, 0, 3, "test 3: no answer for test 3 (no file 3 or 3.* in nq/)"}},
		{"bob", "eight", want{WA, 0, 0, "line 1: answer 91, expected 92"}},
		{"cy", "chess", want{NO, 70, 5, "test 2: no answer for test 2: two files, 2.old and 2.txt: neither judged"}}, // test 1, the sample, is WA: it does not count
		{"cy", "eight", want{AC, 1, 0, "answer 92"}},
	} {
		res := attempt(t, r, c.team, c.problem, 1)
		got := want{res.Verdict, res.Score, len(res.Tests), res.Message}
		if got != c.want {
			t.Errorf("%s %s: %+v, want %+v", c.team, c.problem, got, c.want)
		}
	}
	if n := len(r.Results); n != 10 {
		t.Errorf("%d results, want 10 (cy's nq.txt and eight/ are not judged)", n)
	}
	if bob := attempt(t, r, "bob", "place", 1); bob.Verdict != WA || fmt.Sprint(bob.Tests[1].Squares) != "[a5 b4]" || bob.Squares != nil {
		t.Errorf("bob's place: %s, test 2 squares %v, attempt squares %v; want WA, [a5 b4] on the test only", bob.Verdict, bob.Tests[1].Squares, bob.Squares)
	}
	cy := attempt(t, r, "cy", "chess", 1)
	for _, tr := range cy.Tests {
		wantV := AC
		switch tr.Test {
		case "1":
			wantV = WA
		case "2":
			wantV = NO
			if !strings.Contains(tr.Message, "two files, 2.old and 2.txt: neither judged") {
				t.Errorf("cy chess/2: message %q, want it to name both files", tr.Message)
			}
		}
		if tr.Verdict != wantV || tr.Attempt != 1 || tr.Problem != "chess" || tr.Team != "cy" {
			t.Errorf("cy %s: %s attempt %d, want %s attempt 1", tr.Ref(), tr.Verdict, tr.Attempt, wantV)
		}
	}
	if fmt.Sprint(cy.Groups) != "[{small 0 30} {large 70 70}]" {
		t.Errorf("cy chess groups %v, want small 0 of 30, large 70 of 70", cy.Groups)
	}
	if got := attempt(t, r, "ada", "chess", 1).Tests[4].File; got != "ada/chess/big-2" {
		t.Errorf("ada's big-2 file %q, want ada/chess/big-2 (no extension)", got)
	}
	var ws []string
	for _, w := range warnings {
		ws = append(ws, w.Error())
	}
	slices.Sort(ws)
	wantWarnings := []string{
		"bob/chess/notes.txt (team bob): no test \"notes\" in problem chess, not judged",
		"cy/nq.txt (team cy): problem nq has tests: answer them in a folder nq/ with a file per test, not judged",
		filepath.Join("testdata", "tests", "submissions", "cy", "eight") + ": a folder in a team folder, skipped",
		"team cy, problem chess, test 2: two files, 2.old and 2.txt: neither judged; keep one",
	}
	slices.Sort(wantWarnings)
	if !slices.Equal(ws, wantWarnings) {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(ws, "\n"), strings.Join(wantWarnings, "\n"))
	}
	var doubled *Doubled
	for _, w := range warnings {
		if errors.As(w, &doubled) && doubled.Test != "2" {
			t.Errorf("Doubled %+v, want test 2", doubled)
		}
	}
	board := []string{"1 ada 4 104 0", "2 cy 1 71 0", "3 bob 0 30 0"}
	for i, s := range r.Scoreboard {
		if got := fmt.Sprint(s.Rank, " ", s.Team, " ", s.Solved, " ", s.Points, " ", s.Penalty); i >= len(board) || got != board[i] {
			t.Errorf("scoreboard row %d: %s, want %v", i+1, got, board)
		}
	}
	// cy's chess has its sample wrong and test 2 doubled: the sample decides
	// nothing, the verdict is test 2's NO and the score the large group's.
	// The team messages name the test, not the files or the folder.
	if cy.TeamMessage != "test 2: no answer for test 2: two files for it, neither judged" {
		t.Errorf("cy's chess team message %q, want it to name no file", cy.TeamMessage)
	}
	if bob := attempt(t, r, "bob", "nq", 1); bob.TeamMessage != "test 3: no answer for test 3: no file for it" {
		t.Errorf("bob's nq team message %q, want it to name no folder", bob.TeamMessage)
	}
	if c := r.Scoreboard[1].Problems[0]; c.Score != 70 || c.Solved {
		t.Errorf("cy's chess cell %+v, want score 70, not solved", c)
	}
	if !r.Scored || fmt.Sprint(r.Points) != "[100 2 1 1]" {
		t.Errorf("report Scored %v, Points %v; want true, [100 2 1 1]", r.Scored, r.Points)
	}
	// No team message of a test shows its expected answer.
	set := loadSet(t, "testdata/tests/set.yaml")
	for _, row := range r.Rows() {
		p := mustProblem(t, set, row.Problem)
		c := p
		if row.Test != "" {
			c = p.Cases()[slices.IndexFunc(p.Tests, func(x problems.Test) bool { return x.Name == row.Test })]
		}
		k, err := SolverTruths{}.Truth(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		if s := leak(k, row.TeamMessage, row.Test); s != "" && row.Verdict != AC {
			t.Errorf("%s %s: team message %q shows the answer %q", row.Team, row.Ref(), row.TeamMessage, s)
		}
	}
}

// TestContestScoresManifest judges timed attempts at problems with tests
// named by folders in a manifest: the best score counts, reached by its
// first attempt; the attempts before it cost 20 minutes each, a JE attempt
// (a file named for a problem with tests) nothing, and one after it
// nothing either.
func TestContestScoresManifest(t *testing.T) {
	r, warnings := testsContest(t, true)
	if len(warnings) != 0 {
		t.Errorf("warnings %v, want none", warnings)
	}
	want := []Standing{
		{Rank: 1, Team: "dan", Solved: 2, Points: 101, Penalty: 5 + 50 + 2*20, Last: 50 * time.Minute, LastTimed: true},
		{Rank: 2, Team: "eve", Solved: 1, Points: 32, Penalty: 40 + 20 + 70, Last: 70 * time.Minute, LastTimed: true},
	}
	for i, s := range r.Scoreboard {
		s.Problems = nil
		if i >= len(want) || fmt.Sprint(s) != fmt.Sprint(want[i]) {
			t.Errorf("row %d = %+v, want %+v", i+1, s, want)
		}
	}
	type got struct {
		verdict       Verdict
		score, points int
	}
	for _, c := range []struct {
		team string
		n    int
		want got
	}{
		{"dan", 1, got{WA, 30, 0}},
		{"dan", 2, got{WA, 30, 0}},
		{"dan", 3, got{AC, 100, 100}},
		{"eve", 1, got{WA, 0, 0}},
		{"eve", 2, got{WA, 30, 30}},
		{"eve", 3, got{JE, 0, 0}},
		{"eve", 4, got{WA, 30, 0}}, // as good as the best, not better
	} {
		res := attempt(t, r, c.team, "chess", c.n)
		if g := (got{res.Verdict, res.Score, res.Points}); g != c.want {
			t.Errorf("%s chess attempt %d: %+v, want %+v", c.team, c.n, g, c.want)
		}
		for _, tr := range res.Tests {
			if tr.Points != res.Points || tr.Score != res.Score || tr.Attempt != res.Attempt || tr.Time != res.Time {
				t.Errorf("%s %s attempt %d: test row %+v does not carry its attempt's", c.team, tr.Ref(), c.n, tr)
			}
		}
	}
	cell := r.Scoreboard[1].Problems[0]
	if cell.Score != 30 || cell.Judged != 2 || cell.Time != 40*time.Minute || cell.Solved {
		t.Errorf("eve's chess cell %+v, want score 30 at 40 after 2 judged, not solved", cell)
	}
	if n := len(r.Rows()); n != 7*5+3+1 {
		t.Errorf("%d rows, want one per test of each attempt: %d", n, 7*5+3+1)
	}
}

// TestScoreRule scores attempts made up on testdata/tests' set: groups
// score when every test of theirs is AC, samples are worth nothing, a
// problem with tests and no groups is pass-fail, and a JE on any test makes
// the attempt JE, uncounted.
func TestScoreRule(t *testing.T) {
	set := loadSet(t, "testdata/tests/set.yaml")
	chess, _ := set.Problem("chess")
	nq, _ := set.Problem("nq")
	tests := func(p problems.Problem, verdicts string) []Result {
		var out []Result
		for i, tc := range p.Tests {
			out = append(out, Result{Test: tc.Name, Group: tc.Group, Verdict: Verdict(verdicts[2*i : 2*i+2])})
		}
		return out
	}
	for _, c := range []struct {
		p        problems.Problem
		verdicts string // two letters a test, in the problem's order
		verdict  Verdict
		score    int
	}{
		{chess, "ACACACACAC", AC, 100},
		{chess, "WAACACACAC", AC, 100}, // test 1 is the sample: it decides nothing
		{chess, "JEACACACAC", AC, 100},
		{chess, "NOWAACACAC", WA, 70},
		{chess, "ACACNOACAC", NO, 70},
		{chess, "ACACACACPE", PE, 30},
		{chess, "WAWAACACAC", WA, 70},
		{chess, "WAWAWAWAWA", WA, 0},
		{chess, "ACJEACACAC", JE, 0},
		{chess, "WAACACACJE", JE, 0},
		{nq, "ACACAC", AC, 2},
		{nq, "ACWAAC", WA, 0},
	} {
		res := Result{Team: "t", Problem: c.p.ID, Tests: tests(c.p, c.verdicts)}
		slices.Reverse(res.Tests) // any order: put back in the problem's
		r := NewReport(set, []Result{res})
		got := r.Results[0]
		if got.Verdict != c.verdict || got.Score != c.score {
			t.Errorf("%s %s: %s scoring %d, want %s scoring %d", c.p.ID, c.verdicts, got.Verdict, got.Score, c.verdict, c.score)
		}
		counted := c.verdict != JE && c.score > 0
		if p := r.Scoreboard[0].Points; counted && p != c.score || !counted && p != 0 {
			t.Errorf("%s %s: team points %d, want %d", c.p.ID, c.verdicts, p, map[bool]int{true: c.score}[counted])
		}
		if got.Tests[0].Test != c.p.Tests[0].Name {
			t.Errorf("%s: tests not in the problem's order: %s first", c.p.ID, got.Tests[0].Test)
		}
	}
}

// TestPenaltyRule spells out the generalised penalty on made-up timed
// attempts: only attempts that raise the score matter, the first reaching
// the best score sets the minute, every counted attempt before it costs
// 20, and on a problem without groups it is ICPC's.
func TestPenaltyRule(t *testing.T) {
	set := loadSet(t, "testdata/tests/set.yaml")
	chess, _ := set.Problem("chess")
	at := func(min int, verdicts string) Result {
		r := Result{Team: "t", Problem: "chess", Time: time.Duration(min) * time.Minute, Timed: true, File: fmt.Sprint(min)}
		for i, tc := range chess.Tests {
			r.Tests = append(r.Tests, Result{Test: tc.Name, Group: tc.Group, Verdict: Verdict(verdicts[2*i : 2*i+2])})
		}
		return r
	}
	eight := func(min int, v Verdict) Result {
		return Result{Team: "t", Problem: "eight", Verdict: v, Time: time.Duration(min) * time.Minute, Timed: true, File: fmt.Sprint(min)}
	}
	for _, c := range []struct {
		name     string
		attempts []Result
		points   int
		penalty  int64
	}{
		{"none right", []Result{at(10, "WAWAWAWAWA")}, 0, 0},
		{"partial at once", []Result{at(10, "ACACACWAWA")}, 30, 10},
		{"partial, then full", []Result{at(10, "ACACACWAWA"), at(30, "ACACACACAC")}, 100, 30 + 20},
		{"full after a JE", []Result{at(10, "ACJEACACAC"), at(30, "ACACACACAC")}, 100, 30},
		{"full with the sample wrong", []Result{at(10, "WAACACACAC"), at(30, "ACACACACAC")}, 100, 10},
		{"partial twice", []Result{at(10, "ACACACWAWA"), at(20, "ACACACWAWA"), at(50, "ACWAWAACAC")}, 70, 50 + 2*20},
		{"worse after best", []Result{at(10, "ACWAWAACAC"), at(20, "ACACACWAWA")}, 70, 10},
		{"ICPC", []Result{eight(10, WA), eight(15, PE), eight(17, JE), eight(40, AC), eight(50, WA)}, 1, 40 + 2*20},
	} {
		r := NewReport(set, c.attempts)
		s := r.Scoreboard[0]
		if s.Points != c.points || s.Penalty != c.penalty {
			t.Errorf("%s: %d points, penalty %d; want %d, %d", c.name, s.Points, s.Penalty, c.points, c.penalty)
		}
	}
}

// TestJudgeErrorKeptWhole: a judge error of the judge's own (here no
// ground truth, whose message says how to get one) is kept whole, where
// an answer's message is cut at Limits.MaxMessage; it was cut at 200
// bytes, in the middle of the way on.
func TestJudgeErrorKeptWhole(t *testing.T) {
	why := errors.New(`problem "q16": this cache holds slice 0/3 of its count (solve --shard), which counting it whole here would replace: merge the parts into another cache for its answer (queensjudge merge OUT.db PART.db...)`)
	p := problems.Problem{ID: "q16"}
	s := Submission{Team: "ada", Problem: "q16", File: "ada/q16.txt", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("1\n")), nil }}
	r := judgeSubmission(context.Background(), s, p, func(context.Context) (Truth, error) { return Truth{}, why }, Limits{MaxMessage: DefaultMaxMessage})
	if r.Verdict != JE || !strings.HasSuffix(r.Message, "(queensjudge merge OUT.db PART.db...)") {
		t.Errorf("judgeSubmission = %s %q, want JE and the whole message", r.Verdict, r.Message)
	}
	if strings.Contains(r.TeamMessage, "merge") {
		t.Errorf("team message %q gives the judges' message away", r.TeamMessage)
	}
}

// TestTieByRow: two attempts of a team at a problem in the same minute
// are ordered by the manifest's rows, whatever their files are called: a
// wrong answer in row 2 and a right one in row 3, both at minute 10, cost
// 10 + 20 minutes. Before, they were ordered by file name, and a.txt (the
// right one) came first: 10 minutes.
func TestTieByRow(t *testing.T) {
	set := loadSet(t, "testdata/contest/set.yaml")
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"b.txt": "91\n",
		"a.txt": "92\n",
		"m.csv": "team,problem,time,file\nerin,eight-queens,10,b.txt\nerin,eight-queens,10,a.txt\n",
	})
	subs, errs := LoadManifest(filepath.Join(dir, "m.csv"))
	if errs != nil {
		t.Fatalf("LoadManifest errors %v", errs)
	}
	r := Contest(context.Background(), set, subs, SolverTruths{}, Limits{})
	var got []string
	for _, res := range r.Results {
		got = append(got, fmt.Sprintf("%d %s %s", res.Attempt, res.File, res.Verdict))
	}
	if want := []string{"1 b.txt WA", "2 a.txt AC"}; !slices.Equal(got, want) {
		t.Errorf("attempts %q, want %q", got, want)
	}
	if len(r.Scoreboard) != 1 || r.Scoreboard[0].Penalty != 10+PenaltyMinutes {
		t.Errorf("scoreboard %+v, want erin with a penalty of 30", r.Scoreboard)
	}
}

// TestStrayDidYouMean: a file for no problem of the set names the problem
// it most likely meant (Guard-Max.txt for guard-max).
func TestStrayDidYouMean(t *testing.T) {
	set := loadSet(t, "testdata/contest/set.yaml")
	id := set.Problems[0].ID
	typo := strings.ToUpper(id[:1]) + id[1:] + "x"
	subs := []Submission{{Team: "ada", Problem: typo, File: "ada/" + typo + ".txt",
		Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("1\n")), nil }}}
	r := Contest(context.Background(), set, subs, SolverTruths{}, Limits{})
	if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Error(), fmt.Sprintf("did you mean %q?", id)) {
		t.Errorf("warnings %v, want one naming %q", r.Warnings, id)
	}
}
