//! Pousse strongly solved on boards up to 4 × 4 under the Waterloo rules (no repetition
//! rule; a game that never ends is drawn): the value and remoteness of every position, built
//! by a parallel retrograde analysis ([`SolvedTable::solve`]) and kept in a table file
//! ([`SolvedTable::write`], [`SolvedTable::read`]; format in `docs/pousse-table.md`).
//!
//! The table holds one byte per board with X to move; a position with O to move has the
//! value of its board with the colours swapped and X to move, since the rules treat both
//! colours alike. [`icfp`] says when the table's wins and losses also hold under the ICFP
//! repetition rule, given a game's history. [`retrograde`] is the slow, simple twin that
//! solves the boards up to 3 × 3 state by state.
//!
//! ```
//! use grundy::games::pousse::solved::retrograde::Value;
//! use grundy::games::pousse::solved::SolvedTable;
//!
//! let table = SolvedTable::solve(2).unwrap();
//! assert_eq!(table.start_value(), Value::Win(3));
//! ```

mod build;
mod code;
mod file;
pub mod icfp;
mod index;
mod location;
pub mod retrograde;
mod store;
mod unmove;

pub use build::Progress;
pub use code::MAX_REMOTENESS;
pub use file::{payload_hash, TableFileError, SolvedTableProblem, FORMAT_VERSION, HEADER_LEN, MAGIC};
pub use index::MAX_TABLE_SIZE;
pub use location::{default_table_path, table_file_name};
pub use store::{table_for_size, table_from_file, SOLVED_IN_MEMORY};

use crate::error::ParseError;

use super::board::{Board, Move, Size};
use super::game::{Position, RuleSet};
use index::Indexer;
use retrograde::Value;

/// The value and remoteness of every position of one board size under the Waterloo rules.
#[derive(Debug, Clone)]
pub struct SolvedTable {
    indexer: Indexer,
    /// One byte per board with X to move, by index (see the `code` module).
    codes: Vec<u8>,
}

/// How many boards with X to move have each kind of value. Every count stands for as many
/// positions again with O to move (the same boards with the colours swapped).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Summary {
    /// Boards counted: 3^(N²).
    pub boards: u64,
    /// Won by the side to move in one move or more.
    pub won: u64,
    /// Lost by the side to move in one move or more.
    pub lost: u64,
    /// Drawn: neither side can force an end.
    pub drawn: u64,
    /// Already decided (straights differ): won by the side to move (the opponent's move
    /// completed more of its straights), remoteness 0.
    pub terminal_won: u64,
    /// Already decided: lost by the side to move, remoteness 0.
    pub terminal_lost: u64,
    /// The longest remoteness of a win.
    pub longest_win: u32,
    /// The longest remoteness of a loss.
    pub longest_loss: u32,
}

/// How good a value is for the player who moved into it (the opponent is to move there):
/// a quick win beats a slow one, a draw beats any loss, a slow loss beats a quick one.
fn rank_for_mover(value: Value) -> i64 {
    match value {
        Value::Loss(d) => 1_000_000 - i64::from(d),
        Value::Draw => 0,
        Value::Win(d) => -1_000_000 + i64::from(d),
    }
}

impl SolvedTable {
    /// Solves every position of the `size` × `size` board (1 ≤ size ≤ 4). The 4 × 4 board
    /// takes about 16 s of processor time and 52 MB; see
    /// [`SolvedTable::solve_with_progress`] to follow it.
    pub fn solve(size: usize) -> Result<SolvedTable, ParseError> {
        SolvedTable::solve_with_progress(size, &|_| {})
    }

    /// Solves every position of the `size` × `size` board, telling `progress` how far it is.
    pub fn solve_with_progress(
        size: usize,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<SolvedTable, ParseError> {
        let (indexer, codes) = build::solve_codes(size, progress)?;
        Ok(SolvedTable { indexer, codes })
    }

    /// The board size solved.
    pub fn size(&self) -> Size {
        self.indexer.size()
    }

    /// The rule set the values hold under: always the Waterloo rules.
    pub fn rules(&self) -> RuleSet {
        RuleSet::Waterloo
    }

    /// The value of `position` for its side to move under the Waterloo rules; `None` for
    /// another board size.
    pub fn value<B: Board>(&self, position: &Position<B>) -> Option<Value> {
        let index = self.indexer.position_index(position)?;
        self.codes.get(index).copied().and_then(code::decode)
    }

    /// The value of the empty board with X to move.
    pub fn start_value(&self) -> Value {
        self.codes
            .first()
            .copied()
            .and_then(code::decode)
            .unwrap_or(Value::Draw)
    }

    /// Each move of `position` with the value of the position it leads to (for the
    /// opponent, who is to move there); empty when the game is over or the size differs.
    pub fn moves<B: Board>(&self, position: &Position<B>) -> Vec<(Move, Value)> {
        if position.winner().is_some() || position.board.size() != self.size() {
            return Vec::new();
        }
        Move::all(self.size().get())
            .filter_map(|mv| Some((mv, self.value(&position.after(mv).ok()?)?)))
            .collect()
    }

    /// The move of perfect play under the Waterloo rules: the quickest win, else a draw,
    /// else the slowest loss; ties go to the first move in [`Move::all`]'s order. `None` when
    /// the game is over or the board is another size.
    pub fn best_move<B: Board>(&self, position: &Position<B>) -> Option<Move> {
        self.moves(position)
            .into_iter()
            .max_by_key(|(mv, value)| (rank_for_mover(*value), std::cmp::Reverse(*mv)))
            .map(|(mv, _)| mv)
    }

    /// Every move that wins (leads to a position lost for the opponent).
    pub fn winning_moves<B: Board>(&self, position: &Position<B>) -> Vec<Move> {
        self.moves(position)
            .into_iter()
            .filter(|(_, value)| matches!(value, Value::Loss(_)))
            .map(|(mv, _)| mv)
            .collect()
    }

    /// Perfect play from `position`: each side's [`SolvedTable::best_move`] in turn, at most
    /// `limit` moves.
    pub fn best_line<B: Board>(&self, position: &Position<B>, limit: usize) -> Vec<Move> {
        position.line_of(limit, |current| self.best_move(current))
    }

    /// Counts of every kind of value.
    pub fn summary(&self) -> Summary {
        let mut summary = Summary {
            boards: self.codes.len() as u64,
            ..Summary::default()
        };
        let mut counts = [0u64; 256];
        for &code in &self.codes {
            counts[usize::from(code)] += 1;
        }
        for (code, &count) in counts.iter().enumerate() {
            if count == 0 {
                continue;
            }
            match code::decode(code as u8) {
                Some(Value::Draw) => summary.drawn += count,
                Some(Value::Win(0)) => summary.terminal_won += count,
                Some(Value::Loss(0)) => summary.terminal_lost += count,
                Some(Value::Win(d)) => {
                    summary.won += count;
                    summary.longest_win = summary.longest_win.max(d);
                }
                Some(Value::Loss(d)) => {
                    summary.lost += count;
                    summary.longest_loss = summary.longest_loss.max(d);
                }
                None => {}
            }
        }
        summary
    }

    /// Every board with X to move and its value, by index (for comparisons and statistics).
    pub fn boards(&self) -> impl Iterator<Item = (Position<super::BitBoard>, Value)> + '_ {
        self.codes.iter().enumerate().filter_map(|(index, &code)| {
            let board = self.indexer.board(index).ok()?;
            Some((
                Position {
                    board,
                    to_move: super::Colour::X,
                },
                code::decode(code)?,
            ))
        })
    }
}
