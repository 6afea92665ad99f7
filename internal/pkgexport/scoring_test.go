package pkgexport

import (
	"testing"
)

// TestScoringFiles: a scoring problem's groups are IOI subtasks in each
// layout's terms (problemtools' example oddecho for testdata.yaml, the
// format's test_group.yaml for 2025-09, and nothing of the legacy
// layouts there: bt upgrade would convert a testdata.yaml); a pass-fail
// problem has none.
func TestScoringFiles(t *testing.T) {
	legacy := []textFile{
		{"data/testdata.yaml", "on_reject: continue\nrange: 0 100\ngrader_flags: ignore_sample\n"},
		{"data/sample/testdata.yaml", "on_reject: continue\naccept_score: 0\nrange: 0 0\ngrader_flags: sum\n"},
		{"data/secret/testdata.yaml", "on_reject: continue\nrange: 0 100\ngrader_flags: sum accept_if_any_accepted\n"},
		{"data/secret/small/testdata.yaml", "on_reject: break\naccept_score: 30\nrange: 0 30\ngrader_flags: min\n"},
		{"data/secret/large/testdata.yaml", "on_reject: break\naccept_score: 70\nrange: 0 70\ngrader_flags: min\n"},
	}
	v2025 := []textFile{
		{"data/secret/test_group.yaml", "max_score: 100\nscore_aggregation: sum\n"},
		{"data/secret/small/test_group.yaml", "max_score: 30\nscore_aggregation: pass-fail\n"},
		{"data/secret/large/test_group.yaml", "max_score: 70\nscore_aggregation: pass-fail\n"},
	}
	for _, tc := range []struct {
		layout Layout
		want   []textFile
	}{{Legacy, legacy}, {V2023_07, legacy}, {V2025_09, v2025}} {
		got := scoringFiles(tc.layout, withTests(t, true))
		if len(got) != len(tc.want) {
			t.Errorf("%s: scoringFiles = %q, want %q", tc.layout, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s: scoringFiles[%d] = %q, want %q", tc.layout, i, got[i], tc.want[i])
			}
		}
	}
	for _, pkg := range []Package{withTests(t, false), eightQueens(t)} {
		if got := scoringFiles(Legacy, pkg); got != nil {
			t.Errorf("scoringFiles of a pass-fail problem = %q, want none", got)
		}
	}
}
