//! The result of `State.solve()`: who wins and how, as a typed Python object.

use grundy::game::Analysis as Report;

use grundy::player::Seat;
use pyo3::prelude::*;

/// What the game's solver says of a position.
///
/// `winner` is the player (0 moves first, 1 second) who wins with perfect play, `None` when
/// unknown (an unfinished Pousse search). `remoteness` counts the moves to the end with
/// perfect play on both sides (the fastest win, the slowest loss).
#[pyclass(module = "grundy", frozen, eq)]
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// True when the player to move wins, False when it loses, None when unknown.
    #[pyo3(get)]
    pub to_move_wins: Option<bool>,
    /// The player who wins with perfect play (0 or 1), None when unknown.
    #[pyo3(get)]
    pub winner: Option<u8>,
    /// The Grundy value of the position, for impartial games.
    #[pyo3(get)]
    pub grundy_value: Option<u128>,
    /// The move perfect play chooses.
    #[pyo3(get)]
    pub best_move: Option<String>,
    /// Winning moves (at most a few dozen; see `winning_moves_complete`).
    #[pyo3(get)]
    pub winning_moves: Vec<String>,
    /// True when `winning_moves` lists every winning move.
    #[pyo3(get)]
    pub winning_moves_complete: bool,
    /// Moves to the end with perfect play on both sides.
    #[pyo3(get)]
    pub remoteness: Option<u128>,
    /// True when `remoteness` is proven, False when it is the game's heuristic.
    #[pyo3(get)]
    pub remoteness_exact: bool,
    /// A game-specific note (Pousse's score and principal variation; for a game of your
    /// own, why the result is unknown).
    #[pyo3(get)]
    pub comment: Option<String>,
    /// A partizan game's canonical value in CGSuite's notation (`{1|-1}`, `^*`), when the
    /// game's solver gives one: text, as `grundy solve` prints it (`State.value()` gives
    /// the value as a `grundy.Value`).
    #[pyo3(get)]
    pub value: Option<String>,
    /// Under misère play, when the game's misère quotient decided the position (a sum of
    /// heaps too large for the exact search, neither Nim nor tame): the position's element
    /// of the quotient as a word in its generators (`ab^2`, `1` for the identity), in the
    /// P-portion exactly when `to_move_wins` is False; `comment` names the quotient. None
    /// otherwise.
    #[pyo3(get)]
    pub quotient_element: Option<String>,
    line: String,
}

impl Analysis {
    /// The library's report, with the side to move to name the winner.
    pub fn new(report: &Report, to_move: Seat) -> Self {
        let winner = report.to_move_wins.map(|wins| {
            let side = if wins { to_move } else { to_move.other() };
            side.index() as u8
        });
        Analysis {
            to_move_wins: report.to_move_wins,
            winner,
            grundy_value: report.grundy_value,
            best_move: report.best_move.clone(),
            winning_moves: report.winning_moves.clone(),
            winning_moves_complete: report.winning_moves_complete,
            remoteness: report.remoteness,
            remoteness_exact: report.remoteness_exact,
            comment: report.comment.clone(),
            value: report.value.clone(),
            quotient_element: report.quotient_element.clone(),
            line: report.to_string(),
        }
    }
}

#[pymethods]
impl Analysis {
    /// One line, as `grundy solve` words it: `win in 5 best v1 value 2 winning v1 v3`.
    fn __str__(&self) -> String {
        self.line.clone()
    }

    fn __repr__(&self) -> String {
        format!("<Analysis {}>", self.line)
    }
}
