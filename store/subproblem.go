package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// SubproblemCount is the count of one finished subproblem of a long count.
type SubproblemCount struct {
	I     int    // the subproblem's number in the plan
	Count uint64 // its placements
}

// SaveSubproblems records the counts of finished subproblems of the long
// count under key, whose plan has total subproblems numbered 0..total-1, in
// one transaction and one row: a checkpoint that a later run resumes from.
// counts may come in any order. Recording a count again is a no-op; a
// subproblem already recorded (or given twice in counts) with another
// count, or a plan of another size, is an error and nothing of counts is
// kept: counts are never silently replaced. Put removes the checkpoints of
// the key it stores a result for. Safe for concurrent use; counts is not
// changed.
func (db *DB) SaveSubproblems(ctx context.Context, key CacheKey, total int, counts []SubproblemCount) error {
	if err := db.saveSubproblems(ctx, key, total, counts); err != nil {
		return fmt.Errorf("save subproblems %s: %w", key, err)
	}
	return nil
}

func (db *DB) saveSubproblems(ctx context.Context, key CacheKey, total int, counts []SubproblemCount) error {
	switch {
	case key.DefHash == "" || key.SolverVersion == "":
		return errors.New("incomplete key")
	case total < 0:
		return fmt.Errorf("plan of %d subproblems", total)
	}
	sorted, err := sortCounts(slices.Clone(counts), "counted")
	if err != nil {
		return err
	}
	if n := len(sorted); n > 0 {
		for _, i := range []int{sorted[0].I, sorted[n-1].I} {
			if i < 0 || i >= total {
				return fmt.Errorf("subproblem %d of a plan of %d", i, total)
			}
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
	if err := saveCounts(ctx, tx, key, sorted); err != nil {
		return err
	}
	return tx.Commit()
}

// sortCounts sorts counts in the order of the subproblems and returns them
// each once, refusing a subproblem given twice with two counts, in the
// words of what (as "subproblem 5 <what> 1 and 2"). It reuses counts'
// memory.
func sortCounts(counts []SubproblemCount, what string) ([]SubproblemCount, error) {
	slices.SortFunc(counts, func(a, b SubproblemCount) int { return cmp.Compare(a.I, b.I) })
	for k := 1; k < len(counts); k++ {
		if a, b := counts[k-1], counts[k]; a.I == b.I && a.Count != b.Count {
			return nil, fmt.Errorf("subproblem %d %s %d and %d", a.I, what, a.Count, b.Count)
		}
	}
	return slices.CompactFunc(counts, func(a, b SubproblemCount) bool { return a.I == b.I }), nil
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

// saveCounts records subproblem counts, sorted and distinct (sortCounts),
// as one batch, refusing one that differs from what is recorded. Only the
// batches whose range meets the new one's are read to find out: one run
// hands its subproblems out in order, so its checkpoints overlap the few
// before them.
func saveCounts(ctx context.Context, tx *sql.Tx, key CacheKey, counts []SubproblemCount) error {
	if len(counts) == 0 {
		return nil
	}
	first, last := counts[0].I, counts[len(counts)-1].I
	rows, err := tx.QueryContext(ctx, `SELECT counts FROM subproblem_batches
		WHERE def_hash = ? AND solver_version = ? AND first <= ? AND last >= ?`,
		key.DefHash, key.SolverVersion, last, first)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var text string
		if err := rows.Scan(&text); err != nil {
			return err
		}
		err := decodeBatch(text, func(i int, had uint64) error {
			k, ok := slices.BinarySearchFunc(counts, i, func(c SubproblemCount, i int) int { return cmp.Compare(c.I, i) })
			if ok && counts[k].Count != had {
				return fmt.Errorf("subproblem %d counted %d, recorded before as %d", i, counts[k].Count, had)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO subproblem_batches (def_hash, solver_version, first, last, size, counts)
		VALUES (?, ?, ?, ?, ?, ?)`, key.DefHash, key.SolverVersion, first, last, len(counts), encodeBatch(counts))
	return err
}

// encodeBatch writes counts (sorted, distinct) in the form of
// subproblem_batches.counts: runs "i:c0,c1,..." of consecutive subproblems,
// separated by spaces.
func encodeBatch(counts []SubproblemCount) string {
	b := make([]byte, 0, 4*len(counts))
	for k, c := range counts {
		switch {
		case k == 0:
		case c.I == counts[k-1].I+1:
			b = append(b, ',')
			b = strconv.AppendUint(b, c.Count, 10)
			continue
		default:
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(c.I), 10)
		b = append(b, ':')
		b = strconv.AppendUint(b, c.Count, 10)
	}
	return string(b)
}

// decodeBatch calls put with each subproblem and count of a batch written
// by encodeBatch, stopping at the first error put returns.
func decodeBatch(text string, put func(i int, count uint64) error) error {
	for run := range strings.SplitSeq(text, " ") {
		at, list, ok := strings.Cut(run, ":")
		i, err := strconv.Atoi(at)
		if !ok || err != nil || i < 0 {
			return fmt.Errorf("malformed batch of counts: run %q", run)
		}
		for c := range strings.SplitSeq(list, ",") {
			count, err := strconv.ParseUint(c, 10, 64)
			if err != nil {
				return fmt.Errorf("malformed batch of counts: subproblem %d: %q", i, c)
			}
			if err := put(i, count); err != nil {
				return err
			}
			i++
		}
	}
	return nil
}

// Subproblems returns the plan size and the recorded counts of the long
// count under key, read in one snapshot, in the order of the subproblems
// and each once. With none recorded, total is 0 and the list empty; that is
// not an error. Safe for concurrent use.
func (db *DB) Subproblems(ctx context.Context, key CacheKey) (total int, counts []SubproblemCount, err error) {
	total, counts, err = readSubproblems(ctx, db.r, key, latestSchema)
	if err != nil {
		return 0, nil, fmt.Errorf("read subproblems %s: %w", key, err)
	}
	return total, counts, nil
}

// batchesSince is the schema version that keeps subproblem counts in
// batches; latestSchema stands for the version of a file this binary
// opened to use (it migrates it).
const (
	batchesSince = 4
	latestSchema = 1 << 30
)

// subproblemQueries read the plan and the counts of a key, ?1 and ?2, in
// one statement, so that a writer finishing the count between them cannot
// be half seen: from schema 4 on, batches; before, a row per subproblem.
const (
	subproblemQuery = `SELECT total, NULL FROM plans
			WHERE def_hash = ?1 AND solver_version = ?2
		UNION ALL
		SELECT NULL, counts FROM subproblem_batches
			WHERE def_hash = ?1 AND solver_version = ?2`
	subproblemQueryV2 = `SELECT total, NULL FROM plans
			WHERE def_hash = ?1 AND solver_version = ?2
		UNION ALL
		SELECT NULL, i || ':' || count FROM subproblems
			WHERE def_hash = ?1 AND solver_version = ?2`
	// How many counts the batches hold, those in two batches twice: the
	// room made for them before they are read, read in the same
	// transaction. Grown as it was read, a resumed N = 23's list (19.6
	// million counts, 313 MB) took twice its size for a moment.
	subproblemSize   = `SELECT coalesce(sum(size), 0) FROM subproblem_batches WHERE def_hash = ?1 AND solver_version = ?2`
	subproblemSizeV2 = `SELECT count(*) FROM subproblems WHERE def_hash = ?1 AND solver_version = ?2`
)

// readSubproblems reads the plan and the counts of key from a file of
// schema version (2 or later), refusing a subproblem recorded twice with
// different counts.
func readSubproblems(ctx context.Context, q *sql.DB, key CacheKey, version int) (total int, counts []SubproblemCount, err error) {
	query, sizeQuery := subproblemQuery, subproblemSize
	if version < batchesSince {
		query, sizeQuery = subproblemQueryV2, subproblemSizeV2
	}
	tx, err := q.BeginTx(ctx, nil)
	if err != nil {
		return 0, nil, err
	}
	defer tx.Rollback()
	var size int
	if err := tx.QueryRowContext(ctx, sizeQuery, key.DefHash, key.SolverVersion).Scan(&size); err != nil {
		return 0, nil, err
	}
	counts = make([]SubproblemCount, 0, size)
	rows, err := tx.QueryContext(ctx, query, key.DefHash, key.SolverVersion)
	if err != nil {
		return 0, nil, err
	}
	defer rows.Close()
	put := func(i int, c uint64) error {
		counts = append(counts, SubproblemCount{I: i, Count: c})
		return nil
	}
	for rows.Next() {
		var (
			plan sql.NullInt64
			text sql.NullString
		)
		if err := rows.Scan(&plan, &text); err != nil {
			return 0, nil, err
		}
		if plan.Valid {
			total = int(plan.Int64)
			continue
		}
		if err := decodeBatch(text.String, put); err != nil {
			return 0, nil, err
		}
	}
	if err := rows.Err(); err != nil {
		return 0, nil, err
	}
	if counts, err = sortCounts(counts, "recorded as"); err != nil {
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

// checkpointTables hold the checkpoints of long counts, the counts before
// the plans: the plan alone says a count was begun.
var checkpointTables = []string{"subproblem_batches", "plans"}

func deleteSubproblems(ctx context.Context, tx *sql.Tx, key CacheKey) error {
	for _, table := range checkpointTables {
		_, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE def_hash = ? AND solver_version = ?`,
			key.DefHash, key.SolverVersion)
		if err != nil {
			return err
		}
	}
	return nil
}
