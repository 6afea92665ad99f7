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
		if je && res.Message != "no ground truth for eight-queens: cache is locked" {
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
