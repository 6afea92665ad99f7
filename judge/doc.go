// Package judge owns the judging of contest submissions: reading a team's
// answer text, deciding its verdict against the ground truth, loading the
// submissions of a contest, scoring them and ranking the teams into a
// Report.
//
// It must not know where the ground truth comes from: the caller supplies it
// through the Truths interface (package truth implements it with the cache
// and the solver). It knows no SQL and never imports the store. Nor does it
// write a Report out or draw a board: package report writes the results
// and the scoreboard in every format, package picture draws the boards.
//
// # Verdicts
//
// Verdicts carry the Contest API ids: AC accepted, WA wrong answer, PE
// malformed (the text cannot be read as the form the problem asks for), NO
// empty (nothing but white space, or no file for a test), JE judge error (the ground truth could not
// be had, or a file could not be read: the tool's fault, never the team's).
// Every Judgement carries a judge message, with full detail and possibly the
// expected answer, and a team message that never reveals the expected answer.
// Both are one line of valid UTF-8 (see text.Printable), at most Limits.MaxMessage
// bytes, cut at a rune boundary.
//
// # The answer text
//
// A UTF-8 byte order mark, CRLF, CR and CR CR LF line ends (the last from a
// Windows program printing "\r\n" to a text-mode stream) and white space
// around tokens are tolerated. A NUL byte, another control character, UTF-16 text or
// more than Limits.MaxBytes bytes (DefaultMaxBytes, 128 MiB) make the
// answer PE, as does text in an unexpected place. The whole text is read
// before any WA is given, so a PE anywhere in it wins over a WA. The text is
// streamed: a token of any length is measured, but no more of it is kept
// than the form can use (33 digits of a number, 12 of a column number, n
// characters of a board row), so memory does not grow with the file.
//
// count, unique and max: one non-negative decimal integer in the ASCII digits
// 0-9 ("０９２" and "-3", "92.0", "1e2" are PE). Leading zeros are ignored.
// The number is compared as text, never through a float; a number with more
// digits than the expected one is wrong without being converted.
//
// placement: one of
//
//   - the board form: n lines of n characters, Q a queen, N a knight, . an
//     empty square, and on a reserved problem * on a reserved square (a * on
//     any other square is WA, a Q on a reserved square is "square c4 is
//     reserved"). Rows of different lengths, or a row with a space in it,
//     are PE; a square board of the wrong size is WA ("board is 7×7,
//     expected 8×8").
//   - for queens-only problems, the column form: n integers, the column of
//     the queen in each row from the top, all counting from 0 or all from 1.
//     A 0 says from 0, an n says from 1; with neither (so the list is not a
//     permutation either way) the list is read from 1, the form of the
//     cache and of the answer keys; with both it is WA. A number off the
//     board, a repeated column or the wrong number of columns is WA.
//   - none, in any case, when the team claims there is no placement: AC
//     exactly when the key has none.
//
// Any valid placement is right, so a placement is judged by the checker
// alone, without the ground truth (see NeedsTruth and JudgeLazily): only
// none asks for it, and is JE when it cannot be had. The column form is checked in O(n) time and
// under 5 bytes of memory a row: a 10,000,000-queen answer (79 MB of text)
// takes 0.7 s and 44 MB. The board form is checked with solver.Check.
//
// solutions: the placements in any order, in the board form separated by
// blank lines or in the column form one a line (one form throughout, and in
// the column form one base throughout), or none when there are none. The list
// must equal the key's set exactly: the first placement that is invalid or
// repeats an earlier one is named in the WA message; otherwise a list
// shorter than the key is WA. Each placement is checked with the rules above
// and only a 128-bit hash of each is kept (at most the key's count plus one),
// so a million placements take about 24 MB.
//
// # Contests
//
// LoadSubmissions reads a directory with one folder per team and in it one
// file per problem, named after the problem id with or without an extension,
// or for a problem with tests one folder named after it with a file per
// test (alice/chessboard/big-3.txt); LoadManifest reads a CSV manifest of
// timed attempts, whose file may be such a folder. Contest judges them all,
// each test on its own, and ranks the teams: see Contest, NewReport,
// Standing and ParseTime for the rules. What is not judged is a warning: a
// file for no problem or no test, a hidden name, and the files of a team
// folder that answer one problem or one test twice (see Stray and
// Doubled). A test with no file is NO. A manifest is read whole or not at
// all: every row that cannot be read is a *RowError (LoadManifest, and
// CheckManifest for a problem not in the set), and submissions that would
// judge nothing are an *Empty (Nothing); a caller judges neither.
//
// # Scores
//
// An attempt at a problem with groups scores the points of the groups
// whose every test is AC; at any other problem, its points when AC. A
// team's score on a problem is its best attempt's, and its penalty there
// the minute of the first attempt reaching that score plus PenaltyMinutes
// for each counted attempt before it: for problems without groups, the
// ICPC rules exactly.
package judge
