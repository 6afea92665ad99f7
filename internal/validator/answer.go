package validator

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/solver"
)

// Digest returns the SHA-256 digest of the file at path, in hex: what a
// package's run script gives its validator in cases= for each input and
// answer file, so that the validator can tell the answer file of an input
// from any other file.
func Digest(path string) (string, error) {
	return answerSpan{path: path}.digest()
}

// answerSpan is the part of a file that holds an answer: the whole file
// for a package's answer file, all after the header line for a CMS
// task's correct output (see pkgexport.CMSHeader).
type answerSpan struct {
	path string
	off  int64 // where the answer starts
}

// open opens the answer, positioned at its start.
func (a answerSpan) open() (*os.File, error) {
	f, err := os.Open(a.path)
	if err != nil {
		return nil, err
	}
	if a.off > 0 {
		if _, err := f.Seek(a.off, io.SeekStart); err != nil {
			f.Close()
			return nil, err
		}
	}
	return f, nil
}

// digest returns the SHA-256 digest of the answer, in hex.
func (a answerSpan) digest() (string, error) {
	f, err := a.open()
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// TruthOf returns the ground truth of p, read from the input file at
// input, that the answer file at answer holds, as export wrote it (see
// pkgexport.WriteAnswer): the number, the placement or "none", or every
// placement. The two must be a case of the package, their SHA-256 digests
// one of cases: any other answer file (a byte changed, a line added, a
// number written otherwise, the answer of another case) is an error naming
// it, a judge error, not a verdict. Nothing is solved.
func TruthOf(ctx context.Context, p solver.Problem, input, path string, cases []Case) (judge.Truth, error) {
	return truthOf(ctx, p, input, answerSpan{path: path}, cases)
}

// truthOf is TruthOf of the answer a.
func truthOf(ctx context.Context, p solver.Problem, input string, a answerSpan, cases []Case) (judge.Truth, error) {
	path := a.path
	in, err := Digest(input)
	if err != nil {
		return judge.Truth{}, fmt.Errorf("input file: %w", err)
	}
	d, err := a.digest()
	if err != nil {
		return judge.Truth{}, fmt.Errorf("answer file: %w", err)
	}
	if !slices.Contains(cases, Case{Input: in, Answer: d}) {
		var ofInput []string
		for _, c := range cases {
			if c.Input == in {
				ofInput = append(ofInput, c.Answer)
			}
		}
		if len(ofInput) == 0 {
			return judge.Truth{}, fmt.Errorf("input file %s is none of the package's inputs (its SHA-256 is %s): it was changed after export, or belongs to another problem", input, short(in))
		}
		return judge.Truth{}, fmt.Errorf("answer file %s is not the answer of input %s (its SHA-256 is %s, the package's is %s): it was changed after export, or belongs to another case",
			path, input, short(d), shortList(ofInput))
	}
	t := judge.Truth{Problem: p}
	bad := func(why string) error { return fmt.Errorf("answer file %s: %s", path, why) }
	switch p.Ask {
	case solver.AskCount, solver.AskUnique, solver.AskMax:
		data, err := readSmall(a, 64)
		if err != nil {
			return t, bad(err.Error())
		}
		s, ok := strings.CutSuffix(string(data), "\n")
		n, err := strconv.ParseUint(s, 10, 64)
		if !ok || err != nil || strconv.FormatUint(n, 10) != s {
			return t, bad("not a number on a line of its own")
		}
		t.Answer.Count = n
		if p.Ask == solver.AskMax {
			t.Answer.M = int(n)
		}
		return t, nil
	case solver.AskPlacement:
		f, err := a.open()
		if err != nil {
			return t, bad(err.Error())
		}
		defer f.Close()
		br := bufio.NewReader(f)
		if head, _ := br.Peek(5); string(head) == "none\n" {
			return t, nil
		}
		pl, ok := judge.ReadPlacement(p, br, judge.Limits{MaxBytes: 1 << 40})
		if !ok {
			return t, bad("not a placement of the problem")
		}
		t.Answer.Placement = &pl
		t.Answer.M = len(pl.Queens)
		return t, nil
	case solver.AskSolutions:
		if data, err := readSmall(a, 8); err == nil && string(data) == "none\n" {
			return t, nil // no placement
		}
		count, m := uint64(0), solver.AnyM
		for pl, err := range placements(ctx, p, a) {
			if err != nil {
				return t, bad(err.Error())
			}
			if m == solver.AnyM {
				m = len(pl.Queens)
			}
			count++
		}
		t.Answer.Count, t.Answer.M = count, max(m, 0)
		t.Solutions = func(ctx context.Context) iter.Seq2[solver.Placement, error] { return placements(ctx, p, a) }
		return t, nil
	}
	return t, fmt.Errorf("ask %q has no answer file", p.Ask)
}

// placements streams the placements of a solutions answer file: one line
// of columns each, or boards separated by blank lines.
func placements(ctx context.Context, p solver.Problem, a answerSpan) iter.Seq2[solver.Placement, error] {
	return func(yield func(solver.Placement, error) bool) {
		f, err := a.open()
		if err != nil {
			yield(solver.Placement{}, err)
			return
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 64<<10), 16<<20)
		var block bytes.Buffer
		line, start := 0, 0
		flush := func() bool {
			if block.Len() == 0 {
				return true
			}
			pl, ok := judge.ReadPlacement(p, &block, judge.Limits{MaxBytes: 1 << 30})
			block.Reset()
			if !ok {
				yield(solver.Placement{}, fmt.Errorf("line %d: not a placement of the problem", start))
				return false
			}
			return yield(pl, nil)
		}
		for sc.Scan() {
			line++
			if ctx.Err() != nil {
				yield(solver.Placement{}, context.Cause(ctx))
				return
			}
			text := sc.Bytes()
			if len(text) == 0 {
				if !flush() {
					return
				}
				continue
			}
			if block.Len() == 0 {
				start = line
			}
			block.Write(text)
			block.WriteByte('\n')
			if p.Kind != solver.QueensKnights && text[0] >= '0' && text[0] <= '9' && !flush() {
				return // a line of columns is a placement of its own
			}
		}
		if err := sc.Err(); err != nil {
			yield(solver.Placement{}, err)
			return
		}
		flush()
	}
}

// readSmall reads the answer a, refusing one over max bytes.
func readSmall(a answerSpan, max int64) ([]byte, error) {
	f, err := a.open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, errors.New("longer than any number")
	}
	return data, nil
}

// short is the first 12 hex digits of a digest, for a message.
func short(d string) string {
	if len(d) > 12 {
		return d[:12] + "…"
	}
	return d
}

func shortList(ds []string) string {
	var s []string
	for _, d := range ds {
		s = append(s, short(d))
	}
	return strings.Join(s, ", ")
}
