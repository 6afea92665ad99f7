package report

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/internal/picture"
	"github.com/queensjudge/queensjudge/internal/text"
	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/solver"
)

// Pictures gives, for a wrong placement, the problem and the placement the
// team submitted, so that the report can draw it; ok is false when there is
// nothing to draw. problem is the problem's id, or "ID/TEST" for the
// answer to a test of a problem with tests (judge.Result.Ref), whose
// instance is the test's. The caller reads the submission again, with
// judge.ReadPlacement.
type Pictures func(team, problem, file string) (p solver.Problem, pl solver.Placement, ok bool)

// WriteHTML writes the report as one self-contained HTML page, for a
// projector and a phone alike: the set's name, the scoreboard with a cell
// per problem coloured (and marked ✓, ✗ or ?) by its state, then every
// team's results in scoreboard order, each with its verdict, the team
// message (unless it only names the verdict) and, in a smaller muted line,
// the judge message when it says more, and the file.
// A wrong placement whose squares at fault are known is drawn, with the pair
// outlined, when pictures gives its board; pictures may be nil. The page
// carries such a board as numbers (see board), under a summary that names
// the squares at fault, and its one small inline script draws it, as
// picture.WriteSVG would, when the reader opens it: the page is a sixth of
// the size it had with every board drawn inline.
//
// Every file of the submissions that was not judged (r.Warnings: a
// *judge.Stray, a *judge.Doubled) is listed with why, under its team: a
// team's complaint ("we sent rnd1.txt") is
// answered from the page. A team with no attempt judged but such files has
// a section of its own after the ranked teams, and the files no team is
// known for (a README.txt beside the team folders) come last, in a section
// of their own.
//
// An attempt at a problem with tests shows its score and, for a problem
// with groups, what it earns in each group, then every test with its
// verdict and messages; a cell of a problem with groups shows the team's
// score, green at the full score and amber below it. A verdict reached
// without the ground truth (judge.Result.WithoutTruth) is tagged "truth
// not needed".
//
// The page needs no network: the style, the boards' numbers and the script
// that draws them are inline; a page with no board runs no script. Team
// names, problem ids and messages are text.Printable and escaped by
// html/template; pictures is given them as they are in r. The page depends
// on r and the pictures only, so it can be compared with a golden file.
func WriteHTML(w io.Writer, r judge.Report, pictures Pictures) error {
	return writePage(w, r, pictures, false)
}

// WritePublicHTML writes the page of WriteHTML for the public, to put on
// the wall during a contest: the scoreboard, and each team's verdicts with
// the team messages only. It never holds a judge message (which may name
// the expected answer), a file or folder name or a team's board. The
// messages are the ones judge writes for the team, which never reveal the
// expected answer nor name a file or folder (a test with no file reads "no
// answer for test 3: no file for it"): the page is made from those fields
// alone, not by taking names out of the others.
func WritePublicHTML(w io.Writer, r judge.Report) error {
	// Only what the public may see goes into the page: the templates are
	// never given the judge messages, the files, the squares or the
	// warnings, which name files (see Page).
	return writePage(w, r, nil, true)
}

// publicResults returns a copy of rs, and of their tests, with the judge
// messages replaced by the team messages and no files or squares.
func publicResults(rs []judge.Result) []judge.Result {
	if rs == nil {
		return nil
	}
	rs = slices.Clone(rs)
	for i := range rs {
		res := &rs[i]
		res.Message, res.File, res.Squares, res.Line = res.TeamMessage, "", nil, 0
		res.Tests = publicResults(res.Tests)
	}
	return rs
}

func writePage(w io.Writer, r judge.Report, pictures Pictures, public bool) error {
	_, err := writeSite(w, r, pictures, public, nil)
	return err
}

// OnePage is the most bytes of team sections a report holds on its one
// page; a larger report is split (see Site).
const OnePage = 4 << 20

// Site is where a report too large for one page goes: its first page holds
// the scoreboard and what was not judged, with each team's results on a
// page of its own, team-N.html (N the team's row on the scoreboard) in
// the folder Folder beside it. A browser opens the first page at once
// whatever the contest's size: the sections of 1,200 teams' 200 tests
// are 100 MB.
type Site struct {
	// First is the first page's base name, and Folder the folder's, as
	// the pages link to each other: the folder is beside the first page.
	First, Folder string
	// Page writes the page named name (team-N.html) of the folder with
	// write. It is called only when the report is split, after all the
	// report is judged, before the first page is written.
	Page func(name string, write func(io.Writer) error) error
	// Scratch holds the teams' results as they are laid out, for
	// WriteSite (see Page); nil keeps them in memory.
	Scratch Scratch
	// OnePage is the most bytes of team sections the one page holds; 0
	// for OnePage.
	OnePage int64
}

// pageOptions say how a page is written.
type pageOptions struct {
	pictures Pictures
	public   bool
	site     *Site // nil: always one page
	split    bool  // set by Page.write: the report was split
}

// WriteSite writes the judges' report of WriteHTML, or the public page of
// WritePublicHTML when public, to w: on one page when its team sections
// come to at most OnePage bytes (the page WriteHTML writes), else split
// (see Site). It reads the report's results a team at a time (see
// judge.Report.EachTeam), and reports whether it split it. A Page does
// the same with the teams given as they are judged.
func WriteSite(w io.Writer, r judge.Report, pictures Pictures, public bool, site Site) (split bool, err error) {
	return writeSite(w, r, pictures, public, &site)
}

func writeSite(w io.Writer, r judge.Report, pictures Pictures, public bool, site *Site) (split bool, err error) {
	var sc Scratch
	if site != nil {
		sc = site.Scratch
	}
	p := NewPage(r, pictures, public, sc)
	if err := r.EachTeam(func(rs []judge.Result) error { return p.Add(rs) }); err != nil {
		return false, fmt.Errorf("html report: %w", err)
	}
	return p.Write(w, r, site)
}

// Scratch is where a Page keeps the teams' results as it is given them,
// to place them once the ranks are known: a temporary file, so that they
// are not all held in memory.
type Scratch interface {
	io.Writer
	io.ReaderAt
}

// Page is a report being written as the contest is judged: each team's
// results are laid out as they come (Add), kept in its Scratch, and the
// page written once the scoreboard is known (Write). It is the page of
// WriteHTML, or of WritePublicHTML when public, byte for byte.
type Page struct {
	opt     pageOptions
	worth   map[string]int
	scratch Scratch
	results map[string][][2]int64 // a team's results in scratch: from, to, for each Add
	size    int64
	boards  bool // some board is drawn
}

