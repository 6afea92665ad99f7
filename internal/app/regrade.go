package app

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/report"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/text"
	"github.com/queensjudge/queensjudge/internal/truth"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// RegradeRequest asks for the kept submissions of a set to be judged again.
type RegradeRequest struct {
	Cache    string
	Set      string
	Batch    Batch
	MaxBytes int64
	DryRun   bool // print what would change, change nothing
	// Files written beside the printed changes, as judge writes them
	// (see JudgeRequest); "" for none. A dry run writes none: asking for
	// one with DryRun is a usage error.
	Scoreboard string
	Awards     string
	ResultsTSV string
	Medals     *report.Medals
	HTML       string
	PublicHTML string
	Replace    bool
}

// outputs are the files req asks for beside the printed changes.
func (req RegradeRequest) outputs() outputs {
	return outputs{Scoreboard: req.Scoreboard, Awards: req.Awards, ResultsTSV: req.ResultsTSV, Medals: req.Medals,
		HTML: req.HTML, PublicHTML: req.PublicHTML, Replace: req.Replace}
}

// Change is a verdict that regrade changes. Its JSON fields are printed by
// --format json and yaml.
type Change struct {
	Team    string `json:"team"`
	Problem string `json:"problem"`
	File    string `json:"file"`
	Was     string `json:"was"`
	Now     string `json:"now"`
	Message string `json:"message"`
	// Truth is "not needed" when the new verdict was reached without the
	// ground truth (report.NotNeeded); absent otherwise.
	Truth string `json:"truth,omitempty"`
}

// Changes are the verdicts a regrade changes, as printed.
type Changes []Change

var _ output.Data = Changes(nil)

// JSONValue is the list, [] when empty.
func (cs Changes) JSONValue() any {
	if cs == nil {
		return []Change{}
	}
	return []Change(cs)
}

// Records is a row per change.
func (cs Changes) Records() ([]string, [][]string) {
	var rows [][]string
	for _, ch := range cs {
		rows = append(rows, []string{ch.Team, ch.Problem, ch.File, ch.Was, ch.Now, ch.Message, ch.Truth})
	}
	return []string{"team", "problem", "file", "was", "now", "message", "truth"}, rows
}

