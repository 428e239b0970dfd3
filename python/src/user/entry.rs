//! A user's game as a line of the library's registry: a [`GameEntry`] whose positions are
//! the user's Python objects, so that every front end that takes a
//! [`grundy::registry::Game`] (states, strategies, the referee, OpenSpiel, a web server)
//! plays it.
//!
//! What the entry says of itself ([`grundy.define_game`](super::define)): the name and
//! title given, a summary (given, or the first line of the class's docstring), its notation
//! in words, and its start positions (the default position first). The strings are leaked:
//! an entry lives as long as the process, as the registry's do, and a user defines a handful.
//!
//! **Positions in writing.** A position's notation is its `str()`. The library's front ends
//! hand positions around as text (a record's start position, a pickled state, a web page),
//! so the entry reads text back: from the positions it has met, kept by notation (the start
//! positions, every position given to `grundy.start`, and every option a game in progress
//! listed; at most [`MAX_KNOWN`], the start positions always), then through the class's
//! classmethod `parse(text)` when it has one. Any other text is a [`ParseError`] naming it
//! and saying how to make it readable. In a partizan game a position may end in `@L` or `@R`
//! (also `@left`, `@right`), the library's way of naming the player to move; without it the
//! game's first player moves (Left unless the game was defined with `first="right"`).
//!
//! **Threads.** The entry holds Python objects only as `Py` handles, behind locks taken with
//! the interpreter attached ([`MutexExt::lock_py_attached`]), and every call into Python
//! goes through [`Python::attach`]: a web server may start games and ask questions from its
//! own threads.

use grundy::game::Listing;
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

use grundy::error::ParseError;
use grundy::game::{Budget, GameState};
use grundy::game::{CapEdge, GameEntry};
use grundy::registry::Game;
use grundy::report::Outcome;
use grundy::report::{Remoteness, RemotenessKind, Report, SolveError, SolveOptions, SolvedReport};
use pyo3::exceptions::{PyMemoryError, PyTimeoutError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::MutexExt;

use super::api::Kind;
use super::failure::{noted, report};
use super::loopy_report::{loopy_report, Asked, Played};
use super::run::describe;
use super::state::UserState;
use super::walk::Mover;

/// The most positions an entry keeps by notation besides its start positions: beyond it,
/// positions met in play are not kept (a class with `parse` still reads them).
pub const MAX_KNOWN: usize = 1 << 20;

/// A user's game: what the registry asks of it, and the positions it has met.
pub struct UserEntry {
    /// The name (lower case; what `grundy.Game(name)` finds).
    pub name: &'static str,
    title: &'static str,
    summary: &'static str,
    notation: &'static str,
    /// The start positions' notations, the default position first.
    starts: &'static [&'static str],
    /// Impartial (`options()`) or partizan (`left_options()`, `right_options()`).
    pub kind: Kind,
    /// Who moves first from a position that names no player: [`Mover::Either`] in an
    /// impartial game, else Left or Right.
    pub first: Mover,
    /// The class of the default position, whose `parse` reads positions.
    class: Py<PyAny>,
    /// The class's name, for messages.
    class_name: &'static str,
    /// Positions met, by notation.
    known: Mutex<HashMap<String, Py<PyAny>>>,
    /// The positions of the games in progress, by notation, each with the number of game
    /// nodes that hold it ([`Pinned`]): kept whatever [`UserEntry::known`] holds, and let go
    /// when the last game that reached them is.
    played: Mutex<HashMap<String, (Py<PyAny>, usize)>>,
    /// The bounds of [`super::bounds`] already computed, by notation of the position.
    pub bounds: Mutex<HashMap<String, (u128, Option<u128>)>>,
    /// The entry itself, for the game states it starts (set once, when it is leaked).
    this: OnceLock<&'static UserEntry>,
}

/// What [`UserEntry::new`] needs: everything but the positions met.
pub struct Description {
    /// The name, already checked.
    pub name: String,
    /// The title.
    pub title: String,
    /// The summary.
    pub summary: String,
    /// The notation in words.
    pub notation: String,
    /// The kind of game.
    pub kind: Kind,
    /// Who moves first.
    pub first: Mover,
    /// The class of the default position, and its name.
    pub class: (Py<PyAny>, String),
}

