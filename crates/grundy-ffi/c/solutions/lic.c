/* grundy's example Licytacja solution in C. The game depends on the room r = n - pile and
   the stake s = 2^a 3^b; with s >= r the player to move must pass and loses. Otherwise the
   position is won when pass (to room r - s, stake 1), double or triple leaves a lost one.
   win[r][a][b] is filled for r = 1..n, larger stakes first; then every move is a winning
   one when there is one (and a pass when there is none). */
#include <stdlib.h>
#include "cliclib.h"

#define A 16 /* 2^15 > 30000 */
#define B 11 /* 3^10 > 30000 */

static unsigned char *win;
static int n;

static unsigned char *at(int r, int a, int b) { return &win[((long)r * A + a) * B + b]; }

/* Whether the player to move wins with room r and stake 2^a 3^b. */
static int wins(int r, int a, int b, long long s) {
    if (s >= r) return 0;
    return !*at(r - (int)s, 0, 0) || (a + 1 < A && !*at(r, a + 1, b)) ||
           (b + 1 < B && !*at(r, a, b + 1));
}

int main(void) {
    int a, b, r, pile = 0;
    long long stake = 1;
    int sa = 0, sb = 0;
    n = inicjuj();
    win = (unsigned char *)calloc((size_t)(n + 1) * A * B, 1);
    if (!win) return 2;
    for (r = 1; r <= n; r++)
        for (a = A - 1; a >= 0; a--)
            for (b = B - 1; b >= 0; b--) {
                long long s = 1;
                int i;
                for (i = 0; i < a && s < 3000000000LL; i++) s *= 2;
                for (i = 0; i < b && s < 3000000000LL; i++) s *= 3;
                *at(r, a, b) = (unsigned char)wins(r, a, b, s);
            }
    for (;;) {
        int x = 1, y, rr = n - pile;
        if (stake < rr) {
            if (!*at(rr - (int)stake, 0, 0)) x = 1;
            else if (sa + 1 < A && !*at(rr, sa + 1, sb)) x = 2;
            else if (sb + 1 < B && !*at(rr, sa, sb + 1)) x = 3;
        }
        alojzy(x);
        if (x == 1) { pile += (int)stake; stake = 1; sa = sb = 0; }
        else if (x == 2) { stake *= 2; sa++; } else { stake *= 3; sb++; }
        y = bajtazar();
        if (y == 1) { pile += (int)stake; stake = 1; sa = sb = 0; }
        else if (y == 2) { stake *= 2; sa++; } else { stake *= 3; sb++; }
    }
}
