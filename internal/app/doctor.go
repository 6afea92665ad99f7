package app

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/solver"
)

// DoctorRequest asks for the cache to be checked.
type DoctorRequest struct {
	Cache string
	Fix   bool // remove what is safe to remove
}

// Checkup is what doctor found. Its JSON fields are printed by --format
// json and yaml.
type Checkup struct {
	OK                  bool           `json:"ok"`        // the integrity check passed
	Integrity           []string       `json:"integrity"` // what it found otherwise, a problem a line
	Stale               []StaleProblem `json:"stale"`
	Parts               []StaleProblem `json:"parts"`   // counted in slices here (solve --shard): merge gives the answer
	Stopped             []StaleProblem `json:"stopped"` // a count stopped with subproblems kept: solve goes on
	Running             []RunningCount `json:"running"` // counts in progress, here or in another process
	OldResults          int            `json:"old_results"`
	Orphans             int            `json:"orphans"`
	Checkpoints         int            `json:"checkpoints"`
	OldCheckpoints      int            `json:"old_checkpoints"`
	FinishedCheckpoints int            `json:"finished_checkpoints"`
	EndedRuns           int            `json:"ended_runs"`        // records of runs that ended without removing them
	Removed             *int           `json:"removed,omitempty"` // rows removed by Fix
}

// StaleProblem is a problem whose answer must be solved again.
type StaleProblem struct {
	Set        string `json:"set"`
	ID         string `json:"id"`
	Unfinished bool   `json:"unfinished,omitempty"` // of a part: a slice here was stopped
	// Of a stopped count: the subproblems counted and kept, of all, and
	// whether its run was killed (its record left behind) rather than
	// stopped.
	Counted int    `json:"counted,omitempty"`
	Total   int    `json:"total,omitempty"`
	Killed  bool   `json:"killed,omitempty"`
	note    string // what show says of it, for the table
}

// RunningCount is a count in progress: the problem it is counted for (Set
// "" for none: a judge's ground truth), and the process counting it.
type RunningCount struct {
	Set     string    `json:"set"`
	ID      string    `json:"id"`
	Slice   string    `json:"slice,omitempty"` // I/K of solve --shard; "" for the whole count
	Host    string    `json:"host"`
	PID     int       `json:"pid"`
	Started time.Time `json:"started"`
	note    string    // what the run is, for the table
}

var _ output.Data = Checkup{}

// JSONValue is d itself.
func (d Checkup) JSONValue() any { return d }

// lines are the report's lines: item, value. notes adds to a value what
// it means, for a person (the table), not a program (CSV).
func (d Checkup) lines(notes bool) [][]string {
	var lines [][]string
	if d.OK {
		lines = append(lines, []string{"integrity", "ok"})
	}
	for _, l := range d.Integrity {
		lines = append(lines, []string{"integrity", l})
	}
	if !d.OK {
		return lines
	}
	for _, st := range d.Stale {
		lines = append(lines, []string{"stale", fmt.Sprintf("problem %q of set %q has no answer from solver version %s; solve the set again", st.ID, st.Set, solver.Version)})
	}
	for _, p := range d.Parts {
		todo := "merge the parts into another cache for its answer (show says how much is counted)"
		if p.Unfinished {
			todo = "a slice here was stopped: run its solve --shard again to finish it (show says which, and how far it got)"
		}
		lines = append(lines, []string{"part", fmt.Sprintf("problem %q of set %q is counted in slices here (solve --shard); %s", p.ID, p.Set, todo)})
	}
	for _, p := range d.Stopped {
		// In show's words.
		lines = append(lines, []string{"stopped", fmt.Sprintf("problem %q of set %q %s", p.ID, p.Set, p.note)})
	}
	for _, r := range d.Running {
		in := ""
		if r.Set != "" {
			in = fmt.Sprintf(" of set %q", r.Set)
		}
		lines = append(lines, []string{"running", fmt.Sprintf("problem %q%s: %s (show says how far it got)", r.ID, in, r.note)})
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
		{"records of ended runs", d.EndedRuns},
	} {
		v := strconv.Itoa(n.n)
		if notes && n.n > 0 && n.item == "answers no problem links to" {
			// Nothing to fix: said, so that no one expects --fix to.
			v += " (harmless, kept by --fix: export's samples, earlier definitions of edited problems; a set may ask again)"
		}
		lines = append(lines, []string{n.item, v})
	}
	if d.Removed != nil {
		lines = append(lines, []string{"fixed", fmt.Sprintf("removed %d rows", *d.Removed)})
	}
	return lines
}

