package app

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"fmt"
	"io"
	"os"
)

// spool holds records of a command's work that would not fit in memory
// (a contest's results, judged a team at a time) until the command writes
// them out: appended once, read back any number of times, in any order.
// It lives in a temporary file that is gone when the spool is closed, or
// at once where the system allows a file open but unlinked: no other
// process finds it, and a killed command leaves nothing behind.
type spool[T any] struct {
	f    *os.File
	w    *bufio.Writer
	at   []int64 // where each record starts
	size int64
	enc  bytes.Buffer
}

// newSpool makes an empty spool in the temporary directory.
func newSpool[T any]() (*spool[T], error) {
	f, err := os.CreateTemp("", "queensjudge-spool-*")
	if err != nil {
		return nil, fmt.Errorf("a temporary file in %s (TMPDIR) to hold the results: %w", os.TempDir(), err)
	}
	// Unlinked now where the system allows it (not Windows): removed by
	// close otherwise.
	os.Remove(f.Name())
	return &spool[T]{f: f, w: bufio.NewWriterSize(f, 1<<20)}, nil
}

// add appends v and returns its number, from 0.
func (s *spool[T]) add(v T) (int, error) {
	s.enc.Reset()
	s.enc.Write(make([]byte, 8)) // the length, set below
	if err := gob.NewEncoder(&s.enc).Encode(v); err != nil {
		return 0, fmt.Errorf("spool: %w", err)
	}
	b := s.enc.Bytes()
	binary.LittleEndian.PutUint64(b, uint64(len(b)-8))
	if _, err := s.w.Write(b); err != nil {
		return 0, fmt.Errorf("spool: %w", err)
	}
	s.at = append(s.at, s.size)
	s.size += int64(len(b))
	return len(s.at) - 1, nil
}

// len is the number of records added.
func (s *spool[T]) len() int { return len(s.at) }

// get reads record k back.
func (s *spool[T]) get(k int) (T, error) {
	var v T
	if k < 0 || k >= len(s.at) {
		return v, fmt.Errorf("spool: no record %d of %d", k, len(s.at))
	}
	if err := s.w.Flush(); err != nil {
		return v, fmt.Errorf("spool: %w", err)
	}
	var n [8]byte
	if _, err := s.f.ReadAt(n[:], s.at[k]); err != nil {
		return v, fmt.Errorf("spool: %w", err)
	}
	r := io.NewSectionReader(s.f, s.at[k]+8, int64(binary.LittleEndian.Uint64(n[:])))
	if err := gob.NewDecoder(bufio.NewReader(r)).Decode(&v); err != nil {
		return v, fmt.Errorf("spool: record %d: %w", k, err)
	}
	return v, nil
}

// close removes the spool.
func (s *spool[T]) close() {
	s.f.Close()
	os.Remove(s.f.Name()) // where it could not be removed at once
}

// scratch is a temporary file to write once and read back at offsets (the
// teams' sections of an HTML report), gone when closed, as a spool is.
type scratch struct{ *os.File }

func newScratch() (scratch, error) {
	f, err := os.CreateTemp("", "queensjudge-scratch-*")
	if err != nil {
		return scratch{}, fmt.Errorf("a temporary file in %s (TMPDIR) for the page: %w", os.TempDir(), err)
	}
	os.Remove(f.Name()) // see newSpool
	return scratch{f}, nil
}

func (s scratch) close() {
	s.Close()
	os.Remove(s.Name())
}
