package pkgexport

import "fmt"

// textFile is a file of a package given as its path and text.
type textFile struct{ path, text string }

// scoringFiles returns the files that make a package of a problem with
// groups a scoring problem whose groups are IOI subtasks: a group scores
// its points when every test in it is accepted, none otherwise; the
// problem's score is the sum of its groups'; the samples score nothing and
// decide nothing. None for a pass-fail problem.
//
// The legacy and 2023-07 layouts say it in testdata.yaml files, as
// problemtools reads them (its example oddecho is this scheme) and as
// DOMjudge 10 reads them (accept_score, range, grader_flags, on_reject):
//
//	data/testdata.yaml          the problem: sum of secret, ignore the sample
//	data/sample/testdata.yaml   worth 0
//	data/secret/testdata.yaml   sum of the groups; accepted if any group is
//	data/secret/G/testdata.yaml accept_score: the group's points, min of its
//	                            tests, stop at the first rejected one
//
// The 2025-09 layout says it in test_group.yaml alone, as that format
// defines it: secret sums its groups, up to the problem's points; each
// group is pass-fail, worth its points.
func scoringFiles(layout Layout, pkg Package) []textFile {
	if !pkg.scored() {
		return nil
	}
	total := pkg.Secret.Problem.Points
	var out []textFile
	if layout == V2025_09 {
		out = append(out, textFile{"data/secret/test_group.yaml", fmt.Sprintf("max_score: %d\nscore_aggregation: sum\n", total)})
		for _, g := range pkg.groups() {
			out = append(out, textFile{"data/secret/" + g.Name + "/test_group.yaml", fmt.Sprintf("max_score: %d\nscore_aggregation: pass-fail\n", g.Points)})
		}
		// No testdata.yaml beside them: that file is the legacy
		// layouts', which bt upgrade converts and the format does not
		// have. DOMjudge 10 reads only its legacy keys, so it does not
		// score these groups (docs/packages.md): use the legacy layout
		// for DOMjudge.
		return out
	}
	out = append(out, textFile{"data/testdata.yaml", fmt.Sprintf("on_reject: continue\nrange: 0 %d\ngrader_flags: ignore_sample\n", total)})
	for _, c := range pkg.cases() {
		if c.sample {
			out = append(out, textFile{"data/sample/testdata.yaml", "on_reject: continue\naccept_score: 0\nrange: 0 0\ngrader_flags: sum\n"})
			break
		}
	}
	out = append(out, textFile{"data/secret/testdata.yaml", fmt.Sprintf("on_reject: continue\nrange: 0 %d\ngrader_flags: sum accept_if_any_accepted\n", total)})
	for _, g := range pkg.groups() {
		out = append(out, textFile{"data/secret/" + g.Name + "/testdata.yaml", fmt.Sprintf("on_reject: break\naccept_score: %d\nrange: 0 %d\ngrader_flags: min\n", g.Points, g.Points)})
	}
	return out
}
