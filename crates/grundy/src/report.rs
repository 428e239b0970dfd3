//! What solving a position says, and how to ask for it: the structured, serialisable reports
//! every game's analysis returns through the [registry](crate::registry), the options that
//! tune it and the errors it may give.
//!
//! Two kinds of report cover every game. A game solved exactly (the impartial games: who
//! wins, the Grundy value, the winning moves, the remoteness) returns a [`SolvedReport`]; a
//! game won by search (Pousse: the best move, an evaluation, the principal variation and
//! the search statistics) returns a [`SearchReport`]. [`Report`] is either, and serialises
//! to exactly the JSON object of its kind, so a program reads `grundy solve … --json` and
//! the library's report alike. Formatting for a person is the front end's business.
//!
//! ```
//! use grundy::registry;
//! use grundy::report::{Report, SolveOptions};
//!
//! let rectangle = registry::find("rectangle").unwrap();
//! let Report::Solved(report) = rectangle.solve("4x3", &SolveOptions::default()).unwrap() else {
//!     panic!("the rectangle game is solved exactly");
//! };
//! assert_eq!(report.grundy, Some(2));
//! assert_eq!(report.best_move.as_deref(), Some("v1"));
//! ```

use std::path::Path;
use std::time::Duration;

use serde::Serialize;

use crate::error::ParseError;
use crate::stop::{Stop, Stopped};
use crate::tables::{TableError, TableFailure};

/// Who wins a position with perfect play, from the point of view of the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player to move wins (an N-position).
    Win,
    /// The player to move loses (a P-position).
    Loss,
}

impl Outcome {
    /// The outcome of a position with this Grundy value.
    pub fn from_grundy(value: u64) -> Self {
        if value == 0 {
            Outcome::Loss
        } else {
            Outcome::Win
        }
    }

    /// The outcome of a position with this remoteness.
    pub fn from_remoteness(remoteness: u64) -> Self {
        if remoteness % 2 == 0 {
            Outcome::Loss
        } else {
            Outcome::Win
        }
    }
}

/// How many moves perfect play takes, and how sure we are of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Remoteness {
    /// Moves left when the winner wins as fast as possible and the loser loses as slowly as
    /// possible.
    pub moves: u64,
    /// Always `exact`: every game reports only proven remoteness (the field stays so that the
    /// JSON keeps its shape).
    pub kind: RemotenessKind,
}

/// How sure the remoteness is: every figure reported is proven.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum RemotenessKind {
    /// Computed by exhaustive analysis or by a proved closed form.
    Exact,
}

/// Everything an exact solver says about a position. Serialised, a position with a Grundy
/// value `g` also carries `canonical`, its canonical form `*g` in the notation of
/// `grundy value --json` (`0`, `*`, `*2`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolvedReport {
    /// The game's registry name.
    pub game: String,
    /// The position in canonical notation.
    pub position: String,
    /// Who wins, seen by the player to move.
    pub outcome: Outcome,
    /// The Grundy value, for impartial games.
    pub grundy: Option<u64>,
    /// Winning moves in the game's notation, the best first; at most the requested number.
    pub winning_moves: Vec<String>,
    /// How many winning moves there are in all (may exceed `winning_moves.len()`). A string
    /// because counts can exceed what JSON numbers carry exactly.
    pub winning_move_count: String,
    /// The move perfect play makes (fastest win, or slowest loss), when there is a move.
    pub best_move: Option<String>,
    /// The remoteness, when it could be computed.
    pub remoteness: Option<Remoteness>,
    /// Remarks a person should read (what an estimate means, why something is missing).
    pub notes: Vec<String>,
}

