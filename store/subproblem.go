package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
)

// SaveSubproblems records the counts of finished subproblems of the long
// count under key, whose plan has total subproblems numbered 0..total-1, in
// one transaction: a checkpoint that a later run resumes from. Recording a
// count again is a no-op; a subproblem already recorded with another count,
// or a plan of another size, is an error and nothing of counts is kept:
// counts are never silently replaced. Put removes the checkpoints of the key
// it stores a result for. Safe for concurrent use.
func (db *DB) SaveSubproblems(ctx context.Context, key CacheKey, total int, counts map[int]uint64) error {
	if err := db.saveSubproblems(ctx, key, total, counts); err != nil {
		return fmt.Errorf("save subproblems %s: %w", key, err)
	}
	return nil
}

func (db *DB) saveSubproblems(ctx context.Context, key CacheKey, total int, counts map[int]uint64) error {
	switch {
	case key.DefHash == "" || key.SolverVersion == "":
		return errors.New("incomplete key")
	case total < 0:
		return fmt.Errorf("plan of %d subproblems", total)
	}
	for i := range counts {
		if i < 0 || i >= total {
			return fmt.Errorf("subproblem %d of a plan of %d", i, total)
		}
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := savePlan(ctx, tx, key, total); err != nil {
		return err
	}
	if err := saveCounts(ctx, tx, key, counts); err != nil {
		return err
	}
	return tx.Commit()
}

// savePlan records that key's count has total subproblems.
func savePlan(ctx context.Context, tx *sql.Tx, key CacheKey, total int) error {
	var had int
	err := tx.QueryRowContext(ctx, `SELECT total FROM plans WHERE def_hash = ? AND solver_version = ?`,
		key.DefHash, key.SolverVersion).Scan(&had)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		_, err = tx.ExecContext(ctx, `INSERT INTO plans (def_hash, solver_version, total) VALUES (?, ?, ?)`,
			key.DefHash, key.SolverVersion, total)
		return err
	case err != nil:
		return err
	case had != total:
		return fmt.Errorf("plan of %d subproblems, %d recorded before", total, had)
	}
	return nil
}

// saveCounts records subproblem counts, refusing one that differs from
// what is recorded.
func saveCounts(ctx context.Context, tx *sql.Tx, key CacheKey, counts map[int]uint64) error {
	insert, err := tx.PrepareContext(ctx, `INSERT INTO subproblems (def_hash, solver_version, i, count)
		VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`)
	if err != nil {
		return err
	}
	defer insert.Close()
	for i, c := range counts {
		text := strconv.FormatUint(c, 10)
		res, err := insert.ExecContext(ctx, key.DefHash, key.SolverVersion, i, text)
		if err != nil {
			return fmt.Errorf("subproblem %d: %w", i, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			continue
		}
		var had string
		err = tx.QueryRowContext(ctx, `SELECT count FROM subproblems
			WHERE def_hash = ? AND solver_version = ? AND i = ?`, key.DefHash, key.SolverVersion, i).Scan(&had)
		if err != nil {
			return fmt.Errorf("subproblem %d: %w", i, err)
		}
		if had != text {
			return fmt.Errorf("subproblem %d counted %s, recorded before as %s", i, text, had)
		}
	}
	return nil
}

// Subproblems returns the plan size and the recorded counts of the long
// count under key, read in one snapshot. With none recorded, total is 0 and
// the map empty; that is not an error. Safe for concurrent use.
func (db *DB) Subproblems(ctx context.Context, key CacheKey) (total int, counts map[int]uint64, err error) {
	total, counts, err = readSubproblems(ctx, db.r, key)
	if err != nil {
		return 0, nil, fmt.Errorf("read subproblems %s: %w", key, err)
	}
	return total, counts, nil
}

// readSubproblems reads the plan and the counts of key in one statement, so
// that a writer finishing the count between them cannot be half seen.
func readSubproblems(ctx context.Context, q *sql.DB, key CacheKey) (total int, counts map[int]uint64, err error) {
	rows, err := q.QueryContext(ctx, `SELECT total, NULL, NULL FROM plans
			WHERE def_hash = ?1 AND solver_version = ?2
		UNION ALL
		SELECT NULL, i, count FROM subproblems
			WHERE def_hash = ?1 AND solver_version = ?2`, key.DefHash, key.SolverVersion)
	if err != nil {
		return 0, nil, err
	}
	defer rows.Close()
	counts = map[int]uint64{}
	for rows.Next() {
		var (
			plan, i sql.NullInt64
			text    sql.NullString
		)
		if err := rows.Scan(&plan, &i, &text); err != nil {
			return 0, nil, err
		}
		if plan.Valid {
			total = int(plan.Int64)
			continue
		}
		c, err := strconv.ParseUint(text.String, 10, 64)
		if err != nil {
			return 0, nil, fmt.Errorf("subproblem %d: %w", i.Int64, err)
		}
		counts[int(i.Int64)] = c
	}
	if err := rows.Err(); err != nil {
		return 0, nil, err
	}
	return total, counts, nil
}

// DeleteSubproblems forgets the checkpoints of key. Put does it too, in the
// transaction that stores the finished answer. Safe for concurrent use.
func (db *DB) DeleteSubproblems(ctx context.Context, key CacheKey) error {
	tx, err := db.begin(ctx)
	if err == nil {
		defer tx.Rollback()
		err = deleteSubproblems(ctx, tx, key)
	}
	if err == nil {
		err = tx.Commit()
	}
	if err != nil {
		return fmt.Errorf("delete subproblems %s: %w", key, err)
	}
	return nil
}

func deleteSubproblems(ctx context.Context, tx *sql.Tx, key CacheKey) error {
	for _, table := range []string{"subproblems", "plans"} {
		_, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE def_hash = ? AND solver_version = ?`,
			key.DefHash, key.SolverVersion)
		if err != nil {
			return err
		}
	}
	return nil
}
