package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/queensjudge/queensjudge/solver"
)

// Progress is how far the long count under a key has got in one cache file
// without an answer: the checkpoints an interrupted count resumes from, or
// the slices solve --shard runs counted into the file.
type Progress struct {
	Total   int    // subproblems in the plan; 0 when none is recorded
	Counted int    // of them counted and kept, each once
	Parts   []Part // the slices recorded in the file, by K and I; none for a count not cut in slices
	// PartCounted holds, for each of Parts, how many subproblems of its
	// slice are counted and kept.
	PartCounted []int
}

// Bounds returns the subproblems lo..hi-1 of the slice p, as the solver
// cuts a plan of p.Total subproblems in p.ShardK runs (solver.Shard): the
// I-th of K runs of consecutive subproblems, equal in number.
func (p Part) Bounds() (lo, hi int) {
	if p.ShardK <= 0 || p.ShardI < 0 || p.ShardI >= p.ShardK {
		return 0, 0
	}
	k, t := int64(p.ShardK), int64(p.Total)
	return int(int64(p.ShardI) * t / k), int(int64(p.ShardI+1) * t / k)
}

// Progress reports how far the count under key has got in this file. A key
// with no plan and no part gives a zero Progress and no error. The counts
// are read once, into a bit a subproblem (2.5 MB for the 20 million of
// N = 23), not kept. Safe for concurrent use.
func (db *DB) Progress(ctx context.Context, key CacheKey) (Progress, error) {
	pr, err := readProgress(ctx, db.r, key)
	if err != nil {
		return Progress{}, fmt.Errorf("read progress %s: %w", key, err)
	}
	return pr, nil
}

func readProgress(ctx context.Context, q *sql.DB, key CacheKey) (Progress, error) {
	var pr Progress
	tx, err := q.BeginTx(ctx, nil) // one snapshot: a writer may be finishing the count
	if err != nil {
		return pr, err
	}
	defer tx.Rollback()
	if pr.Parts, err = keyParts(ctx, tx, key); err != nil {
		return pr, err
	}
	err = tx.QueryRowContext(ctx, `SELECT total FROM plans WHERE def_hash = ? AND solver_version = ?`,
		key.DefHash, key.SolverVersion).Scan(&pr.Total)
	if err == sql.ErrNoRows {
		pr.PartCounted = make([]int, len(pr.Parts))
		return pr, nil
	}
	if err != nil {
		return pr, err
	}
	counted := make([]uint64, (pr.Total+63)/64)
	rows, err := tx.QueryContext(ctx, `SELECT counts FROM subproblem_batches WHERE def_hash = ? AND solver_version = ?`,
		key.DefHash, key.SolverVersion)
	if err != nil {
		return pr, err
	}
	defer rows.Close()
	for rows.Next() {
		var text string
		if err := rows.Scan(&text); err != nil {
			return pr, err
		}
		err := decodeBatch(text, func(i int, _ uint64) error {
			if i >= pr.Total {
				return fmt.Errorf("subproblem %d of a plan of %d", i, pr.Total)
			}
			if bit := uint64(1) << (i % 64); counted[i/64]&bit == 0 {
				counted[i/64] |= bit
				pr.Counted++
			}
			return nil
		})
		if err != nil {
			return pr, err
		}
	}
	if err := rows.Err(); err != nil {
		return pr, err
	}
	for _, p := range pr.Parts {
		lo, hi := p.Bounds()
		if p.Total != pr.Total {
			lo, hi = 0, 0 // a part of another plan: none of its slice is here
		}
		n := 0
		for i := lo; i < hi; i++ {
			if counted[i/64]&(1<<(i%64)) != 0 {
				n++
			}
		}
		pr.PartCounted = append(pr.PartCounted, n)
	}
	return pr, nil
}

// PartsOf returns the slices of the count under key that solve --shard
// runs recorded in this file, by K and I; none is no error. Safe for
// concurrent use.
func (db *DB) PartsOf(ctx context.Context, key CacheKey) ([]Part, error) {
	parts, err := keyParts(ctx, db.r, key)
	if err != nil {
		return nil, fmt.Errorf("read parts %s: %w", key, err)
	}
	return parts, nil
}

// rowsQuerier is a *sql.DB or a *sql.Tx.
type rowsQuerier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func keyParts(ctx context.Context, q rowsQuerier, key CacheKey) ([]Part, error) {
	rows, err := q.QueryContext(ctx, `SELECT definition, kind, ask, n, shard_i, shard_k, total, done
		FROM parts WHERE def_hash = ? AND solver_version = ? ORDER BY shard_k, shard_i`, key.DefHash, key.SolverVersion)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var parts []Part
	for rows.Next() {
		p := Part{Key: key}
		var kind, ask string
		if err := rows.Scan(&p.Definition, &kind, &ask, &p.N, &p.ShardI, &p.ShardK, &p.Total, &p.Done); err != nil {
			return nil, err
		}
		p.Kind, p.Ask = solver.Kind(kind), solver.Ask(ask)
		parts = append(parts, p)
	}
	return parts, rows.Err()
}
