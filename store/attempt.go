package store

import (
	"context"
	"database/sql"
	"fmt"
	"iter"
	"strings"
	"time"
)

// MaxKeptAnswer is the largest answer whose bytes an Attempt keeps; a
// larger one is read again from its file by regrade.
const MaxKeptAnswer = 1 << 20

// Attempt is one judged attempt as the cache keeps it, for regrade: the
// answer judged (its bytes, or its file and their digest), the definition
// it was judged against and the verdict given (a judge.Judgement's). A
// problem with tests keeps an Attempt per test, its Problem ID/TEST.
type Attempt struct {
	// Set, Team, Problem and Attempt name the attempt: Attempt is its
	// 1-based place among the team's attempts at the problem. File is the
	// answer's path relative to the submissions directory or manifest, as
	// reported; two attempts may have the same File (a team that sent the
	// same answer twice).
	Set, Team, Problem, File string
	Attempt                  int
	Time                     time.Duration // from the contest start, kept to the millisecond; meaningful only when Timed
	Timed                    bool
	Path                     string // absolute path of the answer when judged
	// Root is the absolute path of the directory File is relative to (the
	// submissions directory, or the manifest's), where regrade opens File
	// with judge's checks; "" when kept before schema 5.
	Root   string
	Answer []byte // the answer when at most MaxKeptAnswer bytes, else nil
	// Digest is the SHA-256, in lowercase hex, of the bytes judged; "" when
	// the file could not be read, or when kept before schema 5.
	Digest               string
	Key                  CacheKey // the ground truth judged against
	Verdict              string   // AC, WA, PE, NO or JE
	Message, TeamMessage string
	JudgedAt             time.Time
}

// PutAttempts keeps js in one transaction. The judgements given for a
// set, team and problem replace everything kept for them: they are the
// team's attempts at the problem, numbered as a whole, and an attempt
// judged before but not given now (a manifest that lost a row) must not
// stay behind to be regraded. The judgement of one test of a problem with
// tests is kept under the problem "ID/TEST" (ids and test names never hold
// a '/'), one per test of each attempt; the problem of such a judgement is
// ID, so that the judgements given for any of its tests replace those kept
// for all of them and for ID itself (a test renamed, a problem that had no
// tests), and those for ID replace those of its tests. Two judgements of one attempt in js are an
// error, and nothing is kept. An answer longer than MaxKeptAnswer is not
// kept. Safe for concurrent use.
func (db *DB) PutAttempts(ctx context.Context, js []Attempt) error {
	return db.PutAttemptsFrom(ctx, func(yield func(Attempt, error) bool) {
		for _, j := range js {
			if !yield(j, nil) {
				return
			}
		}
	})
}

// PutAttemptsFrom keeps the judgements js gives as PutAttempts keeps a
// slice of them, in one transaction, holding one at a time. An error js
// gives stops it, and nothing is kept.
func (db *DB) PutAttemptsFrom(ctx context.Context, js iter.Seq2[Attempt, error]) error {
	if err := db.putAttempts(ctx, js); err != nil {
		return fmt.Errorf("put judgements: %w", err)
	}
	return nil
}

func (db *DB) putAttempts(ctx context.Context, js iter.Seq2[Attempt, error]) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	// The problem and its tests, ID and ID/...: ID/ up to ID0, '0' being
	// the byte after '/' (TEXT compares by bytes).
	del, err := tx.PrepareContext(ctx, `DELETE FROM judgements WHERE set_name = ? AND team = ?
		AND (problem_id = ? OR (problem_id >= ? AND problem_id < ?))`)
	if err != nil {
		return err
	}
	defer del.Close()
	ins, err := tx.PrepareContext(ctx, `INSERT INTO judgements
		(set_name, team, problem_id, attempt, file, time_ms, path, answer,
		 def_hash, solver_version, verdict, message, team_message, judged_at, root, digest)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer ins.Close()
	// What was kept of a team's problem goes before the first of its new
	// judgements is kept.
	cleared := map[[3]string]bool{}
	for j, err := range js {
		if err != nil {
			return err
		}
		id, _, _ := strings.Cut(j.Problem, "/")
		if k := [3]string{j.Set, j.Team, id}; !cleared[k] {
			if _, err := del.ExecContext(ctx, j.Set, j.Team, id, id+"/", id+"0"); err != nil {
				return fmt.Errorf("team %s, problem %s: %w", j.Team, j.Problem, err)
			}
			cleared[k] = true
		}
		var timeMS, answer, root, digest any // NULL unless known
		if j.Root != "" {
			root = j.Root
		}
		if j.Digest != "" {
			digest = j.Digest
		}
		if j.Timed {
			timeMS = j.Time.Milliseconds()
		}
		if j.Answer != nil && len(j.Answer) <= MaxKeptAnswer {
			answer = j.Answer
		}
		if j.JudgedAt.IsZero() {
			j.JudgedAt = time.Now()
		}
		_, err := ins.ExecContext(ctx, j.Set, j.Team, j.Problem, j.Attempt, j.File, timeMS, j.Path, answer,
			j.Key.DefHash, j.Key.SolverVersion, j.Verdict, j.Message, j.TeamMessage, formatTime(j.JudgedAt), root, digest)
		if err != nil {
			return fmt.Errorf("team %s, problem %s, attempt %d (%s): %w", j.Team, j.Problem, j.Attempt, j.File, err)
		}
	}
	return tx.Commit()
}

// Attempts returns the attempts kept for set, one per attempt (per test
// of a problem with tests), by team, problem and attempt. Safe for concurrent use.
func (db *DB) Attempts(ctx context.Context, set string) ([]Attempt, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT team, problem_id, file, attempt, time_ms, path, answer,
			def_hash, solver_version, verdict, message, team_message, judged_at, root, digest
		FROM judgements WHERE set_name = ?
		ORDER BY team, problem_id, attempt`, set)
	if err != nil {
		return nil, fmt.Errorf("read judgements of %s: %w", set, err)
	}
	defer rows.Close()
	var js []Attempt
	for rows.Next() {
		j := Attempt{Set: set}
		var timeMS sql.NullInt64
		var judgedAt string
		var root, digest sql.NullString
		err := rows.Scan(&j.Team, &j.Problem, &j.File, &j.Attempt, &timeMS, &j.Path, &j.Answer,
			&j.Key.DefHash, &j.Key.SolverVersion, &j.Verdict, &j.Message, &j.TeamMessage, &judgedAt, &root, &digest)
		if err != nil {
			return nil, fmt.Errorf("read judgements of %s: %w", set, err)
		}
		j.Root, j.Digest = root.String, digest.String
		if timeMS.Valid {
			j.Time, j.Timed = time.Duration(timeMS.Int64)*time.Millisecond, true
		}
		if j.JudgedAt, err = time.Parse(time.RFC3339Nano, judgedAt); err != nil {
			return nil, fmt.Errorf("read judgements of %s: %w", set, err)
		}
		js = append(js, j)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read judgements of %s: %w", set, err)
	}
	return js, nil
}
