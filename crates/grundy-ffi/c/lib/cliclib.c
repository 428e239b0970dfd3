/* grundy's example Licytacja opponent library in C: reads n from standard input, then the
   library's moves (1 pass, 2 double, 3 triple) one by one while there are any, and plays
   pass, double, triple, pass, ... after that. It checks the call order and the moves and
   ends the process with the verdict as the last line on standard output: exit 0 when the
   solution won, 1 when it lost, 2 on an illegal or out-of-order call or bad input. */
#include <stdio.h>
#include <stdlib.h>
#include "cliclib.h"

static long long n, pile, stake = 1, moves, cycle;
static int phase; /* 0 before inicjuj, 1 the solution's turn, 2 the library's turn */

static void finish(int code, const char *line) {
    printf("%s\n", line);
    fflush(stdout);
    exit(code);
}

static void verdict(int code, const char *word) {
    char line[64];
    snprintf(line, sizeof line, "%s in %lld moves", word, moves);
    finish(code, line);
}

static void play(int x) {
    if (x == 1) { pile += stake; stake = 1; }
    else stake *= x;
}

int inicjuj() {
    if (phase != 0) finish(2, "ILLEGAL: inicjuj() called a second time");
    if (scanf("%lld", &n) != 1 || n < 1 || n > 1000000000)
        finish(2, "ERROR: input: expected n, an integer from 1 to 10^9");
    phase = 1;
    return (int)n;
}

void alojzy(int x) {
    if (phase == 0) finish(2, "ILLEGAL: alojzy() called before inicjuj()");
    if (phase == 2) finish(2, "ILLEGAL: alojzy() called twice in a row");
    if (x < 1 || x > 3) finish(2, "ILLEGAL: alojzy(x): x must be 1, 2 or 3");
    moves++;
    if (pile + stake >= n) {
        if (x != 1) finish(2, "ILLEGAL: alojzy(x): pile + stake >= n, only a pass is allowed");
        verdict(1, "LOSS");
    }
    play(x);
    phase = 2;
}

int bajtazar() {
    int x;
    if (phase != 2) finish(2, "ILLEGAL: bajtazar() called out of order");
    moves++;
    if (pile + stake >= n) verdict(0, "WIN");
    if (scanf("%d", &x) != 1 || x < 1 || x > 3) x = (int)(cycle++ % 3) + 1;
    play(x);
    phase = 1;
    return x;
}
