package solver

import "context"

// countQueens counts the placements of n queens on p's board.
// TODO(count): honour opt.Progress, opt.Resume, opt.Checkpoint and opt.Shard.
func countQueens(ctx context.Context, p Problem, opt Options) (uint64, error) {
	return newBoard(p).countParallel(ctx, opt.Workers)
}
