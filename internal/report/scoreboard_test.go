package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/queensjudge/queensjudge/judge"
)

// scoreboardAt is the time the tests' scoreboards are made at: fixed, so
// that golden files stay put.
var scoreboardAt = time.Date(2026, 1, 5, 14, 13, 7, 832_000_000, time.UTC)

// writeScoreboard writes r's scoreboard.json, made at scoreboardAt.
func writeScoreboard(w io.Writer, r judge.Report) error {
	return WriteCCSScoreboard(w, r, scoreboardAt)
}

// passFailContests are the test contests whose scoreboard is pass-fail:
// the golden contests all have a problem worth more than 1 point, or
// groups.
var passFailContests = []string{"pass-fail-dir", "pass-fail-manifest"}

// TestScoreboardGolden writes the scoreboard of the test contest as the
// Contest API's scoreboard.json and awards.json and DOMjudge's results.tsv
// and compares each with its golden file.
func TestScoreboardGolden(t *testing.T) {
	formats := []format{{"scoreboard.json", writeScoreboard}, {"results.tsv", WriteResultsTSV}, {"awards.json", WriteAwards}}
	contestGolden(t, formats)
	contestGolden(t, formats, passFailContests...)
}

func TestResultsTSV(t *testing.T) {
	var board []judge.Standing
	// 16 teams: 14 solved something, on ranks 1..14 with a tie at 4.
	for i := range 16 {
		s := judge.Standing{Rank: i + 1, Team: fmt.Sprintf("t%02d", i+1), Points: max(0, 14-i), Solved: max(0, 14-i), Penalty: int64(10 * i)}
		if i == 4 {
			s.Rank = 4
		}
		board = append(board, s)
	}
	var b bytes.Buffer
	if err := WriteResultsTSV(&b, judge.Report{Scoreboard: board}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if lines[0] != "results\t1" || len(lines) != 17 {
		t.Fatalf("results.tsv starts %q and has %d lines, want results\\t1 and 17", lines[0], len(lines))
	}
	for _, want := range []string{
		"t01\t1\tGold Medal\t14\t0\t0\t",
		"t05\t4\tGold Medal\t10\t40\t0\t",
		"t06\t6\tSilver Medal\t9\t50\t0\t",
		"t12\t12\tBronze Medal\t3\t110\t0\t",
		"t13\t\tHonorable\t2\t120\t0\t", // the median team solved 7
		"t16\t\tHonorable\t0\t150\t0\t",
	} {
		if !slices.Contains(lines, want) {
			t.Errorf("results.tsv has no line %q:\n%s", want, b.String())
		}
	}
}

func TestRelTime(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0:00:00"},
		{65 * time.Minute, "1:05:00"},
		{1500 * time.Millisecond, "0:00:01.500"},
		{30*time.Hour + 59*time.Second, "30:00:59"},
		{-5 * time.Minute, "-0:05:00"},
	} {
		if got := RelTime(c.d); got != c.want {
			t.Errorf("RelTime(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

func TestAbsTime(t *testing.T) {
	for _, c := range []struct {
		t    time.Time
		want string
	}{
		{time.Date(2026, 1, 5, 14, 13, 7, 832_999_999, time.UTC), "2026-01-05T14:13:07.832Z"},
		{time.Date(2026, 1, 5, 14, 13, 7, 0, time.FixedZone("", 3600)), "2026-01-05T14:13:07.000+01:00"},
		{time.Date(2026, 7, 1, 0, 0, 0, 0, time.FixedZone("", -(9*3600+30*60))), "2026-07-01T00:00:00.000-09:30"},
	} {
		if got := AbsTime(c.t); got != c.want {
			t.Errorf("AbsTime(%v) = %q, want %q", c.t, got, c.want)
		}
	}
}

// TestScoreScoreboard spells out the scoreboard of type score that the
// contest of problems with tests gets: a row's score is {score, time}, never
// num_solved or total_time (the Contest API allows one or the other), its
// problems have a score and, above 0, a RELTIME, "0:00:00" when untimed.
func TestScoreScoreboard(t *testing.T) {
	r, _ := contest(t, "tests-manifest")
	got := decodeScoreboard(t, r)
	want := `[map[problems:[map[num_judged:3 num_pending:0 problem_id:chess score:100 time:0:50:00] map[num_judged:0 num_pending:0 problem_id:nq score:0] map[num_judged:1 num_pending:0 problem_id:eight score:1 time:0:05:00] map[num_judged:0 num_pending:0 problem_id:place score:0]] rank:1 score:map[score:101 time:0:50:00] team_id:dan] map[problems:[map[num_judged:2 num_pending:0 problem_id:chess score:30 time:0:40:00] map[num_judged:1 num_pending:0 problem_id:nq score:2 time:1:10:00] map[num_judged:0 num_pending:0 problem_id:eight score:0] map[num_judged:0 num_pending:0 problem_id:place score:0]] rank:2 score:map[score:32 time:1:10:00] team_id:eve]]`
	if s := fmt.Sprint(got["rows"]); s != want {
		t.Errorf("rows\n%s\nwant\n%s", s, want)
	}
	// The latest attempt is eve's at nq, at 1:10:00.
	if s := fmt.Sprint(got["time"], " ", got["contest_time"], " ", got["state"]); s != "2026-01-05T14:13:07.832Z 1:10:00 map[end_of_updates:<nil> ended:2026-01-05T14:13:07.832Z finalized:2026-01-05T14:13:07.832Z started:2026-01-05T13:03:07.832Z]" {
		t.Errorf("time, contest_time and state: %s", s)
	}

	// Untimed: every time is the contest start.
	r, _ = contest(t, "tests-dir")
	got = decodeScoreboard(t, r)
	first := got["rows"].([]any)[0].(map[string]any)
	if s := fmt.Sprint(first["score"], " ", first["problems"].([]any)[0], " ", got["contest_time"]); s != "map[score:104 time:0:00:00] map[num_judged:1 num_pending:0 problem_id:chess score:100 time:0:00:00] 0:00:00" {
		t.Errorf("the untimed score scoreboard: %s", s)
	}
}

// TestScoreboardType: the scoreboard is of type score when points can
// differ from problems solved, a problem worth more than 1 point too, and
// pass-fail otherwise: a row's score is {num_solved, total_time, time},
// times RELTIMEs to the minute, "0:00:00" when untimed (the last team solved
// one problem by an attempt of the manifest without a time).
func TestScoreboardType(t *testing.T) {
	r, _ := contest(t, "manifest") // no groups, problems worth 2 and 3
	rows := decodeScoreboard(t, r)["rows"].([]any)
	if s := fmt.Sprint(rows[0].(map[string]any)["score"]); !strings.HasPrefix(s, "map[score:") {
		t.Errorf("a set of problems worth 2 and 3 points: score %s, want of type score", s)
	}
	r, _ = contest(t, "pass-fail-manifest")
	rows = decodeScoreboard(t, r)["rows"].([]any)
	first, lastRow := rows[0].(map[string]any), rows[len(rows)-1].(map[string]any)
	if s := fmt.Sprint(first["team_id"], " ", first["score"], " ", first["problems"].([]any)[0], " ", lastRow["score"]); s != "erin map[num_solved:2 time:1:05:00 total_time:1:50:00] map[num_judged:2 num_pending:0 problem_id:eight-queens solved:true time:0:25:00] map[num_solved:1 time:0:00:00 total_time:0:00:00]" {
		t.Errorf("the pass-fail scoreboard: %s", s)
	}
}

// decodeScoreboard writes r's scoreboard.json and decodes it.
func decodeScoreboard(t *testing.T, r judge.Report) map[string]any {
	t.Helper()
	var b bytes.Buffer
	if err := writeScoreboard(&b, r); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	return got
}

// TestWriteAwards: the winner and the medals go to teams with points by
// rank, first-to-solve to the team (or the teams, tied to the millisecond)
// that first reached a problem's full score at a known time.
func TestWriteAwards(t *testing.T) {
	cell := func(solved bool, min int) judge.Cell {
		return judge.Cell{Problem: "p", Solved: solved, Score: map[bool]int{true: 1}[solved], Time: time.Duration(min) * time.Minute, Timed: true}
	}
	var board []judge.Standing
	for i := range 14 {
		s := judge.Standing{Rank: i + 1, Team: fmt.Sprintf("t%02d", i+1), Points: max(0, 13-i),
			Problems: []judge.Cell{cell(i < 13, 30+i), {Problem: "q"}}}
		if i == 1 {
			s.Rank, s.Problems[0] = 1, cell(true, 30) // tied first, and first to solve with t01
		}
		board = append(board, s)
	}
	var b bytes.Buffer
	if err := WriteAwards(&b, judge.Report{Problems: []string{"p", "q"}, Scoreboard: board}); err != nil {
		t.Fatal(err)
	}
	var awards []struct {
		ID      string   `json:"id"`
		TeamIDs []string `json:"team_ids"`
	}
	if err := json.Unmarshal(b.Bytes(), &awards); err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(awards)
	want := "[{winner [t01 t02]} {gold-medal [t01 t02 t03 t04]} {silver-medal [t05 t06 t07 t08]} {bronze-medal [t09 t10 t11 t12]} {first-to-solve-p [t01 t02]} {first-to-solve-q []}]"
	if got != want {
		t.Errorf("awards\n%s\nwant\n%s", got, want)
	}
}

// medalBoard is a scoreboard of teams named a, b, c... with points, ranked
// as judge ranks them: teams with the same points and penalty share a rank.
func medalBoard(points ...int) []judge.Standing {
	var board []judge.Standing
	for i, p := range points {
		s := judge.Standing{Rank: i + 1, Team: string(rune('a' + i)), Points: p, Solved: p, Penalty: 60}
		if i > 0 && p == points[i-1] {
			s.Rank = board[i-1].Rank
		}
		board = append(board, s)
	}
	return board
}

// TestMedals: the medal counts are the caller's (DOMjudge's gold, silver
// and bronze medals of a contest), 4, 4, 4 by default; a medal goes by
// rank, so that the teams tied at a boundary all get the better medal and
// as many ranks after them get none, as DOMjudge's AwardService and
// results export do; a team with no points gets none.
func TestMedals(t *testing.T) {
	for _, c := range []struct {
		name   string
		points []int
		m      Medals
		awards string // the gold, silver and bronze awards' teams
		tsv    string // the award of each team in results.tsv, a first
	}{
		// Issue 46: four teams, the last with 2 points. ICPC's 4, 4, 4
		// give them all gold, as DOMjudge's do.
		{"four teams, default", []int{9, 7, 5, 2}, DefaultMedals,
			"[[a b c d] [] []]", "Gold Medal,Gold Medal,Gold Medal,Gold Medal"},
		{"four teams, 1,1,1", []int{9, 7, 5, 2}, Medals{1, 1, 1},
			"[[a] [b] [c]]", "Gold Medal,Silver Medal,Bronze Medal,Honorable"},
		// a and b tie at rank 1: both gold; c is third, past the one
		// silver, so bronze; no silver at all.
		{"tie at the gold boundary", []int{9, 9, 5, 2}, Medals{1, 1, 1},
			"[[a b] [] [c]]", "Gold Medal,Gold Medal,Bronze Medal,Honorable"},
		// b and c tie at rank 2, the last silver: both silver.
		{"tie at the silver boundary", []int{9, 7, 7, 5, 2}, Medals{1, 1, 1},
			"[[a] [b c] []]", "Gold Medal,Silver Medal,Silver Medal,Honorable,Honorable"}, // d is below the median, 7
		{"no points, no medal", []int{3, 0}, DefaultMedals,
			"[[a] [] []]", "Gold Medal,Honorable"},
		{"no medals", []int{3, 2}, Medals{},
			"[[] [] []]", "Ranked,Ranked"},
		{"bronze only", []int{3, 2, 1}, Medals{0, 0, 2},
			"[[] [] [a b]]", "Bronze Medal,Bronze Medal,Honorable"}, // c is below the median, 2
	} {
		t.Run(c.name, func(t *testing.T) {
			r := judge.Report{Scoreboard: medalBoard(c.points...)}
			var b bytes.Buffer
			if err := WriteAwardsMedals(&b, r, c.m); err != nil {
				t.Fatal(err)
			}
			var awards []struct {
				ID      string   `json:"id"`
				TeamIDs []string `json:"team_ids"`
			}
			if err := json.Unmarshal(b.Bytes(), &awards); err != nil {
				t.Fatal(err)
			}
			var medals [][]string
			for _, a := range awards {
				if strings.HasSuffix(a.ID, "-medal") {
					medals = append(medals, a.TeamIDs)
				}
			}
			if got := fmt.Sprint(medals); got != c.awards {
				t.Errorf("WriteAwardsMedals(%v) medals = %s, want %s", c.m, got, c.awards)
			}
			b.Reset()
			if err := WriteResultsTSVMedals(&b, r, c.m); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")[1:] {
				got = append(got, strings.Split(line, "\t")[2])
			}
			if s := strings.Join(got, ","); s != c.tsv {
				t.Errorf("WriteResultsTSVMedals(%v) awards = %s, want %s", c.m, s, c.tsv)
			}
		})
	}
	// The writers without counts give the defaults.
	r := judge.Report{Scoreboard: medalBoard(9, 7, 5, 2, 2, 2, 2, 2, 2, 1)}
	for _, w := range []struct {
		name          string
		plain, counts func(io.Writer, judge.Report) error
	}{
		{"WriteAwards", WriteAwards, func(w io.Writer, r judge.Report) error { return WriteAwardsMedals(w, r, DefaultMedals) }},
		{"WriteResultsTSV", WriteResultsTSV, func(w io.Writer, r judge.Report) error { return WriteResultsTSVMedals(w, r, DefaultMedals) }},
	} {
		var a, b bytes.Buffer
		if err := w.plain(&a, r); err != nil {
			t.Fatal(err)
		}
		if err := w.counts(&b, r); err != nil {
			t.Fatal(err)
		}
		if a.String() != b.String() {
			t.Errorf("%s =\n%s\nwant, as with DefaultMedals,\n%s", w.name, a.String(), b.String())
		}
	}
}

func TestParseMedals(t *testing.T) {
	for _, c := range []struct {
		s    string
		want Medals
		err  string
	}{
		{"4,4,4", Medals{4, 4, 4}, ""},
		{"1,2,3", Medals{1, 2, 3}, ""},
		{"0,0,0", Medals{}, ""},
		{" 4, 4 ,5 ", Medals{4, 4, 5}, ""},
		{"", Medals{}, `medals "": want three counts G,S,B (gold, silver, bronze), such as 4,4,4`},
		{"4,4", Medals{}, `medals "4,4": want three counts G,S,B (gold, silver, bronze), such as 4,4,4`},
		{"4,4,4,4", Medals{}, `medals "4,4,4,4": want three counts G,S,B (gold, silver, bronze), such as 4,4,4`},
		{"4,x,4", Medals{}, `medals "4,x,4": silver "x" is not a count (0 or more)`},
		{"-1,4,4", Medals{}, `medals "-1,4,4": gold "-1" is not a count (0 or more)`},
		{"4,4,", Medals{}, `medals "4,4,": bronze "" is not a count (0 or more)`},
		{"4,4,99999999999999999999", Medals{}, `medals "4,4,99999999999999999999": bronze "99999999999999999999" is not a count (0 or more)`},
	} {
		got, err := ParseMedals(c.s)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("ParseMedals(%q): %v", c.s, err)
		case c.err != "" && (err == nil || err.Error() != c.err):
			t.Errorf("ParseMedals(%q) = %v, %v, want the error %s", c.s, got, err, c.err)
		case err == nil && got != c.want:
			t.Errorf("ParseMedals(%q) = %v, want %v", c.s, got, c.want)
		}
	}
	if s := DefaultMedals.String(); s != "4,4,4" {
		t.Errorf("DefaultMedals.String() = %q, want 4,4,4", s)
	}
}

// FuzzParseMedals: ParseMedals never panics, and what it takes prints as a
// string it reads back the same.
func FuzzParseMedals(f *testing.F) {
	for _, s := range []string{"4,4,4", "0,0,0", " 1 ,2,3", "4,4", "a,b,c", "-1,0,0", "+1,2,3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMedals(s)
		if err != nil {
			return
		}
		back, err := ParseMedals(m.String())
		if err != nil || back != m {
			t.Errorf("ParseMedals(%q) = %v, printed %q, read back %v, %v", s, m, m.String(), back, err)
		}
	})
}

// TestTieOrder: teams that share a rank come in the order of their names
// by the Unicode Collation Algorithm with the en-US locale, as the Contest
// API's scoreboard asks (its JSON format, "The scoreboard rows array is
// sorted according to rank and alphabetical on team name within
// identically ranked teams"), and as DOMjudge's results.tsv export orders
// them (a Collator('en')); not by their bytes.
func TestTieOrder(t *testing.T) {
	names := []string{"10", "9", "B", "Z", "_u", "a", "c"} // by bytes, as judge ranks them
	var board []judge.Standing
	for _, n := range names {
		board = append(board, judge.Standing{Rank: 1, Team: n, Points: 1, Solved: 1})
	}
	board = append(board, judge.Standing{Rank: 8, Team: "A", Points: 0}) // a lower rank stays below
	r := judge.Report{Scoreboard: board}
	const want = "_u 10 9 a B c Z A"
	var rows []string
	for _, row := range decodeScoreboard(t, r)["rows"].([]any) {
		rows = append(rows, row.(map[string]any)["team_id"].(string))
	}
	if got := strings.Join(rows, " "); got != want {
		t.Errorf("scoreboard.json rows %s, want %s", got, want)
	}
	var b bytes.Buffer
	if err := WriteResultsTSV(&b, r); err != nil {
		t.Fatal(err)
	}
	var teams []string
	for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")[1:] {
		teams = append(teams, strings.Split(line, "\t")[0])
	}
	if got := strings.Join(teams, " "); got != want {
		t.Errorf("results.tsv teams %s, want %s", got, want)
	}

	// Every other scoreboard lists the teams in the same order: the
	// table, the JSON and the page.
	b.Reset()
	if err := WriteTable(&b, r); err != nil {
		t.Fatal(err)
	}
	teams = nil
	_, board2, _ := strings.Cut(b.String(), "RANK")
	for _, line := range strings.Split(strings.TrimSpace(board2), "\n")[1:] {
		teams = append(teams, strings.Fields(line)[1])
	}
	if got := strings.Join(teams, " "); got != want {
		t.Errorf("the table's scoreboard %s, want %s", got, want)
	}
	b.Reset()
	if err := WriteJSON(&b, r); err != nil {
		t.Fatal(err)
	}
	var doc struct{ Scoreboard []struct{ Team string } }
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	teams = nil
	for _, s := range doc.Scoreboard {
		teams = append(teams, s.Team)
	}
	if got := strings.Join(teams, " "); got != want {
		t.Errorf("the JSON's scoreboard %s, want %s", got, want)
	}
	b.Reset()
	if err := WriteHTML(&b, r, nil); err != nil {
		t.Fatal(err)
	}
	teams = nil
	for _, m := range regexp.MustCompile(`<tr class="standing" data-team="([^"]*)">`).FindAllStringSubmatch(b.String(), -1) {
		teams = append(teams, m[1])
	}
	if got := strings.Join(teams, " "); got != want {
		t.Errorf("the page's scoreboard %s, want %s", got, want)
	}
}

