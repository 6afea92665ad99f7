// Package text holds the small helpers of the words every layer prints:
// a name or message made one printable line (Printable), and the "did you
// mean" of a mistyped word (Closest). They were in the domain packages that
// first needed them (judge, problems) and are used above those too (the
// command line, output, reports).
//
// It owns no message and knows nothing of puzzles, problem sets, answers or
// the command line; it imports the standard library only. Counting words
// ("1 queen", "3 knights") stay with solver.Plural: solver, below every
// other package, imports only the standard library.
package text
