package pkgexport

// The CMS layout: a task directory in CMS's "Italian YAML" format, of the
// OutputOnly type (or, with Package.CMSType, Batch), that cmsImportTask and
// cmsImportContest take as it is (cms-dev/cms,
// cmscontrib/loaders/italy_yaml.py). Of a classic problem:
//
//	task.yaml                 name, title, n_input: 2, output_only, scoring
//	input/input0.txt          the sample's input (test case 000, 0 points)
//	input/input1.txt          the problem's input (test case 001, 100 points)
//	output/output0.txt        the sample's ground truth, after two header lines
//	output/output1.txt        the problem's ground truth, after two header lines
//	check/checker             the static queensjudge-validator
//	statement/statement.pdf   the statement in English, the sample in it
//
// A problem with tests has a test case a test, in order (its own sample
// first when it names none), and its scoring in task.yaml: GroupMin, a
// subtask of the samples worth 0, then a subtask a group worth its points
// (or one of every test worth 100 for a pass-fail problem), each naming its
// test cases.
//
// CMS runs the checker alone in a bare directory as
// "./checker input.txt correct_output.txt user_output.txt", with no flags:
// all it needs to know comes from the correct output's header lines (see
// CMSHeader), which tie the answer to its input by their SHA-256 digests.
// A Batch task runs the contestant's program on each input, on standard
// input and output, and has its output judged by the same checker.

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// CMS is the layout of a CMS task directory.
const CMS Layout = "cms"

// CMSType is the task type of a CMS task.
type CMSType string

// The CMS task types export writes.
const (
	OutputOnly CMSType = "output-only" // contestants submit an output a test case
	Batch      CMSType = "batch"       // contestants submit a program, run on every test case
)

// ParseCMSType returns the CMS task type named s.
func ParseCMSType(s string) (CMSType, error) {
	switch CMSType(s) {
	case OutputOnly, Batch:
		return CMSType(s), nil
	}
	return "", fmt.Errorf("unknown CMS task type %q (want output-only or batch)", s)
}

// CMS task limits of the Batch type: those of the packages (2 s, as
// domjudge-problem.ini says, and 1024 MiB, as problem.yaml does).
const (
	cmsTimeLimit   = 2    // seconds of CPU a test case
	cmsMemoryLimit = 1024 // MiB
)

// classicOutputOnly reports whether pkg is the task export wrote before
// tests and Batch: a classic problem, OutputOnly. Its files are kept byte
// for byte.
func (pkg Package) classicOutputOnly() bool {
	return pkg.Tests == nil && pkg.CMSType != Batch
}

// CMSMagic starts the first header line of a CMS task's correct output
// file: CMSMagic, the version of the form, then the SHA-256 digest of the
// second header line (see CMSHeader). Version 1 had one header line, whose
// words (kind=, ask=, m=) no digest covered: an edited m= or ask= changed
// what was judged, and the checker refuses it.
const CMSMagic = "queensjudge-cms-answer 2"

// CMSHeader returns the two header lines of the correct output of a case
// of p whose input and answer (the text WriteAnswer writes, which follows
// the header) have the SHA-256 digests in and ans, in hex:
//
//	queensjudge-cms-answer 2 SUM
//	kind=nqueens ask=count cases=IN:ANS
//
// The second line holds the validator flags of p (Flags: kind=, ask= and
// m= for a fixed m) and the one case of the file; SUM is the SHA-256 of
// that line, line end included. So every byte of the file is covered: the
// first line is one exact text, the second is covered by SUM, the answer
// by ANS. The checker reads all it needs from it: CMS gives a checker no
// flags and no file but the input, the correct output and the
// contestant's output.
func CMSHeader(p solver.Problem, in, ans string) string {
	words := Flags(p) + " cases=" + in + ":" + ans + "\n"
	sum := sha256.Sum256([]byte(words))
	return CMSMagic + " " + hex.EncodeToString(sum[:]) + "\n" + words
}

