package app

import (
	"context"
	"errors"
	"io"

	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/truth"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// SolveRequest asks for the answers of the problems of problem sets.
type SolveRequest struct {
	Cache string   // the cache file; "" for the default
	Sets  []string // problem set files
	Batch Batch
}

// SolveResult is a row per problem answered. A problem that could not be
// answered has no row: it was printed on stderr, and the error is a said
// failure.
type SolveResult struct {
	Rows []output.Row
}

// Solve answers every problem of the sets, from the cache where it can and
// by solving the rest, and prints a row per problem.
func Solve(ctx context.Context, con Console, req SolveRequest) (SolveResult, error) {
	_, cachePath, err := begin(req.Cache, req.Sets...)
	if err != nil {
		return SolveResult{}, err
	}
	var res SolveResult
	err = solveSets(ctx, con, "solve", cachePath, req.Sets, req.Batch, func(rows []output.Row, _ bool) error {
		res.Rows = rows
		return output.Write(con.Stdout, con.Format, output.Rows{Rows: rows})
	})
	return res, err
}

// KeyRequest asks for the answer key of problem sets.
type KeyRequest struct {
	Cache string
	Sets  []string
	Batch Batch
	Out   string // the file to write the key to; "" or "-" for stdout
	// Replace lets Out be a file that exists: without it, one is refused
	// before any work (it may be anyone's).
	Replace bool
}

// KeyResult is the rows of the key.
type KeyResult struct {
	Rows []output.Row
}

// Key writes the answer key of the sets, solving what is not cached: the
// rows of Solve without cached and seconds, so that two runs, or two
// caches, give identical bytes. The key goes to req.Out, written whole or
// not at all, or to stdout; to neither when a set or a problem failed (a
// part of a key would replace a whole one, or pass for one).
func Key(ctx context.Context, con Console, req KeyRequest) (KeyResult, error) {
	g, cachePath, err := begin(req.Cache, req.Sets...)
	if err != nil {
		return KeyResult{}, err
	}
	out, err := g.NewFile("--out", stdoutIfEmpty(req.Out), "--replace", req.Replace)
	if err != nil {
		return KeyResult{}, err
	}
	var res KeyResult
	err = solveSets(ctx, con, "key", cachePath, req.Sets, req.Batch, func(rows []output.Row, failed bool) error {
		res.Rows = rows
		if failed {
			// A key with problems missing would replace a whole one, or
			// pass for one down a pipe: a key is whole or not at all.
			where := out
			if out == "-" {
				where = "the key"
			}
			con.errorf("key: %s not written: not every problem could be answered", where)
			return nil
		}
		return g.WriteFile(out, 0o644, con.Stdout, func(w io.Writer) error {
			return output.Write(w, con.Format, output.Rows{Rows: rows, Key: true})
		})
	})
	return res, err
}

// solveSets opens the cache, solves the sets and gives print the rows of
// the problems answered, while the cache is open (a solutions answer is
// read from it as it is printed), and whether any could not be.
func solveSets(ctx context.Context, con Console, command, cachePath string, sets []string, b Batch, print func(rows []output.Row, failed bool) error) error {
	opt, err := b.options(con, command)
	if err != nil {
		return err
	}
	cache, err := openCache(ctx, command, cachePath, writesIfItCan)
	if err != nil {
		return err
	}
	defer cache.Close()
	src := cache.Source(opt)
	loaded, failed := loadSets(ctx, con, sets)
	outs := src.Solve(ctx, loaded)
	if _, ok := status.Interruption(ctx); ok {
		return interrupted(ctx, con, command, outs)
	}
	shard := shardLabel(opt.Shard)
	var rows []output.Row
	for _, o := range outs {
		if errors.Is(o.Err, truth.ErrNotSharded) {
			con.errorf("%s: skipped: %v", where(o), o.Err)
			continue
		}
		if o.Err != nil {
			con.errorf("%s: %v", where(o), o.Err)
			failed = true
			continue
		}
		r := rowOf(context.WithoutCancel(ctx), cache, o.Set.Name, o.Problem.ID, o.Result, o.Cached)
		withTest(&r, o.Problem)
		r.Shard = shard
		rows = append(rows, r)
	}
	if err := print(rows, failed); err != nil {
		return err
	}
	return status.FailedIf(failed)
}

// rowOf returns the printed row of a result of problem id in set, or of
// its head. The placement of a placement answer, and the placements of a
// solutions answer, are not read here but as the row is written, from the
// cache: the rows of a batch hold one placement at a time, while it is
// written.
func rowOf(ctx context.Context, cache *truth.Cache, set, id string, r store.Result, cached bool) output.Row {
	ans := output.Answer{Kind: r.Kind, Ask: r.Ask, Value: r.Answer}
	switch r.Ask {
	case solver.AskPlacement:
		ans.Value.Placement = nil
		ans.Placement = func() (*solver.Placement, error) { return cache.Placement(ctx, r.Key) }
	case solver.AskSolutions:
		ans.Solutions = cache.Solutions(ctx, r.Key)
	}
	row := output.Row{
		ID: id, Set: set, Kind: r.Kind, Ask: r.Ask, N: r.N,
		Answer: ans, Cached: cached, Seconds: r.Seconds, Hash: r.Key.DefHash,
	}
	if r.Kind == solver.QueensKnights {
		m := r.Answer.M
		row.M = &m
	}
	return row
}

// withTest fills in the test fields of r, the row of p, when p is a case
// of a problem with tests.
func withTest(r *output.Row, p problems.Problem) {
	t := p.Test
	if t == nil {
		return
	}
	r.Test, r.Group, r.Sample = t.Name, t.Group, t.Sample
	if p.Kind == solver.Reserved {
		r.Board = problems.BoardRows(p.Problem)
	}
}
