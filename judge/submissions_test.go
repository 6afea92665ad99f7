package judge

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeTree writes files (slash paths relative to dir, and their text).
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDoubled: two or more files in a team folder for one problem (an old
// answer, an editor's backup, an id with a '.' written with and without an
// extension) are one *Doubled warning naming them all, and none of them is
// judged, whatever they hold; backups named after no problem are strays,
// and hidden names are reported by the loader, not skipped in silence.
// Before, x.old (AC) beside x.txt (WA) solved the problem.
func TestDoubled(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"alice/eight-queens.txt":        "91\n",
		"alice/eight-queens.old":        "92\n",
		"alice/cses.txt":                "64\n",
		"alice/cses.txt~":               "65\n",
		"alice/q1.5":                    "10\n",
		"alice/q1.5.txt":                "10\n",
		"bob/eight-queens.txt":          "91\n",
		"bob/eight-queens.txt.swp":      "92\n",
		"bob/#eight-queens#":            "92\n",
		"bob/.eight-queens.txt.swp":     "92\n",
		"carol/six-all.txt":             "none\n",
		"carol/six-all.a":               "none\n",
		"carol/six-all.b":               "none\n",
		"dave/eight-queens.txt":         "92\n",
		".DS_Store":                     "",
		".hidden-team/eight-unique.txt": "12\n",
	})
	subs, errs := LoadSubmissions(dir)
	var hidden []string
	for _, err := range errs {
		var s *Stray
		if !errors.As(err, &s) || !strings.Contains(s.Why, "hidden") {
			t.Errorf("LoadSubmissions error %v, want only hidden strays", err)
			continue
		}
		rel, _ := filepath.Rel(dir, s.Path)
		hidden = append(hidden, filepath.ToSlash(rel))
	}
	slices.Sort(hidden)
	if want := []string{".DS_Store", ".hidden-team", "bob/.eight-queens.txt.swp"}; !slices.Equal(hidden, want) {
		t.Errorf("hidden strays %q, want %q", hidden, want)
	}

	set := loadSet(t, "testdata/contest/set.yaml")
	r := Contest(context.Background(), set, subs, SolverTruths{}, Limits{})
	var judged []string
	for _, res := range r.Results {
		judged = append(judged, res.File+" "+string(res.Verdict))
	}
	if want := []string{"bob/eight-queens.txt WA", "dave/eight-queens.txt AC"}; !slices.Equal(judged, want) {
		t.Errorf("judged %q, want %q", judged, want)
	}
	var doubled, strays []string
	for _, w := range r.Warnings {
		var d *Doubled
		var s *Stray
		switch {
		case errors.As(w, &d):
			doubled = append(doubled, w.Error())
		case errors.As(w, &s):
			strays = append(strays, s.Path)
		default:
			t.Errorf("warning %v is neither a *Doubled nor a *Stray", w)
		}
	}
	wantDoubled := []string{
		"team alice, problem cses: two files, cses.txt and cses.txt~: neither judged; keep one",
		"team alice, problem eight-queens: two files, eight-queens.old and eight-queens.txt: neither judged; keep one",
		"team alice, problem q1.5: two files, q1.5 and q1.5.txt: neither judged; keep one",
		"team carol, problem six-all: 3 files, six-all.a, six-all.b and six-all.txt: none judged; keep one",
	}
	if !slices.Equal(doubled, wantDoubled) {
		t.Errorf("doubled warnings\n%s\nwant\n%s", strings.Join(doubled, "\n"), strings.Join(wantDoubled, "\n"))
	}
	if want := []string{"bob/#eight-queens# (team bob)", "bob/eight-queens.txt.swp (team bob)"}; !slices.Equal(strays, want) {
		t.Errorf("strays %q, want %q", strays, want)
	}
	for _, st := range r.Scoreboard {
		if st.Team == "alice" && st.Solved != 0 {
			t.Errorf("alice solved %d problems with doubled files, want 0", st.Solved)
		}
	}
}

