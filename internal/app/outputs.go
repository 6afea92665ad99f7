package app

import (
	"errors"
	"io"
	"time"

	"github.com/queensjudge/queensjudge/internal/guard"
	"github.com/queensjudge/queensjudge/internal/report"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/judge"
)

// outputs are the files judge and regrade write beside the printed report
// of a judged contest; a path "" is a file not asked for. Both commands
// claim and write them here, so that an output is added once and is
// written alike by both.
type outputs struct {
	Scoreboard string // the Contest API scoreboard.json
	Awards     string // the Contest API awards.json
	ResultsTSV string // DOMjudge's results.tsv
	Medals     *report.Medals
	HTML       string // the judges' report
	PublicHTML string // the page for the wall
	Replace    bool
}

// asked returns the flags of the outputs asked for, in their order.
func (o outputs) asked() []string {
	var flags []string
	for _, f := range o.files(time.Time{}, nil) {
		if f.path != "" {
			flags = append(flags, f.role)
		}
	}
	return flags
}

// outputFile is one output: its flag, its path and how it is written.
type outputFile struct {
	role, path string
	write      func(io.Writer, judge.Report) error
}

// files returns every output, asked for or not, in the order they are
// claimed and written: the scoreboard says at as the time of its
// judging, and the judges' report draws the boards pictures gives (nil
// for none).
func (o outputs) files(at time.Time, pictures report.Pictures) []outputFile {
	medals := report.DefaultMedals
	if o.Medals != nil {
		medals = *o.Medals
	}
	return []outputFile{
		{"--scoreboard", o.Scoreboard, func(w io.Writer, r judge.Report) error { return report.WriteCCSScoreboard(w, r, at) }},
		{"--awards", o.Awards, func(w io.Writer, r judge.Report) error { return report.WriteAwardsMedals(w, r, medals) }},
		{"--results-tsv", o.ResultsTSV, func(w io.Writer, r judge.Report) error { return report.WriteResultsTSVMedals(w, r, medals) }},
		{"--html", o.HTML, func(w io.Writer, r judge.Report) error { return report.WriteHTML(w, r, pictures) }},
		{"--public-html", o.PublicHTML, report.WritePublicHTML},
	}
}

// claimedOutputs are the outputs claimed by a guard, to be written once
// the contest is judged.
type claimedOutputs struct {
	g     *guard.Guard
	o     outputs
	paths []string // by place in o.files; "" when not asked for
}

// claim claims with g every output asked for, before anything is printed
// or judged. Every one refused (one that exists, without Replace; an
// input; one claimed twice) is named in one refusal: an organiser who
// runs judge or regrade again learns of all the files in the way at
// once, not one a run. A single refusal is returned as it is, several as
// one usage error.
func (o outputs) claim(g *guard.Guard) (claimedOutputs, error) {
	c := claimedOutputs{g: g, o: o}
	var refused []error
	for _, f := range o.files(time.Time{}, nil) {
		p := ""
		if f.path != "" {
			var err error
			if p, err = g.NewFile(f.role, f.path, "--replace", o.Replace); err != nil {
				refused = append(refused, err)
			}
		}
		c.paths = append(c.paths, p)
	}
	switch {
	case len(refused) == 1:
		return c, refused[0]
	case len(refused) > 1:
		return c, status.Usagef("%w", errors.Join(refused...))
	}
	return c, nil
}

// checkIDs refuses, before any judging, teams and problems whose names
// cannot be ids in the Contest API files asked for (see
// report.CheckCCSIDs).
func (o outputs) checkIDs(teams, problems []string) error {
	for _, f := range []struct{ role, path string }{{"--scoreboard", o.Scoreboard}, {"--awards", o.Awards}} {
		if f.path == "" {
			continue
		}
		if err := report.CheckCCSIDs(f.role, teams, problems); err != nil {
			return err
		}
	}
	return nil
}

// write writes r to every claimed output, in turn, through the guard (a
// path "-" to stdout); at is the time of the judging, pictures the boards
// of the judges' report. The first error stops it.
func (c claimedOutputs) write(stdout io.Writer, r judge.Report, at time.Time, pictures report.Pictures) error {
	for i, f := range c.o.files(at, pictures) {
		if i >= len(c.paths) || c.paths[i] == "" {
			continue
		}
		if err := c.g.WriteFile(c.paths[i], 0o644, stdout, func(w io.Writer) error { return f.write(w, r) }); err != nil {
			return err
		}
	}
	return nil
}
