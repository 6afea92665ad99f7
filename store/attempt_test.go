package store

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func openNamed(t *testing.T, name string) *DB {
	t.Helper()
	db, err := Open(context.Background(), filepath.Join(t.TempDir(), name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestJudgementsUpsertAndOrder(t *testing.T) {
	ctx := context.Background()
	db := openNamed(t, "cache.db")
	key := CacheKey{DefHash: "h1", SolverVersion: "1"}
	big := make([]byte, MaxKeptAnswer+1)
	js := []Attempt{
		{Set: "s", Team: "bob", Problem: "p", File: "bob/p.txt", Attempt: 1, Path: "/x/bob/p.txt", Answer: []byte("92\n"), Key: key, Verdict: "AC", Message: "answer 92", TeamMessage: "accepted"},
		{Set: "s", Team: "ada", Problem: "p", File: "a2", Attempt: 2, Time: 19 * time.Minute, Timed: true, Path: "/x/a2", Answer: big, Key: key, Verdict: "WA", Message: "m", TeamMessage: "t"},
		{Set: "s", Team: "ada", Problem: "p", File: "a1", Attempt: 1, Path: "/x/a1", Answer: []byte{}, Key: key, Verdict: "NO", Message: "empty", TeamMessage: "empty"},
		{Set: "other", Team: "ada", Problem: "p", File: "a1", Attempt: 1, Path: "/y", Key: key, Verdict: "AC", Message: "", TeamMessage: ""},
	}
	if err := db.PutAttempts(ctx, js); err != nil {
		t.Fatal(err)
	}
	js[0].Verdict, js[0].Message = "WA", "answer 91"
	if err := db.PutAttempts(ctx, js[:1]); err != nil {
		t.Fatal(err)
	}
	got, err := db.Attempts(ctx, "s")
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, j := range got {
		order = append(order, j.Team+"/"+j.File+"/"+j.Verdict)
	}
	if want := "ada/a1/NO ada/a2/WA bob/bob/p.txt/WA"; strings.Join(order, " ") != want {
		t.Errorf("Judgements order = %q, want %q", strings.Join(order, " "), want)
	}
	if got[0].Answer == nil || len(got[0].Answer) != 0 {
		t.Errorf("an empty answer kept as %v, want empty and not nil", got[0].Answer)
	}
	if got[1].Answer != nil || !got[1].Timed || got[1].Time != 19*time.Minute {
		t.Errorf("big timed answer: answer kept %v, timed %v %v", got[1].Answer != nil, got[1].Timed, got[1].Time)
	}
	if string(got[2].Answer) != "92\n" || got[2].Message != "answer 91" {
		t.Errorf("upserted judgement = %+v", got[2])
	}
	// Every field comes back as it went in.
	at := time.Date(2026, 3, 14, 15, 9, 26, 535897932, time.FixedZone("CET", 3600))
	full := Attempt{Set: "full", Team: "eve", Problem: "q", File: "eve/q", Attempt: 3, Time: 90 * time.Second, Timed: true,
		Path: "/x/eve/q", Root: "/x", Answer: []byte("1 3 0 2\n"), Digest: strings.Repeat("0f", 32),
		Key: CacheKey{DefHash: "h2", SolverVersion: "2"}, Verdict: "PE",
		Message: "judge says", TeamMessage: "team says", JudgedAt: at}
	if err := db.PutAttempts(ctx, []Attempt{full}); err != nil {
		t.Fatal(err)
	}
	if got, err := db.Attempts(ctx, "full"); err != nil || len(got) != 1 || !sameAttempt(got[0], full) {
		t.Errorf("Attempts(full) = %+v, %v; want %+v", got, err, full)
	}
	if got, err := db.Attempts(ctx, "none"); err != nil || len(got) != 0 {
		t.Errorf("Attempts(none) = %+v, %v; want none", got, err)
	}
	bad := js[0]
	bad.Verdict = "XX"
	if err := db.PutAttempts(ctx, []Attempt{bad}); err == nil {
		t.Errorf("PutAttempts with verdict XX: no error")
	}
	bad = js[0]
	bad.Digest = "92"
	if err := db.PutAttempts(ctx, []Attempt{bad}); err == nil {
		t.Errorf("PutAttempts with digest 92: no error")
	}
}

func sameAttempt(a, b Attempt) bool {
	return a.Set == b.Set && a.Team == b.Team && a.Problem == b.Problem && a.File == b.File &&
		a.Attempt == b.Attempt && a.Time == b.Time && a.Timed == b.Timed && a.Path == b.Path &&
		a.Root == b.Root && a.Digest == b.Digest &&
		string(a.Answer) == string(b.Answer) && a.Key == b.Key && a.Verdict == b.Verdict &&
		a.Message == b.Message && a.TeamMessage == b.TeamMessage && a.JudgedAt.Equal(b.JudgedAt)
}

// TestJudgementsSameFileTwice keeps the three attempts of
// t,x,10,b.txt / t,x,20,a.txt / t,x,30,b.txt: the same file twice is two
// attempts, and the first (minute 10) is not lost to the third. 0002 kept
// them by file and lost it.
func TestJudgementsSameFileTwice(t *testing.T) {
	ctx := context.Background()
	db := openNamed(t, "cache.db")
	key := CacheKey{DefHash: "h", SolverVersion: "1"}
	at := func(attempt, min int, file, verdict string) Attempt {
		return Attempt{Set: "s", Team: "t", Problem: "x", File: file, Attempt: attempt,
			Time: time.Duration(min) * time.Minute, Timed: true, Path: "/m/" + file, Answer: []byte(file),
			Key: key, Verdict: verdict, Message: file}
	}
	js := []Attempt{at(1, 10, "b.txt", "AC"), at(2, 20, "a.txt", "WA"), at(3, 30, "b.txt", "AC")}
	if err := db.PutAttempts(ctx, js); err != nil {
		t.Fatal(err)
	}
	got, err := db.Attempts(ctx, "s")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(js) {
		t.Fatalf("Judgements kept %d attempts, want %d: %+v", len(got), len(js), got)
	}
	for i := range js {
		g := got[i]
		g.JudgedAt = js[i].JudgedAt // set by PutAttempts
		if !sameAttempt(g, js[i]) {
			t.Errorf("attempt %d = %+v, want %+v", i+1, got[i], js[i])
		}
	}
}

// TestJudgementsReplaceProblem: what is put for a team's problem replaces
// all its kept attempts (an attempt that is gone does not stay behind),
// and leaves the team's other problems, other teams and other sets alone.
// Two judgements of one attempt are refused, and nothing is kept.
func TestJudgementsReplaceProblem(t *testing.T) {
	ctx := context.Background()
	db := openNamed(t, "cache.db")
	key := CacheKey{DefHash: "h", SolverVersion: "1"}
	j := func(set, team, problem string, attempt int, verdict string) Attempt {
		return Attempt{Set: set, Team: team, Problem: problem, File: fmt.Sprint(team, "/", problem, attempt),
			Attempt: attempt, Path: "/p", Key: key, Verdict: verdict}
	}
	if err := db.PutAttempts(ctx, []Attempt{
		j("s", "t", "x", 1, "WA"), j("s", "t", "x", 2, "WA"), j("s", "t", "x", 3, "AC"),
		j("s", "t", "y", 1, "AC"), j("s", "u", "x", 1, "AC"), j("other", "t", "x", 1, "AC"),
	}); err != nil {
		t.Fatal(err)
	}
	if err := db.PutAttempts(ctx, []Attempt{j("s", "t", "x", 1, "PE"), j("s", "t", "x", 2, "AC")}); err != nil {
		t.Fatal(err)
	}
	list := func(set string) string {
		t.Helper()
		got, err := db.Attempts(ctx, set)
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, g := range got {
			s = append(s, fmt.Sprint(g.Team, "/", g.Problem, "/", g.Attempt, "/", g.Verdict))
		}
		return strings.Join(s, " ")
	}
	if got, want := list("s"), "t/x/1/PE t/x/2/AC t/y/1/AC u/x/1/AC"; got != want {
		t.Errorf("Attempts(s) = %q, want %q", got, want)
	}
	if got, want := list("other"), "t/x/1/AC"; got != want {
		t.Errorf("Attempts(other) = %q, want %q", got, want)
	}

	err := db.PutAttempts(ctx, []Attempt{j("s", "t", "x", 1, "WA"), j("s", "t", "x", 1, "AC")})
	if err == nil || !strings.Contains(err.Error(), "attempt 1") {
		t.Errorf("PutAttempts with attempt 1 twice = %v, want an error naming it", err)
	}
	if got, want := list("s"), "t/x/1/PE t/x/2/AC t/y/1/AC u/x/1/AC"; got != want {
		t.Errorf("Attempts(s) after a refused put = %q, want %q (unchanged)", got, want)
	}
}

// TestJudgementsReplaceTests: the judgements of the tests of a problem with
// tests are kept under ID/TEST, and those given for a team's attempts at
// any of a problem's tests replace what was kept for all of its tests and
// for the problem itself, and the other way round; a problem whose id is
// a prefix of another's (x, x1, x.y) is its own.
func TestJudgementsReplaceTests(t *testing.T) {
	ctx := context.Background()
	db := openNamed(t, "cache.db")
	key := CacheKey{DefHash: "h", SolverVersion: "1"}
	j := func(team, problem string, attempt int, verdict string) Attempt {
		return Attempt{Set: "s", Team: team, Problem: problem, File: fmt.Sprint(team, "/", problem, attempt),
			Attempt: attempt, Path: "/p", Key: key, Verdict: verdict}
	}
	list := func() string {
		t.Helper()
		got, err := db.Attempts(ctx, "s")
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, g := range got {
			s = append(s, fmt.Sprint(g.Team, ":", g.Problem, ":", g.Attempt, ":", g.Verdict))
		}
		return strings.Join(s, " ")
	}
	if err := db.PutAttempts(ctx, []Attempt{
		j("t", "x", 1, "WA"), j("t", "x1", 1, "AC"), j("t", "x.y", 1, "AC"), j("t", "x0", 1, "AC"), j("u", "x/1", 1, "AC"),
	}); err != nil {
		t.Fatal(err)
	}
	if err := db.PutAttempts(ctx, []Attempt{j("t", "x/1", 1, "AC"), j("t", "x/2", 1, "WA"), j("t", "x/1", 2, "AC"), j("t", "x/2", 2, "AC")}); err != nil {
		t.Fatal(err)
	}
	if got, want := list(), "t:x.y:1:AC t:x/1:1:AC t:x/1:2:AC t:x/2:1:WA t:x/2:2:AC t:x0:1:AC t:x1:1:AC u:x/1:1:AC"; got != want {
		t.Errorf("after the tests: %q, want %q", got, want)
	}
	if err := db.PutAttempts(ctx, []Attempt{j("t", "x/3", 1, "NO")}); err != nil {
		t.Fatal(err)
	}
	if got, want := list(), "t:x.y:1:AC t:x/3:1:NO t:x0:1:AC t:x1:1:AC u:x/1:1:AC"; got != want {
		t.Errorf("after a renamed test: %q, want %q", got, want)
	}
	if err := db.PutAttempts(ctx, []Attempt{j("t", "x", 1, "AC")}); err != nil {
		t.Fatal(err)
	}
	if got, want := list(), "t:x:1:AC t:x.y:1:AC t:x0:1:AC t:x1:1:AC u:x/1:1:AC"; got != want {
		t.Errorf("after the problem without tests: %q, want %q", got, want)
	}
}

// TestMigrateJudgementsFromVersion2 opens a cache written by schema 2,
// which kept judgements by file, and checks that every kept judgement
// survives 0003, numbered again as regrade numbers them (by time, untimed
// last, then by file): also two that a second judge run left with the same
// attempt number. The same file may then be kept for two attempts.
func TestMigrateJudgementsFromVersion2(t *testing.T) {
	ctx := context.Background()
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) < 3 {
		t.Fatalf("%d migrations, want at least 3", len(ms))
	}
	path := filepath.Join(t.TempDir(), "v2.db")
	old := raw(t, path)
	if _, err := old.Exec(ms[0].sql + ";" + ms[1].sql + "; PRAGMA user_version = 2"); err != nil {
		t.Fatal(err)
	}
	insert := `INSERT INTO judgements (set_name, team, problem_id, file, attempt, time_ms, path, answer,
			def_hash, solver_version, verdict, message, team_message, judged_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'h', '1', ?, ?, 'tm', '2026-03-14T15:09:26.535897932Z')`
	for _, r := range [][]any{
		// The lost-judgement case: b.txt at 10 was overwritten by b.txt at 30.
		{"s", "t", "x", "a.txt", 2, 20 * 60000, "/m/a.txt", []byte("a"), "WA", "m a"},
		{"s", "t", "x", "b.txt", 3, 30 * 60000, "/m/b.txt", []byte("b"), "AC", "m b"},
		// Two runs over different folders: two first attempts, one untimed.
		{"s", "u", "y", "u/y.txt", 1, nil, "/d/u/y.txt", nil, "AC", "m y"},
		{"s", "u", "y", "u2/y.txt", 1, 5 * 60000, "/d/u2/y.txt", []byte{}, "NO", "m y2"},
		{"other", "t", "x", "t/x", 1, nil, "/e/t/x", []byte("c"), "PE", "m c"},
	} {
		if _, err := old.Exec(insert, r...); err != nil {
			t.Fatal(err)
		}
	}
	old.Close()

	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if v := pragma(t, raw(t, path), "user_version"); v != len(ms) {
		t.Errorf("user_version after Open = %d, want %d", v, len(ms))
	}
	show := func(set string) string {
		t.Helper()
		js, err := db.Attempts(ctx, set)
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, j := range js {
			s = append(s, fmt.Sprintf("%s/%s/%d/%s/%v/%s/%q/%s", j.Team, j.Problem, j.Attempt, j.File, j.Time, j.Verdict, j.Answer, j.Message))
		}
		return strings.Join(s, " ")
	}
	want := `t/x/1/a.txt/20m0s/WA/"a"/m a t/x/2/b.txt/30m0s/AC/"b"/m b ` +
		`u/y/1/u2/y.txt/5m0s/NO/""/m y2 u/y/2/u/y.txt/0s/AC/""/m y`
	if got := show("s"); got != want {
		t.Errorf("Attempts(s) after migrating =\n%s\nwant\n%s", got, want)
	}
	if got, want := show("other"), `t/x/1/t/x/0s/PE/"c"/m c`; got != want {
		t.Errorf("Attempts(other) after migrating = %s, want %s", got, want)
	}
	js, err := db.Attempts(ctx, "s")
	if err != nil {
		t.Fatal(err)
	}
	if js[3].Answer != nil || js[2].Answer == nil {
		t.Errorf("answers after migrating: NULL became %v, empty became %v", js[3].Answer, js[2].Answer)
	}
	// The new key: b.txt again, as attempt 3.
	more := append(js[:2:2], Attempt{Set: "s", Team: "t", Problem: "x", File: "b.txt", Attempt: 3, Path: "/m/b.txt",
		Key: CacheKey{"h", "1"}, Verdict: "AC"})
	if err := db.PutAttempts(ctx, more); err != nil {
		t.Fatalf("PutAttempts of b.txt twice after migrating: %v", err)
	}
	if js, err := db.Attempts(ctx, "s"); err != nil || len(js) != 5 {
		t.Errorf("Attempts(s) = %d, %v; want 5", len(js), err)
	}
	if rep, err := db.Doctor(ctx, "1"); err != nil || len(rep.Integrity) != 0 {
		t.Errorf("Doctor after migrating = %+v, %v", rep, err)
	}
}

// TestMigrateJudgementsFromVersion4: a judgement kept by schema 4 has no
// root and no digest after 0005 (regrade then judges it only from the
// bytes the cache kept), and everything else as it was.
func TestMigrateJudgementsFromVersion4(t *testing.T) {
	ctx := context.Background()
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) < 5 {
		t.Fatalf("%d migrations, want at least 5", len(ms))
	}
	path := filepath.Join(t.TempDir(), "v4.db")
	old := raw(t, path)
	var script []string
	for _, m := range ms[:4] {
		script = append(script, m.sql)
	}
	if _, err := old.Exec(strings.Join(script, ";") + "; PRAGMA user_version = 4"); err != nil {
		t.Fatal(err)
	}
	if _, err := old.Exec(`INSERT INTO judgements (set_name, team, problem_id, attempt, file, time_ms, path, answer,
			def_hash, solver_version, verdict, message, team_message, judged_at)
		VALUES ('s', 't', 'x', 1, 't/x.txt', NULL, '/d/t/x.txt', NULL, 'h', '1', 'AC', 'm', 'tm', '2026-03-14T15:09:26Z')`); err != nil {
		t.Fatal(err)
	}
	old.Close()
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	js, err := db.Attempts(ctx, "s")
	if err != nil || len(js) != 1 || js[0].Root != "" || js[0].Digest != "" || js[0].Path != "/d/t/x.txt" || js[0].Verdict != "AC" {
		t.Errorf("Judgements after migrating from 4 = %+v, %v; want the AC with no root and no digest", js, err)
	}
}
