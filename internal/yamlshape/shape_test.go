package yamlshape

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	_ "github.com/queensjudge/queensjudge/internal/testflag" // go test ./... -update and -long reach every package
)

// setFiles are the problem sets of package problems' tests, good and bad:
// real files, each a stream the pass must agree with yaml.v3 on.
const setFiles = "../../problems/testdata/*/*.yaml"

// readable reports whether data is a stream package problems hands to the
// pass, as its decoder's text check does: valid UTF-8, no byte order mark
// (problems takes a first one off before), no NUL, no other control
// character but tab, line feed and carriage return, no U+0085, U+2028 or
// U+2029. Keep it in step with that check (problems/decode.go).
func readable(data []byte) bool {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size == 1, r == 0xFEFF, r == 0x85, r == 0x2028, r == 0x2029:
			return false
		case !(r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r <= 0x7E ||
			r >= 0xA0 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF):
			return false
		}
		i += size
	}
	return true
}

var yamlLineRE = regexp.MustCompile(`(?s)^yaml: line (\d+): (.*)$`)

// splitYAMLError returns the line yaml.v3's error names, or 0 for none, and
// its message (as problems reads them).
func splitYAMLError(err error) (line int, msg string) {
	msg = err.Error()
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		return line, m[2]
	}
	return 0, strings.TrimPrefix(msg, "yaml: ")
}

// yamlNodes decodes data as problems.Parse does, the document and whatever second
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

// checkShape checks Count against yaml.v3 on data: the same node count
// when yaml.v3 reads the first two documents, and the same parser error, at
// the same line, when yaml.v3's parser stops.
func checkShape(t *testing.T, data []byte) {
	t.Helper()
	if !readable(data) {
		return // problems refuses it before this pass
	}
	sh := Count(data, 1<<30, "")
	n, err := yamlNodes(data)
	if err == nil {
		if sh.Nodes != n {
			t.Errorf("Count(%q) = %d nodes, yaml.v3 builds %d", data, sh.Nodes, n)
		}
		if sh.Stop != nil {
			t.Errorf("Count(%q) stopped at %q, yaml.v3 reads it", data, sh.Stop.Problem)
		}
		return
	}
	line, msg := splitYAMLError(err)
	if !shapeProblems[msg] {
		return
	}
	if sh.Stop == nil || sh.Stop.Problem != msg || sh.Stop.YAMLLine() != line {
		got := "no error"
		if sh.Stop != nil {
			got = strconv.Quote(sh.Stop.Problem) + " at line " + strconv.Itoa(sh.Stop.YAMLLine())
		}
		t.Errorf("Count(%q) found %s, yaml.v3 %q at line %d", data, got, msg, line)
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
	files, _ := filepath.Glob(setFiles)
	if len(files) == 0 {
		t.Fatalf("no files match %s: have problems' test sets moved?", setFiles)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		checkShape(t, bytes.TrimPrefix(data, utf8BOM))
	}
}

// FuzzShape checks Count against yaml.v3 on arbitrary bytes. Rerun it for a
// while after upgrading yaml.v3 (see the package doc).
func FuzzShape(f *testing.F) {
	for _, s := range shapeSeeds {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob(setFiles)
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
		if sh := Count(data, limit, ""); sh.Over != want {
			t.Errorf("Count with limit %d: Over = line %d, want %d (%d nodes)", limit, sh.Over, want, sh.Nodes)
		}
	}
}
