package store

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sort"

	"github.com/queensjudge/queensjudge/solver"
)

// Part is what one solve --shard run recorded for one long count: which
// slice of its subproblems it counted. The counts themselves are recorded
// with SaveSubproblems.
type Part struct {
	Key        Key
	Definition string // canonical definition text
	Kind       solver.Kind
	Ask        solver.Ask
	N          int
	ShardI     int  // the slice, 0-based,
	ShardK     int  // of this many
	Total      int  // subproblems in the whole plan
	Done       bool // every subproblem of the slice is counted
}

// PutPart records p, replacing what was recorded for the same key and
// slice. Safe for concurrent use.
func (db *DB) PutPart(ctx context.Context, p Part) error {
	_, err := db.w.ExecContext(ctx, `INSERT INTO parts
		(def_hash, solver_version, definition, kind, ask, n, shard_i, shard_k, total, done)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (def_hash, solver_version, shard_i, shard_k) DO UPDATE SET
			definition = excluded.definition, kind = excluded.kind, ask = excluded.ask,
			n = excluded.n, total = excluded.total, done = excluded.done`,
		p.Key.DefHash, p.Key.SolverVersion, p.Definition, string(p.Kind), string(p.Ask), p.N,
		p.ShardI, p.ShardK, p.Total, p.Done)
	if err != nil {
		return fmt.Errorf("put part %s %d/%d: %w", p.Key, p.ShardI, p.ShardK, err)
	}
	return nil
}

// Parts returns every part recorded in the file, by definition hash, solver
// version and slice. Safe for concurrent use.
func (db *DB) Parts(ctx context.Context) ([]Part, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT def_hash, solver_version, definition, kind, ask, n,
			shard_i, shard_k, total, done
		FROM parts ORDER BY def_hash, solver_version, shard_k, shard_i`)
	if err != nil {
		return nil, fmt.Errorf("read parts: %w", err)
	}
	defer rows.Close()
	var parts []Part
	for rows.Next() {
		var p Part
		var kind, ask string
		err := rows.Scan(&p.Key.DefHash, &p.Key.SolverVersion, &p.Definition, &kind, &ask, &p.N,
			&p.ShardI, &p.ShardK, &p.Total, &p.Done)
		if err != nil {
			return nil, fmt.Errorf("read parts: %w", err)
		}
		p.Kind, p.Ask = solver.Kind(kind), solver.Ask(ask)
		parts = append(parts, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read parts: %w", err)
	}
	return parts, nil
}

// Merged is one long count put together from its parts.
type Merged struct {
	Part        Part   // the first part (ShardI 0); Done, Total and the definition hold for all
	Sum         uint64 // the sum of the counts of all its subproblems
	Subproblems int    // how many were added up: Part.Total
}

// Merge reads the parts and subproblem counts of the cache files at paths,
// written by solve --shard runs, checks that they make whole counts, and
// records the union of their counts and parts in db. For each count it
// returns the sum, from which the caller makes the answer.
//
// It refuses, naming the files, a count whose parts disagree on the number
// of slices or of subproblems, a slice that is missing, unfinished or given
// twice, and a subproblem that two files counted differently. Parts of
// different solver versions are different keys and are never added up. On
// a refusal db is left unchanged.
func (db *DB) Merge(ctx context.Context, paths []string) ([]Merged, error) {
	type source struct {
		part Part
		path string
	}
	byKey := map[Key][]source{}
	counts := map[Key]map[int]uint64{}
	from := map[Key]map[int]string{} // which file gave each count
	for _, path := range paths {
		part, err := Open(ctx, path)
		if err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
		parts, err := part.Parts(ctx)
		for _, p := range parts {
			if err != nil {
				break
			}
			byKey[p.Key] = append(byKey[p.Key], source{p, path})
			var got map[int]uint64
			if _, got, err = part.Subproblems(ctx, p.Key); err != nil {
				break
			}
			if counts[p.Key] == nil {
				counts[p.Key], from[p.Key] = map[int]uint64{}, map[int]string{}
			}
			for i, c := range got {
				if had, ok := counts[p.Key][i]; ok && had != c {
					err = fmt.Errorf("%s: subproblem %d counted %d in %s and %d in %s", p.Key, i, had, from[p.Key][i], c, path)
					break
				}
				counts[p.Key][i], from[p.Key][i] = c, path
			}
		}
		if cerr := part.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
	}
	if len(byKey) == 0 {
		return nil, errors.New("merge: the files hold no parts of solve --shard runs")
	}

	keys := make([]Key, 0, len(byKey))
	for k := range byKey {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool {
		return keys[a].DefHash+keys[a].SolverVersion < keys[b].DefHash+keys[b].SolverVersion
	})
	var merged []Merged
	var errs []error
	for _, key := range keys {
		srcs := byKey[key]
		first := srcs[0].part
		seen := map[int]string{}
		for _, s := range srcs {
			p := s.part
			switch {
			case p.ShardK != first.ShardK:
				errs = append(errs, fmt.Errorf("%s: %s is cut in %d slices, %s in %d", key, srcs[0].path, first.ShardK, s.path, p.ShardK))
			case p.Total != first.Total:
				errs = append(errs, fmt.Errorf("%s: %s has %d subproblems, %s has %d", key, srcs[0].path, first.Total, s.path, p.Total))
			case !p.Done:
				errs = append(errs, fmt.Errorf("%s: slice %d/%d in %s is not finished", key, p.ShardI, p.ShardK, s.path))
			case seen[p.ShardI] != "":
				errs = append(errs, fmt.Errorf("%s: slice %d/%d given twice (%s and %s)", key, p.ShardI, p.ShardK, seen[p.ShardI], s.path))
			}
			if seen[p.ShardI] == "" {
				seen[p.ShardI] = s.path
			}
		}
		for i := 0; i < first.ShardK; i++ {
			if seen[i] == "" {
				errs = append(errs, fmt.Errorf("%s: slice %d/%d is missing", key, i, first.ShardK))
			}
		}
		if len(counts[key]) != first.Total {
			errs = append(errs, fmt.Errorf("%s: %d of %d subproblems counted", key, len(counts[key]), first.Total))
		}
		var sum uint64
		for _, c := range counts[key] {
			var carry uint64
			if sum, carry = bits.Add64(sum, c, 0); carry != 0 {
				errs = append(errs, fmt.Errorf("%s: the count overflows 64 bits", key))
				break
			}
		}
		for _, s := range srcs {
			if s.part.ShardI == 0 {
				first = s.part
			}
		}
		merged = append(merged, Merged{Part: first, Sum: sum, Subproblems: len(counts[key])})
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	for _, m := range merged {
		if err := db.SaveSubproblems(ctx, m.Part.Key, m.Part.Total, counts[m.Part.Key]); err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
		for _, s := range byKey[m.Part.Key] {
			if err := db.PutPart(ctx, s.part); err != nil {
				return nil, fmt.Errorf("merge: %w", err)
			}
		}
	}
	return merged, nil
}