// TestResultIndex: a manifest may list one file for several attempts
// (t,x,10,b / t,x,20,a / t,x,30,b); each is judged, numbered and tied to
// its own submission by Index, and the first AC (minute 10) counts.
func TestResultIndex(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"a.txt":        "91\n",
		"b.txt":        "92\n",
		"manifest.csv": "team,problem,time,file\nt,eight-queens,10,b.txt\nt,eight-queens,20,a.txt\nt,eight-queens,30,b.txt\n",
	})
	subs, errs := LoadManifest(filepath.Join(dir, "manifest.csv"))
	if len(errs) != 0 || len(subs) != 3 {
		t.Fatalf("LoadManifest = %d submissions, %v", len(subs), errs)
	}
	r := Contest(context.Background(), loadSet(t, "testdata/contest/set.yaml"), subs, SolverTruths{}, Limits{})
	var got []string
	for _, res := range r.Results {
		got = append(got, fmt.Sprint(res.Attempt, " ", res.File, " ", res.Minutes(), " ", res.Verdict, " ", res.Index))
		if s := subs[res.Index]; s.File != res.File || s.Time != res.Time {
			t.Errorf("attempt %d: Index %d is %s at %v, want %s at %v", res.Attempt, res.Index, s.File, s.Time, res.File, res.Time)
		}
	}
	if want := []string{"1 b.txt 10 AC 0", "2 a.txt 20 WA 1", "3 b.txt 30 AC 2"}; !slices.Equal(got, want) {
		t.Errorf("results %q, want %q", got, want)
	}
	if len(r.Warnings) != 0 {
		t.Errorf("warnings %v, want none: attempts are never doubled", r.Warnings)
	}
	if st := r.Scoreboard[0]; st.Solved != 1 || st.Penalty != 10 {
		t.Errorf("scoreboard %+v, want 1 solved at minute 10, no penalty", st)
	}
}

// TestOpenInside: a file inside the directory, also through a link that
// stays inside, opens; a link out, "..", a missing file, a link to nothing
// and a folder do not, each with an error that names the file, and a link
// out wraps ErrOutside. Regrade reopens a kept submission with it.
func TestOpenInside(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "subs")
	writeTree(t, root, map[string]string{"subs/ada/x.txt": "92\n", "secret.txt": "secret\n"})
	for _, l := range []struct{ target, link string }{
		{filepath.Join(root, "secret.txt"), "subs/ada/out.txt"},
		{"x.txt", "subs/ada/in.txt"},
		{filepath.Join(root, "gone"), "subs/ada/dangling.txt"},
	} {
		if err := os.Symlink(l.target, filepath.Join(root, l.link)); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		rel     string
		want    string // the text read, or "" for an error
		outside bool
	}{
		{"ada/x.txt", "92\n", false},
		{"ada/in.txt", "92\n", false},
		{"ada/out.txt", "", true},
		{"../secret.txt", "", true},
		{"ada/missing.txt", "", false},
		{"ada/dangling.txt", "", false},
		{"ada", "", false},
	} {
		open, err := OpenInside(dir, c.rel)
		if c.want == "" {
			if err == nil || !strings.Contains(err.Error(), c.rel) || errors.Is(err, ErrOutside) != c.outside {
				t.Errorf("OpenInside(%s) error = %v; want one naming it, ErrOutside %v", c.rel, err, c.outside)
			}
			continue
		}
		if err != nil {
			t.Errorf("OpenInside(%s) = %v", c.rel, err)
			continue
		}
		rc, err := open()
		if err != nil {
			t.Errorf("OpenInside(%s) opens: %v", c.rel, err)
			continue
		}
		var b strings.Builder
		_, err = io.Copy(&b, rc)
		rc.Close()
		if err != nil || b.String() != c.want {
			t.Errorf("OpenInside(%s) reads %q, %v; want %q", c.rel, b.String(), err, c.want)
		}
	}
}

