//! A game of a user's class in progress: the library's [`GameState`] over the user's Python
//! objects, for every front end (`grundy.State`, the strategies, the referee, OpenSpiel, a
//! web server).
//!
//! **Moves.** The legal moves of a position are its options (`options()`, or the options of
//! the player to move), in the order the method lists them, each named by the position's
//! `move_name(option)` when its class has that method, else by the notation (`str()`) of
//! the position the move leads to. Options with the same name are one move, the first of
//! them. A move is played by its name.
//!
//! **Players.** In an impartial game the players are `first` and `second`. In a partizan
//! game Left and Right alternate; who starts is the game's first player (Left unless the
//! game was defined with `first="right"`) or the player a start position names (`@L`,
//! `@R`). The position's notation names the player to move when it is not the game's first
//! player, so that the entry reads it back as the same game in progress.
//!
//! **The end.** Under normal play the player who cannot move loses. Misère play is the
//! library's generic wrapper around this state (impartial games only).
//!
//! **Memory.** The path from the start is a chain of shared nodes, so a copy of a game
//! (which the strategies and searches make often) costs a reference count, and each node
//! lists its moves once. Errors of the user's methods go to [`super::failure`].

use std::fmt;
use std::sync::{Arc, OnceLock};

use grundy::error::RuleError;
use grundy::game::GameEntry;
use grundy::game::{Analysis, Budget, GameState, MoveError, MoveList, Status};
use grundy::player::Seat;
use pyo3::exceptions::PyTypeError;
use pyo3::intern;
use pyo3::prelude::*;
use rand::{Rng, RngCore};

use super::api::Kind;
use super::entry::{Pinned, UserEntry};
use super::failure::{described, failed, report};
use super::run::{describe, describe_type, Progress, Run};
use super::walk::Mover;
use crate::limits::CallLimits;

/// How many legal moves an illegal move's message lists.
const MOVES_SHOWN: usize = 12;

/// One legal move: its name, and the position it leads to with that position's notation.
pub struct Choice {
    /// The move's name.
    pub name: String,
    /// The notation of the position after the move.
    pub notation: String,
    /// The position after the move.
    pub position: Py<PyAny>,
}

/// A position on the path from the start.
pub struct Node {
    /// The user's position.
    pub position: Py<PyAny>,
    /// Its notation (`str()`).
    pub notation: String,
    /// Who moves in it.
    pub mover: Mover,
    /// The move that led here, and the node before it (none at the start).
    came_from: Option<(String, Arc<Node>)>,
    /// The number of moves from the start.
    depth: usize,
    /// The legal moves, listed once.
    choices: OnceLock<Vec<Choice>>,
    /// Keeps the position readable by its notation while the node lives.
    _pinned: Pinned,
}

/// A long path is let go one node after the other, not by a recursion as deep as the game.
impl Drop for Node {
    fn drop(&mut self) {
        let mut next = self.came_from.take();
        while let Some((_, node)) = next {
            next = match Arc::try_unwrap(node) {
                Ok(mut node) => node.came_from.take(),
                Err(_) => None,
            };
        }
    }
}

/// A game of a user's class in progress.
pub struct UserState {
    /// The game.
    pub entry: &'static UserEntry,
    /// The current position, with the path to it.
    pub node: Arc<Node>,
    /// Whether the game is played under misère play (the player who cannot move wins).
    pub misere: bool,
}

impl UserState {
    /// A game starting from `position`, in which `mover` moves first, under misère play
    /// when `misere`. The position's
    /// notation is kept by the entry.
    pub fn new(
        py: Python<'_>,
        entry: &'static UserEntry,
        position: Py<PyAny>,
        mover: Mover,
        misere: bool,
    ) -> PyResult<UserState> {
        let bound = position.bind(py);
        if !entry.is_position(bound)? {
            return Err(PyTypeError::new_err(format!(
                "{} (a {}) is not a position of {}: its positions have {}",
                describe(bound),
                describe_type(bound),
                entry.name,
                match entry.kind {
                    Kind::Impartial => "options()",
                    Kind::Partizan => "left_options() and right_options()",
                }
            )));
        }
        let notation = bound.str()?.to_string();
        entry.remember(py, &notation, bound);
        let pinned = entry.pin(py, &notation, bound);
        Ok(UserState {
            entry,
            misere,
            node: Arc::new(Node {
                position,
                notation,
                mover,
                came_from: None,
                depth: 0,
                choices: OnceLock::new(),
                _pinned: pinned,
            }),
        })
    }

