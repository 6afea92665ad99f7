package judge

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/solver"
)

// The problems the tests judge against; their keys come from solver.Solve.
var (
	nq8Count   = solver.Problem{Kind: solver.NQueens, N: 8, Ask: solver.AskCount}
	nq8Unique  = solver.Problem{Kind: solver.NQueens, N: 8, Ask: solver.AskUnique}
	nq8Place   = solver.Problem{Kind: solver.NQueens, N: 8, Ask: solver.AskPlacement}
	nq3Place   = solver.Problem{Kind: solver.NQueens, N: 3, Ask: solver.AskPlacement}
	nq1Place   = solver.Problem{Kind: solver.NQueens, N: 1, Ask: solver.AskPlacement}
	nq6All     = solver.Problem{Kind: solver.NQueens, N: 6, Ask: solver.AskSolutions}
	nq3All     = solver.Problem{Kind: solver.NQueens, N: 3, Ask: solver.AskSolutions}
	qk8Max     = solver.Problem{Kind: solver.QueensKnights, N: 8, M: solver.AnyM, Ask: solver.AskMax}
	qk8Count   = solver.Problem{Kind: solver.QueensKnights, N: 8, M: solver.AnyM, Ask: solver.AskCount}
	qk6M3Place = solver.Problem{Kind: solver.QueensKnights, N: 6, M: 3, Ask: solver.AskPlacement}
	qk6Place   = solver.Problem{Kind: solver.QueensKnights, N: 6, M: solver.AnyM, Ask: solver.AskPlacement}
	qk4All     = solver.Problem{Kind: solver.QueensKnights, N: 4, M: solver.AnyM, Ask: solver.AskSolutions}
	cses       = reserved(solver.AskCount, "........", "........", "..*.....", "........", "........", ".....**.", "...*....", "........")
	corners    = reserved(solver.AskPlacement, "*....*", "......", "......", "......", "......", "*....*")
	cornersAll = reserved(solver.AskSolutions, "*....*", "......", "......", "......", "......", "*....*")
)

func reserved(ask solver.Ask, rows ...string) solver.Problem {
	p := solver.Problem{Kind: solver.Reserved, N: len(rows), Reserved: make([]uint64, len(rows)), Ask: ask}
	for r, row := range rows {
		for c, ch := range row {
			if ch == '*' {
				p.Reserved[r] |= 1 << uint(c)
			}
		}
	}
	return p
}

var keyCache sync.Map // problem text → Key

// key returns the ground truth of p from the solver.
func key(t testing.TB, p solver.Problem) Truth {
	t.Helper()
	id := fmt.Sprintf("%+v", p)
	if k, ok := keyCache.Load(id); ok {
		return k.(Truth)
	}
	k, err := SolveTruth(context.Background(), p, solver.Options{})
	if err != nil {
		t.Fatalf("SolveKey(%s): %v", id, err)
	}
	keyCache.Store(id, k)
	return k
}

// solutions returns every placement of p, in the solver's order.
func solutions(t testing.TB, p solver.Problem) []solver.Placement {
	t.Helper()
	var pls []solver.Placement
	for pl, err := range key(t, p).Solutions(context.Background()) {
		if err != nil {
			t.Fatal(err)
		}
		pls = append(pls, pl)
	}
	return pls
}

// columns1 writes a queens-only placement in the column form, from base.
func columnsText(pl solver.Placement, base int) string {
	cols, ok := pl.Columns()
	if !ok {
		panic("not a queens-only placement: " + pl.String())
	}
	var b strings.Builder
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(c + base))
	}
	return b.String()
}

// boardText writes a placement in the board form, one row a line, with *
// on p's reserved squares when stars.
func boardText(p solver.Problem, pl solver.Placement, stars bool) string {
	rows := pl.Rows()
	for r := range rows {
		row := []byte(rows[r])
		for c := range row {
			if stars && row[c] == '.' && p.IsReserved(r, c) {
				row[c] = '*'
			}
		}
		rows[r] = string(row)
	}
	return strings.Join(rows, "\n") + "\n"
}

type judgeCase struct {
	name string
	p    solver.Problem
	in   string
	want Verdict
	msg  string // the whole judge message; "" not to check it
}

