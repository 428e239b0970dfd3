/* grundy's Licytacja solution: the whole game is played by libgrundy_lic_player.a. */
#include "grundy_player.h"

int main(void) { return grundy_lic_play(); }
