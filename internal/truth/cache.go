package truth

import (
	"context"
	"errors"
	"fmt"
	"iter"

	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// Cache is an open cache file: the answers, the links from problem ids to
// them and the kept judgements. Safe for concurrent use.
type Cache struct{ db *store.DB }

// DefaultPath returns the cache file used when none is named.
func DefaultPath() (string, error) { return store.DefaultPath() }

// Open opens the cache at path, or the default cache when path is "" (the
// only one whose directory is made when missing). The caller must Close it.
func Open(ctx context.Context, path string) (*Cache, error) {
	var (
		db  *store.DB
		err error
	)
	if path == "" {
		db, err = store.OpenDefault(ctx)
	} else {
		db, err = store.Open(ctx, path)
	}
	if errors.Is(err, store.ErrDamaged) {
		// Too damaged to open, so doctor cannot look into it either.
		return nil, fmt.Errorf("%w: every answer can be solved again into a new cache (move this file aside, or --db NEW.db); "+
			"judgements cannot: copy out what can still be read first (docs/commands.md: \"A damaged cache\")", err)
	}
	if err != nil {
		return nil, err
	}
	return &Cache{db: db}, nil
}

// Close closes the cache.
func (c *Cache) Close() error { return c.db.Close() }

// Path is the cache file's path.
func (c *Cache) Path() string { return c.db.Path() }

// Source returns the ground truth of this cache, solving what it lacks as
// opt says.
func (c *Cache) Source(opt Options) *Source { return New(c.db, opt) }

// Reader returns the ground truth of this cache that stores nothing: what
// the cache holds is read (unless opt.Force), the rest solved and kept in
// memory only. For what must leave the cache as it was (regrade
// --dry-run), or cannot write it (a validator on a read-only cache).
func (c *Cache) Reader(opt Options) *Source {
	s := New(c.db, opt)
	s.keep = false
	return s
}

// Writable refuses, before any work, a command that writes to the cache
// when the cache may not be written, saying why and what to do. readOnlyOK
// lets a read-only cache through, for a command that can do with what is
// cached: what it would have to store is refused where it comes up.
func (c *Cache) Writable(ctx context.Context, readOnlyOK bool) error {
	err := c.db.Writable(ctx)
	if err == nil || readOnlyOK && errors.Is(err, store.ErrReadOnly) {
		return nil
	}
	return Refusal(err)
}

// Refusal adds to the error of a write that the cache refused what to do
// about it.
func Refusal(err error) error {
	switch {
	case errors.Is(err, store.ErrDamaged):
		return fmt.Errorf("%w; nothing was written to it: run queensjudge doctor", err)
	case errors.Is(err, store.ErrReadOnly):
		return fmt.Errorf("%w: it can be read, not written", err)
	}
	return err
}

// Lookup returns what the cache knows of problem id in set, or in every set
// that has it when set is "". An id never solved gives no entries and no
// error. The results are heads: Placement reads a placement.
func (c *Cache) Lookup(ctx context.Context, set, id string) ([]store.Entry, error) {
	return c.db.Lookup(ctx, set, id)
}

// Progress reports how far the count under key has got in this cache
// when it has no answer: the subproblems an interrupted count kept, and the
// slices solve --shard runs counted into it. A key with neither gives a
// zero CountState.
func (c *Cache) Progress(ctx context.Context, key store.CacheKey) (store.Progress, error) {
	return c.db.Progress(ctx, key)
}

// Runs returns the counts in progress in this cache, in this process or
// another (see store.Run).
func (c *Cache) Runs(ctx context.Context) ([]store.Run, error) {
	return c.db.LiveRuns(ctx)
}

// EndedRuns returns the records of the counts whose process ended
// without removing them (see store.Run.Live): killed, or their machine
// went down. The next run goes on from what they kept.
func (c *Cache) EndedRuns(ctx context.Context) ([]store.Run, error) {
	return c.db.EndedRuns(ctx)
}

// Placement reads the placement of the AskPlacement answer under key, nil
// when none exists: Lookup's entries and Source.Solve's outcomes leave it
// in the cache. A key with no answer is an error.
func (c *Cache) Placement(ctx context.Context, key store.CacheKey) (*solver.Placement, error) {
	return c.db.Placement(ctx, key)
}

// Solutions streams the placements of the solutions answer under key.
func (c *Cache) Solutions(ctx context.Context, key store.CacheKey) iter.Seq2[solver.Placement, error] {
	return c.db.Solutions(ctx, key)
}

// Attempts returns the attempts kept for set: each judged answer with its verdict.
func (c *Cache) Attempts(ctx context.Context, set string) ([]store.Attempt, error) {
	return c.db.Attempts(ctx, set)
}

// Keep keeps judgements, one per attempt, replacing every attempt kept for
// the same set, team and problem.
func (c *Cache) Keep(ctx context.Context, js []store.Attempt) error {
	return c.db.PutAttempts(ctx, js)
}

// Checkup runs SQLite's integrity check and reports what is stale or left
// over, for this solver version. It changes nothing.
func (c *Cache) Checkup(ctx context.Context) (store.Report, error) {
	return c.db.Doctor(ctx, solver.Version)
}

// Fix removes what is safe to remove (see store.DB.Fix) and says how many
// rows went.
func (c *Cache) Fix(ctx context.Context) (removed int, err error) {
	removed, err = c.db.Fix(ctx, solver.Version)
	return removed, Refusal(err)
}

// SchemaVersion is the schema version of the caches this binary makes and
// reads: a cache with a newer one is refused.
func SchemaVersion() int { return store.SchemaVersion() }

// KeepAll keeps the judgements js gives, as Keep does, in one transaction,
// without holding them all: a contest's judgements, read back a team at a
// time. An error js gives stops it, and nothing is kept.
func (c *Cache) KeepAll(ctx context.Context, js iter.Seq2[store.Attempt, error]) error {
	return c.db.PutAttemptsFrom(ctx, js)
}
