//! `grundy.State`: a position of a game, with the moves that led to it.
//!
//! States are values: `play` and `undo` return a new state and leave the old one as it was,
//! so states can be kept, compared (`==` compares the game and the position in notation,
//! not the path to it) and used as dictionary keys. Each state keeps its solver's memory
//! (tables, a Pousse engine's transposition table) for the calls made on it.

use std::hash::{Hash, Hasher};
use std::sync::{Mutex, MutexGuard, PoisonError};

use grundy::game::{GameState, Status};

use grundy::player::Seat;
use pyo3::prelude::*;
use pyo3::sync::MutexExt;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::analysis::Analysis;
use crate::budget::budget_for;
use crate::errors::value_error;
use crate::game::Game;
use crate::games;
use crate::user::failure::{catching, catching_result};
use crate::value::{position_value, Value};

/// What a pickled state is rebuilt from: the game's name, the start position, the moves.
type Recipe = (&'static str, String, Vec<String>);

/// The most moves `legal_moves()` lists without an explicit `limit`.
pub const MAX_LISTED_MOVES: usize = 1 << 20;

/// A position of one of grundy's games, and the moves played since the start.
#[pyclass(module = "grundy", frozen, eq, hash)]
pub struct State {
    game: games::GameKind,
    position: String,
    inner: Mutex<Box<dyn GameState>>,
}

impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        self.game == other.game && self.position == other.position
    }
}

impl Hash for State {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.game.name().hash(state);
        self.position.hash(state);
    }
}

/// A game behind its lock.
type Locked<'a> = MutexGuard<'a, Box<dyn GameState>>;

/// Locks a game; a panic in another thread cannot leave a game half-changed (every change
/// of the library is made at once), so a poisoned lock is still usable.
fn unpoison<'a>(result: Result<Locked<'a>, PoisonError<Locked<'a>>>) -> Locked<'a> {
    result.unwrap_or_else(PoisonError::into_inner)
}

impl State {
    /// A new game of `game` from `position`, or a `ValueError` with the library's message
    /// (or the exception a game of your own raised reading it).
    pub fn start(game: games::GameKind, position: &str) -> PyResult<Self> {
        let state = catching_result(|| game.start(position).map_err(value_error))?;
        Ok(State::wrap(game, state))
    }

    fn wrap(game: games::GameKind, state: Box<dyn GameState>) -> Self {
        State {
            game,
            position: state.position(),
            inner: Mutex::new(state),
        }
    }

    /// The game behind this state.
    pub fn game_handle(&self) -> games::GameKind {
        self.game
    }

    /// Runs `f` on the game, holding the interpreter (for quick questions). An exception
    /// a game of your own raised during it is the answer (see `user::failure`).
    pub fn with<T>(&self, py: Python<'_>, f: impl FnOnce(&mut dyn GameState) -> T) -> PyResult<T> {
        let mut guard = unpoison(self.inner.lock_py_attached(py));
        catching(|| f(guard.as_mut()))
    }

    /// Runs `f` on the game with the interpreter released, so other Python threads run
    /// meanwhile (for searches, solves and long move lists); a game of your own takes the
    /// interpreter back for each call of its methods. An exception it raised is the answer.
    pub fn with_detached<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut dyn GameState) -> T + Send,
    ) -> PyResult<T> {
        catching(|| {
            py.detach(|| {
                let mut guard = unpoison(self.inner.lock());
                f(guard.as_mut())
            })
        })
    }

    fn copy_game(&self, py: Python<'_>) -> PyResult<Box<dyn GameState>> {
        self.with(py, |state| state.clone_box())
    }
}

#[pymethods]
impl State {
    /// The game, as a `grundy.Game`.
    #[getter]
    fn game(&self) -> Game {
        Game::from(self.game)
    }

    /// The position in the game's notation (what `str(state)` prints).
    #[getter]
    fn position(&self) -> &str {
        &self.position
    }

    /// True when the game is played under misère rules (the last mover loses).
    #[getter]
    fn misere(&self) -> bool {
        grundy::misere_play::split_misere(&self.position).1
    }

