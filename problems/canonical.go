package problems

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/solver"
)

// Canonical returns the canonical text of the definition p: what the problem
// asks, independent of its id, title and points and of how its file was
// written (key order, n given or left out on a reserved board, a board as a
// block or a list, comments, line ends). Two definitions have the same text
// exactly when they ask the same question.
//
// The text is versioned, one key a line, in a fixed order:
//
//	queensjudge-problem 1
//	kind: reserved
//	n: 3
//	board: .../.*./...
//	ask: count
//
// board appears only for reserved problems, m (a number or "max" for
// solver.AnyM) only for queens-knights. Canonical is meant for valid problems,
// those from Parse; it does not fail on others, but they may share a text.
func Canonical(p solver.Problem) string {
	var b strings.Builder
	fmt.Fprintf(&b, "queensjudge-problem 1\nkind: %s\nn: %d\n", p.Kind, p.N)
	if p.Kind == solver.Reserved {
		b.WriteString("board: ")
		b.WriteString(strings.Join(BoardRows(p), "/"))
		b.WriteByte('\n')
	}
	if p.Kind == solver.QueensKnights {
		if p.M == solver.AnyM {
			b.WriteString("m: max\n")
		} else {
			fmt.Fprintf(&b, "m: %d\n", p.M)
		}
	}
	fmt.Fprintf(&b, "ask: %s\n", p.Ask)
	return b.String()
}

// Hash returns the lowercase hex SHA-256 of Canonical(p): the key under which
// answers to p are kept, shared by every set that asks the same question.
func Hash(p solver.Problem) string {
	sum := sha256.Sum256([]byte(Canonical(p)))
	return hex.EncodeToString(sum[:])
}

// ParseCanonical reads back the text Canonical writes: the definition of a
// problem known only from the cache (show, regrade). It checks the result
// with solver.Problem.Validate.
func ParseCanonical(text string) (solver.Problem, error) {
	p := solver.Problem{M: solver.AnyM}
	var rows []string // the board's, read once n is known
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) == 0 || lines[0] != "queensjudge-problem 1" {
		return p, fmt.Errorf("canonical definition: unknown header %q", lines[0])
	}
	for _, line := range lines[1:] {
		key, value, ok := strings.Cut(line, ": ")
		if !ok {
			return p, fmt.Errorf("canonical definition: bad line %q", line)
		}
		var err error
		switch key {
		case "kind":
			p.Kind = solver.Kind(value)
		case "ask":
			p.Ask = solver.Ask(value)
		case "n":
			p.N, err = strconv.Atoi(value)
		case "m":
			if value != "max" {
				p.M, err = strconv.Atoi(value)
			}
		case "board":
			rows = strings.Split(value, "/")
		default:
			return p, fmt.Errorf("canonical definition: unknown key %q", key)
		}
		if err != nil {
			return p, fmt.Errorf("canonical definition: %s: %w", key, err)
		}
	}
	// Every row is n squares long, so that the board laid out for n takes
	// no more words than the text has bytes, whatever n says.
	for r, row := range rows {
		if len(row) != p.N {
			return p, fmt.Errorf("canonical definition: board row %d has %d squares, want %d", r+1, len(row), p.N)
		}
	}
	if rows != nil {
		p.Reserved = reservedOf(rows, p.N)
	}
	if err := p.Validate(); err != nil {
		return p, fmt.Errorf("canonical definition: %w", err)
	}
	return p, nil
}

// reservedOf returns the board whose rows are written in rows, '*' for a
// reserved square, in the form solver.Problem.Reserved holds for a board
// of side n, for Validate to check against n: as many rows as rows has,
// and the squares of each up to the last column the layout holds (those
// past n, up to the next multiple of 64, are kept for Validate to refuse;
// those past that are left out). It takes rows·n/64 words or so: the
// caller bounds n by the text the rows come from.
func reservedOf(rows []string, n int) []uint64 {
	w := solver.ReservedWords(n)
	out := make([]uint64, len(rows)*w)
	for r, row := range rows {
		for c := 0; c < len(row) && c < 64*w; c++ {
			if row[c] == '*' {
				out[r*w+c/64] |= 1 << uint(c%64)
			}
		}
	}
	return out
}

// BoardRows returns the rows of p's board as a set writes them, '.' for a
// free square and '*' for a reserved one; none when p has no board. The
// board is read in the layout of solver.Problem.Reserved for p.N, as many
// rows as it holds.
func BoardRows(p solver.Problem) []string {
	n := max(p.N, 0)
	w := solver.ReservedWords(n)
	if w == 0 {
		return []string{}
	}
	rows := make([]string, len(p.Reserved)/w)
	row := make([]byte, n)
	for r := range rows {
		masks := p.Reserved[r*w : (r+1)*w]
		for c := range n {
			row[c] = '.'
			if masks[c/64]>>uint(c%64)&1 == 1 {
				row[c] = '*'
			}
		}
		rows[r] = string(row)
	}
	return rows
}
