package command

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// shardSet is a problem set of small long counts for merge tests: each
// solve --shard run of it takes a few milliseconds.
const shardSet = `name: small
problems:
  - {id: q9, kind: nqueens, n: 9, ask: count}
  - {id: q8u, kind: nqueens, n: 8, ask: unique}
`

// shardParts writes shardSet into dir and counts it in k slices, each into
// its own cache file there: part-0.db, part-1.db, ... It returns the set's
// path and the parts.
func shardParts(t *testing.T, dir string, k int) (set string, parts []string) {
	t.Helper()
	set = filepath.Join(dir, "small.yaml")
	if err := os.WriteFile(set, []byte(shardSet), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := range k {
		part := filepath.Join(dir, fmt.Sprintf("part-%d.db", i))
		if _, errs, code := queensjudge(t, part, "solve", "--shard", fmt.Sprintf("%d/%d", i, k), set); code != 0 {
			t.Fatalf("solve --shard %d/%d: exit %d\n%s", i, k, code, errs)
		}
		parts = append(parts, part)
	}
	return set, parts
}

// fileHashes returns the SHA-256 of each file at paths.
func fileHashes(t *testing.T, paths []string) map[string][32]byte {
	t.Helper()
	sums := map[string][32]byte{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sums[p] = sha256.Sum256(data)
	}
	return sums
}

// sameHashes fails t for each file whose bytes changed since sums.
func sameHashes(t *testing.T, what string, sums map[string][32]byte) {
	t.Helper()
	for p, sum := range sums {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		if sha256.Sum256(data) != sum {
			t.Errorf("%s: %s changed", what, filepath.Base(p))
		}
	}
}

// TestMergeRefusesAPartAsOut merges into one of the parts, named as it is,
// through a symlink, through a hard link and by another spelling of its
// path: each is refused, naming the part, and no part changes. A refusal
// for another reason (a slice missing) changes no part either. Then a
// merge into a new file still works from the untouched parts.
func TestMergeRefusesAPartAsOut(t *testing.T) {
	dir := t.TempDir()
	_, parts := shardParts(t, dir, 3)
	p0 := parts[0]
	symlink := filepath.Join(dir, "link.db")
	if err := os.Symlink(p0, symlink); err != nil {
		t.Fatal(err)
	}
	hardlink := filepath.Join(dir, "hard.db")
	if err := os.Link(p0, hardlink); err != nil {
		t.Fatal(err)
	}
	sums := fileHashes(t, parts)
	for _, c := range []struct {
		name string
		out  string
		args []string
	}{
		{"the same path", p0, parts},
		{"a symlink", symlink, parts},
		{"a hard link", hardlink, parts},
		{"another spelling", filepath.Join(dir, "x", "..", "part-0.db"), parts},
		{"a relative path", "./" + strings.TrimPrefix(p0, "/"), parts},
		{"a part given by its symlink", p0, []string{symlink, parts[1], parts[2]}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := c.out
			if c.name == "a relative path" {
				t.Chdir("/")
			}
			if c.name == "another spelling" {
				if err := os.MkdirAll(filepath.Join(dir, "x"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			_, errs, code := queensjudge(t, out, append([]string{"merge", out}, c.args...)...)
			if code == 0 {
				t.Fatalf("merge %s into one of its parts: exit 0, want a refusal", out)
			}
			if code != 2 || !strings.Contains(errs, "would write over") {
				t.Errorf("merge into a part: exit %d, stderr %q; want 2 and that OUT would write over a part", code, errs)
			}
			sameHashes(t, "after merging into a part", sums)
		})
	}

	if _, errs, code := queensjudge(t, filepath.Join(dir, "short.db"), "merge", filepath.Join(dir, "short.db"), parts[0], parts[1]); code == 0 {
		t.Errorf("merge with a slice missing: exit 0, want a refusal\n%s", errs)
	}
	sameHashes(t, "after a refused merge", sums)

	merged := filepath.Join(dir, "merged.db")
	if _, errs, code := queensjudge(t, merged, append([]string{"merge", merged}, parts...)...); code != 0 {
		t.Fatalf("merge into a new file: exit %d\n%s", code, errs)
	}
	sameHashes(t, "after a merge", sums)
}

// TestMergedCacheShows merges the parts of a set and asks the merged cache
// for its problems by id: show answers as it does on a cache that solved the
// set in one run (seconds aside: the parts keep no times), and merge's own
// rows name the set and id of each count.
func TestMergedCacheShows(t *testing.T) {
	dir := t.TempDir()
	set, parts := shardParts(t, dir, 3)
	whole := filepath.Join(dir, "whole.db")
	if _, errs, code := queensjudge(t, whole, "solve", set); code != 0 {
		t.Fatalf("solve: exit %d\n%s", code, errs)
	}
	merged := filepath.Join(dir, "merged.db")
	out, errs, code := queensjudge(t, merged, append([]string{"merge", "--format", "json", merged}, parts...)...)
	if code != 0 {
		t.Fatalf("merge: exit %d\n%s", code, errs)
	}
	got := map[string]bool{}
	for _, r := range jsonRows(t, out) {
		got[fmt.Sprint(r["set"], "/", r["id"])] = true
	}
	if want := map[string]bool{"small/q9": true, "small/q8u": true}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("merge printed the rows %v, want %v", got, want)
	}

	show := func(db string) []map[string]any {
		t.Helper()
		out, errs, code := queensjudge(t, db, "show", "--format", "json", "q9", "q8u")
		if code != 0 {
			t.Fatalf("show on %s: exit %d\n%s", filepath.Base(db), code, errs)
		}
		rows := jsonRows(t, out)
		for _, r := range rows {
			delete(r, "seconds")
		}
		return rows
	}
	if got, want := show(merged), show(whole); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("show on the merged cache:\n%v\nwant, as on a cache that solved the set:\n%v", got, want)
	}
}

// TestRefusedMergeLeavesNoOut: a merge refused for a missing slice leaves
// no OUT behind (it left a new, empty cache), nor anything beside it; a
// merge that is not refused makes OUT.
func TestRefusedMergeLeavesNoOut(t *testing.T) {
	dir := t.TempDir()
	_, parts := shardParts(t, dir, 2)
	outDir := t.TempDir()
	out := filepath.Join(outDir, "merged.db")
	_, errs, code := queensjudge(t, out, "merge", out, parts[0])
	if code != 1 || !strings.Contains(errs, "slice 1/2 is missing") {
		t.Fatalf("merge of one slice of two: exit %d, stderr %q; want 1 and the missing slice", code, errs)
	}
	if names, _ := filepath.Glob(filepath.Join(outDir, "*")); len(names) > 0 {
		t.Errorf("a refused merge left %q", names)
	}
	if hidden, _ := filepath.Glob(filepath.Join(outDir, ".*")); len(hidden) > 0 {
		t.Errorf("a refused merge left %q", hidden)
	}
	if _, errs, code := queensjudge(t, out, "merge", out, parts[0], parts[1]); code != 0 {
		t.Fatalf("merge of both slices: exit %d\n%s", code, errs)
	}
	if out, _, code := queensjudge(t, out, "show", "q9"); code != 0 || !strings.Contains(out, "352") {
		t.Errorf("show q9 from the merged cache: exit %d, stdout %q; want 352", code, out)
	}
	if names, _ := filepath.Glob(filepath.Join(outDir, ".*")); len(names) > 0 {
		t.Errorf("a merge left %q beside OUT", names)
	}
}

// TestShardPartIsKept: a part of a count in slices is never counted whole
// behind the user's back. show says which slice it holds and how much is
// counted (it said "solve again", and solving again counted the whole
// problem into the part and dropped its slice, which merge then found
// missing); solve, key and a slice of another K are refused and change
// nothing, and the parts still merge.
func TestShardPartIsKept(t *testing.T) {
	dir := t.TempDir()
	set, parts := shardParts(t, dir, 2)
	_, errs, code := queensjudge(t, parts[0], "show", "q9")
	if code != 1 || !strings.Contains(errs, `problem "q9" of set "small" has no answer here: this cache holds a part of its count (solve --shard): slice 0/2, `) ||
		!strings.Contains(errs, "merge the parts into another cache") {
		t.Errorf("show on a part: exit %d, stderr %q; want 1 and the slice it holds", code, errs)
	}
	sums := fileHashes(t, parts)
	for _, args := range [][]string{
		{"solve", set},
		{"solve", "--force", set},
		{"key", set},
		{"solve", "--shard", "0/3", set},
	} {
		_, errs, code := queensjudge(t, parts[0], args...)
		if code != 1 || !strings.Contains(errs, `problem "q9": this cache holds slice 0/2 of its count (solve --shard)`) {
			t.Errorf("%v on a part: exit %d, stderr %q; want 1 and a refusal naming slice 0/2", args, code, errs)
		}
	}
	sameHashes(t, "after solve and key on a part", sums)
	out := filepath.Join(dir, "merged.db")
	if _, errs, code := queensjudge(t, out, "merge", out, parts[0], parts[1]); code != 0 {
		t.Fatalf("merge: exit %d\n%s", code, errs)
	}
	if stdout, _, code := queensjudge(t, out, "show", "q9", "q8u"); code != 0 || !strings.Contains(stdout, "352") || !strings.Contains(stdout, " 12 ") {
		t.Errorf("show from the merged cache: exit %d, stdout %q; want 352 and 12", code, stdout)
	}
}

// TestMergeNamesProblem: merge's refusals name the problem the parts link
// to the count, not only its hash.
func TestMergeNamesProblem(t *testing.T) {
	dir := t.TempDir()
	_, parts := shardParts(t, dir, 2)
	out := filepath.Join(dir, "merged.db")
	_, errs, code := queensjudge(t, out, "merge", out, parts[0])
	if code != 1 || !regexp.MustCompile(`problem "q9" of set "small" \([0-9a-f]{12}@[^)]+\): slice 1/2 is missing`).MatchString(errs) {
		t.Errorf("merge of one slice of two: exit %d, stderr %q; want the problem named", code, errs)
	}
}