/// A string that lives as long as the process.
fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

/// A lock that a panic elsewhere leaves usable (the maps stay consistent: every change is
/// one insertion).
fn unpoison<'a, T>(
    result: Result<MutexGuard<'a, T>, PoisonError<MutexGuard<'a, T>>>,
) -> MutexGuard<'a, T> {
    result.unwrap_or_else(PoisonError::into_inner)
}

impl UserEntry {
    /// A new entry, leaked, whose start positions are `starts` (the default first), each
    /// with its notation.
    pub fn leak_new(
        description: Description,
        starts: &[(String, Bound<'_, PyAny>)],
    ) -> &'static UserEntry {
        let notations: Vec<&'static str> = starts
            .iter()
            .map(|(notation, _)| leak(notation.clone()))
            .collect();
        let known: HashMap<String, Py<PyAny>> = starts
            .iter()
            .map(|(notation, position)| (notation.clone(), position.clone().unbind()))
            .collect();
        let entry: &'static UserEntry = Box::leak(Box::new(UserEntry {
            name: leak(description.name),
            title: leak(description.title),
            summary: leak(description.summary),
            notation: leak(description.notation),
            starts: Box::leak(notations.into_boxed_slice()),
            kind: description.kind,
            first: description.first,
            class: description.class.0,
            class_name: leak(description.class.1),
            known: Mutex::new(known),
            played: Mutex::new(HashMap::new()),
            bounds: Mutex::new(HashMap::new()),
            this: OnceLock::new(),
        }));
        let _ = entry.this.set(entry);
        entry
    }

    /// The registry's handle of this entry.
    pub fn handle(&'static self) -> Game {
        Game::new(self)
    }

    /// The class's name.
    pub fn class_name(&self) -> &'static str {
        self.class_name
    }

    /// Keeps `position` under `notation` unless a position is kept there already or the
    /// entry keeps [`MAX_KNOWN`] positions (a game in progress keeps its own positions
    /// besides, [`UserEntry::pin`]).
    pub fn remember(&self, py: Python<'_>, notation: &str, position: &Bound<'_, PyAny>) {
        let mut known = unpoison(self.known.lock_py_attached(py));
        if known.len() < MAX_KNOWN + self.starts.len() && !known.contains_key(notation) {
            known.insert(notation.to_owned(), position.clone().unbind());
        }
    }

    /// Keeps `position`, which a person gave (`grundy.start(game, position)`), under
    /// `notation` in any case, in place of a position kept there already (a game in
    /// progress's too): the game then starts from that very object.
    pub fn remember_given(&self, py: Python<'_>, notation: &str, position: &Bound<'_, PyAny>) {
        let replaced = unpoison(self.known.lock_py_attached(py))
            .insert(notation.to_owned(), position.clone().unbind());
        let replaced_played = unpoison(self.played.lock_py_attached(py))
            .get_mut(notation)
            .map(|(kept, _)| std::mem::replace(kept, position.clone().unbind()));
        // What was replaced is let go after the locks (its __del__ may run Python).
        drop((replaced, replaced_played));
    }

    /// Keeps `position` under `notation` for as long as the returned [`Pinned`] lives (a
    /// node of a game in progress holds it), so that its notation reads back to it whatever
    /// [`UserEntry::remember`] kept: its picture, bounds and value are asked of the entry by
    /// the notation. Positions of games no longer held are let go, so a long session keeps
    /// only the positions of its live games.
    pub fn pin(
        &'static self,
        py: Python<'_>,
        notation: &str,
        position: &Bound<'_, PyAny>,
    ) -> Pinned {
        let mut played = unpoison(self.played.lock_py_attached(py));
        played
            .entry(notation.to_owned())
            .or_insert_with(|| (position.clone().unbind(), 0))
            .1 += 1;
        Pinned {
            entry: self,
            notation: notation.to_owned(),
        }
    }

    /// The number of positions kept for games in progress ([`UserEntry::pin`]).
    pub fn pinned_count(&self) -> usize {
        unpoison(self.played.lock()).len()
    }

    /// The position kept under `notation`: a game in progress's first, then one met.
    fn known(&self, py: Python<'_>, notation: &str) -> Option<Py<PyAny>> {
        {
            let played = unpoison(self.played.lock_py_attached(py));
            if let Some((position, _)) = played.get(notation) {
                return Some(position.clone_ref(py));
            }
        }
        let known = unpoison(self.known.lock_py_attached(py));
        known.get(notation).map(|position| position.clone_ref(py))
    }

    /// Whether `position` is a position of this kind of game (it has `options()`, or
    /// `left_options()`).
    pub fn is_position(&self, position: &Bound<'_, PyAny>) -> PyResult<bool> {
        let py = position.py();
        let method = match self.kind {
            Kind::Impartial => intern!(py, "options"),
            Kind::Partizan => intern!(py, "left_options"),
        };
        position.hasattr(method)
    }

    /// Reads a position from `text`: the position and who moves in it. Python's errors
    /// (of `parse`, `str()`) are reported ([`report`]) and make a [`ParseError`] too.
    pub fn read(&self, py: Python<'_>, text: &str) -> Result<(Py<PyAny>, Mover), ParseError> {
        let trimmed = text.trim();
        for candidate in [text, trimmed] {
            if let Some(position) = self.known(py, candidate) {
                return Ok((position, self.first));
            }
        }
        if self.kind == Kind::Partizan {
            if let Some((bare, mover)) = split_turn(trimmed) {
                if let Some(position) = self.known(py, bare) {
                    return Ok((position, mover));
                }
                if let Some(position) = self.parse(py, bare)? {
                    return Ok((position, mover));
                }
            }
        }
        match self.parse(py, trimmed)? {
            Some(position) => Ok((position, self.first)),
            None => Err(ParseError::at_token(
                format!(
                    "not a position of {} that grundy has met: a position is read back from its \
                     notation (its str()) once it was a start position, given to grundy.start, \
                     or an option listed in play; give the position object itself, or define a \
                     classmethod parse(text) on {}",
                    self.name, self.class_name
                ),
                text,
            )),
        }
    }

    /// `text` read by the class's `parse`, when it has one; the position is kept.
    fn parse(&self, py: Python<'_>, text: &str) -> Result<Option<Py<PyAny>>, ParseError> {
        let class = self.class.bind(py);
        let failed = |error: PyErr, what: &str| {
            let message = format!("{}.parse({text:?}) {what}: {error}", self.class_name);
            let error = noted(
                py,
                error,
                &format!("{what} in parse({text:?}) of {}", self.class_name),
            );
            report(py, error, &format!("reading the position {text:?}"));
            ParseError::at_token(message, text)
        };
        if !class.hasattr(intern!(py, "parse")).unwrap_or(false) {
            return Ok(None);
        }
        let position = class
            .call_method1(intern!(py, "parse"), (text,))
            .map_err(|error| failed(error, "raised"))?;
        if !self
            .is_position(&position)
            .map_err(|error| failed(error, "raised"))?
        {
            return Err(ParseError::at_token(
                format!(
                    "{}.parse({text:?}) gave {}, not a position of {}",
                    self.class_name,
                    describe(&position),
                    self.name
                ),
                text,
            ));
        }
        let notation = position
            .str()
            .map_err(|error| failed(error, "gave a position whose str() raised"))?
            .to_string();
        self.remember(py, &notation, &position);
        Ok(Some(position.unbind()))
    }

    /// The position `text` written with the player to move: `@R` (or `@L`) when that
    /// player is not the one who moves first by default.
    pub fn with_turn(&self, notation: &str, mover: Mover) -> String {
        if mover == self.first || mover == Mover::Either {
            notation.to_owned()
        } else if mover == Mover::Right {
            format!("{notation}@R")
        } else {
            format!("{notation}@L")
        }
    }

    /// A game in progress from `text` (under misère play when it ends in `@misere`).
    fn start_state(&'static self, text: &str) -> Result<UserState, ParseError> {
        let (bare, misere) = grundy::misere_play::split_misere(text);
        Python::attach(|py| {
            let (position, mover) = self.read(py, bare)?;
            UserState::new(py, self, position, mover, misere).map_err(|error| {
                let message = error.to_string();
                report(py, error, &format!("starting from {text:?}"));
                ParseError::at_token(message, text)
            })
        })
    }

    /// The user's state at the position of `state` (of its usual game under misère play),
    /// read back from its notation: every position met in play is kept under it
    /// ([`UserEntry::remember`]).
    fn state_at(&self, state: &dyn GameState) -> Option<UserState> {
        let usual = state.usual_rules().unwrap_or(state);
        self.this().ok()?.start_state(&usual.position()).ok()
    }

    /// The entry itself, with the lifetime of the process.
    fn this(&self) -> Result<&'static UserEntry, ParseError> {
        self.this
            .get()
            .copied()
            .ok_or_else(|| ParseError::new(format!("{} is not defined yet", self.name)))
    }
}

