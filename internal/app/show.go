package app

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/queensjudge/queensjudge/internal/guard"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/picture"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/text"
	"github.com/queensjudge/queensjudge/internal/truth"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// MaxBoardsDrawn is how many placements of a solutions answer show draws.
const MaxBoardsDrawn = 8

// ShowRequest asks for cached answers by problem id.
type ShowRequest struct {
	Cache string
	IDs   []string
	// Set is the set whose problems are shown: its name, or the path of
	// its file (see SetFile), "" for every set.
	Set    string
	Board  bool           // draw the placements after the table
	Glyphs picture.Glyphs // how boards are drawn
	SVG    string         // write an SVG picture of the first placement here ("-": stdout, instead of the rows)
	// Replace lets the picture write over a file that exists; without it,
	// such a file is refused before any work.
	Replace bool
}

// ShowResult is a row per answer shown.
type ShowResult struct {
	Rows []output.Row
}

// Show prints the cached answers of the problems with the given ids, from
// the cache alone. An id that was never solved is a failure, printed.
//
// When req.Set names a problem-set file (see SetFile), the set is read: its
// name is the set's, an id that is not in it is named with the set's ids,
// and a problem's tests are listed in the set's order. The cache links a
// test by its name alone and keeps no order of the set's, so with a set's
// name, or none, they come in the cache's order (by name, numbers by value).
func Show(ctx context.Context, con Console, req ShowRequest) (ShowResult, error) {
	setName, setPath := req.Set, ""
	if SetFile(req.Set) {
		setPath = req.Set
	}
	var inputs []string
	if setPath != "" {
		inputs = append(inputs, setPath)
	}
	g, cachePath, err := begin(req.Cache, inputs...)
	if err != nil {
		return ShowResult{}, err
	}
	svg := req.SVG
	if svg != "" {
		if svg, err = g.NewFile("--svg", svg, "--replace", req.Replace); err != nil {
			return ShowResult{}, err
		}
	}
	var file *problems.Set
	if setPath != "" {
		if file, err = loadSet(ctx, con, setPath); err != nil {
			return ShowResult{}, err
		}
		setName = file.Name
	}
	cache, err := openCache(ctx, "show", cachePath, readOnly)
	if err != nil {
		return ShowResult{}, err
	}
	defer cache.Close()
	s, err := newShowing(ctx, cache, file, setName)
	if err != nil {
		return ShowResult{}, err
	}
	for _, id := range req.IDs {
		if err := s.lookUp(ctx, con, id); err != nil {
			return ShowResult{}, err
		}
	}
	return ShowResult{Rows: s.rows}, s.print(ctx, con, g, svg, req)
}

// showing is a show under way: where it looks (the cache; the set's file,
// when one is named; the set's name, "" for every set), the runs the cache
// records, for what it says of a problem without an answer, and what it
// has found so far.
type showing struct {
	cache       *truth.Cache
	file        *problems.Set
	setName     string
	runs, ended []store.Run
	// rows are the answers found, drawn their entries; failed is true once
	// an id has no answer to show (said on stderr).
	rows   []output.Row
	drawn  []store.Entry
	failed bool
}

// newShowing starts a show of the problems of set setName (file its file,
// or nil) from cache.
func newShowing(ctx context.Context, cache *truth.Cache, file *problems.Set, setName string) (*showing, error) {
	runs, err := cache.Runs(ctx)
	if err != nil {
		return nil, err
	}
	ended, err := cache.EndedRuns(ctx)
	if err != nil {
		return nil, err
	}
	return &showing{cache: cache, file: file, setName: setName, runs: runs, ended: ended}, nil
}

// lookUp finds the answers to problem id (or to its tests), in the set's
// order when its file is read, and says on stderr why one cannot be
// shown. The error is the cache's.
func (s *showing) lookUp(ctx context.Context, con Console, id string) error {
	if s.file != nil && !inSet(s.file, id) {
		con.errorf("show: set %q (%s) has no problem %q%s", s.file.Name, s.file.File, id, didYouMean(id, setRefs(s.file, id)))
		s.failed = true
		return nil
	}
	entries, err := s.cache.Lookup(ctx, s.setName, id)
	if err != nil {
		return err
	}
	if s.file != nil {
		inSetOrder(s.file, entries)
	}
	if len(entries) == 0 {
		if err := s.sayUnanswered(ctx, con, id); err != nil {
			return err
		}
		s.failed = true
	}
	for _, e := range entries {
		if err := s.add(ctx, con, id, e); err != nil {
			return err
		}
	}
	return nil
}

