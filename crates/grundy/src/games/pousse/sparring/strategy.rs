//! The Pousse sparring partners as [`Strategy`]s: the classical alpha-beta searcher and the
//! UCT searcher, each keeping its own state (a transposition table, a random generator) for
//! the game it plays. For any other game they have no move (`StrategySpec::check_game`
//! refuses them before a game starts). [`ALPHABETA`] and [`MCTS`] are the kinds the Pousse
//! entry lists among its own strategies.

use std::time::Duration;

use super::classic::{Classic, ClassicLimits};
use super::mcts::{Mcts as Searcher, MctsLimits};
use crate::games::pousse::play::{pousse_position, PousseGame};
use crate::games::pousse::PousseStatus;
use crate::game::{Budget, GameState};
use crate::game::{strategy_setting, Strategy, StrategyKind};

/// Transposition-table slots of the alpha-beta partner (24 bytes each: 6 MB).
const TABLE_ENTRIES: usize = 1 << 18;
/// The time of a move when the budget sets neither a time nor a depth.
const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);

/// The deepest `alphabeta:depth=N`.
pub const MAX_ALPHABETA_DEPTH: u32 = 60;

/// `alphabeta[:depth=N]`: the classical alpha-beta searcher of
/// [`classic`](super::classic), to depth N, or within the move's time without a
/// depth. With a depth it still stops at the move's time.
pub struct AlphaBetaKind;

/// The alpha-beta sparring partner's kind, as the Pousse entry lists it.
pub static ALPHABETA: AlphaBetaKind = AlphaBetaKind;

impl StrategyKind for AlphaBetaKind {
    fn name(&self) -> &'static str {
        "alphabeta"
    }

    fn usage(&self) -> &'static str {
        "alphabeta[:depth=N]"
    }

    fn read_argument(&self, argument: Option<&str>) -> Result<Option<String>, String> {
        depth_of(argument).map(|depth| depth.map(|depth| format!("depth={depth}")))
    }

    fn build(&self, argument: Option<&str>, _seed: u64) -> Box<dyn Strategy> {
        Box::new(AlphaBeta::new(depth_of(argument).ok().flatten()))
    }
}

/// The depth of `depth=N`, `None` without an argument.
fn depth_of(argument: Option<&str>) -> Result<Option<u32>, String> {
    let Some(argument) = argument else {
        return Ok(None);
    };
    match strategy_setting(argument, "depth").and_then(|v| v.parse::<u32>().ok()) {
        Some(depth) if (1..=MAX_ALPHABETA_DEPTH).contains(&depth) => Ok(Some(depth)),
        _ => Err(format!(
            "alphabeta takes a depth from 1 to {MAX_ALPHABETA_DEPTH}, as in \
             alphabeta:depth=6 (or nothing: search within the move's time)"
        )),
    }
}

/// `mcts[:playouts=N]`: the UCT searcher of [`mcts`](super::mcts), N
/// playouts per move, or within the move's time without a count. With a count it still
/// stops at the move's time.
pub struct MctsKind;

/// The UCT sparring partner's kind, as the Pousse entry lists it.
pub static MCTS: MctsKind = MctsKind;

impl StrategyKind for MctsKind {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn usage(&self) -> &'static str {
        "mcts[:playouts=N]"
    }

    fn read_argument(&self, argument: Option<&str>) -> Result<Option<String>, String> {
        playouts_of(argument)
            .map(|playouts| playouts.map(|playouts| format!("playouts={playouts}")))
    }

    fn build(&self, argument: Option<&str>, seed: u64) -> Box<dyn Strategy> {
        Box::new(Mcts::new(playouts_of(argument).ok().flatten(), seed))
    }
}

/// The count of `playouts=N`, `None` without an argument.
fn playouts_of(argument: Option<&str>) -> Result<Option<u64>, String> {
    let Some(argument) = argument else {
        return Ok(None);
    };
    match strategy_setting(argument, "playouts").and_then(|v| v.parse::<u64>().ok()) {
        Some(playouts) if playouts >= 1 => Ok(Some(playouts)),
        _ => Err("mcts takes a number of playouts of at least 1, as in \
                  mcts:playouts=20000 (or nothing: search within the move's time)"
            .to_string()),
    }
}

/// The strategies Pousse adds to the generic ones: the two sparring partners.
pub static SPARRING_PARTNERS: [&dyn StrategyKind; 2] = [&ALPHABETA, &MCTS];

/// `alphabeta[:depth=N]`.
pub(crate) struct AlphaBeta {
    depth: Option<u32>,
    searcher: Classic,
}

impl AlphaBeta {
    /// The table is allocated here, before the game, not on the first move's clock.
    pub(crate) fn new(depth: Option<u32>) -> Self {
        AlphaBeta {
            depth,
            searcher: Classic::new(TABLE_ENTRIES),
        }
    }
}

impl Strategy for AlphaBeta {
    fn name(&self) -> String {
        match self.depth {
            None => "alphabeta".to_string(),
            Some(depth) => format!("alphabeta:depth={depth}"),
        }
    }

    fn choose(&mut self, game: &mut dyn GameState, budget: &Budget) -> Option<String> {
        let position = pousse_position(game)?;
        if position.status() != PousseStatus::Ongoing {
            return None;
        }
        let depth = self.depth.or(budget.depth);
        let limits = ClassicLimits {
            depth,
            movetime: match (budget.movetime, depth) {
                (None, None) => Some(DEFAULT_MOVETIME),
                (time, _) => time,
            },
        };
        let searcher = &mut self.searcher;
        let result = match position.game() {
            PousseGame::Bit(game) => searcher.search(game, &limits),
            PousseGame::General(game) => searcher.search(game, &limits),
        };
        result.best_move.map(|mv| mv.to_string())
    }
}

/// `mcts[:playouts=N]`.
pub(crate) struct Mcts {
    playouts: Option<u64>,
    searcher: Searcher,
}

impl Mcts {
    pub(crate) fn new(playouts: Option<u64>, seed: u64) -> Self {
        Mcts {
            playouts,
            searcher: Searcher::new(seed),
        }
    }
}

impl Strategy for Mcts {
    fn name(&self) -> String {
        match self.playouts {
            None => "mcts".to_string(),
            Some(playouts) => format!("mcts:playouts={playouts}"),
        }
    }

    fn choose(&mut self, game: &mut dyn GameState, budget: &Budget) -> Option<String> {
        let position = pousse_position(game)?;
        if position.status() != PousseStatus::Ongoing {
            return None;
        }
        let limits = MctsLimits {
            playouts: self.playouts,
            movetime: match (budget.movetime, self.playouts) {
                (None, None) => Some(DEFAULT_MOVETIME),
                (time, _) => time,
            },
        };
        let result = match position.game() {
            PousseGame::Bit(game) => self.searcher.search(game, &limits),
            PousseGame::General(game) => self.searcher.search(game, &limits),
        };
        result.best_move.map(|mv| mv.to_string())
    }
}
