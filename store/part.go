package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/queensjudge/queensjudge/solver"
)

// Part is what one solve --shard run recorded for one long count: which
// slice of its subproblems it counted. The counts themselves are recorded
// with SaveSubproblems.
type Part struct {
	Key        CacheKey
	Definition string // canonical definition text
	Kind       solver.Kind
	Ask        solver.Ask
	N          int
	ShardI     int  // the slice, 0-based,
	ShardK     int  // of this many
	Total      int  // subproblems in the whole plan
	Done       bool // every subproblem of the slice is counted; false: the run was stopped, its counts are kept
}

// PutPart records p, replacing what was recorded for the same key and
// slice. Safe for concurrent use.
func (db *DB) PutPart(ctx context.Context, p Part) error {
	w, err := db.writer(ctx)
	if err == nil {
		err = putPart(ctx, w, p)
	}
	if err != nil {
		return fmt.Errorf("put part %s %d/%d: %w", p.Key, p.ShardI, p.ShardK, err)
	}
	return nil
}

// execer is a *sql.DB or a *sql.Tx.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func putPart(ctx context.Context, e execer, p Part) error {
	if p.Key.DefHash == "" || p.Key.SolverVersion == "" {
		return errors.New("incomplete key")
	}
	_, err := e.ExecContext(ctx, `INSERT INTO parts
		(def_hash, solver_version, definition, kind, ask, n, shard_i, shard_k, total, done)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (def_hash, solver_version, shard_i, shard_k) DO UPDATE SET
			definition = excluded.definition, kind = excluded.kind, ask = excluded.ask,
			n = excluded.n, total = excluded.total, done = excluded.done`,
		p.Key.DefHash, p.Key.SolverVersion, p.Definition, string(p.Kind), string(p.Ask), p.N,
		p.ShardI, p.ShardK, p.Total, p.Done)
	return err
}

// Parts returns every part recorded in the file, by definition hash, solver
// version and slice. Safe for concurrent use.
func (db *DB) Parts(ctx context.Context) ([]Part, error) {
	parts, err := readParts(ctx, db.r)
	if err != nil {
		return nil, fmt.Errorf("read parts: %w", err)
	}
	return parts, nil
}