/// Splits a partizan position's `@L`, `@R`, `@left` or `@right` (any case) off `text`.
fn split_turn(text: &str) -> Option<(&str, Mover)> {
    let (bare, side) = text.rsplit_once('@')?;
    let mover = match side.trim().to_ascii_lowercase().as_str() {
        "l" | "left" => Mover::Left,
        "r" | "right" => Mover::Right,
        _ => return None,
    };
    Some((bare.trim_end(), mover))
}

impl std::fmt::Debug for UserEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "UserEntry({})", self.name)
    }
}

impl Listing for UserEntry {
    fn name(&self) -> &'static str {
        self.name
    }

    fn title(&self) -> &'static str {
        self.title
    }

    fn summary(&self) -> &'static str {
        self.summary
    }

    fn notation(&self) -> &'static str {
        self.notation
    }

    fn example(&self) -> &'static str {
        self.default_position()
    }

    fn default_position(&self) -> &'static str {
        self.starts.first().copied().unwrap_or("")
    }

    fn start_positions(&self) -> &'static [&'static str] {
        self.starts
    }

    fn sample_positions(&self) -> &'static [&'static str] {
        self.starts
    }
}

impl GameEntry for UserEntry {
    fn is_impartial(&self) -> bool {
        self.kind == Kind::Impartial
    }

