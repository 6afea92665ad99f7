package app

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/queensjudge/queensjudge/internal/guard"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/picture"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/truth"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// MaxBoardsDrawn is how many placements of a solutions answer show draws.
const MaxBoardsDrawn = 8

// ShowRequest asks for cached answers by problem id.
type ShowRequest struct {
	Cache  string
	IDs    []string
	Set    string         // only the problems of this set; "" for every set
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
func Show(ctx context.Context, con Console, req ShowRequest) (ShowResult, error) {
	g, cachePath, err := begin(req.Cache)
	if err != nil {
		return ShowResult{}, err
	}
	svg := req.SVG
	if svg != "" {
		if svg, err = g.NewFile("--svg", svg, "--replace", req.Replace); err != nil {
			return ShowResult{}, err
		}
	}
	cache, err := openCache(ctx, "show", cachePath, readOnly)
	if err != nil {
		return ShowResult{}, err
	}
	defer cache.Close()
	runs, err := cache.Runs(ctx)
	if err != nil {
		return ShowResult{}, err
	}
	ended, err := cache.EndedRuns(ctx)
	if err != nil {
		return ShowResult{}, err
	}
	var res ShowResult
	var drawn []store.Entry
	failed := false
	for _, id := range req.IDs {
		entries, err := cache.Lookup(ctx, req.Set, id)
		if err != nil {
			return ShowResult{}, err
		}
		if len(entries) == 0 {
			// A problem solved for the first time is linked to its set
			// once its count ends or stops: while it runs, the run says
			// what it counts.
			found := false
			for _, r := range runs {
				if !runFor(r, req.Set, id) {
					continue
				}
				found = true
				in := ""
				if r.Set != "" {
					in = fmt.Sprintf(" of set %q", r.Set)
				}
				note, err := runningNote(ctx, cache, r)
				if err != nil {
					return ShowResult{}, err
				}
				con.errorf("show: problem %q%s has no answer yet: %s", r.ID, in, note)
			}
			if !found {
				// Killed before it was linked: its record names it.
				for _, r := range ended {
					if r.ShardK > 0 || r.Set == "" || !runFor(r, req.Set, id) {
						continue
					}
					pr, err := cache.Progress(ctx, r.Key)
					if err != nil {
						return ShowResult{}, err
					}
					if len(pr.Parts) > 0 {
						continue
					}
					found = true
					con.errorf("show: problem %q of set %q %s", r.ID, r.Set, keptNote(pr.Counted, pr.Total, &r))
				}
			}
			if !found {
				in := ""
				if req.Set != "" {
					in = fmt.Sprintf(" in set %q", req.Set)
				}
				con.errorf("show: problem %q%s has never been solved", id, in)
			}
			failed = true
		}
		for _, e := range entries {
			if !e.OK {
				why, err := noAnswer(ctx, cache, e, runs, ended)
				if err != nil {
					return ShowResult{}, err
				}
				con.errorf("show: problem %q of set %q %s", id, e.Set, why)
				failed = true
				continue
			}
			row := rowOf(ctx, cache, e.Set, e.ID, e.Result, true)
			testOfRef(&row, e.Result.Definition)
			res.Rows = append(res.Rows, row)
			drawn = append(drawn, e)
		}
	}
	if svg != "" {
		if err := writeSVG(ctx, g, con.Stdout, svg, cache, drawn); err != nil {
			con.errorf("show: %v", err)
			failed = true
		}
		if svg == "-" {
			return res, status.FailedIf(failed)
		}
	}
	if err := output.Write(con.Stdout, con.Format, output.Rows{Rows: res.Rows}); err != nil {
		return res, err
	}
	if req.Board && con.Format == output.Table {
		for _, e := range drawn {
			if err := drawAnswer(ctx, con.Stdout, cache, e, req.Glyphs); err != nil {
				con.errorf("show: %s: %v", e.ID, err)
				failed = true
			}
		}
	}
	return res, status.FailedIf(failed)
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

// drawAnswer draws the placement, or the first placements, of e's answer.
func drawAnswer(ctx context.Context, w io.Writer, cache *truth.Cache, e store.Entry, g picture.Glyphs) error {
	r := e.Result
	if r.Ask != solver.AskPlacement && r.Ask != solver.AskSolutions {
		return nil
	}
	p, err := problems.ParseCanonical(r.Definition)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%s (%s):\n", e.ID, e.Set)
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
