package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"iter"
	"strconv"
	"time"

	"github.com/queensjudge/queensjudge/solver"
)

// CacheKey names a result: the content hash of the problem's canonical definition
// and the solver version that answered it.
type CacheKey struct {
	DefHash       string // hex SHA-256 of the canonical definition, as the caller computes it
	SolverVersion string // solver.Version when the result was solved
}

// String returns the short form used in messages: the first 12 digits of
// the hash, '@', the solver version.
func (k CacheKey) String() string {
	h := k.DefHash
	if len(h) > 12 {
		h = h[:12]
	}
	return h + "@" + k.SolverVersion
}

// Result is a solved problem.
type Result struct {
	Key        CacheKey
	Definition string // canonical definition text, for reports and checks
	Kind       solver.Kind
	Ask        solver.Ask
	N          int
	// Answer is the solver's answer. For AskSolutions, Answer.Count is the
	// number of placements, which are read with Solutions.
	Answer   solver.Answer
	Seconds  float64   // how long the solve took
	SolvedAt time.Time // when it finished; Put stores a zero time as now
}

// timeLayout is RFC 3339 in UTC with fixed-width nanoseconds, so stored
// times sort as text.
const timeLayout = "2006-01-02T15:04:05.000000000Z07:00"

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

// resultColumns are the columns of results that resultRow scans, for a
// query that names the table r.
const resultColumns = `r.definition, r.kind, r.ask, r.n, r.count, r.m, r.placement, r.seconds, r.solved_at`

// headColumns are resultColumns with NULL for the placement, which Head
// and Lookup leave to Placement.
const headColumns = `r.definition, r.kind, r.ask, r.n, r.count, r.m, NULL, r.seconds, r.solved_at`

// resultRow receives resultColumns. Every field may be NULL so that it can
// scan the right side of a LEFT JOIN.
type resultRow struct {
	definition, kind, ask, count, placement, solvedAt sql.NullString
	n, m                                              sql.NullInt64
	seconds                                           sql.NullFloat64
}

func (row *resultRow) dest() []any {
	return []any{&row.definition, &row.kind, &row.ask, &row.n, &row.count, &row.m,
		&row.placement, &row.seconds, &row.solvedAt}
}

// result converts the row to a Result for key; ok is false when the row
// holds no result (a LEFT JOIN that found none).
func (row *resultRow) result(key CacheKey) (r Result, ok bool, err error) {
	if !row.definition.Valid {
		return Result{}, false, nil
	}
	r = Result{
		Key:        key,
		Definition: row.definition.String,
		Kind:       solver.Kind(row.kind.String),
		Ask:        solver.Ask(row.ask.String),
		N:          int(row.n.Int64),
		Answer:     solver.Answer{M: int(row.m.Int64)},
		Seconds:    row.seconds.Float64,
	}
	if r.Answer.Count, err = strconv.ParseUint(row.count.String, 10, 64); err != nil {
		return Result{}, false, fmt.Errorf("count: %w", err)
	}
	if row.placement.Valid {
		p, err := readPlacement(r.Kind, r.Ask, r.N, row.placement.String)
		if err != nil {
			return Result{}, false, err
		}
		r.Answer.Placement = &p
	}
	if r.SolvedAt, err = time.Parse(time.RFC3339Nano, row.solvedAt.String); err != nil {
		return Result{}, false, fmt.Errorf("solved_at: %w", err)
	}
	return r, true, nil
}

// Result returns the result cached under key. A miss is reported as
// ok == false, not as an error; a result for another solver version is a
// miss. Safe for concurrent use.
func (db *DB) Result(ctx context.Context, key CacheKey) (r Result, ok bool, err error) {
	return db.result(ctx, key, resultColumns)
}

// Head is Result without the placement of an AskPlacement answer:
// r.Answer.Placement is nil whatever the answer, and Placement reads it
// when it is needed. A batch holds the head of every result it answered,
// and the placement of none: one of 10,000,000 queens is 160 MB of squares
// parsed from 79 MB of text. A miss is ok == false, not an error. Safe for
// concurrent use.
func (db *DB) Head(ctx context.Context, key CacheKey) (r Result, ok bool, err error) {
	return db.result(ctx, key, headColumns)
}

