//! [`Game`]: the handle front ends hold to a game of the list. It is copyable, compared and
//! hashed by name, printed as its name and read from a name or alias, and it reads the
//! rules term of a position: a position ending in `@misere` is played and solved under
//! misère play ([`crate::misere_play`], which wraps any impartial game), any other by the
//! game's entry under its usual rules.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

use crate::error::ParseError;
use crate::game::{GameEntry, GameState, OverCap, Strategy};
use crate::misere_play::{self, split_misere};
use crate::report::{Report, SolveError, SolveOptions};
use crate::strategy::StrategySpec;

/// A handle to one entry of the list: copyable, compared and hashed by name, printed as its
/// name, read from a name or alias (`FromStr`, beside the list in [`crate::registry`]).
#[derive(Clone, Copy)]
pub struct Game(&'static dyn GameEntry);

impl Game {
    /// The handle of an entry (for entries outside the list, such as test games and the
    /// games a user writes in Python).
    pub const fn new(entry: &'static dyn GameEntry) -> Self {
        Game(entry)
    }

    /// The entry itself.
    pub fn entry(self) -> &'static dyn GameEntry {
        self.0
    }

    /// A player following `spec` in this game; `seed` fixes every random choice. An error
    /// when the strategy belongs to another game.
    pub fn strategy(self, spec: &StrategySpec, seed: u64) -> Result<Box<dyn Strategy>, ParseError> {
        spec.check_game(self.0)?;
        Ok(spec.build(seed))
    }

    /// A new game from `position` in the game's notation, under misère play when the
    /// position ends in the rules term `@misere` (the impartial games through
    /// [`crate::misere_play`], and an entry that [plays it
    /// itself](GameEntry::plays_misere_itself)). Every front end starts games here.
    pub fn start(self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        match split_misere(position) {
            (bare, true) if !self.0.plays_misere_itself() => misere_play::start(self.0, bare),
            _ => self.0.start(position),
        }
    }

    /// The analysis of `position`, under misère play when it ends in `@misere` (see
    /// [`Game::start`]).
    pub fn solve(self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        match split_misere(position) {
            (bare, true) if !self.0.plays_misere_itself() => {
                misere_play::solve::solve(self.0, bare, options)
            }
            _ => self.0.solve(position, options),
        }
    }

    /// [`GameEntry::most_moves`] of `state`, a misère game included (its bound is the usual
    /// rules' bound: the moves are the same).
    pub fn most_moves(self, state: &dyn GameState) -> Option<u128> {
        self.0.most_moves(usual_rules(state))
    }

    /// [`GameEntry::longest_game`] of `state`, a misère game included.
    pub fn longest_game(self, state: &dyn GameState) -> Option<u128> {
        self.0.longest_game(usual_rules(state))
    }

    /// [`GameEntry::check_served`] of `state`; a misère game has the caps of
    /// [`GameEntry::check_served_misere`].
    pub fn check_served(self, state: &dyn GameState) -> Result<(), OverCap> {
        match state.usual_rules() {
            Some(usual) => self.0.check_served_misere(usual),
            None => self.0.check_served(state),
        }
    }

    /// [`GameEntry::check_job`] of `state`; a misère game has the caps of
    /// [`misere_play::check_job`] (its exact search is not a job's work, but theory beyond
    /// it may be).
    pub fn check_job(self, state: &dyn GameState) -> Result<(), OverCap> {
        match state.usual_rules() {
            Some(usual) => misere_play::check_job(self.0, usual),
            None => self.0.check_job(state),
        }
    }

    /// The positions tests of every game start from: the entry's
    /// [`sample_positions`](crate::game::Listing::sample_positions), else its default position and its
    /// example.
    pub fn test_positions(self) -> Vec<&'static str> {
        let samples = self.sample_positions();
        if !samples.is_empty() {
            return samples.to_vec();
        }
        let mut positions = vec![self.default_position()];
        if self.example() != self.default_position() {
            positions.push(self.example());
        }
        positions
    }

    /// True when `spec` can play this game: a generic strategy, or one of its own.
    pub fn accepts(self, spec: &StrategySpec) -> bool {
        spec.plays(self.0)
    }
}

impl From<&'static dyn GameEntry> for Game {
    fn from(entry: &'static dyn GameEntry) -> Self {
        Game(entry)
    }
}

impl Deref for Game {
    type Target = dyn GameEntry;

    fn deref(&self) -> &Self::Target {
        self.0
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Game {}

impl Hash for Game {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Game({})", self.name())
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `state` under its usual rules: the game inside a misère game, else `state` itself.
fn usual_rules(state: &dyn GameState) -> &dyn GameState {
    state.usual_rules().unwrap_or(state)
}
