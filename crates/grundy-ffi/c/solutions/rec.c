/* grundy's example REC solution in C. A side of length n is a game of its own with Grundy
   value g(n) = n/2 for even n, g((n-1)/2) for odd n (g(1) = 0); the rectangle is lost for
   the player to move exactly when both sides have the same value. So: cut the side with the
   larger value down to a length with the other side's value; when they are equal, shave
   one unit and hope. The lengths with value t are 2t, 4t+1, 8t+3, ... (t > 0) and 1, 3, 7,
   15, ... (t = 0); a side n can become any length from ceil(n/2) to n-1. */
#include "creclib.h"

static long long g(long long n) {
    while (n % 2 == 1 && n > 1) n = (n - 1) / 2;
    return n == 1 ? 0 : n / 2;
}

/* A length m, ceil(n/2) <= m <= n-1, with g(m) = t, or 0 when there is none. */
static long long reach(long long n, long long t) {
    long long m = t == 0 ? 1 : 2 * t;
    while (m <= n - 1) {
        if (2 * m >= n) return m;
        m = 2 * m + 1;
    }
    return 0;
}

int main(void) {
    for (;;) {
        long long x = dimension_x(), y = dimension_y();
        long long gx = g(x), gy = g(y), m;
        if (gx > gy && (m = reach(x, gy)) != 0) cut(vertical, (int)(x - m));
        else if (gy > gx && (m = reach(y, gx)) != 0) cut(horizontal, (int)(y - m));
        else if (x > 1) cut(vertical, 1);
        else cut(horizontal, 1);
    }
}
