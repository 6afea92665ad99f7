// Package store keeps solved answers in a SQLite file, keyed by the content
// hash of a problem's canonical definition and the solver version, so that
// identical problems in different sets share a result and an edited problem
// or a new solver is solved afresh. It also remembers which definition each
// (set, problem id) had when it was last solved, so answers can be looked up
// by id without the problem set.
//
// Store owns the cache file: its schema (numbered, embedded migrations in
// schema/NNNN_name.sql, applied above PRAGMA user_version), its SQL and its
// connection settings. It is the only package that knows SQL or imports the
// SQLite driver. It knows the solver's answer types, but nothing of problem
// sets, YAML, judging or the command line: the caller computes the hash and
// the canonical definition text and hands them in.
//
// A DB is safe for concurrent use, and several processes may use the same
// file at once: the file is in WAL mode, so reads never wait, and writes take
// the write lock at BEGIN and wait up to five seconds for it.
//
// Every write asks Writable first: a file this process cannot write is
// opened for reading only, and a file SQLite's quick check finds damaged is
// read but never written.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/mattn/go-sqlite3"
)

// DB is an open cache file. It is safe for concurrent use.
type DB struct {
	path string
	// w holds the one connection this process writes through: SQLite has
	// one writer at a time, and queueing writers here rather than in the
	// busy handler keeps them off the five-second busy timeout.
	w *sql.DB
	// r serves reads; in WAL mode they run beside the writer.
	r *sql.DB

	mu      sync.Mutex // guards checked and refusal
	checked bool       // Writable has found out
	refusal error      // why the file must not be written, or nil
}

// busyTimeout is how long, in milliseconds, a connection waits for another
// process's write lock before it reports "database is locked".
const busyTimeout = 5000

// DefaultPath returns the cache file used when none is named:
// queensjudge/cache.db under the user cache directory. It fails when the
// system has no cache directory ($HOME and $XDG_CACHE_HOME unset).
func DefaultPath() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("default cache path: %w", err)
	}
	return filepath.Join(dir, "queensjudge", "cache.db"), nil
}

// OpenDefault opens the cache at DefaultPath as Open does, creating its
// directory first (mode 0700: before a contest the answers are secret) when
// it does not exist.
func OpenDefault(ctx context.Context) (*DB, error) {
	path, err := DefaultPath()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("open cache %s: %w", path, err)
	}
	return Open(ctx, path)
}

// Open opens the cache at path, creating the file when it does not exist,
// and brings its schema up to date. The directory must exist: a mistyped
// path makes no directories. It refuses a file that is not a SQLite
// database, a SQLite database of another program, and a cache written by a
// newer queensjudge, whose schema this binary does not know.
//
// A file this process cannot write (its permissions, or a read-only file
// system) is opened for reading: every write is refused with an error
// wrapping ErrReadOnly (see Writable), and ReadOnly reports it. Such a file
// must have the current schema, as it cannot be migrated. The caller must
// Close the DB.
func Open(ctx context.Context, path string) (*DB, error) {
	db, err := open(ctx, path)
	if isCorrupt(err) && !errors.Is(err, ErrDamaged) {
		// A file cut short, or damaged where SQLite reads it to open it,
		// cannot be checked: it is damaged, and said to be.
		var se sqlite3.Error
		errors.As(err, &se)
		return nil, &damagedError{path: path, findings: []string{se.Error()}, opening: true}
	}
	return db, err
}

