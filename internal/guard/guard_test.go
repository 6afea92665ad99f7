package guard

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/status"
	_ "github.com/queensjudge/queensjudge/internal/testflag" // -update and -long, as ./... passes them
)

// tree makes, in a new temporary directory that becomes the working
// directory, the files the tests name:
//
//	in.yaml          an input
//	hard.yaml        a hard link of in.yaml
//	inlink           a symlink to in.yaml
//	p0.db            a part that merge may be given as nosuch/../p0.db
//	cache.db         an existing cache; cachelink a symlink to it
//	subs/a.txt       a directory of inputs; subslink a symlink to it
//	subs/lnk         a symlink inside it to linked.txt, outside it
//	subs/h.txt       a file in it with a hard link outside, outside-hard.txt
//	real/            a directory; dirlink a symlink to it
//	deep/inner/      a directory; deeplink a symlink to deep/inner, so that
//	                 deeplink/.. is deep to the kernel and . to SQLite
//	gone             a symlink to nowhere
//	out.txt          an existing output; out-hard.txt a hard link of it
func tree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	for _, d := range []string{"subs", "real", "deep/inner"} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"in.yaml", "p0.db", "cache.db", "subs/a.txt", "subs/h.txt", "linked.txt", "out.txt"} {
		if err := os.WriteFile(f, []byte(f+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, to := range map[string]string{"inlink": "in.yaml", "cachelink": "cache.db", "subslink": "subs", "subs/lnk": "../linked.txt", "dirlink": "real", "deeplink": "deep/inner", "gone": "nowhere"} {
		if err := os.Symlink(to, link); err != nil {
			t.Fatal(err)
		}
	}
	for link, to := range map[string]string{"hard.yaml": "in.yaml", "outside-hard.txt": "subs/h.txt", "out-hard.txt": "out.txt"} {
		if err := os.Link(to, link); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// claim is one claim of a test: File, Dir or Cache (role "cache").
type claim struct {
	dir        bool
	role, path string
}

func (c claim) String() string {
	switch {
	case c.role == "cache":
		return "Cache(" + c.path + ")"
	case c.dir:
		return "Dir(" + c.role + ", " + c.path + ")"
	}
	return "File(" + c.role + ", " + c.path + ")"
}

// do makes the claim with g.
func (c claim) do(g *Guard) (string, error) {
	switch {
	case c.role == "cache":
		return g.Cache(c.path)
	case c.dir:
		return g.Dir(c.role, c.path)
	}
	return g.File(c.role, c.path)
}

// claimCase is a command's inputs, its cache and claims in order: every
// claim but the last must be accepted, the last refused as a usage error
// whose message holds want (or accepted, when want is "").
type claimCase struct {
	name   string
	inputs []string
	cache  string
	claims []claim
	want   string
}

func runClaims(t *testing.T, cases []claimCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := tree(t)
			g := New()
			for _, in := range tc.inputs {
				g.Input(strings.ReplaceAll(in, "$DIR", dir))
			}
			if tc.cache != "" {
				if _, err := g.Cache(tc.cache); err != nil {
					t.Fatalf("Cache(%s) = %v", tc.cache, err)
				}
			}
			for i, c := range tc.claims {
				c.path = strings.ReplaceAll(c.path, "$DIR", dir)
				_, err := c.do(g)
				if i < len(tc.claims)-1 || tc.want == "" {
					if err != nil {
						t.Fatalf("%v = %v, want it accepted", c, err)
					}
					continue
				}
				if err == nil || status.KindOf(err) != status.Usage || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("%v = %v, want a usage error saying %q", c, err, tc.want)
				}
			}
		})
	}
}

func out(path string) claim { return claim{role: "--out", path: path} }
func outDir(path string) claim {
	return claim{dir: true, role: "OUTDIR", path: path}
}