// CMSName is the name of the CMS task of problem id: the id with each '.'
// made '_', as CMS wants a name in [A-Za-z0-9_-] (it names the task in
// URLs and in the contestants' view). "" when the id has none of those.
func CMSName(id string) string {
	var b strings.Builder
	for _, r := range id {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			b.WriteRune(r)
		case r == '.':
			b.WriteByte('_')
		}
	}
	return b.String()
}

// cmsTaskYAML is task.yaml of a task: OutputOnly (output_only), two test
// cases (n_input) scored by GroupMin as two subtasks, the sample worth 0
// points and the problem 100 (score_type and score_type_parameters with
// n_input replace gen/GEN), the best subtask scores of all submissions
// (max_subtask), no tokens, full feedback on both cases, an English
// statement.
func cmsTaskYAML(name string, p problems.Problem, set string) string {
	return fmt.Sprintf(`# Written by queensjudge export --layout cms: a CMS task ("Italian YAML",
# cmsImportTask) of the OutputOnly type. Test case 000 is the sample of the
# statement, worth no points; 001 is problem %s of set %s, worth 100.
# check/checker judges an output; export replaces this file.
name: %s
title: %s
n_input: 2
output_only: true
token_mode: disabled
score_mode: max_subtask
score_type: GroupMin
score_type_parameters: [[0, 1], [100, 1]]
public_testcases: all
feedback_level: full
primary_language: en
`, yamlString(p.ID), yamlString(set), name, yamlString(cmsTitle(p)))
}

// cmsSubtask is a subtask of a CMS task: its points and the codenames of
// its test cases.
type cmsSubtask struct {
	points int
	codes  []string
}

// cmsSubtasks returns the subtasks of the task of pkg: the samples worth 0
// (when there are any), then a group each worth its points, or for a
// pass-fail problem every other test case worth 100.
func cmsSubtasks(pkg Package) []cmsSubtask {
	var samples []string
	byGroup := map[string][]string{}
	for i, c := range pkg.cases() {
		code := fmt.Sprintf("%03d", i)
		if c.sample {
			samples = append(samples, code)
		} else {
			byGroup[c.group] = append(byGroup[c.group], code)
		}
	}
	var out []cmsSubtask
	if len(samples) > 0 {
		out = append(out, cmsSubtask{0, samples})
	}
	groups := pkg.groups()
	if !pkg.scored() {
		groups = []problems.Group{{Points: 100}} // every other test case, named ""
	}
	for _, g := range groups {
		// A subtask of no test case is none: the loader refuses a problem
		// without a secret test, and a group without tests, so none is
		// left out of a set it accepts.
		if len(byGroup[g.Name]) > 0 {
			out = append(out, cmsSubtask{g.Points, byGroup[g.Name]})
		}
	}
	return out
}

