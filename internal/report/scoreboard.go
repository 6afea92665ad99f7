package report

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/text"
	"github.com/queensjudge/queensjudge/judge"
)

// The scoreboard.json of the Contest API's 2026-01 release: the fields its
// JSON schema defines, and no other. A row is generic in its score and its
// problems, which differ by the scoreboard's type.
type (
	ccsScoreboard[S, P any] struct {
		Time        string         `json:"time"`
		ContestTime string         `json:"contest_time"`
		State       ccsState       `json:"state"`
		Rows        []ccsRow[S, P] `json:"rows"`
	}
	// ccsState is the contest state: frozen and thawed are left out, as
	// the API requires when the contest has no scoreboard freeze.
	ccsState struct {
		Started      *string `json:"started"`
		Ended        *string `json:"ended"`
		Finalized    *string `json:"finalized"`
		EndOfUpdates *string `json:"end_of_updates"`
	}
	ccsRow[S, P any] struct {
		Rank     int    `json:"rank"`
		TeamID   string `json:"team_id"`
		Score    S      `json:"score"`
		Problems []P    `json:"problems"`
	}
)

// The score and problems of a row of the pass-fail scoreboard.
type (
	ccsPassFailScore struct {
		NumSolved int     `json:"num_solved"`
		TotalTime string  `json:"total_time"`
		Time      *string `json:"time"`
	}
	ccsPassFailProblem struct {
		ProblemID  string `json:"problem_id"`
		NumJudged  int    `json:"num_judged"`
		NumPending int    `json:"num_pending"`
		Solved     bool   `json:"solved"`
		Time       string `json:"time,omitempty"`
	}
)

// The score and problems of a row of the scoreboard of type score.
type (
	ccsScoreScore struct {
		Score int     `json:"score"`
		Time  *string `json:"time"`
	}
	ccsScoreProblem struct {
		ProblemID  string `json:"problem_id"`
		NumJudged  int    `json:"num_judged"`
		NumPending int    `json:"num_pending"`
		Score      int    `json:"score"`
		Time       string `json:"time,omitempty"`
	}
)

// WriteCCSScoreboard writes the scoreboard as the scoreboard endpoint of
// the ICPC Contest API's 2026-01 release writes it, at the time at: the
// time the scoreboard was made, which the caller gives so that the file
// depends on nothing else (the judge command gives the time the judging
// ended). Team ids are the team names, text.Printable.
//
// The object is {"time", "contest_time", "state", "rows"}:
//
//   - time is at, an ABSTIME to the millisecond;
//   - contest_time is the RELTIME of the latest timed attempt judged, to the
//     millisecond: the judging has no clock of its own, and that attempt's
//     judgement is the last event the scoreboard follows. "0:00:00" when no
//     attempt has a time (a submissions directory);
//   - state is {"started", "ended", "finalized", "end_of_updates"}, kept to
//     the API's rules: ended is set only when started is, finalized only
//     when ended is, and started <= ended <= finalized. Every attempt is
//     judged and none is pending, so the results are final when the
//     scoreboard is made: finalized is time. The judge knows attempts' times
//     from the start, never a date: without the contest's times (see
//     WriteCCSScoreboardTimes) started is time less contest_time, so that
//     time = started + contest_time as in a contest system's feed, and
//     ended is time, when the judging saw the last attempt: the contest's
//     own timeline, anchored at the scoreboard. (A directory's attempts have
//     no time: contest_time is 0:00:00, and started = ended = time.)
//     end_of_updates stays null: a regrade may still change the results.
//     There is no scoreboard freeze, so frozen and thawed are absent, as
//     the API asks;
//   - rows come by rank, then team name in the order of the Unicode
//     Collation Algorithm for en-US, as the API asks of teams that share a
//     rank (see sortTies); rank is shared by teams with the same points and
//     penalty (see judge.Standing).
//
// The scoreboard's type is "score" when the ranking is by points that may
// differ from the problems solved: a problem has groups (judge.Report.Scored)
// or is worth other than 1 point. Its rows are {"rank", "team_id", "score":
// {"score", "time"}, "problems": [{"problem_id", "num_judged",
// "num_pending", "score", "time"}]}: the team's points and the time of its
// last score improvement (null when it has no points); each problem's score
// is the team's best on it and time when it reached it, only when the score
// is above 0. num_judged counts the attempts up to the one that reached the
// score. The type has no field for the penalty that breaks ties: rank says
// it.
//
// Otherwise the type is "pass-fail": rows are {"rank", "team_id", "score":
// {"num_solved", "total_time", "time"}, "problems": [{"problem_id",
// "num_judged", "num_pending", "solved", "time"}]}: total_time is the
// penalty, time the last score improvement (null when nothing is solved),
// and a problem's time is when it was solved, only when it was.
//
// Times of rows are RELTIMEs to the minute ("1:05:00"), as the ranking
// counts them; num_pending is always 0. An attempt without a time (from a
// submissions directory, not a manifest) counts as made at the contest
// start, "0:00:00": the API requires a time for every solved problem and
// every improvement, and that is the time a directory's attempts are ranked
// by (no penalty minutes).
func WriteCCSScoreboard(w io.Writer, r judge.Report, at time.Time) error {
	return WriteCCSScoreboardTimes(w, r, at, ContestTimes{})
}

