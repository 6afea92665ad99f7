package store

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

func TestMerge(t *testing.T) {
	ctx := context.Background()
	key := Key{DefHash: "h", SolverVersion: "1"}
	const k, total = 3, 10
	dir := t.TempDir()
	var paths []string
	var want uint64
	for i := 0; i < k; i++ {
		path := filepath.Join(dir, "part"+string(rune('0'+i))+".db")
		paths = append(paths, path)
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		counts := map[int]uint64{}
		for s := i; s < total; s += k {
			counts[s] = uint64(100 + s)
			want += uint64(100 + s)
		}
		if err := db.SaveSubproblems(ctx, key, total, counts); err != nil {
			t.Fatal(err)
		}
		p := Part{Key: key, Definition: "d", Kind: solver.NQueens, Ask: solver.AskCount, N: 12, ShardI: i, ShardK: k, Total: total, Done: true}
		if err := db.PutPart(ctx, p); err != nil {
			t.Fatal(err)
		}
		db.Close()
	}
	out := openNamed(t, "out.db")
	for _, c := range []struct {
		name  string
		paths []string
		err   string
	}{
		{"missing", paths[:2], "slice 2/3 is missing"},
		{"doubled", append(append([]string{}, paths...), paths[1]), "slice 1/3 given twice"},
		{"no parts", []string{filepath.Join(dir, "empty.db")}, "no parts"},
	} {
		if _, err := out.Merge(ctx, c.paths); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("Merge %s: %v, want an error with %q", c.name, err, c.err)
		}
	}
	merged, err := out.Merge(ctx, paths)
	if err != nil {
		t.Fatal(err)
	}
	if len(merged) != 1 || merged[0].Sum != want || merged[0].Subproblems != total || merged[0].Part.ShardI != 0 {
		t.Errorf("Merge = %+v, want sum %d of %d", merged, want, total)
	}
}
