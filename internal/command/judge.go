package command

import (
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/report"
	"github.com/queensjudge/queensjudge/internal/status"
	"github.com/queensjudge/queensjudge/judge"
)

func judgeCommand() *cli.Command {
	return &cli.Command{
		Name:      "judge",
		Usage:     "judge contest submissions against the answer key",
		ArgsUsage: "SET.yaml SUBMISSIONS",
		Description: `Judge judges every submission against the ground truth of the set, from the
cache where it can and by solving the rest, and prints the verdicts and the
scoreboard. SUBMISSIONS is a directory with one folder per team and in it one
file per problem, named after the problem id with or without an extension
(alice/eight-queens.txt), or a CSV manifest of timed attempts with the
columns team, problem, time, file.

A problem with tests is answered by a folder named after it, with one file
per test named after the test, with or without an extension
(alice/chessboard/1.txt, alice/chessboard/big-3); a manifest row may name
such a folder. Each test is judged on its own; a test with no file is NO.
The attempt's verdict is its first failing test's, and it scores the points
of the groups whose every test is right (a problem without groups: its
points when all are). A team's score on a problem is its best attempt's;
teams rank by total score, then penalty: for each problem with a score, the
minute of the first attempt reaching it plus ` + strconv.Itoa(judge.PenaltyMinutes) + ` per attempt before it (the
ICPC penalty, for problems without groups: see docs/judging.md).

Verdicts: AC accepted, WA wrong answer, PE malformed, NO empty or no file,
JE judge error (the ground truth could not be had; exit status 1). A
placement (to a problem whose m is given) is judged by the checker alone,
without solving the problem: a valid one is AC, an invalid one WA, even
where the solve would be refused or stopped at its budget. Only none asks
for the truth, and is JE when it cannot be had. The report marks the
verdicts that needed no truth ("truth": "not needed").

A file that is no submission (a README beside the team folders, a file named
after no problem or no test) is skipped with a warning; so are hidden names
(starting with '.'), and two files of one team for one problem, or for one
test (x.old and x.txt, an editor's x.txt~), are left unjudged with a
warning. With --strict a warning makes the exit status 1. In a manifest
every row is an attempt, the same file sent twice included, and each is
kept for regrade.

--scoreboard writes the Contest API's scoreboard.json (release 2026-01):
of type score when a problem has groups or is worth other than 1 point,
else pass-fail. --awards writes its
awards.json: winner, gold, silver and bronze medals by rank, --medals G,S,B
(4,4,4 by default, as ICPC's and DOMjudge's: four teams all get gold unless
given fewer; teams tied at a boundary all get the better medal; none to a
team with no points), first to solve each problem. --results-tsv writes DOMjudge's results.tsv: a
line "results<TAB>1", then per team its name, rank, award, points, penalty,
the minute of its last score improvement and an empty group winner.
--html writes the report for the judges, every test's verdict and message;
--public-html the page for the wall: the scoreboard and the team messages,
never a judge message, a file or an expected answer. A page whose teams'
results pass 4 MB is split: the file holds the scoreboard, and each team's
results are a page of their own, team-N.html in NAME_files/ beside it
(report.html: report_files/). See docs/judging.md.`,
		Flags: append(append(batchFlags(),
			formatFlag("table"),
			maxBytesFlag("an answer larger than `N` bytes is PE, unread"),
			&cli.BoolFlag{Name: "strict", Usage: "fail (exit status 1) on a warning: a file that is no submission"},
		), outputFlags("")...),
		Action: action(arity{2, 2, "a problem set and a submissions directory or manifest"}, func(c *cli.Context) error {
			db, err := cacheFlag(c)
			if err != nil {
				return err
			}
			con, err := console(c)
			if err != nil {
				return err
			}
			b, err := batch(c, string(con.Format))
			if err != nil {
				return err
			}
			maxBytes, err := maxBytes(c)
			if err != nil {
				return err
			}
			medals, err := medalsFlag(c)
			if err != nil {
				return err
			}
			_, err = app.Judge(c.Context, con, app.JudgeRequest{
				Cache: db, Set: c.Args().Get(0), Submissions: c.Args().Get(1), Batch: b,
				MaxBytes: maxBytes, Strict: c.Bool("strict"),
				Scoreboard: c.String("scoreboard"), Awards: c.String("awards"), ResultsTSV: c.String("results-tsv"),
				Medals: &medals, HTML: c.String("html"), PublicHTML: c.String("public-html"),
				Replace: c.Bool("replace"),
			})
			return err
		}),
	}
}

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "judge one answer to one problem",
		ArgsUsage: "SET.yaml ID FILE|-",
		Description: `Check judges the answer in FILE (- for stdin) to the problem ID of the set
and prints the verdict, the judge message and the team message. The exit
status is 0 whatever the verdict, 1 on a judge error (JE). A placement is
judged without the ground truth (a valid one is AC, also where the solve
would be refused or stopped at its budget); only none asks for it.`,
		Flags: append(batchFlags(), formatFlag("table"), maxBytesFlag("an answer larger than `N` bytes is PE, unread")),
		Action: action(arity{3, 3, "a problem set, a problem id and an answer file"}, func(c *cli.Context) error {
			db, err := cacheFlag(c)
			if err != nil {
				return err
			}
			con, err := console(c)
			if err != nil {
				return err
			}
			b, err := batch(c, "")
			if err != nil {
				return err
			}
			maxBytes, err := maxBytes(c)
			if err != nil {
				return err
			}
			_, err = app.Check(c.Context, con, app.CheckRequest{
				Cache: db, Set: c.Args().Get(0), ID: c.Args().Get(1), Answer: c.Args().Get(2),
				Batch: b, MaxBytes: maxBytes,
			})
			return err
		}),
	}
}