// TestOutputIsInput: an output that names an input by any spelling,
// whether the input exists or not, is refused.
func TestOutputIsInput(t *testing.T) {
	runClaims(t, []claimCase{
		{"same path", []string{"in.yaml"}, "", []claim{out("in.yaml")}, "would write over in.yaml, an input"},
		{"dot slash", []string{"in.yaml"}, "", []claim{out("./in.yaml")}, "would write over in.yaml"},
		{"absolute", []string{"in.yaml"}, "", []claim{out("$DIR/in.yaml")}, "would write over in.yaml"},
		{"input absolute", []string{"$DIR/in.yaml"}, "", []claim{out("in.yaml")}, "would write over"},
		{"dot dot", []string{"in.yaml"}, "", []claim{out("real/../in.yaml")}, "would write over in.yaml"},
		{"symlink to it", []string{"in.yaml"}, "", []claim{out("inlink")}, "would write over in.yaml"},
		{"symlink as input", []string{"inlink"}, "", []claim{out("in.yaml")}, "would write over inlink"},
		{"symlinked directory", []string{"real/x.yaml"}, "", []claim{out("dirlink/x.yaml")}, "would write over real/x.yaml"},
		{"hard link", []string{"in.yaml"}, "", []claim{out("hard.yaml")}, "would write over in.yaml"},
		{"not yet existing", []string{"new.yaml"}, "", []claim{out("./new.yaml")}, "would write over new.yaml"},
		{"not yet existing, absolute", []string{"new.yaml"}, "", []claim{out("$DIR/new.yaml")}, "would write over new.yaml"},
		// merge nosuch/../p0.db p0.db p1.db: the part as SQLite reads it.
		{"part through a missing directory", []string{"nosuch/../p0.db"}, "", []claim{{role: "OUT", path: "p0.db"}}, "OUT p0.db would write over nosuch/../p0.db"},
		{"input's -wal", []string{"p0.db"}, "", []claim{out("p0.db-wal")}, "the -wal file of input p0.db"},
		{"output directory is an input directory", []string{"subs"}, "", []claim{outDir("subslink")}, "OUTDIR subslink is subs, an input"},
		{"output directory inside an input directory", []string{"subs"}, "", []claim{outDir("subs/pkgs")}, "is inside subs"},
		{"an input inside the output directory is fine", []string{"real/x.yaml", "in.yaml"}, "", []claim{outDir("real"), outDir("deep")}, ""},
	})
}

// TestOutputIsCache: the cache and its -wal, -shm and -journal files are
// inputs of every output, whether the cache exists yet or not.
func TestOutputIsCache(t *testing.T) {
	runClaims(t, []claimCase{
		{"cache", nil, "cache.db", []claim{out("cache.db")}, "--out cache.db would write over cache.db, the cache"},
		{"cache by another spelling", nil, "./cache.db", []claim{out("$DIR/cache.db")}, "the cache"},
		{"cache through a symlink", nil, "cachelink", []claim{out("cache.db")}, "the cache"},
		{"-wal", nil, "cache.db", []claim{out("cache.db-wal")}, "the -wal file of the cache"},
		{"-shm", nil, "cache.db", []claim{out("./cache.db-shm")}, "the -shm file of the cache"},
		{"-journal", nil, "cache.db", []claim{out("cache.db-journal")}, "the -journal file of the cache"},
		{"-wal of the symlink's target", nil, "cachelink", []claim{out("cache.db-wal")}, "the -wal file of the cache"},
		{"-wal beside the symlink", nil, "cachelink", []claim{out("cachelink-wal")}, "the -wal file of the cache"},
		// --db new.db judge --results-tsv new.db
		{"cache not yet existing", nil, "new.db", []claim{{role: "--results-tsv", path: "new.db"}}, "--results-tsv new.db would write over new.db, the cache"},
		{"cache not yet existing, absolute", nil, "new.db", []claim{out("$DIR/new.db")}, "the cache"},
		// --db nosuch/../j.db key --out j.db: the cache is refused first;
		// the default cache, recorded by Input, protects the same way.
		{"default cache", []string{"$DIR/def.db", "$DIR/def.db-wal"}, "", []claim{out("def.db-wal")}, "would write over"},
		{"output directory holding the cache is fine", nil, "real/c.db", []claim{outDir("real")}, ""},
	})
}