// ContestTimes are when the contest started and ended, which the judge
// cannot know from the attempts (their times are from the start): the
// zero value when they are not given.
type ContestTimes struct {
	Started, Ended time.Time
}

// WriteCCSScoreboardTimes writes the scoreboard as WriteCCSScoreboard does,
// with the contest's times ct, when given, as its state's started and
// ended (finalized is still at). It is an error to give one without the
// other, an end not after the start or after at (the results are final
// only once the contest has ended), or an end before the latest timed
// attempt; nothing is written then.
func WriteCCSScoreboardTimes(w io.Writer, r judge.Report, at time.Time, ct ContestTimes) error {
	r = printable(ranked(r))
	last := r.Tally.Last
	made, contestTime := AbsTime(at), RelTime(last)
	started, ended := at.Add(-last), at
	switch {
	case ct.Started.IsZero() && ct.Ended.IsZero():
	case ct.Ended.IsZero():
		return fmt.Errorf("contest start given without its end")
	case ct.Started.IsZero():
		return fmt.Errorf("contest end given without its start")
	case !ct.Ended.After(ct.Started):
		return fmt.Errorf("contest end %s is not after its start %s", AbsTime(ct.Ended), AbsTime(ct.Started))
	case ct.Ended.After(at):
		return fmt.Errorf("contest end %s is after the scoreboard's time %s: the results are final only once the contest has ended", AbsTime(ct.Ended), made)
	case ct.Started.Add(last).After(ct.Ended):
		return fmt.Errorf("contest end %s is before the latest attempt, at %s", AbsTime(ct.Ended), contestTime)
	default:
		started, ended = ct.Started, ct.Ended
	}
	startedAt, endedAt := AbsTime(started), AbsTime(ended)
	state := ccsState{Started: &startedAt, Ended: &endedAt, Finalized: &made}
	// rowTime is the RELTIME of a row's time d, when timed, else of the
	// contest start.
	rowTime := func(d time.Duration, timed bool) string {
		if !timed {
			d = 0
		}
		return RelTime(d.Truncate(time.Minute))
	}
	if scoreType(r) {
		sb := ccsScoreboard[ccsScoreScore, ccsScoreProblem]{Rows: []ccsRow[ccsScoreScore, ccsScoreProblem]{}}
		sb.Time, sb.ContestTime, sb.State = made, contestTime, state
		for _, s := range r.Scoreboard {
			row := ccsRow[ccsScoreScore, ccsScoreProblem]{Rank: s.Rank, TeamID: s.Team, Score: ccsScoreScore{Score: s.Points}, Problems: []ccsScoreProblem{}}
			if s.Points > 0 {
				t := rowTime(s.Last, s.LastTimed)
				row.Score.Time = &t
			}
			for _, c := range s.Problems {
				p := ccsScoreProblem{ProblemID: c.Problem, NumJudged: c.Judged, Score: c.Score}
				if c.Score > 0 {
					p.Time = rowTime(c.Time, c.Timed)
				}
				row.Problems = append(row.Problems, p)
			}
			sb.Rows = append(sb.Rows, row)
		}
		return output.WriteJSON(w, sb)
	}
	sb := ccsScoreboard[ccsPassFailScore, ccsPassFailProblem]{Rows: []ccsRow[ccsPassFailScore, ccsPassFailProblem]{}}
	sb.Time, sb.ContestTime, sb.State = made, contestTime, state
	for _, s := range r.Scoreboard {
		row := ccsRow[ccsPassFailScore, ccsPassFailProblem]{Rank: s.Rank, TeamID: s.Team, Problems: []ccsPassFailProblem{},
			Score: ccsPassFailScore{NumSolved: s.Solved, TotalTime: RelTime(time.Duration(s.Penalty) * time.Minute)}}
		if s.Solved > 0 {
			t := rowTime(s.Last, s.LastTimed)
			row.Score.Time = &t
		}
		for _, c := range s.Problems {
			p := ccsPassFailProblem{ProblemID: c.Problem, NumJudged: c.Judged, Solved: c.Solved}
			if c.Solved {
				p.Time = rowTime(c.Time, c.Timed)
			}
			row.Problems = append(row.Problems, p)
		}
		sb.Rows = append(sb.Rows, row)
	}
	return output.WriteJSON(w, sb)
}

