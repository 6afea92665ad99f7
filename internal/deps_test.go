// Package internal holds only this test, which reads the whole module: in
// a package that imports none of it, a forbidden import fails this test,
// not the build of the test.
package internal

// This file checks the layering CONTRIBUTING.md draws, in the manner of the
// standard library's go/build/deps_test.go: depsRules states who may import
// whom, and a package that imports anything else fails the test. It reads
// the import lines of every .go file of the module (go/parser, ImportsOnly,
// every GOOS and GOARCH), so it runs in milliseconds and needs no go
// command.

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	_ "github.com/queensjudge/queensjudge/internal/testflag" // -update and -long on ./...
)

// depsRules is the policy: "a < b" means b may import a, and everything a
// may import. Names are paths inside the module ("solver", "internal/truth";
// the module's root, the queensjudge command, is "main") or outside it.
// STD is the standard library but for the packages named here, which only
// the packages named in onlyImporters may import. An outside module is
// named by its module path and stands for all of its packages. C is cgo.
//
// Every package of the module, and every module it imports, must be
// defined here exactly once, on the right of a "<", after the names on its
// left: a new package, or a new module, is a change of policy. The syntax
// is go/build's (internal/dag): "a, b < c, d;" chains, "a !< b" asserts
// that b may not import a even through others, # starts a comment.
//
// DO NOT CHANGE THIS TO MAKE A BUILD PASS: a new edge is a design change,
// to be argued for in CONTRIBUTING.md first.
const depsRules = `
	NONE
	< STD, C, database/sql, testing,
	  gopkg.in/yaml.v3,
	  github.com/mattn/go-sqlite3,
	  github.com/urfave/cli/v2,
	  codeberg.org/go-pdf/fpdf,
	  golang.org/x/image,
	  golang.org/x/term,
	  golang.org/x/text;

	# The leaves: the standard library only.
	STD < internal/pool, internal/text, internal/status, internal/yamlshape;

	# solver owns the puzzles and their algorithms and must know no file
	# format, SQL or YAML: the standard library, internal/pool, a leaf that
	# runs its workers, solver/internal/combin, its binomial, and
	# solver/internal/join, the quadrant join and its kernels, which know
	# nothing of solver's problems or options.
	STD < solver/internal/combin;
	internal/pool, solver/internal/combin < solver/internal/join < solver;

	STD, testing < internal/testflag;

	# One package per outside dependency.
	solver, internal/text, internal/yamlshape, gopkg.in/yaml.v3
	< problems;

	solver, C, database/sql, github.com/mattn/go-sqlite3
	< store;

	problems < judge;

	# The ground truth: the use cases' only way to the cache.
	judge, store, internal/pool < internal/truth;

	internal/truth, golang.org/x/term < internal/progress;

	internal/status < internal/guard;
	solver < internal/picture;
	problems < internal/output;
	internal/text < internal/args;

	judge, internal/guard < internal/pkgexport;
	internal/pkgexport, codeberg.org/go-pdf/fpdf, golang.org/x/image
	< internal/pkgexport/pdf;
	internal/pkgexport < internal/validator;
	internal/validator < internal/cmd/queensjudge-validator;

	judge, internal/output, internal/picture, golang.org/x/text
	< internal/report;

	# The use cases, then the command line, then main.
	internal/truth, internal/report, internal/validator, internal/pkgexport/pdf
	< internal/app;
	internal/app, internal/args, internal/progress, github.com/urfave/cli/v2
	< internal/command
	< main;
`

// onlyImporters names, for a package, the only packages that may import it
// directly: the layering above lets every package import what those below
// it import, and these are the imports that must stay in one place. A test
// file may import one of them only as testImports allows.
var onlyImporters = map[string][]string{
	"database/sql":                {"store"},
	"C":                           {"store"},
	"github.com/mattn/go-sqlite3": {"store"},
	"gopkg.in/yaml.v3":            {"problems"},
	"internal/yamlshape":          {"problems"},
	"github.com/urfave/cli/v2":    {"internal/command"},
	"internal/command":            {"main"},
	"golang.org/x/term":           {"internal/progress"},
	"codeberg.org/go-pdf/fpdf":    {"internal/pkgexport/pdf"},
	"golang.org/x/image":          {"internal/pkgexport/pdf"},
	"golang.org/x/text":           {"internal/report"},
	// testing adds its flags to the binary that links it.
	"testing":           {"internal/testflag"},
	"internal/testflag": {},
}

// testImports is what a package's tests may import beyond what the
// package may: testing and internal/testflag always, and what a test
// checks its package against.
var testImports = map[string][]string{
	"store":              {"database/sql"},     // reads the schema back
	"internal/yamlshape": {"gopkg.in/yaml.v3"}, // the parser it copies is its reference
	"internal/output":    {"gopkg.in/yaml.v3"}, // reads back the YAML it writes
	"internal/command":   {"gopkg.in/yaml.v3", "store"},
	"internal/report":    {"github.com/santhosh-tekuri/jsonschema/v6"}, // scoreboard.json against the Contest API's schema
}

