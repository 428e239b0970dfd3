//! Pousse (ICFP Programming Contest 1998; Waterloo local contest 1998, problem D).
//!
//! Two players slide markers of their colour onto an N × N board from any edge; markers in
//! the way are pushed along, and the last one falls off a full line. After every move the
//! straights (rows or columns of one colour) of both colours are counted, and the colour with
//! more wins at once, even if it did not move.
//!
//! Pousse is not impartial and does not fall apart into sums: it is won by search. The module
//! holds the rules ([`Board`], with a general board for any size up to 100, a flat board
//! without a running hash for refereeing, and a bitboard for the tournament sizes up to 8),
//! the game with its history and the two rule sets ([`Game`], [`RuleSet`]), an exact
//! retrograde analysis of the smallest boards ([`retrograde`]) and its fast twin that
//! strongly solves 4 × 4 into a table file ([`solved`]), the search engine ([`search`]) with
//! its evaluation ([`evaluation`]), and the sparring partners of other designs that measure
//! it ([`classic`] alpha-beta, [`mcts`]).
//!
//! ```
//! use grundy::games::pousse::{GeneralBoard, Game, RuleSet, Size, Status, Colour};
//!
//! let mut game: Game<GeneralBoard> = Game::new(Size::new(4).unwrap(), RuleSet::Waterloo).unwrap();
//! for mv in ["L2", "T2", "L2", "B2", "R2", "T1"] {
//!     game.play(mv.parse().unwrap()).unwrap();
//! }
//! assert_eq!(game.status(), Status::Ongoing);
//! assert_eq!(game.play("L2".parse().unwrap()).unwrap(), Status::Won { winner: Colour::X, by_repetition: false });
//! ```

pub mod analysis;
mod bitboard;
mod board;
mod busy;
pub mod classic;
pub mod contest;
pub mod entry;
pub mod evaluation;
pub mod evaluator;
mod flat;
mod game;
mod general;
pub mod mcts;
mod moves;
pub mod play;
pub mod search;
pub mod sparring;
mod square;
mod transposition;

pub mod retrograde;
pub mod solved;

mod zobrist;

pub use bitboard::BitBoard;
pub use board::{Board, Colour, LineView, Size, Straights};
pub use flat::FlatBoard;
pub use game::{Game, Position, RuleSet, Status};
pub use general::GeneralBoard;
pub use moves::{Edge, Move};
