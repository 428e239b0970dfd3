/* grundy's linked players: each plays one whole game through the contest library it is
   linked with (creclib.h or cliclib.h). A conforming library ends the process when the
   game is over; the functions return only if it does not (0) or on an internal error (2). */
#ifndef GRUNDY_PLAYER_H
#define GRUNDY_PLAYER_H
int grundy_rec_play(void); /* libgrundy_rec_player.a */
int grundy_lic_play(void); /* libgrundy_lic_player.a */
#endif