func open(ctx context.Context, path string) (*DB, error) {
	if path == "" {
		return nil, errors.New("open cache: empty path")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("open cache %s: %w", path, err)
	}
	db := &DB{path: path}
	why, err := db.access(abs)
	if err != nil {
		return nil, err
	}
	if why != nil {
		return db.openReadOnly(ctx, abs, why)
	}
	if db.w, err = db.open(ctx, abs); err != nil {
		return nil, err
	}
	db.w.SetMaxOpenConns(1)
	db.w.SetMaxIdleConns(1)
	// The readers open before the migrations: Writable checks the file
	// through them before a migration writes.
	if db.r, err = db.open(ctx, abs); err != nil {
		db.w.Close()
		return nil, err
	}
	// No limit on readers: a Solutions sequence holds a connection while
	// its consumer runs, and the consumer may read more.
	db.r.SetMaxIdleConns(4)
	if err := db.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// ErrDamaged is wrapped by the error of a write to a cache file that
// SQLite's quick check finds damaged.
var ErrDamaged = errors.New("damaged")

// damagedError says what SQLite's check found in a damaged cache, or
// what kept SQLite from opening it.
type damagedError struct {
	path     string
	findings []string // as SQLite words them
	opening  bool     // found opening the file, not by a check
}

func (e *damagedError) Error() string {
	first, more := e.findings[0], len(e.findings)-1
	for i, f := range e.findings {
		if !strings.HasPrefix(f, "***") { // "*** in database main ***" heads the list
			first, more = f, len(e.findings)-1-i
			break
		}
	}
	if more > 0 {
		first += fmt.Sprintf(", and %d more", more)
	}
	if e.opening {
		return fmt.Sprintf("cache %s is damaged: SQLite cannot open it (%s)", e.path, first)
	}
	return fmt.Sprintf("cache %s is damaged (SQLite's quick check: %s)", e.path, first)
}

func (e *damagedError) Unwrap() error { return ErrDamaged }

// Writable reports whether the cache file may be written: nil, an error
// wrapping ErrReadOnly when the file was opened for reading only, or an
// error wrapping ErrDamaged when SQLite's quick check (PRAGMA quick_check)
// finds it damaged. Every write of a DB asks it first, so that a damaged
// file is left as it is, not damaged further; a caller about to write asks
// it up front, to refuse before it does any work. The check reads the whole
// file (a 54 MB cache took 0.16 s with the file in the page cache) and runs
// once per DB: a file damaged while a DB is open is found by the next one.
// Safe for concurrent use.
func (db *DB) Writable(ctx context.Context) error {
	db.mu.Lock()
	defer db.mu.Unlock()
	if db.checked {
		return db.refusal
	}
	findings, err := sqliteCheck(ctx, db.r, "quick_check")
	if err != nil {
		return fmt.Errorf("check cache %s: %w", db.path, err)
	}
	db.checked = true
	if len(findings) > 0 {
		db.refusal = &damagedError{path: db.path, findings: findings}
	}
	return db.refusal
}

// writer returns the pool to write through, once Writable allows it.
func (db *DB) writer(ctx context.Context) (*sql.DB, error) {
	if err := db.Writable(ctx); err != nil {
		return nil, err
	}
	return db.w, nil
}

// begin starts a write transaction (BEGIN IMMEDIATE: the write lock), once
// Writable allows it.
func (db *DB) begin(ctx context.Context) (*sql.Tx, error) {
	w, err := db.writer(ctx)
	if err != nil {
		return nil, err
	}
	return w.BeginTx(ctx, nil)
}

// sqliteCheck runs PRAGMA integrity_check or quick_check on q and returns
// what it finds, one problem a line; none when the file is sound. A row may
// hold several lines. SQLite may also stop the check part way with
// "database disk image is malformed": that is a finding too, not an error.
func sqliteCheck(ctx context.Context, q *sql.DB, pragma string) ([]string, error) {
	var findings []string
	stopped := func(err error) {
		findings = append(findings, "(the check stopped: "+err.Error()+")")
	}
	rows, err := q.QueryContext(ctx, "PRAGMA "+pragma)
	if isCorrupt(err) {
		stopped(err)
		return findings, nil
	}
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var text string
		if err := rows.Scan(&text); err != nil {
			return nil, err
		}
		for line := range strings.Lines(text) {
			if line = strings.TrimRight(line, "\r\n"); line != "ok" && line != "" {
				findings = append(findings, line)
			}
		}
	}
	if err := rows.Err(); isCorrupt(err) {
		stopped(err)
	} else if err != nil {
		return nil, err
	}
	return findings, nil
}

// isCorrupt reports whether err is SQLite's "database disk image is
// malformed".
func isCorrupt(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && se.Code == sqlite3.ErrCorrupt
}