func TestJudgeNumber(t *testing.T) {
	million := strings.Repeat("7", 1_000_000)
	zeros := strings.Repeat("0", 1_000_000)
	runCases(t, []judgeCase{
		{"plain", nq8Count, "92", AC, "answer 92"},
		{"newline", nq8Count, "92\n", AC, "answer 92"},
		{"white space", nq8Count, " \t92  \r\n\r\n\n", AC, "answer 92"},
		{"CRLF and BOM", nq8Count, "\ufeff92\r\n", AC, "answer 92"},
		{"leading zeros", nq8Count, "0092", AC, "answer 92"},
		{"a million leading zeros", nq8Count, zeros + "92", AC, "answer 92"},
		{"zero", asking(nq3Place, solver.AskCount), "0", AC, "answer 0"},
		{"zeros for zero", asking(nq3Place, solver.AskCount), "000", AC, "answer 0"},
		{"wrong", nq8Count, "91", WA, "line 1: answer 91, expected 92"},
		{"a digit more", nq8Count, "920", WA, "line 1: answer 920, expected 92"},
		{"a million digits", nq8Count, million, WA, "line 1: answer 777777777777… (1000000 digits), expected 92"},
		{"zeros then a long number", nq8Count, zeros + million, WA, "line 1: answer 777777777777… (1000000 digits), expected 92"},
		{"beyond uint64", nq8Count, "184467440737095516160", WA, "line 1: answer 184467440737095516160, expected 92"},
		{"unique", nq8Unique, "12", AC, "answer 12"},
		{"unique wrong", nq8Unique, "92", WA, "line 1: answer 92, expected 12"},
		{"max", qk8Max, "5\n", AC, "answer 5"},
		{"max wrong", qk8Max, "4\n", WA, "line 1: answer 4, expected 5"},
		{"queens-knights count", qk8Count, "16", AC, "answer 16"},
		{"reserved count", cses, "65", AC, "answer 65"},
		{"reserved count wrong", cses, "92", WA, "line 1: answer 92, expected 65"},
		{"empty", nq8Count, "", NO, "the answer is empty"},
		{"white space only", nq8Count, " \r\n\t\n", NO, "the answer is empty"},
		{"BOM only", nq8Count, "\ufeff\n", NO, "the answer is empty"},
		{"fullwidth digits", nq8Count, "９２", PE, `line 1: cannot read "９２" as a non-negative decimal integer: it has non-ASCII characters`},
		{"arabic-indic digits", nq8Count, "٩٢", PE, `line 1: cannot read "٩٢" as a non-negative decimal integer: it has non-ASCII characters`},
		{"no-break space", nq8Count, "9\u00a02", PE, `line 1: cannot read "9\u00a02" as a non-negative decimal integer: it has non-ASCII characters`},
		{"decimal point", nq8Count, "92.0", PE, `line 1: cannot read "92.0" as a non-negative decimal integer`},
		{"negative", nq8Count, "-92", PE, `line 1: cannot read "-92" as a non-negative decimal integer`},
		{"plus", nq8Count, "+92", PE, `line 1: cannot read "+92" as a non-negative decimal integer`},
		{"exponent", nq8Count, "1e2", PE, `line 1: cannot read "1e2" as a non-negative decimal integer`},
		{"hex", nq8Count, "0x5c", PE, `line 1: cannot read "0x5c" as a non-negative decimal integer`},
		{"two numbers", nq8Count, "92 93", PE, `line 1: unexpected "93" after the number`},
		{"text after", nq8Count, "92\n\nthanks!", PE, `line 3: unexpected "thanks!" after the number`},
		{"none", nq8Count, "none", PE, `line 1: cannot read "none" as a non-negative decimal integer`},
		{"NUL inside", nq8Count, "9\x002", PE, "line 1: NUL byte: the answer is not text"},
		{"NUL after", nq8Count, "92\n\x00", PE, "line 2: NUL byte: the answer is not text"},
		{"control character", nq8Count, "92\x1b[0m", PE, "line 1: control character U+001B: the answer is not text"},
		{"UTF-16", nq8Count, "\xff\xfe9\x002\x00", PE, "line 1: UTF-16 text: write the answer in ASCII or UTF-8"},
		{"invalid UTF-8", nq8Count, "\xc3\x28\xa0\xa1", PE, "line 1: invalid UTF-8: the answer is not text"},
		{"a lone lead byte", nq8Count, "\xd4", PE, "line 1: invalid UTF-8: the answer is not text"},
		{"a cut rune", nq8Count, "92\n\xe6\x97", PE, "line 2: invalid UTF-8: the answer is not text"},
		{"binary", nq8Count, "\x7fELF\x02\x01\x01\x00", PE, "line 1: control character U+007F: the answer is not text"},
		{"line numbers with CR only", nq8Count, "\r\r92 x", PE, `line 3: unexpected "x" after the number`},
		{"line numbers with CR CR LF", nq8Count, "\r\r\n\r\r\n92\r\r\nx", PE, `line 4: unexpected "x" after the number`},
		{"CR CR CR LF", nq8Count, "\r\r\r\n92 x", PE, `line 3: unexpected "x" after the number`},
	})
}

// asking returns p asking ask.
func asking(p solver.Problem, ask solver.Ask) solver.Problem {
	p.Ask = ask
	return p
}

