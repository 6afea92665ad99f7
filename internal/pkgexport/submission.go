package pkgexport

import (
	"bytes"
	"compress/zlib"
	"context"
	"crypto/sha256"
	"encoding/ascii85"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// SubmissionPath is the accepted submission a problem package carries:
// the 2025-09 format requires one (BAPCtools' bt run and bt zip refuse a
// package without submissions/accepted/), and problemtools and DOMjudge
// run it as the jury's.
const SubmissionPath = "submissions/accepted/judges_answers.py"

// plainAnswer is the longest answer the submission holds as text; a
// longer one (a list of placements, a large board) is held compressed.
const plainAnswer = 1024

// writeSubmission writes the accepted submission of the cases cs: a
// Python 3 program that prints the judges' answer of the input it reads,
// found by the input's SHA-256 digest. It is not a solver, and says so in
// its first lines: the puzzles of a set include some whose answers take a
// solver hours (the 27-queens count), none that a program of a page
// could answer in the 2 s of a test case, and the answers are the ground
// truth queensjudge computed, the ones the answer files hold. A setter's
// own solutions go beside it. An input it does not know is an error
// (exit 1), never a guess.
func writeSubmission(ctx context.Context, w io.Writer, cs []testCase) error {
	var b strings.Builder
	b.WriteString(`#!/usr/bin/env python3
# Written by queensjudge export: the judges' answers, as an accepted
# submission. This is not a solution of the puzzle. It reads a test case's
# input, finds it by its SHA-256 digest among the test cases of this
# package, and prints the answer file export wrote for it: the ground truth
# that queensjudge's solver computed (some answers of these puzzles take a
# solver hours, none a program of a page can give in a test case's time).
# It shows the output format, and that the output validator accepts the
# answers; add your own solutions beside it.
import base64
import hashlib
import sys
import zlib

# The answers, by the SHA-256 of the input (hex). A long answer is kept
# compressed: zlib, then Ascii85 (base64.a85decode).
ANSWERS = {
`)
	seen := map[string]bool{}
	for _, c := range cs {
		in := sha256.Sum256([]byte(Input(c.Problem.Problem)))
		key := hex.EncodeToString(in[:])
		if seen[key] {
			continue // two tests of one input have one answer
		}
		seen[key] = true
		var ans bytes.Buffer
		if err := WriteAnswer(ctx, &ans, c.Truth); err != nil {
			return fmt.Errorf("problem %q: %s: %w", c.Problem.Ref(), SubmissionPath, err)
		}
		fmt.Fprintf(&b, "    %q: %s,\n", key, pythonAnswer(ans.Bytes()))
	}
	b.WriteString(`}


def main():
    data = sys.stdin.buffer.read()
    answer = ANSWERS.get(hashlib.sha256(data).hexdigest())
    if answer is None:
        sys.exit("not an input of this package's test cases")
    if isinstance(answer, bytes):
        answer = zlib.decompress(base64.a85decode(answer)).decode()
    sys.stdout.write(answer)


if __name__ == "__main__":
    main()
`)
	_, err := io.WriteString(w, b.String())
	return err
}

// pythonAnswer returns ans as a Python literal: a str of the text when it
// is short, a bytes of its zlib, Ascii85 form otherwise. Answers are ASCII,
// whose Go quoting Python reads alike.
func pythonAnswer(ans []byte) string {
	if len(ans) <= plainAnswer {
		return strconv.Quote(string(ans))
	}
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	zw.Write(ans)
	zw.Close()
	a := make([]byte, ascii85.MaxEncodedLen(z.Len()))
	a = a[:ascii85.Encode(a, z.Bytes())]
	// Ascii85 text holds '"' and '\\': quoted the Go way, which Python's
	// bytes literal reads alike for ASCII.
	return "b" + strconv.Quote(string(a))
}
