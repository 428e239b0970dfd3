//! `grundy.define_game`: a user's game class becomes a `grundy.Game`, played by every
//! front end as a built-in game is (see [`super::entry`] and [`super::state`]).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;

use super::api::{kind_of, side_named, Kind};
use super::entry::{Description, UserEntry};
use super::run::{describe, describe_type};
use super::walk::Mover;
use crate::game::Game;
use crate::games;

/// The longest name of a game.
const LONGEST_NAME: usize = 64;

/// Makes your own game a ``grundy.Game``, played everywhere a built-in game is:
/// ``grundy.Game(name)``, ``grundy.games()`` (after the built-in games), ``grundy.start``,
/// ``grundy.Strategy``, ``grundy.play_match`` and ``grundy.openspiel.register``.
///
/// ``start`` is the default start position: a position of your game (a class with
/// ``options()``, or ``left_options()`` and ``right_options()``, as for :func:`value`);
/// ``positions`` are more start positions, offered as the game's ``sample_positions``.
/// ``name`` is how the game is found (letters, digits, ``-`` and ``_``; any letter case,
/// kept in lower case); it may not be a built-in game's name, and defining a game again
/// under its name replaces the game (states of the old one play on). ``title`` (default:
/// the name, capitalised) and ``summary`` (default: the first line of the class's
/// docstring) describe it. In a partizan game ``first`` (``"left"`` or ``"right"``) moves
/// first from a start position that names no player.
///
/// A position's notation is its ``str()``; a move is named by the position's
/// ``move_name(option)`` when its class has that method, else by the notation of the
/// position it leads to. A position is read back from its notation when grundy has met it
/// (a start position, a position given to ``grundy.start``, an option listed in play), or
/// by the class's classmethod ``parse(text)``; in a partizan game ``@L`` or ``@R`` after
/// it names the player to move.
///
/// Raises ``ValueError`` for a bad or taken name or a bad ``first``, ``TypeError`` for a
/// start position that is not a position of a game or not of the same kind as ``start``.
#[pyfunction]
#[pyo3(signature = (start, *, name, title=None, summary=None, first="left", positions=None))]
pub fn define_game(
    py: Python<'_>,
    start: &Bound<'_, PyAny>,
    name: &str,
    title: Option<String>,
    summary: Option<String>,
    first: &str,
    positions: Option<&Bound<'_, PyAny>>,
) -> PyResult<Game> {
    let kind = kind_of(start)?;
    let first = match (kind, side_named(first)) {
        (Kind::Impartial, Some(Mover::Left)) => Mover::Either,
        (Kind::Impartial, _) => {
            return Err(PyValueError::new_err(format!(
                "first=\"{first}\" names who starts a partizan game; {} is impartial \
                 (its players are first and second)",
                describe(start)
            )))
        }
        (Kind::Partizan, Some(side)) => side,
        (Kind::Partizan, None) => {
            return Err(PyValueError::new_err(format!(
                "first is \"left\" or \"right\" (or \"L\" or \"R\"), got \"{first}\""
            )))
        }
    };
    let name = checked_name(name)?;
    let mut starts: Vec<(String, Bound<'_, PyAny>)> = Vec::new();
    let given = match positions {
        Some(positions) => positions.try_iter()?.collect::<PyResult<Vec<_>>>()?,
        None => Vec::new(),
    };
    for position in std::iter::once(start.clone()).chain(given) {
        if kind_of(&position)? != kind {
            return Err(PyTypeError::new_err(format!(
                "start position {} is not a position of the same kind of game as {}: one is \
                 impartial (options()), the other partizan (left_options(), right_options())",
                describe(&position),
                describe(start)
            )));
        }
        let notation = position.str()?.to_string();
        if !starts.iter().any(|(known, _)| *known == notation) {
            starts.push((notation, position));
        }
    }
    let class = start.get_type();
    let class_name = describe_type(start);
    let title = title.unwrap_or_else(|| default_title(&name));
    let summary = match summary {
        Some(summary) => summary,
        None => docstring_line(class.as_any())
            .unwrap_or_else(|| format!("{title}: a game defined in Python (class {class_name})")),
    };
    let names = if start.hasattr(intern!(py, "move_name"))? {
        "by the position's move_name(option)"
    } else {
        "by the notation of the position it leads to"
    };
    let turn = match first {
        Mover::Either => String::new(),
        Mover::Left => ", with @R after it when Right is to move (Left moves first)".to_owned(),
        Mover::Right => ", with @L after it when Left is to move (Right moves first)".to_owned(),
    };
    let notation =
        format!("a position is written as str() of a {class_name}{turn}; a move is named {names}");
    let entry = UserEntry::leak_new(
        Description {
            name,
            title,
            summary,
            notation,
            kind,
            first,
            class: (class.into_any().unbind(), class_name),
        },
        &starts,
    );
    let game = games::define(entry).map_err(PyValueError::new_err)?;
    Ok(Game::from(game))
}

/// `name` in lower case, or a `ValueError` naming it when it is empty, too long or holds
/// other characters than letters, digits, `-` and `_`.
fn checked_name(name: &str) -> PyResult<String> {
    let lower = name.trim().to_ascii_lowercase();
    let good = !lower.is_empty()
        && lower.len() <= LONGEST_NAME
        && lower.starts_with(|c: char| c.is_ascii_alphabetic())
        && lower
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if good {
        Ok(lower)
    } else {
        Err(PyValueError::new_err(format!(
            "a game's name is a letter followed by letters, digits, - and _ (at most \
             {LONGEST_NAME}), got {name:?}"
        )))
    }
}

/// The name as a title: words split at `-` and `_`, the first capitalised.
fn default_title(name: &str) -> String {
    let words = name.replace(['-', '_'], " ");
    let mut letters = words.chars();
    match letters.next() {
        Some(first) => first.to_uppercase().chain(letters).collect(),
        None => words,
    }
}

/// The first line of `class`'s docstring, when it has one.
fn docstring_line(class: &Bound<'_, PyAny>) -> Option<String> {
    let doc = class.getattr("__doc__").ok()?;
    let doc: String = doc.extract().ok()?;
    doc.lines()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .map(str::to_owned)
}
