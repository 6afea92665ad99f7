// Package report owns a judged contest written out: the results and the
// scoreboard as a table for people, as JSON and CSV for scripts, as the ICPC
// Contest API's scoreboard.json and DOMjudge's results.tsv for other contest
// systems, and as one self-contained HTML page with the wrong boards drawn.
// Every writer depends on what it is given only (the judge.Report, and the
// medal counts or the times some take), so the same contest always gives
// the same bytes. JSON, YAML and CSV are written by
// package output's writers, as every command's are; Data hands a report to
// output.Write.
//
// It must not judge: the verdicts, the messages, the ranks and the penalty
// are package judge's, and a writer only lays them out. It never reads
// submissions, problem sets or the cache; the caller gives the placements to
// draw through Pictures. Boards are drawn by package picture.
package report
