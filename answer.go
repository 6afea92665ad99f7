package main

import (
	"iter"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/solver"
)

// answerValue returns the answer as it appears in JSON and YAML: an
// integer for count, unique and max; for a placement, the 1-based column of
// the queen in each row (queens alone) or the board rows (queens-knights),
// nil when there is none; for solutions, the list of placements read from
// solutions.
func answerValue(kind solver.Kind, ask solver.Ask, a solver.Answer, solutions iter.Seq2[solver.Placement, error]) (any, error) {
	switch ask {
	case solver.AskPlacement:
		if a.Placement == nil {
			return nil, nil
		}
		return placementValue(kind, *a.Placement), nil
	case solver.AskSolutions:
		list := make([]any, 0, min(a.Count, 1<<16))
		for pl, err := range solutions {
			if err != nil {
				return nil, err
			}
			list = append(list, placementValue(kind, pl))
		}
		return list, nil
	}
	return a.Count, nil
}

// placementValue returns the 1-based columns of a queens-only placement, or
// the board rows of a queens-knights one.
func placementValue(kind solver.Kind, pl solver.Placement) any {
	if kind != solver.QueensKnights {
		if cols, ok := pl.Columns(); ok {
			for i := range cols {
				cols[i]++
			}
			return cols
		}
	}
	return pl.Rows()
}

// answerText returns the answer in a table cell: the number, the placement
// in its compact form (cut short on big boards), "none", or the number of
// solutions.
func answerText(ask solver.Ask, a solver.Answer) string {
	switch ask {
	case solver.AskPlacement:
		if a.Placement == nil {
			return "none"
		}
		const maxCell = 48
		s := a.Placement.String()
		if len(s) > maxCell {
			cut := strings.LastIndexByte(s[:maxCell], ' ')
			if cut < 0 {
				cut = maxCell
			}
			s = s[:cut] + " …"
		}
		return s
	case solver.AskSolutions:
		return solver.Plural(int64(a.Count), "placement")
	}
	return strconv.FormatUint(a.Count, 10)
}
