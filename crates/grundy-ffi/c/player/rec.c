/* grundy's REC solution: the whole game is played by libgrundy_rec_player.a. */
#include "grundy_player.h"

int main(void) { return grundy_rec_play(); }
