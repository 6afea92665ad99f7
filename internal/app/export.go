package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/internal/guard"
	"github.com/queensjudge/queensjudge/internal/pkgexport"
	"github.com/queensjudge/queensjudge/internal/pkgexport/pdf"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/internal/truth"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// ExportRequest asks for the problems of sets as problem packages.
type ExportRequest struct {
	Cache  string
	OutDir string
	Sets   []string
	Batch  Batch
	Layout pkgexport.Layout
	// CMSType is the task type of the CMS layout: OutputOnly ("", the
	// default) or Batch.
	CMSType pkgexport.CMSType
	Zip     bool // one zip file a package instead of a directory
	// Binary is the static queensjudge the packages carry as validator;
	// "" for this executable.
	Binary       string
	AllowDynamic bool // let a binary that is not static through
}

// ExportResult is the packages written, a path each.
type ExportResult struct {
	Packages []string
	// Contest is the contest.yaml of the CMS layout, when export wrote it
	// ("" when it kept the organiser's, or wrote no task).
	Contest string
}

// Export writes each problem of the sets as a problem package in OutDir,
// named after its id in [a-z0-9]. A package folder that exists already is
// updated: the files export writes are replaced, every other file is left
// alone (see pkgexport.Write). Nothing is made when no set can be read.
//
// A problem with tests is one package of a case a test (see packageOf and
// docs/packages.md). A file DOMjudge could not store with MariaDB's
// default packet is warned of (warnPacket).
//
// With the CMS layout each problem is a CMS task directory named after its
// id (pkgexport.CMSName), of the type req.CMSType, and OutDir gets a
// contest.yaml listing the tasks written (see writeContest); there is no
// zip.
//
// Once the problems are solved, export writes all packages or none (but
// for a move into place that fails): every package is checked and
// prepared (prepare), then every one staged (stage), then every one moved
// into place (commit).
func Export(ctx context.Context, con Console, req ExportRequest) (ExportResult, error) {
	if err := req.checkFlags(); err != nil {
		return ExportResult{}, err
	}
	bin, err := validatorBinary(req.Binary, req.AllowDynamic)
	if err != nil {
		return ExportResult{}, err
	}
	g, cachePath, err := begin(req.Cache, append([]string{bin}, req.Sets...)...)
	if err != nil {
		return ExportResult{}, err
	}
	out, err := g.Dir("OUTDIR", req.OutDir)
	if err != nil {
		return ExportResult{}, fmt.Errorf("export: %w", err)
	}
	opt, err := exportOptions(con, req.Batch)
	if err != nil {
		return ExportResult{}, err
	}
	sets, failed := loadSets(ctx, con, req.Sets)
	if failed {
		return ExportResult{}, status.Said(status.Failed) // and no OUTDIR made
	}
	cache, err := openCache(ctx, "export", cachePath, writesIfItCan)
	if err != nil {
		return ExportResult{}, err
	}
	defer cache.Close()
	e := exporter{con: con, req: req, g: g, bin: bin, out: out, src: cache.Source(opt)}
	outs := e.src.Solve(ctx, sets)
	if _, ok := status.Interruption(ctx); ok {
		return ExportResult{}, interrupted(ctx, con, "export", outs)
	}
	jobs, ok := e.prepare(ctx, outs)
	if !ok {
		con.errorf("export: no package written")
		return ExportResult{}, status.Said(status.Failed)
	}
	if err := g.MkdirAll(out); err != nil {
		return ExportResult{}, fmt.Errorf("export: %w", err)
	}
	if err := e.stage(ctx, jobs); err != nil {
		return ExportResult{}, err
	}
	res, err := e.commit(jobs)
	if err != nil {
		return res, err
	}
	if req.Layout == pkgexport.CMS && len(res.Packages) > 0 {
		res.Contest, failed = e.contest(sets, res.Packages)
	}
	return res, status.FailedIf(failed)
}

// checkFlags refuses the flags that do not go together, before anything
// is read: CMS imports task directories, and only CMS has a task type.
func (req ExportRequest) checkFlags() error {
	if req.Layout == pkgexport.CMS && req.Zip {
		return status.Usagef("export: --zip: CMS imports task directories, not zip files; leave out --zip with --layout cms")
	}
	if req.Layout != pkgexport.CMS && req.CMSType != "" {
		return status.Usagef("export: --cms-type goes with --layout cms only")
	}
	return nil
}

