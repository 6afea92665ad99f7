// Package app holds the use cases: one function per command, from a typed
// request to a typed result. A use case opens what it needs (the cache
// through truth, the problem sets through problems), claims every file it
// will write with a guard.Guard before any work, does the work through
// truth, judge, report and pkgexport, and writes its data through output.
//
// It knows nothing of the command line: no flags, no urfave/cli, no exit
// statuses (it returns *status.Error kinds), no terminal. It never opens
// or queries the cache through store: it reaches it through truth, and
// only store's types pass through.
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/queensjudge/queensjudge/internal/guard"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/truth"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// Console is where a use case reads and writes: its data goes to Stdout
// in Format, its messages (each failure of a batch, warnings, what an
// interruption kept) to Stderr, one line each.
type Console struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Format         output.Format
}

// errorf prints a message line on the console's stderr.
func (c Console) errorf(format string, args ...any) {
	fmt.Fprintf(c.Stderr, format+"\n", args...)
}

// Batch is how the commands that solve problem sets solve what the cache
// lacks.
type Batch struct {
	Force        bool
	Jobs         int           // problems at once, 1..MaxJobs
	Timeout      time.Duration // per problem; 0 for never
	MaxSolutions uint64        // refuse longer solution lists
	Budget       time.Duration // CPU time per problem; the solver's default when zero
	Shard        solver.Shard  // count only this slice of every long count
	Progress     truth.Progress
}

// MaxJobs caps Batch.Jobs: each job is a solver that may use every core,
// so more than a few per core only costs memory.
const MaxJobs = 256

// options checks b and returns the truth options it stands for, for
// command on con: a count that waits for another run to end says so on
// con's stderr, above the progress bar if there is one.
func (b Batch) options(con Console, command string) (truth.Options, error) {
	if b.Jobs < 1 || b.Jobs > MaxJobs {
		return truth.Options{}, status.Usagef("--jobs %d: want 1..%d problems at once", b.Jobs, MaxJobs)
	}
	if err := checkBudget(b.Budget); err != nil {
		return truth.Options{}, err
	}
	say := func(msg string) { con.errorf("%s", msg) }
	if n, ok := b.Progress.(noter); ok {
		say = n.Note
	}
	return truth.Options{
		Force: b.Force, Jobs: b.Jobs, Timeout: b.Timeout, MaxSolutions: b.MaxSolutions,
		Budget: b.Budget, Shard: b.Shard, Progress: b.Progress,
		Waiting: func(id string, held store.Run) {
			say(fmt.Sprintf("%s: problem %q: waiting for its answer: %s", command, id, held))
		},
	}, nil
}

// noter is a progress display that prints a line of its own without
// breaking what it draws (progress.Bar).
type noter interface{ Note(line string) }

// begin starts a use case the way every one that uses the cache starts:
// a guard that has claimed the command's inputs, and then the cache named
// cache ("" for the default), before any output is claimed, so that no
// output may name an input or the cache by any spelling. It returns the
// guard, for the outputs, and the cache path to give openCache.
func begin(cache string, inputs ...string) (*guard.Guard, string, error) {
	g := guard.New()
	g.Input(inputs...)
	path, err := claimCache(g, cache)
	return g, path, err
}

// access is what a use case does with the cache.
type access int

const (
	readOnly      access = iota // show, doctor: never writes
	writesIfItCan               // solve, key, check, export, regrade --dry-run: a read-only cache serves what it holds
	mustWrite                   // judge, regrade, merge
)

// openCache opens the cache at path (from begin) for command, refusing
// before any work, with why and what to do, one that the use case needs
// to write and may not. The caller closes it.
func openCache(ctx context.Context, command, path string, a access) (*truth.Cache, error) {
	cache, err := truth.Open(ctx, path)
	if err != nil || a == readOnly {
		return cache, err
	}
	if err := cache.Writable(ctx, a == writesIfItCan); err != nil {
		cache.Close()
		return nil, fmt.Errorf("%s: %w", command, err)
	}
	return cache, nil
}

// claimCache registers the cache named path ("" for the default) with g,
// before the outputs are claimed, so that no output may name it by any
// spelling, and returns the path to open: a path through a missing
// directory is refused before anything is created.
func claimCache(g *guard.Guard, path string) (string, error) {
	if path == "" {
		if def, err := truth.DefaultPath(); err == nil {
			g.Input(def, def+"-wal", def+"-shm", def+"-journal")
		}
		return "", nil
	}
	return g.Cache(path)
}

