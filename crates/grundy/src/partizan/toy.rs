//! A toy partizan game for the tests of the shared machinery (the solver, the play adapter,
//! the turn suffix), which is not a game and so tests itself on no game of `games/`.
//!
//! Stalks of edges stand side by side; each edge, from the ground up, is Left's (`L`),
//! Right's (`R`) or either player's (`E`). A player chops an edge they may chop, and the
//! edges above it fall. A position is written as its stalks joined by `+` (`LLR+E`), `0`
//! for none; a move as `STALK.EDGE`, both counted from 1 (`1.2` chops the second edge of the
//! first stalk). The values are the numbers and nimbers of Red-Blue-Green Hackenbush
//! stalks, so every outcome class occurs: `E` is `*` (the first player wins), `LR` is `1/2`,
//! `E+E` is `0`.

use crate::game::Listing;
use std::fmt;
use std::str::FromStr;

use super::{PartizanGame, PartizanPosition};
use crate::error::{ParseError, RuleError};
use crate::game::{CapEdge, OverCap};
use crate::partizan::PartizanEntry;
use crate::player::Player;

/// Stalks side by side, each its edges from the ground up; no stalk is empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Stalks(Vec<String>);

/// Chopping edge `edge` of stalk `stalk`, both counted from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chop {
    stalk: usize,
    edge: usize,
}

/// Whether `side` may chop an edge written `edge`.
fn may_chop(side: Player, edge: char) -> bool {
    edge == 'E'
        || match side {
            Player::Left => edge == 'L',
            Player::Right => edge == 'R',
        }
}

impl fmt::Display for Stalks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("0");
        }
        f.write_str(&self.0.join("+"))
    }
}

impl FromStr for Stalks {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        let text = text.trim();
        if text == "0" {
            return Ok(Stalks(Vec::new()));
        }
        let stalks = text
            .split('+')
            .map(|stalk| {
                if !stalk.is_empty() && stalk.chars().all(|edge| "LRE".contains(edge)) {
                    Ok(stalk.to_string())
                } else {
                    Err(ParseError::at_token(
                        "a stalk is a word of L, R and E",
                        stalk,
                    ))
                }
            })
            .collect::<Result<_, _>>()?;
        Ok(Stalks(stalks))
    }
}

impl fmt::Display for Chop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.stalk, self.edge)
    }
}

impl FromStr for Chop {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        let fail = || ParseError::at_token("a chop is written STALK.EDGE", text);
        let (stalk, edge) = text.split_once('.').ok_or_else(fail)?;
        Ok(Chop {
            stalk: stalk.parse().map_err(|_| fail())?,
            edge: edge.parse().map_err(|_| fail())?,
        })
    }
}

impl PartizanPosition for Stalks {
    fn left_options(&self) -> Vec<Self> {
        self.options_of(Player::Left)
    }

    fn right_options(&self) -> Vec<Self> {
        self.options_of(Player::Right)
    }

    /// Each stalk alone.
    fn components(&self) -> Vec<Self> {
        self.0
            .iter()
            .map(|stalk| Stalks(vec![stalk.clone()]))
            .collect()
    }
}

impl Stalks {
    /// The positions after each move of `side`.
    fn options_of(&self, side: Player) -> Vec<Self> {
        self.moves(side)
            .iter()
            .filter_map(|chop| self.play(side, chop).ok())
            .collect()
    }
}

impl PartizanGame for Stalks {
    type Move = Chop;

    /// Stalk by stalk, from the ground up.
    fn moves(&self, side: Player) -> Vec<Chop> {
        let mut moves = Vec::new();
        for (stalk, edges) in self.0.iter().enumerate() {
            for (edge, colour) in edges.chars().enumerate() {
                if may_chop(side, colour) {
                    moves.push(Chop {
                        stalk: stalk + 1,
                        edge: edge + 1,
                    });
                }
            }
        }
        moves
    }

