//! Playing any grundy game move by move, behind one object-safe interface.
//!
//! The referee, the engine protocol, the terminal player and the C libraries all need the same
//! few things of a game, whatever it is: read a start position, check and play a move written
//! as text, say whose turn it is and whether someone has won, list or sample legal moves, draw
//! the position for a person and analyse it. [`GameState`] is that interface; the
//! [registry](crate::registry) names the games and starts them from their notation. Each
//! game implements the typed [`Rules`] trait once (in `games/<game>/play.rs`) and gets a
//! [`GameState`] from [`Played`], which keeps the history for undo and records.
//!
//! ```
//! use grundy::game::Status;
//! use grundy::player::Seat;
//! use grundy::registry;
//!
//! let mut game = registry::find("rectangle").unwrap().start("4x3").unwrap();
//! assert_eq!(game.side_to_move(), Seat::First);
//! game.play("v1").unwrap(); // 3x3
//! game.play("h1").unwrap(); // 3x2
//! assert!(game.play("v7").is_err()); // illegal: the referee says why, nothing changes
//! game.play("h1").unwrap(); // 3x1
//! game.play("v1").unwrap(); // 2x1
//! game.play("v1").unwrap(); // 1x1: the second player cannot move
//! assert_eq!(game.status(), Status::Won { winner: Seat::First });
//! ```

use std::fmt;
use std::time::Duration;

use rand::RngCore;

use super::GameEntry;
use crate::error::{ParseError, RuleError};
use crate::player::Seat;
use crate::stop::Stop;

/// Whether the game goes on, and who won if not. None of the games has a draw by its rules
/// (a Waterloo Pousse game may go on forever; the referee ends it by a move limit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has legal moves and nobody has won.
    Ongoing,
    /// The game is over.
    Won {
        /// Who won.
        winner: Seat,
    },
}

/// Why a move was refused. The game is unchanged after an error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move of this game at all (`x7` in the rectangle game).
    Parse(ParseError),
    /// A well-formed move that is illegal here (`v7` on `4x3`).
    Rule(RuleError),
    /// The game is over; no move is legal.
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Parse(error) => write!(f, "{error}"),
            MoveError::Rule(error) => write!(f, "{error}"),
            MoveError::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for MoveError {}

impl From<ParseError> for MoveError {
    fn from(error: ParseError) -> Self {
        MoveError::Parse(error)
    }
}

impl From<RuleError> for MoveError {
    fn from(error: RuleError) -> Self {
        MoveError::Rule(error)
    }
}

/// Some legal moves of a position: all of them when `complete`, otherwise the first ones in
/// the game's order (a 10^8 × 10^8 rectangle has 2·10^8 moves; nobody wants them printed).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MoveList {
    /// The moves, in notation.
    pub moves: Vec<String>,
    /// The number of legal moves when the game knows it cheaply.
    pub total: Option<u128>,
    /// True when `moves` holds every legal move.
    pub complete: bool,
}

/// What a strategy may spend on one move. Games solved in closed form ignore it; search
/// (Pousse) stops at whichever limit comes first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Budget {
    /// Wall time for this move.
    pub movetime: Option<Duration>,
    /// Search depth in plies.
    pub depth: Option<u32>,
    /// Threads the search may use.
    pub threads: usize,
    /// When to give up whatever the other limits say: a table build, a sequence or a
    /// search looks at it between steps and returns early (an analysis then says it was
    /// stopped). Never, by default.
    pub stop: Stop,
}

impl Default for Budget {
    /// One second on one thread: enough for every solved game and a strong Pousse move.
    fn default() -> Self {
        Budget {
            movetime: Some(Duration::from_secs(1)),
            depth: None,
            threads: 1,
            stop: Stop::never(),
        }
    }
}

/// Who wins a position with perfect play and how, as far as the game's solver knows.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Analysis {
    /// `Some(true)` when the side to move wins with perfect play, `Some(false)` when it
    /// loses, `None` when unknown (an unfinished Pousse search).
    pub to_move_wins: Option<bool>,
    /// The Grundy value, for impartial games.
    pub grundy_value: Option<u128>,
    /// The move perfect play chooses (fastest win, slowest loss; the engine's best move).
    pub best_move: Option<String>,
    /// Winning moves (at most a few dozen; `winning_moves_complete` says whether all).
    pub winning_moves: Vec<String>,
    /// True when `winning_moves` lists every winning move.
    pub winning_moves_complete: bool,
    /// Moves to the end of the game with perfect play on both sides.
    pub remoteness: Option<u128>,
    /// True when `remoteness` is proven, false when it is the game's heuristic.
    pub remoteness_exact: bool,
    /// A game-specific evaluation for a person (Pousse's score and principal variation).
    pub comment: Option<String>,
    /// The position's value in CGSuite's notation, when the game's solver gives one: a
    /// partizan game's canonical value (`{1|-1}`, `^*`, `3/4`), or a loopy impartial
    /// game's value (`∞{0}`, `∞`, `*2`).
    pub value: Option<String>,
    /// Under misère play, when the game's misère quotient decided the position (a sum of
    /// heaps too large for the exact search, neither Nim nor tame): the position's element
    /// of the quotient, as a word in its generators (`ab^2`, `1` for the identity; the
    /// comment names the quotient and its generators). The element is in the quotient's
    /// P-portion exactly when `to_move_wins` is `Some(false)`. `None` otherwise.
    pub quotient_element: Option<String>,
}

