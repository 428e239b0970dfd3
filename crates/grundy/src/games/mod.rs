//! Every game, one folder each (position and move types, legality, notation, a fast solver
//! that agrees with the generic one in [`crate::impartial`], the play adapter and the
//! registry entry), and the registry's list of them: one line per folder.
//!
//! Only games live here. What several games share and no game owns sits below, in the
//! engines: the partizan games' play adapter, solver, report and generic entry in
//! [`crate::partizan`], the searched impartial games' in [`crate::impartial::searched`]. A
//! folder imports no other game's folder (`crates/grundy/tests/integration/layers.rs` checks it).

/// Declares each game's folder as a module and lists its registry entries, in the order
/// help texts list the games. A line is `folder => [entry, …]`: most folders have one entry,
/// a game with several rule sets one per rule set.
macro_rules! games {
    ($($folder:ident => [$($entry:expr),+ $(,)?]),+ $(,)?) => {
        $(pub mod $folder;)+

        /// Every game's registry entry, in the order help texts list them.
        pub(crate) static ENTRIES: &[&'static dyn crate::game::GameEntry] = &[$($(&$entry),+),+];
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
    wythoff => [wythoff::entry::WythoffEntry],
    nodekayles => [nodekayles::entry::NodeKaylesEntry::NEW],
    arckayles => [arckayles::entry::ArcKaylesEntry::NEW],
    konane => [konane::entry::KonaneEntry],
    toppling => [toppling::entry::TopplingEntry],
    cutcake => [cutcake::entry::CutcakeEntry],
    col => [col::ColEntry::NEW],
    snort => [snort::SnortEntry::NEW],
    cram => [cram::entry::CramEntry::NEW],
    fission => [fission::entry::FissionEntry],
    amazons => [amazons::entry::AmazonsEntry],
    psub => [psub::entry::PsubEntry],
    skijumps => [skijumps::entry::SkiJumpsEntry],
    backsliding => [crate::loopy::entry::Loopy(backsliding::entry::BackslidingEntry)],
    foxgeese => [crate::loopy::entry::Loopy(foxgeese::entry::FoxGeeseEntry)],
    windup => [crate::loopy::entry::Loopy(windup::entry::WindUpEntry)],
    fairshares => [crate::loopy::entry::Loopy(fairshares::entry::FairSharesEntry)],
}
