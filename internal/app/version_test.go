package app

import (
	"testing"

	"github.com/queensjudge/queensjudge/solver"
)

func TestCurrentVersions(t *testing.T) {
	t.Parallel()
	v := CurrentVersions()
	if v.Program == "" || v.Solver != solver.Version || v.Schema < 1 {
		t.Errorf("CurrentVersions() = %+v, want a program version, solver %s and a schema version", v, solver.Version)
	}
}
