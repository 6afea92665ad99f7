package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	// Nothing here has golden files or long checks, but every package's
	// tests accept -update and -long, so that go test ./... -update works.
	_ "github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/solver"
)

// openTemp opens a cache in a fresh file under t.TempDir and closes it when
// the test ends.
func openTemp(t *testing.T) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "cache.db")
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := db.Close(); err != nil {
			t.Error(err)
		}
	})
	return db, path
}

// hash returns the hex SHA-256 of def, as the problems package keys results.
func hash(def string) string {
	sum := sha256.Sum256([]byte(def))
	return hex.EncodeToString(sum[:])
}

// countResult returns an nqueens count result for n under the current
// solver version.
func countResult(n int, count uint64) Result {
	def := fmt.Sprintf("kind: nqueens\nn: %d\nask: count\n", n)
	return Result{
		Key:        CacheKey{DefHash: hash(def), SolverVersion: solver.Version},
		Definition: def,
		Kind:       solver.NQueens,
		Ask:        solver.AskCount,
		N:          n,
		Answer:     solver.Answer{Count: count},
		Seconds:    0.25,
		SolvedAt:   time.Date(2026, 3, 14, 15, 9, 26, 535897932, time.UTC),
	}
}

// raw opens the file without the store, to inspect or tamper with it.
func raw(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func pragma(t *testing.T, db *sql.DB, name string) int {
	t.Helper()
	var v int
	if err := db.QueryRow("PRAGMA " + name).Scan(&v); err != nil {
		t.Fatalf("PRAGMA %s: %v", name, err)
	}
	return v
}

func TestMigrations(t *testing.T) {
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) == 0 {
		t.Fatal("no migrations embedded")
	}
	for i, m := range ms {
		if m.version != i+1 {
			t.Errorf("migration %s has version %d, want %d", m.name, m.version, i+1)
		}
	}
}

func TestOpenReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "cache.db")
	want := countResult(27, 234907967154122528)
	for i := range 3 {
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatalf("open %d: %v", i+1, err)
		}
		if i == 0 {
			if err := db.Put(ctx, want, nil); err != nil {
				t.Fatal(err)
			}
		}
		got, ok, err := db.Result(ctx, want.Key)
		if err != nil || !ok || got.Answer.Count != want.Answer.Count {
			t.Errorf("open %d: Result = %d, %v, %v; want %d, true, nil", i+1, got.Answer.Count, ok, err, want.Answer.Count)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
	}
	ms, _ := migrations()
	r := raw(t, path)
	if got := pragma(t, r, "user_version"); got != len(ms) {
		t.Errorf("user_version = %d, want %d", got, len(ms))
	}
	if got := pragma(t, r, "application_id"); got != applicationID {
		t.Errorf("application_id = %#x, want %#x", got, applicationID)
	}
}

// TestOpenMakesNoDirectory opens a cache in a directory that does not
// exist: an error names the directory, and none is made. OpenDefault makes
// the directory of the default cache, mode 0700.
func TestOpenMakesNoDirectory(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	missing := filepath.Join(dir, "deep", "er")
	_, err := Open(ctx, filepath.Join(missing, "cache.db"))
	if want := "no directory " + missing; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Open in a missing directory = %v, want an error with %q", err, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "deep")); err == nil {
		t.Error("Open made the missing directory")
	}

	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "xdg")) // Linux and BSD
	t.Setenv("HOME", filepath.Join(dir, "home"))          // macOS: ~/Library/Caches
	db, err := OpenDefault(ctx)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	path, _ := DefaultPath()
	info, err := os.Stat(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	if perm := info.Mode().Perm(); perm != 0o700 {
		t.Errorf("default cache directory mode = %v, want 0700", perm)
	}
}

func TestOpenOddPath(t *testing.T) {
	ctx := context.Background()
	// Characters that mean something in a URI or a DSN.
	path := filepath.Join(t.TempDir(), "a?b#c%41 d&e=f", "c?ache#1%2F.db")
	if err := os.Mkdir(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	want := countResult(8, 92)
	if err := db.Put(ctx, want, nil); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("cache not at the path given: %v", err)
	}
	db, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, ok, err := db.Result(ctx, want.Key); !ok || err != nil {
		t.Errorf("Result after reopen = %v, %v; want true, nil", ok, err)
	}
}