func TestJudgePlacement(t *testing.T) {
	pl := *key(t, nq8Place).Answer.Placement // 2 4 6 8 3 1 7 5
	b := boardText(nq8Place, pl, false)
	cornerPl := *key(t, corners).Answer.Placement
	qk := *key(t, qk6M3Place).Answer.Placement
	runCases(t, []judgeCase{
		{"columns from 1", nq8Place, columnsText(pl, 1), AC, "a valid placement"},
		{"columns from 0", nq8Place, columnsText(pl, 0), AC, "a valid placement"},
		{"columns one a line", nq8Place, strings.ReplaceAll(columnsText(pl, 1), " ", "\r\n"), AC, "a valid placement"},
		{"columns with leading zeros", nq8Place, "02 04 06 08 03 01 07 05", AC, "a valid placement"},
		{"board", nq8Place, b, AC, "a valid placement"},
		{"board CRLF, BOM, trailing space", nq8Place, "\ufeff" + strings.ReplaceAll(b, "\n", " \t\r\n") + "\r\n", AC, "a valid placement"},
		{"board with blank lines", nq8Place, strings.ReplaceAll(b, "\n", "\n\n"), AC, "a valid placement"},
		{"board CR CR LF", nq8Place, strings.ReplaceAll(b, "\n", "\r\r\n"), AC, "a valid placement"},
		{"1×1 board", nq1Place, "Q", AC, "a valid placement"},
		{"1×1 from 1", nq1Place, "1", AC, "a valid placement"},
		{"1×1 from 0", nq1Place, "0", AC, "a valid placement"},
		{"none but there is one", nq8Place, "none", WA, "line 1: answer none, but there is a placement: 2 4 6 8 3 1 7 5"},
		{"none", nq3Place, "NONE\n", AC, "none, and there is no placement"},
		{"none when asked a board", nq3Place, "...\n...\n...\n", WA, "0 queens, expected 3"},
		{"none then text", nq3Place, "none 1", PE, `line 1: unexpected "1" after none`},
		{"a repeat", nq8Place, "1 5 8 6 3 7 2 2", WA, "queens on b2 and b1 share a column"},
		{"a repeat in range, from 0", nq8Place, "0 4 7 5 2 6 1 1", WA, "queens on b2 and b1 share a column"},
		{"neither 0 nor n", nq8Place, "1 2 3 4 5 6 7 7", WA, "queens on a8 and b7 share a diagonal (columns read as counting from 1)"},
		{"diagonal", nq8Place, "1 2 3 4 5 6 7 8", WA, "queens on a8 and b7 share a diagonal"},
		{"too few columns", nq8Place, "2 4 6 8 3 1 7", WA, "7 column numbers, expected 8 (one for each row)"},
		{"too many columns", nq8Place, "2 4 6 8 3 1 7 5 1", WA, "9 column numbers, expected 8 (one for each row)"},
		{"off the board", nq8Place, "2 4 6 9 3 1 7 5", WA, "row 4 from the top: column 9 is off the board of 8 columns"},
		{"far off the board", nq8Place, "2 4 6 99999999999999999999 3 1 7 5", WA, "row 4 from the top: column 999999999999… (20 digits) is off the board of 8 columns"},
		{"both 0 and n", nq8Place, "0 4 6 8 3 1 7 5", WA, "the columns must count all from 0 or all from 1, but row 1 from the top has 0 and row 4 has 8"},
		{"not a number", nq8Place, "2 4 6 8 3 1 7 x", PE, `line 1: cannot read "x" as a column number`},
		{"fullwidth column", nq8Place, "2 4 6 8 3 1 7 ５", PE, `line 1: cannot read "５" as a column number: it has non-ASCII characters`},
		{"negative column", nq8Place, "2 4 6 8 3 1 7 -5", PE, `line 1: cannot read "-5" as a column number`},
		{"board too small", nq8Place, "Q......\n...Q...\n", WA, "board has 2 rows of 7 squares, expected 8×8"},
		{"board 7×7", nq8Place, strings.Repeat(".......\n", 7), WA, "board is 7×7, expected 8×8"},
		{"ragged board", nq8Place, strings.Replace(b, ".Q......\n", ".Q.....\n", 1), PE, "line 2: row 2 of the board has 8 squares, but row 1 has 7"},
		{"ragged later", nq8Place, strings.Replace(b, "...Q....\n", "...Q.....\n", 1), PE, "line 2: row 2 of the board has 9 squares, but row 1 has 8"},
		{"space in a row", nq8Place, strings.Replace(b, ".Q......", ".Q.. ....", 1), PE, "line 1: a space inside a board row: write each row as 8 characters with no spaces"},
		{"lowercase q", nq8Place, strings.Replace(b, "Q", "q", 1), PE, `line 1: cannot read ".q......" as a placement (n rows of Q, N and ., n column numbers, or none)`},
		{"lowercase q later", nq8Place, strings.Replace(b, "...Q....", "...q....", 1), PE, `line 2: cannot read "...q...." as a board row of Q, N, . and *`},
		{"attack", nq8Place, strings.Replace(b, "...Q....", "..Q.....", 1), WA, "queens on b8 and c7 share a diagonal"},
		{"knight on n-queens", nq8Place, strings.Replace(b, ".Q......", ".Q.N....", 1), WA, "1 knight, expected 0"},
		{"star on n-queens", nq8Place, strings.Replace(b, ".Q......", "*Q......", 1), WA, "square a8 is marked * but is not reserved"},
		{"nine queens", nq8Place, strings.Replace(b, ".Q......", "QQ......", 1), WA, "9 queens, expected 8"},
		{"a board of queens", nq8Place, strings.Repeat("QQQQQQQQ\n", 8), WA, "64 queens on a board of 8 rows: two share a row"},
		{"reserved with stars", corners, boardText(corners, cornerPl, true), AC, "a valid placement"},
		{"reserved without stars", corners, boardText(corners, cornerPl, false), AC, "a valid placement"},
		{"reserved columns", corners, columnsText(cornerPl, 1), AC, "a valid placement"},
		{"reserved square", corners, "Q.....\n...Q..\n.Q....\n....Q.\n..Q...\n.....Q\n", WA, "square a6 is reserved"},
		{"reserved square, columns", corners, "1 4 2 5 3 6", WA, "square a6 is reserved"},
		{"star off the reserved squares", corners, strings.Replace(boardText(corners, cornerPl, true), ".", "*", 1), WA, "square " + firstDot(corners, cornerPl) + " is marked * but is not reserved"},
		{"queens-knights", qk6M3Place, boardText(qk6M3Place, qk, false), AC, "a valid placement"},
		{"queens-knights columns", qk6M3Place, "1 3 6", PE, "line 1: column numbers are only for queens-only problems: write the board, 6 rows of Q, N and ."},
		{"queens-knights too few", qk6M3Place, "Q.....\n..Q...\n......\n......\n.N....\n.N....\n", WA, "2 queens, expected 3"},
		{"queens-knights attack", qk6M3Place, "Q.....\n..Q...\n.....Q\n......\n.N....\n.N.N..\n", WA, "knights on b2 and d1 attack each other"},
		{"knight attacks queen", qk6M3Place, "Q.....\n..Q...\n.....Q\n...N..\n......\n.N.N..\n", WA, "queen on a6 attacks knight on d3"},
		{"largest m", qk6Place, boardText(qk6Place, qk, false), AC, "a valid placement"},
		{"largest m, too few", qk6Place, "Q.....\n..Q...\n......\n......\n.N....\n.N....\n", WA, "2 queens and 2 knights, expected 3 of each"},
		{"largest m, one of each", qk6Place, "Q.....\n......\n......\n......\n......\n.N....\n", WA, "1 queen and 1 knight, expected 3 of each"},
		{"largest m, unequal", qk6Place, "Q.....\n..Q...\n......\n......\n.N....\n......\n", WA, "1 knight, expected 2"},
		{"largest m, attack", qk6Place, "Q.....\n..Q...\n.....Q\n......\n.N....\n.N.N..\n", WA, "knights on b2 and d1 attack each other"},
		{"empty", nq8Place, "\n\n", NO, "the answer is empty"},
		{"nonsense", nq8Place, "hello", PE, `line 1: cannot read "hello" as a placement (n rows of Q, N and ., n column numbers, or none)`},
		{"NUL in a board", nq8Place, strings.Replace(b, ".", "\x00", 1), PE, "line 1: NUL byte: the answer is not text"},
	})
}