// sayUnanswered says why id, which the cache links to no answer of the
// set, has none: a run counts it, a run was killed before it was linked,
// it was never solved, or (with no set's file) the cache knows no such
// problem.
func (s *showing) sayUnanswered(ctx context.Context, con Console, id string) error {
	found, err := s.sayRunning(ctx, con, id)
	if err != nil || found {
		return err
	}
	if found, err = s.sayKilled(ctx, con, id); err != nil || found {
		return err
	}
	if s.file != nil {
		con.errorf("show: problem %q of set %q has never been solved: solve %s", id, s.file.Name, s.file.File)
		return nil
	}
	msg, err := notInCache(ctx, s.cache, s.setName, id)
	if err != nil {
		return err
	}
	con.errorf("show: %s", msg)
	return nil
}

// sayRunning says what each live run counting id has done, and reports
// whether there is one. A problem solved for the first time is linked to
// its set once its count ends or stops: while it runs, the run says what
// it counts.
func (s *showing) sayRunning(ctx context.Context, con Console, id string) (found bool, err error) {
	for _, r := range s.runs {
		if !runFor(r, s.setName, id) {
			continue
		}
		found = true
		in := ""
		if r.Set != "" {
			in = fmt.Sprintf(" of set %q", r.Set)
		}
		note, err := runningNote(ctx, s.cache, r)
		if err != nil {
			return found, err
		}
		con.errorf("show: problem %q%s has no answer yet: %s", r.ID, in, note)
	}
	return found, nil
}

// sayKilled says what each run of id that was killed before it was linked
// kept (its record names it), and reports whether there is one.
func (s *showing) sayKilled(ctx context.Context, con Console, id string) (found bool, err error) {
	for _, r := range s.ended {
		if r.ShardK > 0 || r.Set == "" || !runFor(r, s.setName, id) {
			continue
		}
		pr, err := s.cache.Progress(ctx, r.Key)
		if err != nil {
			return found, err
		}
		if len(pr.Parts) > 0 {
			continue
		}
		found = true
		con.errorf("show: problem %q of set %q %s", r.ID, r.Set, keptNote(pr.Counted, pr.Total, &r))
	}
	return found, nil
}

// add shows e, an entry found for id: its row, and its board to draw; or
// says on stderr why it has no answer to show.
func (s *showing) add(ctx context.Context, con Console, id string, e store.Entry) error {
	if s.file != nil && !sameDefinition(s.file, e) {
		// The cache's answer is to another question than the file's.
		con.errorf("show: problem %q of set %q was solved as another definition than %s gives: solve %s", e.ID, e.Set, s.file.File, s.file.File)
		s.failed = true
		return nil
	}
	if !e.OK {
		why, err := noAnswer(ctx, s.cache, e, s.runs, s.ended)
		if err != nil {
			return err
		}
		con.errorf("show: problem %q of set %q %s", id, e.Set, why)
		s.failed = true
		return nil
	}
	row := rowOf(ctx, s.cache, e.Set, e.ID, e.Result, true)
	testOfRef(&row, e.Result.Definition)
	s.rows = append(s.rows, row)
	s.drawn = append(s.drawn, e)
	return nil
}

// print writes what was found: the SVG picture svg asks for (on stdout
// alone, for "-"), the rows, and the boards when req asks for them in a
// table. The error is the output's, or a failure when something could
// not be shown.
func (s *showing) print(ctx context.Context, con Console, g *guard.Guard, svg string, req ShowRequest) error {
	if svg != "" {
		if err := writeSVG(ctx, g, con.Stdout, svg, s.cache, s.drawn); err != nil {
			con.errorf("show: %v", err)
			s.failed = true
		}
		if svg == "-" {
			return status.FailedIf(s.failed)
		}
	}
	if err := output.Write(con.Stdout, con.Format, output.Rows{Rows: s.rows}); err != nil {
		return err
	}
	if req.Board && con.Format == output.Table {
		for _, e := range s.drawn {
			if err := drawAnswer(ctx, con.Stdout, s.cache, e, req.Glyphs); err != nil {
				con.errorf("show: %s: %v", e.ID, err)
				s.failed = true
			}
		}
	}
	return status.FailedIf(s.failed)
}

