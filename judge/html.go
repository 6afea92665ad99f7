package judge

import (
	"bytes"
	"html/template"
	"io"
	"strconv"
	"strings"

	"github.com/queensjudge/queensjudge/solver"
)

// Pictures gives, for a wrong placement, the problem and the placement the
// team submitted, so that the report can draw it; ok is false when there is
// nothing to draw.
type Pictures func(team, problem, file string) (p solver.Problem, pl solver.Placement, ok bool)

// WriteHTML writes the report as one self-contained HTML page, for a
// projector and a phone alike: the scoreboard, then every team's verdicts
// with the team and judge messages, and, for a wrong placement that
// pictures can give, the submitted board with the pair at fault outlined.
// It needs no network: the style and the boards are inline. Team names and
// messages are escaped. pictures may be nil.
func WriteHTML(w io.Writer, r Report, pictures Pictures) error {
	type row struct {
		Result
		Time    string
		Picture template.HTML
	}
	type team struct {
		Name string
		Rows []row
	}
	var teams []team
	for _, res := range r.Results {
		if len(teams) == 0 || teams[len(teams)-1].Name != res.Team {
			teams = append(teams, team{Name: res.Team})
		}
		rw := row{Result: res, Time: "–"}
		if res.Timed {
			rw.Time = strconv.FormatInt(res.Minutes(), 10)
		}
		if res.Verdict == WA && len(res.Squares) > 0 && pictures != nil {
			if p, pl, ok := pictures(res.Team, res.Problem, res.File); ok {
				// BoardSVG writes numbers and file letters only: safe as HTML.
				rw.Picture = template.HTML(BoardSVG(p, pl, squaresNamed(res.Squares, pl.N)))
			}
		}
		t := &teams[len(teams)-1]
		t.Rows = append(t.Rows, rw)
	}
	var buf bytes.Buffer
	err := reportPage.Execute(&buf, struct {
		Report
		Teams []team
	}{r, teams})
	if err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// squaresNamed turns chess names back into squares of an n×n board.
func squaresNamed(names []string, n int) []solver.Square {
	var out []solver.Square
	for _, name := range names {
		i := strings.IndexAny(name, "0123456789")
		if i <= 0 {
			continue
		}
		rank, err := strconv.Atoi(name[i:])
		if err != nil {
			continue
		}
		col := 0
		for _, ch := range name[:i] {
			col = col*26 + int(ch-'a'+1)
		}
		out = append(out, solver.Square{Row: n - rank, Col: col - 1})
	}
	return out
}

// PicturePlacement reads a placement from an answer for a picture: the
// board form, or the column form counting from 1 (from 0 when a 0 is there).
// It is lenient, as a picture needs no verdict; ok is false when the text is
// neither form or the board is too large to draw.
func PicturePlacement(n int, answer []byte) (pl solver.Placement, ok bool) {
	if n > maxPictured {
		return pl, false
	}
	text := strings.ReplaceAll(strings.TrimPrefix(string(answer), "\ufeff"), "\r", "")
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return pl, false
	}
	pl.N = n
	if _, err := strconv.Atoi(fields[0]); err == nil {
		base := 1
		for _, f := range fields {
			if f == "0" {
				base = 0
			}
		}
		for r, f := range fields {
			c, err := strconv.Atoi(f)
			if err != nil || r >= n {
				return pl, false
			}
			pl.Queens = append(pl.Queens, solver.Square{Row: r, Col: c - base})
		}
		return pl, true
	}
	for r, row := range fields {
		for c, ch := range row {
			switch ch {
			case 'Q':
				pl.Queens = append(pl.Queens, solver.Square{Row: r, Col: c})
			case 'N':
				pl.Knights = append(pl.Knights, solver.Square{Row: r, Col: c})
			case '.', '*':
			default:
				return pl, false
			}
		}
	}
	return pl, true
}

var reportPage = template.Must(template.New("report").Funcs(template.FuncMap{
	"lower": func(v Verdict) string { return strings.ToLower(string(v)) },
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Set}}: results</title>
<style>
:root { --ac: #1b7f3b; --wa: #c62828; --pe: #e07b00; --no: #6b6b6b; --je: #7b1fa2; }
* { box-sizing: border-box; }
body { margin: 0; padding: 1rem; font: 18px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111; background: #fafafa; }
h1 { font-size: 2rem; margin: 0 0 1rem; }
h2 { font-size: 1.5rem; margin: 2rem 0 .5rem; border-bottom: 3px solid #ddd; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; background: #fff; min-width: 100%; }
th, td { padding: .45rem .7rem; border: 1px solid #ccc; text-align: left; vertical-align: top; }
th { background: #222; color: #fff; position: sticky; top: 0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.scoreboard td.rank { font-size: 1.4rem; font-weight: 700; text-align: center; }
.scoreboard td.team { font-size: 1.3rem; font-weight: 600; }
.cell { text-align: center; font-weight: 700; min-width: 3.2rem; }
.cell.solved { background: #c8f0d2; color: var(--ac); }
.cell.tried { background: #fbd0d0; color: var(--wa); }
.verdict { display: inline-block; min-width: 3rem; padding: .1rem .5rem; border-radius: .4rem; color: #fff; font-weight: 700; text-align: center; }
.verdict.ac { background: var(--ac); } .verdict.wa { background: var(--wa); } .verdict.pe { background: var(--pe); }
.verdict.no { background: var(--no); } .verdict.je { background: var(--je); }
.judge { display: block; color: #555; font-size: .85rem; margin-top: .2rem; }
.board svg { width: 16rem; max-width: 80vw; height: auto; display: block; margin-top: .4rem; }
@media (max-width: 600px) { body { font-size: 16px; padding: .5rem; } h1 { font-size: 1.5rem; } }
</style>
</head>
<body>
<h1>{{.Set}}</h1>
<section>
<h2>Scoreboard</h2>
<div class="scroll">
<table class="scoreboard">
<thead><tr><th>Rank</th><th>Team</th><th>Solved</th><th>Points</th><th>Penalty</th>{{range .Problems}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>
{{range .Scoreboard}}<tr class="standing" data-team="{{.Team}}"><td class="rank">{{.Rank}}</td><td class="team">{{.Team}}</td><td class="num">{{.Solved}}</td><td class="num">{{.Points}}</td><td class="num">{{.Penalty}}</td>{{range .Problems}}<td class="cell{{if .Solved}} solved{{else if .Judged}} tried{{end}}">{{if .Solved}}✓{{if gt .Judged 1}} {{.Judged}}{{end}}{{else if .Judged}}✗ {{.Judged}}{{else}}·{{end}}</td>{{end}}</tr>
{{end}}</tbody>
</table>
</div>
</section>
{{range .Teams}}<section class="team-results">
<h2>{{.Name}}</h2>
<div class="scroll">
<table class="results">
<thead><tr><th>Problem</th><th>Try</th><th>Minute</th><th>Verdict</th><th>Message</th></tr></thead>
<tbody>
{{range .Rows}}<tr class="result" data-verdict="{{.Verdict}}"><td>{{.Problem}}</td><td class="num">{{.Attempt}}</td><td class="num">{{.Time}}</td><td><span class="verdict {{lower .Verdict}}" title="{{.Verdict.Name}}">{{.Verdict}}</span></td><td>{{.TeamMessage}}<span class="judge">judge: {{.Message}}</span>{{if .Picture}}<div class="board">{{.Picture}}</div>{{end}}</td></tr>
{{end}}</tbody>
</table>
</div>
</section>
{{end}}</body>
</html>
`))
