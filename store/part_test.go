package store

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/queensjudge/queensjudge/solver"
)

// shard describes a cache file that one solve --shard run leaves.
type shard struct {
	key      CacheKey
	i, k     int
	total    int
	done     bool
	def      string
	count    func(s int) uint64 // the count of subproblem s
	skip     int                // a subproblem of the slice not counted, or -1
	keepOpen bool               // leave the writer open, its changes in the WAL
}

// subproblemCount is the count the shards of the tests give subproblem s.
func subproblemCount(s int) uint64 { return uint64(1000 + s*s) }

// write makes the cache file at path as the shard run sh would: the
// counts of the subproblems s ≡ i (mod k), then its part.
func (sh shard) write(t *testing.T, path string) {
	t.Helper()
	ctx := context.Background()
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if sh.keepOpen {
		t.Cleanup(func() { db.Close() })
	} else {
		defer db.Close()
	}
	if sh.count == nil {
		sh.count = subproblemCount
	}
	if sh.def == "" {
		sh.def = "kind: nqueens\nn: 12\nask: count\n"
	}
	counts := map[int]uint64{}
	for s := sh.i; s < sh.total; s += sh.k {
		if s != sh.skip {
			counts[s] = sh.count(s)
		}
	}
	if len(counts) > 0 {
		if err := db.SaveSubproblems(ctx, sh.key, sh.total, counted(counts)); err != nil {
			t.Fatal(err)
		}
	}
	p := Part{Key: sh.key, Definition: sh.def, Kind: solver.NQueens, Ask: solver.AskCount, N: 12,
		ShardI: sh.i, ShardK: sh.k, Total: sh.total, Done: sh.done}
	if err := db.PutPart(ctx, p); err != nil {
		t.Fatal(err)
	}
}

// shards writes the k finished shards of a count of total subproblems under
// key into dir and returns their paths.
func shards(t *testing.T, dir string, key CacheKey, k, total int) []string {
	t.Helper()
	var paths []string
	for i := range k {
		path := filepath.Join(dir, fmt.Sprintf("%s-part%d.db", key.SolverVersion, i))
		shard{key: key, i: i, k: k, total: total, done: true, skip: -1}.write(t, path)
		paths = append(paths, path)
	}
	return paths
}

func sumCounts(total int) uint64 {
	var sum uint64
	for s := range total {
		sum += subproblemCount(s)
	}
	return sum
}

func TestMerge(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	key := CacheKey{DefHash: "h", SolverVersion: "1"}
	const k, total = 3, 10
	paths := shards(t, dir, key, k, total)
	before := map[string][]byte{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		before[p] = b
	}

	out := openNamed(t, "out.db")
	merged, err := out.Merge(ctx, paths)
	if err != nil {
		t.Fatal(err)
	}
	if len(merged) != 1 || merged[0].Sum != sumCounts(total) || merged[0].Subproblems != total ||
		merged[0].Part.ShardI != 0 || merged[0].Part.Key != key || !merged[0].Part.Done {
		t.Errorf("Merge = %+v, want sum %d of %d subproblems", merged, sumCounts(total), total)
	}
	gotTotal, counts, err := countMap(out.Subproblems(ctx, key))
	if err != nil || gotTotal != total || len(counts) != total || counts[7] != subproblemCount(7) {
		t.Errorf("merged Subproblems = %d, %v, %v; want all %d", gotTotal, counts, err, total)
	}
	parts, err := out.Parts(ctx)
	if err != nil || len(parts) != k {
		t.Errorf("merged Parts = %+v, %v; want %d", parts, err, k)
	}
	// Merging the same parts again changes nothing and is no error.
	if _, err := out.Merge(ctx, paths); err != nil {
		t.Errorf("Merge again: %v", err)
	}
	for _, p := range paths {
		if b, _ := os.ReadFile(p); !bytes.Equal(b, before[p]) {
			t.Errorf("Merge changed the part file %s", p)
		}
	}
	// The answer, once Put, makes the merged counts unneeded.
	r := Result{Key: key, Definition: merged[0].Part.Definition, Kind: solver.NQueens, Ask: solver.AskCount, N: 12, Answer: solver.Answer{Count: merged[0].Sum}}
	if err := out.Put(ctx, r, nil); err != nil {
		t.Fatal(err)
	}
	if n, counts, _ := countMap(out.Subproblems(ctx, key)); n != 0 || len(counts) != 0 {
		t.Errorf("after Put: %d of %d subproblems left", len(counts), n)
	}
}