func readParts(ctx context.Context, q *sql.DB) ([]Part, error) {
	rows, err := q.QueryContext(ctx, `SELECT def_hash, solver_version, definition, kind, ask, n,
			shard_i, shard_k, total, done
		FROM parts ORDER BY def_hash, solver_version, shard_k, shard_i`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var parts []Part
	for rows.Next() {
		var p Part
		var kind, ask string
		err := rows.Scan(&p.Key.DefHash, &p.Key.SolverVersion, &p.Definition, &kind, &ask, &p.N,
			&p.ShardI, &p.ShardK, &p.Total, &p.Done)
		if err != nil {
			return nil, err
		}
		p.Kind, p.Ask = solver.Kind(kind), solver.Ask(ask)
		parts = append(parts, p)
	}
	return parts, rows.Err()
}

// Merged is one long count put together from its parts.
type Merged struct {
	Part        Part   // the part of slice 0; Done, Total and the definition hold for all
	Sum         uint64 // the sum of the counts of all its subproblems
	Subproblems int    // how many were added up: Part.Total
	// Links are the problems the parts' runs linked to the count's
	// definition, by set and id: where two files link the same set and id,
	// the later link. The caller records them with PutLinks once the
	// answer is stored, which lets show find the answer by id.
	Links []ProblemLink
}

// Merge reads the parts and subproblem counts of the cache files at paths,
// written by solve --shard runs, checks that they make whole counts, and
// records the union of their counts and parts in db, in one transaction.
// For each count, by key, it returns the sum, from which the caller makes
// the answer and Puts it (which removes the counts again), and the links
// the parts hold to its definition.
//
// The files are only read: a missing file is an error, not a new cache, and
// none is migrated. Merge refuses, naming the files, a count whose parts
// disagree on the definition or the number of slices or of subproblems, a
// slice that is missing, unfinished or given twice (even by identical
// files), a subproblem counted in no file, outside the plan, or differently
// by two files or by db, and a sum that overflows 64 bits. It reports every
// problem it finds, and on a refusal db is left unchanged. Parts of
// different solver versions are different keys and are never added up.
func (db *DB) Merge(ctx context.Context, paths []string) ([]Merged, error) {
	if err := checkMergeOut(db.path, paths); err != nil {
		return nil, err
	}
	merged, err := db.merge(ctx, paths)
	if err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	return merged, nil
}

// checkMergeOut refuses out as the cache file to merge parts into when it is
// one of them, however it is named: the same path, another spelling of it, a
// symlink or a hard link (the files are compared by device and inode, not
// by name). Merging into a part would write the whole count into it and
// remove the checkpoints that are its share. The command line's guard
// refuses such an OUT before it is opened (opening a cache may migrate
// it); this is the DB's own last word, for any caller. A part or an out
// that does not exist is not one of the other: Merge reports a missing
// part.
func checkMergeOut(out string, parts []string) error {
	oi, err := os.Stat(out)
	if err != nil {
		return nil
	}
	for _, p := range parts {
		pi, err := os.Stat(p)
		if err != nil || !os.SameFile(oi, pi) {
			continue
		}
		if p == out {
			return fmt.Errorf("merge: OUT %s is one of the parts: name a new file to merge into", out)
		}
		return fmt.Errorf("merge: OUT %s is one of the parts (the same file as %s): name a new file to merge into", out, p)
	}
	return nil
}

// shardPart is a part as one file gave it.
type shardPart struct {
	Part
	path string
}

// shardCounts are the subproblem counts of one key, with the file each
// came from.
type shardCounts struct {
	counts map[int]uint64
	from   map[int]string
}

// sorted returns the counts in the order of the subproblems.
func (sc *shardCounts) sorted() []SubproblemCount {
	out := make([]SubproblemCount, 0, len(sc.counts))
	for _, i := range slices.Sorted(maps.Keys(sc.counts)) {
		out = append(out, SubproblemCount{I: i, Count: sc.counts[i]})
	}
	return out
}

func (db *DB) merge(ctx context.Context, paths []string) ([]Merged, error) {
	if len(paths) == 0 {
		return nil, errors.New("no part files")
	}
	byKey := map[CacheKey][]shardPart{}
	counts := map[CacheKey]*shardCounts{}
	links := map[[2]string]ProblemLink{} // by set and id
	var errs []error
	for _, path := range paths {
		if err := readShard(ctx, path, byKey, counts, links); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if len(byKey) == 0 {
		return nil, errors.New("the files hold no parts of solve --shard runs")
	}

	keys := slices.SortedFunc(maps.Keys(byKey), func(a, b CacheKey) int {
		return cmp.Or(cmp.Compare(a.DefHash, b.DefHash), cmp.Compare(a.SolverVersion, b.SolverVersion))
	})
	var merged []Merged
	for _, key := range keys {
		ls := linksTo(links, key.DefHash)
		m, kerrs := whole(countName(key, ls), byKey[key], counts[key])
		errs = append(errs, kerrs...)
		m.Links = ls
		merged = append(merged, m)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}

	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	for _, m := range merged {
		key := m.Part.Key
		if err := savePlan(ctx, tx, key, m.Part.Total); err != nil {
			return nil, fmt.Errorf("%s: %w", m.Name(), err)
		}
		if err := saveCounts(ctx, tx, key, counts[key].sorted()); err != nil {
			return nil, fmt.Errorf("%s: %w", m.Name(), err)
		}
		for _, p := range byKey[key] {
			if err := putPart(ctx, tx, p.Part); err != nil {
				return nil, fmt.Errorf("%s: part %d/%d: %w", m.Name(), p.ShardI, p.ShardK, err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return merged, nil
}

// readShard adds the parts and counts of the cache file at path to byKey
// and counts, refusing a count that differs from one another file gave, and
// its links to the definitions of its parts to links, where they are later
// than those of the other files.
func readShard(ctx context.Context, path string, byKey map[CacheKey][]shardPart, counts map[CacheKey]*shardCounts, links map[[2]string]ProblemLink) error {
	q, version, err := openShard(ctx, path)
	if err != nil {
		return err
	}
	defer q.Close()
	if version < 2 { // from before parts: it holds none
		return nil
	}
	parts, err := readParts(ctx, q)
	if err != nil {
		return fmt.Errorf("read parts of %s: %w", path, err)
	}
	if err := readPartLinks(ctx, q, links); err != nil {
		return fmt.Errorf("read links of %s: %w", path, err)
	}
	var errs []error
	read := map[CacheKey]bool{}
	for _, p := range parts {
		byKey[p.Key] = append(byKey[p.Key], shardPart{p, path})
		if read[p.Key] { // another slice of the same count in the same file
			continue
		}
		read[p.Key] = true
		total, got, err := readSubproblems(ctx, q, p.Key, version)
		if err != nil {
			return fmt.Errorf("read subproblems %s of %s: %w", p.Key, path, err)
		}
		name := countName(p.Key, linksTo(links, p.Key.DefHash))
		if len(got) > 0 && total != p.Total {
			errs = append(errs, fmt.Errorf("%s: %s plans %d subproblems, its part says %d", name, path, total, p.Total))
		}
		sc := counts[p.Key]
		if sc == nil {
			sc = &shardCounts{counts: map[int]uint64{}, from: map[int]string{}}
			counts[p.Key] = sc
		}
		for _, g := range got {
			i, c := g.I, g.Count
			if had, ok := sc.counts[i]; ok && had != c {
				errs = append(errs, fmt.Errorf("%s: subproblem %d counted %d in %s and %d in %s", name, i, had, sc.from[i], c, path))
				continue
			}
			sc.counts[i], sc.from[i] = c, path
		}
	}
	return errors.Join(errs...)
}

// readPartLinks adds the links of the file q to the definitions of its parts
// to links, keeping the later of two links of the same set and id.
func readPartLinks(ctx context.Context, q *sql.DB, links map[[2]string]ProblemLink) error {
	rows, err := q.QueryContext(ctx, `SELECT set_name, problem_id, def_hash, updated_at FROM links
		WHERE def_hash IN (SELECT def_hash FROM parts)`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var l ProblemLink
		var at string
		if err := rows.Scan(&l.Set, &l.ID, &l.DefHash, &at); err != nil {
			return err
		}
		if l.LinkedAt, err = time.Parse(time.RFC3339Nano, at); err != nil {
			return fmt.Errorf("link %s/%s: updated_at: %w", l.Set, l.ID, err)
		}
		k := [2]string{l.Set, l.ID}
		if had, ok := links[k]; !ok || l.LinkedAt.After(had.LinkedAt) {
			links[k] = l
		}
	}
	return rows.Err()
}

// openShard opens the cache file at path for reading only: it must exist,
// be a queensjudge cache and not be newer than this binary. It returns the
// file's schema version.
func openShard(ctx context.Context, path string) (*sql.DB, int, error) {
	abs, err := filepath.Abs(path)
	if err == nil {
		_, err = os.Stat(abs)
	}
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		err = pe.Err // the path is said once, below
	}
	if err != nil {
		return nil, 0, fmt.Errorf("open part %s: %w", path, err)
	}
	q, err := sql.Open("sqlite3", readOnlyDSN(abs))
	if err != nil {
		return nil, 0, fmt.Errorf("open part %s: %w", path, err)
	}
	ms, err := migrations()
	var s schemaState
	if err == nil {
		s, err = readState(ctx, q)
	}
	switch {
	case isNotADB(err):
		err = fmt.Errorf("part %s is not a SQLite database", path)
	case err != nil:
		err = fmt.Errorf("open part %s: %w", path, err)
	case s.appID != applicationID:
		err = fmt.Errorf("part %s is not a queensjudge cache (application_id %#x)", path, s.appID)
	case s.version > len(ms):
		err = fmt.Errorf("part %s was written by a newer queensjudge (schema %d, this binary knows %d)", path, s.version, len(ms))
	}
	if err != nil {
		q.Close()
		return nil, 0, err
	}
	return q, s.version, nil
}

// whole checks that the parts of the count named name (countName) make a
// whole count and adds it up.
func whole(name string, parts []shardPart, sc *shardCounts) (Merged, []error) {
	var errs []error
	first := parts[0]
	seen := map[int]string{}
	for _, p := range parts {
		switch {
		case p.ShardK != first.ShardK:
			errs = append(errs, fmt.Errorf("%s: %s cuts it in %d slices, %s in %d", name, first.path, first.ShardK, p.path, p.ShardK))
			continue
		case p.Total != first.Total:
			errs = append(errs, fmt.Errorf("%s: %s has %d subproblems, %s has %d", name, first.path, first.Total, p.path, p.Total))
			continue
		case p.Definition != first.Definition || p.Kind != first.Kind || p.Ask != first.Ask || p.N != first.N:
			errs = append(errs, fmt.Errorf("%s: %s and %s give different definitions", name, first.path, p.path))
			continue
		case !p.Done:
			errs = append(errs, fmt.Errorf("%s: slice %d/%d in %s is not finished", name, p.ShardI, p.ShardK, p.path))
		}
		if had := seen[p.ShardI]; had != "" {
			errs = append(errs, fmt.Errorf("%s: slice %d/%d given twice (%s and %s)", name, p.ShardI, p.ShardK, had, p.path))
			continue
		}
		seen[p.ShardI] = p.path
	}
	for i := range first.ShardK {
		if seen[i] == "" {
			errs = append(errs, fmt.Errorf("%s: slice %d/%d is missing", name, i, first.ShardK))
		}
	}
	m := Merged{Part: first.Part, Subproblems: len(sc.counts)}
	for _, p := range parts {
		if p.ShardI == 0 && p.ShardK == first.ShardK {
			m.Part = p.Part
			break
		}
	}
	var missing []int
	for i := range first.Total {
		if _, ok := sc.counts[i]; !ok {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		errs = append(errs, fmt.Errorf("%s: %d of %d subproblems counted; not %s", name, first.Total-len(missing), first.Total, sample(missing)))
	}
	for _, i := range slices.Sorted(maps.Keys(sc.counts)) {
		if i >= first.Total {
			errs = append(errs, fmt.Errorf("%s: subproblem %d in %s is outside a plan of %d", name, i, sc.from[i], first.Total))
			break
		}
	}
	for _, c := range sc.counts {
		var carry uint64
		if m.Sum, carry = bits.Add64(m.Sum, c, 0); carry != 0 {
			errs = append(errs, fmt.Errorf("%s: the sum of the counts overflows 64 bits", name))
			break
		}
	}
	return m, errs
}

// linksTo returns the links to defHash among links, by set and id.
func linksTo(links map[[2]string]ProblemLink, defHash string) []ProblemLink {
	var ls []ProblemLink
	for _, l := range links {
		if l.DefHash == defHash {
			ls = append(ls, l)
		}
	}
	slices.SortFunc(ls, func(a, b ProblemLink) int {
		return cmp.Or(cmp.Compare(a.Set, b.Set), cmp.Compare(a.ID, b.ID))
	})
	return ls
}

// Name names the count for a message: by the problems the parts link to
// it, then its key.
func (m Merged) Name() string { return countName(m.Part.Key, m.Links) }

// countName names the count under key, which links point to, for a
// message: problem "q16" of set "s" (80997abf2d65@4), or count
// 80997abf2d65@4 when no problem links to it.
func countName(key CacheKey, links []ProblemLink) string {
	if len(links) == 0 {
		return "count " + key.String()
	}
	var b strings.Builder
	b.WriteString("problem ")
	for k, l := range links {
		if k > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q of set %q", l.ID, l.Set)
	}
	fmt.Fprintf(&b, " (%s)", key)
	return b.String()
}

// sample lists the first few of is, for a message.
func sample(is []int) string {
	const most = 5
	var b strings.Builder
	for k, i := range is[:min(len(is), most)] {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(i))
	}
	if len(is) > most {
		fmt.Fprintf(&b, " and %d more", len(is)-most)
	}
	return b.String()
}
