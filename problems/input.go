package problems

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/solver"
)

// ParseInput reads the plain input of a contest problem, the file a
// contestant's program reads, for the output validator: a line holding n
// (nqueens, queens-knights), or the board, one line a row of '.' free and
// '*' reserved squares (reserved), optionally after a line holding n. The
// kind, the ask and m are not in the input, so the caller gives them (m is
// solver.AnyM for the largest). CRLF and a UTF-8 BOM are tolerated. file
// names the input in errors, which carry a line like those of Parse.
func ParseInput(file string, data []byte, kind solver.Kind, ask solver.Ask, m int) (solver.Problem, error) {
	p := solver.Problem{Kind: kind, Ask: ask, M: m}
	if kind != solver.QueensKnights {
		p.M = solver.AnyM
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var lines []string
	var lineNos []int
	for i, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			lines = append(lines, line)
			lineNos = append(lineNos, i+1)
		}
	}
	errorf := func(i int, format string, args ...any) error {
		return &Error{File: file, Line: lineNos[i], Msg: fmt.Sprintf(format, args...)}
	}
	if len(lines) == 0 {
		return p, &Error{File: file, Msg: "input is empty"}
	}
	board := lines
	if n, err := strconv.Atoi(lines[0]); err == nil {
		p.N = n
		board = lines[1:]
	} else if kind != solver.Reserved {
		return p, errorf(0, "want n, got %q", short(lines[0]))
	}
	if kind == solver.Reserved {
		if p.N == 0 {
			p.N = len(board)
		}
		if len(board) != p.N {
			return p, &Error{File: file, Msg: fmt.Sprintf("board has %d rows, want %d", len(board), p.N)}
		}
		if p.N > solver.MaxReservedN {
			return p, &Error{File: file, Msg: fmt.Sprintf("board has %d rows, at most %d allowed", p.N, solver.MaxReservedN)}
		}
		p.Reserved = make([]uint64, p.N)
		offset := len(lines) - len(board)
		for r, row := range board {
			if len(row) != p.N {
				return p, errorf(offset+r, "board row %d has %d squares, want %d", r+1, len(row), p.N)
			}
			for c := 0; c < len(row); c++ {
				switch row[c] {
				case '*':
					p.Reserved[r] |= 1 << uint(c)
				case '.':
				default:
					return p, errorf(offset+r, "board row %d has %q at column %d (want '.' or '*')", r+1, row[c], c+1)
				}
			}
		}
	} else if len(board) > 0 {
		return p, errorf(1, "unexpected %q after n", short(board[0]))
	}
	if err := p.Validate(); err != nil {
		return p, &Error{File: file, Msg: err.Error()}
	}
	return p, nil
}