// loadSets reads the problem sets at paths, printing what keeps each one
// from being read. A set with the name of an earlier one is left out, with
// a message: its problems would be linked under the other's name. failed
// reports whether any could not be read or was left out.
func loadSets(ctx context.Context, con Console, paths []string) (sets []*problems.Set, failed bool) {
	for _, path := range paths {
		set, err := loadSet(ctx, con, path)
		if err != nil {
			failed = true
			continue
		}
		sets = append(sets, set)
	}
	clash := map[string]bool{}
	for _, err := range problems.CheckNames(sets) {
		fmt.Fprintln(con.Stderr, err)
		var e *problems.Error
		if errors.As(err, &e) {
			clash[e.File] = true
		}
		failed = true
	}
	if len(clash) > 0 {
		var kept []*problems.Set
		for _, s := range sets {
			if clash[s.File] && !firstOfName(kept, s) {
				continue
			}
			kept = append(kept, s)
		}
		sets = kept
	}
	return sets, failed
}

// firstOfName reports whether none of earlier has the name of s.
func firstOfName(earlier []*problems.Set, s *problems.Set) bool {
	for _, e := range earlier {
		if e.Name == s.Name {
			return false
		}
	}
	return true
}

// loadSet reads the problem set at path, or on the console's stdin when
// path is "-". What keeps it from being read is printed, and a said failure
// returned: the mistakes in the file as a compiler prints them (file:line:
// ...), anything else (a missing file) after the program's name.
func loadSet(ctx context.Context, con Console, path string) (*problems.Set, error) {
	var (
		set *problems.Set
		err error
	)
	if path == "-" {
		set, err = problems.Read("stdin", newCtxReader(ctx, con.Stdin))
	} else {
		set, err = problems.Load(path)
	}
	if ctx.Err() != nil {
		return nil, stopped(ctx)
	}
	if err != nil {
		var located *problems.Error
		if errors.As(err, &located) {
			fmt.Fprintln(con.Stderr, err)
		} else {
			con.errorf("queensjudge: %v", err)
		}
		return nil, status.Said(status.Failed)
	}
	return set, nil
}

// interrupted prints the one line that tells what a batch stopped by a
// signal kept, and returns the said interruption: what was answered is
// stored and linked, and the finished subproblems of the long counts cut
// short are kept for the next run.
func interrupted(ctx context.Context, con Console, command string, outs []truth.Outcome) error {
	var kept, total, unanswered int
	for _, o := range outs {
		var st *truth.StoppedError
		switch {
		case errors.As(o.Err, &st):
			kept += st.Kept
			total += st.Total
			unanswered++
		case o.Err != nil:
			unanswered++
		}
	}
	msg := fmt.Sprintf("interrupted: %d of %d problems answered", len(outs)-unanswered, len(outs))
	if total > 0 {
		msg = fmt.Sprintf("interrupted: %d of %d subproblems kept", kept, total)
	}
	con.errorf("%s; run %s again to go on", msg, command)
	return stopped(ctx)
}

// stopped is the said interruption of ctx.
func stopped(ctx context.Context) error {
	sig, _ := status.Interruption(ctx)
	return &status.Error{Kind: status.Interrupted, Signal: sig, Said: true}
}

// where names a problem of a set as a compiler would: file:line: problem "id".
func where(o truth.Outcome) string {
	return fmt.Sprintf("%s:%d: problem %q", o.Set.File, o.Problem.Line, o.Problem.Ref())
}

// stdoutIfEmpty is path, or "-" (stdout) when it is "".
func stdoutIfEmpty(path string) string {
	if path == "" {
		return "-"
	}
	return path
}

// checkBudget refuses a budget the solver would not keep: zero is the
// default, and any other must be a second to solver.MaxBudget.
func checkBudget(b time.Duration) error {
	if b != 0 && (b < time.Second || b > solver.MaxBudget) {
		return status.Usagef("--budget %s: want 1s to %s (a CPU-year) of CPU time per problem, or 0 for the default, %s",
			ShortDuration(b), ShortDuration(solver.MaxBudget), ShortDuration(solver.DefaultBudget))
	}
	return nil
}

// ShortDuration writes d as a person would type it: "1h", not "1h0m0s".
func ShortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