// NewPage starts the page of the contest of r, whose Problems and Points
// it reads (its results and scoreboard come later); pictures gives the
// boards of the judges' report (nil for none; never asked on the public
// page). A nil scratch keeps the results in memory.
func NewPage(r judge.Report, pictures Pictures, public bool, scratch Scratch) *Page {
	p := &Page{opt: pageOptions{pictures: pictures, public: public}, worth: map[string]int{}, scratch: scratch, results: map[string][][2]int64{}}
	if public {
		p.opt.pictures = nil
	}
	if p.scratch == nil {
		p.scratch = &bufferAt{new(bytes.Buffer)}
	}
	for k, id := range r.Problems {
		if k < len(r.Points) {
			p.worth[id] = r.Points[k]
		}
	}
	return p
}

// Add lays out rs, the results of one team's attempts, in their order:
// what the team's section lists. A team given twice lists both, in turn.
func (p *Page) Add(rs []judge.Result) error {
	if len(rs) == 0 {
		return nil
	}
	sec := teamSection{Public: p.opt.public}
	shown := printableResults(rs)
	if p.opt.public {
		shown = publicResults(shown)
	}
	for k, res := range rs {
		rsec, boards := resultOf(res, shown[k], p.worth[res.Problem], &p.opt)
		p.boards = p.boards || boards
		sec.Results = append(sec.Results, rsec)
	}
	var b bytes.Buffer
	if err := reportPage.ExecuteTemplate(&b, "team-results", sec); err != nil {
		return fmt.Errorf("html report: %w", err)
	}
	n, err := p.scratch.Write(b.Bytes())
	p.results[rs[0].Team] = append(p.results[rs[0].Team], [2]int64{p.size, p.size + int64(n)})
	p.size += int64(n)
	if err != nil {
		return fmt.Errorf("html report: %w", err)
	}
	return nil
}

// Write writes the page of r, whose teams' results were all given to Add,
// to w; with a site, split when the teams' sections pass OnePage bytes
// (see Site). It reports whether it split it.
func (p *Page) Write(w io.Writer, r judge.Report, site *Site) (split bool, err error) {
	opt := p.opt
	opt.site = site
	err = p.write(w, r, &opt)
	return opt.split, err
}

// standing is a row of the scoreboard as the page shows it.
type standing struct {
	judge.Standing
	Anchor string // the team section's id
	Href   string // the link to its section: on this page, or its own
	Cells  []cell
}

type cell struct {
	State, Mark, Note, Title string
}

// test is the answer to one test of an attempt as its section shows it.
// Its fields are its own, not a judge.Result's embedded: html/template
// finds a field of an embedded struct by a search through it, for each
// answer of a large report.
type test struct {
	Test, Group        string
	Sample             bool
	Verdict            judge.Verdict
	TeamMessage, Judge string // Judge: the judge message, when it says more than the team's
	Board              *board
	// What the template would otherwise work out with functions, which
	// it calls through reflection, for each answer of a large report:
	// see verdictShown.
	VClass, VName       string
	TeamSays, ShowTruth bool
}

// verdictShown is how an answer with verdict v and team message msg,
// reached without the ground truth or not, is shown on the public page or
// not: the verdict's style class (lower case) and name, whether the team
// message says more than the name, and whether "truth not needed" is
// (on the judges' page).
func verdictShown(v judge.Verdict, msg string, without, public bool) (vclass, vname string, teamSays, showTruth bool) {
	return strings.ToLower(string(v)), v.Name(), msg != v.Name(), without && !public
}

// result is an attempt as its team's section shows it (see test).
type result struct {
	Problem                  string
	Attempt                  int
	When                     string
	Verdict                  judge.Verdict
	VClass, VName            string // see test
	TeamSays, ShowTruth      bool
	TeamMessage, Judge, File string
	Board                    *board
	Score, Of, Points        int // Of: the problem's points
	Groups                   []judge.GroupScore
	Tests                    []test
}

// teamSection is what the template "team" is given: one team's section.
type teamSection struct {
	Standing  standing
	Results   []result
	NotJudged []notJudged
	Public    bool
}

// pageData is what the page's templates are given.
type pageData struct {
	Set      string
	Problems []string
	SolvedBy []int
	Board    []standing
	Count    int
	Verdicts []judge.Verdict
	Public   bool
	Tests    bool // some problem has tests: their style and legend
	Scored   bool
	Boards   bool // some board is drawn: the script that draws them
	// The files not judged: how many, the teams on the scoreboard with
	// some, those of teams with no attempt judged, and those of no team
	// known.
	NotJudged int
	Ranked    []standing
	Unranked  []unrankedTeam
	Others    []notJudged
	// On a team's own page: the team, and the link back to the
	// scoreboard.
	Team, Back string
}

func (p *Page) write(w io.Writer, r judge.Report, opt *pageOptions) error {
	l := &layout{p: p, r: ranked(r), opt: opt, unjudged: map[string][]notJudged{}}
	anchors := l.scoreboard()
	if !opt.public {
		l.notJudged(anchors)
	}
	// The teams' sections: their size decides whether the report is
	// split.
	l.page.Boards = p.boards
	size := p.size + int64(len(r.Scoreboard))*1024 // with the heads and tails
	limit := int64(OnePage)
	if opt.site != nil && opt.site.OnePage > 0 {
		limit = opt.site.OnePage
	}
	opt.split = opt.site != nil && opt.site.Page != nil && size > limit
	for i := range l.page.Board {
		st := &l.page.Board[i]
		st.Href = "#" + st.Anchor
		if opt.split {
			st.Href = opt.site.Folder + "/" + st.Anchor + ".html"
		}
		if l.unjudged[r.Scoreboard[i].Team] != nil {
			l.page.Ranked = append(l.page.Ranked, *st)
		}
	}
	if opt.split {
		if err := l.teamPages(); err != nil {
			return fmt.Errorf("html report: %w", err)
		}
		l.page.Boards = false // the first page draws none
	}
	if err := l.first(w); err != nil {
		return fmt.Errorf("html report: %w", err)
	}
	return nil
}

// layout is a page being written: the report, what the templates are
// given, and the files not judged, by team.
type layout struct {
	p        *Page
	r        judge.Report
	opt      *pageOptions
	page     pageData
	unjudged map[string][]notJudged // by team, as in r
}

