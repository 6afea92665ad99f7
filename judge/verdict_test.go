package judge

import (
	"strings"
	"testing"
)

// TestAttemptVerdict spells out the verdict of an attempt at a problem with
// tests on made-up tests of testdata/tests' set: in chess, a problem with
// groups, the sample (test 1) decides nothing, so a team whose scored tests
// are all right reads AC on the wall beside its full score; in nq, a
// pass-fail problem, every test counts, as a sample would.
func TestAttemptVerdict(t *testing.T) {
	set := loadSet(t, "testdata/tests/set.yaml")
	chess := mustProblem(t, set, "chess") // tests 1 (sample), 2, 3 (small), big-1, big-2 (large)
	nq := mustProblem(t, set, "nq")
	for _, c := range []struct {
		name     string
		p        string
		verdicts string // two letters a test, in the problem's order
		want     Verdict
		msg      string
	}{
		{"all right", "chess", "ACACACACAC", AC, "all 5 tests right"},
		{"the sample wrong", "chess", "NOACACACAC", AC, "all 4 scored tests right; test 1, a sample, is NO: samples do not count"},
		{"the sample wrong and a scored test", "chess", "WAACPEACAC", PE, "test 3: m3"},
		{"a JE on the sample", "chess", "JEACACACAC", AC, "all 4 scored tests right; test 1, a sample, is JE: samples do not count"},
		{"a JE after a WA", "chess", "ACWAACACJE", JE, "test big-2: mbig-2"},
		{"pass-fail: the first test wrong", "nq", "WAACAC", WA, "test 1: m1"},
		{"pass-fail: all right", "nq", "ACACAC", AC, "all 3 tests right"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := chess
			if c.p == "nq" {
				p = nq
			}
			r := Result{Verdict: WA, Squares: []string{"a1"}, Line: 3}
			for i, tc := range p.Tests {
				r.Tests = append(r.Tests, Result{Test: tc.Name, Group: tc.Group, Sample: tc.Sample,
					Verdict: Verdict(c.verdicts[2*i : 2*i+2]), Message: "m" + tc.Name, TeamMessage: "m" + tc.Name})
			}
			attemptVerdict(p, &r)
			if r.Verdict != c.want || r.Message != c.msg || r.TeamMessage != c.msg {
				t.Errorf("attemptVerdict(%s %s) = %s %q (team %q), want %s %q", c.p, c.verdicts, r.Verdict, r.Message, r.TeamMessage, c.want, c.msg)
			}
			if r.Squares != nil || r.Line != 0 {
				t.Errorf("attemptVerdict(%s %s) keeps squares %v, line %d", c.p, c.verdicts, r.Squares, r.Line)
			}
		})
	}
}

// TestNoAnswerTeamMessages checks that the team message of a test with no
// file, or with two, names the test and no file or folder: the public page
// shows it, and the names are the organiser's.
func TestNoAnswerTeamMessages(t *testing.T) {
	for _, c := range []struct {
		f              *failure
		msg, team      string
		organiserNames []string
	}{
		{noFile("tower", "aurora-cg-1"),
			"no answer for test tower (no file tower or tower.* in aurora-cg-1/)", "no answer for test tower: no file for it",
			[]string{"aurora-cg-1", "tower.*"}},
		{doubledFiles("big-1", []string{"big-1.txt", "big-1.txt~"}),
			"no answer for test big-1: two files, big-1.txt and big-1.txt~: neither judged", "no answer for test big-1: two files for it, neither judged",
			[]string{"big-1.txt"}},
		{doubledFiles("2", []string{"2", "2.old", "2.txt"}),
			"no answer for test 2: 3 files, 2, 2.old and 2.txt: none judged", "no answer for test 2: 3 files for it, none judged",
			[]string{"2.old", "2.txt"}},
	} {
		j := c.f.judgement(8, Limits{}.withDefaults())
		if j.Verdict != NO || j.Message != c.msg || j.TeamMessage != c.team {
			t.Errorf("judgement = %s %q, team %q; want NO %q, team %q", j.Verdict, j.Message, j.TeamMessage, c.msg, c.team)
		}
		for _, name := range c.organiserNames {
			if strings.Contains(j.TeamMessage, name) {
				t.Errorf("team message %q names %s", j.TeamMessage, name)
			}
		}
	}
}