// scoreType reports whether r's scoreboard is of the Contest API's type
// score: whether its points may differ from its problems solved, as a
// problem has groups or is worth other than 1 point.
func scoreType(r judge.Report) bool {
	return r.Scored || slices.ContainsFunc(r.Points, func(p int) bool { return p != 1 })
}

// AbsTime writes t as the Contest API's ABSTIME, to the millisecond, with
// t's zone ("2026-01-05T14:13:07.832Z", "2026-01-05T15:13:07.832+01:00").
func AbsTime(t time.Time) string {
	return t.Truncate(time.Millisecond).Format("2006-01-02T15:04:05.000Z07:00")
}

// RelTime writes d as the Contest API's RELTIME: h:mm:ss, and .uuu when
// it has milliseconds ("1:05:00", "0:00:01.500"); a negative d has a
// leading '-'.
func RelTime(d time.Duration) string {
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	ms := d.Milliseconds()
	s := fmt.Sprintf("%s%d:%02d:%02d", sign, ms/3_600_000, ms/60_000%60, ms/1000%60)
	if ms%1000 != 0 {
		s += fmt.Sprintf(".%03d", ms%1000)
	}
	return s
}

// award is one award of the Contest API's awards endpoint.
type award struct {
	ID       string   `json:"id"`
	Citation string   `json:"citation"`
	TeamIDs  []string `json:"team_ids"`
}

// Medals are how many gold, silver and bronze medals a contest gives, as a
// regional's rules set them: a DOMjudge contest's goldMedals, silverMedals
// and bronzeMedals (its extra bronze medals, B, are more Bronze here). A
// medal goes by rank, as DOMjudge gives
// it (AwardService::loadAwards and ImportExportService::getResultsData):
// ranks 1 to Gold get gold, Gold+1 to Gold+Silver silver, then Bronze more
// ranks bronze, and a team with no points none. Teams that tie share the
// best rank of the tie (judge.Standing), so a tie across a boundary gives
// every tied team the better medal and leaves as many of the ranks after
// it unmedalled: with 1,1,1 and two teams tied first, both get gold, no
// team silver, and the third team bronze. Counts are never cut to the
// teams there are: with 4,4,4 a contest of four teams gives four golds, as
// DOMjudge does; give counts that fit the contest.
type Medals struct {
	Gold, Silver, Bronze int
}

// DefaultMedals are ICPC's counts, and DOMjudge's defaults (its Contest
// entity's): 4 gold, 4 silver, 4 bronze.
var DefaultMedals = Medals{Gold: 4, Silver: 4, Bronze: 4}

