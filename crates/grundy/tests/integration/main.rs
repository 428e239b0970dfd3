//! The crate's integration tests, one module a subject, built as one test binary (one link
//! instead of one per file). Run one subject with `cargo test -p <crate> --test integration <module>::`.

mod amazons;
mod arckayles;
mod bidding;
mod cgt;
mod col;
mod cram;
mod cuboid;
mod drawing;
mod exact;
mod fission;
mod fuzz_regressions;
mod heap;
mod konane;
mod layers;
mod loopy;
mod misere;
mod misere_golden;
mod misere_heap_search;
mod misere_play;
mod misere_quotient;
mod misere_quotient_play;
mod nim;
mod nodekayles;
mod paper;
mod partizan;
mod play;
mod pousse;
mod pousse_flat;
mod pousse_search_identity;
mod pousse_table;
mod psub;
mod rectangle;
mod rectangle_proof;
mod snort;
mod sparring;
mod stop;
mod strategy;
mod takebreak;
mod takebreak_compute;
mod toppling;
mod wythoff;

// Helpers shared by several subjects.
mod colouring;
mod kayles;
