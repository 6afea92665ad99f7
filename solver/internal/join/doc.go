// Package join counts the placements of n queens on a board of n = 10..23,
// open or with reserved squares, by the quadrant join (see join.go): the
// half-boards of each set of north columns joined from four quarter tables,
// and their compatible pairs matched 64 at a time by the kernels of the
// matcher, in Go and in amd64 assembly.
//
// It owns the join's subproblems, tables, memory and kernels, and the
// choice of kernel on this machine (Kernels). It knows nothing of problems,
// answers, options or checkpoints, and imports the standard library and
// internal/pool only: solver decides which boards it counts and under which
// symmetries, hands its numbered subproblems (New, Len, Parts, Start) to
// the workers (Worker) of its own pool, and adds up their counts. The code
// paths a count takes are an explicit Config, which tests change to
// compare them, never a package variable.
package join