func (db *DB) result(ctx context.Context, key CacheKey, columns string) (r Result, ok bool, err error) {
	var row resultRow
	err = db.r.QueryRowContext(ctx, `SELECT `+columns+` FROM results AS r
		WHERE r.def_hash = ? AND r.solver_version = ?`,
		key.DefHash, key.SolverVersion).Scan(row.dest()...)
	if errors.Is(err, sql.ErrNoRows) {
		return Result{}, false, nil
	}
	if err == nil {
		r, ok, err = row.result(key)
	}
	if err != nil {
		return Result{}, false, fmt.Errorf("read result %s: %w", key, err)
	}
	return r, ok, nil
}

// Placement reads the placement of the AskPlacement result under key, nil
// when no placement exists; it is the part of the result that Head and
// Lookup leave out. A key with no result is an error: the caller had its
// head, and the result went since (doctor --fix, a newer solver's cache).
// Safe for concurrent use.
func (db *DB) Placement(ctx context.Context, key CacheKey) (*solver.Placement, error) {
	var (
		text, kind, ask sql.NullString
		n               sql.NullInt64
	)
	err := db.r.QueryRowContext(ctx, `SELECT placement, kind, ask, n FROM results
		WHERE def_hash = ? AND solver_version = ?`,
		key.DefHash, key.SolverVersion).Scan(&text, &kind, &ask, &n)
	if errors.Is(err, sql.ErrNoRows) {
		err = errors.New("the result is no longer in the cache")
	}
	if err != nil {
		return nil, fmt.Errorf("read placement %s: %w", key, err)
	}
	if !text.Valid {
		return nil, nil
	}
	p, err := readPlacement(solver.Kind(kind.String), solver.Ask(ask.String), int(n.Int64), text.String)
	if err != nil {
		return nil, fmt.Errorf("read placement %s: %w", key, err)
	}
	return &p, nil
}

// builtText is what the placement column holds, in place of the columns,
// for an n-queens placement of n ≥ builtMinN that the solver builds again
// in O(n) (solver.Built). The columns of n = 10^7 are 79 MB of text: 7 such
// placements made a 553 MB cache in 8.2 to 8.8 s of solve, and 86 kB in
// 2.3 to 3.5 s with builtText; their key took 5.0 to 6.2 s to write, and
// 2.7 to 3.0 s (solver.Rebuild checks what it builds). A result is keyed by
// its solver version, so a construction that changes, with its Version,
// is never read back under an older one's rows; a cache from before
// builtText, which holds the columns, reads as ever. A binary from before
// it refuses the cache, whose schema (7, 0007_built_placements.sql) is
// newer than it knows, rather than read builtText as a bad placement.
// Below builtMinN (49 kB of text) the columns are kept, readable with
// sqlite3 as ever.
const (
	builtText = "built"
	builtMinN = 10_000
)

// placementText returns the text that stores placement p of result r.
func placementText(r Result, p solver.Placement) string {
	if r.Kind == solver.NQueens && r.Ask == solver.AskPlacement && r.N == p.N && p.N >= builtMinN && solver.Built(p) {
		return builtText
	}
	return p.String()
}

// readPlacement reads the placement text of a result of kind, ask and n,
// rebuilding a placement stored as builtText.
func readPlacement(kind solver.Kind, ask solver.Ask, n int, text string) (solver.Placement, error) {
	if text != builtText {
		return solver.ParseCompact(text)
	}
	if kind != solver.NQueens || ask != solver.AskPlacement {
		return solver.Placement{}, fmt.Errorf("placement %q of a %s %s result: only an nqueens placement is rebuilt", text, kind, ask)
	}
	return solver.Rebuild(n)
}

// Put stores r, replacing any result with the same key, in one transaction:
// a failure or a crash leaves the previous state, never half a result.
//
// solutions are the placements of an AskSolutions result, in order; it must
// yield exactly r.Answer.Count of them, and must be nil for every other ask.
// An error from the sequence aborts Put and is returned. Put drains the
// sequence into a Spool before it takes the write lock; a caller that makes
// the placements itself can fill a Spool directly and call PutSpooled.
//
// Safe for concurrent use; writers in this process take turns, and writers
// in other processes wait for the lock.
func (db *DB) Put(ctx context.Context, r Result, solutions iter.Seq2[solver.Placement, error]) error {
	if solutions != nil && r.Ask != solver.AskSolutions {
		return fmt.Errorf("put result %s: ask %s has no solution list", r.Key, r.Ask)
	}
	var sp *Spool
	if r.Ask == solver.AskSolutions {
		var err error
		sp, err = spoolSeq(ctx, solutions)
		if sp != nil {
			defer sp.Close()
		}
		if err != nil {
			return fmt.Errorf("put result %s: %w", r.Key, err)
		}
	}
	return db.PutSpooled(ctx, r, sp)
}

