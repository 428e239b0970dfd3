//! `grundy.play_match`: one game between two built-in players, refereed by the library's
//! referee (`grundy_arena::referee`), which owns the position, checks every move and
//! decides the result, for every game, a game of your own included.

use std::time::Duration;

use grundy::strategy::StrategySpec;
use grundy_arena::player::{BuiltinPlayer, Clock, Limits};
use grundy_arena::referee::{play_game, GameSetup, DEFAULT_MAX_MOVES};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::value_error;
use crate::game::{GameArg, PositionArg};
use crate::strategy::Strategy;
use crate::user::failure::{catching, catching_result};

/// The longest `movetime`, in seconds: a day.
const LONGEST_MOVETIME: f64 = 86_400.0;

/// A player of a match: a `grundy.Strategy` or a strategy as written (`"noisy:0.1"`).
#[derive(FromPyObject)]
pub enum PlayerArg<'py> {
    /// A `grundy.Strategy`: its strategy, not its state (the match seeds its players).
    Strategy(Bound<'py, Strategy>),
    /// A strategy as the command line writes it.
    Spec(String),
}

impl PlayerArg<'_> {
    /// The strategy, or a `ValueError` naming a strategy that does not read.
    fn spec(&self) -> PyResult<StrategySpec> {
        match self {
            PlayerArg::Strategy(strategy) => Ok(strategy.get().spec().clone()),
            PlayerArg::Spec(text) => text.parse().map_err(value_error),
        }
    }
}

/// Plays one game of ``game`` (a name or a ``Game``) between ``first`` and ``second``
/// (each a ``Strategy`` or a strategy as written, such as ``"perfect"`` or
/// ``"noisy:0.1"``), ``first`` moving first, through grundy's referee, and returns the
/// game's record as a ``dict``:
///
/// - ``game``, ``position`` (the start), ``players`` (as written), ``seed``;
/// - ``moves``: the moves in the game's notation, ``first`` making the even-numbered
///   ones, and ``times_ms``, the milliseconds each took;
/// - ``winner``: 0 (``first``), 1 (``second``) or ``None`` (a draw by the move limit);
/// - ``termination``: ``"normal"`` (the rules ended the game), ``"move_cap"`` (a draw
///   after ``max_moves`` moves), or the fault that ended it (``"time_forfeit"``, …), with
///   ``detail`` and ``result`` (one line) in words.
///
/// ``position`` is the start (the game's default when None; for a game of your own also a
/// position object). ``seed`` fixes every random choice: the first player's is ``2·seed``,
/// the second's ``2·seed + 1`` (a ``Strategy`` object's own seed and memory are not used;
/// each player starts afresh). ``movetime`` (seconds) is each move's limit; a player over
/// it forfeits, and in a game of your own a search that passes it raises ``TimeoutError``.
/// Other Python threads run during the match.
///
/// Raises ``ValueError`` for an unknown game or strategy, a strategy that cannot play the
/// game or a bad start position, and the exception of a method of your game that raised
/// during the match.
#[pyfunction]
#[pyo3(signature = (game, first, second, *, position=None, seed=0, max_moves=DEFAULT_MAX_MOVES, movetime=None))]
#[allow(clippy::too_many_arguments)]
pub fn play_match<'py>(
    py: Python<'py>,
    game: GameArg,
    first: PlayerArg<'py>,
    second: PlayerArg<'py>,
    position: Option<PositionArg>,
    seed: u64,
    max_moves: usize,
    movetime: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let game = game.resolve()?;
    let specs = [first.spec()?, second.spec()?];
    for spec in &specs {
        game.check_strategy(spec).map_err(value_error)?;
    }
    let position = match position {
        Some(position) => position.notation(py, game)?,
        None => game.default_position().to_owned(),
    };
    catching_result(|| game.start(&position).map(drop).map_err(value_error))?;
    let movetime = match movetime {
        None => None,
        Some(seconds) if seconds.is_finite() && seconds > 0.0 && seconds <= LONGEST_MOVETIME => {
            Some(Duration::from_secs_f64(seconds))
        }
        Some(seconds) => {
            return Err(value_error(format!(
                "movetime is a number of seconds above 0 and at most {LONGEST_MOVETIME}, got \
                 {seconds}"
            )))
        }
    };
    let setup = GameSetup {
        game: game.handle(),
        position,
        clock: Clock {
            movetime,
            gametime: None,
        },
        limits: Limits::default(),
        max_moves,
        seed,
    };
    let names = specs.clone().map(|spec| spec.to_string());
    let record = catching(|| {
        py.detach(|| {
            let [mut first, mut second] = specs.map(BuiltinPlayer::new);
            play_game(
                &setup,
                [names[0].as_str(), names[1].as_str()],
                &mut first,
                &mut second,
            )
        })
    })?;
    let answer = PyDict::new(py);
    answer.set_item("game", &record.game)?;
    answer.set_item("position", &record.position)?;
    answer.set_item("players", record.players.to_vec())?;
    answer.set_item("seed", record.seed)?;
    let moves: Vec<&str> = record.moves.iter().map(|mv| mv.mv.as_str()).collect();
    let times: Vec<f64> = record.moves.iter().map(|mv| mv.ms).collect();
    answer.set_item("moves", moves)?;
    answer.set_item("times_ms", times)?;
    answer.set_item(
        "winner",
        record.result.winner_side().map(|side| side.index()),
    )?;
    answer.set_item("termination", record.result.termination.name())?;
    answer.set_item("detail", &record.result.detail)?;
    answer.set_item("result", record.result.to_string())?;
    Ok(answer)
}
