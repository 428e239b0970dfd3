/*
 * A plain C referee for the Waterloo 1998 / UVa 844 Pousse format, the baseline that
 * `grundy batch pousse` is timed against (benches/pousse_batch.rs).
 *
 * Input: whitespace-separated tokens; per game a size N (1..100), moves (L/R/T/B and a
 * row or column number, letter in either case), then QUIT. Output per game: "X WINS" or
 * "O WINS" as soon as a move leaves one colour with more straights (the moves up to QUIT
 * are then skipped), or "TIE GAME" when QUIT comes first.
 *
 * What makes it fast: the whole input is read with one buffered read loop, tokens are
 * scanned in place, the board is one flat byte array, and every row and column keeps its
 * count of empty squares, X and O, updated only for the squares a push changes, so the
 * straight totals are kept exact in O(1) per changed line. Output goes to one buffer
 * written at the end. Bad input: a message on stderr and exit status 2.
 *
 * Built with -DBRANCH_FREE, the recount of a moved square no longer tests whether the
 * square changed (a square that keeps its code is counted out and back in) and the straight
 * totals are adjusted by comparisons rather than branches: on random boards the tests it
 * drops are mispredicted about half the time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 100

enum { EMPTY = 0, XM = 1, OM = 2 };

static unsigned char cell[MAXN * MAXN];
/* count[line][code]: empties, X, O of rows 0..n-1 and columns n..2n-1 */
static int count[2 * MAXN][3];
/* straights[code]: lines entirely of that code (the entry for EMPTY is unused) */
static int straights[3];
static int n;

static void fail(const char *what, long line)
{
    fprintf(stderr, "pousse_referee: %s (line %ld)\n", what, line);
    exit(2);
}

static int is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

static void reset(int size)
{
    n = size;
    memset(cell, EMPTY, (size_t)n * n);
    for (int line = 0; line < 2 * n; line++) {
        count[line][EMPTY] = n;
        count[line][XM] = 0;
        count[line][OM] = 0;
    }
    straights[XM] = straights[OM] = 0;
}

/* Square `from` of line `line` changes to `to`. */
static inline void recount(int line, int from, int to)
{
#ifdef BRANCH_FREE
    straights[from] -= count[line][from]-- == n;
    straights[to] += ++count[line][to] == n;
#else
    if (count[line][from]-- == n)
        straights[from]--;
    if (++count[line][to] == n)
        straights[to]++;
#endif
}

/*
 * Slides a `colour` marker into the line, pushing markers up to the first empty square;
 * `first` is the index of the entry square, `step` the distance between squares, and
 * `cross` / `cross_step` the perpendicular line of the entry square and how it moves.
 */
static void push(int line, int first, int step, int cross, int cross_step, int colour)
{
    int end = n - 1;
    for (int k = 0, at = first; k < n; k++, at += step) {
        if (cell[at] == EMPTY) {
            end = k;
            break;
        }
    }
    int at = first + end * step;
    int fallen = cell[at];
    /* the pushed line gains the new marker and loses the one at `end` (or an empty) */
    recount(line, fallen, colour);
    for (int k = end; k > 0; k--, at -= step) {
        int moving = cell[at - step];
        int old = cell[at];
#ifdef BRANCH_FREE
        recount(cross + k * cross_step, old, moving);
        cell[at] = (unsigned char)moving;
#else
        if (moving != old) {
            recount(cross + k * cross_step, old, moving);
            cell[at] = (unsigned char)moving;
        }
#endif
    }
    if (cell[first] != colour) {
        recount(cross, cell[first], colour);
        cell[first] = (unsigned char)colour;
    }
}

static void play(char edge, int k, int colour)
{
    int i = k - 1;
    switch (edge) {
    case 'L':
        push(i, i * n, 1, n, 1, colour);
        break;
    case 'R':
        push(i, i * n + n - 1, -1, 2 * n - 1, -1, colour);
        break;
    case 'T':
        push(n + i, i, n, 0, 1, colour);
        break;
    default: /* 'B' */
        push(n + i, (n - 1) * n + i, -n, n - 1, -1, colour);
        break;
    }
}

int main(void)
{
    size_t cap = 1 << 20, len = 0;
    char *in = malloc(cap + 1);
    if (!in)
        return 1;
    for (;;) {
        size_t got = fread(in + len, 1, cap - len, stdin);
        len += got;
        if (len < cap)
            break;
        cap *= 2;
        in = realloc(in, cap + 1);
        if (!in)
            return 1;
    }
    in[len] = '\0';

    size_t out_cap = 1 << 16, out_len = 0;
    char *out = malloc(out_cap);
    if (!out)
        return 1;

    const char *p = in, *stop = in + len;
    long line = 1;
    int in_game = 0, over = 0, colour = XM;
    for (;;) {
        while (p < stop && is_space((unsigned char)*p)) {
            if (*p == '\n')
                line++;
            p++;
        }
        if (p == stop)
            break;
        const char *t = p;
        while (p < stop && !is_space((unsigned char)*p))
            p++;
        size_t tl = (size_t)(p - t);
        if (!in_game) {
            const char *d = t;
            if (*d == '+')
                d++;
            long size = 0;
            if (d == p)
                fail("the board size must be an integer", line);
            for (; d < p; d++) {
                if (*d < '0' || *d > '9')
                    fail("the board size must be an integer", line);
                if (size <= MAXN)
                    size = size * 10 + (*d - '0');
            }
            if (size < 1 || size > MAXN)
                fail("the board size must be between 1 and 100", line);
            reset((int)size);
            in_game = 1;
            over = 0;
            colour = XM;
            continue;
        }
        if (tl == 4 && memcmp(t, "QUIT", 4) == 0) {
            const char *verdict = straights[XM] > straights[OM]   ? "X WINS\n"
                                  : straights[OM] > straights[XM] ? "O WINS\n"
                                                                  : "TIE GAME\n";
            size_t vl = strlen(verdict);
            if (out_len + vl > out_cap) {
                out_cap *= 2;
                out = realloc(out, out_cap);
                if (!out)
                    return 1;
            }
            memcpy(out + out_len, verdict, vl);
            out_len += vl;
            in_game = 0;
            continue;
        }
        if (over)
            continue;
        char edge = (char)(*t & ~0x20);
        if ((edge != 'L' && edge != 'R' && edge != 'T' && edge != 'B') || tl < 2 || tl > 7)
            fail("a move must be L, R, T or B followed by a number from 1 to 100", line);
        int k = 0;
        for (const char *d = t + 1; d < p; d++) {
            if (*d < '0' || *d > '9')
                fail("a move must be L, R, T or B followed by a number from 1 to 100", line);
            k = k * 10 + (*d - '0');
        }
        if (k < 1 || k > MAXN)
            fail("a move must be L, R, T or B followed by a number from 1 to 100", line);
        if (k > n)
            fail("the move is out of range", line);
        play(edge, k, colour);
        colour = XM + OM - colour;
        if (straights[XM] != straights[OM])
            over = 1;
    }
    if (in_game)
        fail("expected a move or QUIT, found the end of the input", line);
    fwrite(out, 1, out_len, stdout);
    return 0;
}
