//! Pousse (ICFP Programming Contest 1998; Waterloo local contest 1998, problem D).
//!
//! Two players slide markers of their colour onto an N × N board from any edge; markers in
//! the way are pushed along, and the last one falls off a full line. After every move the
//! straights (rows or columns of one colour) of both colours are counted, and the colour with
//! more wins at once, even if it did not move.
//!
//! Pousse is not impartial and does not fall apart into sums: it is won by search. The module
//! holds the game itself at its top: the game with its history and the two rule sets
//! ([`BoardGame`], [`RuleSet`]), its play adapter ([`play`]), the report of `grundy solve`
//! ([`analysis`]), the contest format ([`contest`]) and its registry lines ([`entry`]). Its
//! folders hold one role each:
//!
//! - `board`: the rules on the markers ([`Board`], with a general board for any size up to
//!   100, a flat board without a running hash for refereeing, and a bitboard for the
//!   tournament sizes up to 8), the moves and the Zobrist keys;
//! - [`engine`]: the shipped search engine ([`engine::search`]) with its evaluation
//!   ([`engine::evaluation`]);
//! - [`solved`]: an exact retrograde analysis of the smallest boards
//!   ([`solved::retrograde`]) and its fast twin that strongly solves 4 × 4 into a table file;
//! - [`sparring`]: the sparring partners of other designs that measure the engine
//!   ([`sparring::classic`] alpha-beta, [`sparring::mcts`]).
//!
//! ```
//! use grundy::games::pousse::{GeneralBoard, BoardGame, RuleSet, Size, PousseStatus, Colour};
//!
//! let mut game: BoardGame<GeneralBoard> = BoardGame::new(Size::new(4).unwrap(), RuleSet::Waterloo).unwrap();
//! for mv in ["L2", "T2", "L2", "B2", "R2", "T1"] {
//!     game.play(mv.parse().unwrap()).unwrap();
//! }
//! assert_eq!(game.status(), PousseStatus::Ongoing);
//! assert_eq!(game.play("L2".parse().unwrap()).unwrap(), PousseStatus::Won { winner: Colour::X, by_repetition: false });
//! ```

pub mod analysis;
mod board;
pub mod contest;
pub mod engine;
pub mod entry;
mod game;
pub mod play;
pub mod solved;
pub mod sparring;

pub use board::{
    BitBoard, Board, Colour, Edge, FlatBoard, GeneralBoard, LineView, Move, Size, Straights,
};
pub use game::{BoardGame, Position, RuleSet, PousseStatus};