// PutSpooled is Put with the placements of an AskSolutions result already in
// sp, which must hold exactly r.Answer.Count of them; sp is nil for every
// other ask. The caller still closes sp.
func (db *DB) PutSpooled(ctx context.Context, r Result, sp *Spool) error {
	if err := db.put(ctx, r, sp); err != nil {
		return fmt.Errorf("put result %s: %w", r.Key, err)
	}
	return nil
}

func (db *DB) put(ctx context.Context, r Result, sp *Spool) error {
	switch {
	case r.Key.DefHash == "" || r.Key.SolverVersion == "":
		return errors.New("incomplete key")
	case sp != nil && r.Ask != solver.AskSolutions:
		return fmt.Errorf("ask %s has no solution list", r.Ask)
	case sp == nil && r.Ask == solver.AskSolutions:
		return errors.New("no solution list")
	case sp != nil && sp.Len() != r.Answer.Count:
		return fmt.Errorf("%d solutions listed, answer counts %d", sp.Len(), r.Answer.Count)
	}
	if r.SolvedAt.IsZero() {
		r.SolvedAt = time.Now()
	}
	var placement any // NULL when there is none
	if p := r.Answer.Placement; p != nil {
		placement = placementText(r, *p)
	}

	tx, err := db.begin(ctx) // BEGIN IMMEDIATE: the write lock
	if err != nil {
		return err
	}
	defer tx.Rollback() // a no-op after Commit
	// An upsert, not DELETE and INSERT, so that a later table referring
	// to results is not emptied by a cascade on every re-solve.
	_, err = tx.ExecContext(ctx, `INSERT INTO results
		(def_hash, solver_version, definition, kind, ask, n, count, m, placement, seconds, solved_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (def_hash, solver_version) DO UPDATE SET
			definition = excluded.definition, kind = excluded.kind, ask = excluded.ask,
			n = excluded.n, count = excluded.count, m = excluded.m,
			placement = excluded.placement, seconds = excluded.seconds,
			solved_at = excluded.solved_at`,
		r.Key.DefHash, r.Key.SolverVersion, r.Definition, string(r.Kind), string(r.Ask), r.N,
		strconv.FormatUint(r.Answer.Count, 10), r.Answer.M, placement, r.Seconds, formatTime(r.SolvedAt))
	if err != nil {
		return err
	}
	// A finished answer needs no checkpoint.
	if err := deleteSubproblems(ctx, tx, r.Key); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM solutions WHERE def_hash = ? AND solver_version = ?`,
		r.Key.DefHash, r.Key.SolverVersion)
	if err != nil {
		return err
	}
	if sp != nil {
		if err := insertSolutions(ctx, tx, r.Key, sp); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Solutions returns the placements of the AskSolutions result under key, in
// the order they were put, reading them from the file as the consumer asks
// for them. For a key with no result the sequence is empty: ask Result
// whether key is cached. An error ends the sequence as its last pair.
//
// The sequence holds a read connection until it ends or the consumer stops,
// and reads one consistent snapshot even while another writer replaces the
// result. It may be ranged over more than once. Safe for concurrent use.
func (db *DB) Solutions(ctx context.Context, key CacheKey) iter.Seq2[solver.Placement, error] {
	return func(yield func(solver.Placement, error) bool) {
		fail := func(err error) {
			yield(solver.Placement{}, fmt.Errorf("read solutions %s: %w", key, err))
		}
		rows, err := db.r.QueryContext(ctx, `SELECT seq, placement FROM solutions
			WHERE def_hash = ? AND solver_version = ? ORDER BY seq`,
			key.DefHash, key.SolverVersion)
		if err != nil {
			fail(err)
			return
		}
		defer rows.Close()
		for rows.Next() {
			var (
				seq  int64
				text string
			)
			if err := rows.Scan(&seq, &text); err != nil {
				fail(err)
				return
			}
			p, err := solver.ParseCompact(text)
			if err != nil {
				fail(fmt.Errorf("solution %d: %w", seq+1, err))
				return
			}
			if !yield(p, nil) {
				return
			}
		}
		if err := rows.Err(); err != nil {
			fail(err)
		}
	}
}
