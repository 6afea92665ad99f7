package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"sync"
)

// schemaFS holds the migrations, schema/NNNN_name.sql, numbered from 0001
// without gaps. Migration k takes the file from user_version k-1 to k. A
// shipped migration is never edited: a change is a new file.
//
//go:embed schema/*.sql
var schemaFS embed.FS

// applicationID marks a SQLite file as a queensjudge cache (PRAGMA
// application_id, set by 0001_init.sql): "QJDG".
const applicationID = 0x514A4447

// migration is one schema file.
type migration struct {
	version int
	name    string
	sql     string
}

// migrations returns the embedded migrations in order, or why they are
// malformed.
var migrations = sync.OnceValues(func() ([]migration, error) {
	names, err := fs.Glob(schemaFS, "schema/*.sql")
	if err != nil {
		return nil, err
	}
	var ms []migration
	for i, name := range names { // fs.Glob sorts
		base := path.Base(name)
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || len(num) != 4 || err != nil || v != i+1 {
			return nil, fmt.Errorf("migration %s: want name %04d_name.sql", name, i+1)
		}
		text, err := schemaFS.ReadFile(name)
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: base, sql: string(text)})
	}
	return ms, nil
})

// schemaState is what a file says about its schema.
type schemaState struct {
	version int // PRAGMA user_version
	appID   int // PRAGMA application_id
	objects int // tables, indexes, views and triggers
}

// querier is a *sql.DB or a *sql.Tx.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func readState(ctx context.Context, q querier) (schemaState, error) {
	var s schemaState
	err := q.QueryRowContext(ctx, `SELECT
		(SELECT user_version FROM pragma_user_version),
		(SELECT application_id FROM pragma_application_id),
		(SELECT count(*) FROM sqlite_schema)`).Scan(&s.version, &s.appID, &s.objects)
	return s, err
}

// check says whether a file in state s is a cache this binary can use, and
// whether it needs migrating to latest.
func (db *DB) check(s schemaState, latest int) (behind bool, err error) {
	fresh := s.version == 0 && s.appID == 0 && s.objects == 0
	switch {
	case !fresh && s.appID != applicationID:
		return false, fmt.Errorf("cache %s is a SQLite database of another program (application_id %#x)", db.path, s.appID)
	case s.version > latest:
		return false, fmt.Errorf("cache %s was written by a newer queensjudge (schema %d, this binary knows %d)", db.path, s.version, latest)
	}
	return s.version < latest, nil
}

// migrate applies the migrations above the file's user_version, each with its
// version bump in one transaction. Another process may be migrating the same
// file: the state is read again under the write lock before each step.
func (db *DB) migrate(ctx context.Context) error {
	ms, err := migrations()
	if err != nil {
		return fmt.Errorf("open cache %s: %w", db.path, err)
	}
	s, err := readState(ctx, db.w)
	if err != nil {
		return fmt.Errorf("open cache %s: %w", db.path, err)
	}
	behind, err := db.check(s, len(ms))
	for behind && err == nil {
		behind, err = db.step(ctx, ms)
	}
	return err
}

// step applies the next migration, if any, and reports whether more remain.
func (db *DB) step(ctx context.Context, ms []migration) (more bool, err error) {
	tx, err := db.begin(ctx) // BEGIN IMMEDIATE: the write lock
	if errors.Is(err, ErrDamaged) {
		return false, err // it names the file
	}
	if err != nil {
		return false, fmt.Errorf("migrate cache %s: %w", db.path, err)
	}
	defer tx.Rollback()
	s, err := readState(ctx, tx)
	if err != nil {
		return false, fmt.Errorf("migrate cache %s: %w", db.path, err)
	}
	if behind, err := db.check(s, len(ms)); !behind || err != nil {
		return false, err // another process got there first, or refusal
	}
	m := ms[s.version]
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return false, fmt.Errorf("migrate cache %s: %s: %w", db.path, m.name, err)
	}
	// PRAGMA takes no bound parameters; the version is our own integer.
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", m.version)); err != nil {
		return false, fmt.Errorf("migrate cache %s: %s: %w", db.path, m.name, err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("migrate cache %s: %s: %w", db.path, m.name, err)
	}
	return m.version < len(ms), nil
}

// SchemaVersion is the schema version of the caches this binary makes and
// migrates to (PRAGMA user_version): a cache with a newer one is refused.
// It is 0 when the embedded migrations are malformed, which Open reports.
func SchemaVersion() int {
	ms, err := migrations()
	if err != nil {
		return 0
	}
	return len(ms)
}