// exportOptions returns the solver's options of b for export. A solutions
// list too long for an answer file is refused by the solver as it finds
// it, before it is stored, not after: the limit is at most
// pkgexport.MaxSolutions.
func exportOptions(con Console, b Batch) (truth.Options, error) {
	opt, err := b.options(con, "export")
	if err != nil {
		return truth.Options{}, err
	}
	if opt.MaxSolutions == 0 || opt.MaxSolutions > pkgexport.MaxSolutions {
		opt.MaxSolutions = pkgexport.MaxSolutions
	}
	return opt, nil
}

// exporter is what Export's steps share once the inputs are claimed and
// the cache is open: the request, the guard every file goes through, the
// validator binary, OUTDIR and the ground truth.
type exporter struct {
	con Console
	req ExportRequest
	g   *guard.Guard
	bin string // the validator the packages carry
	out string // OUTDIR, claimed by g
	src *truth.Source
}

// exportJob is a package checked and ready to be staged.
type exportJob struct {
	at      string // the problem as the set names it
	path    string
	pending *pkgexport.Pending
}

// prepare checks every package before any is written, so that a refusal
// of one leaves every folder as it was: the problem's cases solved, its
// name free, its folder holding nothing export does not write. It reports
// each problem refused and goes on with the others; ok is false when any
// was.
func (e *exporter) prepare(ctx context.Context, outs []truth.Outcome) (jobs []exportJob, ok bool) {
	ok = true
	taken := map[string]string{} // package name: the problem that took it
	for _, group := range byProblem(outs) {
		j, good := e.prepareOne(ctx, group, taken)
		if !good {
			ok = false
			continue
		}
		jobs = append(jobs, j)
	}
	return jobs, ok
}

// prepareOne checks the package of one problem, the outcomes of its cases
// in group, and prepares it (pkgexport.Prepare). The name goes into taken
// once it passes the checks of names, before the package is built: a
// later problem of that name is refused even when this one fails to build,
// as the set would clash once it is fixed. Each refusal is reported on
// con; good is false after one.
func (e *exporter) prepareOne(ctx context.Context, group []truth.Outcome, taken map[string]string) (j exportJob, good bool) {
	o := group[0]
	at := problemAt(o)
	good = true
	for _, c := range group {
		if c.Err != nil {
			e.con.errorf("%s: %v", caseAt(c), c.Err)
			good = false
		}
	}
	if !good {
		return exportJob{}, false
	}
	name := PackageName(o.Problem.ID)
	if e.req.Layout == pkgexport.CMS {
		name = pkgexport.CMSName(o.Problem.ID)
	}
	if name == "" {
		e.con.errorf("%s: the id has no letter or digit to name a package with", at)
		return exportJob{}, false
	}
	if why := pkgexport.NameTrouble(name); why != "" {
		e.con.errorf("%s: package name %q %s: give the problem another id", at, name, why)
		return exportJob{}, false
	}
	if prev, ok := taken[name]; ok {
		e.con.errorf("%s: package name %q is taken by %s", at, name, prev)
		return exportJob{}, false
	}
	taken[name] = at
	pkg, err := packageOf(ctx, e.src, group)
	if err != nil {
		e.con.errorf("%s", err)
		return exportJob{}, false
	}
	pkg.Binary, pkg.PDF, pkg.CMSType = e.bin, pdf.Write, e.req.CMSType
	path := filepath.Join(e.out, name)
	if e.req.Zip {
		path += ".zip"
	}
	pending, err := pkgexport.Prepare(ctx, e.g, path, e.req.Layout, pkg, e.req.Zip)
	if err != nil {
		e.con.errorf("%s: %v", at, err)
		return exportJob{}, false
	}
	return exportJob{at, path, pending}, true
}

// stage stages every package before any is moved into place, so that an
// interruption or a failure here writes none: every job is then
// discarded.
func (e *exporter) stage(ctx context.Context, jobs []exportJob) error {
	discard := func() {
		for _, j := range jobs {
			j.pending.Discard(e.g)
		}
	}
	for _, j := range jobs {
		if ctx.Err() != nil {
			discard()
			e.con.errorf("interrupted: no package written")
			return stopped(ctx)
		}
		if err := j.pending.Stage(e.g); err != nil {
			discard()
			e.con.errorf("%s: %v", j.at, err)
			e.con.errorf("export: no package written")
			return status.Said(status.Failed)
		}
	}
	return nil
}

