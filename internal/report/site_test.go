package report

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
)

// TestWriteSiteSplits writes the judges' report and the public page of the
// test contests split (a limit of 1 byte) and on one page, and checks the
// split pages against the one page: the first page is the one page
// without the teams' sections, each linking to its team's page; each team
// page holds that team's section, as the one page has it, and links back;
// a page that fits is not split.
func TestWriteSiteSplits(t *testing.T) {
	section := regexp.MustCompile(`(?s)<section class="team" id="(team-[0-9]+)".*?</section>\n`)
	for _, name := range []string{"dir", "tests-manifest"} {
		for _, public := range []bool{false, true} {
			r, _ := contest(t, name)
			pics := Pictures(nil)
			if !public {
				_, pics = contestReport(t)
			}
			var one bytes.Buffer
			split, err := WriteSite(&one, r, pics, public, Site{})
			if err != nil || split {
				t.Fatalf("%s: a page that fits: split %v, %v", name, split, err)
			}
			pages := map[string]string{}
			site := Site{First: "report.html", Folder: "report_files", OnePage: 1,
				Page: func(name string, write func(io.Writer) error) error {
					var b bytes.Buffer
					err := write(&b)
					pages[name] = b.String()
					return err
				}}
			var first bytes.Buffer
			if split, err = WriteSite(&first, r, pics, public, site); err != nil || !split {
				t.Fatalf("%s: a page past its limit: split %v, %v", name, split, err)
			}
			whole := one.String()
			sections := section.FindAllStringSubmatch(whole, -1)
			if len(sections) != len(r.Scoreboard) || len(pages) != len(r.Scoreboard) {
				t.Fatalf("%s: %d sections on one page, %d pages, want %d", name, len(sections), len(pages), len(r.Scoreboard))
			}
			if section.MatchString(first.String()) {
				t.Errorf("%s: the first page holds a team's section", name)
			}
			for _, m := range sections {
				page, ok := pages[m[1]+".html"]
				switch {
				case !ok:
					t.Errorf("%s: no page %s.html", name, m[1])
				case !strings.Contains(page, m[0]):
					t.Errorf("%s: %s.html does not hold the team's section as the one page has it", name, m[1])
				case !strings.Contains(page, fmt.Sprintf(`href="../report.html#%s"`, m[1])):
					t.Errorf("%s: %s.html does not link back to the scoreboard", name, m[1])
				}
				if !strings.Contains(first.String(), fmt.Sprintf(`href="report_files/%s.html"`, m[1])) {
					t.Errorf("%s: the first page does not link to %s.html", name, m[1])
				}
				selfContained(t, pages[m[1]+".html"])
			}
			// The first page is the one page, less the sections and with
			// the links to the team pages.
			want := section.ReplaceAllString(whole, "")
			want = regexp.MustCompile(`href="#(team-[0-9]+)"`).ReplaceAllString(want, `href="report_files/$1.html"`)
			if got := first.String(); !boardsOnly(got, want) {
				t.Errorf("%s: the first page is not the one page without its sections", name)
			}
		}
	}
}

// boardsOnly reports whether a and b are the same page but for the script
// and style that draw boards, which a first page without sections needs
// not.
func boardsOnly(a, b string) bool {
	strip := func(s string) string {
		s = strings.Replace(s, "<script>"+boardScript+"</script>\n", "", 1)
		return regexp.MustCompile(`(?m)^details\.board .*\n`).ReplaceAllString(s, "")
	}
	return strip(a) == strip(b)
}
