//! `grundy.Game`, `grundy.games()` and `grundy.start()`.

use grundy::report::SolveOptions;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::value_error;
use crate::games;
use crate::limits::{on_worker, CallLimits};
use crate::state::State;
use crate::user::run::{describe, describe_type};

/// One of grundy's games, or a game of your own (`define_game`): its name, what it is, and
/// where it usually starts.
///
/// `Game("cuboid")` finds a game by name (any letter case); an unknown name raises
/// `ValueError` listing the games.
#[pyclass(module = "grundy", frozen, eq, hash, from_py_object)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Game {
    game: games::GameKind,
}

impl From<games::GameKind> for Game {
    fn from(game: games::GameKind) -> Self {
        Game { game }
    }
}

#[pymethods]
impl Game {
    #[new]
    fn new(name: &str) -> PyResult<Self> {
        Ok(Game {
            game: games::find(name).map_err(value_error)?,
        })
    }

    /// The game's name, as the command line writes it (`pousse-waterloo`).
    #[getter]
    fn name(&self) -> &'static str {
        self.game.name()
    }

    /// The game's name for a person, capitalised as in prose (`Pousse`).
    #[getter]
    fn title(&self) -> &'static str {
        self.game.title()
    }

    /// True for grundy's own games, False for a game defined in Python (`define_game`).
    #[getter]
    fn is_builtin(&self) -> bool {
        self.game.user().is_none()
    }

    /// One line that says what the game is.
    #[getter]
    fn summary(&self) -> &'static str {
        self.game.summary()
    }

    /// The position `start()` uses when none is given.
    #[getter]
    fn default_position(&self) -> &'static str {
        self.game.default_position()
    }

    /// Small, varied positions of the game, from the registry: the ones grundy's own tests
    /// of every game start from.
    #[getter]
    fn sample_positions(&self) -> Vec<&'static str> {
        self.game.sample_positions()
    }

    /// True for the impartial games, which have a misère version (`start(…, misere=True)`).
    #[getter]
    fn is_impartial(&self) -> bool {
        self.game.is_impartial()
    }

    /// A new game from `position` in the game's notation (the default position when None;
    /// for a game of your own also a position object); under misère play, where the last
    /// mover loses, when `misere` is true (impartial games only: the same as ending the
    /// position in `@misere`).
    #[pyo3(signature = (position=None, *, misere=false))]
    fn start(&self, position: Option<PositionArg>, misere: bool) -> PyResult<State> {
        start_game(self.game, position, misere)
    }

    /// What `grundy solve --json` prints of `position` (the default position when None; for
    /// a game of your own also a position object), as a `dict`: who wins, the winning moves
    /// (at most `moves` listed) and the remoteness, the value where the game has one. A game
    /// that loops (built-in, or a class of your own whose positions repeat) gets the report
    /// of a loopy game: the outcome with draws (`"D"`), every winning and drawing move, the
    /// exact remoteness of a win or a loss, and its loopy value (`∞{0}`, a stopper, a sided
    /// value). Takes `time_limit` (seconds, `TimeoutError`) and `memory_limit` (megabytes,
    /// `MemoryError`); Ctrl-C raises `KeyboardInterrupt`; a position the solver cannot
    /// answer raises `ValueError` saying why.
    #[pyo3(signature = (position=None, *, misere=false, moves=10, time_limit=None, memory_limit=None))]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        position: Option<PositionArg>,
        misere: bool,
        moves: usize,
        time_limit: Option<&Bound<'py, PyAny>>,
        memory_limit: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let limits = CallLimits::read(time_limit, memory_limit)?;
        let position = match position {
            Some(position) => position.notation(py, self.game)?,
            None => self.game.default_position().to_owned(),
        };
        let text = with_rules(&position, misere);
        let game = self.game.handle();
        let json = on_worker(py, &limits, move |stop, bytes| {
            let options = SolveOptions {
                moves,
                memory_limit: Some(bytes),
                stop,
                ..SolveOptions::default()
            };
            Ok(game.solve(&text, &options)?.to_json())
        })?;
        let loads = py.import("json")?.getattr("loads")?;
        Ok(loads.call1((json,))?.cast_into::<PyDict>()?)
    }

    fn __repr__(&self) -> String {
        format!("grundy.Game({:?})", self.game.name())
    }

    fn __str__(&self) -> &'static str {
        self.game.name()
    }

    /// Pickles as the name.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (&'static str,))> {
        let class = py.get_type::<Game>().into_any();
        Ok((class, (self.game.name(),)))
    }
}

/// Every game grundy knows, in the library's order.
#[pyfunction]
#[pyo3(name = "games")]
pub fn all_games() -> Vec<Game> {
    games::all().into_iter().map(Game::from).collect()
}

/// A game given by name or as a `Game`.
#[derive(FromPyObject)]
pub enum GameArg {
    /// A `grundy.Game`.
    Game(Game),
    /// A name.
    Name(String),
}

impl GameArg {
    /// The game, or a `ValueError` for an unknown name.
    pub fn resolve(&self) -> PyResult<games::GameKind> {
        match self {
            GameArg::Game(game) => Ok(game.game),
            GameArg::Name(name) => games::find(name).map_err(value_error),
        }
    }
}

/// A position given to `start`: its notation, or a position object of a game of your own.
#[derive(FromPyObject)]
pub enum PositionArg {
    /// The notation.
    Text(String),
    /// A position of a game defined in Python.
    Object(Py<PyAny>),
}

impl PositionArg {
    /// The notation of the position in `game`; a position object is kept by the game, so
    /// that its notation reads back as the object itself.
    pub fn notation(&self, py: Python<'_>, game: games::GameKind) -> PyResult<String> {
        let object = match self {
            PositionArg::Text(text) => return Ok(text.clone()),
            PositionArg::Object(object) => object.bind(py),
        };
        let Some(entry) = game.user() else {
            return Err(PyTypeError::new_err(format!(
                "a position of {} is written in its notation, a str; got a {}",
                game.name(),
                describe_type(object)
            )));
        };
        if !entry.is_position(object)? {
            return Err(PyTypeError::new_err(format!(
                "{} (a {}) is not a position of {}: its positions are {} objects",
                describe(object),
                describe_type(object),
                game.name(),
                entry.class_name()
            )));
        }
        let notation = object.str()?.to_string();
        entry.remember_given(py, &notation, object);
        Ok(notation)
    }
}

/// A new game of `game` (a name or a `Game`) from `position` in the game's notation (for a
/// game of your own also a position object), or from the game's default position when
/// `position` is None; under misère play when `misere` is true (impartial games only).
#[pyfunction]
#[pyo3(signature = (game, position=None, *, misere=false))]
pub fn start(game: GameArg, position: Option<PositionArg>, misere: bool) -> PyResult<State> {
    start_game(game.resolve()?, position, misere)
}

/// `game` from `position` (its default when None), misère when asked.
fn start_game(
    game: games::GameKind,
    position: Option<PositionArg>,
    misere: bool,
) -> PyResult<State> {
    let position = match position {
        Some(position) => Python::attach(|py| position.notation(py, game))?,
        None => game.default_position().to_owned(),
    };
    State::start(game, &with_rules(&position, misere))
}

/// `position`, with the misère rules term when `misere` is true.
fn with_rules(position: &str, misere: bool) -> String {
    if misere {
        grundy::misere_play::with_misere_term(position)
    } else {
        position.to_string()
    }
}