// TestOutputInInputDirectory: a file inside an input directory is an
// input, however it is reached.
func TestOutputInInputDirectory(t *testing.T) {
	runClaims(t, []claimCase{
		{"existing file", []string{"subs"}, "", []claim{out("subs/a.txt")}, "--out subs/a.txt is inside subs, an input"},
		{"new file", []string{"subs"}, "", []claim{out("subs/new.txt")}, "is inside subs"},
		{"through a symlinked directory", []string{"subs"}, "", []claim{out("subslink/new.txt")}, "is inside subs"},
		{"input named through the symlink", []string{"subslink/"}, "", []claim{out("subs/new.txt")}, "is inside subslink/"},
		{"absolute", []string{"subs"}, "", []claim{out("$DIR/subs/x")}, "is inside subs"},
		{"where a symlink inside leads", []string{"subs"}, "", []claim{out("linked.txt")}, "where subs/lnk in input directory subs leads"},
		{"hard link of a file inside", []string{"subs"}, "", []claim{out("outside-hard.txt")}, "would write over subs/h.txt, a file in input directory subs"},
		{"beside it is fine", []string{"subs"}, "", []claim{out("subs.txt")}, ""},
	})
}

// TestOutputsCollide: two outputs may not name one file, nor one lie in
// another's directory.
func TestOutputsCollide(t *testing.T) {
	runClaims(t, []claimCase{
		{"same path", nil, "", []claim{out("x.tsv"), {role: "--html", path: "x.tsv"}}, "--out and --html both name x.tsv"},
		{"dot slash", nil, "", []claim{out("x.tsv"), {role: "--html", path: "./x.tsv"}}, "both name ./x.tsv"},
		{"absolute", nil, "", []claim{out("x.tsv"), {role: "--html", path: "$DIR/x.tsv"}}, "both name"},
		{"dot dot", nil, "", []claim{out("x.tsv"), {role: "--html", path: "real/../x.tsv"}}, "both name"},
		{"symlinked directory", nil, "", []claim{out("real/x"), {role: "--html", path: "dirlink/x"}}, "both name"},
		{"hard link", nil, "", []claim{out("out.txt"), {role: "--html", path: "out-hard.txt"}}, "both name"},
		{"file in output directory", nil, "", []claim{outDir("dirlink"), out("real/x")}, "--out real/x is inside OUTDIR dirlink"},
		{"output directory holds a file", nil, "", []claim{out("real/x"), outDir("dirlink")}, "holds --out real/x"},
		{"nested directories", nil, "", []claim{outDir("real"), {dir: true, role: "FEEDBACK", path: "real/f"}}, "is inside OUTDIR real"},
		{"one directory twice", nil, "", []claim{outDir("real"), {dir: true, role: "FEEDBACK", path: "dirlink"}}, "both name dirlink"},
		{"/dev/null twice is fine", nil, "", []claim{out("/dev/null"), {role: "--html", path: "/dev/null"}}, ""},
		{"stdout twice is fine", nil, "", []claim{out("-"), {role: "--html", path: "-"}, {role: "--json", path: ""}}, ""},
	})
}

// TestMissingDirectory: a path through a directory that does not exist
// is refused, although filepath.Clean and SQLite make something of it, and
// so is a path the kernel and SQLite read as two files.
func TestMissingDirectory(t *testing.T) {
	runClaims(t, []claimCase{
		// merge nosuch/../p0.db p0.db p1.db
		{"merge into a part", []string{"p0.db", "p1.db"}, "", []claim{{role: "OUT", path: "nosuch/../p0.db"}}, "OUT nosuch/../p0.db: there is no directory nosuch/.."},
		{"file", nil, "", []claim{out("nosuch/../x")}, "--out nosuch/../x: there is no directory nosuch/.."},
		{"file in it", nil, "", []claim{out("nosuch/x")}, "there is no directory nosuch"},
		{"dir", nil, "", []claim{outDir("nosuch/../d")}, "OUTDIR nosuch/../d: there is no directory nosuch/.."},
		{"dir's parent", nil, "", []claim{outDir("nosuch/d")}, "there is no directory nosuch"},
		{"a new dir with a trailing slash", nil, "", []claim{outDir("newdir/")}, ""},
		{"through a missing dir with a trailing slash", nil, "", []claim{outDir("nosuch/d/")}, "there is no directory nosuch"},
		{"cache", nil, "", []claim{{role: "cache", path: "nosuch/../x.db"}}, "cache nosuch/../x.db: there is no directory nosuch/.."},
		{"cache in it", nil, "", []claim{{role: "cache", path: "nosuch/x.db"}}, "there is no directory nosuch"},
		{"through a file", nil, "", []claim{out("in.yaml/x")}, "in.yaml is not a directory"},
		{"symlink before ..", nil, "", []claim{out("deeplink/../x")}, "name it without \"..\""},
		{"cache, symlink before ..", nil, "", []claim{{role: "cache", path: "deeplink/../x.db"}}, "name it without \"..\""},
		{"dir, symlink before ..", nil, "", []claim{outDir("deeplink/../d")}, "name it without \"..\""},
	})
}

