package validator

import (
	"slices"
	"strings"
	"testing"

	_ "github.com/queensjudge/queensjudge/internal/testflag" // go test ./... -update and -long reach every package
	"github.com/queensjudge/queensjudge/solver"
)

func TestParseFlags(t *testing.T) {
	digest := strings.Repeat("ab", 32)
	all := []string{KeyKind, KeyAsk, KeyM, KeyCases}
	other := strings.Repeat("cd", 32)
	for _, c := range []struct {
		words []string
		want  Flags
		err   string // a part of the error, "" for none
	}{
		{[]string{"kind=nqueens", "ask=count"}, Flags{Kind: solver.NQueens, Ask: solver.AskCount, M: solver.AnyM}, ""},
		{[]string{"kind=queens-knights", "ask=count", "m=3"}, Flags{Kind: solver.QueensKnights, Ask: solver.AskCount, M: 3}, ""},
		{[]string{"kind=queens-knights", "ask=max", "m=0"}, Flags{Kind: solver.QueensKnights, Ask: solver.AskMax, M: 0}, ""},
		{[]string{"case_sensitive", "kind=nqueens", "ask=count", "space_change_sensitive"}, Flags{Kind: solver.NQueens, Ask: solver.AskCount, M: solver.AnyM}, ""},
		{[]string{"kind=nqueens", "ask=count", "kind=nqueens"}, Flags{Kind: solver.NQueens, Ask: solver.AskCount, M: solver.AnyM}, ""},
		{[]string{"cases=" + digest + ":" + other + "," + strings.ToUpper(other) + ":" + digest}, Flags{M: solver.AnyM, Cases: []Case{{digest, other}, {other, digest}}}, ""},
		{[]string{"kind=nqueens", "kind=reserved"}, Flags{}, "given twice"},
		{[]string{"kind=rooks"}, Flags{}, "kind=rooks"},
		{[]string{"ask=all"}, Flags{}, "ask=all"},
		{[]string{"kind=queens-knights", "m=-1"}, Flags{}, "m=-1"},
		{[]string{"kind=queens-knights", "m=03"}, Flags{}, "m=03"},
		{[]string{"kind=queens-knights", "m=x"}, Flags{}, "m=x"},
		{[]string{"kind=nqueens", "m=3"}, Flags{}, "only a queens-knights problem has m"},
		{[]string{"colour=red"}, Flags{}, "unknown validator flag"},
		{[]string{"cases=abc"}, Flags{}, "64 hex digits"},
		{[]string{"cases=" + digest}, Flags{}, "IN:ANS"},
		{[]string{"cases=" + digest + ":" + other + ","}, Flags{}, "IN:ANS"},
	} {
		got, err := ParseFlags(c.words, all...)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseFlags(%q) = %v, %v; want an error with %q", c.words, got, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("ParseFlags(%q): %v", c.words, err)
		case c.err == "" && (got.Kind != c.want.Kind || got.Ask != c.want.Ask || got.M != c.want.M || !slices.Equal(got.Cases, c.want.Cases)):
			t.Errorf("ParseFlags(%q) = %+v, want %+v", c.words, got, c.want)
		}
	}
}