    /// The position the game started from, in notation.
    #[getter]
    fn start_position(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |state| state.start_position())
    }

    /// The moves played since the start position, in canonical notation.
    #[getter]
    fn history(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.with(py, |state| state.history())
    }

    /// The player to move: 0 for the player who moved first from the start, 1 for the
    /// other (also when the game is over: the player who would move next).
    #[getter]
    fn to_move(&self, py: Python<'_>) -> PyResult<u8> {
        self.with(py, |state| state.side_to_move().index() as u8)
    }

    /// True when the game is over.
    #[getter]
    fn is_over(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |state| state.status() != Status::Ongoing)
    }

    /// The player who has won (0 or 1), None while the game goes on.
    #[getter]
    fn winner(&self, py: Python<'_>) -> PyResult<Option<u8>> {
        self.with(py, |state| match state.status() {
            Status::Ongoing => None,
            Status::Won { winner } => Some(winner.index() as u8),
        })
    }

    /// The game's own name for player 0 or 1 (`X`/`O` in Pousse, `alojzy`/`bajtazar` in
    /// the bidding game, `first`/`second` otherwise).
    fn side_name(&self, py: Python<'_>, player: u8) -> PyResult<String> {
        let side = match player {
            0 => Seat::First,
            1 => Seat::Second,
            _ => {
                return Err(value_error(format!(
                    "a player is 0 (who moved first) or 1, got {player}"
                )))
            }
        };
        self.with(py, |state| state.side_name(side))
    }

    /// The number of legal moves, None when the game cannot count them cheaply.
    fn move_count(&self, py: Python<'_>) -> PyResult<Option<u128>> {
        self.with(py, |state| state.legal_moves(0).total)
    }

    /// The most legal moves any position reachable from this one has, when the game can
    /// bound them (the game's registry entry says why the bound holds; the OpenSpiel
    /// adapter sizes its action space with it).
    fn most_moves(&self, py: Python<'_>) -> PyResult<Option<u128>> {
        self.with(py, |state| self.game.most_moves(state))
    }

    /// A bound on the number of moves left in any game from here, None when the rules
    /// give none (Pousse): one move per legal move for the rectangle, cuboid and paper
    /// games, `r · (⌊log2 r⌋ + 2)` for the bidding game with `r` stones of room,
    /// `3 · tokens − heaps` for a take-and-break game.
    fn longest_game(&self, py: Python<'_>) -> PyResult<Option<u128>> {
        self.with(py, |state| self.game.longest_game(state))
    }

    /// The legal moves in the game's order. Without `limit`, all of them, or a
    /// `ValueError` when there are more than 1,048,576 (a 10^8 × 10^8 rectangle has
    /// 2·10^8); with `limit`, at most that many, the first ones in the game's order.
    #[pyo3(signature = (limit=None))]
    fn legal_moves(&self, py: Python<'_>, limit: Option<usize>) -> PyResult<Vec<String>> {
        let asked = limit.unwrap_or(MAX_LISTED_MOVES + 1);
        let list = self.with_detached(py, |state| state.legal_moves(asked))?;
        if limit.is_none() && !list.complete {
            let count = list.total.map_or_else(
                || "more than 1048576".to_string(),
                |total| total.to_string(),
            );
            return Err(value_error(format!(
                "{} has {count} legal moves; pass limit= to list the first ones",
                self.position
            )));
        }
        Ok(list.moves)
    }

    /// The state after `move` (in the game's notation); this state is unchanged. An
    /// unreadable or illegal move, or a move after the end, raises `ValueError` saying why.
    #[pyo3(name = "play")]
    fn play_move(&self, py: Python<'_>, r#move: &str) -> PyResult<State> {
        let mut next = self.copy_game(py)?;
        catching_result(|| next.play(r#move).map_err(value_error))?;
        Ok(State::wrap(self.game, next))
    }

    /// The state before the last move; `ValueError` at the start position.
    fn undo(&self, py: Python<'_>) -> PyResult<State> {
        let mut previous = self.copy_game(py)?;
        match previous.undo() {
            Some(_) => Ok(State::wrap(self.game, previous)),
            None => Err(value_error(
                "no move to take back: the game is at its start position",
            )),
        }
    }

    /// A legal move drawn at random (as uniformly as the game can cheaply manage), None
    /// when the game is over. The same `seed` gives the same move.
    #[pyo3(signature = (seed=None))]
    fn random_move(&self, py: Python<'_>, seed: Option<u64>) -> PyResult<Option<String>> {
        let mut rng = match seed {
            Some(seed) => ChaCha8Rng::seed_from_u64(seed),
            None => ChaCha8Rng::from_entropy(),
        };
        self.with(py, |state| state.random_move(&mut rng))
    }

    /// Who wins with perfect play and how (see `Analysis`). The rectangle, cuboid, bidding
    /// and paper games are solved exactly and ignore the limits; Pousse searches for
    /// `movetime` seconds (1 by default) or to `depth` plies, on `threads` threads. Other
    /// Python threads run during the call.
    #[pyo3(signature = (*, movetime=None, depth=None, threads=1))]
    fn solve(
        &self,
        py: Python<'_>,
        movetime: Option<f64>,
        depth: Option<u32>,
        threads: usize,
    ) -> PyResult<Analysis> {
        let budget = budget_for(self.game, movetime, depth, threads)?;
        let (report, side) =
            self.with_detached(py, |state| (state.analyse(&budget), state.side_to_move()))?;
        Ok(Analysis::new(&report, side))
    }

    /// The position's value as a `grundy.Value`: the nimber `*n` of its Grundy value in an
    /// impartial game (Nim, take-and-break, the rectangle, cuboid and paper games), the
    /// canonical value in a partizan one (Domineering, Hackenbush, Toads and Frogs,
    /// Clobber, a partizan game of your own), whoever is to move; in a game that loops, its
    /// loopy value (`∞{0}` in Wind-Up or Fair Shares and Varied Pairs, a stopper or a
    /// sided value `A & B` in Fox and Geese or Backsliding Toads and Frogs). Raises `ValueError` under
    /// misère play (a misère position has no such value; the misère quotient describes
    /// misère sums) and for a game without values (Pousse, which is searched), and takes
    /// `time_limit` and `memory_limit` as `value_of` does (`TimeoutError`, `MemoryError`,
    /// `KeyboardInterrupt` on Ctrl-C).
    #[pyo3(signature = (*, time_limit=None, memory_limit=None))]
    fn value<'py>(
        &self,
        py: Python<'py>,
        time_limit: Option<&Bound<'py, PyAny>>,
        memory_limit: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Value> {
        position_value(
            py,
            self.game,
            &self.position,
            None,
            time_limit,
            memory_limit,
        )
    }

    /// The move of perfect play (the fastest win or the slowest loss; for Pousse the
    /// engine's choice within the limits, as in `solve`); None when the game is over.
    #[pyo3(signature = (*, movetime=None, depth=None, threads=1))]
    fn perfect_move(
        &self,
        py: Python<'_>,
        movetime: Option<f64>,
        depth: Option<u32>,
        threads: usize,
    ) -> PyResult<Option<String>> {
        let budget = budget_for(self.game, movetime, depth, threads)?;
        self.with_detached(py, |state| state.perfect_move(&budget))
    }

    /// A picture of the position for a person (several lines).
    fn draw(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |state| state.draw())
    }

    /// The position drawn as an SVG document (Domineering, Hackenbush, Toads and Frogs and
    /// Clobber); None for the games without a drawing.
    fn svg(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let game = self.game;
        self.with(py, |state| game.picture_svg(&*state))
    }

    /// Jupyter shows the position as its SVG drawing when there is one (None makes Jupyter
    /// fall back to the text).
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.svg(py)
    }

    /// States never change, so a copy is the state itself.
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    /// States never change, so a deep copy is the state itself.
    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    /// Pickles as the game, the start position and the moves, so an unpickled state has
    /// the same history.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Recipe)> {
        let restore = py.import("grundy._grundy")?.getattr("_restore")?;
        let (start, history) = self.with(py, |state| (state.start_position(), state.history()))?;
        Ok((restore, (self.game.name(), start, history)))
    }

    fn __str__(&self) -> &str {
        &self.position
    }

    fn __repr__(&self) -> String {
        format!("grundy.start({:?}, {:?})", self.game.name(), self.position)
    }
}