func regradeCommand() *cli.Command {
	return &cli.Command{
		Name:      "regrade",
		Usage:     "judge the kept submissions of a set again against the current keys",
		ArgsUsage: "SET.yaml",
		Description: `Regrade judges again every submission that judge kept for the set, against the
ground truth of the set as it is now (after a problem was fixed, say), prints
the verdicts that change, then the teams whose points or rank change (before
→ after), and keeps the new verdicts. A problem with tests is judged again
test by test (a change is listed as ID/TEST), and its attempts scored again.

--scoreboard, --awards, --results-tsv, --medals, --html and --public-html
write the regraded contest as judge writes it, from what the cache kept
alone: the submissions are not read again, except an answer over 1 MiB,
whose file is judged again. The --html report draws the boards of the
answers the cache kept (up to 1 MiB each); a larger one has no picture.
Each output is claimed before any work: one that exists is refused without
--replace, every one named in one refusal. With --dry-run it changes
nothing and writes nothing: asking for an output with it is a usage error.
In JSON, YAML and CSV each verdict change (team, problem, file, was, now,
message, truth) also gives its team's rank and points before and after
(rank_was, rank_now, points_was, points_now, as decimal text); the table
lists every team whose points or rank change. The standings before are
the kept verdicts scored by the set as it is now. See docs/judging.md.`,
		Flags: append(append(batchFlags(),
			formatFlag("table"),
			&cli.BoolFlag{Name: "dry-run", Usage: "print what would change, change nothing, write no file"},
			maxBytesFlag("an answer larger than `N` bytes is PE, unread"),
		), outputFlags(" of the regraded contest")...),
		Action: action(arity{1, 1, "one problem set"}, func(c *cli.Context) error {
			db, err := cacheFlag(c)
			if err != nil {
				return err
			}
			con, err := console(c)
			if err != nil {
				return err
			}
			b, err := batch(c, string(con.Format))
			if err != nil {
				return err
			}
			maxBytes, err := maxBytes(c)
			if err != nil {
				return err
			}
			medals, err := medalsFlag(c)
			if err != nil {
				return err
			}
			_, err = app.Regrade(c.Context, con, app.RegradeRequest{
				Cache: db, Set: c.Args().First(), Batch: b,
				MaxBytes: maxBytes, DryRun: c.Bool("dry-run"),
				Scoreboard: c.String("scoreboard"), Awards: c.String("awards"), ResultsTSV: c.String("results-tsv"),
				Medals: &medals, HTML: c.String("html"), PublicHTML: c.String("public-html"),
				Replace: c.Bool("replace"),
			})
			return err
		}),
	}
}

// outputFlags are the flags of the files judge and regrade write beside
// the printed report, of what of says ("" for the contest judged).
func outputFlags(of string) []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "scoreboard", Usage: "also write the Contest API scoreboard.json" + of + " to `FILE`"},
		&cli.StringFlag{Name: "awards", Usage: "also write the Contest API awards.json" + of + " to `FILE`"},
		&cli.StringFlag{Name: "results-tsv", Usage: "also write DOMjudge's results.tsv" + of + " to `FILE`"},
		&cli.StringFlag{Name: "medals", Value: report.DefaultMedals.String(), Usage: "the gold, silver and bronze medal counts `G,S,B` of --awards and --results-tsv"},
		&cli.StringFlag{Name: "html", Usage: "also write the self-contained HTML report" + of + " to `FILE`"},
		&cli.StringFlag{Name: "public-html", Usage: "also write the public HTML page" + of + ", with no judge messages, to `FILE`"},
		replaceFlag(),
	}
}

// medalsFlag returns the medal counts --medals gives.
func medalsFlag(c *cli.Context) (report.Medals, error) {
	m, err := report.ParseMedals(c.String("medals"))
	if err != nil {
		return m, status.Usagef("--medals: %v", err)
	}
	return m, nil
}
