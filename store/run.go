package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"sync"
	"time"
)

// Run is a long count in progress, as the cache records it while it
// counts (StartRun): which process counts it and for which problem, so
// that another run leaves it alone rather than count it twice, and show
// and doctor can say it is running.
type Run struct {
	Key            CacheKey
	ShardI, ShardK int    // the slice counted (solve --shard); ShardK 0 for the whole count
	Set, ID        string // the problem it is counted for; Set "" for none (a judge's ground truth)
	Host           string // the host name of the process
	PID            int
	Token          string // tells this run from any other, in this process or another
	Started, Beat  time.Time
}

// RunBeat is how often a run says it is alive (BeatRun); a run that has
// not for runStale is taken for over, its process gone without a word
// (kill -9, a power cut, a host that went down).
const (
	RunBeat  = 15 * time.Second
	runStale = 4 * RunBeat
)

// NewRun returns the Run of this process counting key's problem, the
// slice shardI of shardK (0, 0 for the whole count), for problem id of
// set, from now.
func NewRun(key CacheKey, shardI, shardK int, set, id string) Run {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	now := time.Now()
	return Run{Key: key, ShardI: shardI, ShardK: shardK, Set: set, ID: id,
		Host: thisHost(), PID: os.Getpid(), Token: hex.EncodeToString(b[:]), Started: now, Beat: now}
}

// Live reports whether r's process may still be counting at now: it said
// so within runStale and, on this host, the process exists. A beat more
// than runStale ahead of now (a clock set back, another host's clock, a
// row written by hand) says nothing: a run that could never go stale
// would hold its count for good.
func (r Run) Live(now time.Time) bool {
	if age := now.Sub(r.Beat); age >= runStale || age <= -runStale {
		return false
	}
	if r.Host == thisHost() {
		return processExists(r.PID)
	}
	return true
}

// thisHost is this host's name, read once: Live asks for it for every run
// recorded, each time the runs are read.
var thisHost = sync.OnceValue(func() string {
	host, _ := os.Hostname()
	return host
})

// overlaps reports whether r and o may count some subproblem both: the
// same key, unless they are two slices of one K.
func (r Run) overlaps(o Run) bool {
	return r.Key == o.Key && (r.ShardK == 0 || o.ShardK == 0 || r.ShardK != o.ShardK || r.ShardI == o.ShardI)
}

// RunningError refuses to count what another live run is counting.
type RunningError struct {
	Held Run // the run that counts it
}

func (e *RunningError) Error() string {
	return e.Held.String() + ": solve it again once that run ends"
}

// String says what r counts, where and since when: "its count is running
// in process 4242 on judge1 (since 2026-11-26 10:30:33 UTC)".
func (r Run) String() string {
	slice := "its count"
	if r.ShardK > 0 {
		slice = fmt.Sprintf("slice %d/%d of its count", r.ShardI, r.ShardK)
	}
	return fmt.Sprintf("%s is running in process %d on %s (since %s UTC)",
		slice, r.PID, r.Host, r.Started.UTC().Format(time.DateTime))
}

// StartRun records r, in one transaction with the check that no live run
// counts any of the same subproblems: if one does, it records nothing and
// returns a *RunningError. Runs that are no longer live are removed. The
// caller says it is alive with BeatRun and ends it with EndRun. Safe for
// concurrent use, and between processes.
func (db *DB) StartRun(ctx context.Context, r Run) error {
	if err := db.startRun(ctx, r); err != nil {
		if _, ok := err.(*RunningError); ok {
			return err
		}
		return fmt.Errorf("start run %s: %w", r.Key, err)
	}
	return nil
}

