package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/internal/pkgexport"
)

func exportCommand() *cli.Command {
	return &cli.Command{
		Name:      "export",
		Usage:     "write the problems of sets as problem packages for problemtools and DOMjudge",
		ArgsUsage: "OUTDIR SET.yaml...",
		Description: `Export writes each problem of the sets as a problem package in OUTDIR, named
after its id in [a-z0-9] (eight-queens: eightqueens), or with --zip as one
zip file a package (eightqueens.zip), as DOMjudge's problem import takes it.
A package holds problem.yaml, a statement, one sample (a small instance of
the same kind and ask) and one secret case (the problem itself), each with
its ground truth as answer file (solved when the cache does not hold it),
and the static queensjudge as output and input validator behind Python
wrappers. --layout legacy (the default) is the format DOMjudge and Kattis
take; 2023-07 is the draft problemtools checks.

The queensjudge put into the packages is this one, which must be static
(see the README to build it), or --validator-binary PATH. A solutions
problem of more than 100000 placements is refused.`,
		Flags: append(batchFlags(),
			&cli.StringFlag{Name: "layout", Value: string(pkgexport.Legacy), Usage: "the package format: legacy or 2023-07"},
			&cli.BoolFlag{Name: "zip", Usage: "write one zip file a package instead of a directory"},
			&cli.StringFlag{Name: "validator-binary", Usage: "the static queensjudge `PATH` to put in the packages (default: this one)"},
			&cli.BoolFlag{Name: "allow-dynamic", Usage: "put in a binary that is not static: it runs only where its shared libraries are (to try packages on this machine)"},
		),
		Action: action(needs{minArgs: 2, maxArgs: -1, args: "an output directory and a problem set", cache: true}, func(c *call) error {
			layout, err := pkgexport.ParseLayout(c.String("layout"))
			if err != nil {
				return usagef("export: --layout: %v", err)
			}
			bin, err := validatorBinary(c.String("validator-binary"), c.Bool("allow-dynamic"))
			if err != nil {
				return err
			}
			if err := c.writable(true); err != nil {
				return err
			}
			out := c.Args().Get(0)
			if err := os.MkdirAll(out, 0o755); err != nil {
				return fmt.Errorf("export: %w", err)
			}
			src, err := c.source("")
			if err != nil {
				return err
			}
			sets, failed := loadSets(c.Args().Slice()[1:], c.stderr)
			outs := src.Solve(c.ctx, sets)
			if _, ok := interruption(c.ctx); ok {
				c.sayInterrupted(outs)
				return errInterrupted
			}
			written := map[string]string{} // package name: the problem that took it
			for _, o := range outs {
				if c.ctx.Err() != nil {
					fmt.Fprintln(c.stderr, "interrupted: the packages written are whole; run export again into a new OUTDIR for the rest")
					return errInterrupted
				}
				where := fmt.Sprintf("%s:%d: problem %q", o.Set.File, o.Problem.Line, o.Problem.ID)
				if o.Err != nil {
					fmt.Fprintf(c.stderr, "%s: %v\n", where, o.Err)
					failed = true
					continue
				}
				name := packageName(o.Problem.ID)
				if name == "" {
					fmt.Fprintf(c.stderr, "%s: the id has no letter or digit to name a package with\n", where)
					failed = true
					continue
				}
				if prev, ok := written[name]; ok {
					fmt.Fprintf(c.stderr, "%s: package name %q is taken by %s\n", where, name, prev)
					failed = true
					continue
				}
				written[name] = where
				sample := pkgexport.SampleOf(o.Problem)
				sampleTruth, err := src.Truth(c.ctx, sample)
				if err != nil {
					fmt.Fprintf(c.stderr, "%s: sample: %v\n", where, err)
					failed = true
					continue
				}
				pkg := pkgexport.Package{
					Set:    o.Set.Name,
					Secret: pkgexport.Case{Problem: o.Problem, Truth: src.TruthOf(o.Problem.Problem, o.Result)},
					Sample: pkgexport.Case{Problem: sample, Truth: sampleTruth},
					Binary: bin,
				}
				path, err := writePackage(c, out, name, layout, pkg)
				if err != nil {
					fmt.Fprintf(c.stderr, "%s: %v\n", where, err)
					failed = true
					continue
				}
				fmt.Fprintln(c.stdout, path)
			}
			return reported(failed)
		}),
	}
}

// writePackage writes pkg as the package name in out, a directory or with
// --zip a zip file, and returns its path. Nothing is left of a package that
// failed.
func writePackage(c *call, out, name string, layout pkgexport.Layout, pkg pkgexport.Package) (string, error) {
	dir := filepath.Join(out, name)
	if !c.Bool("zip") {
		err := pkgexport.Write(c.ctx, dir, layout, pkg)
		if err != nil && !os.IsExist(err) {
			os.RemoveAll(dir)
		}
		return dir, err
	}
	zipPath := dir + ".zip"
	if _, err := os.Lstat(zipPath); err == nil {
		return "", fmt.Errorf("%s exists already", zipPath)
	}
	tmp, err := os.MkdirTemp(out, "."+name+".*")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	if err := pkgexport.Write(c.ctx, filepath.Join(tmp, name), layout, pkg); err != nil {
		return "", err
	}
	return zipPath, pkgexport.Zip(filepath.Join(tmp, name), zipPath)
}

// packageName is the package name of problem id: its letters and digits,
// lowercase, as the format wants ([a-z0-9]+).
func packageName(id string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(id) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// validatorBinary returns the queensjudge to put in the packages: path, or
// this executable, which must be static unless allowDynamic.
func validatorBinary(path string, allowDynamic bool) (string, error) {
	if path == "" {
		exe, err := os.Executable()
		if err != nil {
			return "", fmt.Errorf("export: find this executable: %w (give --validator-binary PATH)", err)
		}
		path = exe
	}
	if allowDynamic {
		return path, nil
	}
	if err := pkgexport.CheckStatic(path); err != nil {
		return "", fmt.Errorf("export: %v: a judge host may lack its libraries; build the static queensjudge (README, \"export\") and run export with it, or name it with --validator-binary PATH", err)
	}
	return path, nil
}