// firstDot names the first empty square of pl that is not reserved in p.
func firstDot(p solver.Problem, pl solver.Placement) string {
	rows := pl.Rows()
	for r, row := range rows {
		for c := range row {
			if row[c] == '.' && !p.IsReserved(r, c) {
				return solver.Square{Row: r, Col: c}.Name(p.N)
			}
		}
	}
	return ""
}

func TestJudgeSolutions(t *testing.T) {
	sols := solutions(t, nq6All) // 4 of them
	lines := func(base int, pls ...solver.Placement) string {
		var b strings.Builder
		for _, pl := range pls {
			b.WriteString(columnsText(pl, base) + "\n")
		}
		return b.String()
	}
	boards := func(p solver.Problem, pls ...solver.Placement) string {
		var parts []string
		for _, pl := range pls {
			parts = append(parts, boardText(p, pl, true))
		}
		return strings.Join(parts, "\n")
	}
	s0, s1, s2, s3 := sols[0], sols[1], sols[2], sols[3]
	bad := solver.FromColumns([]int{0, 1, 2, 3, 4, 5})
	qk := solutions(t, qk4All)
	qkShuffled := slices.Clone(qk)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(qkShuffled), func(i, j int) { qkShuffled[i], qkShuffled[j] = qkShuffled[j], qkShuffled[i] })
	cornerSols := solutions(t, cornersAll)
	runCases(t, []judgeCase{
		{"columns", nq6All, lines(1, s0, s1, s2, s3), AC, "all 4 placements"},
		{"columns from 0", nq6All, lines(0, s0, s1, s2, s3), AC, "all 4 placements"},
		{"any order", nq6All, lines(1, s3, s1, s0, s2), AC, "all 4 placements"},
		{"CRLF, BOM, blank lines", nq6All, "\ufeff" + strings.ReplaceAll(lines(1, s0, s1, s2, s3), "\n", "  \r\n\r\n"), AC, "all 4 placements"},
		{"boards", nq6All, boards(nq6All, s2, s0, s3, s1), AC, "all 4 placements"},
		{"boards CRLF", nq6All, strings.ReplaceAll(boards(nq6All, s0, s1, s2, s3), "\n", "\r\n"), AC, "all 4 placements"},
		// A Windows program printing "\r\n" to a text-mode stream writes
		// "\r\r\n": one line end, or every row would be a board of its own.
		{"boards CR CR LF", nq6All, strings.ReplaceAll(boards(nq6All, s0, s1, s2, s3), "\n", "\r\r\n"), AC, "all 4 placements"},
		{"boards CR CR LF, a duplicate", nq6All, strings.ReplaceAll(boards(nq6All, s0, s1, s2, s3, s1), "\n", "\r\r\n"), WA, "line 29: placement 5 repeats placement 2 (line 8)"},
		{"boards CR only", nq6All, strings.ReplaceAll(boards(nq6All, s0, s1, s2, s3), "\n", "\r"), AC, "all 4 placements"},
		{"columns CR CR LF", nq6All, strings.ReplaceAll(lines(1, s0, s1, s2, s3), "\n", "\r\r\n"), AC, "all 4 placements"},
		{"reserved boards", cornersAll, boards(cornersAll, cornerSols...), AC, fmt.Sprintf("all %d placements", len(cornerSols))},
		{"queens-knights boards", qk4All, boards(qk4All, qkShuffled...), AC, "all 40 placements"},
		{"missing one", nq6All, lines(1, s0, s1, s3), WA, "3 placements, expected 4; missing " + s2.String()},
		{"missing one board", nq6All, boards(nq6All, s1, s2, s3), WA, "3 placements, expected 4; missing " + s0.String()},
		{"a duplicate", nq6All, lines(1, s0, s1, s2, s0), WA, "line 4: placement 4 repeats placement 1 (line 1)"},
		{"a duplicate instead of one", nq6All, lines(1, s0, s1, s1, s3), WA, "line 3: placement 3 repeats placement 2 (line 2)"},
		{"three copies", nq6All, lines(1, s0, s0, s0, s1, s2, s3), WA, "line 2: placement 2 repeats placement 1 (line 1)"},
		{"a duplicate board", nq6All, boards(nq6All, s0, s1, s2, s3, s1), WA, "line 29: placement 5 repeats placement 2 (line 8)"},
		{"an invalid one", nq6All, lines(1, s0, bad, s2, s3), WA, "line 2: placement 2: queens on a6 and b5 share a diagonal"},
		{"invalid before a duplicate", nq6All, lines(1, s0, s1, bad, s1), WA, "line 3: placement 3: queens on a6 and b5 share a diagonal"},
		{"a duplicate before an invalid one", nq6All, lines(1, s0, s0, bad), WA, "line 2: placement 2 repeats placement 1 (line 1)"},
		{"a short line", nq6All, lines(1, s0, s1) + "2 4 6 1 3\n" + lines(1, s3), WA, "line 3: placement 3: 5 column numbers, expected 6 (one for each row)"},
		{"bases mixed", nq6All, lines(1, s0, s1) + lines(0, s2, s3), WA, "line 3: placement 3: the columns count from 0, but placement 1 counted from 1"},
		{"a board among columns", nq6All, lines(1, s0) + boardText(nq6All, s1, false), PE, "line 2: placement 2 is a board, but placement 1 is in the column form"},
		{"columns among boards", nq6All, boardText(nq6All, s1, false) + "\n" + lines(1, s0), PE, "line 8: placement 2 is in the column form, but placement 1 is a board"},
		{"boards run together", nq6All, boardText(nq6All, s0, false) + boardText(nq6All, s1, false), PE, "line 1: placement 1: 12 rows of 6 squares: separate the placements with a blank line"},
		{"a wrong size board", nq6All, boardText(nq6All, s0, false) + "\n" + "......\n....Q.\n......\n......\n......\n", WA, "line 8: placement 2: board has 5 rows of 6 squares, expected 6×6"},
		{"a board too small", nq6All, boardText(nq6All, s0, false) + "\n" + strings.Repeat(".....\n", 5), WA, "line 8: placement 2: board is 5×5, expected 6×6"},
		{"more than there are", nq6All, lines(1, s0, s1, s2, s3, s0, s1), WA, "line 5: placement 5 repeats placement 1 (line 1)"},
		{"none but there are some", nq6All, "none", WA, "line 1: answer none, but there are 4 placements"},
		{"none", nq3All, "None\n", AC, "none, and there is no placement"},
		{"a placement when there are none", nq3All, "1 3 2\n", WA, "line 1: placement 1: queens on c2 and b1 share a diagonal"},
		{"empty", nq3All, "", NO, "the answer is empty"},
		{"queens-knights columns", qk4All, "1 3 2 4\n", PE, "line 1: column numbers are only for queens-only problems: write the boards, 4 rows of Q, N and . each"},
		{"queens-knights fewer pieces", qk4All, boards(qk4All, qk[0]) + "\n....\n....\n....\n....\n", WA, "line 6: placement 2: 0 queens and 0 knights, expected 1 of each"},
		{"queens-knights missing", qk4All, boards(qk4All, qk[1:]...), WA, "39 placements, expected 40; missing " + qk[0].String()},
		{"nonsense after columns", nq6All, lines(1, s0) + "hello\n", PE, `line 2: cannot read "hello" as a column number`},
		{"nonsense after a board", nq6All, boardText(nq6All, s0, false) + "\nhello\n", PE, `line 8: cannot read "hello" as a board row of Q, N, . and *`},
		{"nonsense under a board", nq6All, boardText(nq6All, s0, false) + "hello\n", PE, `line 7: cannot read "hello" as a board row of Q, N, . and *`},
		{"columns under a board", nq6All, boardText(nq6All, s0, false) + lines(1, s1), PE, "line 7: placement 2 is in the column form, but placement 1 is a board"},
		{"nonsense", nq6All, "hello\n", PE, `line 1: cannot read "hello" as a list of placements (boards separated by blank lines, lines of column numbers, or none)`},
	})
}

