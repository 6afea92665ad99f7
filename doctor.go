package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/solver"
)

func doctorCommand() *cli.Command {
	return &cli.Command{
		Name:  "doctor",
		Usage: "check the cache: integrity, stale results, orphans",
		Description: `Doctor runs SQLite's integrity check on the cache and reports problems whose
answer is stale (their definition has no answer from this solver version),
answers of older solver versions, answers no problem links to, and the
checkpoints of interrupted counts. With --fix it removes what is safe to
remove: answers of other solver versions, checkpoints of finished counts, and
the checkpoints of counts interrupted under another solver version (whose
subproblems this one numbers differently). Links, judgements, shard parts,
current answers and the checkpoints an interrupted count resumes from are
kept. The exit status is 1 when the integrity check fails: doctor then prints
each problem SQLite found, skips the other checks and changes nothing, with
or without --fix, which repairs no damage.`,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "fix", Usage: "remove what is safe to remove"},
			formatFlag("table"),
		},
		Action: action(needs{args: "no arguments", cache: true}, func(c *call) error {
			rep, err := c.db.Doctor(c.ctx, solver.Version)
			if err != nil {
				return err
			}
			d := checkup{Integrity: rep.Integrity, OK: len(rep.Integrity) == 0, Stale: []staleProblem{}}
			if d.Integrity == nil {
				d.Integrity = []string{}
			}
			if d.OK {
				for _, st := range rep.Stale {
					d.Stale = append(d.Stale, staleProblem{Set: st.Set, ID: st.ID})
				}
				d.OldResults, d.Orphans = rep.OldResults, rep.Orphans
				d.Checkpoints, d.OldCheckpoints, d.FinishedCheckpoints = rep.Checkpoints, rep.OldCheckpoints, rep.FinishedCheckpoints
				if c.Bool("fix") {
					removed, err := c.db.Fix(c.ctx, solver.Version)
					if err != nil {
						return cacheRefusal(err)
					}
					d.Removed = &removed
				}
			}
			if err := writeCheckup(c.stdout, c.format, d); err != nil {
				return err
			}
			if !d.OK {
				fmt.Fprintf(c.stderr, "doctor: cache %s is damaged: SQLite's integrity check found the problems above\n"+
					"doctor: the other checks were skipped and nothing was changed; --fix repairs no damage\n"+
					"doctor: every answer can be solved again into a new cache (delete this file, or --db NEW.db); "+
					"judgements cannot: copy them out first (README: \"A damaged cache\")\n", c.db.Path())
				return errReported
			}
			return nil
		}),
	}
}

// checkup is what doctor found. Its JSON fields are printed by --format
// json and yaml.
type checkup struct {
	OK                  bool           `json:"ok"`        // the integrity check passed
	Integrity           []string       `json:"integrity"` // what it found otherwise, a problem a line
	Stale               []staleProblem `json:"stale"`
	OldResults          int            `json:"old_results"`
	Orphans             int            `json:"orphans"`
	Checkpoints         int            `json:"checkpoints"`
	OldCheckpoints      int            `json:"old_checkpoints"`
	FinishedCheckpoints int            `json:"finished_checkpoints"`
	Removed             *int           `json:"removed,omitempty"` // rows removed by --fix
}

type staleProblem struct {
	Set string `json:"set"`
	ID  string `json:"id"`
}

// writeCheckup prints d in format: the report's lines (table), one object
// (JSON, YAML), or item,value rows (CSV).
func writeCheckup(w io.Writer, format string, d checkup) error {
	switch format {
	case "json":
		return writeJSON(w, d)
	case "yaml":
		return writeYAMLOf(w, func(w io.Writer) error { return writeJSON(w, d) })
	}
	var lines [][2]string // item, value
	if d.OK {
		lines = append(lines, [2]string{"integrity", "ok"})
	}
	for _, l := range d.Integrity {
		lines = append(lines, [2]string{"integrity", l})
	}
	if d.OK {
		for _, st := range d.Stale {
			lines = append(lines, [2]string{"stale", fmt.Sprintf("problem %q of set %q has no answer from solver version %s; solve the set again", st.ID, st.Set, solver.Version)})
		}
		for _, n := range []struct {
			item string
			n    int
		}{
			{"answers of other solver versions", d.OldResults},
			{"answers no problem links to", d.Orphans},
			{"interrupted counts (resumable)", d.Checkpoints},
			{"interrupted counts of other solver versions", d.OldCheckpoints},
			{"checkpoints of finished counts", d.FinishedCheckpoints},
		} {
			lines = append(lines, [2]string{n.item, strconv.Itoa(n.n)})
		}
		if d.Removed != nil {
			lines = append(lines, [2]string{"fixed", fmt.Sprintf("removed %d rows", *d.Removed)})
		}
	}
	if format == "csv" {
		rows := make([][]string, len(lines))
		for i, l := range lines {
			rows[i] = []string{l[0], l[1]}
		}
		return writeCSV(w, []string{"item", "value"}, rows)
	}
	for _, l := range lines {
		if _, err := fmt.Fprintf(w, "%s: %s\n", l[0], l[1]); err != nil {
			return err
		}
	}
	return nil
}