func TestOpenNewerSchema(t *testing.T) {
	ctx := context.Background()
	_, path := openTemp(t)
	r := raw(t, path)
	if _, err := r.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	r.Close()
	ms, _ := migrations()
	_, err := Open(ctx, path)
	want := fmt.Sprintf("cache %s was written by a newer queensjudge (schema 99, this binary knows %d)", path, len(ms))
	if err == nil || err.Error() != want {
		t.Errorf("Open = %v, want %q", err, want)
	}
}

func TestOpenNotACache(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()

	junk := filepath.Join(dir, "junk.db")
	content := []byte(strings.Repeat("name: spring-cup\nproblems: []\n", 200))
	if err := os.WriteFile(junk, content, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Open(ctx, junk)
	if want := "cache " + junk + " is not a SQLite database"; err == nil || err.Error() != want {
		t.Errorf("Open(junk) = %v, want %q", err, want)
	}
	if got, _ := os.ReadFile(junk); string(got) != string(content) {
		t.Errorf("Open(junk) changed the file")
	}

	foreign := filepath.Join(dir, "foreign.db")
	r := raw(t, foreign)
	if _, err := r.Exec("CREATE TABLE people (name TEXT)"); err != nil {
		t.Fatal(err)
	}
	r.Close()
	_, err = Open(ctx, foreign)
	if want := "cache " + foreign + " is a SQLite database of another program"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Open(foreign) = %v, want %q...", err, want)
	}

	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := Open(ctx, empty)
	if err != nil {
		t.Fatalf("Open(empty file) = %v, want a new cache", err)
	}
	db.Close()

	if _, err := Open(ctx, ""); err == nil {
		t.Error("Open(\"\") succeeded")
	}
}

func TestDefaultPath(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir) // Linux and BSD
	t.Setenv("HOME", dir)           // macOS: ~/Library/Caches
	got, err := DefaultPath()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(got, dir) || !strings.HasSuffix(got, filepath.Join("queensjudge", "cache.db")) {
		t.Errorf("DefaultPath() = %s, want %s/.../queensjudge/cache.db", got, dir)
	}
}

// TestTwoHandles opens two DBs on one fresh file at once, as two processes
// would, and writes from several goroutines on each: no "database is
// locked", no lost result.
func TestTwoHandles(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "cache.db")
	const (
		handles    = 2
		goroutines = 4
		puts       = 25
	)
	dbs := make([]*DB, handles)
	var wg sync.WaitGroup
	errs := make(chan error, handles*goroutines*puts*2)
	for h := range dbs {
		wg.Go(func() {
			db, err := Open(ctx, path)
			if err != nil {
				errs <- err
				return
			}
			dbs[h] = db
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	defer func() {
		for _, db := range dbs {
			db.Close()
		}
	}()

	errs = make(chan error, handles*goroutines*puts*2)
	for h, db := range dbs {
		for g := range goroutines {
			wg.Go(func() {
				for i := range puts {
					n := (h*goroutines+g)*puts + i
					r := solutionsResult(fmt.Sprint(n), 10)
					if err := db.Put(ctx, r, placements(10)); err != nil {
						errs <- err
					}
					if err := db.Link(ctx, fmt.Sprint("set", h), fmt.Sprint("p", n), r.Key.DefHash); err != nil {
						errs <- err
					}
					// Another goroutine replaces one shared result all along.
					if err := db.Put(ctx, countResult(12, uint64(14200)), nil); err != nil {
						errs <- err
					}
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for n := range handles * goroutines * puts {
		db := dbs[n%handles]
		entries, err := db.Lookup(ctx, "", fmt.Sprint("p", n))
		if err != nil || len(entries) != 1 || !entries[0].OK || entries[0].Result.Answer.Count != 10 {
			t.Fatalf("Lookup(p%d) = %+v, %v; want one entry with 10 solutions", n, entries, err)
		}
		k := 0
		for _, err := range db.Solutions(ctx, entries[0].Result.Key) {
			if err != nil {
				t.Fatal(err)
			}
			k++
		}
		if k != 10 {
			t.Errorf("p%d has %d solutions, want 10", n, k)
		}
	}
}
