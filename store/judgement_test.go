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
	key := Key{DefHash: "h1", SolverVersion: "1"}
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
	bad := js[0]
	bad.Verdict = "XX"
	if err := db.PutJudgements(ctx, []Judgement{bad}); err == nil {
		t.Errorf("PutJudgements with verdict XX: no error")
	}
}
