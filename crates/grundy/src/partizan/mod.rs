//! What every partizan game shares and no partizan game owns: the two players, the play
//! adapter ([`play::PartizanRules`]), the solver ([`solver::PartizanSolver`]), the report of
//! `grundy solve` ([`solve`]), the registry entry ([`entry`]), the `@L`/`@R` suffix
//! ([`turn`]), and the test oracles every partizan game's tests use ([`oracle`], [`sum`],
//! [`check_components`], [`check_options_partition`]).
//!
//! In a partizan game Left and Right have different moves. A game's folder
//! (`games/<game>/`) implements three traits and gets everything else from here:
//!
//! - [`PartizanPosition`] (the value engine's trait, in [`crate::cgt`]): the positions each
//!   side can move to and the independent parts whose disjunctive sum the position is;
//! - [`PartizanGame`]: the moves in notation, playing one, and a picture for a terminal;
//! - [`PartizanEntry`]: its line in the registry, only what differs from the other partizan
//!   games; one blanket implementation makes it a [`GameEntry`](crate::game::GameEntry).
//!
//! This is not a game, so it does not live in `games/`: it sits with the traits, below the
//! games, imports none of them, and tests itself on a toy game of its own (stalks of edges,
//! in its tests). `docs/adding-a-game.md` walks through adding a partizan game.

pub mod colouring;
pub mod entry;
mod option_change;
pub mod oracle;
pub mod play;
pub mod solve;
pub mod solver;
pub mod stones;
pub mod sum;
#[cfg(test)]
pub(crate) mod toy;
pub mod turn;

pub use entry::PartizanEntry;
pub use oracle::{Oracle, OutcomeClass};
pub use solver::PartizanGame;
pub use sum::{check_outcome_of_components, Sum};

use crate::player::Player;
use crate::position::PartizanPosition;

/// Checks, for tests, that the moves of `position` are exactly the moves of its
/// components: as many Left options and as many Right options as the components have
/// together, and no component without a move. Returns what was wrong.
pub fn check_components<P: PartizanPosition>(position: &P) -> Result<(), String> {
    let parts = position.components();
    for side in [Player::Left, Player::Right] {
        let whole = position.options(side).len();
        let sum: usize = parts.iter().map(|part| part.options(side).len()).sum();
        if whole != sum {
            return Err(format!(
                "{side} has {whole} moves in {position:?} but {sum} in its components {parts:?}"
            ));
        }
    }
    if let Some(dead) = parts
        .iter()
        .find(|part| part.left_options().is_empty() && part.right_options().is_empty())
    {
        return Err(format!("component {dead:?} of {position:?} has no moves"));
    }
    for part in &parts {
        let again = part.components();
        if again.len() != 1 || &again[0] != part {
            return Err(format!(
                "component {part:?} of {position:?} normalises to {again:?}, not itself"
            ));
        }
    }
    Ok(())
}

/// Checks, for tests, the stronger form of [`check_components`] for games whose
/// normalisation is a canonical form (equal parts always normalise equally): the options of
/// `position` are, as multisets of component multisets, the options of one component with
/// the other components beside it. Returns what was wrong.
pub fn check_options_partition<P: PartizanPosition>(position: &P) -> Result<(), String> {
    let parts = position.components();
    for side in [Player::Left, Player::Right] {
        let mut whole: Vec<Vec<String>> = position
            .options(side)
            .iter()
            .map(|option| names(option.components()))
            .collect();
        let mut summed = Vec::new();
        for (index, part) in parts.iter().enumerate() {
            for option in part.options(side) {
                let mut sum = option.components();
                sum.extend(
                    parts
                        .iter()
                        .enumerate()
                        .filter(|(other, _)| *other != index)
                        .map(|(_, other)| other.clone()),
                );
                summed.push(names(sum));
            }
        }
        whole.sort();
        summed.sort();
        if whole != summed {
            return Err(format!(
                "{side}'s options of {position:?} are {whole:?}, its components' {summed:?}"
            ));
        }
    }
    Ok(())
}

/// A multiset of positions as sorted debug texts, for comparing sums in tests.
fn names<P: PartizanPosition>(parts: Vec<P>) -> Vec<String> {
    let mut names: Vec<String> = parts.iter().map(|part| format!("{part:?}")).collect();
    names.sort();
    names
}
