package app

import (
	"iter"
	"time"

	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/store"
)

// judgedTeams holds what judge keeps of each team, as it is judged, until
// the judging ends and it is written out: the team's results (for the
// printed report and the outputs, read back a team at a time) and its
// judgements for the cache, each in a spool, not in memory. The
// submissions are tapped (see tapped): the judgements keep the bytes the
// judging read, and what was read of a team's files is let go once its
// judgements are made.
type judgedTeams struct {
	set     *problems.Set
	subs    []judge.Submission // tapped: what the judging reads
	took    []took
	path    func(file string) string
	now     time.Time
	spooled *spool[[]judge.Result]
	teams   map[string]int // a team's record in spooled
	keep    *spool[keptTeam]
	// With collect, every result and judgement is also held here.
	collect   bool
	collected []judge.Result
	kept      []store.Attempt
}

// newJudgedTeams makes the spools of the judging of subs to set; path
// gives a submission's absolute path.
func newJudgedTeams(set *problems.Set, subs []judge.Submission, path func(string) string, collect bool) (*judgedTeams, error) {
	h := &judgedTeams{set: set, path: path, now: time.Now().UTC(), teams: map[string]int{}, collect: collect}
	h.subs, h.took = tapped(subs)
	var err error
	if h.spooled, err = newSpool[[]judge.Result](); err != nil {
		return nil, err
	}
	if h.keep, err = newSpool[keptTeam](); err != nil {
		h.spooled.close()
		return nil, err
	}
	return h, nil
}

// close removes the spools.
func (h *judgedTeams) close() {
	h.spooled.close()
	h.keep.close()
}

// add holds rs, one team's results, and its judgements.
func (h *judgedTeams) add(rs []judge.Result) error {
	js, err := judgements(h.set, rs, h.now, h.keptFile)
	if err != nil {
		return err
	}
	for _, r := range rs {
		// What was read of it is in js now.
		h.took[r.Index] = took{}
	}
	if _, err := h.keep.add(keptOf(js)); err != nil {
		return err
	}
	k, err := h.spooled.add(rs)
	if err != nil {
		return err
	}
	h.teams[rs[0].Team] = k
	if h.collect {
		h.collected = append(h.collected, rs...)
		h.kept = append(h.kept, js...)
	}
	return nil
}

// results returns a team's results, as judge.Report.Held.
func (h *judgedTeams) results(team string) ([]judge.Result, error) {
	k, ok := h.teams[team]
	if !ok {
		return nil, nil
	}
	return h.spooled.get(k)
}

// judgements gives every judgement held, a team's at a time.
func (h *judgedTeams) judgements() iter.Seq2[store.Attempt, error] {
	return func(yield func(store.Attempt, error) bool) {
		for k := range h.keep.len() {
			kt, err := h.keep.get(k)
			if err != nil {
				yield(store.Attempt{}, err)
				return
			}
			for _, j := range kt.judgements() {
				if !yield(j, nil) {
					return
				}
			}
		}
	}
}

// keptFile is what the cache keeps of submission i's file that row judged
// (one of its folder's, for a test).
func (h *judgedTeams) keptFile(i int, row judge.Result) keptFile {
	s, root := h.subs[i], h.path("")
	switch {
	case !s.Dir && row.Test != "":
		// A file for a problem with tests: JE, no test read.
		return keptFile{path: h.path(s.File), root: root}
	case !s.Dir:
		return keptFile{path: h.path(s.File), root: root, taken: h.took[i].file.or(s.Open)}
	}
	parts := s.Parts
	if s.List != nil {
		parts = h.took[i].listed
	}
	for k, pt := range parts {
		if pt.File == row.File {
			return keptFile{path: h.path(pt.File), root: root, taken: h.took[i].parts[k].or(pt.Open)}
		}
	}
	return keptFile{path: h.path(row.File), root: root} // no file for the test: nothing read
}

// keptTeam is a team's judgements as the spool holds them. gob writes an
// empty slice as it writes nil, and an empty answer kept is not the same
// as no answer kept (too large: regrade reads the file again): Kept says
// which answers were kept.
type keptTeam struct {
	Judgements []store.Attempt
	Kept       []bool
}

func keptOf(js []store.Attempt) keptTeam {
	kt := keptTeam{Judgements: js}
	for _, j := range js {
		kt.Kept = append(kt.Kept, j.Answer != nil)
	}
	return kt
}

// judgements returns the judgements with the empty answers kept.
func (kt keptTeam) judgements() []store.Attempt {
	for i := range kt.Judgements {
		if i < len(kt.Kept) && kt.Kept[i] && kt.Judgements[i].Answer == nil {
			kt.Judgements[i].Answer = []byte{}
		}
	}
	return kt.Judgements
}
