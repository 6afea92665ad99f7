package store

import (
	"context"
	"fmt"
)

// Report is what Doctor finds in the cache.
type Report struct {
	// Integrity holds what PRAGMA integrity_check reports other than "ok".
	Integrity []string
	// Stale are the problems whose definition, as last linked, has no
	// result from the solver version asked about.
	Stale []Stale
	// OldResults counts the results of other solver versions.
	OldResults int
	// Orphans counts the current results no link points to: harmless, as
	// another set may ask the same question again.
	Orphans int
	// Checkpoints counts the interrupted counts a later solve resumes.
	Checkpoints int
	// FinishedCheckpoints counts the checkpoint rows of counts that have
	// their result: safe to remove.
	FinishedCheckpoints int
}

// Stale is a problem whose answer must be solved again.
type Stale struct {
	Set, ID, DefHash string
}

// Doctor checks the cache file and reports what is stale or left over,
// taking solverVersion as current. It changes nothing. Safe for concurrent
// use.
func (db *DB) Doctor(ctx context.Context, solverVersion string) (Report, error) {
	var rep Report
	rows, err := db.r.QueryContext(ctx, `PRAGMA integrity_check`)
	if err != nil {
		return rep, fmt.Errorf("doctor: %w", err)
	}
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			rows.Close()
			return rep, fmt.Errorf("doctor: %w", err)
		}
		if line != "ok" {
			rep.Integrity = append(rep.Integrity, line)
		}
	}
	rows.Close()

	rows, err = db.r.QueryContext(ctx, `SELECT l.set_name, l.problem_id, l.def_hash FROM links AS l
		WHERE NOT EXISTS (SELECT 1 FROM results AS r
			WHERE r.def_hash = l.def_hash AND r.solver_version = ?)
		ORDER BY l.set_name, l.problem_id`, solverVersion)
	if err != nil {
		return rep, fmt.Errorf("doctor: %w", err)
	}
	for rows.Next() {
		var s Stale
		if err := rows.Scan(&s.Set, &s.ID, &s.DefHash); err != nil {
			rows.Close()
			return rep, fmt.Errorf("doctor: %w", err)
		}
		rep.Stale = append(rep.Stale, s)
	}
	rows.Close()

	counts := []struct {
		n     *int
		query string
	}{
		{&rep.OldResults, `SELECT count(*) FROM results WHERE solver_version <> ?1`},
		{&rep.Orphans, `SELECT count(*) FROM results AS r WHERE r.solver_version = ?1
			AND NOT EXISTS (SELECT 1 FROM links AS l WHERE l.def_hash = r.def_hash)`},
		{&rep.Checkpoints, `SELECT count(*) FROM plans AS p WHERE NOT EXISTS (SELECT 1 FROM results AS r
			WHERE r.def_hash = p.def_hash AND r.solver_version = p.solver_version)`},
		{&rep.FinishedCheckpoints, `SELECT count(*) FROM subproblems AS s WHERE EXISTS (SELECT 1 FROM results AS r
			WHERE r.def_hash = s.def_hash AND r.solver_version = s.solver_version)`},
	}
	for _, c := range counts {
		if err := db.r.QueryRowContext(ctx, c.query, solverVersion).Scan(c.n); err != nil {
			return rep, fmt.Errorf("doctor: %w", err)
		}
	}
	return rep, nil
}

// Fix removes what is safe to remove, taking solverVersion as current: the
// results of other solver versions with their solutions, and the checkpoints
// of counts that have their result. It keeps links, current results,
// judgements, parts and the checkpoints an interrupted count resumes from.
// It returns the number of rows removed. Safe for concurrent use.
func (db *DB) Fix(ctx context.Context, solverVersion string) (removed int, err error) {
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("fix: %w", err)
	}
	defer tx.Rollback()
	for _, q := range []string{
		`DELETE FROM solutions WHERE solver_version <> ?1`,
		`DELETE FROM results WHERE solver_version <> ?1`,
		`DELETE FROM subproblems WHERE EXISTS (SELECT 1 FROM results AS r
			WHERE r.def_hash = subproblems.def_hash AND r.solver_version = subproblems.solver_version)`,
		`DELETE FROM plans WHERE EXISTS (SELECT 1 FROM results AS r
			WHERE r.def_hash = plans.def_hash AND r.solver_version = plans.solver_version)`,
	} {
		res, err := tx.ExecContext(ctx, q, solverVersion)
		if err != nil {
			return 0, fmt.Errorf("fix: %w", err)
		}
		n, _ := res.RowsAffected()
		removed += int(n)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("fix: %w", err)
	}
	return removed, nil
}