impl Serialize for SolvedReport {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// The report's JSON: its fields, with the canonical form next to the Grundy value.
        #[derive(Serialize)]
        struct Json<'a> {
            game: &'a str,
            position: &'a str,
            outcome: Outcome,
            #[serde(skip_serializing_if = "Option::is_none")]
            grundy: Option<u64>,
            #[serde(skip_serializing_if = "Option::is_none")]
            canonical: Option<String>,
            winning_moves: &'a [String],
            winning_move_count: &'a str,
            #[serde(skip_serializing_if = "Option::is_none")]
            best_move: Option<&'a str>,
            #[serde(skip_serializing_if = "Option::is_none")]
            remoteness: Option<&'a Remoteness>,
            #[serde(skip_serializing_if = "<[String]>::is_empty")]
            notes: &'a [String],
        }
        Json {
            game: &self.game,
            position: &self.position,
            outcome: self.outcome,
            grundy: self.grundy,
            canonical: self.grundy.map(nimber_notation),
            winning_moves: &self.winning_moves,
            winning_move_count: &self.winning_move_count,
            best_move: self.best_move.as_deref(),
            remoteness: self.remoteness.as_ref(),
            notes: &self.notes,
        }
        .serialize(serializer)
    }
}

/// The nimber `*n` in CGSuite's notation: `0`, `*`, `*2`.
fn nimber_notation(n: u64) -> String {
    match n {
        0 => "0".to_string(),
        1 => "*".to_string(),
        n => format!("*{n}"),
    }
}

/// A searched evaluation: a kind and a number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Evaluation {
    /// `eval` (heuristic, for the side to move), `win` or `loss` (proven, in moves), `draw`
    /// (proven: neither side can force an end).
    pub kind: &'static str,
    /// The heuristic score, or the distance in moves of a proven result (0 for a draw).
    pub value: i64,
}

/// Everything a game-tree search (with a solved table where one covers the board) says
/// about a position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SearchReport {
    /// The game's name as its report gives it (`pousse` under either rule set).
    pub game: &'static str,
    /// The position in canonical notation.
    pub position: String,
    /// The rule set the position was analysed under.
    pub rules: String,
    /// The side to move, in the game's own word.
    pub to_move: String,
    /// The winner, when the game is already over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// The move chosen, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_move: Option<String>,
    /// The value of the position for the side to move.
    pub evaluation: Evaluation,
    /// The principal variation.
    pub pv: Vec<String>,
    /// `table` when a solved table answered, `search` when the engine did.
    pub source: &'static str,
    /// The deepest iteration finished (0 when a table answered).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Search time in milliseconds.
    pub time_ms: u64,
    /// A picture of the position for a person (not in the JSON).
    #[serde(skip)]
    pub diagram: String,
    /// Remarks a person should read.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// The analysis of one position: exact, or searched.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Report {
    /// An exact solver's answer.
    Solved(SolvedReport),
    /// A search's answer.
    Searched(SearchReport),
    /// A partizan game's value and each player's winning moves.
    Valued(ValuedReport),
    /// A loopy impartial game's value, outcome with draws, and winning and drawing moves.
    LoopyImpartial(LoopyImpartialReport),
}

/// The report of a position of an impartial game that can loop: its generalised
/// Sprague–Grundy value under the keys `grundy value --json` gives a loopy impartial value
/// (`canonical`, `ascii`, `outcome` `P`, `N` or `D`, `outcome_meaning`), the remoteness of a
/// win or a loss, and the moves of the player to move: every winning move, and every
/// drawing move of a drawn position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LoopyImpartialReport {
    /// The game's registry name.
    pub game: String,
    /// The position in canonical notation.
    pub position: String,
    /// The value: a nimber (`0`, `*`, `*3`) or `∞` with the finite values among the
    /// options (`∞{0,2}`); absent under misère play, which has no such value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub canonical: Option<String>,
    /// The value in ASCII (`inf{0,2}`); absent under misère play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ascii: Option<String>,
    /// `N` (the player to move wins), `P` (the player to move loses) or `D` (a draw).
    pub outcome: String,
    /// The outcome in words.
    pub outcome_meaning: String,
    /// The exact number of moves to the end with perfect play, of a win or a loss.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u64>,
    /// The move perfect play makes: the fastest win, a drawing move, or the slowest loss.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_move: Option<String>,
    /// Every winning move, the best first, at most the requested number.
    pub winning_moves: Vec<String>,
    /// How many winning moves there are in all.
    pub winning_move_count: String,
    /// Every move that keeps a drawn position drawn, the best first, at most the requested
    /// number; empty unless the position is drawn.
    pub drawing_moves: Vec<String>,
    /// How many drawing moves there are in all.
    pub drawing_move_count: String,
    /// Remarks a person should read.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// The report of a partizan game: its canonical value and what follows from it, the value of
