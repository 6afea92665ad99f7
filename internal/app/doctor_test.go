package app_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
)

// TestDoctor checks a cache fresh from a solve: nothing is wrong, in the
// result and in its JSON.
func TestDoctor(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cache := tempCache(t)
	con := newConsole(output.Table, "")
	if _, err := app.Solve(ctx, con.Console, app.SolveRequest{Cache: cache, Sets: []string{contestSet}, Batch: batch}); err != nil {
		t.Fatalf("Solve = %v; stderr:\n%s", err, con.stderr)
	}
	con = newConsole(output.JSON, "")
	d, err := app.Doctor(ctx, con.Console, app.DoctorRequest{Cache: cache})
	if err != nil {
		t.Fatalf("Doctor = %v; stderr:\n%s", err, con.stderr)
	}
	if !d.OK || len(d.Integrity) != 0 || len(d.Stale) != 0 || d.OldResults != 0 || d.Orphans != 0 || d.Checkpoints != 0 || d.Removed != nil {
		t.Errorf("Doctor = %+v, want a clean bill of health", d)
	}
	var printed map[string]any
	if err := json.Unmarshal(con.stdout.Bytes(), &printed); err != nil {
		t.Fatalf("stdout: %v\n%s", err, con.stdout)
	}
	if printed["ok"] != true {
		t.Errorf(`printed "ok" = %v, want true:\n%s`, printed["ok"], con.stdout)
	}
	if _, ok := printed["removed"]; ok {
		t.Errorf(`printed "removed" without --fix:\n%s`, con.stdout)
	}

	con = newConsole(output.Table, "")
	d, err = app.Doctor(ctx, con.Console, app.DoctorRequest{Cache: cache, Fix: true})
	if err != nil {
		t.Fatalf("Doctor --fix = %v", err)
	}
	if d.Removed == nil || *d.Removed != 0 {
		t.Errorf("Doctor --fix removed %v rows of a clean cache, want 0", d.Removed)
	}
	if got := con.stdout.String(); len(got) < 14 || got[:14] != "integrity: ok\n" {
		t.Errorf("Doctor table = %q, want it to start with integrity: ok", got)
	}
}
