package pkgexport

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/judge"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
)

// TestCMSName: a task name is in CMS's codename alphabet, [A-Za-z0-9_-].
func TestCMSName(t *testing.T) {
	for id, want := range map[string]string{"eight-queens": "eight-queens", "Q.9_x": "Q_9_x", "...": "___", "é": ""} {
		if got := CMSName(id); got != want {
			t.Errorf("CMSName(%q) = %q, want %q", id, got, want)
		}
	}
	for name, want := range map[string]string{"spring cup 2026": "spring-cup-2026", "a+b": "a-b", "!!": "contest"} {
		if got := ContestName(name); got != want {
			t.Errorf("ContestName(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestContestWritable: export replaces the contest.yaml it wrote, and
// keeps one the organiser changed or wrote.
func TestContestWritable(t *testing.T) {
	y := ContestYAML("cup", "cup", []string{"a", "b-c"})
	if !ContestWritable([]byte(y)) {
		t.Errorf("ContestWritable(export's own) = false:\n%s", y)
	}
	if !strings.Contains(y, "tasks:\n  - a\n  - b-c\n") || !strings.Contains(y, "name: cup\n") {
		t.Errorf("ContestYAML lists no tasks a and b-c:\n%s", y)
	}
	for _, changed := range []string{
		strings.Replace(y, "users: []", "users:\n  - username: ada\n    password: x", 1),
		y + "\n",
		"name: cup\ntasks: [a]\n",
		"",
	} {
		if ContestWritable([]byte(changed)) {
			t.Errorf("ContestWritable = true of a changed file:\n%s", changed)
		}
	}
}

// TestCMSAnswerHeader: the correct output is the header line, with the
// problem's flags and the digests of the input and of what follows, then
// the answer file.
func TestCMSAnswerHeader(t *testing.T) {
	ctx := context.Background()
	p := solver.Problem{Kind: solver.QueensKnights, N: 6, M: 3, Ask: solver.AskCount}
	tr, err := judge.SolveTruth(ctx, p, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteCMSAnswer(ctx, &b, Case{Problem: problems.Problem{Problem: p}, Truth: tr}); err != nil {
		t.Fatal(err)
	}
	first, rest, _ := strings.Cut(b.String(), "\n")
	second, rest, _ := strings.Cut(rest, "\n")
	in := sha256.Sum256([]byte("6\n"))
	ans := sha256.Sum256([]byte(rest))
	want := fmt.Sprintf("kind=queens-knights ask=count m=3 cases=%s:%s", hex.EncodeToString(in[:]), hex.EncodeToString(ans[:]))
	if second != want {
		t.Errorf("second header line = %q, want %q", second, want)
	}
	sum := sha256.Sum256([]byte(second + "\n"))
	if want := CMSMagic + " " + hex.EncodeToString(sum[:]); first != want {
		t.Errorf("first header line = %q, want %q (the digest of the second)", first, want)
	}
	if rest != fmt.Sprintf("%d\n", tr.Answer.Count) {
		t.Errorf("answer = %q, want %d", rest, tr.Answer.Count)
	}
}

// TestCMSStatement: the statement of every kind and ask is plain text (no
// LaTeX left), has the sections a contestant needs, and shows the sample's
// input and output, cut when long.
func TestCMSStatement(t *testing.T) {
	ctx := context.Background()
	tex := regexp.MustCompile(`[\\$]|\\texttt|\{|\}`)
	probs := []solver.Problem{
		{Kind: solver.NQueens, N: 8, Ask: solver.AskCount, M: solver.AnyM},
		{Kind: solver.NQueens, N: 8, Ask: solver.AskUnique, M: solver.AnyM},
		{Kind: solver.NQueens, N: 8, Ask: solver.AskPlacement, M: solver.AnyM},
		{Kind: solver.NQueens, N: 8, Ask: solver.AskSolutions, M: solver.AnyM},
		{Kind: solver.Reserved, N: 6, Reserved: []uint64{1, 0, 0, 0, 0, 32}, Ask: solver.AskCount, M: solver.AnyM},
		{Kind: solver.Reserved, N: 6, Reserved: []uint64{1, 0, 0, 0, 0, 32}, Ask: solver.AskUnique, M: solver.AnyM},
		{Kind: solver.Reserved, N: 6, Reserved: []uint64{1, 0, 0, 0, 0, 32}, Ask: solver.AskPlacement, M: solver.AnyM},
		{Kind: solver.Reserved, N: 6, Reserved: []uint64{1, 0, 0, 0, 0, 32}, Ask: solver.AskSolutions, M: solver.AnyM},
		{Kind: solver.QueensKnights, N: 8, Ask: solver.AskMax, M: solver.AnyM},
		{Kind: solver.QueensKnights, N: 8, Ask: solver.AskCount, M: 5},
		{Kind: solver.QueensKnights, N: 8, Ask: solver.AskUnique, M: solver.AnyM},
		{Kind: solver.QueensKnights, N: 8, Ask: solver.AskPlacement, M: solver.AnyM},
		{Kind: solver.QueensKnights, N: 5, Ask: solver.AskSolutions, M: solver.AnyM},
	}
	for _, p := range probs {
		t.Run(fmt.Sprintf("%s-%s", p.Kind, p.Ask), func(t *testing.T) {
			prob := problems.Problem{Problem: p, ID: "x.1", Title: "Ünïcode & $ {title}"}
			sample := SampleOf(prob)
			st, err := judge.SolveTruth(ctx, sample.Problem, solver.Options{})
			if err != nil {
				t.Fatal(err)
			}
			doc, err := CMSStatement(ctx, Package{Set: "cup", Secret: Case{Problem: prob}, Sample: Case{Problem: sample, Truth: st}})
			if err != nil {
				t.Fatal(err)
			}
			if doc.Title != prob.Title || doc.Subtitle != "Task x_1 of cup" {
				t.Errorf("title %q, subtitle %q", doc.Title, doc.Subtitle)
			}
			var headings []string
			var all strings.Builder
			for _, s := range doc.Sections {
				headings = append(headings, s.Heading)
				for _, b := range s.Blocks {
					if !b.Verbatim && tex.MatchString(b.Text) {
						t.Errorf("section %q: LaTeX left in %q", s.Heading, b.Text)
					}
					all.WriteString(b.Text + "\n")
				}
			}
			if got := strings.Join(headings, "|"); got != "|Input|Output|Submission and scoring|Sample" {
				t.Errorf("sections %q", got)
			}
			text := all.String()
			for _, want := range []string{"n × n", "output_001.txt", "worth no points", Input(sample.Problem)} {
				if !strings.Contains(text, want) {
					t.Errorf("the statement lacks %q:\n%s", want, text)
				}
			}
			var ans bytes.Buffer
			if err := WriteAnswer(ctx, &ans, st); err != nil {
				t.Fatal(err)
			}
			lines := strings.SplitAfter(ans.String(), "\n")
			if len(lines) > sampleLines+1 {
				shown := strings.Join(lines[:sampleLines], "")
				if !strings.Contains(text, shown) || !strings.Contains(text, fmt.Sprintf("The first %d lines of %d", sampleLines, len(lines)-1)) {
					t.Errorf("a long sample output (%d lines) is not cut after %d with a note:\n%s", len(lines)-1, sampleLines, text)
				}
			} else if !strings.Contains(text, ans.String()) {
				t.Errorf("the statement lacks the sample output %q:\n%s", ans.String(), text)
			}
		})
	}
}

// TestCMSTitle: a task's title is never its name (CMS warns "Short name
// equals long name"): a problem without a title gets its kind and ask.
func TestCMSTitle(t *testing.T) {
	for _, c := range []struct{ id, title, want string }{
		{"qk8", "", "qk8 (queens-knights, max)"},
		{"qk8", "qk8", "qk8 (queens-knights, max)"},
		{"qk8", "Knights", "Knights"},
	} {
		p := problems.Problem{Problem: solver.Problem{Kind: solver.QueensKnights, Ask: solver.AskMax}, ID: c.id, Title: c.title}
		if got := cmsTitle(p); got != c.want {
			t.Errorf("cmsTitle(%q, %q) = %q, want %q", c.id, c.title, got, c.want)
		}
	}
}

// TestCMSTaskYAMLTests: a problem with tests is a test case a test, scored
// by GroupMin: the samples worth 0 and public, a subtask a group with its
// points, or every other test worth 100 when it has no groups; Batch has
// the limits and standard input and output in place of output_only.
func TestCMSTaskYAMLTests(t *testing.T) {
	pkg := withTests(t, true)
	head := "# Written by queensjudge export --layout cms: a CMS task (\"Italian YAML\",\n# cmsImportTask) of the %s type, problem \"cses\" of set \"contest\": 4 test\n# cases, scored by subtasks (score_type_parameters: points, test cases).\n# check/checker judges an output; export replaces this file.\nname: cses\ntitle: \"Chessboard and queens\"\nn_input: 4\n"
	tail := "token_mode: disabled\nscore_mode: max_subtask\nscore_type: GroupMin\nscore_type_parameters:\n  - [0, [\"000\"]]\n%spublic_testcases: \"0\"\nfeedback_level: full\nprimary_language: en\n"
	groups := "  - [30, [\"001\", \"002\"]]\n  - [70, [\"003\"]]\n"
	if got, want := cmsTaskYAMLOf("cses", pkg), fmt.Sprintf(head, "OutputOnly")+"output_only: true\n"+fmt.Sprintf(tail, groups); got != want {
		t.Errorf("task.yaml =\n%s\nwant\n%s", got, want)
	}
	pkg.CMSType = Batch
	if got, want := cmsTaskYAMLOf("cses", pkg), fmt.Sprintf(head, "Batch")+"time_limit: 2\nmemory_limit: 1024\ninfile: \"\"\noutfile: \"\"\n"+fmt.Sprintf(tail, groups); got != want {
		t.Errorf("Batch task.yaml =\n%s\nwant\n%s", got, want)
	}
	if got, want := cmsTaskYAMLOf("cses", withTests(t, false)), fmt.Sprintf(head, "OutputOnly")+"output_only: true\n"+fmt.Sprintf(tail, "  - [100, [\"001\", \"002\", \"003\"]]\n"); got != want {
		t.Errorf("pass-fail task.yaml =\n%s\nwant\n%s", got, want)
	}
	// A classic problem as a Batch task: its two cases, in the same form.
	classic := eightQueens(t)
	classic.CMSType = Batch
	if got := cmsTaskYAMLOf("eight-queens", classic); !strings.Contains(got, "n_input: 2\ntime_limit: 2\n") || !strings.Contains(got, "  - [0, [\"000\"]]\n  - [100, [\"001\"]]\n") {
		t.Errorf("classic Batch task.yaml:\n%s", got)
	}
	classic.CMSType = OutputOnly
	if got, want := cmsTaskYAMLOf("eight-queens", classic), cmsTaskYAML("eight-queens", classic.Secret.Problem, "contest"); got != want {
		t.Errorf("classic OutputOnly task.yaml =\n%s\nwant the one of before\n%s", got, want)
	}
}

// TestCMSStatementTests: the statement of a task with tests says how to
// submit for its type, names the subtasks with their test cases and
// points, and shows the samples.
func TestCMSStatementTests(t *testing.T) {
	ctx := context.Background()
	for _, typ := range []CMSType{OutputOnly, Batch} {
		pkg := withTests(t, true)
		pkg.CMSType = typ
		doc, err := CMSStatement(ctx, pkg)
		if err != nil {
			t.Fatal(err)
		}
		var text []string
		for _, s := range doc.Sections {
			text = append(text, "# "+s.Heading)
			for _, b := range s.Blocks {
				text = append(text, b.Text)
			}
		}
		all := strings.Join(text, "\n")
		want := []string{"Test case 000: the sample, shown below,", "Subtask 1, test cases 001 to 002, is worth 30 points", "Subtask 2, test case 003, is worth 70 points", "# Sample 1", "....\n....\n....\n...."}
		if typ == Batch {
			want = append(want, "Submit a program.", "\nInput:\n", "Output:\n2")
		} else {
			want = append(want, "output_000.txt to output_003.txt", "Input (input_000.txt):", "Output (output_000.txt):\n2")
		}
		for _, w := range want {
			if !strings.Contains(all, w) {
				t.Errorf("%s: the statement has no %q:\n%s", typ, w, all)
			}
		}
	}
}
