package store

import (
	"context"
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
	js := []Judgement{
		{Set: "s", Team: "bob", Problem: "p", File: "bob/p.txt", Attempt: 1, Path: "/x/bob/p.txt", Answer: []byte("92\n"), Key: key, Verdict: "AC", Message: "answer 92", TeamMessage: "accepted"},
		{Set: "s", Team: "ada", Problem: "p", File: "a2", Attempt: 2, Time: 19 * time.Minute, Timed: true, Path: "/x/a2", Answer: big, Key: key, Verdict: "WA", Message: "m", TeamMessage: "t"},
		{Set: "s", Team: "ada", Problem: "p", File: "a1", Attempt: 1, Path: "/x/a1", Answer: []byte{}, Key: key, Verdict: "NO", Message: "empty", TeamMessage: "empty"},
		{Set: "other", Team: "ada", Problem: "p", File: "a1", Attempt: 1, Path: "/y", Key: key, Verdict: "AC", Message: "", TeamMessage: ""},
	}
	if err := db.PutJudgements(ctx, js); err != nil {
		t.Fatal(err)
	}
	js[0].Verdict, js[0].Message = "WA", "answer 91"
	if err := db.PutJudgements(ctx, js[:1]); err != nil {
		t.Fatal(err)
	}
	got, err := db.Judgements(ctx, "s")
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
	full := Judgement{Set: "full", Team: "eve", Problem: "q", File: "eve/q", Attempt: 3, Time: 90 * time.Second, Timed: true,
		Path: "/x/eve/q", Answer: []byte("1 3 0 2\n"), Key: CacheKey{DefHash: "h2", SolverVersion: "2"}, Verdict: "PE",
		Message: "judge says", TeamMessage: "team says", JudgedAt: at}
	if err := db.PutJudgements(ctx, []Judgement{full}); err != nil {
		t.Fatal(err)
	}
	if got, err := db.Judgements(ctx, "full"); err != nil || len(got) != 1 || !sameJudgement(got[0], full) {
		t.Errorf("Judgements(full) = %+v, %v; want %+v", got, err, full)
	}
	if got, err := db.Judgements(ctx, "none"); err != nil || len(got) != 0 {
		t.Errorf("Judgements(none) = %+v, %v; want none", got, err)
	}
	bad := js[0]
	bad.Verdict = "XX"
	if err := db.PutJudgements(ctx, []Judgement{bad}); err == nil {
		t.Errorf("PutJudgements with verdict XX: no error")
	}
}

func sameJudgement(a, b Judgement) bool {
	return a.Set == b.Set && a.Team == b.Team && a.Problem == b.Problem && a.File == b.File &&
		a.Attempt == b.Attempt && a.Time == b.Time && a.Timed == b.Timed && a.Path == b.Path &&
		string(a.Answer) == string(b.Answer) && a.Key == b.Key && a.Verdict == b.Verdict &&
		a.Message == b.Message && a.TeamMessage == b.TeamMessage && a.JudgedAt.Equal(b.JudgedAt)
}