    /// The legal moves of the current position, listed once; an exception of the user's
    /// methods is passed on. No moves once a call's scope has failed ([`failed`]).
    pub fn try_choices(&self) -> PyResult<&[Choice]> {
        if let Some(choices) = self.node.choices.get() {
            return Ok(choices);
        }
        if failed() {
            return Ok(&[]);
        }
        let listed = Python::attach(|py| self.list_choices(py))?;
        Ok(self.node.choices.get_or_init(|| listed))
    }

    /// The legal moves of the current position, listed once; an exception of the user's
    /// methods is reported, and there are no moves.
    pub fn choices(&self) -> &[Choice] {
        self.listed().unwrap_or(&[])
    }

    /// The legal moves of the current position, listed once, or `None` when the user's
    /// methods raised (the exception reported): the moves are not known, which is not
    /// the same as none.
    fn listed(&self) -> Option<&[Choice]> {
        match self.try_choices() {
            Ok(choices) => Some(choices),
            Err(error) => {
                Python::attach(|py| {
                    report(
                        py,
                        error,
                        &format!("listing the moves of {}", self.node.notation),
                    )
                });
                None
            }
        }
    }

    /// Asks the user's position for its options and names them.
    fn list_choices(&self, py: Python<'_>) -> PyResult<Vec<Choice>> {
        let position = self.node.position.bind(py);
        let method = self.node.mover.method(py);
        let mut run = Run::new(
            py,
            CallLimits::default_memory(),
            Progress::Off,
            "listing moves",
        );
        let options = run.list(position, method)?;
        let next = self.node.mover.other().method(py);
        let names = position.hasattr(intern!(py, "move_name"))?;
        let mut choices: Vec<Choice> = Vec::with_capacity(options.len());
        for option in options {
            run.key(&option, Some(position))?;
            run.check_position(&option, Some(position), next)?;
            let notation = option
                .str()
                .map_err(|error| {
                    run.noted(
                        error,
                        format!("raised by str() of an option of {}", describe(position)),
                    )
                })?
                .to_string();
            let name = if names {
                let name = position
                    .call_method1(intern!(py, "move_name"), (&option,))
                    .map_err(|error| {
                        run.noted(
                            error,
                            format!("raised by move_name({notation}) of {}", describe(position)),
                        )
                    })?;
                name.extract::<String>().map_err(|_| {
                    PyTypeError::new_err(format!(
                        "move_name({notation}) of {} gave {} (a {}), not a str",
                        describe(position),
                        describe(&name),
                        describe_type(&name)
                    ))
                })?
            } else {
                notation.clone()
            };
            if choices.iter().any(|choice| choice.name == name) {
                continue;
            }
            self.entry.remember(py, &notation, &option);
            choices.push(Choice {
                name,
                notation,
                position: option.unbind(),
            });
        }
        Ok(choices)
    }

    /// The player to move in words: `left` or `right` in a partizan game, else `first` or
    /// `second`.
    pub fn mover_name(&self) -> String {
        self.side_name(self.side_to_move())
    }

    /// The position's own drawing: its `_repr_svg_()`, when it has one.
    pub fn picture_svg(&self) -> Option<String> {
        if failed() {
            return None;
        }
        Python::attach(|py| {
            let position = self.node.position.bind(py);
            let drawn = (|| -> PyResult<Option<String>> {
                if !position.hasattr(intern!(py, "_repr_svg_"))? {
                    return Ok(None);
                }
                position.call_method0(intern!(py, "_repr_svg_"))?.extract()
            })();
            drawn.unwrap_or_else(|error| {
                report(
                    py,
                    error,
                    &format!("drawing {} (its _repr_svg_)", self.node.notation),
                );
                None
            })
        })
    }

