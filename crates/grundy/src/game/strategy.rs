//! The traits of a player: a [`Strategy`] chooses moves in any game in progress, and a
//! [`StrategyKind`] is a kind of strategy a game offers besides the generic ones (its entry
//! lists them: [`GameEntry::own_strategies`](super::GameEntry::own_strategies)). The
//! generic strategies and the reading of a strategy's name are the engine's
//! ([`crate::strategy`]).

use super::{Budget, GameState};

/// A way of choosing moves. Each player owns its strategy (and, in the arena, its own copy of
/// the game), so solver caches and random generators are never shared between players.
pub trait Strategy: Send {
    /// The strategy as written on the command line (`noisy:0.1`), for records.
    fn name(&self) -> String;

    /// A legal move for the side to move in `game`, or `None` when the game is over.
    fn choose(&mut self, game: &mut dyn GameState, budget: &Budget) -> Option<String>;
}

/// A kind of strategy that one game (or a few) adds to the generic ones: its name, how its
/// argument is written, and how to build a player. A game's registry entry lists its kinds
/// ([`GameEntry::own_strategies`](super::GameEntry::own_strategies)), and the engine's
/// [`StrategySpec`](crate::strategy::StrategySpec) reads any of them by name.
pub trait StrategyKind: Send + Sync {
    /// The name on the command line (`alphabeta`), lower case.
    fn name(&self) -> &'static str;

    /// How it is written, for help texts (`alphabeta[:depth=N]`).
    fn usage(&self) -> &'static str;

    /// Checks the argument after the colon (`None` when there is none) and returns it as it
    /// is written back (`depth=6` for `Depth=6`), or the message saying what is wrong.
    fn read_argument(&self, argument: Option<&str>) -> Result<Option<String>, String>;

    /// A player of this kind with an argument [`read_argument`](Self::read_argument) gave;
    /// `seed` fixes every random choice.
    fn build(&self, argument: Option<&str>, seed: u64) -> Box<dyn Strategy>;
}

/// The value of `name=value` in `argument` when the name is `name` (any letter case): the
/// way game-specific strategies write their one setting.
pub fn strategy_setting<'a>(argument: &'a str, name: &str) -> Option<&'a str> {
    let (key, value) = argument.split_once('=')?;
    key.trim().eq_ignore_ascii_case(name).then(|| value.trim())
}
