package report

import (
	"slices"

	"github.com/queensjudge/queensjudge/internal/text"
	"github.com/queensjudge/queensjudge/judge"
)

// printable returns a copy of r whose names and messages are
// text.Printable: one line of valid UTF-8 each, whatever bytes a team put
// in its folder or file names. Every writer lays out the copy, so that a
// team is named alike in every format. The order of everything is kept.
// The results are left as they are, to be made printable a team at a time
// (printableResults) as a writer reads them.
func printable(r judge.Report) judge.Report {
	r.Set = text.Printable(r.Set)
	if r.Results != nil {
		// Results held here are summed up here, however the report was
		// made.
		r.Tally = judge.Tally{}
		r.Tally.Add(r.Results)
	}
	r.Problems = slices.Clone(r.Problems)
	for i, p := range r.Problems {
		r.Problems[i] = text.Printable(p)
	}
	r.Scoreboard = slices.Clone(r.Scoreboard)
	for i := range r.Scoreboard {
		s := &r.Scoreboard[i]
		s.Team = text.Printable(s.Team)
		s.Problems = slices.Clone(s.Problems)
		for k := range s.Problems {
			s.Problems[k].Problem = text.Printable(s.Problems[k].Problem)
		}
	}
	return r
}

// printableResults returns a copy of rs, and of their tests, with names
// and messages text.Printable.
func printableResults(rs []judge.Result) []judge.Result {
	if rs == nil {
		return nil
	}
	rs = slices.Clone(rs)
	for i := range rs {
		res := &rs[i]
		res.Team = text.Printable(res.Team)
		res.Problem = text.Printable(res.Problem)
		res.File = text.Printable(res.File)
		res.Message = text.Printable(res.Message)
		res.TeamMessage = text.Printable(res.TeamMessage)
		res.Tests = printableResults(res.Tests)
	}
	return rs
}
