package pkgexport

// The CMS layout: a task directory in CMS's "Italian YAML" format, of the
// OutputOnly type, that cmsImportTask and cmsImportContest take as it is
// (cms-dev/cms, cmscontrib/loaders/italy_yaml.py):
//
//	task.yaml                 name, title, n_input: 2, output_only, scoring
//	input/input0.txt          the sample's input (test case 000, 0 points)
//	input/input1.txt          the problem's input (test case 001, 100 points)
//	output/output0.txt        the sample's ground truth, after two header lines
//	output/output1.txt        the problem's ground truth, after two header lines
//	check/checker             the static queensjudge-validator
//	statement/statement.pdf   the statement in English, the sample in it
//
// CMS runs the checker alone in a bare directory as
// "./checker input.txt correct_output.txt user_output.txt", with no flags:
// all it needs to know comes from the correct output's header lines (see
// CMSHeader), which tie the answer to its input by their SHA-256 digests.

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

// CMS is the layout of a CMS task directory of the OutputOnly type.
const CMS Layout = "cms"

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

// The test cases of a CMS task: the sample, public and worth nothing, then
// the problem, worth the task's 100 points.
const (
	cmsSample = 0
	cmsSecret = 1
)

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
	cases := []Case{cmsSample: pkg.Sample, cmsSecret: pkg.Secret}
	for i, c := range cases {
		text(fmt.Sprintf("input/input%d.txt", i), Input(c.Problem.Problem))
	}
	for i, c := range cases {
		path := fmt.Sprintf("output/output%d.txt", i)
		files = append(files, file{path: path, mode: 0o644, write: func(w io.Writer) error {
			if err := WriteCMSAnswer(ctx, w, c); err != nil {
				return fmt.Errorf("problem %q: %s: %w", c.Problem.ID, path, err)
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
	text("task.yaml", cmsTaskYAML(CMSName(p.ID), p, pkg.Set))
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
	doc.Sections = append(doc.Sections, Section{Heading: "Submission and scoring", Blocks: []Block{
		{Text: "This is an output-only task: you submit outputs, not a program. There are two test cases, whose inputs you can download: input_000.txt, the sample below, and input_001.txt, the task itself. Submit the output of each as output_000.txt and output_001.txt."},
		{Text: "Test case 000 is worth no points: submit it to check the format of your output. Test case 001 is worth all 100 points, given for a right output and none for a wrong one. Your best submission counts."},
	}})
	var out lineCutter
	out.max = sampleLines
	if err := WriteAnswer(ctx, &out, pkg.Sample.Truth); err != nil {
		return doc, fmt.Errorf("sample: %w", err)
	}
	blocks := []Block{
		{Text: "Input (input_000.txt):"},
		{Text: strings.TrimSuffix(Input(pkg.Sample.Problem.Problem), "\n"), Verbatim: true},
		{Text: "Output (output_000.txt):"},
		{Text: strings.TrimSuffix(out.kept.String(), "\n"), Verbatim: true},
	}
	if out.lines > out.max {
		blocks = append(blocks, Block{Text: fmt.Sprintf("The first %d lines of %d; the output holds %s.", out.max, out.lines, placementsOf(pkg.Sample.Truth.Answer.Count))})
	}
	doc.Sections = append(doc.Sections, Section{Heading: "Sample", Blocks: blocks})
	return doc, nil
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
