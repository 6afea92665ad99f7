package text

import "strings"

// Closest returns the word of known that name was probably meant to be, for
// the "did you mean" of a message about a mistyped key, command or flag: the
// nearest to name in lower case (the words of known are taken as written,
// lower case), one edit away, or two for a name longer than four letters,
// never for a one-letter name (an exact match is always found). It returns
// "" when none is that close.
func Closest(name string, known []string) string {
	lower := strings.ToLower(name)
	limit := 0
	switch {
	case len(name) > 4:
		limit = 2
	case len(name) > 1:
		limit = 1
	}
	best, bestD := "", limit+1
	for _, k := range known {
		if d := distance(lower, k); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// distance returns the Levenshtein distance between short strings a and b,
// or a large number when either is long.
func distance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 1 << 30
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
