package store

import (
	"bufio"
	"context"
	"database/sql"
	"fmt"
	"io"
	"iter"
	"os"
	"strings"

	"github.com/queensjudge/queensjudge/solver"
)

// Spool holds the placements of a solutions answer in a temporary file until
// PutSpooled stores them, so that a long list is never all in memory and a
// slow solver does not hold the write lock. A solver can write into it as it
// finds placements: the list is written to disk once.
//
// Not safe for concurrent use.
type Spool struct {
	f    *os.File
	w    *bufio.Writer
	n    uint64
	name string // the file's name while it has one (see NewSpool); "" once removed
}

// NewSpool makes an empty spool in the temporary directory. Its file is
// removed at once where the system lets an open file lose its name (every
// Unix): the spool reads and writes it through the open file, and nothing
// is left behind, not even by a process killed with SIGKILL. Elsewhere
// Close removes it.
func NewSpool() (*Spool, error) {
	f, err := os.CreateTemp("", "queensjudge-solutions-*")
	if err != nil {
		return nil, fmt.Errorf("spool solutions: %w", err)
	}
	s := &Spool{f: f, w: bufio.NewWriter(f), name: f.Name()}
	if os.Remove(f.Name()) == nil {
		s.name = ""
	}
	return s, nil
}

// Add appends pl to the spool.
func (s *Spool) Add(pl solver.Placement) error {
	// The text form has no newline: digits and spaces, or ".QN/".
	s.w.WriteString(pl.String())
	if err := s.w.WriteByte('\n'); err != nil {
		return fmt.Errorf("spool solutions: %w", err)
	}
	s.n++
	return nil
}

// Len returns the number of placements added.
func (s *Spool) Len() uint64 { return s.n }

// Close closes the spool's file, and removes it if it still has a name.
func (s *Spool) Close() error {
	cerr := s.f.Close()
	if s.name != "" {
		if err := os.Remove(s.name); err != nil {
			return err
		}
	}
	return cerr
}

// reader returns the placements added, one text form a line, from the start.
func (s *Spool) reader() (io.Reader, error) {
	if err := s.w.Flush(); err != nil {
		return nil, fmt.Errorf("spool solutions: %w", err)
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("spool solutions: %w", err)
	}
	return s.f, nil
}

// spoolSeq drains seq into a new spool. The caller closes the spool, which is
// returned even with an error.
func spoolSeq(ctx context.Context, seq iter.Seq2[solver.Placement, error]) (*Spool, error) {
	sp, err := NewSpool()
	if err != nil || seq == nil {
		return sp, err
	}
	for pl, err := range seq {
		if err != nil {
			return sp, err
		}
		if sp.n%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return sp, err
			}
		}
		if err := sp.Add(pl); err != nil {
			return sp, err
		}
	}
	return sp, nil
}

// insertSolutions copies the spooled placements into the solutions of key.
func insertSolutions(ctx context.Context, tx *sql.Tx, key CacheKey, sp *Spool) error {
	r, err := sp.reader()
	if err != nil {
		return err
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO solutions
		(def_hash, solver_version, seq, placement) VALUES (?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	br := bufio.NewReader(r)
	for seq := 0; ; seq++ {
		line, err := br.ReadString('\n')
		if err == io.EOF && line == "" {
			return nil
		}
		if err != nil {
			return fmt.Errorf("spool solutions: %w", err)
		}
		line = strings.TrimSuffix(line, "\n")
		if _, err := stmt.ExecContext(ctx, key.DefHash, key.SolverVersion, seq, line); err != nil {
			return fmt.Errorf("solution %d: %w", seq+1, err)
		}
	}
}