// open opens a pool on the file at abs and checks that the settings in the
// DSN took: SQLite ignores a mistyped key silently.
func (db *DB) open(ctx context.Context, abs string) (*sql.DB, error) {
	pool, err := sql.Open("sqlite3", dsn(abs))
	if err != nil {
		return nil, fmt.Errorf("open cache %s: %w", db.path, err)
	}
	var (
		mode    string
		fk      int
		timeout int
	)
	err = connect(ctx, pool)
	if err == nil {
		err = pool.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode)
	}
	if err == nil {
		err = pool.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk)
	}
	if err == nil {
		err = pool.QueryRowContext(ctx, `PRAGMA busy_timeout`).Scan(&timeout)
	}
	switch {
	case isNotADB(err):
		err = fmt.Errorf("cache %s is not a SQLite database", db.path)
	case err != nil:
		err = fmt.Errorf("open cache %s: %w", db.path, err)
	case !strings.EqualFold(mode, "wal"):
		err = fmt.Errorf("open cache %s: journal mode is %s, want wal", db.path, mode)
	case fk != 1:
		err = fmt.Errorf("open cache %s: foreign keys are off", db.path)
	case timeout != busyTimeout:
		err = fmt.Errorf("open cache %s: busy timeout is %d ms, want %d", db.path, timeout, busyTimeout)
	}
	if err != nil {
		pool.Close()
		return nil, err
	}
	return pool, nil
}

// connect makes the pool's first connection. The driver sets journal_mode
// to WAL as it connects; turning a new file to WAL takes an exclusive lock,
// and SQLite reports a busy file at once there instead of calling the busy
// handler. So two processes opening a new cache together would see
// "database is locked": connect retries for as long as the busy timeout.
func connect(ctx context.Context, pool *sql.DB) error {
	deadline := time.Now().Add(busyTimeout * time.Millisecond)
	for wait := time.Millisecond; ; wait = min(2*wait, 50*time.Millisecond) {
		err := pool.PingContext(ctx)
		if !isBusy(err) || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
}

// dsn returns the driver's name for the file at the absolute path abs, with
// the per-connection settings. The path is escaped so that '?', '#', '%'
// and spaces in it are read as part of the name.
func dsn(abs string) string {
	return fmt.Sprintf("%s?_journal_mode=WAL&_busy_timeout=%d&_foreign_keys=on&_txlock=immediate",
		fileURI(abs), busyTimeout)
}

// readOnlyDSN returns the driver's name for reading the file at abs without
// writing to it: no journal mode is set and no schema is migrated.
func readOnlyDSN(abs string) string {
	return fmt.Sprintf("%s?mode=ro&_busy_timeout=%d", fileURI(abs), busyTimeout)
}

// immutableDSN returns the driver's name for reading the file at abs as a
// file that nothing changes: SQLite takes no locks and reads no -wal file.
func immutableDSN(abs string) string {
	return fmt.Sprintf("%s?mode=ro&immutable=1", fileURI(abs))
}

// fileURI returns the file: URI of the absolute path abs.
func fileURI(abs string) string {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive: file:///C:/...
	}
	return "file://" + (&url.URL{Path: p}).EscapedPath()
}

// isBusy reports whether err is SQLite's "database is locked".
func isBusy(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && (se.Code == sqlite3.ErrBusy || se.Code == sqlite3.ErrLocked)
}

// isNotADB reports whether err is SQLite's "file is not a database".
func isNotADB(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && se.Code == sqlite3.ErrNotADB
}

// ReadOnly reports whether the cache was opened for reading only, because
// this process cannot write the file.
func (db *DB) ReadOnly() bool { return db.w == nil }

// Path returns the path of the cache file, as Open was given it.
func (db *DB) Path() string { return db.path }

// Close closes the cache. Sequences from Solutions must be finished first.
func (db *DB) Close() error {
	var err error
	if db.r != nil {
		err = db.r.Close()
	}
	if db.w != nil {
		err = errors.Join(err, db.w.Close())
	}
	if err != nil {
		return fmt.Errorf("close cache %s: %w", db.path, err)
	}
	return nil
}
