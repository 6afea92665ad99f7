package judge

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

// BenchmarkJudgeSolutions judges the whole list of the 10-queens
// problem's 724 placements, as boards and as lines of column numbers: the
// loop of judgeSolutions, placement by placement.
func BenchmarkJudgeSolutions(b *testing.B) {
	p := solver.Problem{Kind: solver.NQueens, N: 10, Ask: solver.AskSolutions}
	truth := key(b, p)
	var boards, cols bytes.Buffer
	for pl, err := range truth.Solutions(context.Background()) {
		if err != nil {
			b.Fatal(err)
		}
		rows := make([][]byte, p.N)
		for r := range rows {
			rows[r] = bytes.Repeat([]byte("."), p.N)
		}
		var line []string
		for _, q := range pl.Queens {
			rows[q.Row][q.Col] = 'Q'
			line = append(line, fmt.Sprint(q.Col+1))
		}
		boards.Write(bytes.Join(rows, []byte("\n")))
		boards.WriteString("\n\n")
		cols.WriteString(strings.Join(line, " ") + "\n")
	}
	for _, c := range []struct {
		name   string
		answer []byte
	}{{"boards", boards.Bytes()}, {"columns", cols.Bytes()}} {
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				j := Judge(context.Background(), truth, bytes.NewReader(c.answer), Limits{})
				if j.Verdict != AC {
					b.Fatalf("%s: %s %s", c.name, j.Verdict, j.Message)
				}
			}
		})
	}
}