// WriteTable writes a line per change, or says there is none; a message
// is followed by "(truth not needed)" when the new verdict was reached
// without the ground truth.
func (cs Changes) WriteTable(w io.Writer) error {
	if len(cs) == 0 {
		_, err := fmt.Fprintln(w, "no verdict changes")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "TEAM\tPROBLEM\tFILE\tWAS\tNOW\tMESSAGE")
	for _, ch := range cs {
		was := ch.Was
		if was == "" {
			was = "-"
		}
		msg := ch.Message
		if ch.Truth != "" {
			msg += " (truth " + ch.Truth + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", ch.Team, ch.Problem, ch.File, was, ch.Now, msg)
	}
	return tw.Flush()
}

// Standing is a team whose points or rank a regrade changes: its place on
// the scoreboard of the verdicts kept before (Was) and after (Now), both
// scored by the set as it is now. The table lists them; JSON, YAML and
// CSV give each verdict change its team's (see regradeData).
type Standing struct {
	Team       string
	RankWas    int
	RankNow    int
	PointsWas  int
	PointsNow  int
	PenaltyWas int64
	PenaltyNow int64
}

// RegradeResult is what a regrade changed, and the contest judged again.
type RegradeResult struct {
	Changes Changes
	// Standings are the teams whose points or rank change, by their new
	// rank.
	Standings []Standing
	// Before is the contest as the cache kept it, scored by the set as it
	// is now; Report the contest judged again.
	Before judge.Report
	Report judge.Report
}

// regradeData is what regrade prints: the verdicts that change, each with
// its team's standing before and after, then (in the table) the teams
// whose points or rank change.
type regradeData struct {
	changes   Changes
	teams     []string // the team of changes[i], as judged (not made printable)
	before    map[string]judge.Standing
	now       map[string]judge.Standing
	standings []Standing
}

var _ output.Data = regradeData{}

// newRegradeData is what regrade prints of res; teams[i] is the team of
// res.Changes[i].
func newRegradeData(res RegradeResult, teams []string) regradeData {
	d := regradeData{changes: res.Changes, teams: teams, standings: res.Standings,
		before: map[string]judge.Standing{}, now: map[string]judge.Standing{}}
	for _, s := range res.Before.Scoreboard {
		d.before[s.Team] = s
	}
	for _, s := range res.Report.Scoreboard {
		d.now[s.Team] = s
	}
	return d
}

// teamStanding is the standing of a change's team before and after, as
// JSON, YAML and CSV give it beside the change: decimal text, so that
// each change stays an object of strings, as it was before the standings
// were printed (regrade's JSON is a list of changes, and scripts read it
// as one: adding an entry of another shape, or a number, would break
// them).
type teamStanding struct {
	RankWas   string `json:"rank_was"`
	RankNow   string `json:"rank_now"`
	PointsWas string `json:"points_was"`
	PointsNow string `json:"points_now"`
}

// standingOf is the standing of the team of changes[i].
func (d regradeData) standingOf(i int) teamStanding {
	b, n := d.before[d.teams[i]], d.now[d.teams[i]]
	return teamStanding{strconv.Itoa(b.Rank), strconv.Itoa(n.Rank), strconv.Itoa(b.Points), strconv.Itoa(n.Points)}
}

// JSONValue is the list of Changes, [] when empty: each change with the
// fields Change gives it, and its team's rank and points before and after
// the regrade (rank_was, rank_now, points_was, points_now, as decimal
// text; both scored by the set as it is now).
func (d regradeData) JSONValue() any {
	type change struct {
		Change
		teamStanding
	}
	out := []change{}
	for i, ch := range d.changes {
		out = append(out, change{ch, d.standingOf(i)})
	}
	return out
}

// Records is a row per change: Changes' columns, then its team's
// rank_was, rank_now, points_was and points_now.
func (d regradeData) Records() ([]string, [][]string) {
	header, rows := d.changes.Records()
	header = append(header, "rank_was", "rank_now", "points_was", "points_now")
	for i := range rows {
		st := d.standingOf(i)
		rows[i] = append(rows[i], st.RankWas, st.RankNow, st.PointsWas, st.PointsNow)
	}
	return header, rows
}

// WriteTable writes the verdict changes as Changes does, then, after a
// blank line, a line per team whose points or rank change, each cell
// "before → after" ("no standing changes" when verdicts change but no
// team's points or rank).
func (d regradeData) WriteTable(w io.Writer) error {
	if err := d.changes.WriteTable(w); err != nil {
		return err
	}
	if len(d.changes) == 0 && len(d.standings) == 0 {
		return nil
	}
	if len(d.standings) == 0 {
		_, err := fmt.Fprint(w, "\nno standing changes\n")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw)
	fmt.Fprintln(tw, "TEAM\tRANK\tPOINTS\tPENALTY")
	for _, st := range d.standings {
		fmt.Fprintf(tw, "%s\t%d → %d\t%d → %d\t%d → %d\n", st.Team, st.RankWas, st.RankNow,
			st.PointsWas, st.PointsNow, st.PenaltyWas, st.PenaltyNow)
	}
	return tw.Flush()
}

// standings returns the teams whose points or rank differ from before to
// now, by their rank now (then name); a team on one scoreboard only has
// rank 0 and no points on the other.
func standings(before, now judge.Report) []Standing {
	was := map[string]judge.Standing{}
	for _, s := range before.Scoreboard {
		was[s.Team] = s
	}
	var out []Standing
	seen := map[string]bool{}
	for _, s := range now.Scoreboard {
		seen[s.Team] = true
		b := was[s.Team]
		if b.Rank != s.Rank || b.Points != s.Points {
			out = append(out, Standing{Team: text.Printable(s.Team), RankWas: b.Rank, RankNow: s.Rank,
				PointsWas: b.Points, PointsNow: s.Points, PenaltyWas: b.Penalty, PenaltyNow: s.Penalty})
		}
	}
	for _, b := range before.Scoreboard {
		if !seen[b.Team] {
			out = append(out, Standing{Team: text.Printable(b.Team), RankWas: b.Rank, PointsWas: b.Points, PenaltyWas: b.Penalty})
		}
	}
	return out
}

// Regrade judges again every attempt that judge kept for the set, against
// the ground truth of the set as it is now, prints the verdicts that change
// and the teams whose points or rank change, keeps the new verdicts and
// writes the outputs asked for (as judge writes them: see outputs),
// unless DryRun. As judge, it has the truth of a
// placement problem only if an answer to it is none: a placement is judged
// by the checker alone. Each kept attempt is judged and
// compared with itself, also when a team sent one file for several.
//
// It judges exactly the bytes judge judged: the answer the cache kept, or
// for one larger than store.MaxKeptAnswer its file, opened inside the
// directory it was judged in with judge's checks, and only when its bytes
// have the SHA-256 judge kept. An attempt it cannot judge so (its file
// changed, missing, a link out of the directory, or kept by an older
// queensjudge without a digest) keeps its verdict; a line on stderr names
// it and the command fails at the end, as on a judge error.
//
// A dry run stores nothing: not the new verdicts, and not the answers of
// the problems the cache does not hold, which it solves and forgets (one
// at a time), nor the links of the set's problems to them. A real regrade
// solves as judge does, storing and linking the answers.
//
// The outputs are written from the kept attempts alone, with what was
// not judged again as the cache kept it: the submissions are not needed
// again. They are claimed before anything is printed or judged, every one
// refused named in one refusal, as judge claims them. The judges' report
// draws the boards of the answers the cache kept (each at most
// store.MaxKeptAnswer, the bytes judged); a larger answer has no picture,
// as its file is read again only to be judged. The standings before are
// those of the kept verdicts scored by the set as it is now: a change of
// a problem's points alone moves no team.
func Regrade(ctx context.Context, con Console, req RegradeRequest) (RegradeResult, error) {
	g, cachePath, err := begin(req.Cache, req.Set)
	if err != nil {
		return RegradeResult{}, err
	}
	if flags := req.outputs().asked(); len(flags) > 0 && req.DryRun {
		return RegradeResult{}, status.Usagef("--dry-run writes no file: drop %s, or regrade without --dry-run", strings.Join(flags, " and "))
	}
	out, err := req.outputs().claim(g)
	if err != nil {
		return RegradeResult{}, err
	}
	opt, err := req.Batch.options(con, "regrade")
	if err != nil {
		return RegradeResult{}, err
	}
	use := mustWrite
	if req.DryRun {
		use = writesIfItCan // and writes nothing: see judgeDry
	}
	cache, err := openCache(ctx, "regrade", cachePath, use)
	if err != nil {
		return RegradeResult{}, err
	}
	defer cache.Close()
	set, kept, err := loadKept(ctx, con, cache, req)
	if err != nil {
		return RegradeResult{}, err
	}
	p := newRegradePlan(set, kept)
	p.sayNotJudged(con)
	r, err := p.judgeAgain(ctx, con, cache, opt, req)
	if err != nil {
		return RegradeResult{}, err
	}
	p.compare(r)
	p.sayNotJudged(con)
	judgedAt := time.Now()
	res, changeTeams := p.rejudged(r)
	if err := output.Write(con.Stdout, con.Format, newRegradeData(res, changeTeams)); err != nil {
		return res, err
	}
	jeFound, err := sayJudgeErrors(con, r)
	if err != nil {
		return res, err
	}
	if !req.DryRun {
		if err := p.keep(ctx, cache, res.Report); err != nil {
			return res, err
		}
		if err := out.write(con.Stdout, res.Report, judgedAt, keptPictures(set, kept), nil); err != nil {
			return res, err
		}
	}
	return res, status.FailedIf(jeFound || len(p.notJudged) > 0)
}

// loadKept reads the set req names and the judgements the cache kept of
// it. A set with none is an error, as are kept teams and problems whose
// names cannot be ids in the Contest API files asked for.
func loadKept(ctx context.Context, con Console, cache *truth.Cache, req RegradeRequest) (*problems.Set, []store.Attempt, error) {
	set, err := loadSet(ctx, con, req.Set)
	if err != nil {
		return nil, nil, err
	}
	kept, err := cache.Attempts(ctx, set.Name)
	if err != nil {
		return nil, nil, err
	}
	if len(kept) == 0 {
		return nil, nil, fmt.Errorf("regrade: no judged submissions of set %q in the cache", set.Name)
	}
	if err := req.outputs().checkIDs(keptTeams(kept), setIDs(set)); err != nil {
		return nil, nil, fmt.Errorf("regrade: %w", err)
	}
	return set, kept, nil
}

// judgeDry judges subs as judgeContest does, against the ground truth of
// set that the cache holds, and solved without being stored where it
// does not (with --force, everything solved): a dry run leaves the cache
// as it was.
func judgeDry(ctx context.Context, con Console, cache *truth.Cache, opt truth.Options, set *problems.Set, subs []judge.Submission, maxBytes int64) (judge.Report, error) {
	judged := judge.Contest(ctx, set, subs, cache.Reader(opt), judge.Limits{MaxBytes: maxBytes})
	if ctx.Err() != nil {
		con.errorf("interrupted: nothing was changed; run regrade --dry-run again")
		return judge.Report{}, stopped(ctx)
	}
	return judged, nil
}

// keptTeams returns the teams of the kept judgements, each once, in the
// order first kept.
func keptTeams(kept []store.Attempt) []string {
	var teams []string
	seen := map[string]bool{}
	for _, j := range kept {
		if !seen[j.Team] {
			seen[j.Team] = true
			teams = append(teams, j.Team)
		}
	}
	return teams
}

// keptReport is the contest as the cache kept it, scored by set as it is
// now: the standings a regrade is compared with. Each attempt is
// attempts[a] with Index a; a test gets its group from the set.
func keptReport(set *problems.Set, kept []store.Attempt, attempts []keptAttempt) judge.Report {
	var results []judge.Result
	for a, att := range attempts {
		if att.byTest == nil {
			r := keptResult(kept[att.rows[0]])
			r.Index = a
			results = append(results, r)
			continue
		}
		first := kept[att.rows[0]]
		id, _, _ := strings.Cut(first.Problem, "/")
		p, _ := set.Problem(id)
		r := judge.Result{Team: first.Team, Problem: id, Time: first.Time, Timed: first.Timed, File: att.folder, Index: a}
		for _, k := range att.rows {
			tr := keptResult(kept[k])
			if t, ok := p.TestNamed(tr.Test); ok {
				tr.Group, tr.Sample = t.Group, t.Sample
			}
			r.Tests = append(r.Tests, tr)
		}
		results = append(results, r)
	}
	return judge.NewReport(set, results)
}

// keptPictures gives the judges' report of a regrade the placements the
// cache kept the bytes of (see Regrade); problem is an id, or ID/TEST.
func keptPictures(set *problems.Set, kept []store.Attempt) report.Pictures {
	answers := map[[3]string][]byte{}
	for _, j := range kept {
		if j.Answer != nil {
			answers[[3]string{j.Team, j.Problem, j.File}] = j.Answer
		}
	}
	return func(team, problem, file string) (solver.Problem, solver.Placement, bool) {
		p, ok := set.Case(problem)
		answer, kept := answers[[3]string{team, problem, file}]
		if !ok || !kept {
			return solver.Problem{}, solver.Placement{}, false
		}
		pl, ok := judge.ReadPlacement(p.Problem, bytes.NewReader(answer), judge.Limits{})
		return p.Problem, pl, ok
	}
}