impl fmt::Display for Analysis {
    /// One line: `win in 5 best v1 value 2 winning v1 v3`, with `element ab^2` before the
    /// comment when a misère quotient answered.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        match (self.to_move_wins, self.remoteness) {
            (Some(wins), Some(moves)) => parts.push(format!(
                "{} in {}{moves}",
                if wins { "win" } else { "loss" },
                if self.remoteness_exact { "" } else { "~" }
            )),
            (Some(wins), None) => parts.push((if wins { "win" } else { "loss" }).to_string()),
            (None, _) => parts.push("unknown".to_string()),
        }
        if let Some(best) = &self.best_move {
            parts.push(format!("best {best}"));
        }
        if let Some(value) = self.grundy_value {
            parts.push(format!("value {value}"));
        }
        if !self.winning_moves.is_empty() {
            let more = if self.winning_moves_complete {
                ""
            } else {
                " …"
            };
            parts.push(format!("winning {}{more}", self.winning_moves.join(" ")));
        }
        if let Some(element) = &self.quotient_element {
            parts.push(format!("element {element}"));
        }
        if let Some(comment) = &self.comment {
            parts.push(comment.clone());
        }
        f.write_str(&parts.join(" "))
    }
}

/// A game in progress, whatever the game: the one interface the referee, the protocol engine,
/// the terminal player and the strategies use. Every method keeps the game consistent: an
/// illegal move changes nothing.
pub trait GameState: Send + fmt::Debug {
    /// Which game this is: its entry.
    fn entry(&self) -> &'static dyn GameEntry;

    /// The current position in the game's notation; the entry's
    /// [`start`](crate::game::GameEntry::start) reads it back.
    fn position(&self) -> String;

    /// A key that positions with the same future share, for memos (see
    /// [`Rules::transposition_key`](super::Rules::transposition_key)); the notation unless
    /// the game knows better.
    fn transposition_key(&self) -> String {
        self.position()
    }

    /// The position the game started from, in notation.
    fn start_position(&self) -> String;

    /// The bytes the game in progress owns on the heap beyond its inline size (its history,
    /// its positions), for a search that keeps many games in progress and counts them
    /// against a memory limit. By default an estimate from what every game can say: its
    /// position and its moves in notation, each move a `String`.
    fn heap_bytes(&self) -> usize {
        let moves: usize = self
            .history()
            .iter()
            .map(|mv| mv.len() + std::mem::size_of::<String>())
            .sum();
        self.position().len() + moves
    }

    /// The moves played since the start, in canonical notation.
    fn history(&self) -> Vec<String>;

    /// Whose turn it is (also when the game is over: the player who would move next).
    fn side_to_move(&self) -> Seat;

    /// The game's own name for a side (`X`/`O` in Pousse, `first`/`second` otherwise).
    fn side_name(&self, side: Seat) -> String;

    /// Whether the game goes on.
    fn status(&self) -> Status;

    /// Checks and plays `mv` for the side to move; returns the move in canonical notation.
    fn play(&mut self, mv: &str) -> Result<String, MoveError>;

    /// Takes back the last move; returns it, or `None` at the start.
    fn undo(&mut self) -> Option<String>;

    /// Up to `limit` legal moves in the game's order (see [`MoveList`]).
    fn legal_moves(&self, limit: usize) -> MoveList;

    /// A legal move drawn uniformly (or as near uniformly as the game can cheaply manage,
    /// said in its docs) from all legal moves; `None` when the game is over.
    fn random_move(&self, rng: &mut dyn RngCore) -> Option<String>;

    /// A picture of the position for a person at a terminal (several lines).
    fn draw(&self) -> String;

    /// The board as rows of text, one character a square (Pousse: `X`, `O`, `.`), for the
    /// page's grid renderers; `None` when the notation already shows the position.
    fn board(&self) -> Option<String> {
        None
    }

    /// What the game's solver says of the current position.
    fn analyse(&mut self, budget: &Budget) -> Analysis;

    /// The move perfect play makes: the fastest win or the slowest loss (for Pousse the
    /// engine's choice within `budget`); `None` when the game is over.
    fn perfect_move(&mut self, budget: &Budget) -> Option<String>;

    /// The move that makes the game last longest: the slowest loss when lost, and when won
    /// a move that keeps the win but drags the game on; `None` when the game is over.
    fn stubborn_move(&mut self, budget: &Budget) -> Option<String>;

    /// The position as a sum of heaps under a heap ruleset, when it is one (Nim, the
    /// take-and-break games): what the engines that work on any heap game (misère theory)
    /// ask of a game, never its type. `None` by default.
    fn heap_sum(&self) -> Option<crate::heap::HeapSum> {
        None
    }

    /// A copy of this game with its history, as a new box.
    fn clone_box(&self) -> Box<dyn GameState>;

    /// The game under its usual rules when this one changes them (a misère game's game, in
    /// which the last mover wins), for what does not depend on who wins at the end: bounds
    /// on the moves, a server's caps, the typed position ([`with_position`](super::with_position)). `None` (the
    /// default) for a game played by its usual rules, which is its own usual game.
    fn usual_rules(&self) -> Option<&dyn GameState> {
        None
    }
}

impl Clone for Box<dyn GameState> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}