// negativeRules double-check the closure of depsRules: "a !< b" is a
// promise the layering must keep whatever is added to it.
const negativeRules = `
	store !< judge;
	store, database/sql, github.com/mattn/go-sqlite3, gopkg.in/yaml.v3, problems, judge, internal/truth !< solver;
	solver !< solver/internal/join;
	internal/truth, internal/app, internal/command !< store, problems, judge;
	internal/app, internal/command, main !< internal/truth, internal/report, internal/pkgexport, internal/validator, internal/output;
	internal/command, main !< internal/app;
`

const modulePath = "github.com/queensjudge/queensjudge"

func TestDependencies(t *testing.T) {
	policy, err := parseDeps(depsRules + negativeRules)
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := modulePackages("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range slices.Sorted(maps.Keys(pkgs)) {
		p := pkgs[name]
		if !policy.defined(name) {
			t.Errorf("package %s is not in depsRules: say what it may import", name)
			continue
		}
		var bad []string
		for _, imp := range p.imports {
			node := policy.node(imp)
			switch {
			case !policy.defined(node):
				bad = append(bad, imp+" (not in depsRules)")
			case !policy.allows(name, node):
				bad = append(bad, imp)
			case !onlyAllows(name, node):
				bad = append(bad, fmt.Sprintf("%s (only %s may)", imp, strings.Join(onlyImporters[node], ", ")))
			}
		}
		if bad != nil {
			t.Errorf("unexpected dependency: %s imports %v", name, bad)
		}
		bad = nil
		for _, imp := range p.testImports {
			node := policy.node(imp)
			if node == name || node == "testing" || node == "internal/testflag" || slices.Contains(testImports[name], node) {
				continue
			}
			if !policy.defined(node) || !policy.allows(name, node) || !onlyAllows(name, node) {
				bad = append(bad, imp)
			}
		}
		if bad != nil {
			t.Errorf("unexpected test dependency: %s's tests import %v (see testImports)", name, bad)
		}
	}
}

// TestDependenciesCatch checks that the policy catches what it is there to
// catch: a test of a test, with edges that are not in the module.
func TestDependenciesCatch(t *testing.T) {
	policy, err := parseDeps(depsRules + negativeRules)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		from, imp string
		ok        bool
	}{
		{"solver", "math/bits", true},
		{"solver", modulePath + "/internal/pool", true},
		{"solver", modulePath + "/solver/internal/join", true},
		{"solver/internal/join", modulePath + "/internal/pool", true},
		{"solver/internal/join", modulePath + "/solver/internal/combin", true},
		{"solver/internal/combin", modulePath + "/solver", false},
		{"solver/internal/join", modulePath + "/solver", false},
		{"solver/internal/join", modulePath + "/internal/text", false},
		{"solver", modulePath + "/internal/text", false},
		{"internal/pool", modulePath + "/solver", false},
		{"solver", modulePath + "/problems", false},
		{"solver", "database/sql", false},
		{"judge", modulePath + "/store", false},
		{"judge", modulePath + "/problems", true},
		{"internal/app", "database/sql", false},
		{"internal/app", "gopkg.in/yaml.v3", false},
		{"internal/report", "github.com/urfave/cli/v2", false},
		{"internal/command", "github.com/urfave/cli/v2", true},
		{"internal/app", modulePath + "/internal/command", false},
		{"internal/truth", "golang.org/x/image/font", false},
		{"internal/pkgexport/pdf", "golang.org/x/image/font", true},
		{"store", modulePath + "/internal/truth", false},
		{"problems", "testing", false},
		{"solver", "github.com/example/new", false},
	} {
		node := policy.node(c.imp)
		got := policy.defined(node) && policy.allows(c.from, node) && onlyAllows(c.from, node)
		if got != c.ok {
			t.Errorf("%s importing %s allowed = %v, want %v", c.from, c.imp, got, c.ok)
		}
	}
}

func onlyAllows(from, node string) bool {
	only, ok := onlyImporters[node]
	return !ok || slices.Contains(only, from)
}

// pkgImports is what a package's files import: the package's own files,
// and its test files (internal and external tests).
type pkgImports struct {
	imports, testImports []string
}

