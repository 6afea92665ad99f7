package report

import (
	"bytes"
	"io"
	"path/filepath"
	"testing"

	"github.com/queensjudge/queensjudge/internal/output"
	"github.com/queensjudge/queensjudge/internal/testflag"
	"github.com/queensjudge/queensjudge/judge"
)

// TestResultsGolden writes the results of the test contest as a table, JSON
// and CSV and compares each with its golden file.
func TestResultsGolden(t *testing.T) {
	contestGolden(t, []format{{"table", WriteTable}, {"json", WriteJSON}, {"csv", WriteCSV}})
}

// TestDataGolden writes the test contest through Data in every format:
// table, JSON and CSV as WriteTable, WriteJSON and WriteCSV write them, and
// YAML as its golden file, which was made from WriteJSON's JSON read back
// before output.Write was (the fields of the JSON, sorted, numbers exact).
func TestDataGolden(t *testing.T) {
	writeAs := func(f output.Format) func(io.Writer, judge.Report) error {
		return func(w io.Writer, r judge.Report) error { return output.Write(w, f, Data(r)) }
	}
	contestGolden(t, []format{{"table", writeAs(output.Table)}, {"json", writeAs(output.JSON)},
		{"yaml", writeAs(output.YAML)}, {"csv", writeAs(output.CSV)}})
}

// TestDataEmpty checks a report with no results in every format against
// its golden file: the headers, empty lists, nothing missing.
func TestDataEmpty(t *testing.T) {
	r := judge.Report{Set: "empty"}
	for _, f := range output.Formats {
		t.Run(string(f), func(t *testing.T) {
			var b bytes.Buffer
			if err := output.Write(&b, f, Data(r)); err != nil {
				t.Fatal(err)
			}
			testflag.Golden(t, filepath.Join("testdata", "contest", "empty."+string(f)+".golden"), b.Bytes())
		})
	}
}