var (
	// linePrefix matches where a message points, and what it counts of the
	// team's own answer: neither gives the expected answer away.
	linePrefix = regexp.MustCompile(`line \d+|placement \d+|\(line \d+\)|\d+×\d+|row \d+|from [01]\b|` +
		`\b\d+ (column numbers?|queens?|knights?|placements?|rows?|squares?)\b`)
	// number matches a number of its own in a message, not the 4 of b4;
	// digits any the team wrote.
	number = regexp.MustCompile(`\b\d+\b`)
	digits = regexp.MustCompile(`\d+`)
	// escapes matches how the team's own bytes are quoted.
	escapes = regexp.MustCompile(`\\x[0-9a-f]{2}|\\u[0-9a-f]{4}|\\U[0-9a-f]{8}|U\+[0-9A-F]{4,}`)
)

// secrets returns what a team message must never show for key: the
// expected number, the key's placement, and the largest m when the problem
// leaves m open.
func secrets(k Truth) []string {
	var s []string
	switch k.Problem.Ask {
	case solver.AskCount, solver.AskUnique, solver.AskMax, solver.AskSolutions:
		s = append(s, strconv.FormatUint(k.Answer.Count, 10))
	}
	if k.Answer.Placement != nil {
		s = append(s, preview(k.Answer.Placement), k.Answer.Placement.String())
	}
	if k.Problem.Kind == solver.QueensKnights && k.Problem.M == solver.AnyM {
		s = append(s, strconv.Itoa(k.Answer.M))
	}
	return s
}

