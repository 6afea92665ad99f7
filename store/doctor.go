package store

import (
	"cmp"
	"context"
	"fmt"
	"slices"
)

// Report is what Doctor finds in the cache.
type Report struct {
	// Integrity holds what PRAGMA integrity_check reports other than "ok",
	// one problem a line as SQLite words it. When it is not empty, the
	// other fields are not filled in.
	Integrity []string
	// Stale are the problems whose definition, as last linked, has no
	// result from the solver version asked about, and nothing of its count
	// either: solving the set again is what they need.
	Stale []Stale
	// Parts are the problems with no result whose count this file holds
	// slices of (solve --shard): merge, not solve, gives their answer.
	Parts []Stale
	// Stopped are the problems with no result whose count was stopped, or
	// killed, and kept subproblems, with no part: solving the set again
	// goes on. A problem is named by its link, or by the record its run
	// left when it was killed before it was linked.
	Stopped []Stale
	// Running are the counts in progress (LiveRuns). A problem whose count
	// is running is not among Stale or Stopped, and its checkpoints are
	// not among Checkpoints.
	Running []Run
	// EndedRuns counts the records of runs that ended without removing
	// them (killed, or their machine went down): safe to remove; the next
	// run of the same count replaces its own anyway.
	EndedRuns int
	// OldResults counts the results of other solver versions.
	OldResults int
	// Orphans counts the current results no link points to: harmless, as
	// another set may ask the same question again.
	Orphans int
	// Checkpoints counts the interrupted counts of the solver version asked
	// about that a later solve resumes: keys with checkpoints, no result
	// and no part (a shard's checkpoints are its part of the count).
	Checkpoints int
	// OldCheckpoints counts the interrupted counts of other solver
	// versions, which no run of this version resumes.
	OldCheckpoints int
	// FinishedCheckpoints counts the subproblem counts kept as checkpoints
	// of counts that have their result: safe to remove.
	FinishedCheckpoints int
}

// Stale is a problem whose answer must be solved again.
type Stale struct {
	Set, ID, DefHash string
	// Unfinished, for one of Report.Parts: a slice recorded here was
	// stopped (solve --shard again finishes it).
	Unfinished bool
	// Counted and Total, for one of Report.Stopped: the subproblems
	// counted and kept, of those of its plan (see Progress).
	Counted, Total int
	// Ended, for one of Report.Stopped, is the record of the run that
	// counted it when that run ended without removing it (killed, or its
	// machine went down); nil for a run that stopped and said so.
	Ended *Run
}

