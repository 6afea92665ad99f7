package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
)

// SaveSubproblems records the counts of finished subproblems of the long
// count under key, whose plan has total subproblems, in one transaction: a
// checkpoint that a later run resumes from. A subproblem already recorded
// with another count, or a plan of another size, is an error: counts are
// never silently replaced. Safe for concurrent use.
func (db *DB) SaveSubproblems(ctx context.Context, key Key, total int, counts map[int]uint64) error {
	if err := db.saveSubproblems(ctx, key, total, counts); err != nil {
		return fmt.Errorf("save subproblems %s: %w", key, err)
	}
	return nil
}

func (db *DB) saveSubproblems(ctx context.Context, key Key, total int, counts map[int]uint64) error {
	tx, err := db.w.BeginTx(ctx, nil)
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
func savePlan(ctx context.Context, tx *sql.Tx, key Key, total int) error {
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
func saveCounts(ctx context.Context, tx *sql.Tx, key Key, counts map[int]uint64) error {
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
// count under key. With none recorded, total is 0 and the map empty; that
// is not an error. Safe for concurrent use.
func (db *DB) Subproblems(ctx context.Context, key Key) (total int, counts map[int]uint64, err error) {
	counts = map[int]uint64{}
	err = db.r.QueryRowContext(ctx, `SELECT total FROM plans WHERE def_hash = ? AND solver_version = ?`,
		key.DefHash, key.SolverVersion).Scan(&total)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, nil, fmt.Errorf("read subproblems %s: %w", key, err)
	}
	rows, err := db.r.QueryContext(ctx, `SELECT i, count FROM subproblems
		WHERE def_hash = ? AND solver_version = ?`, key.DefHash, key.SolverVersion)
	if err != nil {
		return 0, nil, fmt.Errorf("read subproblems %s: %w", key, err)
	}
	defer rows.Close()
	for rows.Next() {
		var i int
		var text string
		if err := rows.Scan(&i, &text); err != nil {
			return 0, nil, fmt.Errorf("read subproblems %s: %w", key, err)
		}
		c, err := strconv.ParseUint(text, 10, 64)
		if err != nil {
			return 0, nil, fmt.Errorf("read subproblems %s: subproblem %d: %w", key, i, err)
		}
		counts[i] = c
	}
	if err := rows.Err(); err != nil {
		return 0, nil, fmt.Errorf("read subproblems %s: %w", key, err)
	}
	return total, counts, nil
}

// DeleteSubproblems forgets the checkpoints of key. Put does it too, in the
// transaction that stores the finished answer. Safe for concurrent use.
func (db *DB) DeleteSubproblems(ctx context.Context, key Key) error {
	tx, err := db.w.BeginTx(ctx, nil)
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

func deleteSubproblems(ctx context.Context, tx *sql.Tx, key Key) error {
	for _, table := range []string{"subproblems", "plans"} {
		_, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE def_hash = ? AND solver_version = ?`,
			key.DefHash, key.SolverVersion)
		if err != nil {
			return err
		}
	}
	return nil
}