// runFor reports whether r counts problem id (or a test of it, for an id
// with none named) of set, or of any set when set is "".
func runFor(r store.Run, set, id string) bool {
	if set != "" && r.Set != set {
		return false
	}
	return r.ID == id || !strings.Contains(id, "/") && strings.HasPrefix(r.ID, id+"/")
}

// runningNote says that r is counting, how far it has got, and what to do.
func runningNote(ctx context.Context, cache *truth.Cache, r store.Run) (string, error) {
	pr, err := cache.Progress(ctx, r.Key)
	if err != nil {
		return "", err
	}
	note := r.String()
	switch {
	case r.ShardK > 0 && pr.Counted > 0:
		note += fmt.Sprintf(", %d subproblems of it counted here so far", pr.Counted)
	case pr.Total > 0:
		note += fmt.Sprintf(", %d of its %d subproblems counted so far", pr.Counted, pr.Total)
	}
	return note + "; show it again once that run ends", nil
}

// noAnswer says why the cache holds no answer to the problem of e, and
// what to do: a count that one of runs is making, a slice of its count
// from solve --shard (which solve would not add to: merge adds up the
// slices), a count that was stopped, or killed (its record among ended),
// and keeps what it counted, or none of it at all.
func noAnswer(ctx context.Context, cache *truth.Cache, e store.Entry, runs, ended []store.Run) (string, error) {
	key := store.CacheKey{DefHash: e.DefHash, SolverVersion: solver.Version}
	for _, r := range runs {
		if r.Key == key {
			note, err := runningNote(ctx, cache, r)
			return "has no answer yet: " + note, err
		}
	}
	pr, err := cache.Progress(ctx, key)
	if err != nil {
		return "", err
	}
	if len(pr.Parts) > 0 {
		var held []string
		var unfinished []store.Part
		for k, p := range pr.Parts {
			lo, hi := p.Bounds()
			held = append(held, fmt.Sprintf("slice %d/%d, %d of its %d subproblems counted", p.ShardI, p.ShardK, pr.PartCounted[k], hi-lo))
			if !p.Done {
				unfinished = append(unfinished, p)
			}
		}
		msg := fmt.Sprintf("has no answer here: this cache holds a part of its count (solve --shard): %s (%d of all %d)",
			strings.Join(held, "; "), pr.Counted, pr.Total)
		if len(unfinished) > 0 {
			p := unfinished[0]
			return msg + fmt.Sprintf("; run solve --shard %d/%d again to finish the slice, then merge the parts into another cache", p.ShardI, p.ShardK), nil
		}
		return msg + "; merge the parts into another cache for its answer (queensjudge merge OUT.db PART.db...)", nil
	}
	if pr.Total > 0 {
		var killed *store.Run
		for k, r := range ended {
			if r.Key == key && r.ShardK == 0 {
				killed = &ended[k]
				break
			}
		}
		return keptNote(pr.Counted, pr.Total, killed), nil
	}
	return "has no answer from this solver version; run solve again", nil
}

// keptNote says of a count with no answer how much of it is kept and how
// to go on: counted of total subproblems, by a run that was stopped
// (Ctrl-C, SIGTERM, --timeout, --budget), or by killed, whose record was
// left behind when it ended (kill -9, a power cut), nil when unknown. show
// and doctor say it in these words, after the problem's name.
func keptNote(counted, total int, killed *store.Run) string {
	if killed != nil && counted == 0 {
		return fmt.Sprintf("has no answer: its count was killed before it kept any subproblem (process %d on %s, since %s UTC); solve the set again",
			killed.PID, killed.Host, killed.Started.UTC().Format(time.DateTime))
	}
	msg := fmt.Sprintf("has no answer yet: %d of %d subproblems counted and kept", counted, total)
	if killed != nil {
		return msg + fmt.Sprintf(" (a killed run: process %d on %s, since %s UTC); solve the set again to go on from them",
			killed.PID, killed.Host, killed.Started.UTC().Format(time.DateTime))
	}
	return msg + " (an interrupted run); solve the set again to go on from them (with a larger --budget if it stopped at its budget)"
}

