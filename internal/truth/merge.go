package truth

import (
	"context"
	"fmt"
	"time"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// Merge adds up the slices that solve --shard runs counted into the cache
// files at parts (see store.DB.Merge for what it refuses) and stores each
// whole count as the answer to its problem, with the links the parts' runs
// made from their sets' problem ids to it, as a run that counted it in one
// piece would have: show finds it by id. There is an outcome for each
// problem so linked, whose Set has only its Name (the parts keep
// definitions and links, not problem sets) and whose Problem has its ID;
// a count that no part links has one outcome with no Set. err is for a
// refusal of the whole merge; a count that could not be finished has one
// outcome, with its Err set, and the others are stored.
func (s *Source) Merge(ctx context.Context, parts []string) (outs []Outcome, err error) {
	merged, err := s.db.Merge(ctx, parts)
	if err != nil {
		return nil, err
	}
	for _, m := range merged {
		o := Outcome{Key: m.Part.Key}
		p, err := problems.ParseCanonical(m.Part.Definition)
		if err == nil && m.Part.Key.SolverVersion != solver.Version {
			err = fmt.Errorf("parts are from solver version %s, this is %s", m.Part.Key.SolverVersion, solver.Version)
		}
		var ans solver.Answer
		if err == nil {
			ans, err = solver.FinishCount(ctx, p, m.Sum)
		}
		o.Problem.Problem = p
		o.Result = store.Result{
			Key: m.Part.Key, Definition: m.Part.Definition, Kind: p.Kind, Ask: p.Ask, N: p.N,
			Answer: ans, SolvedAt: time.Now().UTC(),
		}
		if err == nil {
			err = s.db.Put(ctx, o.Result, nil)
		}
		if err == nil {
			// After the answer: a link to a definition with no answer
			// would make show say "solve again".
			err = s.db.PutLinks(ctx, m.Links)
		}
		if err != nil {
			o.Err = fmt.Errorf("merge: %s: %w", m.Name(), err)
		}
		if o.Err != nil || len(m.Links) == 0 {
			outs = append(outs, o)
			continue
		}
		for _, l := range m.Links {
			lo := o
			lo.Set = &problems.Set{Name: l.Set}
			lo.Problem.ID = l.ID
			outs = append(outs, lo)
		}
	}
	return outs, nil
}
