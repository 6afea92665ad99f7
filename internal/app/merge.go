package app

import (
	"context"
	"fmt"

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
// through a missing directory). A refused merge changes no part.
func Merge(ctx context.Context, con Console, req MergeRequest) (MergeResult, error) {
	g := guard.New()
	for _, p := range req.Parts {
		g.Input(p, p+"-wal", p+"-shm", p+"-journal")
	}
	out, err := g.File("OUT", req.Out)
	if err != nil {
		return MergeResult{}, fmt.Errorf("merge: %w", err)
	}
	cache, err := truth.Open(ctx, out)
	if err != nil {
		return MergeResult{}, err
	}
	defer cache.Close()
	if err := cache.Writable(ctx, false); err != nil {
		return MergeResult{}, fmt.Errorf("merge: %w", err)
	}
	outs, err := cache.Source(truth.Options{}).Merge(ctx, req.Parts)
	if err != nil {
		return MergeResult{}, err
	}
	var res MergeResult
	failed := false
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
		res.Rows = append(res.Rows, rowOf(ctx, cache, set, id, o.Result, false))
	}
	if err := output.Write(con.Stdout, con.Format, output.Rows{Rows: res.Rows}); err != nil {
		return res, err
	}
	return res, status.FailedIf(failed)
}