// TestLoadFolders: a folder in a team folder, or named by a manifest row,
// is a folder submission with a Part per file; what is hidden or a folder
// in it is a *Stray, reported when the folder is judged (and not for a
// folder that answers no problem with tests, itself one warning); two
// folders for one problem are Doubled as two files are.
func TestLoadFolders(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"ada/nq/1.txt":       "2\n",
		"ada/nq/2":           "10\n",
		"ada/nq/.2.txt.swp":  "x",
		"ada/nq/old/3.txt":   "4\n",
		"bea/nq/3.txt":       "4\n",
		"bea/nq.old/3.txt":   "4\n",
		"manifest.csv":       "team,problem,time,file\ncal,nq,10,ada/nq\ncal,eight,11,ada/nq\n",
		"zed/unknown/1.txt":  "1\n",
		"zed/eight/.keep":    "",
		"zed/eight/answer.1": "92\n",
	})
	// A folder that leads out of the directory is not read: JE on every
	// test, as a file that does is JE.
	outside := t.TempDir()
	writeTree(t, outside, map[string]string{"1.txt": "2\n"})
	if err := os.Symlink(outside, filepath.Join(dir, "zed", "chess")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	subs, errs := LoadSubmissions(dir)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "manifest.csv: not in a team folder") {
		t.Errorf("LoadSubmissions errors %v, want one for manifest.csv", errs)
	}
	var ada Submission
	for _, s := range subs {
		if s.Team == "ada" {
			ada = s
		}
	}
	// A folder's files are listed when it is judged, not when it is
	// loaded.
	if ada.Parts != nil || ada.List == nil {
		t.Fatalf("ada's folder: parts %v listed at load, List nil %v; want them listed when judged", ada.Parts, ada.List == nil)
	}
	parts, _, err := ada.List()
	var names []string
	for _, p := range parts {
		names = append(names, p.Name+"="+p.File)
	}
	if !ada.Dir || ada.File != "ada/nq" || ada.Open != nil || err != nil || fmt.Sprint(names) != "[1.txt=ada/nq/1.txt 2=ada/nq/2]" {
		t.Errorf("ada's submission: Dir %v, File %q, parts %v (%v)", ada.Dir, ada.File, names, err)
	}
	set := loadSet(t, "testdata/tests/set.yaml")
	r := Contest(context.Background(), set, subs, SolverTruths{}, Limits{})
	var ws []string
	for _, w := range r.Warnings {
		ws = append(ws, strings.ReplaceAll(w.Error(), dir+string(filepath.Separator), ""))
	}
	slices.Sort(ws)
	want := []string{
		filepath.FromSlash("ada/nq/.2.txt.swp") + ": a hidden name (it starts with '.'), skipped",
		filepath.FromSlash("ada/nq/old") + ": a folder in a problem's folder, skipped",
		filepath.FromSlash("zed/eight") + ": a folder in a team folder, skipped",
		filepath.FromSlash("zed/unknown") + ": a folder in a team folder, skipped",
		"team bea, problem nq: two files, nq and nq.old: neither judged; keep one",
	}
	slices.Sort(want)
	if !slices.Equal(ws, want) {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(ws, "\n"), strings.Join(want, "\n"))
	}
	if len(r.Results) != 2 || r.Results[0].Verdict != NO || r.Results[0].Tests[2].Verdict != NO {
		t.Fatalf("results %+v, want ada's nq, NO on test 3, and zed's chess", r.Results)
	}
	if zed := r.Results[1]; zed.Team != "zed" || zed.Verdict != JE || len(zed.Tests) != 5 || !strings.Contains(zed.Tests[4].Message, ErrOutside.Error()) {
		t.Errorf("zed's chess, a link out: %s %q, want JE on 5 tests, the path leading out", zed.Verdict, zed.Message)
	}

	subs, errs = LoadManifest(filepath.Join(dir, "manifest.csv"))
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	r = Contest(context.Background(), set, subs, SolverTruths{}, Limits{})
	if len(r.Results) != 2 {
		t.Fatalf("%d results, want 2", len(r.Results))
	}
	nq, eight := r.Results[0], r.Results[1] // in the set's order
	if nq.Problem != "nq" || nq.Verdict != NO || len(nq.Tests) != 3 || nq.File != "ada/nq" {
		t.Errorf("cal's nq: %+v, want NO on 3 tests from the folder ada/nq", nq)
	}
	// A folder for a problem without tests is no answer, as before.
	if eight.Problem != "eight" || eight.Verdict != JE || !strings.Contains(eight.Message, "ada/nq is not a regular file") {
		t.Errorf("cal's eight: %s %q, want JE: not a regular file", eight.Verdict, eight.Message)
	}
}