// commit moves the staged packages into place, printing each path, and
// warns of the files of each that DOMjudge could not store (warnPacket;
// not for CMS). Only a move into place fails here (a file system full, a
// folder made read-only since): the packages before are written and
// returned with the error, the rest discarded.
func (e *exporter) commit(jobs []exportJob) (ExportResult, error) {
	var res ExportResult
	for i, j := range jobs {
		if err := j.pending.Commit(e.g); err != nil {
			for _, rest := range jobs[i+1:] {
				rest.pending.Discard(e.g)
			}
			e.con.errorf("%s: %v", j.at, err)
			e.con.errorf("export: %d of %d packages written; run export again for the rest", i, len(jobs))
			return res, status.Said(status.Failed)
		}
		res.Packages = append(res.Packages, j.path)
		fmt.Fprintln(e.con.Stdout, j.path)
		if e.req.Layout != pkgexport.CMS {
			warnPacket(e.con, j.at, j.path, e.req.Zip)
		}
	}
	return res, nil
}

// contest writes the contest.yaml of the CMS tasks written (writeContest)
// and prints its path. It returns the path, "" when the organiser's was
// kept; failed is true when it could not be written, reported on con,
// which fails the export once its packages are in place.
func (e *exporter) contest(sets []*problems.Set, tasks []string) (path string, failed bool) {
	path, err := writeContest(e.con, e.g, e.out, sets, tasks)
	if err != nil {
		e.con.errorf("export: %v", err)
		return "", true
	}
	if path != "" {
		fmt.Fprintln(e.con.Stdout, path)
	}
	return path, false
}

// problemAt names the problem of o as its set names it, with the file and
// the line of the problem: "set.yaml:14: problem \"chessboard\"" (not the
// line of a test, nor "chessboard/3").
func problemAt(o truth.Outcome) string {
	line := o.Problem.Line
	if o.Problem.Test != nil {
		for _, p := range o.Set.Problems {
			if p.ID == o.Problem.ID {
				line = p.Line
			}
		}
	}
	return fmt.Sprintf("%s:%d: problem %q", o.Set.File, line, o.Problem.ID)
}

// caseAt names the case of o as its set names it: the problem, and a
// test by its line and name ("set.yaml:20: problem \"g\": test \"1\"").
func caseAt(o truth.Outcome) string {
	if o.Problem.Test == nil {
		return problemAt(o)
	}
	return fmt.Sprintf("%s:%d: problem %q: test %q", o.Set.File, o.Problem.Line, o.Problem.ID, o.Problem.Test.Name)
}

// warnPacket warns of the files of the package at path that DOMjudge
// could not store with MariaDB's default max_allowed_packet: it stores
// each test file and each validator file as one row, so a package is
// within the limit file by file, not as a whole. A warning, not a
// failure: a site may have raised the limit, and Kattis has none.
func warnPacket(con Console, at, path string, isZip bool) {
	over, err := pkgexport.OverPacket(path, isZip)
	if err != nil {
		con.errorf("%s: warning: %v", at, err)
	}
	for _, o := range over {
		con.errorf("%s: warning: %s is %d bytes once escaped for SQL, over MariaDB's default max_allowed_packet of 16 MiB: DOMjudge's import fails unless the site raises it", at, o.File, o.Escaped)
	}
}

// byProblem returns outs, the outcomes of Solve, a slice a problem: the
// one outcome of a classic problem, or one a test of a problem with tests,
// in order (Solve gives a problem's cases one after another).
func byProblem(outs []truth.Outcome) [][]truth.Outcome {
	var groups [][]truth.Outcome
	for i, o := range outs {
		if i > 0 && o.Problem.Test != nil && o.Set == outs[i-1].Set && o.Problem.ID == outs[i-1].Problem.ID {
			groups[len(groups)-1] = append(groups[len(groups)-1], o)
			continue
		}
		groups = append(groups, []truth.Outcome{o})
	}
	return groups
}

