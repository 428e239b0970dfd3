//! End-to-end tests of the C interfaces live in `tests/`; this library only makes Cargo
//! build the four static archives (`libgrundy_creclib.a`, `libgrundy_cliclib.a`,
//! `libgrundy_rec_player.a`, `libgrundy_lic_player.a`) before the tests run.
