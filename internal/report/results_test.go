package report

import "testing"

// TestResultsGolden writes the results of the test contest as a table, JSON
// and CSV and compares each with its golden file.
func TestResultsGolden(t *testing.T) {
	contestGolden(t, []format{{"table", WriteTable}, {"json", WriteJSON}, {"csv", WriteCSV}})
}
