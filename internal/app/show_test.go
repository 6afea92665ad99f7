package app_test

import (
	"context"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
)

// TestShow finds by id what Solve answered; an id never solved is a said
// failure that does not hide the others.
func TestShow(t *testing.T) {
	ctx := context.Background()
	cache := tempCache(t)
	con := newConsole(output.Table, "")
	if _, err := app.Solve(ctx, con.Console, app.SolveRequest{Cache: cache, Sets: []string{contestSet}, Batch: batch}); err != nil {
		t.Fatalf("Solve = %v; stderr:\n%s", err, con.stderr)
	}
	for _, c := range []struct {
		name   string
		req    app.ShowRequest
		want   map[string]uint64 // id: count (placements for solutions)
		failed bool
		stderr string
	}{
		{"known", app.ShowRequest{IDs: []string{"eight-queens", "twelve-unique", "six-all", "qk8-max"}},
			map[string]uint64{"eight-queens": 92, "twelve-unique": 1787, "six-all": 4, "qk8-max": 5}, false, ""},
		{"in set", app.ShowRequest{Set: "example-cup", IDs: []string{"cses-sample"}},
			map[string]uint64{"cses-sample": 65}, false, ""},
		{"unknown", app.ShowRequest{IDs: []string{"eight-queens", "no-such-id"}},
			map[string]uint64{"eight-queens": 92}, true, `show: problem "no-such-id" has never been solved`},
		{"other set", app.ShowRequest{Set: "oeis", IDs: []string{"eight-queens"}},
			map[string]uint64{}, true, `show: problem "eight-queens" in set "oeis" has never been solved`},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.req.Cache = cache
			con := newConsole(output.JSON, "")
			res, err := app.Show(ctx, con.Console, c.req)
			if c.failed {
				checkOutcome(t, "Show", err, status.Failed, true)
			} else {
				checkOutcome(t, "Show", err, 0, false)
			}
			if got := strings.TrimSpace(con.stderr.String()); got != c.stderr {
				t.Errorf("stderr = %q, want %q", got, c.stderr)
			}
			if len(res.Rows) != len(c.want) {
				t.Errorf("Show gave %d rows, want %d", len(res.Rows), len(c.want))
			}
			for _, r := range res.Rows {
				want, ok := c.want[r.ID]
				if got := r.Answer.Value.Count; !ok || got != want {
					t.Errorf("Show %s = %d, want %d (asked: %v)", r.ID, got, want, ok)
				}
				if !r.Cached || r.Set != "example-cup" {
					t.Errorf("Show %s: Cached %v, set %q; want true, example-cup", r.ID, r.Cached, r.Set)
				}
			}
			compareRows(t, decodeRows(t, con.stdout.Bytes()), res.Rows)
		})
	}
}