// cmsTaskYAMLOf returns task.yaml of the task of pkg: for a classic
// OutputOnly task cmsTaskYAML; else the test cases of pkg.cases(), the
// type's keys (output_only; or the limits and standard input and output
// of Batch, infile and outfile empty), GroupMin with the subtasks of
// cmsSubtasks by their test cases' codenames, and the samples public.
func cmsTaskYAMLOf(name string, pkg Package) string {
	p := pkg.Secret.Problem
	if pkg.classicOutputOnly() {
		return cmsTaskYAML(name, p, pkg.Set)
	}
	typ := "OutputOnly"
	if pkg.CMSType == Batch {
		typ = "Batch"
	}
	cs := pkg.cases()
	var b strings.Builder
	fmt.Fprintf(&b, "# Written by queensjudge export --layout cms: a CMS task (\"Italian YAML\",\n# cmsImportTask) of the %s type, problem %s of set %s: %d test\n# cases, scored by subtasks (score_type_parameters: points, test cases).\n# check/checker judges an output; export replaces this file.\n",
		typ, yamlString(p.ID), yamlString(pkg.Set), len(cs))
	fmt.Fprintf(&b, "name: %s\ntitle: %s\nn_input: %d\n", name, yamlString(cmsTitle(p)), len(cs))
	if pkg.CMSType == Batch {
		fmt.Fprintf(&b, "time_limit: %d\nmemory_limit: %d\ninfile: \"\"\noutfile: \"\"\n", cmsTimeLimit, cmsMemoryLimit)
	} else {
		b.WriteString("output_only: true\n")
	}
	b.WriteString("token_mode: disabled\nscore_mode: max_subtask\nscore_type: GroupMin\nscore_type_parameters:\n")
	for _, st := range cmsSubtasks(pkg) {
		fmt.Fprintf(&b, "  - [%d, [\"%s\"]]\n", st.points, strings.Join(st.codes, `", "`))
	}
	var public []string
	for i, c := range cs {
		if c.sample {
			public = append(public, strconv.Itoa(i))
		}
	}
	fmt.Fprintf(&b, "public_testcases: \"%s\"\nfeedback_level: full\nprimary_language: en\n", strings.Join(public, ","))
	return b.String()
}

// cmsTitle is the title of the CMS task of p: its title, or when it has
// none (or one that is the task's name, which CMS warns of) its id with
// its kind and ask.
func cmsTitle(p problems.Problem) string {
	if p.Title != "" && p.Title != CMSName(p.ID) {
		return p.Title
	}
	return fmt.Sprintf("%s (%s, %s)", p.ID, p.Kind, p.Ask)
}

// cmsContents returns the files of the CMS task of pkg, in the order they
// are moved into an existing task directory: task.yaml last.
func cmsContents(ctx context.Context, pkg Package) []file {
	p := pkg.Secret.Problem
	var files []file
	text := func(path, text string) {
		files = append(files, file{path: path, mode: 0o644, write: func(w io.Writer) error {
			_, err := io.WriteString(w, text)
			return err
		}})
	}
	cases := pkg.cases()
	for i, c := range cases {
		text(fmt.Sprintf("input/input%d.txt", i), Input(c.Problem.Problem))
	}
	for i, c := range cases {
		path := fmt.Sprintf("output/output%d.txt", i)
		files = append(files, file{path: path, mode: 0o644, write: func(w io.Writer) error {
			if err := WriteCMSAnswer(ctx, w, c.Case); err != nil {
				return fmt.Errorf("problem %q: %s: %w", c.Problem.Ref(), path, err)
			}
			return nil
		}})
	}
	files = append(files, file{path: "check/checker", mode: 0o755, write: func(w io.Writer) error { return copyBinary(w, pkg.Binary) }})
	files = append(files, file{path: "statement/statement.pdf", mode: 0o644, write: func(w io.Writer) error {
		if pkg.PDF == nil {
			return fmt.Errorf("problem %q: no PDF writer for the statement", p.ID)
		}
		doc, err := CMSStatement(ctx, pkg)
		if err != nil {
			return fmt.Errorf("problem %q: statement: %w", p.ID, err)
		}
		if err := pkg.PDF(w, doc); err != nil {
			return fmt.Errorf("problem %q: statement: %w", p.ID, err)
		}
		return nil
	}})
	text("task.yaml", cmsTaskYAMLOf(CMSName(p.ID), pkg))
	return files
}

// WriteCMSAnswer writes the correct output of case c of a CMS task: the
// header lines (CMSHeader), then the answer file WriteAnswer writes. The
// answer is written twice, first to take its digest, so that a placement
// of 10^7 queens is never held whole.
func WriteCMSAnswer(ctx context.Context, w io.Writer, c Case) error {
	h := sha256.New()
	if err := WriteAnswer(ctx, h, c.Truth); err != nil {
		return err
	}
	in := sha256.Sum256([]byte(Input(c.Problem.Problem)))
	if _, err := io.WriteString(w, CMSHeader(c.Problem.Problem, hex.EncodeToString(in[:]), hex.EncodeToString(h.Sum(nil)))); err != nil {
		return err
	}
	return WriteAnswer(ctx, w, c.Truth)
}