    /// `node`'s position in writing: its notation, the player to move when not the
    /// game's first, and the term `@misere` under misère play.
    fn written(&self, node: &Node) -> String {
        let position = self.entry.with_turn(&node.notation, node.mover);
        if self.misere {
            grundy::misere_play::with_misere_term(&position)
        } else {
            position
        }
    }

    /// The move named `mv` (exactly, or once trimmed).
    fn choice(&self, mv: &str) -> Option<&Choice> {
        let choices = self.choices();
        choices
            .iter()
            .find(|choice| choice.name == mv)
            .or_else(|| choices.iter().find(|choice| choice.name == mv.trim()))
    }
}

impl fmt::Debug for UserState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "UserState({} {})", self.entry.name, self.node.notation)
    }
}

impl GameState for UserState {
    fn entry(&self) -> &'static dyn GameEntry {
        self.entry
    }

    fn position(&self) -> String {
        self.written(&self.node)
    }

    fn start_position(&self) -> String {
        let mut node = &self.node;
        while let Some((_, before)) = &node.came_from {
            node = before;
        }
        self.written(node)
    }

    fn history(&self) -> Vec<String> {
        let mut moves = Vec::with_capacity(self.node.depth);
        let mut node = &self.node;
        while let Some((mv, before)) = &node.came_from {
            moves.push(mv.clone());
            node = before;
        }
        moves.reverse();
        moves
    }

    fn side_to_move(&self) -> Seat {
        if self.node.depth.is_multiple_of(2) {
            Seat::First
        } else {
            Seat::Second
        }
    }

    fn side_name(&self, side: Seat) -> String {
        let mover = if side == self.side_to_move() {
            self.node.mover
        } else {
            self.node.mover.other()
        };
        match mover {
            Mover::Either => side.to_string(),
            Mover::Left => "left".to_owned(),
            Mover::Right => "right".to_owned(),
        }
    }

    /// Over when the player to move has no move: that player loses (normal play), or
    /// wins (misère play). A
    /// position whose moves could not be listed (the user's method raised) is not over:
    /// its analysis then says it is unknown and why, rather than a win for the player who
    /// moved to it. Inside a call from Python that has failed, it is over, so that every
    /// loop ends (the call raises the exception).
    fn status(&self) -> Status {
        let over = Status::Won {
            winner: if self.misere {
                self.side_to_move()
            } else {
                self.side_to_move().other()
            },
        };
        match self.listed() {
            Some([]) => over,
            Some(_) => Status::Ongoing,
            None if failed() => over,
            None => Status::Ongoing,
        }
    }

    fn play(&mut self, mv: &str) -> Result<String, MoveError> {
        let Some(choices) = self.listed() else {
            return Err(MoveError::Rule(RuleError::new(
                format!("{mv:?}"),
                format!(
                    "the moves of {} in {} could not be listed: its method raised",
                    self.entry.name,
                    self.position()
                ),
            )));
        };
        if choices.is_empty() {
            return Err(MoveError::GameOver);
        }
        let Some(choice) = self.choice(mv) else {
            let legal: Vec<&str> = self
                .choices()
                .iter()
                .take(MOVES_SHOWN)
                .map(|choice| choice.name.as_str())
                .collect();
            let more = if self.choices().len() > MOVES_SHOWN {
                ", …"
            } else {
                ""
            };
            return Err(MoveError::Rule(RuleError::new(
                format!("{mv:?}"),
                format!(
                    "not a move of {} in {}; the legal moves are {}{more}",
                    self.entry.name,
                    self.position(),
                    legal.join(", ")
                ),
            )));
        };
        let name = choice.name.clone();
        let next = Python::attach(|py| {
            // A position a player reached is kept while its node lives, whatever the entry
            // holds already, so that its notation always reads back to it (its picture,
            // bounds and value are asked of the entry by the notation).
            let pinned = self
                .entry
                .pin(py, &choice.notation, choice.position.bind(py));
            Node {
                position: choice.position.clone_ref(py),
                notation: choice.notation.clone(),
                mover: self.node.mover.other(),
                came_from: Some((name.clone(), Arc::clone(&self.node))),
                depth: self.node.depth + 1,
                choices: OnceLock::new(),
                _pinned: pinned,
            }
        });
        self.node = Arc::new(next);
        Ok(name)
    }

    fn undo(&mut self) -> Option<String> {
        let (mv, before) = self.node.came_from.clone()?;
        self.node = before;
        Some(mv)
    }

    /// The moves; none, and not complete, when they could not be listed.
    fn legal_moves(&self, limit: usize) -> MoveList {
        let Some(choices) = self.listed() else {
            return MoveList {
                moves: Vec::new(),
                total: None,
                complete: false,
            };
        };
        MoveList {
            moves: choices
                .iter()
                .take(limit)
                .map(|choice| choice.name.clone())
                .collect(),
            total: Some(choices.len() as u128),
            complete: limit >= choices.len(),
        }
    }

    fn random_move(&self, rng: &mut dyn RngCore) -> Option<String> {
        let choices = self.choices();
        if choices.is_empty() {
            return None;
        }
        Some(choices[rng.gen_range(0..choices.len())].name.clone())
    }

    /// The notation, and in a partizan game the player to move.
    fn draw(&self) -> String {
        match self.entry.kind {
            Kind::Impartial => self.node.notation.clone(),
            Kind::Partizan => format!("{}\n{} to move", self.node.notation, self.mover_name()),
        }
    }

    fn analyse(&mut self, budget: &Budget) -> Analysis {
        match self.solution(budget, true) {
            Ok(solved) => solved.analysis(),
            Err(error) => {
                let comment = Python::attach(|py| {
                    let comment = format!("unknown: {}", described(py, &error));
                    report(py, error, &format!("solving {}", self.position()));
                    comment
                });
                Analysis {
                    comment: Some(comment),
                    ..Analysis::default()
                }
            }
        }
    }

    fn perfect_move(&mut self, budget: &Budget) -> Option<String> {
        self.chosen(budget, |solved| solved.perfect_move().map(str::to_owned))
    }

    fn stubborn_move(&mut self, budget: &Budget) -> Option<String> {
        self.chosen(budget, |solved| solved.stubborn_move().map(str::to_owned))
    }

    fn clone_box(&self) -> Box<dyn GameState> {
        Box::new(UserState {
            entry: self.entry,
            node: Arc::clone(&self.node),
            misere: self.misere,
        })
    }
}

