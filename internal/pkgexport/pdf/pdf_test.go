package pdf

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/queensjudge/queensjudge/internal/pkgexport"
	"github.com/queensjudge/queensjudge/internal/testflag"
)

// pdftotext returns the text of the PDF data as poppler's pdftotext reads
// it (-layout). The test is skipped when pdftotext is not installed,
// unless QUEENSJUDGE_REQUIRE_PDFTOTEXT is set, as CI sets it (.ci/run
// installs poppler-utils).
func pdftotext(t *testing.T, data []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		testflag.Missing(t, "pdftotext", "apt-get install -y poppler-utils", "QUEENSJUDGE_REQUIRE_PDFTOTEXT")
	}
	path := filepath.Join(t.TempDir(), "statement.pdf")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// TestWrite writes a statement and reads its text back with pdftotext:
// the title, the headings, the paragraphs (signs such as × and ≤ too) and
// the verbatim lines as they were; a line wider than the page is cut with
// "…", not wrapped.
func TestWrite(t *testing.T) {
	long := strings.Repeat("Q.", 60)
	doc := pkgexport.Document{
		Title:    "Chessboard and queens (CSES 1624) – Ünïcode",
		Subtitle: "Task cses-sample of example-cup",
		Sections: []pkgexport.Section{
			{Blocks: []pkgexport.Block{{Text: "Place n queens on an n × n chessboard (1 ≤ n ≤ 32) so that no queen attacks another."}}},
			{Heading: "Sample", Blocks: []pkgexport.Block{
				{Text: "Input (input_000.txt):"},
				{Text: "*....\n.....\n....*", Verbatim: true},
				{Text: long, Verbatim: true},
			}},
		},
	}
	var a bytes.Buffer
	if err := Write(&a, doc); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(a.Bytes(), []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", a.Bytes()[:min(20, a.Len())])
	}
	text := pdftotext(t, a.Bytes())
	for _, want := range []string{doc.Title, doc.Subtitle, "Sample", "n × n chessboard (1 ≤ n ≤ 32)", "Input (input_000.txt):", "*....\n", ".....\n", "....*\n", "Q.Q.Q.", "…"} {
		if !strings.Contains(text, want) {
			t.Errorf("pdftotext gives no %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, long) {
		t.Errorf("the long verbatim line was not cut:\n%s", text)
	}
}

// TestWriteConcurrently writes two PDFs at once, as an export of several
// CMS tasks in one process may: under -race (as .ci/run runs this package)
// it failed while each PDF was given the Go fonts' own bytes, which fpdf
// writes into. Each must also be the same as one written alone.
func TestWriteConcurrently(t *testing.T) {
	doc := pkgexport.Document{Title: "Eight queens", Sections: []pkgexport.Section{{Blocks: []pkgexport.Block{{Text: "Place 8 queens."}}}}}
	var alone bytes.Buffer
	if err := Write(&alone, doc); err != nil {
		t.Fatal(err)
	}
	var outs [2]bytes.Buffer
	var errs [2]error
	var wg sync.WaitGroup
	for i := range outs {
		wg.Go(func() { errs[i] = Write(&outs[i], doc) })
	}
	wg.Wait()
	for i := range outs {
		if errs[i] != nil || !bytes.Equal(outs[i].Bytes(), alone.Bytes()) {
			t.Errorf("PDF %d written beside another: error %v, %d bytes; want the %d bytes of one written alone", i, errs[i], outs[i].Len(), alone.Len())
		}
	}
}