// TestMergeOpenWriter merges a part whose writer is still open, its last
// transactions in the WAL file only.
func TestMergeOpenWriter(t *testing.T) {
	dir := t.TempDir()
	key := CacheKey{DefHash: "h", SolverVersion: "1"}
	var paths []string
	for i := range 2 {
		path := filepath.Join(dir, fmt.Sprintf("part%d.db", i))
		shard{key: key, i: i, k: 2, total: 6, done: true, skip: -1, keepOpen: true}.write(t, path)
		paths = append(paths, path)
	}
	merged, err := openNamed(t, "out.db").Merge(context.Background(), paths)
	if err != nil || len(merged) != 1 || merged[0].Sum != sumCounts(6) {
		t.Errorf("Merge = %+v, %v; want sum %d", merged, err, sumCounts(6))
	}
}

// TestMergeVersions merges the parts of the same definition solved by two
// solver versions: they are two counts, each whole or not on its own.
func TestMergeVersions(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	v1 := CacheKey{DefHash: "h", SolverVersion: "1"}
	v2 := CacheKey{DefHash: "h", SolverVersion: "2"}
	p1 := shards(t, dir, v1, 3, 10)
	p2 := shards(t, dir, v2, 2, 7)
	out := openNamed(t, "out.db")
	merged, err := out.Merge(ctx, append(append([]string{}, p2...), p1...))
	if err != nil {
		t.Fatal(err)
	}
	if len(merged) != 2 || merged[0].Part.Key != v1 || merged[0].Sum != sumCounts(10) ||
		merged[1].Part.Key != v2 || merged[1].Sum != sumCounts(7) {
		t.Errorf("Merge = %+v, want %s summing %d and %s summing %d", merged, v1, sumCounts(10), v2, sumCounts(7))
	}
	// v1 whole and v2 short of a slice: refused, naming v2 only.
	_, err = openNamed(t, "out2.db").Merge(ctx, append(append([]string{}, p1...), p2[0]))
	if err == nil || !strings.Contains(err.Error(), v2.String()+": slice 1/2 is missing") || strings.Contains(err.Error(), v1.String()+":") {
		t.Errorf("Merge with a slice of %s missing: %v", v2, err)
	}
}

func TestMergeRefuses(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	key := CacheKey{DefHash: "h", SolverVersion: "1"}
	const k, total = 3, 10
	paths := shards(t, dir, key, k, total)
	other := func(name string, sh shard) string {
		path := filepath.Join(dir, name)
		sh.key = key
		if sh.k == 0 {
			sh.k, sh.total, sh.skip = k, total, -1
		}
		sh.write(t, path)
		return path
	}
	copyOf := filepath.Join(dir, "copy.db")
	if b, err := os.ReadFile(paths[1]); err != nil {
		t.Fatal(err)
	} else if err := os.WriteFile(copyOf, b, 0o600); err != nil {
		t.Fatal(err)
	}
	withPart := func(i int, path string) []string {
		ps := append([]string{}, paths...)
		ps[i] = path
		return ps
	}
	noParts := filepath.Join(dir, "empty.db")
	if db, err := Open(ctx, noParts); err != nil {
		t.Fatal(err)
	} else {
		db.Close()
	}
	notACache := filepath.Join(dir, "junk.db")
	if err := os.WriteFile(notACache, bytes.Repeat([]byte("junk"), 1024), 0o600); err != nil {
		t.Fatal(err)
	}
	huge := func(int) uint64 { return math.MaxUint64 }

	tests := []struct {
		name  string
		paths []string
		err   string
	}{
		{"no files", nil, "no part files"},
		{"missing slice", paths[:2], "slice 2/3 is missing"},
		{"same file twice", append(append([]string{}, paths...), paths[1]), "slice 1/3 given twice"},
		{"identical copy", append(append([]string{}, paths...), copyOf), "slice 1/3 given twice"},
		{"not finished", withPart(1, other("unfinished.db", shard{i: 1})), "slice 1/3 in " + filepath.Join(dir, "unfinished.db") + " is not finished"},
		{"a subproblem not counted", withPart(1, other("short.db", shard{i: 1, done: true, skip: 4, k: k, total: total})), "9 of 10 subproblems counted; not 4"},
		{"K differs", append(append([]string{}, paths...), other("k4.db", shard{i: 3, k: 4, total: total, done: true, skip: -1})), "in 3 slices"},
		{"total differs", withPart(2, other("t11.db", shard{i: 2, k: k, total: 11, done: true, skip: -1})), "has 10 subproblems"},
		{"definition differs", withPart(2, other("def.db", shard{i: 2, done: true, def: "kind: nqueens\nn: 13\nask: count\n"})), "different definitions"},
		{"count conflict", append(append([]string{}, paths...), other("conflict.db", shard{i: 0, k: 1, total: total, done: true, skip: -1, count: func(s int) uint64 { return subproblemCount(s) + uint64(s/9) }})), "subproblem 9 counted"},
		{"overflow", withPart(0, other("huge.db", shard{i: 0, done: true, count: huge})), "overflows 64 bits"},
		{"missing file", append(append([]string{}, paths...), filepath.Join(dir, "nowhere.db")), "open part " + filepath.Join(dir, "nowhere.db") + ": no such file"},
		{"not a cache", append(append([]string{}, paths...), notACache), "is not a SQLite database"},
		{"no parts", []string{noParts}, "no parts"},
	}
	out := openNamed(t, "out.db")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			merged, err := out.Merge(ctx, tt.paths)
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Merge = %+v, %v; want an error with %q", merged, err, tt.err)
			}
			if !strings.HasPrefix(fmt.Sprint(err), "merge: ") {
				t.Errorf("Merge error %q does not start with \"merge: \"", err)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "nowhere.db")); err == nil {
		t.Errorf("Merge created a missing part file")
	}
	if parts, _ := out.Parts(ctx); len(parts) != 0 {
		t.Errorf("refused merges left %d parts in the output", len(parts))
	}
	if n, counts, _ := countMap(out.Subproblems(ctx, key)); n != 0 || len(counts) != 0 {
		t.Errorf("refused merges left %d of %d subproblems in the output", len(counts), n)
	}

	// A count in the output that differs from the parts' is refused, and
	// the transaction leaves the output as it was.
	if err := out.SaveSubproblems(ctx, key, total, counted(map[int]uint64{5: 1})); err != nil {
		t.Fatal(err)
	}
	if _, err := out.Merge(ctx, paths); err == nil || !strings.Contains(err.Error(), "recorded before as 1") {
		t.Errorf("Merge over another count: %v, want a refusal", err)
	}
	if parts, _ := out.Parts(ctx); len(parts) != 0 {
		t.Errorf("a refused merge left %d parts in the output", len(parts))
	}
	if _, counts, _ := countMap(out.Subproblems(ctx, key)); len(counts) != 1 {
		t.Errorf("a refused merge left %d subproblems in the output, want the 1 before", len(counts))
	}
}

