// Package pdf lays out a statement (pkgexport.Document) as a PDF file,
// the statement/statement.pdf of a CMS task. It is the only package that
// imports the PDF library (codeberg.org/go-pdf/fpdf, pure Go) and the Go
// fonts it embeds, so that the validator, which imports pkgexport, links
// neither.
//
// It knows nothing of problems or of CMS: only how a document looks.
package pdf

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/queensjudge/queensjudge/internal/pkgexport"
)

// Write is what pkgexport.Package.PDF wants.
var _ func(io.Writer, pkgexport.Document) error = Write

// epoch is the creation date written into every PDF: a fixed date, not
// the time of the export. (The bytes still differ from one export to the
// next: the library's font subsets are not written in a fixed order.)
var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Write writes doc to w as an A4 PDF in English: the title, the line under
// it, and each section's heading, paragraphs (wrapped) and verbatim blocks
// (a fixed-width font, on a grey ground, lines kept). The fonts are the Go
// fonts (BSD licence), embedded as subsets, so any Latin, Greek or
// Cyrillic text and signs such as × and ≤ print as they are; the text can
// be read back (pdftotext).
func Write(w io.Writer, doc pkgexport.Document) error {
	f := fpdf.New("P", "mm", "A4", "")
	f.SetCreationDate(epoch)
	f.SetModificationDate(epoch)
	f.SetCatalogSort(true)
	f.SetCompression(true)
	f.SetTitle(doc.Title, true)
	f.SetCreator("queensjudge export", true)
	// fpdf writes into the bytes of a font it is given (as it subsets
	// it): each PDF gets copies, or two written at once would race on the
	// fonts' package variables.
	f.AddUTF8FontFromBytes("go", "", bytes.Clone(goregular.TTF))
	f.AddUTF8FontFromBytes("go", "B", bytes.Clone(gobold.TTF))
	f.AddUTF8FontFromBytes("gomono", "", bytes.Clone(gomono.TTF))
	const margin = 20.0
	f.SetMargins(margin, margin, margin)
	f.SetAutoPageBreak(true, margin)
	f.AddPage()
	width, _ := f.GetPageSize()
	text := width - 2*margin

	f.SetFont("go", "B", 18)
	f.MultiCell(text, 8, doc.Title, "", "L", false)
	if doc.Subtitle != "" {
		f.SetFont("go", "", 10)
		f.SetTextColor(90, 90, 90)
		f.MultiCell(text, 5, doc.Subtitle, "", "L", false)
		f.SetTextColor(0, 0, 0)
	}
	f.Ln(4)
	for _, s := range doc.Sections {
		if s.Heading != "" {
			f.Ln(2)
			f.SetFont("go", "B", 13)
			f.MultiCell(text, 7, s.Heading, "", "L", false)
			f.Ln(1)
		}
		for _, b := range s.Blocks {
			if b.Verbatim {
				f.SetFont("gomono", "", 10)
				f.SetFillColor(238, 238, 238)
				lines := strings.Split(b.Text, "\n")
				for i, line := range lines {
					border := "LR"
					if i == 0 {
						border += "T"
					}
					if i == len(lines)-1 {
						border += "B"
					}
					// A line wider than the page is cut, not wrapped: a
					// wrapped board row would read as two rows.
					f.CellFormat(text, 5, " "+fit(f, line, text-2), border, 1, "L", true, 0, "")
				}
				f.Ln(3)
				continue
			}
			f.SetFont("go", "", 11)
			f.MultiCell(text, 5.5, b.Text, "", "L", false)
			f.Ln(2)
		}
	}
	if err := f.Error(); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	if err := f.Output(w); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	return nil
}

// fit cuts line so that it is at most width wide in the current font,
// ending in "…" when cut.
func fit(f *fpdf.Fpdf, line string, width float64) string {
	if f.GetStringWidth(line) <= width {
		return line
	}
	r := []rune(line)
	for len(r) > 0 && f.GetStringWidth(string(r)+"…") > width {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}