// leak returns the secret of k that team shows, or "". Numbers the team
// wrote itself, line and placement numbers and n are not secret.
func leak(k Truth, team, input string) string {
	team = linePrefix.ReplaceAllString(team, "")
	team = escapes.ReplaceAllString(team, " ")
	wrote := map[string]bool{strconv.Itoa(k.Problem.N): true}
	for _, w := range digits.FindAllString(input[:min(len(input), 1<<16)], -1) {
		wrote[w] = true
		if w = strings.TrimLeft(w, "0"); w == "" {
			w = "0"
		}
		wrote[w] = true
	}
	found := map[string]bool{}
	for _, w := range number.FindAllString(team, -1) {
		found[w] = true
	}
	for _, s := range secrets(k) {
		if strings.Contains(s, " ") || strings.Contains(s, "/") {
			if strings.Contains(team, s) {
				return s
			}
			continue
		}
		if found[s] && !wrote[s] {
			return s
		}
	}
	return ""
}

func runCases(t *testing.T, cases []judgeCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k := key(t, c.p)
			j := Judge(context.Background(), k, strings.NewReader(c.in), Limits{})
			if j.Verdict != c.want || c.msg != "" && j.Message != c.msg {
				t.Errorf("Judge(%.40q) = %s %q, want %s %q", c.in, j.Verdict, j.Message, c.want, c.msg)
			}
			checkJudgement(t, k, j, c.in)
			if s := leak(k, j.TeamMessage, c.in); s != "" {
				t.Errorf("team message %q shows the answer %q", j.TeamMessage, s)
			}
		})
	}
}

// checkBlind checks that the team message does not depend on the answer:
// judged against a key with another count or placement, the same verdict
// must come with the same team message. (The largest m decides which
// placements are valid, so it cannot be changed here; leak checks it.)
func checkBlind(t *testing.T, k Truth, j Judgement, input string) {
	t.Helper()
	other := k
	other.Answer.Count++
	if k.Answer.Placement != nil {
		other.Answer.Placement = nil
	}
	j2 := Judge(context.Background(), other, strings.NewReader(input), Limits{})
	if j2.Verdict == j.Verdict && j.Verdict != AC && j.Verdict != JE && j2.TeamMessage != j.TeamMessage {
		t.Errorf("team message %q against the key, %q against another: it gives the answer away", j.TeamMessage, j2.TeamMessage)
	}
}

