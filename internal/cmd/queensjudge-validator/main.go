// Queensjudge-validator is the output and input validator a problem package
// exported by queensjudge carries, and nothing else: package validator as a
// program. It keeps no state and needs no SQLite, so it is built without
// cgo, static and small:
//
//	CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o queensjudge-validator ./internal/cmd/queensjudge-validator
//
// Usage (the package's run scripts call it so):
//
//	queensjudge-validator validate INPUT ANSWER FEEDBACK_DIR kind=K ask=A [m=M] cases=IN:ANS,... < team_output
//	queensjudge-validator check-input kind=K ask=A [m=M] < input
//
// Exit status: 42 accepted, 43 rejected, 1 a judge error (the message in
// FEEDBACK_DIR/judgemessage.txt and on stderr), 2 a usage error.
//
// The run script's cases= holds every test case of the package: one for a
// classic problem's sample and secret case each, one a test of a problem
// with tests.
//
// It is also the check/checker of a CMS task (export --layout cms), of the
// OutputOnly or the Batch type, as CMS calls a checker, with three files
// and nothing else:
//
//	checker input.txt correct_output.txt user_output.txt
//
// It prints 1.0 or 0.0 on stdout and the team's message on stderr, and
// exits 0; it exits 1 with a message for the administrators, and prints
// no outcome, when the correct output is not the truth export wrote for
// that input (CMS fails the evaluation).
package main

import (
	"context"
	"os"

	"github.com/queensjudge/queensjudge/internal/validator"
)

func main() {
	os.Exit(validator.Main(context.Background(), os.Args, os.Stdin, os.Stdout, os.Stderr))
}