// Doctor checks the cache file and reports what is stale or left over,
// taking solverVersion as current. When SQLite's integrity check finds the
// file damaged, the report holds what it found and nothing else: the other
// checks would read the damaged pages. It changes nothing. Safe for
// concurrent use.
func (db *DB) Doctor(ctx context.Context, solverVersion string) (Report, error) {
	var rep Report
	var err error
	if rep.Integrity, err = sqliteCheck(ctx, db.r, "integrity_check"); err != nil {
		return rep, fmt.Errorf("doctor: %w", err)
	}
	if len(rep.Integrity) > 0 {
		// The other checks would read the damaged pages, and fail or
		// count wrong.
		return rep, nil
	}

	rows, err := db.r.QueryContext(ctx, `SELECT l.set_name, l.problem_id, l.def_hash,
			EXISTS (SELECT 1 FROM parts AS s WHERE s.def_hash = l.def_hash AND s.solver_version = ?1),
			EXISTS (SELECT 1 FROM plans AS p WHERE p.def_hash = l.def_hash AND p.solver_version = ?1),
			EXISTS (SELECT 1 FROM parts AS s WHERE s.def_hash = l.def_hash AND s.solver_version = ?1 AND NOT s.done)
		FROM links AS l
		WHERE NOT EXISTS (SELECT 1 FROM results AS r
			WHERE r.def_hash = l.def_hash AND r.solver_version = ?1)
		ORDER BY l.set_name, l.problem_id`, solverVersion)
	if err != nil {
		return rep, fmt.Errorf("doctor: %w", err)
	}
	var ended []Run
	if rep.Running, ended, err = runsNow(ctx, db.r); err != nil {
		rows.Close()
		return rep, fmt.Errorf("doctor: %w", err)
	}
	rep.EndedRuns = len(ended)
	running := map[string]bool{} // the definitions of this version being counted
	for _, r := range rep.Running {
		if r.Key.SolverVersion == solverVersion {
			running[r.Key.DefHash] = true
		}
	}
	for rows.Next() {
		var s Stale
		var part, plan bool
		if err := rows.Scan(&s.Set, &s.ID, &s.DefHash, &part, &plan, &s.Unfinished); err != nil {
			rows.Close()
			return rep, fmt.Errorf("doctor: %w", err)
		}
		switch {
		case running[s.DefHash] && !part:
			// Being counted: Running says so.
		case part:
			rep.Parts = append(rep.Parts, s)
		case plan:
			rep.Stopped = append(rep.Stopped, s)
		default:
			rep.Stale = append(rep.Stale, s)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return rep, fmt.Errorf("doctor: %w", err)
	}
	if rep.Stopped, err = stoppedRuns(ctx, db, solverVersion, rep.Stopped, ended, running); err != nil {
		return rep, fmt.Errorf("doctor: %w", err)
	}

	counts := []struct {
		n     *int
		query string
	}{
		{&rep.OldResults, `SELECT count(*) FROM results WHERE solver_version <> ?1`},
		{&rep.Orphans, `SELECT count(*) FROM results AS r WHERE r.solver_version = ?1
			AND NOT EXISTS (SELECT 1 FROM links AS l WHERE l.def_hash = r.def_hash)`},
		{&rep.OldCheckpoints, `SELECT count(*) FROM plans AS p WHERE p.solver_version <> ?1 AND ` + interrupted},
		{&rep.FinishedCheckpoints, `SELECT coalesce(sum(size), 0) FROM subproblem_batches AS s WHERE EXISTS (SELECT 1 FROM results AS r
			WHERE r.def_hash = s.def_hash AND r.solver_version = s.solver_version)`},
	}
	for _, c := range counts {
		if err := db.r.QueryRowContext(ctx, c.query, solverVersion).Scan(c.n); err != nil {
			return rep, fmt.Errorf("doctor: %w", err)
		}
	}
	if rep.Checkpoints, err = countInterrupted(ctx, db.r, solverVersion, running); err != nil {
		return rep, fmt.Errorf("doctor: %w", err)
	}
	return rep, nil
}

// stoppedRuns fills in how much of each stopped count is kept, and the
// record of its run when that run was killed, and adds the counts killed
// before they were linked to their problem: the record of an ended run
// names a set and id with no link, and its count kept subproblems. show
// finds those by id too; it said "has never been solved" of them while
// doctor counted them as resumable.
func stoppedRuns(ctx context.Context, db *DB, solverVersion string, stopped []Stale, ended []Run, running map[string]bool) ([]Stale, error) {
	endedOf := map[string]*Run{} // by definition hash, of this version and the whole count
	for k, r := range ended {
		if r.Key.SolverVersion == solverVersion && r.ShardK == 0 {
			endedOf[r.Key.DefHash] = &ended[k]
		}
	}
	named := map[string]bool{} // definitions that stopped names
	for k := range stopped {
		s := &stopped[k]
		pr, err := readProgress(ctx, db.r, CacheKey{DefHash: s.DefHash, SolverVersion: solverVersion})
		if err != nil {
			return nil, err
		}
		s.Counted, s.Total, s.Ended = pr.Counted, pr.Total, endedOf[s.DefHash]
		named[s.DefHash] = true
	}
	for _, r := range ended {
		h := r.Key.DefHash
		if r.Set == "" || r.ShardK > 0 || r.Key.SolverVersion != solverVersion || named[h] || running[h] {
			continue
		}
		var linked bool
		if err := db.r.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM links WHERE set_name = ? AND problem_id = ?)`,
			r.Set, r.ID).Scan(&linked); err != nil {
			return nil, err
		}
		if linked {
			continue // to what it was last solved as, which the link says
		}
		pr, err := readProgress(ctx, db.r, r.Key)
		if err != nil {
			return nil, err
		}
		if pr.Counted == 0 || len(pr.Parts) > 0 {
			continue
		}
		named[h] = true
		stopped = append(stopped, Stale{Set: r.Set, ID: r.ID, DefHash: h, Counted: pr.Counted, Total: pr.Total, Ended: endedOf[h]})
	}
	slices.SortFunc(stopped, func(a, b Stale) int { return cmp.Or(cmp.Compare(a.Set, b.Set), cmp.Compare(a.ID, b.ID)) })
	return stopped, nil
}

// countInterrupted counts the interrupted counts of solverVersion, but
// those of the definitions in running, which are in progress.
func countInterrupted(ctx context.Context, q rowsQuerier, solverVersion string, running map[string]bool) (int, error) {
	rows, err := q.QueryContext(ctx, `SELECT p.def_hash FROM plans AS p WHERE p.solver_version = ?1 AND `+interrupted, solverVersion)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var h string
		if err := rows.Scan(&h); err != nil {
			return 0, err
		}
		if !running[h] {
			n++
		}
	}
	return n, rows.Err()
}

// interrupted is the condition on plans AS p of a count that was stopped:
// no result, and no part of a shard run.
const interrupted = `NOT EXISTS (SELECT 1 FROM results AS r
		WHERE r.def_hash = p.def_hash AND r.solver_version = p.solver_version)
	AND NOT EXISTS (SELECT 1 FROM parts AS s
		WHERE s.def_hash = p.def_hash AND s.solver_version = p.solver_version)`

// Fix removes what is safe to remove, taking solverVersion as current: the
// checkpoints of counts that have their result, the checkpoints of
// interrupted counts of other solver versions (which no run of this version
// resumes), the results of other solver versions with their solutions,
// and the records of runs that ended without removing them, all in one
// transaction. It keeps links, judgements, parts, current results, the
// checkpoints of shard runs and those an interrupted count of this version
// resumes from, and the records of live runs. It returns the number of
// rows removed. It repairs no damage: a damaged file is refused (see
// Writable). Safe for concurrent use.
func (db *DB) Fix(ctx context.Context, solverVersion string) (removed int, err error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return 0, fmt.Errorf("fix: %w", err)
	}
	defer tx.Rollback()
	// The checkpoints go first: once a result is removed, its
	// checkpoints would look like an interrupted count's.
	var queries []string
	for _, table := range checkpointTables {
		queries = append(queries,
			`DELETE FROM `+table+` AS p WHERE EXISTS (SELECT 1 FROM results AS r
				WHERE r.def_hash = p.def_hash AND r.solver_version = p.solver_version)`,
			`DELETE FROM `+table+` AS p WHERE p.solver_version <> ?1 AND `+interrupted)
	}
	queries = append(queries,
		`DELETE FROM solutions WHERE solver_version <> ?1`,
		`DELETE FROM results WHERE solver_version <> ?1`)
	for _, q := range queries {
		res, err := tx.ExecContext(ctx, q, solverVersion)
		if err != nil {
			return 0, fmt.Errorf("fix: %w", err)
		}
		n, _ := res.RowsAffected()
		removed += int(n)
	}
	_, ended, err := runsNow(ctx, tx)
	if err != nil {
		return 0, fmt.Errorf("fix: %w", err)
	}
	for _, r := range ended {
		res, err := tx.ExecContext(ctx, `DELETE FROM runs WHERE token = ?`, r.Token)
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