// checkJudgement checks what every judgement must be: a known verdict,
// messages of one short line of UTF-8, squares on the board, and a team
// message that does not change with the answer.
func checkJudgement(t *testing.T, k Truth, j Judgement, input string) {
	t.Helper()
	if !slices.Contains(Verdicts, j.Verdict) {
		t.Errorf("verdict %q is not one of %v", j.Verdict, Verdicts)
	}
	for _, m := range []string{j.Message, j.TeamMessage} {
		if m == "" || len(m) > DefaultMaxMessage || !utf8.ValidString(m) || strings.ContainsAny(m, "\n\r\t\x00") {
			t.Errorf("message %q is empty, too long, not UTF-8 or not one line", m)
		}
	}
	checkBlind(t, k, j, input)
	for _, s := range j.Squares {
		if s.Row < 0 || s.Row >= k.Problem.N || s.Col < 0 || s.Col >= k.Problem.N {
			t.Errorf("square %v is off the %d×%d board", s, k.Problem.N, k.Problem.N)
		}
	}
}

func TestJudgeOversize(t *testing.T) {
	k := key(t, nq8Count)
	in := strings.Repeat("9", 2000)
	j := Judge(context.Background(), k, strings.NewReader(in), Limits{MaxBytes: 1024})
	if want := "the answer is larger than the 1 KiB limit"; j.Verdict != PE || j.Message != want {
		t.Errorf("Judge(2000 bytes, limit 1 KiB) = %s %q, want PE %q", j.Verdict, j.Message, want)
	}
	j = Judge(context.Background(), k, strings.NewReader("92"+strings.Repeat(" ", 1022)), Limits{MaxBytes: 1024})
	if j.Verdict != AC {
		t.Errorf("Judge(1024 bytes, limit 1 KiB) = %s %q, want AC", j.Verdict, j.Message)
	}
}

// endless is an answer that never ends: the limit must stop the reading.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '7'
	}
	return len(p), nil
}

func TestJudgeEndless(t *testing.T) {
	j := Judge(context.Background(), key(t, nq8Count), endless{}, Limits{MaxBytes: 1 << 20})
	if j.Verdict != PE || !strings.Contains(j.Message, "larger than the 1 MiB limit") {
		t.Errorf("Judge(endless) = %s %q, want PE, too large", j.Verdict, j.Message)
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, fmt.Errorf("disk on fire") }

func TestJudgeErrors(t *testing.T) {
	ctx := context.Background()
	good := key(t, nq8Count)
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	bad := good
	bad.Problem.N = 0
	for _, c := range []struct {
		name string
		ctx  context.Context
		k    Truth
		in   func() Judgement
		want string
	}{
		{name: "read error", want: "read the answer: disk on fire",
			in: func() Judgement { return Judge(ctx, good, failingReader{}, Limits{}) }},
		{name: "invalid key", want: "the key's problem is not valid: n must be 1..27 for nqueens count, got 0",
			in: func() Judgement { return Judge(ctx, bad, strings.NewReader("92"), Limits{}) }},
		{name: "cancelled", want: "judging stopped: context canceled",
			in: func() Judgement { return Judge(cancelled, good, strings.NewReader("92"), Limits{}) }},
		{name: "nil reader", want: "no answer to read",
			in: func() Judgement { return Judge(ctx, good, nil, Limits{}) }},
	} {
		j := c.in()
		if j.Verdict != JE || j.Message != c.want {
			t.Errorf("%s: %s %q, want JE %q", c.name, j.Verdict, j.Message, c.want)
		}
		if strings.Contains(j.TeamMessage, "92") || j.TeamMessage == j.Message && c.name != "read error" {
			t.Errorf("%s: team message %q", c.name, j.TeamMessage)
		}
	}
}

// A key that is wrong is the tool's fault, and says so.
func TestJudgeWrongKey(t *testing.T) {
	ctx := context.Background()
	k := key(t, nq8Place)
	k.Answer.Placement = nil // "no placement"
	j := Judge(ctx, k, strings.NewReader("2 4 6 8 3 1 7 5"), Limits{})
	if j.Verdict != JE {
		t.Errorf("valid placement against a key of none: %s %q, want JE", j.Verdict, j.Message)
	}
	s := key(t, nq6All)
	s.Answer.Count = 3
	var in strings.Builder
	for _, pl := range solutions(t, nq6All) {
		in.WriteString(columnsText(pl, 1) + "\n")
	}
	j = Judge(ctx, s, strings.NewReader(in.String()), Limits{})
	if j.Verdict != JE || j.Message != "4 distinct valid placements, but the key has only 3" {
		t.Errorf("4 placements against a key of 3: %s %q, want JE", j.Verdict, j.Message)
	}
	m := key(t, qk6Place)
	m.Answer.M = 2
	j = Judge(ctx, m, strings.NewReader(boardText(qk6Place, *key(t, qk6Place).Answer.Placement, false)), Limits{})
	if j.Verdict != JE {
		t.Errorf("3 queens against a key of m = 2: %s %q, want JE", j.Verdict, j.Message)
	}
}

func TestJudgeLargePlacement(t *testing.T) {
	n := solver.MaxPlacementN / 10 // 10^6: the same code; -long judges the largest n
	if testflag.Long() {
		n = solver.MaxPlacementN
	}
	p := solver.Problem{Kind: solver.NQueens, N: n, Ask: solver.AskPlacement}
	k := key(t, p)
	cols, _ := k.Answer.Placement.Columns()
	var b strings.Builder
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(c + 1))
	}
	in := b.String()
	if j := Judge(context.Background(), k, strings.NewReader(in), Limits{}); j.Verdict != AC {
		t.Errorf("Judge(%d queens) = %s %q, want AC", n, j.Verdict, j.Message)
	}
	// Swap two rows' columns: the last row now attacks.
	cols[n-1], cols[n-2] = cols[n-2], cols[n-1]
	b.Reset()
	for i, c := range cols {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(c + 1))
	}
	j := Judge(context.Background(), k, strings.NewReader(b.String()), Limits{})
	if j.Verdict != WA || !strings.Contains(j.Message, "share a") {
		t.Errorf("Judge(%d queens, two swapped) = %s %q, want WA, sharing a line", n, j.Verdict, j.Message)
	}
}

