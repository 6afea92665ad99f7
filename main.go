// Queensjudge solves, caches and judges chess placement puzzles for
// programming contests.
//
// A problem set is a YAML file of puzzles of three kinds: nqueens (n queens
// on an n×n board, none attacking another), reserved (the same, on a board
// whose reserved squares may not hold a queen but do not block attacks) and
// queens-knights (m queens and m knights, no piece attacking another). Each
// problem asks for a count, a count up to symmetry, the largest m, every
// solution, or one placement.
//
// Queensjudge solves the problems with exact algorithms, caches each answer in
// SQLite under the content hash of the problem's definition (so identical
// problems in different sets share an answer, and an edited problem is solved
// afresh), writes answer keys, and looks answers up by problem id.
//
// Usage:
//
//	queensjudge [--db PATH] solve [--force] [--jobs N] [--timeout D] [--shard I/K] [--format F] SET.yaml...
//	queensjudge [--db PATH] key [--format F] [--out FILE] SET.yaml...
//	queensjudge [--db PATH] show [--set NAME] [--board] [--svg FILE] [--format F] ID...
//	queensjudge [--db PATH] judge [--strict] [--format F] [--html FILE] [--scoreboard FILE] [--results-tsv FILE] SET.yaml SUBMISSIONS
//	queensjudge [--db PATH] check [--format F] SET.yaml ID FILE|-
//	queensjudge [--db PATH] validate INPUT ANSWER FEEDBACK_DIR [kind=K ask=A m=M id=ID] < team_output
//	queensjudge [--db PATH] regrade [--dry-run] [--format F] SET.yaml
//	queensjudge [--db PATH] merge [--format F] OUT.db PART.db...
//	queensjudge [--db PATH] doctor [--fix] [--format F]
//	queensjudge [--db PATH] export [--layout legacy|2023-07] [--zip] [--validator-binary PATH] [--allow-dynamic] OUTDIR SET.yaml...
//	queensjudge check-input kind=K ask=A [m=M] < input
//	queensjudge completion bash|zsh|fish
//
// F, the output format, is one of table, json, yaml and csv on every command
// that prints data.
//
// The cache is queensjudge/cache.db under the user cache directory
// ($XDG_CACHE_HOME or ~/.cache on Linux); --db or QUEENSJUDGE_DB names
// another file. Every global flag can be set from the environment:
// QUEENSJUDGE_DB, QUEENSJUDGE_QUIET, QUEENSJUDGE_FORMAT.
//
// A problem set:
//
//	name: spring-cup-2026          # optional; default: the file name
//	problems:
//	  - id: eight-queens            # letters, digits, '.', '_', '-'; at most 64
//	    kind: nqueens               # nqueens | reserved | queens-knights
//	    n: 8
//	    ask: count                  # count | unique | max | solutions | placement
//	    points: 1                   # optional, default 1
//	  - id: cses-sample
//	    kind: reserved
//	    board: |                    # '.' free, '*' reserved
//	      ........
//	      ........
//	      ..*.....
//	      ........
//	      ........
//	      .....**.
//	      ...*....
//	      ........
//	    ask: count
//	  - id: qk8
//	    kind: queens-knights
//	    n: 8                        # m: 5 to fix m; default: the largest m
//	    ask: max
//
// Solve answers every problem not already cached, --jobs at a time, stores
// each answer as soon as it is found and prints one row per problem. With
// --format json each row is an object with the fields id, set, kind, ask, n,
// m (queens-knights), answer, cached, seconds and hash. The answer is an
// integer for count, unique and max; for a placement of queens alone, the
// column of the queen in each row from the top, counting from 1; for
// queens-knights, the board rows ('Q' queen, 'N' knight, '.' empty); null
// when no placement exists; for solutions, the list of placements. A long
// count keeps the counts of its finished subproblems in the cache as it goes:
// after Ctrl-C, --timeout or a kill, solve again goes on where it stopped.
//
// Key writes the answer key of the sets, solving what is missing: the same
// rows, read back from the cache, without cached and seconds, so that two
// runs, or two caches, give identical bytes.
// Show prints cached answers by problem id without the YAML file; --board
// draws the placements.
//
// Judge judges a contest: SUBMISSIONS is a directory with one folder per
// team and in it one file per problem named after the problem id, or a CSV
// manifest team,problem,time,file of timed attempts. It prints the verdicts
// (AC accepted, WA wrong answer, PE malformed, NO empty, JE judge error),
// a judge message and a team message for each, and the scoreboard, ranked
// by points and then ICPC penalty; it keeps the judgements in the cache for
// regrade. Check judges one answer. Validate is an output validator for
// Kattis problemtools and DOMjudge: it exits 42 when the team output on stdin
// is accepted, 43 when it is not.
//
// Export writes each problem of the sets as a problem package that Kattis
// problemtools verifies and DOMjudge imports: problem.yaml, a statement, a
// sample and a secret test case with their answers from the cache, and the
// small static queensjudge-validator (internal/cmd/queensjudge-validator) behind build
// and run scripts as the output and input validators. Into a package that
// exists it updates the files it writes and leaves the setter's alone.
//
// Flags may be typed anywhere on the line, strictly: a flag that takes a
// value and has none, an unknown flag and a flag given twice are usage
// errors; -- ends the flags wherever it stands. No command writes over one
// of its inputs or the cache, by any spelling of the path, or removes what
// it did not make.
//
// Solve --shard I/K counts slice I of K of every long count into its own
// cache, for a batch system (the index may come from JOB_COMPLETION_INDEX or
// SLURM_ARRAY_TASK_ID); merge adds the slices up. Doctor checks the cache.
//
// queensjudge --version prints the program's version, the solver version
// and the cache schema version, which cached answers are tied to.
//
// Exit status: 0 on success, 1 when something could not be done (each
// failure is printed to stderr and the rest of the batch goes on), 2 on a
// usage error, no command included; validate exits 42 or 43. Ctrl-C (SIGINT) or SIGTERM stops a
// command wherever it is, reading included: what was done is kept, one line
// says what, and the exit status is 130 (143); a second signal stops it at
// once. Data goes to stdout, messages to stderr.
package main

import (
	"os"

	"github.com/queensjudge/queensjudge/internal/command"
)

func main() {
	ctx, stop := command.WithSignals(os.Stderr, os.Exit)
	code := command.Run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
