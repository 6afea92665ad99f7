package store

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
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
	OK bool
	// Result is the result's head (see DB.Head): Placement reads the
	// placement of an AskPlacement answer.
	Result Result
}

// Lookup returns the entries for problem id in set, or in every set that has
// it when set is "", ordered by set name. The entries of a problem with
// tests are linked as ID/TEST: an id without a '/' gives those of its
// tests too, in the order of their names (numbers by value), and ID/TEST
// the one test. An id the cache has never linked
// gives no entries and no error. The results are heads, with no placement
// (see Entry.Result): show of many ids holds none of their placements at
// once. Safe for concurrent use.
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
	rows, err := db.r.QueryContext(ctx, `SELECT l.set_name, l.problem_id, l.def_hash, l.updated_at, `+headColumns+`
		FROM links AS l
		LEFT JOIN results AS r ON r.def_hash = l.def_hash AND r.solver_version = ?1
		WHERE (l.problem_id = ?2 OR instr(?2, '/') = 0 AND l.problem_id > ?2 || '/' AND l.problem_id < ?2 || '0')
			AND (?3 = '' OR l.set_name = ?3)`,
		solver.Version, id, set)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	// The rows are read first and turned into entries once the query is
	// done, which gives the read connection back before any parsing. (The
	// placements are not read: Placement reads one when it is needed.)
	type scanned struct {
		e        Entry
		linkedAt string
		row      resultRow
	}
	var all []scanned
	for rows.Next() {
		var sc scanned
		if err := rows.Scan(append([]any{&sc.e.Set, &sc.e.ID, &sc.e.DefHash, &sc.linkedAt}, sc.row.dest()...)...); err != nil {
			return nil, err
		}
		all = append(all, sc)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	// Sorted here, not by an ORDER BY: SQLite would sort through a temporary
	// b-tree that copies each row whole (a copy that took show of a
	// 10,000,000-queen placement from 320 to 620 MB). The order is SQLite's
	// BINARY collation, byte by byte.
	slices.SortFunc(all, func(a, b scanned) int {
		if c := strings.Compare(a.e.Set, b.e.Set); c != 0 {
			return c
		}
		return compareRefs(a.e.ID, b.e.ID)
	})
	entries := make([]Entry, 0, len(all))
	for i := range all {
		sc := &all[i]
		e := sc.e
		if e.LinkedAt, err = time.Parse(time.RFC3339Nano, sc.linkedAt); err != nil {
			return nil, fmt.Errorf("set %s: updated_at: %w", e.Set, err)
		}
		key := CacheKey{DefHash: e.DefHash, SolverVersion: solver.Version}
		if e.Result, e.OK, err = sc.row.result(key); err != nil {
			return nil, fmt.Errorf("set %s: result %s: %w", e.Set, key, err)
		}
		sc.row = resultRow{} // its text is parsed: let it go
		entries = append(entries, e)
	}
	return entries, nil
}

// compareRefs orders problem refs (ID or ID/TEST) by id, then test, a
// test's number by its value: 2 before 10.
func compareRefs(a, b string) int {
	aid, atest, _ := strings.Cut(a, "/")
	bid, btest, _ := strings.Cut(b, "/")
	if c := strings.Compare(aid, bid); c != 0 {
		return c
	}
	an, aerr := strconv.Atoi(atest)
	bn, berr := strconv.Atoi(btest)
	switch {
	case aerr == nil && berr == nil && an != bn:
		return cmp.Compare(an, bn)
	case aerr == nil && berr != nil && btest != "":
		return -1 // numbered tests first
	case aerr != nil && atest != "" && berr == nil:
		return 1
	}
	return strings.Compare(atest, btest)
}
