package app

import (
	"runtime/debug"

	"github.com/queensjudge/queensjudge/internal/truth"
	"github.com/queensjudge/queensjudge/solver"
)

// Versions are what --version prints: the program's, and the two a cache
// is tied to. An answer is cached under the solver version that computed
// it, and a cache whose schema is newer than the program's is refused.
type Versions struct {
	Program string // the module version and the commit it was built from, when known
	Solver  string // solver.Version
	Schema  int    // the cache schema version (PRAGMA user_version)
}

// CurrentVersions returns the versions of the running program.
func CurrentVersions() Versions {
	return Versions{Program: programVersion(), Solver: solver.Version, Schema: truth.SchemaVersion()}
}

// programVersion reads the version the Go toolchain stamped into the
// binary: a tag (go install ...@v1.2.0), or "(devel)" and the commit for a
// build from a checkout, with "+dirty" when the work tree had changes.
func programVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev string
	var dirty bool
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev != "" && v == "(devel)" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " " + rev
		if dirty {
			v += "+dirty"
		}
	}
	return v
}
