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
// whole count as the answer to its problem, as a run that counted it in one
// piece would have. An outcome has no Set: the parts keep definitions, not
// problem sets. err is for a refusal of the whole merge; a count that could
// not be finished has its Err set and the others are stored.
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
		if err != nil {
			o.Err = fmt.Errorf("merge %s: %w", m.Part.Key, err)
		}
		outs = append(outs, o)
	}
	return outs, nil
}