/// each component, and the winning moves of the player to move (of both players when the
/// position names none).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ValuedReport {
    /// The game's registry name.
    pub game: String,
    /// The position in canonical notation, without the player to move.
    pub position: String,
    /// `left` or `right` when the position names the player to move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<String>,
    /// The canonical value in CGSuite's notation (`{1|-1}`, `^*`, `3/4`): the key
    /// `canonical`, as `grundy value --json` and the page's JSON name it.
    pub canonical: String,
    /// `L`, `R`, `N` or `P`: who wins, whoever starts (the outcome class, under the key
    /// `outcome` as `grundy value --json` names it); for a loopy game, with draws too (`D`,
    /// `PHat`, `PCheck`, `NHat`, `NCheck`, CGSuite's names).
    pub outcome: String,
    /// The outcome class in words.
    pub outcome_meaning: String,
    /// The temperature (`-1` for integers), a dyadic rational; absent for a loopy value,
    /// which has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub temperature: Option<String>,
    /// The mean value; absent for a loopy value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean: Option<String>,
    /// The left stop; absent for a loopy value that is not a stopper.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_stop: Option<String>,
    /// The right stop; absent for a loopy value that is not a stopper.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_stop: Option<String>,
    /// Of a loopy value: `stopper`, `stopper-sided` (both sides stoppers) or `sided`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loopy_kind: Option<String>,
    /// Of a loopy value: its onside.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub onside: Option<String>,
    /// Of a loopy value: its offside.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offside: Option<String>,
    /// Each component of the position with its value; their sum is the value.
    pub components: Vec<ComponentValue>,
    /// For the player to move, or for each player: who wins moving first and how.
    pub players: Vec<PlayerMoves>,
    /// Remarks a person should read.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The keys this report used to print, kept for one release.
    #[serde(flatten)]
    pub deprecated: DeprecatedValueKeys,
}

/// The keys `grundy solve --json` printed for a partizan value before it took the names of
/// `grundy value --json` (`canonical`, `outcome`): printed as well, with the same facts, until
/// release 0.2.0 removes them (docs/partizan.md).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeprecatedValueKeys {
    /// Deprecated name of `canonical`.
    pub value: String,
    /// Deprecated name of `outcome`.
    pub outcome_class: String,
}

impl DeprecatedValueKeys {
    /// The deprecated keys of a report whose value is `canonical` and whose outcome class is
    /// `outcome`.
    pub fn of(canonical: &str, outcome: &str) -> Self {
        DeprecatedValueKeys {
            value: canonical.to_string(),
            outcome_class: outcome.to_string(),
        }
    }
}

/// One component of a partizan position and its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ComponentValue {
    /// The component in the game's notation.
    pub position: String,
    /// Its canonical value.
    pub value: String,
}

/// One player's view of a partizan position, moving first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerMoves {
    /// `left` or `right`.
    pub player: String,
    /// Whether this player, moving first, wins.
    pub wins: bool,
    /// Whether this player, moving first, can only draw (a loopy game: neither player can
    /// force a win); absent when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub draws: bool,
    /// Every move that keeps the best outcome (the winning moves when it wins, the drawing
    /// moves when it draws, every move when it loses), at most the requested number, the
    /// best first.
    pub moves: Vec<String>,
    /// How many such moves there are in all.
    pub move_count: String,
    /// The move perfect play makes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_move: Option<String>,
    /// The exact number of moves left with perfect play, when the search was small enough.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u64>,
}

impl Report {
    /// The report as one line of JSON, newline included.
    pub fn to_json(&self) -> String {
        match serde_json::to_string(self) {
            Ok(json) => json + "\n",
            // Serialising plain strings and numbers cannot fail.
            Err(error) => format!("{{\"error\":\"{error}\"}}\n"),
        }
    }
}

/// Someone who wants to hear about a long computation while it runs (a progress bar) and
/// about remarks that are not part of the answer (a damaged cache file removed). Every
/// method does nothing unless overridden.
pub trait Observer: Sync {
    /// `done` of `total` units of `task` are finished. Called from any thread.
    fn progress(&self, task: &str, done: u64, total: u64) {
        let _ = (task, done, total);
    }