// ContestFile is the name of the contest file of a CMS contest directory.
const ContestFile = "contest.yaml"

// contestMark starts the first line of a contest.yaml export wrote; the
// line ends in the SHA-256 of the rest of the file.
const contestMark = "# Written by queensjudge export --layout cms; sha256="

// ContestYAML returns contest.yaml of a CMS contest (cmsImportContest)
// named name, with the tasks, in order: no users (add them, or import them
// with cmsImportUser), no times (CMS's defaults), no tokens. Its first
// line holds the digest of the rest, so that a later export can tell a
// file it wrote, which it replaces, from one the organiser edited, which
// it keeps (see ContestWritable).
func ContestYAML(name, description string, tasks []string) string {
	var b strings.Builder
	b.WriteString("# The contest of the tasks beside this file. Edit it at will (users,\n")
	b.WriteString("# start, stop): an export into this folder keeps an edited file.\n")
	fmt.Fprintf(&b, "name: %s\ndescription: %s\ntoken_mode: disabled\ntasks:\n", ContestName(name), yamlString(description))
	for _, t := range tasks {
		fmt.Fprintf(&b, "  - %s\n", t)
	}
	b.WriteString("users: []\n")
	sum := sha256.Sum256([]byte(b.String()))
	return contestMark + hex.EncodeToString(sum[:]) + "\n" + b.String()
}

// ContestWritable reports whether the contest.yaml whose content is data
// may be replaced: it is one export wrote and no one has changed since.
func ContestWritable(data []byte) bool {
	first, rest, ok := bytes.Cut(data, []byte("\n"))
	if !ok || !bytes.HasPrefix(first, []byte(contestMark)) {
		return false
	}
	sum := sha256.Sum256(rest)
	return string(first[len(contestMark):]) == hex.EncodeToString(sum[:])
}

var notCodename = regexp.MustCompile(`[^A-Za-z0-9_-]+`)

// ContestName is name made a CMS codename: each run of characters outside
// [A-Za-z0-9_-] becomes '-'; "contest" when nothing is left.
func ContestName(name string) string {
	s := strings.Trim(notCodename.ReplaceAllString(name, "-"), "-")
	if s == "" {
		return "contest"
	}
	return s
}

// Document is a statement as text, for a PDF writer to lay out: a title,
// a line under it, and sections of paragraphs and verbatim blocks.
type Document struct {
	Title, Subtitle string
	Sections        []Section
}

// Section is a heading and its blocks; the first section may have none.
type Section struct {
	Heading string
	Blocks  []Block
}

// Block is a paragraph (words, wrapped at will) or, when Verbatim, lines
// to be set as they are in a fixed-width font.
type Block struct {
	Text     string
	Verbatim bool
}

// sampleLines is how many lines of the sample's output a statement shows.
const sampleLines = 30