// scoreboard sets the page's heading and scoreboard, and returns each
// team's row on it. The page shows the printable names; r keeps them as
// they are, to tell the teams apart.
func (l *layout) scoreboard() (anchors map[string]int) {
	r := l.r
	shown := printable(r)
	worth := map[string]int{}
	grouped := map[string]bool{} // problems with groups
	for k, id := range r.Problems {
		if k < len(r.Points) {
			worth[id] = r.Points[k]
		}
		if k < len(r.Grouped) {
			grouped[id] = r.Grouped[k]
		}
	}
	for _, res := range r.Results { // a report made by hand
		grouped[res.Problem] = grouped[res.Problem] || res.Groups != nil
	}
	l.page = pageData{Set: shown.Set, Problems: shown.Problems, SolvedBy: make([]int, len(r.Problems)),
		Count: shown.Tally.Attempts, Verdicts: judge.Verdicts, Public: l.opt.public, Tests: shown.Tally.Tests}
	for _, g := range grouped {
		l.page.Scored = l.page.Scored || g
	}
	anchors = map[string]int{}
	for i, s := range r.Scoreboard {
		st := standing{Standing: shown.Scoreboard[i], Anchor: "team-" + strconv.Itoa(i+1)}
		anchors[s.Team] = i
		for k, c := range s.Problems {
			cl := cellOf(c, grouped[c.Problem], worth[c.Problem])
			if cl.State == "solved" && k < len(l.page.SolvedBy) {
				l.page.SolvedBy[k]++
			}
			cl.Title = shown.Scoreboard[i].Problems[k].Problem + ": " + cl.Title
			st.Cells = append(st.Cells, cl)
		}
		l.page.Board = append(l.page.Board, st)
	}
	return anchors
}

// notJudged sorts the files not judged: under their team, ranked (anchors
// gives the teams on the scoreboard) or not, or on their own when no team
// is known for them.
func (l *layout) notJudged(anchors map[string]int) {
	for _, n := range notJudgedOf(l.r.Warnings) {
		l.page.NotJudged += max(len(n.Files), 1)
		if n.Team == "" {
			l.page.Others = append(l.page.Others, n)
			continue
		}
		if _, ok := anchors[n.Team]; !ok && l.unjudged[n.Team] == nil {
			l.page.Unranked = append(l.page.Unranked, unrankedTeam{Team: n.Team})
		}
		l.unjudged[n.Team] = append(l.unjudged[n.Team], n)
	}
	slices.SortFunc(l.page.Unranked, func(a, b unrankedTeam) int { return strings.Compare(a.Team, b.Team) })
	for i := range l.page.Unranked {
		u := &l.page.Unranked[i]
		u.NotJudged = l.unjudged[u.Team]
		u.Team, u.Anchor = text.Printable(u.Team), "unranked-"+strconv.Itoa(i+1)
	}
}

// section writes the section of the team on row i of the scoreboard: its
// heading and its files not judged, written now, about its results as Add
// laid them out.
func (l *layout) section(w io.Writer, i int) error {
	s := l.r.Scoreboard[i]
	sec := teamSection{Standing: l.page.Board[i], NotJudged: l.unjudged[s.Team], Public: l.opt.public}
	if err := reportPage.ExecuteTemplate(w, "team-head", sec); err != nil {
		return err
	}
	ats, ok := l.p.results[s.Team]
	if !ok { // a team with no attempt, in a report made by hand
		if err := reportPage.ExecuteTemplate(w, "team-results", sec); err != nil {
			return err
		}
	}
	for _, at := range ats {
		if _, err := io.Copy(w, io.NewSectionReader(l.p.scratch, at[0], at[1]-at[0])); err != nil {
			return err
		}
	}
	return reportPage.ExecuteTemplate(w, "team-tail", sec)
}