/// The state of `game` after `moves` from `start` (what `State.__reduce__` pickles).
#[pyfunction]
#[pyo3(name = "_restore")]
pub fn restore(game: &str, start: &str, moves: Vec<String>) -> PyResult<State> {
    let game = games::find(game).map_err(value_error)?;
    let state = catching_result(|| {
        let mut state = game.start(start).map_err(value_error)?;
        for mv in &moves {
            state.play(mv).map_err(value_error)?;
        }
        Ok(state)
    })?;
    Ok(State::wrap(game, state))
}

/// Seconds taken by `calls` solves of `state` in a Rust loop, with the same budget and the
/// same solver memory as `State.solve()`: the baseline of `python/benches/solve_overhead.py`.
#[pyfunction]
#[pyo3(name = "_bench_solve", signature = (state, calls, *, movetime=None, depth=None, threads=1))]
pub fn bench_solve(
    py: Python<'_>,
    state: &State,
    calls: u32,
    movetime: Option<f64>,
    depth: Option<u32>,
    threads: usize,
) -> PyResult<f64> {
    let budget = budget_for(state.game, movetime, depth, threads)?;
    state.with_detached(py, |game| {
        let started = std::time::Instant::now();
        for _ in 0..calls {
            std::hint::black_box(game.analyse(std::hint::black_box(&budget)));
        }
        started.elapsed().as_secs_f64()
    })
}