// CMSStatement returns the statement of the CMS task of pkg: the puzzle,
// the input and the output format (the words of Statement), what to
// submit, and the sample: its input and output, cut after 30 lines (a
// list of placements may be long; test case 000 judges the whole).
func CMSStatement(ctx context.Context, pkg Package) (Document, error) {
	p := pkg.Secret.Problem
	doc := Document{Title: cmsTitle(p), Subtitle: fmt.Sprintf("Task %s of %s", CMSName(p.ID), pkg.Set)}
	sec := Section{}
	for _, para := range strings.Split(Statement(p), "\n\n") {
		para = strings.TrimSpace(para)
		switch {
		case para == "" || strings.HasPrefix(para, `\problemname{`):
		case strings.HasPrefix(para, `\section*{`):
			doc.Sections = append(doc.Sections, sec)
			sec = Section{Heading: strings.TrimSuffix(strings.TrimPrefix(para, `\section*{`), "}")}
		default:
			sec.Blocks = append(sec.Blocks, Block{Text: plainText(para)})
		}
	}
	doc.Sections = append(doc.Sections, sec)
	if !pkg.classicOutputOnly() {
		return cmsTestsStatement(ctx, pkg, doc)
	}
	doc.Sections = append(doc.Sections, Section{Heading: "Submission and scoring", Blocks: []Block{
		{Text: "This is an output-only task: you submit outputs, not a program. There are two test cases, whose inputs you can download: input_000.txt, the sample below, and input_001.txt, the task itself. Submit the output of each as output_000.txt and output_001.txt."},
		{Text: "Test case 000 is worth no points: submit it to check the format of your output. Test case 001 is worth all 100 points, given for a right output and none for a wrong one. Your best submission counts."},
	}})
	blocks, err := sampleBlocks(ctx, pkg.Sample, "Input (input_000.txt):", "Output (output_000.txt):")
	if err != nil {
		return doc, fmt.Errorf("sample: %w", err)
	}
	doc.Sections = append(doc.Sections, Section{Heading: "Sample", Blocks: blocks})
	return doc, nil
}

// maxStatementSamples is how many samples a statement shows.
const maxStatementSamples = 3

// cmsTestsStatement ends the statement doc of the task of pkg, a problem
// with tests or a Batch task: what to submit, the subtasks and their
// points, and the samples (the first three).
func cmsTestsStatement(ctx context.Context, pkg Package, doc Document) (Document, error) {
	cs := pkg.cases()
	last := fmt.Sprintf("%03d", len(cs)-1)
	var how string
	if pkg.CMSType == Batch {
		how = fmt.Sprintf("Submit a program. It reads one test case's input from standard input and writes its output to standard output, and is run on each of the %d test cases, with at most %d seconds of CPU time and %d MiB of memory each.", len(cs), cmsTimeLimit, cmsMemoryLimit)
	} else {
		how = fmt.Sprintf("This is an output-only task: you submit outputs, not a program. There are %d test cases, whose inputs you can download as input_000.txt to input_%s.txt. Submit the output of each as output_000.txt to output_%s.txt.", len(cs), last, last)
	}
	blocks := []Block{{Text: how}}
	k := 0
	for _, st := range cmsSubtasks(pkg) {
		if cs[mustAtoi(st.codes[0])].sample {
			what := "the sample, shown below,"
			if len(st.codes) > 1 {
				what = "the samples, shown below,"
			}
			if pkg.CMSType != Batch {
				what += " is worth no points: submit its output to check the format"
				if len(st.codes) > 1 {
					what = strings.Replace(what, " is worth", " are worth", 1)
				}
			} else {
				what += " worth no points"
			}
			blocks = append(blocks, Block{Text: fmt.Sprintf("%s: %s.", upperFirst(casesOf(st.codes)), what)})
			continue
		}
		k++
		blocks = append(blocks, Block{Text: fmt.Sprintf("Subtask %d, %s, is worth %s, given when every one of them is right.", k, casesOf(st.codes), pointsOf(st.points))})
	}
	blocks = append(blocks, Block{Text: "Your best score in each subtask, over all your submissions, counts."})
	doc.Sections = append(doc.Sections, Section{Heading: "Submission and scoring", Blocks: blocks})
	n := 0
	for i, c := range cs {
		if !c.sample || n == maxStatementSamples {
			continue
		}
		n++
		in, out := "Input:", "Output:"
		if pkg.CMSType != Batch {
			in, out = fmt.Sprintf("Input (input_%03d.txt):", i), fmt.Sprintf("Output (output_%03d.txt):", i)
		}
		blocks, err := sampleBlocks(ctx, c.Case, in, out)
		if err != nil {
			return doc, fmt.Errorf("sample %03d: %w", i, err)
		}
		doc.Sections = append(doc.Sections, Section{Heading: fmt.Sprintf("Sample %d", n), Blocks: blocks})
	}
	return doc, nil
}