// ParseMedals reads medal counts written as G,S,B ("4,4,4", "1,2,3"), as
// the --medals flag takes them: three whole numbers, 0 or more, separated
// by commas, with spaces around them allowed. The error names the field
// at fault and says what is wanted.
func ParseMedals(s string) (Medals, error) {
	fields := strings.Split(s, ",")
	if len(fields) != 3 {
		return Medals{}, fmt.Errorf("medals %q: want three counts G,S,B (gold, silver, bronze), such as 4,4,4", s)
	}
	var n [3]int
	for i, f := range fields {
		f = strings.TrimSpace(f)
		v, err := strconv.ParseUint(f, 10, 31)
		if err != nil || f[0] == '+' {
			return Medals{}, fmt.Errorf("medals %q: %s %q is not a count (0 or more)", s, [3]string{"gold", "silver", "bronze"}[i], f)
		}
		n[i] = int(v)
	}
	return Medals{Gold: n[0], Silver: n[1], Bronze: n[2]}, nil
}

// String writes m as ParseMedals reads it: "4,4,4".
func (m Medals) String() string {
	return fmt.Sprintf("%d,%d,%d", m.Gold, m.Silver, m.Bronze)
}

// medal is the medal m gives a team of rank with points: "gold", "silver",
// "bronze", or "" for none.
func (m Medals) medal(rank, points int) string {
	switch {
	case points <= 0:
		return ""
	case rank <= m.Gold:
		return "gold"
	case rank <= m.Gold+m.Silver:
		return "silver"
	case rank <= m.Gold+m.Silver+m.Bronze:
		return "bronze"
	}
	return ""
}

// WriteAwards writes the awards as WriteAwardsMedals does with
// DefaultMedals.
func WriteAwards(w io.Writer, r judge.Report) error {
	return WriteAwardsMedals(w, r, DefaultMedals)
}

// WriteAwardsMedals writes the awards of the contest as the Contest API's
// awards endpoint (awards.json): a JSON array of {"id", "citation",
// "team_ids"}, with the known award ids: "winner" (the teams ranked first,
// with points), "gold-medal", "silver-medal" and "bronze-medal" (the teams
// m gives each medal, by rank: see Medals), then "first-to-solve-ID" for
// each problem of the set, in its order: the team or teams whose attempt
// reaching the full score came first, by its time to the millisecond ([]
// when no team has the full score). A medal no team gets is there with no
// team ids, so the file always has the same ids. A problem whose full
// scores all have no time (a submissions directory) has no first to solve,
// and no award. Team ids are the team names, text.Printable, as in
// WriteCCSScoreboard, in the scoreboard's order.
func WriteAwardsMedals(w io.Writer, r judge.Report, m Medals) error {
	r = printable(ranked(r))
	// The winner, then the medals, gold first: DOMjudge's ids and citations.
	awards := make([]award, 4, 4+len(r.Problems))
	awards[0] = award{ID: "winner", Citation: "Contest winner", TeamIDs: []string{}}
	colours := []string{"gold", "silver", "bronze"}
	for i, colour := range colours {
		awards[1+i] = award{ID: colour + "-medal", Citation: strings.ToUpper(colour[:1]) + colour[1:] + " medal winner", TeamIDs: []string{}}
	}
	for _, s := range r.Scoreboard {
		if s.Points > 0 && s.Rank == 1 {
			awards[0].TeamIDs = append(awards[0].TeamIDs, s.Team)
		}
		if i := slices.Index(colours, m.medal(s.Rank, s.Points)); i >= 0 {
			awards[1+i].TeamIDs = append(awards[1+i].TeamIDs, s.Team)
		}
	}
	for k, id := range r.Problems {
		a := award{ID: "first-to-solve-" + id, Citation: "First to solve problem " + id, TeamIDs: []string{}}
		var first time.Duration
		untimed := false
		for _, s := range r.Scoreboard {
			if k >= len(s.Problems) || !s.Problems[k].Solved {
				continue
			}
			c := s.Problems[k]
			switch {
			case !c.Timed:
				untimed = true
			case len(a.TeamIDs) == 0 || c.Time < first:
				first, a.TeamIDs = c.Time, []string{s.Team}
			case c.Time == first:
				a.TeamIDs = append(a.TeamIDs, s.Team)
			}
		}
		if untimed && len(a.TeamIDs) == 0 {
			continue
		}
		slices.Sort(a.TeamIDs)
		awards = append(awards, a)
	}
	return output.WriteJSON(w, awards)
}

