package pkgexport

import (
	"fmt"
	"strings"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// Statement returns the problem statement of the package of p in LaTeX, as
// problemtools reads problem.en.tex: the puzzle, the input and the output
// format in plain words. For a problem with tests it gives the range of n
// of the tests; the m of a queens-knights problem is p.M.
func Statement(p problems.Problem) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\\problemname{%s}\n\n", texEscape(title(p)))
	m := "$m$ queens and $m$ knights"
	if p.Kind == solver.QueensKnights && p.M != solver.AnyM {
		m = fmt.Sprintf("$%d$ queens and $%d$ knights", p.M, p.M)
	} else if p.Kind == solver.QueensKnights {
		m += ", with $m$ as large as possible,"
	}
	switch p.Kind {
	case solver.NQueens:
		b.WriteString("Place $n$ queens on an $n \\times n$ chessboard so that no queen attacks another:\nno two share a row, a column or a diagonal.\n\n")
	case solver.Reserved:
		b.WriteString("Place $n$ queens on the free squares of an $n \\times n$ chessboard so that no queen\nattacks another: no two share a row, a column or a diagonal. Some squares are\nreserved: no queen may stand on one, but a reserved square does not block an attack.\n\n")
	case solver.QueensKnights:
		fmt.Fprintf(&b, "Place %s on an $n \\times n$ chessboard so that no piece attacks\nanother: queens attack along rows, columns and diagonals (a piece in between\nblocks the attack), knights attack the squares a knight's move away.\n\n", m)
	}
	switch p.Ask {
	case solver.AskCount:
		b.WriteString("In how many ways can it be done? Two placements are different when some square\nholds a piece in one and not in the other, or different pieces.\n\n")
	case solver.AskUnique:
		b.WriteString("In how many ways can it be done, up to symmetry? Placements that a rotation or\nreflection of the board maps onto each other count once")
		if p.Kind == solver.Reserved {
			b.WriteString("; only the symmetries\nthat map the reserved squares onto themselves count")
		}
		b.WriteString(".\n\n")
	case solver.AskMax:
		b.WriteString("What is the largest $m$ for which it can be done?\n\n")
	case solver.AskPlacement:
		b.WriteString("Give one way to do it, or say that there is none.\n\n")
	case solver.AskSolutions:
		b.WriteString("List every way to do it.\n\n")
	}
	b.WriteString("\\section*{Input}\n\n")
	if p.Kind == solver.Reserved {
		fmt.Fprintf(&b, "The input is the board: $n$ lines of $n$ characters each, \\texttt{.} for a free\nsquare and \\texttt{*} for a reserved one ($1 \\le n \\le %d$).\n\n", solver.MaxN(p.Kind, p.Ask))
	} else if p.Tests == nil {
		fmt.Fprintf(&b, "The input is one line holding the integer $n$ ($n = %d$ in the secret test case).\n\n", p.N)
	} else {
		lo, hi := p.Tests[0].Problem.N, p.Tests[0].Problem.N
		for _, t := range p.Tests {
			lo, hi = min(lo, t.Problem.N), max(hi, t.Problem.N)
		}
		if lo == hi {
			fmt.Fprintf(&b, "The input is one line holding the integer $n$ ($n = %d$ in every test case).\n\n", lo)
		} else {
			fmt.Fprintf(&b, "The input is one line holding the integer $n$ ($%d \\le n \\le %d$ in the test cases).\n\n", lo, hi)
		}
	}
	b.WriteString("\\section*{Output}\n\n")
	switch p.Ask {
	case solver.AskCount, solver.AskUnique, solver.AskMax:
		b.WriteString("Output one non-negative integer, the answer.\n")
	case solver.AskPlacement, solver.AskSolutions:
		if p.Ask == solver.AskPlacement {
			b.WriteString("Output one placement, or the word \\texttt{none} when there is none.\n")
		} else {
			b.WriteString("Output every placement, in any order, each once.\n")
		}
		if p.Kind == solver.QueensKnights {
			b.WriteString("A placement is the board: $n$ lines of $n$ characters, \\texttt{Q} for a queen,\n\\texttt{N} for a knight and \\texttt{.} for an empty square")
		} else {
			b.WriteString("A placement is the board: $n$ lines of $n$ characters, \\texttt{Q} for a queen\nand \\texttt{.} for an empty square")
		}
		if p.Kind == solver.Reserved {
			b.WriteString(" (a reserved square may\nbe written \\texttt{*})")
		}
		if p.Ask == solver.AskSolutions {
			b.WriteString("; boards are separated by a blank line")
		}
		b.WriteString(".\n")
		if p.Kind != solver.QueensKnights {
			b.WriteString("Instead of the board, a placement may be given as its columns: $n$ integers on\none line, the column of the queen in each row from the top, all counting from\n$0$ or all from $1$")
			if p.Ask == solver.AskSolutions {
				b.WriteString(", one placement a line")
			}
			b.WriteString(".\n")
		}
	}
	return b.String()
}

// texEscape escapes the characters LaTeX gives a meaning in text.
func texEscape(s string) string {
	r := strings.NewReplacer(`\`, `\textbackslash{}`, `{`, `\{`, `}`, `\}`, `$`, `\$`, `&`, `\&`, `#`, `\#`, `_`, `\_`, `%`, `\%`, `^`, `\^{}`, `~`, `\~{}`)
	return r.Replace(s)
}
