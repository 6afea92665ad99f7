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

// knightMove reports whether a and b are a knight's move apart.
func knightMove(a, b Square) bool {
	dr, dc := abs(a.Row-b.Row), abs(a.Col-b.Col)
	return dr*dc == 2
}

// knightAttacksAny reports whether s is a knight's move from one of knights.
func knightAttacksAny(s Square, knights []Square) bool {
	for _, k := range knights {
		if knightMove(s, k) {
			return true
		}
	}
	return false
}
