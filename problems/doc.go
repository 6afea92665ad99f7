// Package problems owns the problem-set file format: YAML sets of chess
// placement puzzles, decoded strictly and checked like a compiler checks a
// program, and the canonical form and content hash that name a problem's
// definition. It is the only package that imports gopkg.in/yaml.v3.
//
// It knows nothing of how problems are solved (that is the solver's), where
// answers are kept (the store's) or how submissions are judged; it only turns
// bytes into solver.Problem values, or into errors that say where the bytes
// are wrong.
//
// A set looks like this:
//
//	name: spring-cup-2026        # optional; default: the file name without .yaml or .yml
//	problems:
//	  - id: eight-queens          # required, unique in the set
//	    title: The classic        # optional, one line of text, not part of the definition
//	    kind: nqueens             # nqueens | reserved | queens-knights
//	    n: 8                      # the side of the board
//	    ask: count                # count | unique | max | solutions | placement
//	    points: 1                 # optional, 1..1000000, default 1
//	  - id: cses-sample
//	    kind: reserved            # n is the number of board rows; n: may be left out
//	    board: |                  # '.' a free square, '*' a reserved one; square
//	      ...
//	      .*.
//	      ...
//	    ask: count
//	  - id: qk8
//	    kind: queens-knights
//	    n: 8
//	    m: 5                      # optional, 0..n; default: the largest m possible
//	    ask: count
//
// A board may also be a list of rows; a row that starts with '*' must then be
// quoted ('*..'), since YAML reads an unquoted * as an alias:
//
//	board: ['...', '*..', '...']
//
// Ids and names hold 1 to 64 ASCII letters, digits, '.', '_' and '-', and
// start with a letter or digit, so that an id is never read as a flag or a
// path. Integers are plain decimal numbers (underscores between digits are
// allowed, leading zeros are not, since YAML reads 010 as octal 8). n must lie
// within solver.MaxN for the kind and ask; ask max is for queens-knights only
// and takes no m. A reserved board is at most 32×32 for count, unique and
// solutions and at most 1000×1000 for placement (written, a board of a
// 1000 rows is about 1 MB, within MaxFileSize; or generated); a board too
// large for its ask is refused with the reason ("boards past 32 are only
// for placement").
//
// Every mistake is reported as "FILE:LINE: problem "ID": message", or with
// "problem 3" (its place in the list) when the problem has no valid id, or
// "FILE:LINE: message" outside a problem. The line is the one to change: for
// a YAML syntax error, the line where the reading stopped (yaml.v3's own
// message names the line before the collection it was reading, or none),
// or the line of a [ or { that is never closed. Every mistake in the file is
// reported, in line order, joined with errors.Join; each is an *Error. Only
// a file with more than 1000 mistakes, which is junk rather than a set, has
// the rest summed up in a last line. A UTF-8 byte order mark and CRLF line
// ends are accepted; NUL bytes, invalid UTF-8 and other binary junk are
// refused with the line they are on.
//
// Files larger than MaxFileSize (1 MiB) are refused, by Load before they are
// read ("FILE: message", the one mistake without a line). A document of more
// YAML nodes than a set of 10,000 problems needs (250,000) is refused before
// yaml.v3 builds them, from a pass over its tokens (internal/yamlshape).
// Together these bound the work a file can make: the costliest 1 MiB inputs
// (the densest valid set, 22,000 problems; 200,000 empty problems) take a
// few tenths of a second and at most 60 MB of allocation to decode and
// report.
package problems