func (db *DB) startRun(ctx context.Context, r Run) error {
	tx, err := db.begin(ctx) // the write lock, before the runs are read
	if err != nil {
		return err
	}
	defer tx.Rollback()
	held, err := readRuns(ctx, tx, `WHERE def_hash = ? AND solver_version = ?`, r.Key.DefHash, r.Key.SolverVersion)
	if err != nil {
		return err
	}
	now := time.Now()
	for _, o := range held {
		if o.Live(now) {
			if r.overlaps(o) {
				return &RunningError{Held: o}
			}
			continue
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM runs WHERE token = ?`, o.Token); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO runs
		(def_hash, solver_version, shard_i, shard_k, set_name, problem_id, host, pid, token, started_at, beat_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.Key.DefHash, r.Key.SolverVersion, r.ShardI, r.ShardK, r.Set, r.ID, r.Host, r.PID, r.Token,
		formatTime(r.Started), formatTime(r.Beat))
	if err != nil {
		return err
	}
	return tx.Commit()
}

// BeatRun says that r is alive now. Safe for concurrent use.
func (db *DB) BeatRun(ctx context.Context, r Run) error {
	w, err := db.writer(ctx)
	if err == nil {
		_, err = w.ExecContext(ctx, `UPDATE runs SET beat_at = ? WHERE token = ?`, formatTime(time.Now()), r.Token)
	}
	if err != nil {
		return fmt.Errorf("run %s: %w", r.Key, err)
	}
	return nil
}

// EndRun removes the record of r. Safe for concurrent use.
func (db *DB) EndRun(ctx context.Context, r Run) error {
	w, err := db.writer(ctx)
	if err == nil {
		_, err = w.ExecContext(ctx, `DELETE FROM runs WHERE token = ?`, r.Token)
	}
	if err != nil {
		return fmt.Errorf("end run %s: %w", r.Key, err)
	}
	return nil
}

// LiveRuns returns the runs recorded in the file that are live now (see
// Run.Live), by definition hash, solver version and slice. Safe for
// concurrent use.
func (db *DB) LiveRuns(ctx context.Context) ([]Run, error) {
	live, _, err := runsNow(ctx, db.r)
	if err != nil {
		return nil, fmt.Errorf("read runs: %w", err)
	}
	return live, nil
}

// EndedRuns returns the records of runs that ended without removing them
// (see Run.Live): counts killed, or whose machine went down, which the
// next run goes on from, by definition hash, solver version and slice.
// Safe for concurrent use.
func (db *DB) EndedRuns(ctx context.Context) ([]Run, error) {
	_, ended, err := runsNow(ctx, db.r)
	if err != nil {
		return nil, fmt.Errorf("read runs: %w", err)
	}
	return ended, nil
}

// runsNow returns the runs recorded, by definition hash, solver version
// and slice: those live now (see Run.Live), and those that ended without
// removing their record (killed, or their machine went down), which no one
// needs.
func runsNow(ctx context.Context, q rowsQuerier) (live, ended []Run, err error) {
	all, err := readRuns(ctx, q, `ORDER BY def_hash, solver_version, shard_k, shard_i`)
	if err != nil {
		return nil, nil, err
	}
	now := time.Now()
	for _, r := range all {
		if r.Live(now) {
			live = append(live, r)
		} else {
			ended = append(ended, r)
		}
	}
	return live, ended, nil
}

// readRuns reads the runs selected by tail (a WHERE or ORDER BY clause).
func readRuns(ctx context.Context, q rowsQuerier, tail string, args ...any) ([]Run, error) {
	rows, err := q.QueryContext(ctx, `SELECT def_hash, solver_version, shard_i, shard_k, set_name, problem_id,
		host, pid, token, started_at, beat_at FROM runs `+tail, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var runs []Run
	for rows.Next() {
		var r Run
		var started, beat string
		if err := rows.Scan(&r.Key.DefHash, &r.Key.SolverVersion, &r.ShardI, &r.ShardK, &r.Set, &r.ID,
			&r.Host, &r.PID, &r.Token, &started, &beat); err != nil {
			return nil, err
		}
		if r.Started, err = time.Parse(time.RFC3339Nano, started); err != nil {
			return nil, fmt.Errorf("run %s: started_at: %w", r.Key, err)
		}
		if r.Beat, err = time.Parse(time.RFC3339Nano, beat); err != nil {
			return nil, fmt.Errorf("run %s: beat_at: %w", r.Key, err)
		}
		runs = append(runs, r)
	}
	return runs, rows.Err()
}