    /// A partizan game of the user's is played under misère play by its own play-outs (the
    /// library's misère wrapper is for the impartial games, which keep it).
    fn plays_misere_itself(&self) -> bool {
        self.kind == Kind::Partizan
    }

    /// A user's game is solved exactly by playing it out, never searched.
    fn is_searched(&self) -> bool {
        false
    }

    /// The position's own `_repr_svg_()`, when its class has one.
    fn picture_svg(&self, state: &dyn GameState) -> Option<String> {
        self.state_at(state)?.picture_svg()
    }

    /// The most options of any position reachable from the state's by moves of either
    /// player, by a walk over them all (see [`super::bounds`]).
    fn most_moves(&self, state: &dyn GameState) -> Option<u128> {
        self.state_at(state)?.bounds().map(|(most, _)| most)
    }

    /// The longest sequence of moves of either player from the state's position.
    fn longest_game(&self, state: &dyn GameState) -> Option<u128> {
        self.state_at(state)?
            .bounds()
            .and_then(|(_, longest)| longest)
    }

    /// A game of yours has no caps of a shared server's: the page serves it on a pool of
    /// its own, bounded by time and memory.
    fn cap_edges(&self) -> Vec<CapEdge> {
        Vec::new()
    }

    fn start(&'static self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        Ok(Box::new(self.this()?.start_state(position)?))
    }

    /// The parts of the position by its class's `components()`, each in its notation
    /// (and kept, so that it reads back), with the player to move of the position; none
    /// for a class without `components()`, a position that does not read, or a
    /// `components()` that raises (reported, as the game's exceptions are).
    fn components(&self, position: &str) -> Vec<String> {
        Python::attach(|py| {
            let Ok((whole, mover)) = self.read(py, position) else {
                return Vec::new();
            };
            let whole = whole.bind(py);
            if !whole.hasattr(intern!(py, "components")).unwrap_or(false) {
                return Vec::new();
            }
            let listed = whole
                .call_method0(intern!(py, "components"))
                .and_then(|parts| parts.try_iter()?.collect::<PyResult<Vec<_>>>())
                .and_then(|parts| {
                    parts
                        .into_iter()
                        .map(|part| Ok((part.str()?.to_string(), part)))
                        .collect::<PyResult<Vec<_>>>()
                });
            match listed {
                Ok(parts) => parts
                    .into_iter()
                    .map(|(notation, part)| {
                        self.remember(py, &notation, &part);
                        self.with_turn(&notation, mover)
                    })
                    .collect(),
                Err(error) => {
                    let error = noted(py, error, &format!("raised by components() of {position}"));
                    report(py, error, &format!("listing the components of {position}"));
                    Vec::new()
                }
            }
        })
    }

