package app

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/solver"
)

// EstimateRequest asks what solving the problems of sets would cost,
// without solving them (solve --estimate).
type EstimateRequest struct {
	Sets  []string
	Batch Batch // its budget, shard and --max-solutions; the rest is not used
}

// Estimated is the cost of one problem, as solve --estimate prints it. Its
// JSON fields are printed by --format json and yaml.
type Estimated struct {
	Set        string      `json:"set"`
	ID         string      `json:"id"`
	Test       string      `json:"test,omitempty"` // a test of a problem with tests
	Kind       solver.Kind `json:"kind"`
	Ask        solver.Ask  `json:"ask"`
	N          int         `json:"n"`
	CPUSeconds float64     `json:"cpu_seconds"`
	Estimate   string      `json:"estimate"`
	// Bound is true when CPUSeconds bounds the cost rather than estimates
	// it (a placement may be found at the first leaf of its search).
	Bound bool `json:"bound"`
	// AtLeast is true when CPUSeconds is what a search for a placement
	// took without deciding: the cost is more.
	AtLeast       bool    `json:"at_least"`
	BudgetSeconds float64 `json:"budget_seconds"`
	// Refused is true when solve would refuse the problem at once: an
	// estimate, not a bound, over the budget.
	Refused bool   `json:"refused"`
	How     string `json:"how"`
}

// ref is the id, or ID/TEST for a test.
func (e Estimated) ref() string {
	if e.Test == "" {
		return e.ID
	}
	return e.ID + "/" + e.Test
}

// Estimates are the costs of the problems of sets, in their order.
type Estimates []Estimated

var _ output.Data = Estimates(nil)

// JSONValue is the list, [] when empty.
func (es Estimates) JSONValue() any {
	if es == nil {
		return []Estimated{}
	}
	return []Estimated(es)
}

// Records is a row per problem.
func (es Estimates) Records() ([]string, [][]string) {
	var rows [][]string
	for _, e := range es {
		rows = append(rows, []string{
			e.Set, e.ref(), string(e.Kind), string(e.Ask), strconv.Itoa(e.N),
			strconv.FormatFloat(e.CPUSeconds, 'g', 3, 64), e.Estimate, strconv.FormatBool(e.Bound), strconv.FormatBool(e.AtLeast),
			strconv.FormatFloat(e.BudgetSeconds, 'f', 0, 64), strconv.FormatBool(e.Refused), e.How,
		})
	}
	return []string{"set", "id", "kind", "ask", "n", "cpu_seconds", "estimate", "bound", "at_least", "budget_seconds", "refused", "how"}, rows
}

// WriteTable writes a line per problem: its estimate, and what solve
// would do with it.
func (es Estimates) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SET\tID\tKIND\tASK\tN\tESTIMATE\tSOLVE\tHOW")
	for _, e := range es {
		verdict := "solves"
		switch {
		case e.Refused:
			verdict = "refuses: over the budget of " + solver.CPUTime(e.BudgetSeconds)
		case e.Bound && e.CPUSeconds > e.BudgetSeconds:
			verdict = "stops at the budget if not found sooner"
		case e.AtLeast:
			verdict = "searches until it decides, or stops at the budget"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\n", e.Set, e.ref(), e.Kind, e.Ask, e.N, e.Estimate, verdict, e.How)
	}
	return tw.Flush()
}

// Estimate prints what solving each problem of the sets would cost in CPU
// time, and whether solve would refuse it, without solving anything or
// opening the cache: each estimate takes 0.2 s at most.
func Estimate(ctx context.Context, con Console, req EstimateRequest) (Estimates, error) {
	opt, err := req.Batch.options(con, "solve")
	if err != nil {
		return nil, err
	}
	sets, failed := loadSets(ctx, con, req.Sets)
	sopt := solver.Options{Budget: opt.Budget, Shard: opt.Shard, MaxSolutions: opt.MaxSolutions}
	budget := sopt.BudgetOrDefault()
	var es Estimates
	for _, set := range sets {
		for _, p := range set.Cases() {
			c, err := solver.Estimate(ctx, p.Problem, sopt)
			if err != nil {
				if ctx.Err() != nil {
					return es, stopped(ctx)
				}
				con.errorf("%s: problem %q: %v", set.File, p.Ref(), err)
				failed = true
				continue
			}
			test := ""
			if p.Test != nil {
				test = p.Test.Name
			}
			es = append(es, Estimated{
				Set: set.Name, ID: p.ID, Test: test, Kind: p.Kind, Ask: p.Ask, N: p.N,
				CPUSeconds: c.Seconds, Estimate: c.String(), Bound: c.Bound,
				BudgetSeconds: budget.Seconds(), Refused: solver.Refuses(p.Problem, c, budget), AtLeast: c.AtLeast,
				How: c.How,
			})
		}
	}
	if err := output.Write(con.Stdout, con.Format, es); err != nil {
		return es, err
	}
	return es, status.FailedIf(failed)
}