impl UserState {
    /// The move `choose` picks from the play-out; when the play-out fails, the error is
    /// reported and the first legal move stands in.
    fn chosen(
        &mut self,
        budget: &Budget,
        choose: impl FnOnce(&super::solver::Solved) -> Option<String>,
    ) -> Option<String> {
        if self.choices().is_empty() {
            return None;
        }
        match self.solution(budget, false) {
            Ok(solved) => choose(&solved),
            Err(error) => {
                Python::attach(|py| {
                    report(
                        py,
                        error,
                        &format!(
                            "choosing a move in {} (the first legal move is played)",
                            self.position()
                        ),
                    )
                });
                self.choices().first().map(|choice| choice.name.clone())
            }
        }
    }

    /// The node's path and moves, for the solver.
    pub fn node(&self) -> &Arc<Node> {
        &self.node
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::user::entry::Description;
    use pyo3::types::PyModule;

    /// A countdown: take 1 or 2; `options()` raises at `fuse`.
    const COUNTDOWN: &std::ffi::CStr = cr#"
class Countdown:
    def __init__(self, n, fuse):
        self.n, self.fuse = n, fuse
    def options(self):
        if self.n == self.fuse:
            raise RuntimeError("boom")
        return [Countdown(self.n - k, self.fuse) for k in (1, 2) if k <= self.n]
    def __eq__(self, other):
        return (self.n, self.fuse) == (other.n, other.fuse)
    def __hash__(self):
        return hash((self.n, self.fuse))
    def __str__(self):
        return str(self.n)
"#;

    /// The countdown from 5 as a game called `name`.
    fn countdown(name: &str, fuse: i64) -> grundy::registry::Game {
        countdown_entry(name, fuse).handle()
    }

    /// The entry of the countdown from 5 called `name`.
    fn countdown_entry(name: &str, fuse: i64) -> &'static UserEntry {
        Python::attach(|py| {
            let module = PyModule::from_code(py, COUNTDOWN, c"countdown.py", c"countdown").unwrap();
            let class = module.getattr("Countdown").unwrap();
            let start = class.call1((5, fuse)).unwrap();
            UserEntry::leak_new(
                Description {
                    name: name.to_owned(),
                    title: "Countdown".to_owned(),
                    summary: "Take 1 or 2".to_owned(),
                    notation: "the counters left".to_owned(),
                    kind: Kind::Impartial,
                    first: Mover::Either,
                    class: (class.unbind(), "Countdown".to_owned()),
                },
                &[("5".to_owned(), start)],
            )
        })
    }