func TestClip(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want string
	}{
		{"short", 10, "short"},
		{"exactly ten", 11, "exactly ten"},
		{"a bit too long", 10, "a bit t…"},
		{"日本語のテキスト", 10, "日本…"}, // 3 bytes a rune: 7 bytes for text, cut back to 6
		{"ééééé", 8, "éé…"},
		{"two\nlines\tand\x00nul", 100, `two\nlines\tand\x00nul`},
		{"not\xffUTF-8", 100, `not\xffUTF-8`},
		{"👍👍👍", 9, "👍…"},
	} {
		got := clip(c.in, c.max)
		if got != c.want || len(got) > c.max || !utf8.ValidString(got) {
			t.Errorf("clip(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
		}
	}
}

// A long message is cut at a rune boundary, in both messages.
func TestJudgeMessagesCut(t *testing.T) {
	in := "92 " + strings.Repeat("ü", 500)
	j := Judge(context.Background(), key(t, nq8Count), strings.NewReader(in), Limits{MaxMessage: 41})
	for _, m := range []string{j.Message, j.TeamMessage} {
		if len(m) > 41 || !utf8.ValidString(m) || !strings.HasSuffix(m, "…") {
			t.Errorf("message %q: want at most 41 bytes of UTF-8 ending in …", m)
		}
	}
}

// stuck is a reader that never gives anything and never ends.
type stuck struct{}

func (stuck) Read([]byte) (int, error) { return 0, nil }

func TestJudgeNoProgress(t *testing.T) {
	j := Judge(context.Background(), key(t, nq8Count), stuck{}, Limits{})
	if j.Verdict != JE || j.Message != "read the answer: multiple Read calls return no data or error" {
		t.Errorf("Judge(a reader that gives nothing) = %s %q, want JE", j.Verdict, j.Message)
	}
}

// The read buffers are shared between answers: judging one after another
// must give the same verdicts as judging each alone.
func TestJudgeReusesBuffers(t *testing.T) {
	k := key(t, nq8Count)
	for i := range 100 {
		in, want := "92", AC
		if i%3 == 0 {
			in, want = strings.Repeat("1", 70_000), WA
		}
		if j := Judge(context.Background(), k, strings.NewReader(in), Limits{}); j.Verdict != want {
			t.Fatalf("answer %d: %s %q, want %s", i, j.Verdict, j.Message, want)
		}
	}
}

// TestJudgeEmptyTeamMessage checks that the team message of an empty answer
// says what the problem's ask wants written: none only where none is an
// answer (placement, solutions), and for solutions that an empty list is
// written none.
func TestJudgeEmptyTeamMessage(t *testing.T) {
	for _, c := range []struct {
		name string
		p    solver.Problem
		want string
	}{
		{"count", nq8Count, "the answer is empty: write the number of placements"},
		{"queens-knights count", qk8Count, "the answer is empty: write the number of placements"},
		{"reserved count", cses, "the answer is empty: write the number of placements"},
		{"unique", nq8Unique, "the answer is empty: write the number of placements up to symmetry"},
		{"max", qk8Max, "the answer is empty: write the largest m"},
		{"placement", nq8Place, "the answer is empty: write a placement, or none when there is no placement"},
		{"solutions", nq6All, "the answer is empty: list every placement, or write none when there is no placement (the empty list is written none)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			j := Judge(context.Background(), key(t, c.p), strings.NewReader(" \n"), Limits{})
			if j.Verdict != NO || j.TeamMessage != c.want {
				t.Errorf("Judge(empty) = %s, team message %q, want NO %q", j.Verdict, j.TeamMessage, c.want)
			}
			if j.Message != "the answer is empty" {
				t.Errorf("Judge(empty) message = %q, want %q", j.Message, "the answer is empty")
			}
		})
	}
}
