package store

import (
	"context"
	"fmt"
	"time"

	"github.com/queensjudge/queensjudge/solver"
)

// Link records that problem id of set had the definition hashed as defHash
// when it was last solved, replacing what was recorded before. The result
// need not exist yet. Safe for concurrent use.
func (db *DB) Link(ctx context.Context, set, id, defHash string) error {
	if set == "" || id == "" || defHash == "" {
		return fmt.Errorf("link %s/%s: empty set, id or hash", set, id)
	}
	w, err := db.writer(ctx)
	if err == nil {
		_, err = w.ExecContext(ctx, `INSERT INTO links (set_name, problem_id, def_hash, updated_at)
			VALUES (?, ?, ?, ?)
			ON CONFLICT (set_name, problem_id) DO UPDATE SET
				def_hash = excluded.def_hash, updated_at = excluded.updated_at`,
			set, id, defHash, formatTime(time.Now()))
	}
	if err != nil {
		return fmt.Errorf("link %s/%s: %w", set, id, err)
	}
	return nil
}

// ProblemLink is what Link records: that problem ID of Set had the definition
// hashed as DefHash when it was last solved, at LinkedAt.
type ProblemLink struct {
	Set, ID, DefHash string
	LinkedAt         time.Time
}

// PutLinks records links as Link does, each at its own LinkedAt, in one
// transaction, except where the cache holds a later link for the same set
// and id: the later one is kept, as it would be had the problems been
// solved here in that order. Merge uses it to carry the links of the shard
// runs over. Safe for concurrent use.
func (db *DB) PutLinks(ctx context.Context, links []ProblemLink) error {
	if err := db.putLinks(ctx, links); err != nil {
		return fmt.Errorf("put links: %w", err)
	}
	return nil
}

func (db *DB) putLinks(ctx context.Context, links []ProblemLink) error {
	for _, l := range links {
		if l.Set == "" || l.ID == "" || l.DefHash == "" {
			return fmt.Errorf("link %s/%s: empty set, id or hash", l.Set, l.ID)
		}
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	// updated_at is fixed-width RFC 3339 in UTC: later is greater as text.
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO links (set_name, problem_id, def_hash, updated_at)
		VALUES (?, ?, ?, ?)
		ON CONFLICT (set_name, problem_id) DO UPDATE SET
			def_hash = excluded.def_hash, updated_at = excluded.updated_at
		WHERE excluded.updated_at > links.updated_at`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, l := range links {
		if _, err := stmt.ExecContext(ctx, l.Set, l.ID, l.DefHash, formatTime(l.LinkedAt)); err != nil {
			return fmt.Errorf("link %s/%s: %w", l.Set, l.ID, err)
		}
	}
	return tx.Commit()
}

// Entry is a problem id as the cache knows it: the definition it had when it
// was last solved and, if there is one, the result for that definition from
// this solver version.
type Entry struct {
	Set, ID  string
	DefHash  string    // the definition's hash when the problem was last linked
	LinkedAt time.Time // when that was
	// OK reports whether Result holds a result for DefHash and
	// solver.Version. When it is false the problem is known but its result
	// is missing or was solved by another solver version: solve it again.
	OK     bool
	Result Result
}

// Lookup returns the entries for problem id in set, or in every set that has
// it when set is "", ordered by set name. An id the cache has never linked
// gives no entries and no error. Safe for concurrent use.
func (db *DB) Lookup(ctx context.Context, set, id string) ([]Entry, error) {
	entries, err := db.lookup(ctx, set, id)
	if err != nil {
		if set == "" {
			set = "*"
		}
		return nil, fmt.Errorf("look up %s/%s: %w", set, id, err)
	}
	return entries, nil
}

func (db *DB) lookup(ctx context.Context, set, id string) ([]Entry, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT l.set_name, l.def_hash, l.updated_at, `+resultColumns+`
		FROM links AS l
		LEFT JOIN results AS r ON r.def_hash = l.def_hash AND r.solver_version = ?1
		WHERE l.problem_id = ?2 AND (?3 = '' OR l.set_name = ?3)
		ORDER BY l.set_name`,
		solver.Version, id, set)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var entries []Entry
	for rows.Next() {
		e := Entry{ID: id}
		var (
			linkedAt string
			row      resultRow
		)
		if err := rows.Scan(append([]any{&e.Set, &e.DefHash, &linkedAt}, row.dest()...)...); err != nil {
			return nil, err
		}
		if e.LinkedAt, err = time.Parse(time.RFC3339Nano, linkedAt); err != nil {
			return nil, fmt.Errorf("set %s: updated_at: %w", e.Set, err)
		}
		key := CacheKey{DefHash: e.DefHash, SolverVersion: solver.Version}
		if e.Result, e.OK, err = row.result(key); err != nil {
			return nil, fmt.Errorf("set %s: result %s: %w", e.Set, key, err)
		}
		entries = append(entries, e)
	}
	return entries, rows.Err()
}
