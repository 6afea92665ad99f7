package app

import (
	"slices"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/store"
)

// TestChangedSince pins what regrade compares: the bytes read again with
// the digest judge kept, and nothing when either is missing.
func TestChangedSince(t *testing.T) {
	t.Parallel()
	const judged, other = "aaaaaaaaaaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbbbbbb"
	file := store.Attempt{Digest: judged}
	answer := store.Attempt{Digest: judged, Answer: []byte("92\n")}
	for _, c := range []struct {
		name string
		old  store.Attempt
		tk   taken
		want string // a prefix of the reason, "" for none
	}{
		{"never opened", file, taken{}, ""},
		{"the same bytes", file, taken{ok: true, tried: true, digest: judged}, ""},
		{"gone", file, taken{tried: true}, "its file could not be opened or read to its end again"},
		{"file changed", file, taken{ok: true, tried: true, digest: other}, "its file changed since it was judged (SHA-256 bbbbbbbbbbbb, judged aaaaaaaaaaaa)"},
		{"kept answer differs", answer, taken{ok: true, tried: true, digest: other}, "the answer the cache kept is not the one judged"},
		{"no digest kept", store.Attempt{}, taken{ok: true, tried: true, digest: other}, ""},
	} {
		got := changedSince(c.old, c.tk)
		if c.want == "" && got != "" || !strings.HasPrefix(got, c.want) {
			t.Errorf("changedSince(%s) = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestKeptSubmission pins which kept attempts regrade can open again: one
// whose answer the cache kept, or whose file and digest it kept.
func TestKeptSubmission(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		k    store.Attempt
		want string // a part of the reason, "" to be opened
	}{
		{"answer kept", store.Attempt{File: "a.txt", Answer: []byte("1\n")}, ""},
		{"older queensjudge", store.Attempt{File: "a.txt"}, "judged by an older queensjudge"},
		{"unread when judged", store.Attempt{File: "a.txt", Root: dir}, "could not be read when it was judged"},
		{"missing now", store.Attempt{File: "a.txt", Root: dir, Digest: "d"}, "a.txt"},
	} {
		s, why := keptSubmission(c.k)
		switch {
		case c.want == "" && (why != "" || s.Open == nil):
			t.Errorf("keptSubmission(%s) = %q, want it opened", c.name, why)
		case c.want != "" && !strings.Contains(why, c.want):
			t.Errorf("keptSubmission(%s) = %q, want a reason with %q", c.name, why, c.want)
		}
	}
}

// TestRegradePlan follows a plan through its steps: which attempts it
// opens again, which keep their verdicts, and which verdicts it lists as
// changed.
func TestRegradePlan(t *testing.T) {
	t.Parallel()
	kept := []store.Attempt{
		{Team: "ada", Problem: "p", File: "ada/p.txt", Attempt: 1, Verdict: "AC", Answer: []byte("1\n"), Digest: "d0"},
		{Team: "bob", Problem: "p", File: "bob/p.txt", Attempt: 1, Verdict: "WA"}, // kept by an older queensjudge
		{Team: "ada", Problem: "q/t1", File: "ada/q/t1.txt", Attempt: 1, Verdict: "AC", Answer: []byte("1\n"), Digest: "d2"},
		{Team: "ada", Problem: "q/t2", File: "ada/q", Attempt: 1, Verdict: "NO"},                           // no file in the folder
		{Team: "ada", Problem: "q/t3", File: "ada/q/t3.txt", Attempt: 1, Verdict: "WA", Root: t.TempDir()}, // unread when judged
	}
	p := newRegradePlan(nil, kept)
	if len(p.attempts) != 3 {
		t.Fatalf("attempts = %+v, want 3", p.attempts)
	}
	if !slices.Equal(p.at, []int{0, 2}) {
		t.Errorf("attempts judged again = %v, want [0 2]", p.at)
	}
	var parts []string
	for _, pt := range p.subs[1].Parts {
		parts = append(parts, pt.Name)
	}
	if p.subs[1].File != "ada/q" || !slices.Equal(parts, []string{"t1"}) {
		t.Errorf("folder judged again = %s %v, want ada/q [t1]", p.subs[1].File, parts)
	}
	var skipped []int
	for _, n := range p.notJudged {
		skipped = append(skipped, n.k)
	}
	if !slices.Equal(skipped, []int{1, 4}) {
		t.Errorf("not judged again = %v, want [1 4]", skipped)
	}
	if len(p.results) != 1 || p.results[0].Index != 1 || p.results[0].Verdict != judge.WA {
		t.Errorf("results before judging = %+v, want bob's kept WA", p.results)
	}

	p.compare(judge.Report{Results: []judge.Result{
		{Index: 0, Team: "ada", Problem: "p", File: "ada/p.txt", Verdict: judge.WA},
		{Index: 1, Team: "ada", Problem: "q", File: "ada/q", Tests: []judge.Result{
			{Team: "ada", Problem: "q", Test: "t1", Verdict: judge.AC},
			{Team: "ada", Problem: "q", Test: "t3", Verdict: judge.NO},
			{Team: "ada", Problem: "q", Test: "t4", Verdict: judge.NO},
		}},
	}})
	if len(p.results) != 3 {
		t.Fatalf("results = %+v, want 3", p.results)
	}
	if got := p.results[2].Tests[1]; got.Verdict != judge.WA {
		t.Errorf("t3 after compare = %+v, want its kept WA", got)
	}
	cs, teams := p.changes(judge.Report{Results: p.results})
	var got []string
	for _, c := range cs {
		got = append(got, c.Problem+" "+c.Was+"→"+c.Now)
	}
	if want := []string{"p AC→WA", "q/t4 →NO"}; !slices.Equal(got, want) || len(teams) != len(want) {
		t.Errorf("changes = %v (teams %v), want %v", got, teams, want)
	}
	if got, want := p.keptRows(judge.Report{Results: p.results}), []int{1, 0, 2, 4, -1}; !slices.Equal(got, want) {
		t.Errorf("keptRows = %v, want %v", got, want)
	}
}
