package judge

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

// fuzzProblems are the keys FuzzJudge judges against: every ask, every kind.
var fuzzProblems = []solver.Problem{
	nq8Count, qk8Max, nq8Place, nq3Place, nq1Place, nq6All, nq3All,
	corners, cornersAll, qk6M3Place, qk6Place, qk4All, cses,
}

// FuzzJudge judges any bytes against every kind of key: no panic, a verdict
// always, messages short and one line, and no team message giving the
// answer away.
func FuzzJudge(f *testing.F) {
	for _, seed := range []string{
		"92", "\ufeff92\r\n", "９２", "2 4 6 8 3 1 7 5", "1 3 0 2", ".Q..\n...Q\nQ...\n..Q.\n",
		"none", "Q.....\n..Q...\n.....Q\n......\n.N....\n.N..N.\n", "*....*\n......\n",
		"2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n5 3 1 6 4 2\n", "1 2\n\n.Q\n", "\xff\xfe", "0\x00",
		"000000000000000000000000000000000000000000000000000000000000000000092",
		".Q..\r\r\n...Q\r\r\n\r\r\nQ...\r\r\n..Q.\r\r\r\n",
	} {
		for i := range fuzzProblems {
			f.Add(uint8(i), []byte(seed))
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		k := key(t, fuzzProblems[int(which)%len(fuzzProblems)])
		j := Judge(context.Background(), k, bytes.NewReader(data), Limits{MaxBytes: 1 << 16})
		checkJudgement(t, k, j, string(data))
		if j.Verdict == JE {
			t.Errorf("Judge(%q) = JE %q: a good key never gives JE", data, j.Message)
		}
	})
}

// FuzzLineEnds judges a text written with LF line ends against every kind
// of key, and again with each LF written as CRLF, as CR and as CR CR LF (a
// Windows program printing "\r\n" in text mode): the verdict and the
// message, line numbers and all, are the same.
func FuzzLineEnds(f *testing.F) {
	for _, seed := range []string{
		"92\n", "2 4 6 8 3 1 7 5\n", ".Q..\n...Q\nQ...\n..Q.\n", "none\n\n",
		"2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n5 3 1 6 4 2\n",
		".Q....\n...Q..\n.....Q\nQ.....\n..Q...\n....Q.\n\n..Q...\n.....Q\n.Q....\n....Q.\nQ.....\n...Q..\n",
		"1 2\n\n.Q\nx\n", "\n\n\n92 x",
	} {
		for i := range fuzzProblems {
			f.Add(uint8(i), []byte(seed))
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		if bytes.IndexByte(data, '\r') >= 0 || len(data) > 1<<12 {
			return
		}
		k := key(t, fuzzProblems[int(which)%len(fuzzProblems)])
		lim := Limits{MaxBytes: 1 << 16}
		want := Judge(context.Background(), k, bytes.NewReader(data), lim)
		for _, end := range []string{"\r\n", "\r", "\r\r\n"} {
			text := bytes.ReplaceAll(data, []byte("\n"), []byte(end))
			got := Judge(context.Background(), k, bytes.NewReader(text), lim)
			if got.Verdict != want.Verdict || got.Message != want.Message {
				t.Errorf("Judge(%q) = %s %q, but with LF line ends %s %q", text, got.Verdict, got.Message, want.Verdict, want.Message)
			}
		}
	})
}

// FuzzColumns holds the column form to solver.Check: the columns written
// from 1, from 0 and as a board all get the verdict Check gives, and a WA
// names Check's first violation.
func FuzzColumns(f *testing.F) {
	f.Add([]byte{1, 3, 0, 2}, uint64(0))
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7}, uint64(0))
	f.Add([]byte{5, 0, 4, 1, 7, 2, 6, 3}, uint64(0x8100000000000081))
	f.Fuzz(func(t *testing.T, raw []byte, reserved uint64) {
		n := len(raw)
		if n == 0 || n > 12 {
			return
		}
		cols := make([]int, n)
		for i, b := range raw {
			cols[i] = int(b) % n
		}
		p := solver.Problem{Kind: solver.NQueens, N: n, Ask: solver.AskPlacement}
		if reserved != 0 {
			p.Kind, p.Reserved = solver.Reserved, make([]uint64, n)
			for r := range n {
				p.Reserved[r] = reserved >> uint(r*5%64) & (1<<uint(n) - 1)
			}
		}
		pl := solver.FromColumns(cols)
		v := solver.Check(p, pl)
		var k Truth
		k.Problem, k.Answer.Placement = p, &pl // any placement: only a none answer reads it
		for i, form := range []string{columnsText(pl, 1), columnsText(pl, 0), boardText(p, pl, true)} {
			if i == 1 && !slices.Contains(cols, 0) {
				continue // from 0 with no 0 shows no base: it is read from 1
			}
			j := Judge(context.Background(), k, strings.NewReader(form), Limits{})
			switch {
			case v == nil && j.Verdict != AC:
				t.Errorf("%q on %v: %s %q, want AC", form, p.Reserved, j.Verdict, j.Message)
			case v != nil && (j.Verdict != WA || !strings.HasPrefix(j.Message, v.Msg)):
				t.Errorf("%q on %v: %s %q, want WA %q", form, p.Reserved, j.Verdict, j.Message, v.Msg)
			}
		}
	})
}

func FuzzManifest(f *testing.F) {
	f.Add([]byte("team,problem,time,file\nalice,eight-queens,95,a.txt\n"))
	f.Add([]byte("alice,eight-queens,,../x\n\"bad"))
	f.Add([]byte("\xef\xbb\xbffile,team,problem\nx,y,z\n"))
	f.Add([]byte("team,problem,team,file,notes\na,b,c,d,e\n"))
	f.Add([]byte("a,b,abc,c.txt,extra\na,b,1\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		subs, _ := parseManifest("manifest.csv", dir, data)
		for _, s := range subs {
			// A folder (Dir) has List (listed when judged) or Err, never
			// Open; a file Open or Err.
			read := s.Open != nil
			if s.Dir {
				read = s.List != nil && s.Open == nil
			}
			if s.Team == "" || s.Problem == "" || s.File == "" || read == (s.Err != nil) {
				t.Errorf("submission %+v: want team, problem, file, and one of Open (List for a folder) and Err", s)
			}
		}
	})
}

func FuzzParseTime(f *testing.F) {
	for _, s := range []string{"95", "1h05m", "3900s", "1:05:00", "0:00:59.999", "-5m", "1e9h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseTime(s)
		if err == nil && d < 0 {
			t.Errorf("ParseTime(%q) = %v, a negative time", s, d)
		}
	})
}
