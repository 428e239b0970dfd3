/* Deliberately wrong REC solutions for the tests; the mistake is the first argument:
   range  cuts at position 0 (out of range);
   dir    passes a direction that is neither vertical nor horizontal;
   quit   returns from main after its first cut;
   chatty prints a line through C's stdout (buffered), then plays like bad;
   bad    always shaves one unit off the longer side, which loses winnable games. */
#include <stdio.h>
#include <string.h>
#include "creclib.h"

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "bad";
    if (strcmp(mode, "range") == 0) cut(vertical, 0);
    if (strcmp(mode, "dir") == 0) cut((direction)7, 1);
    if (strcmp(mode, "chatty") == 0) printf("a line from the solution\n");
    if (strcmp(mode, "quit") == 0) { cut(vertical, 1); return 0; }
    for (;;) {
        int x = dimension_x(), y = dimension_y();
        if (x >= y) cut(vertical, 1); else cut(horizontal, 1);
    }
}
