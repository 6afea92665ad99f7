/* A contestant's program for a reserved-squares count problem (CSES 1624's
 * kind): reads the board, n rows of '.' (free) and '*' (reserved), and prints
 * in how many ways n queens can stand on free squares with no two attacking.
 * Plain backtracking, a row at a time. WRONG_BOARD, when a board is given
 * there (cms_eval.sh writes a copy so), makes it one more on that board only:
 * a program wrong on one test case. */
#include <stdio.h>
#include <string.h>

#define WRONG_BOARD ""

static int n;
static unsigned long long freecols[64];

static unsigned long long count(int row, unsigned long long cols, unsigned long long d1, unsigned long long d2) {
	if (row == n)
		return 1;
	unsigned long long total = 0;
	unsigned long long avail = freecols[row] & ~(cols | d1 | d2);
	while (avail) {
		unsigned long long bit = avail & -avail;
		avail ^= bit;
		total += count(row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
	}
	return total;
}

int main(void) {
	static char board[64 * 66 + 1];
	char line[128];
	size_t used = 0;
	while (n < 64 && fgets(line, sizeof line, stdin)) {
		size_t len = strcspn(line, "\r\n");
		if (len == 0)
			continue;
		unsigned long long m = 0;
		for (size_t c = 0; c < len; c++)
			if (line[c] == '.')
				m |= 1ULL << c;
		freecols[n++] = m;
		memcpy(board + used, line, len);
		used += len;
		board[used++] = '\n';
	}
	board[used] = 0;
	unsigned long long mask = n == 64 ? ~0ULL : (1ULL << n) - 1;
	for (int r = 0; r < n; r++)
		freecols[r] &= mask;
	unsigned long long c = count(0, 0, 0, 0);
	if (strcmp(board, WRONG_BOARD) == 0)
		c++;
	printf("%llu\n", c);
	return 0;
}