// TestRefusedKinds: what is not a file or not a directory.
func TestRefusedKinds(t *testing.T) {
	runClaims(t, []claimCase{
		{"file is a directory", nil, "", []claim{out("real")}, "--out real is a directory"},
		{"file ends in slash", nil, "", []claim{out("real/")}, "is a directory"},
		{"dir is a file", nil, "", []claim{outDir("out.txt")}, "OUTDIR out.txt is not a directory"},
		{"cache is a directory", nil, "", []claim{{role: "cache", path: "real"}}, "cache real is a directory"},
		{"dangling symlink dir", nil, "", []claim{outDir("gone")}, "OUTDIR gone is a symlink to nowhere, which does not exist"},
		{"dangling symlink file", nil, "", []claim{out("gone")}, "--out gone is a symlink to nowhere, which does not exist"},
		{"cache claimed after an output", nil, "", []claim{out("c.db"), {role: "cache", path: "./c.db"}}, "--out c.db would write over ./c.db, the cache"},
	})
}

// TestClaimReturnsCleanPath: the path a claim returns is the one to use,
// read alike by the kernel and by SQLite.
func TestClaimReturnsCleanPath(t *testing.T) {
	for _, tc := range []struct {
		c    claim
		want string
	}{
		{out("real/../x.tsv"), "x.tsv"},
		{out("./x.tsv"), "x.tsv"},
		{out("-"), "-"},
		{out(""), ""},
		{out("/dev/null"), "/dev/null"},
		{outDir("real/"), "real"},
		{outDir("."), "."},
		{claim{role: "cache", path: "real/../c.db"}, "c.db"},
		{claim{role: "cache", path: "dirlink/../c.db"}, "c.db"}, // real's parent either way
	} {
		tree(t)
		g := New()
		got, err := tc.c.do(g)
		if err != nil || got != tc.want {
			t.Errorf("%v = %q, %v, want %q", tc.c, got, err, tc.want)
		}
	}
}

func TestSplit(t *testing.T) {
	for _, tc := range []struct{ name, dir, base string }{
		{"x", ".", "x"},
		{"nosuch/../x", "nosuch/..", "x"},
		{"/x", "/", "x"},
		{"/", "/", ""},
		{"a/b/", "a/b", ""},
		{".", ".", ""},
		{"a/..", "a/..", ""},
		{"./x", ".", "x"},
	} {
		if dir, base := split(tc.name); dir != tc.dir || base != tc.base {
			t.Errorf("split(%q) = %q, %q, want %q, %q", tc.name, dir, base, tc.dir, tc.base)
		}
	}
}

func TestSameFile(t *testing.T) {
	dir := tree(t)
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"in.yaml", "./in.yaml", true},
		{"in.yaml", filepath.Join(dir, "in.yaml"), true},
		{"in.yaml", "inlink", true},
		{"in.yaml", "hard.yaml", true},
		{"new", "real/../new", true},
		{"nosuch/../p0.db", "p0.db", true},
		{"in.yaml", "out.txt", false},
		{"new", "new2", false},
	} {
		if got := SameFile(tc.a, tc.b); got != tc.want {
			t.Errorf("SameFile(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestNewFile checks that a file that exists is refused unless replace,
// and that a device is written in place whatever replace.
func TestNewFile(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(old, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink(old, link); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path    string
		replace bool
		ok      bool
	}{
		{old, false, false},
		{link, false, false},
		{old, true, true},
		{filepath.Join(dir, "new.txt"), false, true},
		{os.DevNull, false, true},
		{"-", false, true},
	} {
		_, err := New().NewFile("--out", c.path, "--replace", c.replace)
		switch {
		case c.ok && err != nil:
			t.Errorf("NewFile(%s, replace %v) = %v, want nil", c.path, c.replace, err)
		case !c.ok && (err == nil || status.KindOf(err) != status.Usage || !strings.Contains(err.Error(), "add --replace")):
			t.Errorf("NewFile(%s, replace %v) = %v, want a usage error that names --replace", c.path, c.replace, err)
		}
	}
	if got := mustRead(t, old); got != "mine\n" {
		t.Errorf("notes.txt = %q, want it kept", got)
	}
}