// WriteResultsTSV writes results.tsv as WriteResultsTSVMedals does with
// DefaultMedals.
func WriteResultsTSV(w io.Writer, r judge.Report) error {
	return WriteResultsTSVMedals(w, r, DefaultMedals)
}

// WriteResultsTSVMedals writes DOMjudge's results.tsv (its "results"
// export, ImportExportService::getResultsTsvResponse) with the medals m
// gives: a first line "results\t1", then one line per team of these
// columns, tab-separated:
//
//  1. team id: the team's name;
//  2. rank: empty for an Honorable team;
//  3. award: Gold Medal, Silver Medal, Bronze Medal, Ranked or Honorable;
//  4. number solved: the team's points (its scores, in a set with groups);
//  5. total time: the penalty in minutes (see judge.Standing);
//  6. the minute of the last score improvement: the time of its last
//     accepted submission that counts, 0 when none has a time;
//  7. group winner: always empty.
//
// It follows DOMjudge's rules: the medals by rank as Medals says; below
// them a team with at least the median points is "Ranked", sharing the
// best rank of its points; the rest are "Honorable", with no rank. A team
// that solved nothing is always Honorable. Ranked teams come by rank, then
// the Honorable ones, teams of one rank (or Honorable) by name in the order
// of the Unicode Collation Algorithm (DOMjudge's Collator('en')). The
// number solved is the points, as DOMjudge writes its numPoints there.
// Teams have no groups here, so the group winner is always empty. A team
// id is the team's name escaped as DOMjudge's Utils::toTsvField escapes a
// field, and nothing else, so that DOMjudge's reader gives the name back
// (see tsvField).
func WriteResultsTSVMedals(w io.Writer, r judge.Report, m Medals) error {
	board := slices.Clone(r.Scoreboard)
	median := 0
	for i, s := range board {
		median = s.Points
		if i+1 > len(board)/2 {
			break
		}
	}
	type row struct {
		rank, award string
		rk          int
		s           judge.Standing
	}
	rows := make([]row, 0, len(board))
	groupRank := map[int]int{}
	for _, s := range board {
		rk, award := s.Rank, ""
		switch colour := m.medal(s.Rank, s.Points); {
		case s.Points == 0:
			award = "Honorable"
		case colour != "":
			award = strings.ToUpper(colour[:1]) + colour[1:] + " Medal"
		case s.Points >= median:
			if _, ok := groupRank[s.Points]; !ok {
				groupRank[s.Points] = rk
			}
			rk, award = groupRank[s.Points], "Ranked"
		default:
			award = "Honorable"
		}
		rank := strconv.Itoa(rk)
		if award == "Honorable" {
			rank, rk = "", 0
		}
		rows = append(rows, row{rank, award, rk, s})
	}
	order := collation()
	slices.SortStableFunc(rows, func(a, b row) int {
		if (a.rk == 0) != (b.rk == 0) {
			if a.rk == 0 {
				return 1
			}
			return -1
		}
		if c := cmp.Compare(a.rk, b.rk); c != 0 {
			return c
		}
		return order(a.s.Team, b.s.Team)
	})
	var b strings.Builder
	b.WriteString("results\t1\n")
	for _, rw := range rows {
		var last int64
		for _, c := range rw.s.Problems {
			if c.Score > 0 && c.Timed {
				last = max(last, int64(c.Time/time.Minute))
			}
		}
		fmt.Fprintf(&b, "%s\t%s\t%s\t%d\t%d\t%d\t%s\n", tsvField(rw.s.Team), rw.rank, rw.award, rw.s.Points, rw.s.Penalty, last, "")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// tsvField makes s a field of DOMjudge's TSV files as its Utils::toTsvField
// does: backslash, tab, line feed and carriage return written as \\, \t,
// \n and \r, everything else as it is, so that its reader
// (Utils::parseTsvLine, PHP's stripcslashes) reads s back. It used to be
// an output.Cell escaped again, which wrote a tab as \\t, read back as \t.
// Two additions, both read back by stripcslashes as written: a byte that
// is not part of valid UTF-8 is written \xHH, so that the file stays UTF-8
// (DOMjudge's names are, its database's utf8mb4; a folder's need not be);
// and a name that a spreadsheet would run as a formula (starting with =,
// +, - or @) gets a single quote before it, as output.Cell does for every
// CSV and TSV file of the tool (OWASP's defence against CSV injection):
// DOMjudge reads such a team back with the quote, a deliberate difference.
func tsvField(s string) string {
	var b strings.Builder
	if s != "" && strings.ContainsRune("=+-@", rune(s[0])) {
		b.WriteByte('\'')
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// collation returns the comparison of team names that the Contest API's
// scoreboard orders teams of one rank by: the Unicode Collation Algorithm
// with the en-US locale (golang.org/x/text/collate, CLDR's root order with
// English's tailoring, which is none), then, for names that it holds
// equal, their bytes, so that the order is total. A collator is not safe
// for concurrent use: each writer makes its own.
func collation() func(a, b string) int {
	c := collate.New(language.AmericanEnglish)
	return func(a, b string) int {
		if x := c.CompareString(a, b); x != 0 {
			return x
		}
		return strings.Compare(a, b)
	}
}

// ranked returns r with the teams of its scoreboard that share a rank in
// the order of their names (as printed, text.Printable) by collation, as
// the Contest API asks of its scoreboard's rows: judge ranks them by their
// bytes ("10", "9", "B", "Z", "_u", "a", "c"), the API wants "_u", "10",
// "9", "a", "B", "c", "Z". Every writer of a scoreboard lists the teams in
// this order, so that the table, the JSON, the pages and the Contest API's
// files agree. Ranks are judge's, and do not change; r is not changed.
func ranked(r judge.Report) judge.Report {
	r.Scoreboard = slices.Clone(r.Scoreboard)
	order := collation()
	slices.SortStableFunc(r.Scoreboard, func(a, b judge.Standing) int {
		if c := cmp.Compare(a.Rank, b.Rank); c != 0 {
			return c
		}
		return order(text.Printable(a.Team), text.Printable(b.Team))
	})
	return r
}

// maxCCSID is the longest identifier the Contest API takes.
const maxCCSID = 36

// ccsID reports whether s is an identifier of the Contest API: its
// common.json's pattern matched whole, as the API's text asks (the schema's
// pattern has no end anchor, so that a validator of the schema alone takes
// "Team A"): a letter, a digit or _ first, then letters, digits, _, . and
// -, at most 36 in all, the last not a dot.
func ccsID(s string) bool {
	if s == "" || len(s) > maxCCSID || s[0] == '.' || s[0] == '-' || s[len(s)-1] == '.' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}

// CheckCCSIDs returns an error naming the first team or problem whose name
// cannot be its id in the Contest API's file of role, "--scoreboard" or
// "--awards" (see ccsID; the awards' "first-to-solve-ID" too), so that the
// judge says so before it judges, rather than write a file the API's
// clients refuse.
func CheckCCSIDs(role string, teams, problems []string) error {
	const rule = "a Contest API id is a letter, a digit or _ and then letters, digits, _, . and -, at most 36 in all, not ending in a dot"
	for _, t := range teams {
		if !ccsID(t) {
			return fmt.Errorf("%s: team %q cannot be a team id (%s): rename its folder or manifest rows, or leave %s out", role, t, rule, role)
		}
	}
	for _, p := range problems {
		switch {
		case !ccsID(p):
			return fmt.Errorf("%s: problem %q cannot be a problem id (%s): rename it in the set, or leave %s out", role, p, rule, role)
		case role == "--awards" && !ccsID("first-to-solve-"+p):
			return fmt.Errorf("%s: problem %q makes the award id %q, longer than a Contest API id may be (%d characters): give it an id of %d characters or fewer, or leave %s out", role, p, "first-to-solve-"+p, maxCCSID, maxCCSID-len("first-to-solve-"), role)
		}
	}
	return nil
}
