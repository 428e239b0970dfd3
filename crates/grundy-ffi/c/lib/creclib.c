/* grundy's example REC opponent library in C: reads the width and the height from standard
   input, answers every cut by shaving one unit off the longer side, and ends the process
   with the verdict as the last line on standard output: exit 0 when the solution won,
   1 when it lost, 2 on an illegal cut or bad input. */
#include <stdio.h>
#include <stdlib.h>
#include "creclib.h"

static int width, height, started;
static long long moves;

static void finish(int code, const char *line) {
    printf("%s\n", line);
    fflush(stdout);
    exit(code);
}

static void start(void) {
    char line[128];
    if (started) return;
    started = 1;
    if (scanf("%d %d", &width, &height) != 2 || width < 1 || height < 1)
        finish(2, "ERROR: input: expected the width and the height, two integers >= 1");
    if (width == 1 && height == 1) {
        snprintf(line, sizeof line, "LOSS in 0 moves");
        finish(1, line);
    }
}

int dimension_x() { start(); return width; }

int dimension_y() { start(); return height; }

/* The side a cut at position p of a side s keeps: the larger piece. */
static int kept(int s, int p) { return p > s - p ? p : s - p; }

void cut(direction dir, int position) {
    char line[160];
    int side;
    start();
    side = dir == vertical ? width : height;
    if ((dir != vertical && dir != horizontal) || position < 1 || position > side - 1) {
        snprintf(line, sizeof line, "ILLEGAL: cut(%s, %d) on %dx%d: position must be 1..%d",
                 dir == vertical ? "vertical" : dir == horizontal ? "horizontal" : "?",
                 position, width, height, side - 1);
        finish(2, line);
    }
    if (dir == vertical) width = kept(width, position); else height = kept(height, position);
    moves++;
    if (width == 1 && height == 1) {
        snprintf(line, sizeof line, "WIN in %lld moves", moves);
        finish(0, line);
    }
    if (width >= height) width--; else height--;
    moves++;
    if (width == 1 && height == 1) {
        snprintf(line, sizeof line, "LOSS in %lld moves", moves);
        finish(1, line);
    }
}