// sampleBlocks returns the blocks that show the sample c: its input and
// its output, cut after 30 lines, under the labels in and out.
func sampleBlocks(ctx context.Context, c Case, in, out string) ([]Block, error) {
	var cut lineCutter
	cut.max = sampleLines
	if err := WriteAnswer(ctx, &cut, c.Truth); err != nil {
		return nil, err
	}
	blocks := []Block{
		{Text: in},
		{Text: strings.TrimSuffix(Input(c.Problem.Problem), "\n"), Verbatim: true},
		{Text: out},
		{Text: strings.TrimSuffix(cut.kept.String(), "\n"), Verbatim: true},
	}
	if cut.lines > cut.max {
		blocks = append(blocks, Block{Text: fmt.Sprintf("The first %d lines of %d; the output holds %s.", cut.max, cut.lines, placementsOf(c.Truth.Answer.Count))})
	}
	return blocks, nil
}

// casesOf names the test cases of codes: "test case 000", "test cases 001
// to 020".
func casesOf(codes []string) string {
	if len(codes) == 1 {
		return "test case " + codes[0]
	}
	return "test cases " + codeList(codes)
}

// upperFirst is s with its first letter upper case.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// codeList names test cases by their codenames: "000", "001 to 020" for a
// run of consecutive ones, joined by commas.
func codeList(codes []string) string {
	var parts []string
	for i := 0; i < len(codes); {
		j := i
		for j+1 < len(codes) && mustAtoi(codes[j+1]) == mustAtoi(codes[j])+1 {
			j++
		}
		if j == i {
			parts = append(parts, codes[i])
		} else {
			parts = append(parts, codes[i]+" to "+codes[j])
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// mustAtoi is the number of a codename, which is digits only.
func mustAtoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// pointsOf says how many points n is, in words.
func pointsOf(n int) string {
	if n == 1 {
		return "1 point"
	}
	return strconv.Itoa(n) + " points"
}

// placementsOf says how many placements n is, in words.
func placementsOf(n uint64) string {
	if n == 1 {
		return "1 placement"
	}
	return strconv.FormatUint(n, 10) + " placements"
}

// lineCutter keeps the first max lines written to it and counts them all.
type lineCutter struct {
	kept  bytes.Buffer
	lines int
	max   int
}

func (c *lineCutter) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		line, rest, found := bytes.Cut(b, []byte("\n"))
		if c.lines < c.max {
			c.kept.Write(line)
			if found {
				c.kept.WriteByte('\n')
			}
		}
		if found {
			c.lines++
		}
		b = rest
	}
	return n, nil
}

var (
	texttt = regexp.MustCompile(`\\texttt\{([^}]*)\}`)
	math   = regexp.MustCompile(`\$([^$]*)\$`)
)

// plainText is a paragraph of Statement as plain text: one line, the
// math and the typewriter text of its LaTeX as the characters they show.
func plainText(tex string) string {
	s := texttt.ReplaceAllString(tex, "$1")
	s = math.ReplaceAllStringFunc(s, func(m string) string {
		m = strings.Trim(m, "$")
		m = strings.NewReplacer(`\times`, "×", `\le`, "≤", `\ge`, "≥").Replace(m)
		return strings.Join(strings.Fields(m), " ")
	})
	return strings.Join(strings.Fields(s), " ")
}

// copyBinary copies the validator program at path into w.
func copyBinary(w io.Writer, path string) error {
	in, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("validator binary: %w", err)
	}
	defer in.Close()
	if _, err := io.Copy(w, bufio.NewReader(in)); err != nil {
		return fmt.Errorf("validator binary: %w", err)
	}
	return nil
}