    /// The positions of a game in progress are kept while a game holds them, and let go
    /// with the last game that does: a long session keeps only its live games' positions.
    #[test]
    fn the_positions_of_games_in_progress_are_kept_while_they_live() {
        Python::initialize();
        let entry = countdown_entry("countdown-pinned", -1);
        let game = entry.handle();
        let mut state = game.start("5").unwrap();
        state.play("4").unwrap();
        state.play("3").unwrap();
        assert_eq!(entry.pinned_count(), 3);
        let copy = state.clone_box();
        let mut other = game.start("5").unwrap();
        other.play("3").unwrap();
        assert_eq!(entry.pinned_count(), 3, "5, 4 and 3, each once");
        drop(state);
        assert_eq!(entry.pinned_count(), 3, "the copy holds its line");
        assert_eq!(game.start("4").unwrap().position(), "4");
        drop(copy);
        assert_eq!(entry.pinned_count(), 2, "the other game holds 5 and 3");
        assert_eq!(other.undo().as_deref(), Some("3"));
        assert_eq!(entry.pinned_count(), 1);
        drop(other);
        assert_eq!(entry.pinned_count(), 0);
    }

    /// A web server's thread: no Python caller, no interpreter held. The game plays, and
    /// an exception of the game gives the plain answers (and goes to stderr), never a
    /// value: a position whose moves raised is unknown, not lost.
    #[test]
    fn a_rust_thread_plays_and_gets_plain_answers_when_the_game_raises() {
        Python::initialize();
        let good = countdown("countdown", -1);
        let bad = countdown("countdown-bad", 3);
        std::thread::spawn(move || {
            let budget = Budget::default();
            let mut state = good.start("5").unwrap();
            assert_eq!(grundy::registry::Game::from(state.entry()), good);
            assert_eq!(state.legal_moves(10).moves, ["4", "3"]);
            let analysis = state.analyse(&budget);
            assert_eq!(analysis.to_move_wins, Some(true));
            assert_eq!(analysis.grundy_value, Some(2));
            assert_eq!(analysis.remoteness, Some(3));
            assert_eq!(state.perfect_move(&budget).as_deref(), Some("3"));
            assert_eq!(state.play("3").unwrap(), "3");
            let copy = state.clone_box();
            assert_eq!(state.undo().as_deref(), Some("3"));
            assert_eq!(copy.history(), ["3"]);
            assert_eq!(good.start(&copy.position()).unwrap().position(), "3");
            assert!(good.start("17").is_err());

            let mut broken = bad.start("5").unwrap();
            let analysis = broken.analyse(&budget);
            assert_eq!(analysis.to_move_wins, None);
            assert!(analysis.comment.unwrap().contains("boom"));
            // The search fails; the first legal move stands in.
            assert_eq!(broken.perfect_move(&budget).as_deref(), Some("4"));
            broken.play("4").unwrap();
            broken.play("3").unwrap();
            // Listing the moves raises: none are known, the list is not complete, and the
            // game is not over (the player who moved here has not won): its analysis is
            // unknown, naming the error, and no move can be played.
            let listed = broken.legal_moves(10);
            assert!(listed.moves.is_empty());
            assert!(!listed.complete);
            assert_eq!(listed.total, None);
            assert_eq!(broken.status(), Status::Ongoing);
            let analysis = broken.analyse(&budget);
            assert_eq!(analysis.to_move_wins, None);
            let comment = analysis.comment.unwrap();
            assert!(
                comment.starts_with("unknown: ") && comment.contains("boom"),
                "{comment}"
            );
            let refused = broken.play("1").unwrap_err().to_string();
            assert!(refused.contains("could not be listed"), "{refused}");
        })
        .join()
        .unwrap();
    }
}