// modulePackages reads the imports of every package under root, named as
// depsRules names them. It reads every .go file whatever its build
// constraints, but those marked //go:build ignore.
func modulePackages(root string) (map[string]*pkgImports, error) {
	pkgs := map[string]*pkgImports{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			base := d.Name()
			if path != root && (strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_") || base == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				if c.Pos() < f.Package && c.Text == "//go:build ignore" {
					return nil
				}
			}
		}
		dir, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		name := filepath.ToSlash(dir)
		if name == "." {
			name = "main"
		}
		p := pkgs[name]
		if p == nil {
			p = &pkgImports{}
			pkgs[name] = p
		}
		for _, s := range f.Imports {
			imp, err := strconv.Unquote(s.Path.Value)
			if err != nil {
				return err
			}
			if strings.HasSuffix(path, "_test.go") {
				p.testImports = appendNew(p.testImports, imp)
			} else {
				p.imports = appendNew(p.imports, imp)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for name, p := range pkgs {
		if len(p.imports) == 0 && len(p.testImports) > 0 && !hasGoFiles(root, name) {
			delete(pkgs, name) // tests only: no package to place
		}
	}
	return pkgs, nil
}

func hasGoFiles(root, name string) bool {
	dir := filepath.Join(root, name)
	if name == "main" {
		dir = root
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".go") && !strings.HasSuffix(e.Name(), "_test.go") {
			return true
		}
	}
	return false
}

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// depsGraph is depsRules parsed: for each name, every name below it.
type depsGraph struct {
	below map[string]map[string]bool
	names []string // longest first, to find an outside module by prefix
}

func (g *depsGraph) defined(name string) bool { return g.below[name] != nil }

// allows reports whether from may import to under the layering.
func (g *depsGraph) allows(from, to string) bool { return g.below[from][to] }

// node returns the name depsRules gives an import path: a package of the
// module without the module's path, an outside module by its path, a
// package of the standard library by its path if it is named, else STD.
func (g *depsGraph) node(imp string) string {
	if imp == modulePath {
		return "main"
	}
	if rest, ok := strings.CutPrefix(imp, modulePath+"/"); ok {
		return rest
	}
	if g.defined(imp) {
		return imp
	}
	first, _, _ := strings.Cut(imp, "/")
	if !strings.Contains(first, ".") {
		return "STD"
	}
	for _, name := range g.names {
		if strings.HasPrefix(imp, name+"/") {
			return name
		}
	}
	return imp
}

// parseDeps parses rules in go/build's dag language and closes them
// transitively, then checks their negative assertions.
func parseDeps(rules string) (*depsGraph, error) {
	g := &depsGraph{below: map[string]map[string]bool{}}
	var errs []string
	type rule struct {
		less []string
		neg  bool
		def  []string
	}
	var parsed []rule
	for i, stmt := range strings.Split(stripComments(rules), ";") {
		fields := tokenize(stmt)
		if len(fields) == 0 {
			continue
		}
		var lists [][]string
		var ops []string
		cur := []string{}
		for _, f := range fields {
			switch f {
			case "<", "!<":
				lists = append(lists, cur)
				ops = append(ops, f)
				cur = []string{}
			case ",":
			default:
				cur = append(cur, f)
			}
		}
		lists = append(lists, cur)
		for k, op := range ops {
			if len(lists[k]) == 0 || len(lists[k+1]) == 0 {
				errs = append(errs, fmt.Sprintf("rule %d: empty list", i+1))
				continue
			}
			parsed = append(parsed, rule{lists[k], op == "!<", lists[k+1]})
		}
	}
	var negs []rule
	for _, r := range parsed {
		if r.neg {
			negs = append(negs, r)
			continue
		}
		for _, def := range r.def {
			if g.below[def] != nil {
				errs = append(errs, "multiple definitions of "+def)
				continue
			}
			g.below[def] = map[string]bool{}
			g.names = append(g.names, def)
			for _, less := range r.less {
				if less == "NONE" {
					continue
				}
				below := g.below[less]
				if below == nil {
					errs = append(errs, fmt.Sprintf("use of %s before its definition", less))
					continue
				}
				g.below[def][less] = true
				for b := range below { // less's closure is complete: it was defined first
					g.below[def][b] = true
				}
			}
		}
	}
	for _, r := range negs {
		for _, less := range r.less {
			for _, def := range r.def {
				if g.below[def] == nil || g.below[less] == nil {
					errs = append(errs, fmt.Sprintf("%s !< %s names an undefined package", less, def))
				} else if g.below[def][less] {
					errs = append(errs, fmt.Sprintf("assertion failed: %s !< %s", less, def))
				}
			}
		}
	}
	slices.SortFunc(g.names, func(a, b string) int { return len(b) - len(a) })
	if errs != nil {
		return nil, fmt.Errorf("depsRules: %s", strings.Join(errs, "; "))
	}
	return g, nil
}

func stripComments(s string) string {
	var b strings.Builder
	for line := range strings.Lines(s) {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i] + "\n"
		}
		b.WriteString(line)
	}
	return b.String()
}

// tokenize splits a rule into names and the tokens "<", "!<" and ",".
func tokenize(s string) []string {
	s = strings.NewReplacer("!<", " !< ", ",", " , ").Replace(s)
	var out []string
	for _, f := range strings.Fields(s) {
		if f == "<" || f == "!<" || f == "," {
			out = append(out, f)
			continue
		}
		for part := range strings.SplitSeq(f, "<") { // "a<b" written without spaces
			if part != "" {
				out = append(out, part)
			}
			out = append(out, "<")
		}
		out = out[:len(out)-1]
	}
	return out
}