// TestMergeIntoAPart refuses a merge whose output is one of the parts, by
// the same path or by a link to it, and leaves the part as it was.
func TestMergeIntoAPart(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	key := CacheKey{DefHash: "h", SolverVersion: "1"}
	paths := shards(t, dir, key, 2, 6)
	link := filepath.Join(dir, "link.db")
	if err := os.Symlink(paths[0], link); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{paths[0], link} {
		if err := checkMergeOut(out, paths); err == nil || !strings.Contains(err.Error(), "is one of the parts") {
			t.Errorf("checkMergeOut(%s) = %v, want a refusal", out, err)
		}
	}
	if err := checkMergeOut(filepath.Join(dir, "new.db"), paths); err != nil {
		t.Errorf("checkMergeOut(a new file) = %v", err)
	}
	db, err := Open(ctx, link)
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.Merge(ctx, paths)
	db.Close()
	if err == nil || !strings.Contains(err.Error(), "is one of the parts") {
		t.Errorf("Merge into a part = %v, want a refusal", err)
	}
	if after, _ := os.ReadFile(paths[0]); !bytes.Equal(after, before) {
		t.Errorf("a refused merge changed the part")
	}
}

// TestMergeLinks merges parts whose runs linked problem ids to the count:
// Merge returns each set and id once, with the later of two links, and
// leaves out links to definitions that are not parts.
func TestMergeLinks(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	key := CacheKey{DefHash: "h", SolverVersion: "1"}
	paths := shards(t, dir, key, 3, 6)
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	byPart := [][]ProblemLink{
		{{Set: "s", ID: "a", DefHash: "h", LinkedAt: t0}},
		{{Set: "s", ID: "a", DefHash: "h", LinkedAt: t0.Add(time.Minute)}, {Set: "r", ID: "b", DefHash: "h", LinkedAt: t0}},
		{{Set: "s", ID: "other", DefHash: "not-a-part", LinkedAt: t0}},
	}
	for i, links := range byPart {
		db, err := Open(ctx, paths[i])
		if err != nil {
			t.Fatal(err)
		}
		err = db.PutLinks(ctx, links)
		db.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	merged, err := openNamed(t, "out.db").Merge(ctx, paths)
	if err != nil || len(merged) != 1 {
		t.Fatalf("Merge = %+v, %v", merged, err)
	}
	want := []ProblemLink{byPart[1][1], byPart[1][0]} // by set, then id
	if got := merged[0].Links; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Merge links = %v, want %v", got, want)
	}
}
