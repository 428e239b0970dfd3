//! `grundy.Game`, `grundy.games()` and `grundy.start()`.

use pyo3::prelude::*;

use crate::errors::value_error;
use crate::games;
use crate::state::State;

/// One of grundy's games: its name, what it is, and where it usually starts.
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

    /// A new game from `position` in the game's notation (the default position when None);
    /// under misère play, where the last mover loses, when `misere` is true (impartial games
    /// only: the same as ending the position in `@misere`).
    #[pyo3(signature = (position=None, *, misere=false))]
    fn start(&self, position: Option<&str>, misere: bool) -> PyResult<State> {
        State::start(
            self.game,
            &with_rules(position.unwrap_or(self.game.default_position()), misere),
        )
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

/// A new game of `game` (a name or a `Game`) from `position` in the game's notation, or from
/// the game's default position when `position` is None; under misère play when `misere` is
/// true (impartial games only).
#[pyfunction]
#[pyo3(signature = (game, position=None, *, misere=false))]
pub fn start(game: GameArg, position: Option<&str>, misere: bool) -> PyResult<State> {
    let game = game.resolve()?;
    State::start(
        game,
        &with_rules(position.unwrap_or(game.default_position()), misere),
    )
}

/// `position`, with the misère rules term when `misere` is true.
fn with_rules(position: &str, misere: bool) -> String {
    if misere {
        grundy::misere_play::with_misere_term(position)
    } else {
        position.to_string()
    }
}
