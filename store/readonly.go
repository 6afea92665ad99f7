package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/mattn/go-sqlite3"
)

// ErrReadOnly is wrapped by the error of a write to a cache file that this
// process cannot write: a file it may not write, or one on a read-only file
// system. Such a cache can still be read.
var ErrReadOnly = errors.New("read-only")

// readOnlyError says why a cache can only be read.
type readOnlyError struct {
	path string
	why  error // the system's word: permission denied, read-only file system
}

func (e *readOnlyError) Error() string {
	return fmt.Sprintf("cache %s is read-only (%v)", e.path, e.why)
}

func (e *readOnlyError) Unwrap() error { return ErrReadOnly }

// access finds out how the cache file at abs can be opened. It returns why
// it can only be read (the system's error), or nil when it can be written;
// err is for a file that cannot be opened at all, such as one in a
// directory that does not exist. A file that does not exist is made, empty,
// which SQLite takes for an empty database.
func (db *DB) access(abs string) (why error, err error) {
	fi, err := os.Stat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, db.create(abs)
	case err != nil:
		return nil, fmt.Errorf("open cache %s: %w", db.path, unwrapPath(err))
	case fi.IsDir():
		return nil, fmt.Errorf("open cache %s: is a directory", db.path)
	}
	return writeDenied(abs), nil
}

// create makes the empty cache file at abs, here rather than in SQLite,
// which says "no such file or directory" of a directory it may not write
// in; the mode is SQLite's. No directory is made.
func (db *DB) create(abs string) error {
	dir := filepath.Dir(abs)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("open cache %s: no directory %s", db.path, dir)
	}
	f, err := os.OpenFile(abs, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err == nil {
		return f.Close()
	}
	if errors.Is(err, fs.ErrExist) { // another process made it first
		return nil
	}
	return fmt.Errorf("create cache %s: %w", db.path, unwrapPath(err))
}

// unwrapPath returns the system's error inside a *fs.PathError, whose path
// the caller says in its own words.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// openReadOnly opens the cache file at abs for reading only, as a file this
// process cannot write, for the reason why.
func (db *DB) openReadOnly(ctx context.Context, abs string, why error) (*DB, error) {
	refusal := &readOnlyError{path: db.path, why: why}
	pool, s, err := readOnlyPool(ctx, readOnlyDSN(abs))
	if needsShm(err) && walEmpty(abs+"-wal") {
		// A reader of a WAL file needs its -shm file, and cannot make one
		// where it may not write: SQLite says "unable to open database
		// file" on a read-only file system, "attempt to write a readonly
		// database" in a directory it may not write. With no -wal file
		// (or an empty one) every change is in the file itself, and SQLite
		// reads it alone when told it is immutable. It then takes no
		// locks: a writer elsewhere (through a mount that can write) that
		// folded new changes into the file during a read could make the
		// read fail. A writer with changes still in its -wal file keeps
		// this branch from being taken.
		closePool(pool)
		pool, s, err = readOnlyPool(ctx, immutableDSN(abs))
	}
	switch {
	case isNotADB(err):
		err = fmt.Errorf("cache %s is not a SQLite database", db.path)
	case needsShm(err):
		err = fmt.Errorf("%v, and SQLite cannot read the changes in its write-ahead log %s-wal without writing beside it: "+
			"open it once where it can be written", refusal, db.path)
	case err != nil:
		err = fmt.Errorf("open cache %s: %w", db.path, err)
	default:
		err = db.checkReadOnly(s, refusal)
	}
	if err != nil {
		closePool(pool)
		return nil, err
	}
	db.r = pool
	db.r.SetMaxIdleConns(4)
	db.checked, db.refusal = true, refusal // Writable refuses every write
	return db, nil
}

// checkReadOnly says whether a file in state s, which can only be read, is
// a cache this binary can use: one it need not migrate.
func (db *DB) checkReadOnly(s schemaState, refusal error) error {
	ms, err := migrations()
	if err != nil {
		return fmt.Errorf("open cache %s: %w", db.path, err)
	}
	behind, err := db.check(s, len(ms))
	if err == nil && behind {
		err = fmt.Errorf("%v, and its schema is version %d, not %d: open it once where it can be written, to upgrade it",
			refusal, s.version, len(ms))
	}
	return err
}

// readOnlyPool opens a pool with dsn and reads the schema state through it:
// the first read, which fails when the file cannot be read. The pool is
// returned even then, for the caller to close, unless sql.Open failed.
func readOnlyPool(ctx context.Context, dsn string) (*sql.DB, schemaState, error) {
	pool, err := sql.Open("sqlite3", dsn)
	if err != nil {
		return nil, schemaState{}, err
	}
	s, err := readState(ctx, pool)
	return pool, s, err
}

// closePool closes pool, if there is one.
func closePool(pool *sql.DB) {
	if pool != nil {
		pool.Close()
	}
}

// walEmpty reports whether the write-ahead log at path holds nothing: it
// does not exist, or is empty.
func walEmpty(path string) bool {
	fi, err := os.Stat(path)
	return errors.Is(err, fs.ErrNotExist) || err == nil && fi.Size() == 0
}

// needsShm reports whether err is how SQLite refuses to read a WAL file
// opened read-only that has no -shm file beside it and cannot make one:
// "unable to open database file" or "attempt to write a readonly database".
func needsShm(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && (se.Code == sqlite3.ErrCantOpen || se.Code == sqlite3.ErrReadonly)
}
