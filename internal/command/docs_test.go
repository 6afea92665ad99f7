package command

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// foreignFlags are flags the docs name of programs other than queensjudge,
// each with the program, so that a flag of ours that is renamed or removed
// cannot hide among them.
var foreignFlags = map[string]string{
	"array":         "sbatch",
	"job-name":      "sbatch",
	"cpus-per-task": "sbatch",
	"as":            "prlimit",
	"cpu":           "prlimit",
	"sample-cpu":    "perf record",
	"frmat":         "queensjudge's own example of a mistyped flag",
	"batch":         "testdata/export/clients/cms_eval.py",
}

// docSections returns the sections of docs/commands.md by the first word of
// their "## " heading: a command's name, or "global" for the global flags.
func docSections(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile("docs/commands.md")
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]string{}
	name := ""
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			name = strings.ToLower(strings.TrimRight(strings.Fields(h)[0], ":"))
		}
		sections[name] += line
	}
	return sections
}

// TestDocsAgreeWithHelp keeps the one reference, docs/commands.md, and the
// program's help in agreement: every command has a section, every flag of
// a command (its long names) is named in its section, every global flag in
// the section on global flags; and every --flag that README.md or a doc
// names is a flag of the program, or of a program the docs run.
func TestDocsAgreeWithHelp(t *testing.T) {
	a := newApp(strings.NewReader(""), io.Discard, io.Discard)
	sections := docSections(t)
	known := map[string]bool{}
	check := func(section string, names []string) {
		text, ok := sections[section]
		if !ok {
			t.Errorf("docs/commands.md has no section on %s (## %s)", section, section)
			return
		}
		for _, n := range names {
			known[n] = true
			if len(n) > 1 && !strings.Contains(text, "--"+n) {
				t.Errorf("docs/commands.md, ## %s, does not name --%s", section, n)
			}
		}
	}
	for _, f := range a.Flags {
		check("global", f.Names())
	}
	for _, c := range a.Commands {
		var names []string
		for _, f := range c.Flags {
			names = append(names, f.Names()...)
		}
		check(c.Name, names)
	}

	docs, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	flag := regexp.MustCompile("(?:^|[\\s`(\\[])--([a-z][a-z0-9-]*)")
	for _, file := range append(docs, "README.md") {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			for _, m := range flag.FindAllStringSubmatch(line, -1) {
				if name := m[1]; !known[name] && foreignFlags[name] == "" {
					t.Errorf("%s:%d names --%s, which is no flag of queensjudge", file, i+1, name)
				}
			}
		}
	}
	if !slices.Contains(a.Commands[0].Names(), "solve") {
		t.Fatal("the first command is not solve: is newApp what the program runs?")
	}
}

// TestDocsCSVHeaders keeps the CSV columns docs/commands.md gives equal to
// those solve and key print, for problems with and without tests.
func TestDocsCSVHeaders(t *testing.T) {
	doc, err := os.ReadFile("docs/commands.md")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.yaml")
	writeFile(t, plain, "problems:\n  - {id: q4, kind: nqueens, n: 4, ask: count}\n")
	tests := filepath.Join(dir, "tests.yaml")
	writeFile(t, tests, "problems:\n  - id: q\n    kind: nqueens\n    ask: count\n    tests: [{n: 4}, {n: 5}]\n")
	db := filepath.Join(dir, "cache.db")
	for _, set := range []string{plain, tests} {
		for _, command := range []string{"solve", "key"} {
			out, stderr, code := queensjudge(t, db, command, "--format", "csv", set)
			if code != 0 {
				t.Fatalf("%s %s: exit %d: %s", command, set, code, stderr)
			}
			header, _, _ := strings.Cut(out, "\n")
			if !strings.Contains(string(doc), "`"+header+"`") {
				t.Errorf("docs/commands.md does not give %s's CSV columns for %s: `%s`", command, filepath.Base(set), header)
			}
		}
	}
}
