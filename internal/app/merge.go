package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/queensjudge/queensjudge/internal/guard"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/truth"
)

// MergeRequest asks for the caches of solve --shard runs to be added up.
type MergeRequest struct {
	Out   string   // the cache the answers are stored in
	Parts []string // the caches of the slices
}

// MergeResult is a row per problem id answered.
type MergeResult struct {
	Rows []output.Row
}

// Merge adds up the slices of the parts and stores the answers in Out,
// which may be no part by any name (a link, another spelling, a path
// through a missing directory). A refused merge changes no part, and
// leaves no Out that was not there: a new Out is made in a directory
// beside it and moved into place once the merge is stored.
func Merge(ctx context.Context, con Console, req MergeRequest) (MergeResult, error) {
	g := guard.New()
	for _, p := range req.Parts {
		g.Input(p, p+"-wal", p+"-shm", p+"-journal")
	}
	out, err := g.File("OUT", req.Out)
	if err != nil {
		return MergeResult{}, fmt.Errorf("merge: %w", err)
	}
	path := out
	if _, err := os.Lstat(out); errors.Is(err, fs.ErrNotExist) {
		stage, err := g.TempDir(filepath.Dir(out), ".merge-*")
		if err != nil {
			return MergeResult{}, fmt.Errorf("merge: %w", err)
		}
		defer g.RemoveAll(stage) // what is left of a refused merge
		path = filepath.Join(stage, filepath.Base(out))
	}
	rows, failed, err := merge(ctx, con, path, req.Parts)
	if err != nil {
		return MergeResult{}, err
	}
	if path != out {
		if err := g.Rename(path, out); err != nil {
			return MergeResult{}, fmt.Errorf("merge: %w", err)
		}
	}
	res := MergeResult{Rows: rows}
	if err := output.Write(con.Stdout, con.Format, output.Rows{Rows: res.Rows}); err != nil {
		return res, err
	}
	return res, status.FailedIf(failed)
}

// merge merges parts into the cache at path and closes it, which folds
// its write-ahead log into it: it can then be moved. It prints the counts
// that could not be finished and returns the rows of the others, which
// read nothing more from the cache (a merged answer is a count). err is
// the refusal of the whole merge.
func merge(ctx context.Context, con Console, path string, parts []string) (rows []output.Row, failed bool, err error) {
	cache, err := openCache(ctx, "merge", path, mustWrite)
	if err != nil {
		return nil, false, err
	}
	defer func() {
		if cerr := cache.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("merge: %w", cerr)
		}
	}()
	outs, err := cache.Source(truth.Options{}).Merge(ctx, parts)
	if err != nil {
		return nil, false, err
	}
	for _, o := range outs {
		if o.Err != nil {
			fmt.Fprintln(con.Stderr, o.Err)
			failed = true
			continue
		}
		set, id := "merged", o.Key.String() // a count no part links to a problem id
		if o.Set != nil {
			set, id = o.Set.Name, o.Problem.ID
		}
		rows = append(rows, rowOf(ctx, cache, set, id, o.Result, false))
	}
	return rows, failed, nil
}