    /// Work under way whose total is not known in advance (a valuation, which ends when it
    /// has seen every position it needs): `task` and how far it has come, in words. Called
    /// now and then from the thread doing the work; the receiver decides how often to show
    /// it.
    fn working(&self, task: &str, status: &str) {
        let _ = (task, status);
    }

    /// A remark about how the answer was obtained, not about the position.
    fn note(&self, text: &str) {
        let _ = text;
    }
}

/// An observer that hears nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Silent;

impl Observer for Silent {}

/// What a solver may spend and where it finds its tables. Every game reads the options it
/// has a use for and ignores the others (each is documented with the games that read it).
#[derive(Clone, Copy)]
pub struct SolveOptions<'a> {
    /// Every game: list at most this many winning moves (the count of all of them is
    /// always given). Default 10.
    pub moves: usize,
    /// Searched games: the search time (default one second unless `depth` is given).
    pub movetime: Option<Duration>,
    /// Searched games: the deepest iteration to search.
    pub depth: Option<u32>,
    /// Searched games: search threads (default 2; 1 when only `depth` is given, so that the
    /// result is reproducible).
    pub threads: Option<usize>,
    /// Games with several rule sets: the rule set by name (Pousse: `icfp`, `waterloo`).
    pub rules: Option<&'a str>,
    /// Games with table files (Pousse, cuboid): the table file to use instead of the
    /// default location.
    pub table: Option<&'a Path>,
    /// Cuboid: build the table in memory, read and write no table file.
    pub no_cache: bool,
    /// Who hears about progress and remarks; nobody when `None`.
    pub observer: Option<&'a dyn Observer>,
    /// Valued (partizan) games: the most bytes the valuation's component cache and value
    /// store may be estimated to hold before the position is refused as too large (default
    /// [`MEMORY_LIMIT`](crate::partizan::solver::MEMORY_LIMIT)).
    pub memory_limit: Option<usize>,
    /// When to give up: long computations (table builds, sequences, searches) look at it
    /// between steps and end with [`SolveError::Stopped`]. Never, by default.
    pub stop: &'a Stop,
}

impl Default for SolveOptions<'_> {
    fn default() -> Self {
        SolveOptions {
            moves: 10,
            movetime: None,
            depth: None,
            threads: None,
            rules: None,
            table: None,
            no_cache: false,
            observer: None,
            memory_limit: None,
            stop: &Stop::NEVER,
        }
    }
}

impl std::fmt::Debug for SolveOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolveOptions")
            .field("moves", &self.moves)
            .field("movetime", &self.movetime)
            .field("depth", &self.depth)
            .field("threads", &self.threads)
            .field("rules", &self.rules)
            .field("table", &self.table)
            .field("no_cache", &self.no_cache)
            .field("observer", &self.observer.is_some())
            .field("memory_limit", &self.memory_limit)
            .field("stop", &self.stop)
            .finish()
    }
}

impl<'a> SolveOptions<'a> {
    /// The observer, or one that hears nothing.
    pub fn observer(&self) -> &'a dyn Observer {
        self.observer.unwrap_or(&Silent)
    }
}

/// Why a position could not be solved.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The position (or the contest input) could not be read.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// The request is well-formed but asks for something the solver cannot do (a position
    /// beyond its tables, an option this game does not take).
    #[error("{0}")]
    Unsupported(String),
    /// A table the solver needs could not be had: its file is missing, damaged, of another
    /// size, or could not be written, or the position is beyond any table.
    #[error("{0}")]
    Table(#[from] TableError),
    /// The computation was stopped (its deadline passed or it was cancelled) before it
    /// found the answer.
    #[error("{0}")]
    Stopped(#[from] Stopped),
    /// The computation passed its memory limit before it found the answer; the message
    /// names the limit and how far the work had come.
    #[error("{0}")]
    TooLarge(String),
}

impl<F: TableFailure> From<F> for SolveError {
    fn from(failure: F) -> Self {
        SolveError::Table(TableError::from(failure))
    }
}