// drawBoard draws pl for the terminal, or says why not and where to look
// instead when the board is too large to draw.
func drawBoard(w io.Writer, p solver.Problem, pl solver.Placement, g picture.Glyphs) error {
	if n := pl.N; n > picture.MaxText {
		_, err := fmt.Fprintf(w, "(a %d×%d board is too big to draw; --format json lists the placement)\n", n, n)
		return err
	}
	return picture.WriteText(w, p, pl, g)
}

// drawAnswer draws the placement, or the first placements, of e's answer,
// or for an answer that is a number the board it was asked of: a reserved
// board's squares, or a line that says there is none.
func drawAnswer(ctx context.Context, w io.Writer, cache *truth.Cache, e store.Entry, g picture.Glyphs) error {
	r := e.Result
	p, err := problems.ParseCanonical(r.Definition)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%s (%s):\n", e.ID, e.Set)
	if r.Ask != solver.AskPlacement && r.Ask != solver.AskSolutions {
		// A count, unique or max: the board it is asked of, if it has one.
		if p.Kind != solver.Reserved {
			_, err := fmt.Fprintf(w, "(no board to draw: %s is played on an empty %d×%d board)\n", p.Kind, r.N, r.N)
			return err
		}
		if r.N > picture.MaxText {
			_, err := fmt.Fprintf(w, "(a %d×%d board is too big to draw)\n", r.N, r.N)
			return err
		}
		return picture.WriteText(w, p, solver.Placement{N: r.N}, g)
	}
	if r.Ask == solver.AskPlacement {
		if r.N > picture.MaxText { // said without reading the placement
			return drawBoard(w, p, solver.Placement{N: r.N}, g)
		}
		pl, err := cache.Placement(ctx, r.Key)
		if err != nil {
			return err
		}
		if pl == nil {
			_, err := fmt.Fprintln(w, "no placement exists")
			return err
		}
		return drawBoard(w, p, *pl, g)
	}
	drawnCount := 0
	for pl, err := range cache.Solutions(ctx, r.Key) {
		if err != nil {
			return err
		}
		if drawnCount == MaxBoardsDrawn {
			_, err := fmt.Fprintf(w, "\n(%d more; --format json lists them all)\n", r.Answer.Count-MaxBoardsDrawn)
			return err
		}
		if drawnCount > 0 {
			fmt.Fprintln(w)
		}
		if err := drawBoard(w, p, pl, g); err != nil {
			return err
		}
		drawnCount++
	}
	return nil
}

// writeSVG writes a picture of the first placement among entries to path.
func writeSVG(ctx context.Context, g *guard.Guard, stdout io.Writer, path string, cache *truth.Cache, entries []store.Entry) error {
	for _, e := range entries {
		r := e.Result
		var pl *solver.Placement
		switch r.Ask {
		case solver.AskPlacement:
			var err error
			if pl, err = cache.Placement(ctx, r.Key); err != nil {
				return err
			}
		case solver.AskSolutions:
			for first, err := range cache.Solutions(ctx, r.Key) {
				if err != nil {
					return err
				}
				pl = &first
				break
			}
		}
		if pl == nil {
			continue
		}
		p, err := problems.ParseCanonical(r.Definition)
		if err != nil {
			return err
		}
		var b strings.Builder
		if err := picture.WriteFileSVG(&b, p, *pl, nil); err != nil {
			return err
		}
		return g.WriteFile(path, 0o644, stdout, func(w io.Writer) error {
			_, err := io.WriteString(w, b.String()+"\n")
			return err
		})
	}
	return fmt.Errorf("--svg: no placement among the answers shown")
}

// testOfRef splits the id of r, the row of a cache entry, into its problem
// id and test when it names a test (ID/TEST), and fills in the test's
// board from def, the canonical definition (see problems.Canonical). The
// test's group is the set's, which the cache does not hold.
func testOfRef(r *output.Row, def string) {
	id, test, ok := strings.Cut(r.ID, "/")
	if !ok {
		return
	}
	r.ID, r.Test = id, test
	for _, line := range strings.Split(def, "\n") {
		if b, ok := strings.CutPrefix(line, "board: "); ok {
			r.Board = strings.Split(b, "/")
		}
	}
}

