package app

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
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
	OnePage    int64  // see JudgeRequest
	Replace    bool
}

// asked returns the flags of the outputs asked for, in their order.
func (o outputs) asked() []string {
	var flags []string
	for _, f := range o.files(time.Time{}) {
		if f.path != "" {
			flags = append(flags, f.role)
		}
	}
	return flags
}

// outputFile is one output: its flag, its path and how it is written. A
// page (pages: the judges' report, or public: the public page) has no
// write: it is laid out by a report.Page as the teams are judged, and may
// be split, with a folder of team pages beside it (see writePage).
type outputFile struct {
	role, path string
	write      func(io.Writer, judge.Report) error
	pages      bool
	public     bool
}

// files returns every output, asked for or not, in the order they are
// claimed and written: the scoreboard says at as the time of its judging.
func (o outputs) files(at time.Time) []outputFile {
	medals := report.DefaultMedals
	if o.Medals != nil {
		medals = *o.Medals
	}
	return []outputFile{
		{"--scoreboard", o.Scoreboard, func(w io.Writer, r judge.Report) error { return report.WriteCCSScoreboard(w, r, at) }, false, false},
		{"--awards", o.Awards, func(w io.Writer, r judge.Report) error { return report.WriteAwardsMedals(w, r, medals) }, false, false},
		{"--results-tsv", o.ResultsTSV, func(w io.Writer, r judge.Report) error { return report.WriteResultsTSVMedals(w, r, medals) }, false, false},
		{"--html", o.HTML, nil, true, false},
		{"--public-html", o.PublicHTML, nil, true, true},
	}
}

// claimedOutputs are the outputs claimed by a guard, to be written once
// the contest is judged.
type claimedOutputs struct {
	g       *guard.Guard
	o       outputs
	paths   []string // by place in o.files; "" when not asked for
	folders []string // by place in o.files: a page's folder, "" for none
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
	for _, f := range o.files(time.Time{}) {
		p, folder := "", ""
		if f.path != "" {
			var err error
			if p, err = g.NewFile(f.role, f.path, "--replace", o.Replace); err != nil {
				refused = append(refused, err)
			}
			if f.pages && f.path != "-" {
				if folder, err = claimPages(g, f.role, f.path, o.Replace); err != nil {
					refused = append(refused, err)
				}
			}
		}
		c.paths = append(c.paths, p)
		c.folders = append(c.folders, folder)
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
// of the judges' report. A page is the one laid out in live as the teams
// were judged (see start), or when live is nil is laid out now from r's
// results. A page too large for one is split, its team pages in its
// folder (see report.Site); pages of an earlier report that this one has
// not are removed from it. The first error stops it.
func (c claimedOutputs) write(stdout io.Writer, r judge.Report, at time.Time, pictures report.Pictures, live *livePages) error {
	if live == nil {
		var err error
		if live, err = c.start(r, pictures); err != nil {
			return err
		}
		defer live.close()
		if err := r.EachTeam(func(rs []judge.Result) error { return live.add(rs) }); err != nil {
			return err
		}
	}
	for i, f := range c.o.files(at) {
		if i >= len(c.paths) || c.paths[i] == "" {
			continue
		}
		if f.pages {
			if err := c.writePage(stdout, c.paths[i], c.folders[i], live.pages[i], r); err != nil {
				return err
			}
			continue
		}
		if err := c.g.WriteFile(c.paths[i], 0o644, stdout, func(w io.Writer) error { return f.write(w, r) }); err != nil {
			return err
		}
	}
	return nil
}

// livePages are the pages asked for, laid out as the teams are judged.
type livePages struct {
	pages    []*report.Page // by place in outputs.files; nil for other outputs
	scratchs []scratch
}

// start starts the pages asked for of the contest of r (its problems: see
// report.NewPage), each with a scratch file of its own.
func (c claimedOutputs) start(r judge.Report, pictures report.Pictures) (*livePages, error) {
	live := &livePages{}
	for i, f := range c.o.files(time.Time{}) {
		var p *report.Page
		if f.pages && i < len(c.paths) && c.paths[i] != "" {
			sc, err := newScratch()
			if err != nil {
				live.close()
				return nil, err
			}
			live.scratchs = append(live.scratchs, sc)
			p = report.NewPage(r, pictures, f.public, sc)
		}
		live.pages = append(live.pages, p)
	}
	return live, nil
}

// add lays out one team's results on every page.
func (l *livePages) add(rs []judge.Result) error {
	for _, p := range l.pages {
		if p != nil {
			if err := p.Add(rs); err != nil {
				return err
			}
		}
	}
	return nil
}

// close removes the scratch files.
func (l *livePages) close() {
	for _, sc := range l.scratchs {
		sc.close()
	}
}

// writePage writes page, the page of r, at path: split when large, with
// its team pages in folder ("" for none: stdout).
func (c claimedOutputs) writePage(stdout io.Writer, path, folder string, page *report.Page, r judge.Report) error {
	var site *report.Site
	pages := map[string]bool{}
	if folder != "" {
		site = &report.Site{First: filepath.Base(path), Folder: filepath.Base(folder), OnePage: c.o.OnePage,
			Page: func(name string, write func(io.Writer) error) error {
				if len(pages) == 0 {
					if err := c.g.MkdirAll(folder); err != nil {
						return err
					}
				}
				pages[name] = true
				return c.g.WriteFile(filepath.Join(folder, name), 0o644, nil, write)
			}}
	}
	err := c.g.WriteFile(path, 0o644, stdout, func(w io.Writer) error {
		_, err := page.Write(w, r, site)
		return err
	})
	if err != nil || folder == "" {
		return err
	}
	old, _ := pagesIn(folder)
	for _, name := range old {
		if !pages[name] {
			if err := c.g.Remove(filepath.Join(folder, name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// pagesFolder is the folder of the team pages of the page at path: beside
// it, named after it as a browser names the folder of a page saved whole
// ("report.html": "report_files").
func pagesFolder(path string) string {
	base := filepath.Base(path)
	return filepath.Join(filepath.Dir(path), strings.TrimSuffix(base, filepath.Ext(base))+"_files")
}

// teamPage is the name of a team page: team-N.html.
var teamPage = regexp.MustCompile(`^team-[0-9]+\.html$`)

// pagesIn lists the team pages in folder; an error when it cannot be read,
// or when it holds anything else (the name of the first).
func pagesIn(folder string) (pages []string, err error) {
	entries, err := os.ReadDir(folder)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if !e.Type().IsRegular() || !teamPage.MatchString(e.Name()) {
			return pages, fmt.Errorf("it holds %s, which is not a team page of a report", e.Name())
		}
		pages = append(pages, e.Name())
	}
	return pages, nil
}

// claimPages claims with g the folder of the team pages of the page at
// path, claimed as role: a folder that exists is refused without replace,
// and with it unless it holds team pages alone, which are written over or
// removed. A page written to a device or a FIFO has no folder ("") and is
// never split.
func claimPages(g *guard.Guard, role, path string, replace bool) (string, error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return "", nil // a device or a FIFO (/dev/stdout): one page, no folder
	}
	folder := pagesFolder(path)
	p, err := g.Dir(role+" (its team pages)", folder)
	if err != nil {
		return "", err
	}
	switch _, err := pagesIn(p); {
	case errors.Is(err, fs.ErrNotExist):
	case !replace:
		return "", status.Usagef("%s %s: its folder of team pages %s exists: name a new file, or add --replace to write over it", role, path, folder)
	case err != nil:
		return "", status.Usagef("%s %s: its folder of team pages %s: %v: remove it, or name another file", role, path, folder, err)
	}
	return p, nil
}
