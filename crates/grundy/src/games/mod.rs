//! Every game, one folder each (position and move types, legality, notation, a fast solver
//! that agrees with the generic one in [`crate::impartial`], the play adapter and the
//! registry entry), and the registry's list of them: one line per folder.
//!
//! The partizan games (Clobber, Domineering, Hackenbush, Toads and Frogs) have their rules
//! only so far, and [`partizan`] holds what they share; they join the registry with the
//! value engine that solves them.

/// Declares each game's folder as a module and lists its registry entries, in the order
/// help texts list the games. A line is `folder => [entry, …]`: most folders have one entry,
/// a game with several rule sets one per rule set.
macro_rules! games {
    ($($folder:ident => [$($entry:expr),+ $(,)?]),+ $(,)?) => {
        $(pub mod $folder;)+

        /// Every game's registry entry, in the order help texts list them.
        pub(crate) static GAMES: &[crate::registry::Game] =
            &[$($(crate::registry::Game::new(&$entry)),+),+];
    };
}

games! {
    rectangle => [rectangle::entry::RectangleEntry],
    cuboid => [cuboid::entry::CuboidEntry],
    bidding => [bidding::entry::BiddingEntry],
    paper => [paper::entry::PaperEntry],
    pousse => [
        pousse::entry::PousseEntry::<pousse::play::Icfp>::NEW,
        pousse::entry::PousseEntry::<pousse::play::Waterloo>::NEW,
    ],
    takebreak => [takebreak::entry::TakeBreakEntry],
    nim => [nim::entry::NimEntry],
}

// The partizan games: rules, notation and components only. Their registry entries (and play
// adapters and analyses) come with the value engine, which solves them; until then they are
// plain modules, outside the `games!` list.
pub mod clobber;
pub mod domineering;
pub mod hackenbush;
pub mod partizan;
pub mod toadsfrogs;
