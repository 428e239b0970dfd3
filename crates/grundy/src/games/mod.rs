//! Every game, one folder each (position and move types, legality, notation, a fast solver
//! that agrees with the generic one in [`crate::impartial`], the play adapter and the
//! registry entry), and the registry's list of them: one line per folder.
//!
//! The partizan games share their play adapter, solver and report through [`partizan`]; each
//! folder gives its rules and its entry.

/// Declares each game's folder as a module and lists its registry entries, in the order
/// help texts list the games. A line is `folder => [entry, …]`: most folders have one entry,
/// a game with several rule sets one per rule set.
macro_rules! games {
    ($($folder:ident => [$($entry:expr),+ $(,)?]),+ $(,)?) => {
        $(pub mod $folder;)+

        /// Every game's registry entry, in the order help texts list them.
        pub(crate) static GAMES: &[crate::entry::Game] =
            &[$($(crate::entry::Game::new(&$entry)),+),+];
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
    domineering => [domineering::entry::DomineeringEntry],
    hackenbush => [hackenbush::entry::HackenbushEntry],
    toadsfrogs => [toadsfrogs::entry::ToadsFrogsEntry],
    clobber => [clobber::entry::ClobberEntry],
}

/// What the partizan games share: the play adapter, the solver and the report.
pub mod partizan;