// TestManifestErrors: every row of a manifest that cannot be read is an
// error with its line, all of them; a header that names a column twice or
// one it does not know is refused and no row is read; a row with more
// fields than columns is an error; CheckManifest names each row for a
// problem not in the set, with the id meant. Before, the header's second
// team column won, extra columns and fields were ignored, and a row for no
// problem was only a warning of Contest.
func TestManifestErrors(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.txt": "92\n"})
	for _, c := range []struct {
		name, csv string
		subs      int
		want      []string
	}{
		{"rows", "team,problem,time,file\n" +
			"ada,eight-queens,12,a.txt\n" +
			"ada,six-all,abc,a.txt\n" +
			"ada,six-all,14\n" +
			"bob,eight-queens,15,a.txt,extra\n" +
			",,soon,a.txt\n", 1, []string{
			`m.csv:3: time "abc": want minutes (95), a duration (1h35m, 5700s) or h:mm:ss`,
			`m.csv:4: no file (3 columns, want 4: team, problem, time, file)`,
			`m.csv:5: 5 columns, want at most 4 (team, problem, time, file)`,
			`m.csv:6: no team or problem`,
			`m.csv:6: time "soon": want minutes (95), a duration (1h35m, 5700s) or h:mm:ss`,
		}},
		{"no header", "ada,eight-queens,12,a.txt,x\nada,eight-queens,,a.txt\n", 1, []string{
			`m.csv:1: 5 columns, want at most 4 (team, problem, time, file)`,
		}},
		{"twice", "team,problem,team,file\nada,eight-queens,bob,a.txt\n", 0, []string{
			`m.csv:1: column "team" twice in the header (columns 1 and 3)`,
		}},
		{"unknown", "team,problem,tim,file,notes\nada,eight-queens,12,a.txt,x\n", 0, []string{
			`m.csv:1: unknown column "tim" (did you mean "time"?)`,
			`m.csv:1: unknown column "notes" (want team, problem, time or file)`,
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			subs, errs := parseManifest("m.csv", dir, []byte(c.csv))
			var got []string
			for _, err := range errs {
				got = append(got, err.Error())
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("errors\n%q, want\n%q", got, c.want)
			}
			if len(subs) != c.subs {
				t.Errorf("%d submissions, want %d", len(subs), c.subs)
			}
		})
	}

	set := loadSet(t, "testdata/contest/set.yaml")
	subs, errs := parseManifest("m.csv", dir, []byte("ada,eight-queens,1,a.txt\nada,eigth-queens,2,a.txt\nbob,zzz,3,a.txt\n"))
	if errs != nil {
		t.Fatal(errs)
	}
	var got []string
	for _, err := range CheckManifest(set, subs) {
		got = append(got, err.Error())
	}
	want := []string{
		`m.csv:2: no problem "eigth-queens" in set judge-cup (did you mean "eight-queens"?)`,
		`m.csv:3: no problem "zzz" in set judge-cup`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("CheckManifest =\n%q, want\n%q", got, want)
	}
}

// TestNothing: submissions that Contest would judge nothing of are an
// *Empty, saying why, and a team's folder given for the directory names its
// parent; one answer to judge, or two files doubled for a problem, are
// not. Before, such a judging gave an empty scoreboard.
func TestNothing(t *testing.T) {
	set := loadSet(t, "testdata/contest/set.yaml")
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"subs/alice/eight-queens.txt": "92\n",
		"subs/alice/cses.txt":         "65\n",
		"strays/alice/notes.txt":      "x\n",
		"doubled/alice/cses.txt":      "65\n",
		"doubled/alice/cses.old":      "64\n",
		"empty/README":                "",
		"m.csv":                       "team,problem,time,file\n",
	})
	for _, c := range []struct {
		from, why, parent string
	}{
		{"subs", "", ""},
		{"doubled", "", ""},
		{"subs/alice", "it looks like a team's folder: cses.txt, eight-queens.txt answer problems of set judge-cup", "subs"},
		{"strays", "no file in its team folders answers a problem of set judge-cup (see the warnings)", ""},
		{"empty", "no team folder in it", ""},
		{"m.csv", "no attempt in the manifest", ""},
	} {
		from := filepath.Join(root, c.from)
		var subs []Submission
		if c.from == "m.csv" {
			subs, _ = LoadManifest(from)
		} else {
			subs, _ = LoadSubmissions(from)
		}
		err := Nothing(set, subs, from)
		var e *Empty
		switch {
		case c.why == "" && err != nil:
			t.Errorf("Nothing(%s) = %v, want nil", c.from, err)
		case c.why == "":
		case !errors.As(err, &e):
			t.Errorf("Nothing(%s) = %v, want an *Empty", c.from, err)
		case e.Why != c.why || (c.parent == "") != (e.Parent == "") || c.parent != "" && e.Parent != filepath.Join(root, c.parent)+string(filepath.Separator):
			t.Errorf("Nothing(%s) = %q, parent %q; want %q, parent %q", c.from, e.Why, e.Parent, c.why, c.parent)
		}
	}
}
