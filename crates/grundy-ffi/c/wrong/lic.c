/* Deliberately wrong Licytacja solutions for the tests; the mistake is the first argument:
   noinit  calls alojzy before inicjuj;
   twice   calls alojzy twice in a row;
   extra   calls bajtazar twice in a row;
   code    plays the move 4;
   forced  keeps doubling when it must pass;
   quit    returns from main after one move each;
   bad     always passes, which loses winnable games. */
#include <string.h>
#include "cliclib.h"

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "bad";
    if (strcmp(mode, "noinit") == 0) alojzy(1);
    inicjuj();
    if (strcmp(mode, "twice") == 0) { alojzy(2); alojzy(2); }
    if (strcmp(mode, "extra") == 0) { alojzy(2); bajtazar(); bajtazar(); }
    if (strcmp(mode, "code") == 0) alojzy(4);
    if (strcmp(mode, "quit") == 0) { alojzy(2); bajtazar(); return 0; }
    for (;;) {
        alojzy(strcmp(mode, "forced") == 0 ? 2 : 1);
        bajtazar();
    }
}