// SetFile reports whether set, the value of show's --set, names a
// problem-set file rather than a set: a path (a set's name holds no '/'),
// or a name ending in .yaml or .yml that names a file (a set may be named
// so, and is when no such file exists).
func SetFile(set string) bool {
	if strings.ContainsRune(set, '/') || strings.ContainsRune(set, filepath.Separator) {
		return true
	}
	if ext := filepath.Ext(set); ext != ".yaml" && ext != ".yml" {
		return false
	}
	_, err := os.Stat(set)
	return err == nil
}

// inSet reports whether ref names a problem of s (ID), or a test of one
// (ID/TEST).
func inSet(s *problems.Set, ref string) bool {
	if !strings.Contains(ref, "/") {
		_, ok := s.Problem(ref)
		return ok
	}
	_, ok := s.Case(ref)
	return ok
}

// setRefs returns what a mistyped ref may have meant in s: its problems'
// ids, or for an ID/TEST its cases' refs.
func setRefs(s *problems.Set, ref string) []string {
	var refs []string
	if !strings.Contains(ref, "/") {
		for _, p := range s.Problems {
			refs = append(refs, p.ID)
		}
		return refs
	}
	for _, c := range s.Cases() {
		refs = append(refs, c.Ref())
	}
	return refs
}

// sameDefinition reports whether e, an entry of s's set in the cache, was
// linked with the definition s gives its problem, or s has no such problem
// (a test since removed: the cache's entry is all there is of it).
func sameDefinition(s *problems.Set, e store.Entry) bool {
	c, ok := s.Case(e.ID)
	return !ok || problems.Hash(c.Problem) == e.DefHash
}

// inSetOrder sorts entries, the cache's entries of one problem of s (or one
// test), in the order of s's cases; a test linked in the cache that s no
// longer has comes last, in the cache's order.
func inSetOrder(s *problems.Set, entries []store.Entry) {
	cases := s.Cases()
	order := make(map[string]int, len(cases))
	for i, c := range cases {
		order[c.Ref()] = i
	}
	at := func(ref string) int {
		if i, ok := order[ref]; ok {
			return i
		}
		return len(cases)
	}
	slices.SortStableFunc(entries, func(a, b store.Entry) int { return cmp.Compare(at(a.ID), at(b.ID)) })
}

// notInCache says of id, which the cache has not linked in set (any set
// when set is ""), what does not exist, with what it was probably meant to
// be: a set that has the id, or an id of the set, or of any set.
func notInCache(ctx context.Context, cache *truth.Cache, set, id string) (string, error) {
	// A test of a problem the cache has is named as a test of it.
	what, ofKnown := fmt.Sprintf("problem %q", id), false
	if pid, test, isTest := strings.Cut(id, "/"); isTest {
		tests, err := cache.Lookup(ctx, set, pid)
		if err != nil {
			return "", err
		}
		if ofKnown = len(tests) > 0; ofKnown {
			what = fmt.Sprintf("test %q of problem %q", test, pid)
		}
	}
	if set == "" {
		near, err := nearRefs(ctx, cache, "", id)
		if err != nil {
			return "", err
		}
		if hint := didYouMean(id, near); hint != "" {
			return fmt.Sprintf("the cache has no %s%s", what, hint), nil
		}
		if ofKnown {
			pid, _, _ := strings.Cut(id, "/")
			return fmt.Sprintf("the cache has no %s (show %s lists its tests)", what, pid), nil
		}
		// No id near it: most likely a problem of a set not solved here
		// yet, so that comes first (and the words that tests and scripts
		// of show's first message look for are kept).
		return fmt.Sprintf("problem %q has never been solved: the cache has no problem of that id; solve or key its set first", id), nil
	}
	msg := fmt.Sprintf("set %q has no %s in the cache", set, what)
	if ext := filepath.Ext(set); ext == ".yaml" || ext == ".yml" {
		// Meant as a file, most likely (see SetFile).
		msg = fmt.Sprintf("no file %s, and set %q has no %s in the cache", set, set, what)
	}
	elsewhere, err := cache.Lookup(ctx, "", id)
	if err != nil {
		return "", err
	}
	if len(elsewhere) > 0 {
		var sets []string
		for _, e := range elsewhere {
			if !slices.Contains(sets, e.Set) {
				sets = append(sets, e.Set)
			}
		}
		if s := closest(set, sets); s != "" {
			return msg + fmt.Sprintf(" (did you mean --set %s?)", s), nil
		}
		if len(sets) == 1 {
			return msg + fmt.Sprintf("; it is in set %q", sets[0]), nil
		}
		quoted := make([]string, len(sets))
		for i, s := range sets {
			quoted[i] = fmt.Sprintf("%q", s)
		}
		return msg + "; it is in sets " + strings.Join(quoted, ", "), nil
	}
	near, err := nearRefs(ctx, cache, set, id)
	if err != nil {
		return "", err
	}
	if hint := didYouMean(id, near); hint != "" {
		return msg + hint, nil
	}
	return msg + ": solve or key the set first", nil
}

