package solver

import "context"

// knightsCountSlow is the first, plain search, kept as the reference the
// bitboard search is checked against. It counts the placements of m queens and m knights on an n×n
// board, calling each (when not nil) with every placement, pieces in
// row-major order. An error from each stops the count and is returned.
//
// Queens go first, one row at a time (at most one per row); then knights on
// the squares no queen attacks and from which no knight would attack a
// queen, chosen in row-major order with no two a knight's move apart.
func knightsCountSlow(ctx context.Context, n, m int, each func(Placement) error) (uint64, error) {
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

func queenLineOrKnightMove(s Square, queens []Square) bool {
	for _, q := range queens {
		if knightMove(s, q) {
			return true
		}
	}
	return queenLine(s, queens)
}