// stripcslashes reads a field of a TSV file as DOMjudge's Utils::parseTsvLine
// does, with PHP's stripcslashes, for the escapes DOMjudge writes and the
// C ones: \\, \t, \n, \r, \a, \b, \f, \v, \xHH and octal \OOO; any other
// backslash is dropped and the character after it kept.
func stripcslashes(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'v':
			b.WriteByte('\v')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'x':
			v, n := 0, 0
			for ; n < 2 && i+1 < len(s) && strings.ContainsRune("0123456789abcdefABCDEF", rune(s[i+1])); n++ {
				i++
				d, _ := strconv.ParseUint(s[i:i+1], 16, 8)
				v = v*16 + int(d)
			}
			if n == 0 {
				b.WriteByte('x')
			} else {
				b.WriteByte(byte(v))
			}
		default:
			if c >= '0' && c <= '7' {
				v := int(c - '0')
				for n := 1; n < 3 && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '7'; n++ {
					i++
					v = v*8 + int(s[i]-'0')
				}
				b.WriteByte(byte(v))
			} else {
				b.WriteByte(c)
			}
		}
	}
	return b.String()
}

// TestResultsTSVNames: a team id in results.tsv is escaped once, as
// DOMjudge's Utils::toTsvField escapes a field (\ tab, line feed and
// carriage return as \\, \t, \n, \r, nothing else; and a byte that is not
// UTF-8 as \xHH), so that DOMjudge's reader (Utils::parseTsvLine:
// stripcslashes) reads back the team's name, and the file is UTF-8.
func TestResultsTSVNames(t *testing.T) {
	for _, c := range []struct{ name, field string }{
		{"tab\tname", `tab\tname`},
		{`back\slash`, `back\\slash`},
		{"two\nlines\r", `two\nlines\r`},
		{`\t`, `\\t`},
		{"ex=1+2", "ex=1+2"},
		{"\x1b[31mred", "\x1b[31mred"},
		{"ünïcode", "ünïcode"},
		// Not UTF-8: DOMjudge never has such a name; \xHH keeps the file
		// UTF-8 and stripcslashes reads the byte back.
		{"bad\xffname", `bad\xffname`},
		{`\xff`, `\\xff`},
	} {
		var b bytes.Buffer
		r := judge.Report{Scoreboard: []judge.Standing{{Rank: 1, Team: c.name, Points: 1, Solved: 1}}}
		if err := WriteResultsTSV(&b, r); err != nil {
			t.Fatal(err)
		}
		line := strings.Split(b.String(), "\n")[1]
		field, _, _ := strings.Cut(line, "\t")
		if field != c.field {
			t.Errorf("results.tsv team %q: field %q, want %q", c.name, field, c.field)
		}
		if back := stripcslashes(field); back != c.name {
			t.Errorf("results.tsv team %q: DOMjudge reads back %q", c.name, back)
		}
		if !utf8.ValidString(b.String()) {
			t.Errorf("results.tsv of team %q is not UTF-8: %q", c.name, b.String())
		}
	}
	// A formula gets a quote, as in every CSV and TSV file of the tool:
	// DOMjudge reads the team back with it.
	for _, name := range []string{"=1+2", "+1", "-2+3", "@SUM(A1)"} {
		if got, want := tsvField(name), "'"+name; got != want {
			t.Errorf("tsvField(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestScoreboardState: the scoreboard's state keeps the Contest API's rules
// (its JSON format, "Contest state"): ended is not set when started is
// null, finalized not when ended is; started <= ended <= finalized. Without
// the contest's times, time and contest_time agree with started, as they
// do in a contest system's feed (time = started + contest_time), and the
// contest ended and was finalized at time; with them, they are the state.
func TestScoreboardState(t *testing.T) {
	abs := func(v any) time.Time {
		s, _ := v.(string)
		tm, err := time.Parse("2006-01-02T15:04:05.000Z07:00", s)
		if err != nil {
			t.Fatalf("%v is not an ABSTIME: %v", v, err)
		}
		return tm
	}
	rel := map[string]time.Duration{"0:00:00": 0, "1:40:00": 100 * time.Minute}
	for _, from := range []string{"manifest", "dir"} {
		r, _ := contest(t, from)
		sb := decodeScoreboard(t, r)
		st := sb["state"].(map[string]any)
		if st["started"] == nil || st["ended"] == nil || st["finalized"] == nil || st["end_of_updates"] != nil {
			t.Errorf("%s: state %v, want started, ended and finalized set, end_of_updates null", from, st)
			continue
		}
		started, ended, finalized, at := abs(st["started"]), abs(st["ended"]), abs(st["finalized"]), abs(sb["time"])
		ct, ok := rel[sb["contest_time"].(string)]
		if !ok {
			t.Fatalf("%s: contest_time %v", from, sb["contest_time"])
		}
		if !started.Add(ct).Equal(at) || !ended.Equal(at) || !finalized.Equal(at) {
			t.Errorf("%s: time %v, contest_time %v, state %v: want started = time - contest_time, ended = finalized = time", from, sb["time"], sb["contest_time"], st)
		}
	}

	// The contest's own times.
	r, _ := contest(t, "manifest")
	start := scoreboardAt.Add(-6 * time.Hour)
	end := start.Add(5 * time.Hour)
	var b bytes.Buffer
	if err := WriteCCSScoreboardTimes(&b, r, scoreboardAt, ContestTimes{Started: start, Ended: end}); err != nil {
		t.Fatal(err)
	}
	var sb map[string]any
	if err := json.Unmarshal(b.Bytes(), &sb); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(sb["state"]); got != "map[end_of_updates:<nil> ended:2026-01-05T13:13:07.832Z finalized:2026-01-05T14:13:07.832Z started:2026-01-05T08:13:07.832Z]" {
		t.Errorf("state with the contest's times: %s", got)
	}
	for _, c := range []struct {
		ct   ContestTimes
		want string
	}{
		{ContestTimes{Started: start}, "contest start given without its end"},
		{ContestTimes{Ended: end}, "contest end given without its start"},
		{ContestTimes{Started: end, Ended: start}, "contest end 2026-01-05T08:13:07.832Z is not after its start 2026-01-05T13:13:07.832Z"},
		{ContestTimes{Started: start, Ended: scoreboardAt.Add(time.Hour)}, "contest end 2026-01-05T15:13:07.832Z is after the scoreboard's time 2026-01-05T14:13:07.832Z: the results are final only once the contest has ended"},
		{ContestTimes{Started: start, Ended: start.Add(time.Hour)}, "contest end 2026-01-05T09:13:07.832Z is before the latest attempt, at 1:40:00"},
	} {
		err := WriteCCSScoreboardTimes(io.Discard, r, scoreboardAt, c.ct)
		if err == nil || err.Error() != c.want {
			t.Errorf("WriteCCSScoreboardTimes(%+v) = %v, want %s", c.ct, err, c.want)
		}
	}
}

// FuzzTSVField: whatever a team is named, its results.tsv field is one
// UTF-8 field (no tab, no line end) that DOMjudge's reader reads back as
// the name.
func FuzzTSVField(f *testing.F) {
	for _, s := range []string{"ada", "tab\tname", `\x41`, "bad\xffname", `\`, "\\\xff", "=1+2", "a\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		field := tsvField(s)
		if !utf8.ValidString(field) || strings.ContainsAny(field, "\t\n\r") {
			t.Errorf("tsvField(%q) = %q: not one UTF-8 field", s, field)
		}
		want := s
		if s != "" && strings.ContainsRune("=+-@", rune(s[0])) {
			want = "'" + s // a formula, quoted
		}
		if back := stripcslashes(field); back != want {
			t.Errorf("tsvField(%q) = %q, read back as %q, want %q", s, field, back, want)
		}
	})
}