// didYouMean returns " (did you mean "ref"?)" with the ref of known that
// ref was probably meant to be, or "".
func didYouMean(ref string, known []string) string {
	if k := closest(ref, known); k != "" {
		return fmt.Sprintf(" (did you mean %q?)", k)
	}
	return ""
}

// closest is text.Closest for ids and set names, which may hold capitals:
// they are compared in lower case and returned as written.
func closest(name string, known []string) string {
	lower := make([]string, len(known))
	for i, k := range known {
		lower[i] = strings.ToLower(k)
	}
	k := text.Closest(name, lower)
	if i := slices.Index(lower, k); k != "" && i >= 0 {
		return known[i]
	}
	return ""
}

// idAlphabet is what an id or a set name is written in (see problems).
const idAlphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-"

// nearRefs returns refs the cache links in set (any set when set is "")
// that ref may have been meant to be: for ID/TEST, the tests of ID when
// the cache has them; otherwise the problems (or tests) whose id is one
// edit (a letter left out, added, changed, or two swapped) from ref's.
//
// The cache can look a problem up by its id, and lists no ids (store has
// no such query, and show does not run SQL): so the ids one edit away are
// looked up, each, about 65 × 2 × len(id) lookups of an index, a few
// milliseconds, for an id that is not there. A problem two edits away is
// found only with --set FILE, from the set's ids.
func nearRefs(ctx context.Context, cache *truth.Cache, set, ref string) ([]string, error) {
	id, _, isTest := strings.Cut(ref, "/")
	var refs []string
	add := func(entries []store.Entry) {
		for _, e := range entries {
			r := e.ID
			if !isTest {
				r, _, _ = strings.Cut(r, "/")
			}
			if !slices.Contains(refs, r) {
				refs = append(refs, r)
			}
		}
	}
	if isTest {
		entries, err := cache.Lookup(ctx, set, id)
		if err != nil {
			return nil, err
		}
		if add(entries); len(refs) > 0 {
			return refs, nil
		}
	}
	if len(id) < 2 || len(id) > 64 {
		return nil, nil // no suggestion for these (see text.Closest)
	}
	for _, near := range oneEdit(id) {
		entries, err := cache.Lookup(ctx, set, near)
		if err != nil {
			return nil, err
		}
		add(entries)
	}
	return refs, nil
}

// oneEdit returns the strings of idAlphabet one edit from s: a letter left
// out, added or changed, or two neighbours swapped.
func oneEdit(s string) []string {
	seen := map[string]bool{s: true}
	var out []string
	try := func(t string) {
		if t != "" && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for i := 0; i <= len(s); i++ {
		if i < len(s) {
			try(s[:i] + s[i+1:])
			if i+1 < len(s) {
				try(s[:i] + string(s[i+1]) + string(s[i]) + s[i+2:])
			}
		}
		for _, c := range []byte(idAlphabet) {
			try(s[:i] + string(c) + s[i:])
			if i < len(s) {
				try(s[:i] + string(c) + s[i+1:])
			}
		}
	}
	return out
}
