package app_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/pkgexport"
	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/problems"
)

// randomSet returns the text of a problem set of small problems with
// tests, drawn from r: every kind, samples anywhere (all of a problem's
// tests among them), groups or none, names the loader takes and, now and
// then, names it refuses (CON, x., Aux.txt).
func randomSet(r *rand.Rand) string {
	out := &strings.Builder{}
	out.WriteString("name: random\nproblems:\n")
	names := []string{"", "", "", "a", "b.1", "big"}
	bad := []string{"x.", "CON", "Aux.txt", "lpt3"}
	for i := range 1 + r.IntN(3) {
		fmt.Fprintf(out, "  - id: p%d\n", i)
		kind := []string{"nqueens", "reserved", "queens-knights"}[r.IntN(3)]
		ask := []string{"count", "placement", "solutions", "unique"}[r.IntN(4)]
		fmt.Fprintf(out, "    kind: %s\n    ask: %s\n", kind, ask)
		m := 1 + r.IntN(2)
		if kind == "queens-knights" {
			fmt.Fprintf(out, "    m: %d\n", m)
		} else {
			m = 1
		}
		groups := r.IntN(2) == 0
		used := map[int]bool{}
		b := &strings.Builder{} // the tests, written after the groups they use
		for j := range 1 + r.IntN(4) {
			n := m + r.IntN(7-m)
			if kind == "reserved" {
				fmt.Fprintf(b, "      - board: |\n")
				for row := range n {
					line := []byte(strings.Repeat(".", n))
					if (row+j)%3 == 0 {
						line[(row*7+j)%n] = '*'
					}
					fmt.Fprintf(b, "          %s\n", line)
				}
			} else {
				fmt.Fprintf(b, "      - n: %d\n", n)
			}
			if r.IntN(30) == 0 {
				fmt.Fprintf(b, "        name: %s\n", bad[r.IntN(len(bad))]) // refused
			} else if name := names[r.IntN(len(names))]; name != "" {
				fmt.Fprintf(b, "        name: %s%d\n", name, j)
				if r.IntN(30) == 0 {
					fmt.Fprintf(b, "        name: %s\n", name) // a duplicate key: refused
				}
			}
			switch {
			case r.IntN(3) == 0:
				b.WriteString("        sample: true\n")
			case groups:
				g := 1 + len(used)%2
				fmt.Fprintf(b, "        group: g%d\n", g)
				used[g] = true
			}
		}
		switch len(used) {
		case 2:
			out.WriteString("    groups: {g1: 30, g2: 70}\n")
		case 1:
			out.WriteString("    groups: {g1: 100}\n")
		}
		out.WriteString("    tests:\n" + b.String())
	}
	return out.String()
}

// TestExportGeneratedSets (issue 47, item 3): every problem set the
// loader accepts, drawn at random (seeded: the same sets each run), is
// exported in every layout without a panic, each package with a secret
// case (10 sets in the suite; 1,000 with -long); a problem whose tests are
// all samples is refused by the loader
// (it made export --layout cms panic, and the Kattis layouts write a
// package with no data/secret).
func TestExportGeneratedSets(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(47, 2025))
	cache, bin := tempCache(t), fakeBinary(t)
	loaded, refused := 0, 0
	sets := 10
	if testflag.Long() {
		sets = 1000
	}
	for i := range sets {
		text := randomSet(r)
		dir := t.TempDir()
		set := filepath.Join(dir, "set.yaml")
		writeFile(t, set, text)
		s, err := problems.Load(set)
		allSamples := false
		if s != nil {
			for _, p := range s.Problems {
				secret := false
				for _, tt := range p.Tests {
					secret = secret || !tt.Sample
				}
				allSamples = allSamples || !secret
			}
		}
		if allSamples {
			t.Errorf("set %d: the loader took a problem whose tests are all samples:\n%s", i, text)
		}
		if err != nil {
			refused++
			continue
		}
		if s == nil {
			t.Fatalf("set %d: Load = nil, nil", i)
		}
		loaded++
		for _, v := range []struct {
			layout  pkgexport.Layout
			cmsType pkgexport.CMSType
			zip     bool
		}{
			{pkgexport.Legacy, "", false}, {pkgexport.V2023_07, "", true}, {pkgexport.V2025_09, "", false},
			{pkgexport.CMS, "", false}, {pkgexport.CMS, pkgexport.Batch, false},
		} {
			out := filepath.Join(dir, fmt.Sprintf("%s-%s-%v", v.layout, v.cmsType, v.zip))
			con := newConsole(output.Table, "")
			res, err := app.Export(context.Background(), con.Console, app.ExportRequest{
				Cache: cache, OutDir: out, Sets: []string{set}, Batch: batch, Layout: v.layout, CMSType: v.cmsType, Zip: v.zip,
				Binary: bin, AllowDynamic: true,
			})
			if err != nil {
				t.Errorf("set %d, %s %s: Export = %v; stderr:\n%s\nset:\n%s", i, v.layout, v.cmsType, err, con.stderr, text)
				continue
			}
			if len(res.Packages) != len(s.Problems) {
				t.Errorf("set %d, %s: %d packages of %d problems", i, v.layout, len(res.Packages), len(s.Problems))
			}
			for _, pkg := range res.Packages {
				var secret []string
				switch {
				case v.zip:
					secret = []string{pkg} // its content is checked in TestExportZip
				case v.layout == pkgexport.CMS:
					ty, _ := os.ReadFile(filepath.Join(pkg, "task.yaml"))
					if !strings.Contains(string(ty), "[100,") && !strings.Contains(string(ty), "[30,") && !strings.Contains(string(ty), "[70,") {
						t.Errorf("set %d, %s: %s scores no test case:\n%s", i, v.layout, pkg, ty)
					}
					secret = []string{pkg}
				default:
					a, _ := filepath.Glob(filepath.Join(pkg, "data", "secret", "*.in"))
					b, _ := filepath.Glob(filepath.Join(pkg, "data", "secret", "*", "*.in"))
					secret = append(a, b...)
				}
				if len(secret) == 0 {
					t.Errorf("set %d, %s: %s has no secret test case", i, v.layout, pkg)
				}
			}
		}
	}
	t.Logf("%d sets loaded, %d refused", loaded, refused)
	if loaded < sets/3 || refused < sets/10 {
		t.Errorf("%d sets loaded and %d refused: the generator should make many of both", loaded, refused)
	}
}
