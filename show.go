package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/internal/picture"
	"github.com/queensjudge/queensjudge/problems"
	"github.com/queensjudge/queensjudge/solver"
	"github.com/queensjudge/queensjudge/store"
)

// maxBoardsDrawn is how many placements of a solutions answer show --board
// draws.
const maxBoardsDrawn = 8

func showCommand() *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "print cached answers by problem id",
		ArgsUsage: "ID...",
		Description: `Show prints the cached answers of the problems with the given ids, from the
cache alone. An id that is in several sets is shown for each, unless --set
names one. An id that was never solved is an error.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "set", Usage: "only the problems of the set `NAME`"},
			&cli.BoolFlag{Name: "board", Usage: "draw the placements after the table"},
			&cli.StringFlag{Name: "svg", Usage: "write an SVG picture of the (first) placement to `FILE` (- for stdout)"},
			formatFlag("table"),
		},
		Action: action(needs{minArgs: 1, maxArgs: -1, args: "problem id", cache: true, outputs: []string{"svg"}}, func(c *call) error {
			ctx, db := c.ctx, c.db
			stderr := c.stderr
			var rows []row
			var drawn []store.Entry
			failed := false
			for _, id := range c.Args().Slice() {
				entries, err := db.Lookup(ctx, c.String("set"), id)
				if err != nil {
					return err
				}
				if len(entries) == 0 {
					where := ""
					if s := c.String("set"); s != "" {
						where = fmt.Sprintf(" in set %q", s)
					}
					fmt.Fprintf(stderr, "show: problem %q%s has never been solved\n", id, where)
					failed = true
				}
				for _, e := range entries {
					if !e.OK {
						fmt.Fprintf(stderr, "show: problem %q of set %q has no answer from this solver version; run solve again\n", id, e.Set)
						failed = true
						continue
					}
					rows = append(rows, rowOf(ctx, db, e.Set, e.ID, e.Result, true))
					drawn = append(drawn, e)
				}
			}
			if path := c.String("svg"); path != "" {
				if err := writeSVG(ctx, c.stdout, path, db, drawn); err != nil {
					fmt.Fprintf(stderr, "show: %v\n", err)
					failed = true
				}
				if path == "-" {
					return reported(failed)
				}
			}
			if err := writeRows(c.stdout, c.format, rows); err != nil {
				return err
			}
			if c.Bool("board") && c.format == "table" {
				for _, e := range drawn {
					if err := drawAnswer(ctx, c.stdout, db, e); err != nil {
						fmt.Fprintf(stderr, "show: %s: %v\n", e.ID, err)
						failed = true
					}
				}
			}
			return reported(failed)
		}),
	}
}

// terminalGlyphs returns the chess glyphs when the locale says UTF-8, the
// letters otherwise.
func terminalGlyphs() picture.Glyphs {
	for _, v := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if s := os.Getenv(v); s != "" {
			s = strings.ToLower(s)
			if strings.Contains(s, "utf-8") || strings.Contains(s, "utf8") {
				return picture.Unicode
			}
			return picture.ASCII
		}
	}
	return picture.ASCII
}

// drawBoard draws pl for the terminal, or says why not and where to look
// instead when the board is too large to draw.
func drawBoard(w io.Writer, p solver.Problem, pl solver.Placement, g picture.Glyphs) error {
	if n := pl.N; n > picture.MaxText {
		_, err := fmt.Fprintf(w, "(a %d×%d board is too big to draw; --format json lists the placement)\n", n, n)
		return err
	}
	return picture.WriteText(w, p, pl, g)
}

// drawAnswer draws the placement, or the first placements, of e's answer.
func drawAnswer(ctx context.Context, w io.Writer, db *store.DB, e store.Entry) error {
	r := e.Result
	if r.Ask != solver.AskPlacement && r.Ask != solver.AskSolutions {
		return nil
	}
	p, err := problems.ParseCanonical(r.Definition)
	if err != nil {
		return err
	}
	g := terminalGlyphs()
	fmt.Fprintf(w, "\n%s (%s):\n", e.ID, e.Set)
	if r.Ask == solver.AskPlacement {
		if r.Answer.Placement == nil {
			_, err := fmt.Fprintln(w, "no placement exists")
			return err
		}
		return drawBoard(w, p, *r.Answer.Placement, g)
	}
	drawnCount := 0
	for pl, err := range db.Solutions(ctx, r.Key) {
		if err != nil {
			return err
		}
		if drawnCount == maxBoardsDrawn {
			_, err := fmt.Fprintf(w, "\n(%d more; --format json lists them all)\n", r.Answer.Count-maxBoardsDrawn)
			return err
		}
		if drawnCount > 0 {
			fmt.Fprintln(w)
		}
		if err := drawBoard(w, p, pl, g); err != nil {
			return err
		}
		drawnCount++
	}
	return nil
}

// writeSVG writes a picture of the first placement among entries to path.
func writeSVG(ctx context.Context, stdout io.Writer, path string, db *store.DB, entries []store.Entry) error {
	for _, e := range entries {
		r := e.Result
		var pl *solver.Placement
		switch r.Ask {
		case solver.AskPlacement:
			pl = r.Answer.Placement
		case solver.AskSolutions:
			for first, err := range db.Solutions(ctx, r.Key) {
				if err != nil {
					return err
				}
				pl = &first
				break
			}
		}
		if pl == nil {
			continue
		}
		p, err := problems.ParseCanonical(r.Definition)
		if err != nil {
			return err
		}
		var b strings.Builder
		if err := picture.WriteSVG(&b, p, *pl, nil); err != nil {
			return err
		}
		return writeOutput(stdout, path, []byte(b.String()+"\n"))
	}
	return fmt.Errorf("--svg: no placement among the answers shown")
}
