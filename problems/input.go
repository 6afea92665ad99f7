package problems

import (
	"bytes"
	"fmt"
	"slices"
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
// names the input in errors, which carry a line like those of Parse. A line
// that is neither n nor a row of '.' and '*' (a problem set's YAML given
// where a plain input was meant) is named as such, before any count of rows.
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
		return p, &Error{File: file, Line: 1, Msg: "input is empty"}
	}
	board := lines
	first := 0 // the index in lines of the first board row
	if n, err := strconv.Atoi(lines[0]); err == nil {
		p.N = n
		board, first = lines[1:], 1
	} else if kind != solver.Reserved {
		return p, errorf(0, "want n, got %q", short(lines[0]))
	}
	if kind == solver.Reserved {
		for r, row := range board {
			if c := strings.IndexFunc(row, func(c rune) bool { return c != '.' && c != '*' }); c == 0 {
				return p, errorf(first+r, "%q is not a board row of '.' and '*'", short(row))
			} else if c > 0 {
				return p, errorf(first+r, "board row %d has %q at column %d (want '.' or '*')", r+1, row[c], c+1)
			}
		}
		if p.N == 0 {
			p.N = len(board)
		}
		if len(board) != p.N {
			return p, errorf(0, "board has %d rows, want %d", len(board), p.N)
		}
		if most := solver.MaxN(kind, ask); p.N > most {
			return p, errorf(first+most, "board has %d rows, at most %d allowed for reserved %s%s", p.N, most, ask, onlyPlacement(kind, ask, p.N))
		}
		p.Reserved = solver.NewReserved(p.N)
		for r, row := range board {
			if len(row) != p.N {
				return p, errorf(first+r, "board row %d has %d squares, want %d", r+1, len(row), p.N)
			}
			for c := 0; c < len(row); c++ {
				if row[c] == '*' {
					p.Reserve(r, c)
				}
			}
		}
	} else if len(board) > 0 {
		return p, errorf(1, "unexpected %q after n", short(board[0]))
	}
	if errs := flatten(p.Validate()); len(errs) > 0 {
		// n is on the first line, or is the board's number of rows. The
		// reasons are said as Parse says them, on one line.
		askBad := slices.ContainsFunc(errs, func(err error) bool { return fieldOf(err) == solver.FieldAsk })
		var msgs []string
		for _, err := range errs {
			switch {
			case !askBad || fieldOf(err) != solver.FieldN:
				msgs = append(msgs, err.Error())
			case nRange(p.Kind, p.Ask, p.N, "") != "":
				msgs = append(msgs, nRange(p.Kind, p.Ask, p.N, ""))
			}
		}
		return p, errorf(0, "%s", strings.Join(msgs, "; "))
	}
	return p, nil
}
