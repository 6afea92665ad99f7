package command

import (
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/queensjudge/queensjudge/internal/app"
	"github.com/queensjudge/queensjudge/internal/picture"
)

func showCommand() *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "print cached answers by problem id",
		ArgsUsage: "ID...",
		Description: `Show prints the cached answers of the problems with the given ids, from the
cache alone. An id that is in several sets is shown for each, unless --set
names one. --set may also name a set file: its problems are then shown as the
file defines them, their tests in its order. An id that was never solved, or
that the cache or the set does not have, is an error that names the id closest
to it.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "set", Usage: "only the problems of the set `NAME` or set file"},
			&cli.BoolFlag{Name: "board", Usage: "draw the placements after the table"},
			&cli.StringFlag{Name: "svg", Usage: "write an SVG picture of the (first) placement to `FILE` (- for stdout), a new file unless --replace"},
			replaceFlag(),
			formatFlag("table"),
		},
		Action: action(arity{1, -1, "problem id"}, func(c *cli.Context) error {
			db, err := cacheFlag(c)
			if err != nil {
				return err
			}
			con, err := console(c)
			if err != nil {
				return err
			}
			_, err = app.Show(c.Context, con, app.ShowRequest{
				Cache: db, IDs: c.Args().Slice(), Set: c.String("set"),
				Board: c.Bool("board"), Glyphs: terminalGlyphs(), SVG: c.String("svg"), Replace: c.Bool("replace"),
			})
			return err
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
