package problems

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"gopkg.in/yaml.v3"
)

// yamlNodes decodes data as Parse does, the document and whatever second
// one follows, and counts the nodes yaml.v3 built.
func yamlNodes(data []byte) (int, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	total := 0
	for range 2 {
		var doc yaml.Node
		switch err := dec.Decode(&doc); {
		case err == io.EOF:
			return total, nil
		case err != nil:
			return total, err
		}
		total += treeSize(&doc)
	}
	return total, nil
}

func treeSize(n *yaml.Node) int {
	size := 1
	for _, c := range n.Content {
		size += treeSize(c)
	}
	return size
}

// checkShape checks countShape against yaml.v3 on data: the same node count
// when yaml.v3 reads the first two documents, and the same parser error, at
// the same line, when yaml.v3's parser stops.
func checkShape(t *testing.T, data []byte) {
	t.Helper()
	if !(&decoder{}).text(data) {
		return // Parse refuses it before this pass
	}
	sh := countShape(data, 1<<30, "")
	n, err := yamlNodes(data)
	if err == nil {
		if sh.nodes != n {
			t.Errorf("countShape(%q) = %d nodes, yaml.v3 builds %d", data, sh.nodes, n)
		}
		if sh.err != nil {
			t.Errorf("countShape(%q) stopped at %q, yaml.v3 reads it", data, sh.err.problem)
		}
		return
	}
	line, msg := splitYAMLError(err)
	if !shapeProblems[msg] {
		return
	}
	if sh.err == nil || sh.err.problem != msg || sh.err.yamlLine() != line {
		got := "no error"
		if sh.err != nil {
			got = strconv.Quote(sh.err.problem) + " at line " + strconv.Itoa(sh.err.yamlLine())
		}
		t.Errorf("countShape(%q) found %s, yaml.v3 %q at line %d", data, got, msg, line)
	}
}

// shapeProblems are the parser errors the shape pass finds as yaml.v3
// does; it leaves the rest (directives, tag handles) to yaml.v3.
var shapeProblems = map[string]bool{
	"did not find expected <document start>": true,
	"did not find expected node content":     true,
	"did not find expected '-' indicator":    true,
	"did not find expected key":              true,
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
}

// shapeSeeds are YAML streams that exercise every part of the pass.
var shapeSeeds = []string{
	"a: b\n",
	"- a\n- b\n",
	"a:\n- b\n- c\nd: e\n",
	"a:\n  b: c\n  d:\n    - e\n    -\n    - f: g\n      h: i\n",
	"? a\n: b\n? c\n",
	"? - a\n  - b\n: - c\n",
	"[a, b, {c: d}, [e], f: g, ? h, ? : i]\n",
	"{a: b, c, ? d, e: , ? : f}\n",
	"{a: [b, c], [d]: e, {f: g}: h}\n",
	"a: &x b\nc: *x\nd: !!str 4\ne: &y !t\nf: ! &z\n",
	"- &a\n- !t\n- &b !t [x]\n- !t &c {y: z}\n",
	"a: |\n  line 1\n\n  line 3\nb: >-\n   folded\n  text\nc: |2\n    x\n",
	"a: 'single ''quoted''\n  over lines'\nb: \"double \\\" \\x41 \\u0041\n  \\\n  escaped\"\n",
	"a: plain\n  over\n  lines\nb: c # comment\n# comment\n\t# tab comment\n",
	"--- a\n...\n--- b\n",
	"%YAML 1.1\n---\na: b\n",
	"---\n- a\n---\n- b\n---\n- c\n",
	"a: b: c\n",
	"- a\nb: c\n",
	"a:\n  - b\n c: d\n",
	"problems: [{:,:}]\n",
	"[a, b\n",
	"{a: b\nc: d\n",
	"- [a\n- b\n",
	"a: *missing\n",
	"[?, ?, :, :]\n",
	"{?, ?}\n",
	"[[[[[[]]]]]]\n",
	"- - - - a\n",
	"a: \"x\" y\n",
	"a:\tb\n",
	"'a': b\n\"c\": d\n[e]: f\n",
	"a: 1\n  b: 2\n",
	"key: [a,\n  b,\n  c]\nnext: d\n",
	"a: b\n---x\n",
	"- a:\n  b\n",
	"? |\n  block key\n: v\n",
	"a: {b: c}}\n",
	"a: [b]]\n",
	"]\n",
	"a: ]\n",
}

func TestShape(t *testing.T) {
	for _, s := range shapeSeeds {
		checkShape(t, []byte(s))
	}
	files, _ := filepath.Glob("testdata/*/*.yaml")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		checkShape(t, bytes.TrimPrefix(data, utf8BOM))
	}
}

// FuzzShape checks countShape against yaml.v3 on arbitrary bytes.
func FuzzShape(f *testing.F) {
	for _, s := range shapeSeeds {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob("testdata/*/*.yaml")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkShape(t, data)
	})
}

func TestShapeLimit(t *testing.T) {
	// The document, the list, then one scalar a line.
	data := []byte("- a\n- b\n- c\n- d\n- e\n")
	for limit, want := range map[int]int{2: 1, 3: 2, 5: 4, 6: 5, 7: 0} {
		if sh := countShape(data, limit, ""); sh.over != want {
			t.Errorf("countShape with limit %d: over = line %d, want %d (%d nodes)", limit, sh.over, want, sh.nodes)
		}
	}
}
