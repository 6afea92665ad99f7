// Package solver owns the chess placement puzzles and their algorithms: boards,
// placements, symmetry, counting, enumeration, construction and checking.
//
// It is pure computation on the standard library: it knows nothing of files,
// YAML, SQL or the command line. A Problem says what is asked; Solve answers
// it; Check says whether a placement is a valid answer and, when it is not,
// names the first violation.
//
// Squares are named as on a chessboard: files a, b, … from the left (after z
// come aa, ab, …), ranks 1, 2, … from the bottom. Row 0 of a Placement is the
// top row, rank n.
package solver