// Records are item,value rows.
func (d Checkup) Records() ([]string, [][]string) { return []string{"item", "value"}, d.lines(false) }

// WriteTable writes "item: value" lines.
func (d Checkup) WriteTable(w io.Writer) error {
	for _, l := range d.lines(true) {
		if _, err := fmt.Fprintf(w, "%s: %s\n", l[0], l[1]); err != nil {
			return err
		}
	}
	return nil
}

// Doctor runs SQLite's integrity check on the cache and reports what is
// stale or left over; with Fix it removes what is safe to remove. A
// damaged cache is a said failure: doctor then changes nothing.
func Doctor(ctx context.Context, con Console, req DoctorRequest) (Checkup, error) {
	_, cachePath, err := begin(req.Cache)
	if err != nil {
		return Checkup{}, err
	}
	cache, err := openCache(ctx, "doctor", cachePath, readOnly)
	if err != nil {
		return Checkup{}, err
	}
	defer cache.Close()
	rep, err := cache.Checkup(ctx)
	if err != nil {
		return Checkup{}, err
	}
	d := Checkup{Integrity: rep.Integrity, OK: len(rep.Integrity) == 0, Stale: []StaleProblem{}, Parts: []StaleProblem{}, Stopped: []StaleProblem{}, Running: []RunningCount{}}
	if d.Integrity == nil {
		d.Integrity = []string{}
	}
	if d.OK {
		for _, st := range rep.Stale {
			d.Stale = append(d.Stale, StaleProblem{Set: st.Set, ID: st.ID})
		}
		for _, st := range rep.Parts {
			d.Parts = append(d.Parts, StaleProblem{Set: st.Set, ID: st.ID, Unfinished: st.Unfinished})
		}
		for _, st := range rep.Stopped {
			d.Stopped = append(d.Stopped, StaleProblem{Set: st.Set, ID: st.ID, Counted: st.Counted, Total: st.Total,
				Killed: st.Ended != nil, note: keptNote(st.Counted, st.Total, st.Ended)})
		}
		for _, r := range rep.Running {
			rc := RunningCount{Set: r.Set, ID: r.ID, Host: r.Host, PID: r.PID, Started: r.Started.UTC(), note: r.String()}
			if r.ShardK > 0 {
				rc.Slice = fmt.Sprintf("%d/%d", r.ShardI, r.ShardK)
			}
			d.Running = append(d.Running, rc)
		}
		d.OldResults, d.Orphans = rep.OldResults, rep.Orphans
		d.Checkpoints, d.OldCheckpoints, d.FinishedCheckpoints = rep.Checkpoints, rep.OldCheckpoints, rep.FinishedCheckpoints
		d.EndedRuns = rep.EndedRuns
		if req.Fix {
			removed, err := cache.Fix(ctx)
			if err != nil {
				return d, err
			}
			d.Removed = &removed
		}
	}
	if err := output.Write(con.Stdout, con.Format, d); err != nil {
		return d, err
	}
	if !d.OK {
		con.errorf("doctor: cache %s is damaged: SQLite's integrity check found the problems above\n"+
			"doctor: the other checks were skipped and nothing was changed; --fix repairs no damage\n"+
			"doctor: every answer can be solved again into a new cache (delete this file, or --db NEW.db); "+
			"judgements cannot: copy them out first (docs/commands.md: \"A damaged cache\")", cache.Path())
		return d, status.Said(status.Failed)
	}
	return d, nil
}