    fn play(&self, side: Player, chop: &Chop) -> Result<Self, RuleError> {
        let stalk = chop
            .stalk
            .checked_sub(1)
            .and_then(|index| self.0.get(index))
            .ok_or_else(|| RuleError::new(chop, "no such stalk"))?;
        let colour = chop
            .edge
            .checked_sub(1)
            .and_then(|index| stalk.chars().nth(index))
            .ok_or_else(|| RuleError::new(chop, "no such edge"))?;
        if !may_chop(side, colour) {
            return Err(RuleError::new(
                chop,
                format!("{side} may not chop {colour}"),
            ));
        }
        let mut stalks = self.0.clone();
        stalks[chop.stalk - 1].truncate(chop.edge - 1);
        stalks.retain(|stalk| !stalk.is_empty());
        Ok(Stalks(stalks))
    }

    fn draw(&self) -> String {
        format!("{self}\n")
    }
}

/// The toy's entry, so that it can be played through [`crate::game::GameState`] as a game
/// of the list would be (it is in no list).
#[derive(Debug, Clone, Copy)]
pub struct StalksEntry;

impl Listing for StalksEntry {
    fn name(&self) -> &'static str {
        "stalks"
    }

    fn title(&self) -> &'static str {
        "Stalks"
    }

    fn summary(&self) -> &'static str {
        "a toy for tests: chop an edge of yours, the edges above it fall"
    }

    fn notation(&self) -> &'static str {
        "stalks of L, R and E joined by +; moves STALK.EDGE"
    }

    fn example(&self) -> &'static str {
        "LR+E"
    }

    fn default_position(&self) -> &'static str {
        "LR+E"
    }
}

impl PartizanEntry for StalksEntry {
    type Game = Stalks;

    fn most_moves(&self, position: &Stalks) -> Option<u128> {
        Some(position.0.iter().map(|stalk| stalk.len() as u128).sum())
    }

    fn longest_game(&self, position: &Stalks) -> Option<u128> {
        PartizanEntry::most_moves(self, position)
    }

    fn check_served(&self, position: &Stalks) -> Result<(), OverCap> {
        let edges: usize = position.0.iter().map(String::len).sum();
        OverCap::check("the number of edges", edges as u64, 12u64)
    }

    /// 12 edges, the cap, and 13.
    fn cap_edges(&self) -> Vec<CapEdge> {
        vec![CapEdge::new("LRLRLR+LRLRLR", "LRLRLR+LRLRLR+L")]
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::partizan::oracle::{outcome, OutcomeClass};
    use crate::partizan::{check_components, check_options_partition, check_outcome_of_components};

    /// The toy passes the checks every partizan game's tests make, and its outcomes are
    /// Hackenbush's.
    #[test]
    fn the_toy_is_a_partizan_game_like_the_others() {
        for text in ["0", "L", "LR+R", "E+E", "LRE+RL+E", "LLE+RRE+ELR+E"] {
            let position: Stalks = text.parse().unwrap();
            assert_eq!(position.to_string(), text);
            check_components(&position).unwrap();
            check_options_partition(&position).unwrap();
            check_outcome_of_components(&position).unwrap();
            for side in [Player::Left, Player::Right] {
                let after: Vec<Stalks> = position
                    .moves(side)
                    .iter()
                    .map(|chop| position.play(side, &chop.to_string().parse().unwrap()))
                    .collect::<Result<_, _>>()
                    .unwrap();
                assert_eq!(after, position.options(side), "{text} {side}");
            }
        }
        assert_eq!(outcome(&"E".parse::<Stalks>().unwrap()), OutcomeClass::Next);
        assert_eq!(
            outcome(&"LR+R".parse::<Stalks>().unwrap()),
            OutcomeClass::Right
        );
        assert_eq!(
            outcome(&"E+E".parse::<Stalks>().unwrap()),
            OutcomeClass::Previous
        );
        let stalks: Stalks = "LR".parse().unwrap();
        assert!(stalks.play(Player::Right, &"1.1".parse().unwrap()).is_err());
        assert!(stalks.play(Player::Left, &"2.1".parse().unwrap()).is_err());
        assert!("LX".parse::<Stalks>().is_err());
    }
}