// teamPages writes each team's page of a split report through the site.
func (l *layout) teamPages() error {
	for i, st := range l.page.Board {
		tp := l.page
		tp.Team, tp.Back, tp.Board = st.Team, "../"+l.opt.site.First+"#"+st.Anchor, nil
		err := l.opt.site.Page(st.Anchor+".html", func(w io.Writer) error {
			bw := bufio.NewWriter(w)
			if err := reportPage.ExecuteTemplate(bw, "team-top", tp); err != nil {
				return err
			}
			if err := l.section(bw, i); err != nil {
				return err
			}
			if err := reportPage.ExecuteTemplate(bw, "team-bottom", tp); err != nil {
				return err
			}
			return bw.Flush()
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// first writes the first page: the scoreboard, the teams' sections unless
// the report is split, and the files not judged.
func (l *layout) first(w io.Writer) error {
	bw := bufio.NewWriter(w)
	if err := reportPage.ExecuteTemplate(bw, "top", l.page); err != nil {
		return err
	}
	if !l.opt.split {
		for i := range l.page.Board {
			if err := l.section(bw, i); err != nil {
				return err
			}
		}
	}
	if err := reportPage.ExecuteTemplate(bw, "bottom", l.page); err != nil {
		return err
	}
	return bw.Flush()
}

// bufferAt is a bytes.Buffer that can be read at an offset, the Scratch
// of a report written in memory.
type bufferAt struct{ b *bytes.Buffer }

func (b *bufferAt) Write(p []byte) (int, error) { return b.b.Write(p) }

func (b *bufferAt) ReadAt(p []byte, off int64) (int, error) {
	return bytes.NewReader(b.b.Bytes()).ReadAt(p, off)
}

// cellOf is the scoreboard's cell of c, a problem with groups or not
// worth points: its state, mark, note and title (without the problem).
func cellOf(c judge.Cell, grouped bool, worth int) cell {
	var cl cell
	switch {
	case grouped && c.Score > 0:
		cl = cell{State: "partial", Mark: strconv.Itoa(c.Score), Note: tries(c.Judged)}
		if c.Solved {
			cl.State = "solved"
		}
		if c.Timed {
			cl.Note += " · " + strconv.FormatInt(int64(c.Time.Minutes()), 10) + "′"
		}
		cl.Title = fmt.Sprintf("scored %d of %d, %s", c.Score, worth, cl.Note)
	case c.Solved:
		cl = cell{State: "solved", Mark: "✓", Note: tries(c.Judged)}
		if c.Timed {
			cl.Note += " · " + strconv.FormatInt(int64(c.Time.Minutes()), 10) + "′"
		}
		cl.Title = "solved, " + cl.Note
	case c.Judged > 0:
		cl = cell{State: "failed", Mark: "✗", Note: tries(c.Judged), Title: "not solved, " + tries(c.Judged)}
		if grouped {
			cl.Mark, cl.Title = "0", "scored 0, "+tries(c.Judged)
		}
	case c.Errors > 0:
		cl = cell{State: "error", Mark: "?", Note: "judge error", Title: "judge error: not counted"}
	default:
		cl = cell{State: "none", Mark: "·", Title: "no attempt"}
	}
	return cl
}

// resultOf is the attempt res as its team's section shows it, from shown
// (res printable, and for the public page public); boards is true when a
// board is drawn.
func resultOf(res, shown judge.Result, worth int, opt *pageOptions) (rs result, boards bool) {
	rs = result{Problem: shown.Problem, Attempt: shown.Attempt, When: "untimed", Verdict: shown.Verdict,
		TeamMessage: shown.TeamMessage, File: shown.File,
		Score: shown.Score, Of: worth, Points: shown.Points, Groups: shown.Groups}
	rs.VClass, rs.VName, rs.TeamSays, rs.ShowTruth = verdictShown(shown.Verdict, shown.TeamMessage, shown.WithoutTruth, opt.public)
	if res.Timed {
		rs.When = strconv.FormatInt(res.Minutes(), 10) + " min"
	}
	if res.Message != res.TeamMessage && !opt.public {
		rs.Judge = shown.Message
	}
	if res.Verdict == judge.WA && len(res.Squares) > 0 && opt.pictures != nil {
		rs.Board = boardOf(opt.pictures, res)
		boards = rs.Board != nil
	}
	for k, tr := range res.Tests {
		st := shown.Tests[k]
		ts := test{Test: st.Test, Group: st.Group, Sample: st.Sample, Verdict: st.Verdict, TeamMessage: st.TeamMessage}
		ts.VClass, ts.VName, ts.TeamSays, ts.ShowTruth = verdictShown(st.Verdict, st.TeamMessage, st.WithoutTruth, opt.public)
		if tr.Message != tr.TeamMessage && !opt.public {
			ts.Judge = st.Message
		}
		if tr.Verdict == judge.WA && len(tr.Squares) > 0 && opt.pictures != nil {
			ts.Board = boardOf(opt.pictures, tr)
			boards = boards || ts.Board != nil
		}
		rs.Tests = append(rs.Tests, ts)
	}
	return rs, boards
}

// notJudged is what the judges' report says of a file of the submissions
// not judged, or of files not judged for one reason (a *judge.Doubled):
// their names, printable, and why. Team is the team whose folder holds
// them, as in the report (not printable: it keys the team), or "" when the
// warning names no team.
type notJudged struct {
	Team  string
	Files []string
	Why   string
}

// unrankedTeam is a team with files not judged and no attempt judged: it
// has no row on the scoreboard, but a section of the report. Team is
// printable.
type unrankedTeam struct {
	Team, Anchor string
	NotJudged    []notJudged
}

// notJudgedOf reads the warnings of a report, in their order, from their
// fields: a *judge.Doubled names its team and files, a *judge.Stray its
// team (none beside the team folders) and its file. Any other warning is
// shown as its message, under no team.
func notJudgedOf(warnings []error) []notJudged {
	var out []notJudged
	for _, w := range warnings {
		var d *judge.Doubled
		var s *judge.Stray
		var n notJudged
		switch {
		case errors.As(w, &d):
			n.Team = d.Team
			for _, f := range d.Files {
				n.Files = append(n.Files, text.Printable(f))
			}
			what := "problem " + text.Printable(d.Problem)
			if d.Test != "" {
				what += ", test " + text.Printable(d.Test) + " (files in its folder)"
			}
			none := "neither"
			if len(d.Files) > 2 {
				none = "none"
			}
			n.Why = fmt.Sprintf("each answers %s: %s judged; keep one", what, none)
		case errors.As(w, &s):
			n.Team, n.Files, n.Why = s.Team, []string{text.Printable(s.File)}, text.Printable(s.Why)
			if s.File == "" {
				n.Files = []string{text.Printable(s.Path)}
			}
		default:
			n.Why = text.Printable(w.Error())
		}
		out = append(out, n)
	}
	return out
}

// board is a wrong placement as the judges' report carries it: numbers,
// not a picture. The page's script (boardScript) draws it as SVG, as
// picture.WriteSVG would, when the reader opens it: drawn inline, the
// boards were most of a large report's bytes (BenchmarkJudgeContest in
// internal/app; docs/performance.md).
//
// Every field holds only digits, spaces, commas, hex digits and names of
// squares (letters and digits).
type board struct {
	N int
	// Columns is the queen's column (0-based) in each row, in row order,
	// when the placement has that form; Queens otherwise, as "row,col"
	// pairs (0-based, from the top left) separated by spaces.
	Columns, Queens string
	Knights         string // "row,col" pairs
	Reserved        string // the reserved squares, row-major, 4 a hex digit (the first the digit's 8 bit); "" for none
	Fault           string // the squares at fault, "row,col" pairs
	At              string // the squares at fault by name, for the summary
	Label           string // what picture.WriteSVG's aria-label says
	TooLarge        bool   // past picture.MaxSVG: not drawn, as WriteSVG does not
}

// boardOf gives the placement of a wrong answer as numbers, or nil when
// pictures has none to give or it is for another board.
func boardOf(pictures Pictures, res judge.Result) *board {
	p, pl, ok := pictures(res.Team, res.Ref(), res.File)
	n := p.N
	if !ok || n < 1 || (pl.N != 0 && pl.N != n) {
		return nil
	}
	on := func(s solver.Square) bool { return s.Row >= 0 && s.Row < n && s.Col >= 0 && s.Col < n }
	pairs := func(sq []solver.Square) string {
		var b strings.Builder
		for _, s := range sq {
			if !on(s) {
				continue
			}
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(s.Row))
			b.WriteByte(',')
			b.WriteString(strconv.Itoa(s.Col))
		}
		return b.String()
	}
	fault := squaresNamed(res.Squares, n)
	var at []string
	for _, s := range fault {
		at = append(at, s.Name(n))
	}
	bd := &board{
		N:     n,
		Label: fmt.Sprintf("%d×%d board, %s, %s", n, n, solver.Plural(int64(len(pl.Queens)), "queen"), solver.Plural(int64(len(pl.Knights)), "knight")),
		At:    strings.Join(at, " "),
	}
	if n > picture.MaxSVG {
		bd.TooLarge = true
		return bd
	}
	bd.Fault, bd.Knights = pairs(fault), pairs(pl.Knights)
	if cols, ok := pl.Columns(); ok && len(cols) > 0 {
		var b strings.Builder
		for i, c := range cols {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(c))
		}
		bd.Columns = b.String()
	} else {
		bd.Queens = pairs(pl.Queens)
	}
	if p.Kind == solver.Reserved {
		hex := make([]byte, (n*n+3)/4)
		any := false
		for r := range n {
			for c := range n {
				if p.IsReserved(r, c) {
					i := r*n + c
					hex[i/4] |= 8 >> (i % 4)
					any = true
				}
			}
		}
		if any {
			for i, v := range hex {
				hex[i] = "0123456789abcdef"[v]
			}
			bd.Reserved = string(hex)
		}
	}
	return bd
}

func tries(k int) string {
	if k == 1 {
		return "1 try"
	}
	return strconv.Itoa(k) + " tries"
}

// squaresNamed turns the chess names of Result.Squares back into squares of
// an n×n board, leaving out any that is not one.
func squaresNamed(names []string, n int) []solver.Square {
	var out []solver.Square
	for _, name := range names {
		i := strings.IndexAny(name, "0123456789")
		if i <= 0 {
			continue
		}
		rank, err := strconv.Atoi(name[i:])
		col := 0
		for _, ch := range name[:i] {
			if ch < 'a' || ch > 'z' {
				err = strconv.ErrSyntax
			}
			col = min(col*26+int(ch-'a'+1), 1<<20)
		}
		s := solver.Square{Row: n - rank, Col: col - 1}
		if err != nil || s.Row < 0 || s.Row >= n || s.Col < 0 || s.Col >= n || s.Name(n) != name {
			continue
		}
		out = append(out, s)
	}
	return out
}

var reportPage = template.Must(template.New("report").Funcs(template.FuncMap{
	"lower": func(v judge.Verdict) string { return strings.ToLower(string(v)) },
}).Parse(reportHTML))

// reportHTML is the page. Its style is written for two screens: a projector
// (large type, strong contrast, colours backed by marks and words) and a
// phone (the scoreboard scrolls sideways with the team column fixed, the
// results reflow into one column).
const reportHTML = `{{define "head"}}<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="queensjudge">
<title>{{.Set}}: {{if .Team}}{{.Team}}{{else if .Public}}scoreboard{{else}}results{{end}}</title>
<style>
:root {
  --ink: #111; --muted: #4a4a4a; --line: #c9c9c9; --paper: #fff; --band: #f2f2f2;
  --ac: #17692f; --wa: #c11c1c; --pe: #b35300; --no: #5c5c5c; --je: #6f1d9e;
  --solved: #c9efd3; --failed: #fbd3d3; --error: #ead7f5;{{if .Tests}} --partial: #fde7c2;{{end}}
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0; padding: 1.2rem clamp(.6rem, 3vw, 2.5rem) 3rem;
  font: clamp(16px, .55vw + 12px, 24px)/1.4 "DejaVu Sans", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif;
  color: var(--ink); background: var(--paper);
}
header h1 { font-size: 2.1em; margin: 0; line-height: 1.15; overflow-wrap: anywhere; }
header p { margin: .3em 0 0; color: var(--muted); }
h2 { font-size: 1.45em; margin: 1.6em 0 .5em; padding-bottom: .2em; border-bottom: 4px solid var(--ink); }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table.scoreboard { border-collapse: separate; border-spacing: 0; font-variant-numeric: tabular-nums; }
.scoreboard th, .scoreboard td { border-bottom: 1px solid var(--line); padding: .35em .45em; white-space: nowrap; }
.scoreboard thead th { background: var(--ink); color: #fff; font-weight: 700; text-align: center; vertical-align: bottom; }
.scoreboard thead th.prob { font-size: .75em; font-weight: 600; white-space: normal; overflow-wrap: normal; min-width: 4.5em; max-width: 7em; line-height: 1.15; }
.scoreboard .rank { font-weight: 800; font-size: 1.25em; text-align: center; }
.scoreboard .team { position: sticky; left: 0; background: var(--paper); font-weight: 700; font-size: 1.2em; text-align: left; max-width: 14em; overflow: hidden; text-overflow: ellipsis; }
.scoreboard thead .team { background: var(--ink); font-size: 1em; }
.scoreboard .team a { color: inherit; text-decoration: none; }
.scoreboard .team a:hover, .scoreboard .team a:focus { text-decoration: underline; }
.scoreboard .num { text-align: right; font-weight: 700; }
.scoreboard tbody tr:nth-child(even) > * { background: var(--band); }
.scoreboard td.cell { text-align: center; min-width: 3.4em; border-left: 2px solid var(--paper); line-height: 1.1; }
.cell b { display: block; font-size: 1.3em; }
.cell small { display: block; font-size: .72em; font-weight: 600; }
.scoreboard tbody tr td.solved { background: var(--solved); color: var(--ac); }
.scoreboard tbody tr td.failed { background: var(--failed); color: var(--wa); }
.scoreboard tbody tr td.error { background: var(--error); color: var(--je); }
.scoreboard tbody tr td.none { color: #9a9a9a; }
.scoreboard tfoot td { font-size: .8em; color: var(--muted); text-align: center; border-bottom: 0; }
.scoreboard tfoot td.label { text-align: right; }
.legend { color: var(--muted); font-size: .85em; margin: .6em 0 0; }
.legend span { white-space: nowrap; margin-right: 1.2em; }
.legend b { display: inline-block; min-width: 1.6em; text-align: center; border-radius: .25em; }
.legend .solved { background: var(--solved); color: var(--ac); }
.legend .failed { background: var(--failed); color: var(--wa); }
.legend .error { background: var(--error); color: var(--je); }
section.team { margin-top: 2.2em; }
section.team h2 { display: flex; flex-wrap: wrap; gap: .2em 1em; align-items: baseline; }
section.team h2 .who { overflow-wrap: anywhere; }
section.team h2 .sum { font-size: .65em; font-weight: 600; color: var(--muted); }
ol.results { list-style: none; margin: 0; padding: 0; }
li.result {
  display: grid; grid-template-columns: minmax(8em, 13em) 12.5em minmax(0, 1fr); gap: .3em 1em;
  align-items: start; padding: .5em 0; border-bottom: 1px solid var(--line);
}
.prob { font-weight: 700; overflow-wrap: anywhere; }
.when { display: block; font-size: .8em; color: var(--muted); }
.v { display: inline-block; min-width: 2.9em; padding: .08em .4em; border-radius: .3em; color: #fff; font-weight: 800; text-align: center; letter-spacing: .04em; }
.v-ac { background: var(--ac); } .v-wa { background: var(--wa); } .v-pe { background: var(--pe); }
.v-no { background: var(--no); } .v-je { background: var(--je); }
.vname { font-weight: 600; font-size: .9em; }
.msg p { margin: 0; overflow-wrap: anywhere; }
.msg .judge { font-size: .8em; color: var(--muted); margin-top: .1em; }
.msg .file { font-family: "DejaVu Sans Mono", ui-monospace, Menlo, Consolas, monospace; font-size: .95em; }
figure.board { margin: .6em 0 .2em; }
figure.board svg { display: block; max-width: 100%; height: auto; }
figure.board figcaption { font-size: .75em; color: var(--muted); }
footer { margin-top: 3em; font-size: .8em; color: var(--muted); }
{{if .Boards}}details.board { margin: .3em 0 0; }
details.board summary { cursor: pointer; font-size: .8em; color: var(--muted); }
{{end}}{{if .Tests}}.scoreboard tbody tr td.partial { background: var(--partial); color: var(--pe); }
.legend .partial { background: var(--partial); color: var(--pe); }
.score { font-weight: 700; font-size: .9em; margin: .15em 0 0; }
.groups { list-style: none; margin: .2em 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: .2em .5em; font-size: .85em; }
.groups li { padding: 0 .4em; border-radius: .25em; }
.groups .earned { background: var(--solved); color: var(--ac); } .groups .lost { background: var(--failed); color: var(--wa); }
ol.tests { list-style: none; margin: .4em 0 0; padding: 0; font-size: .85em; }
li.test { display: grid; grid-template-columns: minmax(4em, 9em) 3.6em minmax(0, 1fr); gap: .1em .6em; padding: .15em 0; border-top: 1px dotted var(--line); }
li.test .tname { font-weight: 600; overflow-wrap: anywhere; }
li.test .v { min-width: 2.4em; font-size: .85em; }
li.test .tag { font-size: .8em; color: var(--muted); }
.truth { font-size: .8em; color: var(--muted); }
{{end}}{{if .NotJudged}}.not-judged { margin: .8em 0 0; padding: .5em .8em; background: var(--band); border-left: 4px solid var(--pe); }
.not-judged h3 { font-size: 1em; margin: 0 0 .2em; }
section.unranked, section.others { margin-top: 1.2em; }
section.unranked h3, section.others h3 { font-size: 1.15em; margin: 0; }
.not-judged ul { margin: 0; padding-left: 1.2em; }
.not-judged li { overflow-wrap: anywhere; }
.not-judged .file { font-family: "DejaVu Sans Mono", ui-monospace, Menlo, Consolas, monospace; font-size: .95em; }
{{end}}@media (max-width: 700px) {
  header h1 { font-size: 1.6em; }
  li.result { grid-template-columns: minmax(0, 1fr) auto; }
  li.result .msg { grid-column: 1 / -1; }
  li.result .verdict { text-align: right; }
}
@media print {
  body { font-size: 11pt; }
  section.team { break-inside: avoid-page; }
}
</style>
</head>
<body>
{{end}}{{define "top"}}{{template "head" .}}<header>
<h1>{{.Set}}</h1>
<p>{{len .Board}} teams · {{len .Problems}} problems · {{.Count}} submissions judged{{if .NotJudged}} · <a href="#not-judged">{{.NotJudged}} not judged</a>{{end}}</p>
</header>
<main>
<section id="scoreboard">
<h2>Scoreboard</h2>
<div class="scroll">
<table class="scoreboard">
<thead><tr><th class="rank" scope="col">Rank</th><th class="team" scope="col">Team</th><th scope="col">Solved</th><th scope="col">Points</th><th scope="col">Penalty</th>{{range .Problems}}<th class="prob" scope="col" title="{{.}}">{{.}}</th>{{end}}</tr></thead>
<tbody>
{{range .Board}}<tr class="standing" data-team="{{.Team}}"><td class="rank">{{.Rank}}</td><th class="team" scope="row"><a href="{{.Href}}">{{.Team}}</a></th><td class="num">{{.Solved}}</td><td class="num">{{.Points}}</td><td class="num">{{.Penalty}}</td>{{range .Cells}}<td class="cell {{.State}}" title="{{.Title}}"><b>{{.Mark}}</b>{{if .Note}}<small>{{.Note}}</small>{{end}}</td>{{end}}</tr>
{{end}}</tbody>
<tfoot><tr><td></td><td class="label" colspan="4">solved by</td>{{range .SolvedBy}}<td>{{.}}</td>{{end}}</tr></tfoot>
</table>
</div>
<p class="legend"><span><b class="solved">✓</b> solved: tries to the first accepted, and its minute</span>{{if .Scored}} <span><b class="partial">30</b> a score below the full one: tries to the first attempt that reached it, and its minute</span>{{end}} <span><b class="failed">✗</b> tried, not solved</span> <span><b class="error">?</b> judge error, not counted</span> <span><b>·</b> no attempt</span></p>
</section>
{{end}}{{define "team-head"}}<section class="team" id="{{.Standing.Anchor}}" data-team="{{.Standing.Team}}">
<h2><span class="who">{{.Standing.Rank}}. {{.Standing.Team}}</span> <span class="sum">{{.Standing.Solved}} solved · {{.Standing.Points}} points · penalty {{.Standing.Penalty}}</span></h2>
{{end}}{{define "team-results"}}<ol class="results">
{{range .Results}}<li class="result" data-verdict="{{.Verdict}}" data-problem="{{.Problem}}">
<div><span class="prob">{{.Problem}}</span><span class="when">try {{.Attempt}} · {{.When}}</span></div>
<div class="verdict"><span class="v v-{{.VClass}}">{{.Verdict}}</span> <span class="vname">{{.VName}}</span>{{if .ShowTruth}} <span class="truth" title="reached without the ground truth: a placement, judged by the checker alone">truth not needed</span>{{end}}</div>
<div class="msg">{{if .TeamSays}}<p class="team-msg">{{.TeamMessage}}</p>{{end}}{{if or .Judge .File}}<p class="judge">{{if .Judge}}judge: {{.Judge}}{{if .File}} · {{end}}{{end}}<span class="file">{{.File}}</span></p>{{end}}{{with .Board}}
{{template "board" .}}{{end}}{{if .Tests}}
<p class="score">score {{.Score}} of {{.Of}}{{if .Points}} · on the scoreboard{{end}}</p>{{if .Groups}}
<ul class="groups">{{range .Groups}}<li class="{{if .Points}}earned{{else}}lost{{end}}" data-group="{{.Name}}">{{.Name}} {{.Points}}/{{.Of}}</li>{{end}}</ul>{{end}}
<ol class="tests">
{{range .Tests}}<li class="test" data-verdict="{{.Verdict}}" data-test="{{.Test}}"><span class="tname">{{.Test}}{{if .Sample}} <span class="tag">sample</span>{{else if .Group}} <span class="tag">{{.Group}}</span>{{end}}</span><span><span class="v v-{{.VClass}}" title="{{.VName}}">{{.Verdict}}</span>{{if .ShowTruth}} <span class="truth" title="reached without the ground truth: a placement, judged by the checker alone">truth not needed</span>{{end}}</span><span class="tmsg">{{if .TeamSays}}{{.TeamMessage}}{{end}}{{if .Judge}} <span class="judge">judge: {{.Judge}}</span>{{end}}{{with .Board}}
{{template "board" .}}{{end}}</span></li>
{{end}}</ol>{{end}}</div>
</li>
{{end}}</ol>{{end}}{{define "team-tail"}}{{if .NotJudged}}
<div class="not-judged"><h3>Not judged</h3>{{template "not-judged" .NotJudged}}</div>{{end}}
</section>
{{end}}{{define "bottom"}}{{if .NotJudged}}<section id="not-judged">
<h2>Not judged</h2>
<p class="legend">{{.NotJudged}} {{if eq .NotJudged 1}}file{{else}}files{{end}} of the submissions not judged, each with why.{{if .Ranked}} Under their team above: {{range $i, $t := .Ranked}}{{if $i}}, {{end}}<a href="{{$t.Href}}">{{$t.Team}}</a>{{end}}.{{end}}</p>
{{range .Unranked}}<section class="team unranked" id="{{.Anchor}}" data-team="{{.Team}}">
<h3><span class="who">{{.Team}}</span> <span class="sum">not ranked: no attempt judged</span></h3>
<div class="not-judged">{{template "not-judged" .NotJudged}}</div>
</section>
{{end}}{{if .Others}}<section class="others" id="not-judged-others">
<h3>Other files: beside the team folders, or in a warning that names no team</h3>
<div class="not-judged">{{template "not-judged" .Others}}</div>
</section>
{{end}}</section>
{{end}}</main>
<footer>Written by queensjudge. Verdicts: {{range $i, $v := .Verdicts}}{{if $i}}, {{end}}{{$v}} {{$v.Name}}{{end}}.</footer>
{{if .Boards}}<script>` + boardScript + `</script>
{{end}}</body>
</html>
{{end}}{{define "team-top"}}{{template "head" .}}<header>
<h1>{{.Team}}</h1>
<p>{{.Set}} · <a href="{{.Back}}">the scoreboard</a></p>
</header>
<main>
{{end}}{{define "team-bottom"}}</main>
<footer>Written by queensjudge. Verdicts: {{range $i, $v := .Verdicts}}{{if $i}}, {{end}}{{$v}} {{$v.Name}}{{end}}.</footer>
{{if .Boards}}<script>` + boardScript + `</script>
{{end}}</body>
</html>
{{end}}{{define "board"}}<details class="board"><summary>the submitted board, {{.N}}×{{.N}}{{if .At}}: at fault {{.At}}{{end}}</summary>
<figure class="board"><svg role="img" aria-label="{{.Label}}" data-n="{{.N}}"{{if .TooLarge}} data-large=""{{end}}{{if .Columns}} data-c="{{.Columns}}"{{end}}{{if .Queens}} data-q="{{.Queens}}"{{end}}{{if .Knights}} data-k="{{.Knights}}"{{end}}{{if .Reserved}} data-r="{{.Reserved}}"{{end}}{{if .Fault}} data-f="{{.Fault}}"{{end}}></svg><figcaption>the submitted board; the squares at fault in red</figcaption></figure></details>{{end}}{{define "not-judged"}}
<ul>
{{range .}}<li class="not-judged-file">{{range $i, $f := .Files}}{{if $i}}, {{end}}<span class="file">{{$f}}</span>{{end}}{{if .Files}}: {{end}}<span class="why">{{.Why}}</span></li>
{{end}}</ul>{{end}}`

// boardScript draws the boards of the judges' report (see board) when the
// reader opens one, into the empty svg element that carries its numbers:
// the picture of picture.WriteSVG for n up to picture.MaxSVG (the same
// geometry, colours, pieces and labels, the pair at fault outlined and
// joined in red), or a note that the board is too large. It fetches
// nothing, and writes only numbers, file letters and its own words into
// the page. A board already drawn is not drawn again. A board whose
// details are open when the script runs (written open, or opened first)
// is drawn at once: its toggle event may come only after the page is shown
// or printed. (No comment inside the script: html/template drops them, and
// the tests find the script in the page by its text.)
const boardScript = `
(function () {
"use strict";
var C = 40;
var Q = "M20 82L12 38L31 60L33 26L50 56L67 26L69 60L88 38L80 82ZM18 86H82V95H18ZM4 36a8 8 0 1 0 16 0a8 8 0 1 0-16 0ZM25 24a8 8 0 1 0 16 0a8 8 0 1 0-16 0ZM42 14a8 8 0 1 0 16 0a8 8 0 1 0-16 0ZM59 24a8 8 0 1 0 16 0a8 8 0 1 0-16 0ZM80 36a8 8 0 1 0 16 0a8 8 0 1 0-16 0Z";
var K = "M26 95H82C82 72 80 52 74 38C68 24 60 15 49 11L46 2L38 13C30 18 24 27 20 37L11 53C9 61 15 66 23 62L33 56C37 54 42 52 47 48C44 64 28 72 26 95Z";
var EYE = "M36 29a4 4 0 1 0 8 0a4 4 0 1 0-8 0Z";
var FONTS = ' font-family="DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"';
function file(c) {
  var s = "";
  for (c++; c > 0; c = Math.floor((c - 1) / 26)) { s = String.fromCharCode(97 + (c - 1) % 26) + s; }
  return s;
}
function pairs(s) {
  var out = [];
  (s || "").split(" ").forEach(function (p) {
    var a = p.split(",");
    if (a.length === 2) { out.push([+a[0], +a[1]]); }
  });
  return out;
}
function draw(svg) {
  var d = svg.dataset, n = +d.n, o = [];
  if (d.large !== undefined || !(n >= 1)) {
    var note = n + "\u00d7" + n + " board: too large to draw (at most 64\u00d764)";
    svg.setAttribute("viewBox", "0 0 480 60"); svg.setAttribute("width", "480"); svg.setAttribute("height", "60");
    svg.innerHTML = '<rect x="1" y="1" width="478" height="58" rx="6" fill="#f4f4f4" stroke="#999" stroke-width="2"/>' +
      '<text x="240" y="36" text-anchor="middle" font-size="17" fill="#333333"' + FONTS + ">" + note + "</text>";
    return;
  }
  var qs = d.c !== undefined ? d.c.split(" ").map(function (c, r) { return [r, +c]; }) : pairs(d.q);
  var ks = pairs(d.k), fs = pairs(d.f), res = d.r || "";
  var on = function (s) { return s[0] >= 0 && s[0] < n && s[1] >= 0 && s[1] < n; };
  qs = qs.filter(on); ks = ks.filter(on); fs = fs.filter(on);
  var step = Math.floor((n + 15) / 16), font = Math.min(15 * step, 40), margin = font * 2 + 4;
  var side = n * C, width = margin + side + 8, height = 8 + side + margin;
  var px = Math.min(56, Math.max(9, Math.floor(480 / n)));
  var x0 = margin, y0 = 8;
  var name = function (s) { return file(s[1]) + (n - s[0]); };
  var names = function (l) { return l.map(name).join(" "); };
  svg.setAttribute("viewBox", "0 0 " + width + " " + height);
  svg.setAttribute("width", String(Math.round(width * px / C)));
  svg.setAttribute("height", String(Math.round(height * px / C)));
  var parts = [];
  if (qs.length) { parts.push("queens on " + names(qs)); }
  if (ks.length) { parts.push("knights on " + names(ks)); }
  if (!parts.length) { parts.push("no pieces"); }
  if (fs.length) { parts.push("at fault: " + names(fs)); }
  o.push("<title>" + n + "\u00d7" + n + " board: " + parts.join("; ") + "</title>");
  o.push('<rect x="' + x0 + '" y="' + y0 + '" width="' + side + '" height="' + side + '" fill="#f0d9b5"/>');
  var dark = "", reserved = "", cross = "";
  for (var r = 0; r < n; r++) {
    for (var c = 0; c < n; c++) {
      var x = x0 + c * C, y = y0 + r * C, i = r * n + c;
      if ((r + c) % 2 === 1) { dark += "M" + x + " " + y + "h40v40h-40Z"; }
      if ((parseInt(res.charAt(i >> 2) || "0", 16) >> (3 - (i & 3))) & 1) {
        reserved += "M" + x + " " + y + "h40v40h-40Z";
        cross += "M" + (x + 8) + " " + (y + 8) + "l24 24M" + (x + 32) + " " + (y + 8) + "l-24 24";
      }
    }
  }
  o.push('<path fill="#b58863" d="' + dark + '"/>');
  if (reserved) {
    o.push('<path fill="#7d8796" d="' + reserved + '"/>');
    o.push('<path fill="none" stroke="#ffffff" stroke-width="3" stroke-linecap="round" d="' + cross + '"/>');
  }
  o.push('<rect x="' + (x0 - 1) + '" y="' + (y0 - 1) + '" width="' + (side + 2) + '" height="' + (side + 2) + '" fill="none" stroke="#333333" stroke-width="2"/>');
  o.push('<g fill="#333333" font-size="' + font + '" text-anchor="middle"' + FONTS + ">");
  for (var k = 0; k < n; k += step) {
    o.push('<text x="' + (x0 + k * C + C / 2) + '" y="' + (y0 + side + font + 4) + '">' + file(k) + "</text>");
  }
  for (k = 0; k < n; k += step) {
    o.push('<text x="' + Math.floor(margin / 2) + '" y="' + (y0 + (n - 1 - k) * C + C / 2 + Math.floor(font * 7 / 20)) + '">' + (k + 1) + "</text>");
  }
  o.push("</g>");
  if (fs.length === 2) {
    o.push('<line x1="' + (x0 + fs[0][1] * C + 20) + '" y1="' + (y0 + fs[0][0] * C + 20) + '" x2="' + (x0 + fs[1][1] * C + 20) + '" y2="' + (y0 + fs[1][0] * C + 20) +
      '" stroke="#e00000" stroke-width="4" stroke-dasharray="8 6" stroke-linecap="round" opacity="0.85"/>');
  }
  var piece = function (s, shape, knight) {
    o.push('<g transform="translate(' + (x0 + s[1] * C + 5) + " " + (y0 + s[0] * C + 5) + ') scale(0.3)"><path d="' + shape +
      '" fill="#141414" stroke="#ffffff" stroke-width="4" stroke-linejoin="round"/>' + (knight ? '<path d="' + EYE + '" fill="#ffffff"/>' : "") + "</g>");
  };
  qs.forEach(function (s) { piece(s, Q, false); });
  ks.forEach(function (s) { piece(s, K, true); });
  fs.forEach(function (s) {
    o.push('<rect x="' + (x0 + s[1] * C + 2) + '.5" y="' + (y0 + s[0] * C + 2) + '.5" width="35" height="35" fill="none" stroke="#e00000" stroke-width="4"/>');
  });
  svg.innerHTML = o.join("");
}
function open(e) {
  var t = e.target;
  if (!t.open || !t.querySelectorAll) { return; }
  t.querySelectorAll("svg[data-n]").forEach(function (svg) {
    if (!svg.firstChild) { draw(svg); }
  });
}
document.addEventListener("toggle", open, true);
document.querySelectorAll("details[open] svg[data-n]").forEach(function (svg) {
  if (!svg.firstChild) { draw(svg); }
});
})();
`