// packageOf returns the package of the problem whose outcomes are group
// (see byProblem), without its binary and PDF writer: a classic problem's
// secret case and the sample of its kind (pkgexport.SampleOf); for a
// problem with tests, a case a test, and, when it names no sample, a
// sample of its own inside the range its statement gives
// (pkgexport.SampleIn), when there is one that is none of its tests. The
// tests of a queens-knights problem must share one m: the input gives n
// only, so a program could not tell which m a test asks for. The error
// says where, naming the problem and its tests as the set does.
func packageOf(ctx context.Context, src *truth.Source, group []truth.Outcome) (pkgexport.Package, error) {
	o := group[0]
	at := problemAt(o)
	if o.Problem.Test == nil {
		sample := pkgexport.SampleOf(o.Problem)
		sampleTruth, err := src.Truth(ctx, sample)
		if err != nil {
			return pkgexport.Package{}, fmt.Errorf("%s: sample: %v", at, err)
		}
		secretTruth, err := src.TruthOf(ctx, o.Problem.Problem, o.Result)
		if err != nil {
			return pkgexport.Package{}, fmt.Errorf("%s: %v", at, err)
		}
		return pkgexport.Package{
			Set:    o.Set.Name,
			Secret: pkgexport.Case{Problem: o.Problem, Truth: secretTruth},
			Sample: pkgexport.Case{Problem: sample, Truth: sampleTruth},
		}, nil
	}
	var p problems.Problem
	for _, sp := range o.Set.Problems {
		if sp.ID == o.Problem.ID {
			p = sp
		}
	}
	pkg := pkgexport.Package{Set: o.Set.Name}
	hasSample := false
	for _, c := range group {
		if c.Problem.M != o.Problem.M {
			return pkgexport.Package{}, fmt.Errorf("%s: test %q asks for m = %s and test %q for m = %s: the input gives n only, so a program cannot tell them apart; give every test one m",
				at, o.Problem.Test.Name, mText(o.Problem.M), c.Problem.Test.Name, mText(c.Problem.M))
		}
		t, err := src.TruthOf(ctx, c.Problem.Problem, c.Result)
		if err != nil {
			return pkgexport.Package{}, fmt.Errorf("%s: %v", caseAt(c), err)
		}
		pkg.Tests = append(pkg.Tests, pkgexport.Case{Problem: c.Problem, Truth: t})
		hasSample = hasSample || c.Problem.Test.Sample
	}
	// The statement and the validators' flags are of the tests' m.
	p.M = o.Problem.M
	pkg.Secret = pkgexport.Case{Problem: p}
	if !hasSample {
		if sample, ok := pkgexport.SampleIn(p); ok {
			t, err := src.Truth(ctx, sample)
			if err != nil {
				return pkgexport.Package{}, fmt.Errorf("%s: sample: %v", at, err)
			}
			pkg.Sample = pkgexport.Case{Problem: sample, Truth: t}
		}
	}
	return pkg, nil
}

// mText is m as a problem set writes it: "any" for solver.AnyM.
func mText(m int) string {
	if m == solver.AnyM {
		return "any"
	}
	return strconv.Itoa(m)
}

// writeContest writes OUTDIR/contest.yaml for CMS's cmsImportContest,
// through g: the contest named after the sets, with the tasks of the
// directories in tasks, in order. A contest.yaml that export did not
// write, or that was changed since (users, times added), is the
// organiser's: it is kept, with a warning naming the tasks to list in it,
// and the path returned is "".
func writeContest(con Console, g *guard.Guard, out string, sets []*problems.Set, tasks []string) (string, error) {
	var names []string
	for _, s := range sets {
		names = append(names, s.Name)
	}
	var taskNames []string
	for _, t := range tasks {
		taskNames = append(taskNames, filepath.Base(t))
	}
	path := filepath.Join(out, pkgexport.ContestFile)
	if old, err := os.ReadFile(path); err == nil && !pkgexport.ContestWritable(old) {
		con.errorf("export: %s kept: it was changed since export wrote it (or export did not write it); its tasks should be: %s", path, strings.Join(taskNames, ", "))
		return "", nil
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	text := pkgexport.ContestYAML(strings.Join(names, "-"), strings.Join(names, ", "), taskNames)
	err := g.WriteFile(path, 0o644, nil, func(w io.Writer) error {
		_, err := io.WriteString(w, text)
		return err
	})
	return path, err
}

// PackageName is the package name of problem id: its letters and digits,
// lowercase, as the format wants ([a-z0-9]+).
func PackageName(id string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(id) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// validatorBinary returns the validator to put in the packages: path, or
// queensjudge-validator beside this executable, which must be static
// unless allowDynamic.
func validatorBinary(path string, allowDynamic bool) (string, error) {
	if path == "" {
		exe, err := os.Executable()
		if err != nil {
			return "", fmt.Errorf("export: find this executable: %w (give --validator-binary PATH)", err)
		}
		path = filepath.Join(filepath.Dir(exe), pkgexport.BinaryName)
		if _, err := os.Stat(path); err != nil {
			return "", fmt.Errorf("export: no validator: %s does not exist; install it beside queensjudge, from the\n"+
				"repository, with: go install . ./internal/cmd/queensjudge-validator\n"+
				"(docs/packages.md), or name it with --validator-binary PATH", path)
		}
	}
	if allowDynamic {
		return path, nil
	}
	if err := pkgexport.CheckStatic(path); err != nil {
		return "", fmt.Errorf("export: %v: a judge host may lack its libraries; build the static validator (docs/packages.md), or name it with --validator-binary PATH", err)
	}
	return path, nil
}
