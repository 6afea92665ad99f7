package command

import (
	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/pkgexport"
	"github.com/queensjudge/queensjudge/internal/status"
)

func exportCommand() *cli.Command {
	return &cli.Command{
		Name:      "export",
		Usage:     "write the problems of sets as problem packages for problemtools and DOMjudge, or as CMS tasks",
		ArgsUsage: "OUTDIR SET.yaml...",
		Description: `Export writes each problem of the sets as a problem package in OUTDIR, named
after its id in [a-z0-9] (eight-queens: eightqueens), or with --zip as one
zip file a package (eightqueens.zip), as DOMjudge's problem import takes it.
A package holds problem.yaml, a statement, one sample (a small instance of
the same kind and ask, never the secret case nor one of its rotations or
reflections) and one secret case (the problem itself), each with its ground
truth as answer file (solved when the cache does not hold it), and the
output and input validators: a build and a run script and the small static
queensjudge-validator, which judges against the answer files (checked by
their SHA-256 digests, which run holds with the flags) and keeps nothing.
Each package also carries submissions/accepted/judges_answers.py, the
judges' answers as an accepted submission (it prints the answer file of
each input, found by its digest; no solver: docs/packages.md).
--layout legacy (the default) is the format DOMjudge and Kattis take;
2023-07 is the draft problemtools checks; 2025-09 is that draft's final
version, which BAPCtools reads and problemtools does not yet, with nothing
of the older layouts (no domjudge-problem.ini, no testdata.yaml).

A problem with tests is a package of many cases: each test a case, its
samples in data/sample, the others in data/secret, in the order of the
tests (NN-NAME.in and .ans). A problem with groups is a scoring problem,
each group a test data group in data/secret/GROUP worth its points when
every test in it is right (testdata.yaml; test_group.yaml in 2025-09). A
problem that names no sample gets one of its own inside the range of n of
its tests, when some n there is no test's.

--layout cms writes each problem as a CMS task directory of the
OutputOnly type, named after its id (a '.' made '_'), for cmsImportTask:
task.yaml, input/ and output/ with two test cases (000, the sample, worth
0 points; 001, the problem, worth 100), check/checker (the same
queensjudge-validator, which speaks CMS's checker contract when called
with three files) and statement/statement.pdf in English with the sample;
and OUTDIR/contest.yaml listing the tasks, for cmsImportContest (kept when
the organiser changed it). --zip does not go with it. A problem with
tests is a task of a test case a test (the samples public and worth 0),
scored by GroupMin: a subtask a group, worth its points (all 100 for a
pass-fail problem). --cms-type batch writes Batch tasks instead, where
contestants submit a program, run on each input (standard input and
output, 2 s, 1024 MiB) and judged by the same checker.

Export writes every package or none: each is checked, then written whole
beside its place, before any is moved into place, and any refusal (a
problem that cannot be written, a package name taken) leaves OUTDIR as it
was. A package holds exactly what export writes: a package folder that
exists already is updated, the files export writes replaced, each whole,
and it is refused while it holds any other file (the tests of an earlier
export, a file of another layout, a setter's own), each named: move them
out, or export into a new folder. A zip file is replaced whole. OUTDIR is
made when missing (its parent must exist), and not at all when nothing is
written.

The validator put into the packages is queensjudge-validator beside this
executable (see docs/packages.md to build it), or --validator-binary PATH; it
must be static. A solutions problem of more than 100000 placements is
refused.`,
		Flags: append(batchFlags(),
			&cli.StringFlag{Name: "layout", Value: string(pkgexport.Legacy), Usage: "the package format: legacy, 2023-07 or 2025-09, or cms for CMS task directories"},
			&cli.StringFlag{Name: "cms-type", Usage: "the task type of --layout cms: output-only (contestants submit outputs; the default) or batch (contestants submit programs)"},
			&cli.BoolFlag{Name: "zip", Usage: "write one zip file a package instead of a directory"},
			&cli.StringFlag{Name: "validator-binary", Usage: "the static queensjudge-validator `PATH` to put in the packages (default: the one beside this executable)"},
			&cli.BoolFlag{Name: "allow-dynamic", Usage: "put in a binary that is not static: it runs only where its shared libraries are (to try packages on this machine)"},
		),
		Action: action(arity{2, -1, "an output directory and a problem set"}, func(c *cli.Context) error {
			db, err := cacheFlag(c)
			if err != nil {
				return err
			}
			con, err := console(c)
			if err != nil {
				return err
			}
			layout, err := pkgexport.ParseLayout(c.String("layout"))
			if err != nil {
				return status.Usagef("export: --layout: %v", err)
			}
			var cmsType pkgexport.CMSType
			if c.IsSet("cms-type") {
				if cmsType, err = pkgexport.ParseCMSType(c.String("cms-type")); err != nil {
					return status.Usagef("export: --cms-type: %v", err)
				}
			}
			b, err := batch(c, "")
			if err != nil {
				return err
			}
			a := c.Args().Slice()
			_, err = app.Export(c.Context, con, app.ExportRequest{
				Cache: db, OutDir: a[0], Sets: a[1:], Batch: b, Layout: layout, CMSType: cmsType,
				Zip: c.Bool("zip"), Binary: c.String("validator-binary"), AllowDynamic: c.Bool("allow-dynamic"),
			})
			return err
		}),
	}
}
