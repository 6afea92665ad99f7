package solver

import "context"

// countQueens counts the placements of n queens on p's board.
func countQueens(ctx context.Context, p Problem, workers int) (uint64, error) {
	return newBoard(p).countParallel(ctx, workers)
}
