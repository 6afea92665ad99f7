package solver

import (
	"context"
	"fmt"
)

// solveKnights answers a QueensKnights problem.
func solveKnights(ctx context.Context, p Problem, opt Options) (Answer, error) {
	m := p.M
	if m == AnyM {
		var err error
		if m, err = knightsMax(ctx, p.N); err != nil {
			return Answer{}, err
		}
	}
	switch p.Ask {
	case AskMax:
		return Answer{Count: uint64(m), M: m}, nil
	case AskCount:
		c, err := knightsCount(ctx, p.N, m, nil)
		return Answer{Count: c, M: m}, err
	case AskUnique:
		var classes uint64
		_, err := knightsCount(ctx, p.N, m, func(pl Placement) error {
			if isCanonical(pl, Syms) {
				classes++
			}
			return nil
		})
		return Answer{Count: classes, M: m}, err
	case AskPlacement:
		var found *Placement
		_, err := knightsCount(ctx, p.N, m, func(pl Placement) error {
			found = &pl
			return errStop
		})
		if err != nil && err != errStop {
			return Answer{}, err
		}
		return Answer{M: m, Placement: found}, nil
	case AskSolutions:
		total, err := knightsCount(ctx, p.N, m, nil)
		if err != nil {
			return Answer{}, err
		}
		if total > opt.MaxSolutions {
			return Answer{}, fmt.Errorf("%w: %d placements, more than %d", ErrTooManySolutions, total, opt.MaxSolutions)
		}
		if opt.Emit != nil {
			if _, err := knightsCount(ctx, p.N, m, opt.Emit); err != nil {
				return Answer{}, err
			}
		}
		return Answer{Count: total, M: m}, nil
	}
	return Answer{}, fmt.Errorf("ask %s is not for %s", p.Ask, p.Kind)
}

// knightsMax returns the largest m for which m queens and m knights can
// stand on an n×n board with no piece attacking another.
func knightsMax(ctx context.Context, n int) (int, error) {
	for m := n; m > 0; m-- {
		// m queens fill m rows and m columns; the knights need m of the
		// (n-m)² squares left.
		if (n-m)*(n-m) < m {
			continue
		}
		found := false
		_, err := knightsCount(ctx, n, m, func(Placement) error {
			found = true
			return errStop
		})
		if err != nil && err != errStop {
			return 0, err
		}
		if found {
			return m, nil
		}
	}
	return 0, nil
}

// knightsCount counts the placements of m queens and m knights on an n×n
// board, calling each (when not nil) with every placement, pieces in
// row-major order. An error from each stops the count and is returned.
//
// Queens go first, one row at a time (at most one per row); then knights on
// the squares no queen attacks and from which no knight would attack a
// queen, chosen in row-major order with no two a knight's move apart.
func knightsCount(ctx context.Context, n, m int, each func(Placement) error) (uint64, error) {
	var queens, knights []Square
	var total uint64
	var visited int

	var placeKnights func(safe []Square, from int) error
	placeKnights = func(safe []Square, from int) error {
		if len(knights) == m {
			total++
			if each != nil {
				return each(Placement{N: n, Queens: append([]Square(nil), queens...), Knights: append([]Square(nil), knights...)})
			}
			return nil
		}
		for i := from; i <= len(safe)-(m-len(knights)); i++ {
			s := safe[i]
			if knightAttacksAny(s, knights) {
				continue
			}
			knights = append(knights, s)
			err := placeKnights(safe, i+1)
			knights = knights[:len(knights)-1]
			if err != nil {
				return err
			}
		}
		return nil
	}

	var placeQueens func(row int) error
	placeQueens = func(row int) error {
		if visited++; visited%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if len(queens) == m {
			var safe []Square
			for r := 0; r < n; r++ {
				for c := 0; c < n; c++ {
					s := Square{r, c}
					if !queenLineOrKnightMove(s, queens) {
						safe = append(safe, s)
					}
				}
			}
			if len(safe) < m {
				return nil
			}
			return placeKnights(safe, 0)
		}
		if n-row < m-len(queens) {
			return nil
		}
		for c := 0; c < n; c++ {
			s := Square{row, c}
			if queenLine(s, queens) {
				continue
			}
			queens = append(queens, s)
			err := placeQueens(row + 1)
			queens = queens[:len(queens)-1]
			if err != nil {
				return err
			}
		}
		return placeQueens(row + 1) // no queen in this row
	}
	err := placeQueens(0)
	return total, err
}

func queenLine(s Square, queens []Square) bool {
	for _, q := range queens {
		dr, dc := abs(q.Row-s.Row), abs(q.Col-s.Col)
		if dr == 0 || dc == 0 || dr == dc {
			return true
		}
	}
	return false
}

func knightMove(a, b Square) bool {
	dr, dc := abs(a.Row-b.Row), abs(a.Col-b.Col)
	return dr*dc == 2
}

func queenLineOrKnightMove(s Square, queens []Square) bool {
	for _, q := range queens {
		if knightMove(s, q) {
			return true
		}
	}
	return queenLine(s, queens)
}

func knightAttacksAny(s Square, knights []Square) bool {
	for _, k := range knights {
		if knightMove(s, k) {
			return true
		}
	}
	return false
}
