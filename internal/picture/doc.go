// Package picture owns the pictures of a board: a placement drawn as a
// standalone SVG, for a page or a file, and as lines of text, for a
// terminal. Each depends on its arguments only, so the same placement always
// gives the same bytes.
//
// It knows boards, pieces and reserved squares (package solver) and nothing
// about where a placement comes from or what it is for: not verdicts,
// contests or reports, not the cache, not the command line, the locale or
// the terminal. The caller decides which placement to draw, which squares to
// mark and which glyphs the terminal can show.
package picture