    /// The play-out of the position (`options.movetime` bounds it, `options.stop` stops it),
    /// as a solved report; a partizan game's value and player to move are notes. A position
    /// whose graph loops gets the report of a built-in loopy game instead
    /// ([`super::loopy_report`]): draws, drawing moves and the loopy value.
    fn solve(&self, position: &str, options: &SolveOptions) -> Result<Report, SolveError> {
        let state = self.this()?.start_state(position)?;
        let budget = Budget {
            movetime: options.movetime,
            stop: options.stop.clone(),
            ..Budget::default()
        };
        let solved = state.solution(&budget, true).map_err(|error| {
            Python::attach(|py| {
                let message = error.to_string();
                let answer = if error.is_instance_of::<PyTimeoutError>(py) {
                    SolveError::Stopped(grundy::stop::Stopped)
                } else if error.is_instance_of::<PyMemoryError>(py) {
                    SolveError::TooLarge(message)
                } else {
                    SolveError::Unsupported(message)
                };
                report(py, error, &format!("solving {position}"));
                answer
            })
        })?;
        let asked = Asked {
            game: self.name,
            position: state.position(),
            notation: state.node.notation.clone(),
            mover: state.mover_name(),
            limit: options.moves,
        };
        if let Some(loopy) = &solved.loopy {
            let played = Played {
                outcome: solved.outcome,
                remoteness: solved.remoteness,
                winning: solved.winning_moves(),
                drawing: solved.drawing_moves(),
                every: solved
                    .moves
                    .iter()
                    .map(|(name, _, _)| name.clone())
                    .collect(),
                best: solved.perfect_move(),
                loopy,
            };
            return Ok(loopy_report(asked, played));
        }
        let Some(remoteness) = solved.remoteness else {
            return Err(SolveError::Unsupported(format!(
                "{position}: a draw without a loop in its graph"
            )));
        };
        let mut winning = solved.winning_moves();
        let count = winning.len();
        winning.truncate(options.moves);
        let mut notes = Vec::new();
        if let Some(value) = &solved.value_text {
            notes.push(format!("value {value}"));
        }
        if self.kind == Kind::Partizan {
            notes.push(format!("{} to move", state.mover_name()));
        }
        Ok(Report::Solved(SolvedReport {
            game: self.name.to_owned(),
            position: state.position(),
            outcome: if solved.wins() {
                Outcome::Win
            } else {
                Outcome::Loss
            },
            grundy: solved.nim_value,
            winning_moves: winning,
            winning_move_count: count.to_string(),
            best_move: solved.perfect_move().map(str::to_owned),
            remoteness: Some(Remoteness {
                moves: remoteness,
                kind: RemotenessKind::Exact,
            }),
            notes,
        }))
    }
}

/// A position of a game in progress kept by its entry ([`UserEntry::pin`]) while this
/// lives; the entry lets it go with the last one.
#[derive(Debug)]
pub struct Pinned {
    /// The entry that keeps it.
    entry: &'static UserEntry,
    /// Its notation.
    notation: String,
}

impl Drop for Pinned {
    fn drop(&mut self) {
        // A node may be dropped on any thread, with or without Python attached: the map is
        // locked without Python, and the position let go after the lock (a `Py` dropped
        // without Python attached is released when Python next runs).
        let released = {
            let mut played = unpoison(self.entry.played.lock());
            match played.get_mut(&self.notation) {
                Some((_, holders)) if *holders > 1 => {
                    *holders -= 1;
                    None
                }
                Some(_) => played.remove(&self.notation),
                None => None,
            }
        };
        drop(released);
    }
}
