package app_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/status"
)

// TestJudgeReportPages judges the example contest with a page limit of one
// byte: the judges' report and the public page are each a first page and
// a folder of team pages beside it (report_files, public_files), one page
// a team. Judged again, the folders are refused without --replace, and
// with it when they hold anything but team pages; with it, team pages of
// an earlier report that this one has not are removed, and a report that
// fits on one page leaves no team page behind.
func TestJudgeReportPages(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	req := app.JudgeRequest{Cache: tempCache(t), Set: contestSet, Submissions: submissions, Batch: batch,
		HTML: filepath.Join(out, "report.html"), PublicHTML: filepath.Join(out, "public.html"), OnePage: 1}
	judge := func(req app.JudgeRequest) (int, error) {
		res, err := app.Judge(context.Background(), newConsole(output.Table, "").Console, req)
		return len(res.Report.Scoreboard), err
	}
	pages := func(folder string) []string {
		entries, _ := os.ReadDir(filepath.Join(out, folder))
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}
	teams, err := judge(req)
	checkOutcome(t, "Judge", err, 0, false)
	for _, folder := range []string{"report_files", "public_files"} {
		want := []string{}
		for i := range teams {
			want = append(want, "team-"+strconv.Itoa(i+1)+".html")
		}
		if got := pages(folder); !slices.Equal(got, want) {
			t.Errorf("%s holds %q, want %q", folder, got, want)
		}
	}
	first, err := os.ReadFile(req.HTML)
	if err != nil || !strings.Contains(string(first), `href="report_files/team-1.html"`) || strings.Contains(string(first), `<section class="team" id="team-1"`) {
		t.Errorf("the first page does not link to the team pages, or holds a team's section (%v)", err)
	}

	// Again, without --replace: both pages and both folders are named.
	_, err = judge(req)
	checkOutcome(t, "Judge", err, status.Usage, false)
	for _, name := range []string{"report.html", "report_files", "public.html", "public_files"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("refusal %q does not name %s", err, name)
		}
	}

	// With --replace, a folder holding a file of someone else's is refused.
	req.Replace = true
	writeFile(t, filepath.Join(out, "report_files", "notes.txt"), "mine\n")
	_, err = judge(req)
	if checkOutcome(t, "Judge", err, status.Usage, false); !strings.Contains(err.Error(), "notes.txt") {
		t.Errorf("refusal %q does not name notes.txt", err)
	}
	if err := os.Remove(filepath.Join(out, "report_files", "notes.txt")); err != nil {
		t.Fatal(err)
	}

	// A page of an earlier, larger report is removed.
	writeFile(t, filepath.Join(out, "report_files", "team-99.html"), "old\n")
	_, err = judge(req)
	checkOutcome(t, "Judge", err, 0, false)
	if slices.Contains(pages("report_files"), "team-99.html") {
		t.Errorf("team-99.html of an earlier report is left in report_files")
	}

	// On one page: no team page is left.
	req.OnePage = 0
	_, err = judge(req)
	checkOutcome(t, "Judge", err, 0, false)
	for _, folder := range []string{"report_files", "public_files"} {
		if got := pages(folder); len(got) != 0 {
			t.Errorf("%s holds %q after a report on one page, want no team page", folder, got)
		}
	}
}
