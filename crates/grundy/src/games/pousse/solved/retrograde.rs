//! Exact values of every position of the 1 × 1, 2 × 2 and 3 × 3 boards under the Waterloo
//! rules, by backward induction over the whole state graph.
//!
//! A state is a board (each square empty, X or O) and the side to move: 3^(N²) · 2 states,
//! 39 366 for 3 × 3, reachable or not. States with a dominant colour are terminal. Then level
//! by level: a state is won in k moves when some move leads to a state lost in k − 1, and lost
//! in k when every move leads to a state won, the slowest in k − 1. What is never resolved is a
//! draw: neither side can force an end, so with best play the game goes on forever.
//!
//! ```
//! use grundy::games::pousse::solved::retrograde::{Table, Value};
//! let table = Table::solve(2).unwrap();
//! assert_eq!(table.start_value(), Value::Win(3));
//! ```

use crate::error::ParseError;

use crate::games::pousse::board::{BitBoard, Board, Colour, Move, Size};
use crate::games::pousse::game::Position;

/// The largest size solved here: this is the slow, simple twin of
/// [`solved`](super), which solves 4 × 4 too.
pub const MAX_SOLVED_SIZE: usize = 3;

/// The value of a state for the player to move, with best play by both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// The player to move wins; the game ends after this many more moves (0: the opponent
    /// has already handed over the win).
    Win(u32),
    /// The player to move loses after this many more moves (0: already lost).
    Loss(u32),
    /// Neither side can force an end.
    Draw,
}

/// Values of every state of one board size.
#[derive(Debug, Clone)]
pub struct Table {
    size: Size,
    values: Vec<Value>,
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

/// Index of a state: the board in base 3 (square `row * N + column` is digit of that
/// weight; 0 empty, 1 X, 2 O), times 2, plus 1 when O is to move.
fn index_of(position: &Position<BitBoard>) -> usize {
    let n = position.board.size().get();
    let mut index = 0;
    for square in (0..n * n).rev() {
        let digit = match position.board.cell(square / n, square % n) {
            None => 0,
            Some(Colour::X) => 1,
            Some(Colour::O) => 2,
        };
        index = index * 3 + digit;
    }
    index * 2 + usize::from(position.to_move == Colour::O)
}

fn state_of(size: Size, index: usize) -> Result<Position<BitBoard>, ParseError> {
    let n = size.get();
    let to_move = if index % 2 == 1 { Colour::O } else { Colour::X };
    let mut rest = index / 2;
    let mut board = BitBoard::empty(size)?;
    for square in 0..n * n {
        let colour = match rest % 3 {
            1 => Some(Colour::X),
            2 => Some(Colour::O),
            _ => None,
        };
        board.set(square / n, square % n, colour);
        rest /= 3;
    }
    Ok(Position { board, to_move })
}

impl Table {
    /// Solves every state of the `size` × `size` board (1 ≤ size ≤ 3).
    pub fn solve(size: usize) -> Result<Table, ParseError> {
        if !(1..=MAX_SOLVED_SIZE).contains(&size) {
            return Err(ParseError::at_token(
                format!("retrograde analysis covers sizes 1 to {MAX_SOLVED_SIZE}"),
                &size.to_string(),
            ));
        }
        let size = Size::new(size)?;
        let n = size.get();
        let count = 2 * 3usize.pow((n * n) as u32);
        let moves: Vec<Move> = Move::all(n).collect();
        let mut values: Vec<Option<Value>> = vec![None; count];
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); count];
        for (index, slot) in values.iter_mut().enumerate() {
            let state = state_of(size, index)?;
            match state.winner() {
                Some(winner) if winner == state.to_move => *slot = Some(Value::Win(0)),
                Some(_) => *slot = Some(Value::Loss(0)),
                None => {
                    let mut next = Vec::with_capacity(moves.len());
                    for &mv in &moves {
                        let child = state
                            .after(mv)
                            .map_err(|e| ParseError::new(e.to_string()))?;
                        next.push(index_of(&child));
                    }
                    children[index] = next;
                }
            }
        }
        // Level k resolves the states won or lost in exactly k moves, reading only the values
        // of earlier levels (updates are applied after the pass).
        let mut level = 1;
        loop {
            let mut updates = Vec::new();
            for (index, value) in values.iter().enumerate() {
                if value.is_some() {
                    continue;
                }
                let mut all_won = true;
                let mut wins_in = Vec::new();
                let mut winning = false;
                for &child in &children[index] {
                    match values[child] {
                        Some(Value::Loss(d)) if d + 1 == level => winning = true,
                        Some(Value::Win(d)) => wins_in.push(d),
                        _ => all_won = false,
                    }
                }
                if winning {
                    updates.push((index, Value::Win(level)));
                } else if all_won && wins_in.iter().max().map(|d| d + 1) == Some(level) {
                    updates.push((index, Value::Loss(level)));
                }
            }
            // Nothing resolved at this level means nothing can be at the next: a win in k + 1
            // needs a loss in k, a loss in k + 1 a win in k.
            if updates.is_empty() {
                break;
            }
            for (index, value) in updates {
                values[index] = Some(value);
            }
            level += 1;
        }
        Ok(Table {
            size,
            values: values
                .into_iter()
                .map(|v| v.unwrap_or(Value::Draw))
                .collect(),
        })
    }

    /// The board size solved.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The value of `position` for its player to move; `None` for another board size.
    pub fn value<B: Board>(&self, position: &Position<B>) -> Option<Value> {
        if position.board.size() != self.size {
            return None;
        }
        let position: Position<BitBoard> = position.convert().ok()?;
        self.values.get(index_of(&position)).copied()
    }

    /// The move of perfect play under the Waterloo rules (no repetition rule): the quickest
    /// win, else a draw, else the slowest loss; ties go to the first move in [`Move::all`]'s
    /// order. `None` when the game is over or the board is another size.
    pub fn best_move<B: Board>(&self, position: &Position<B>) -> Option<Move> {
        if position.winner().is_some() || position.board.size() != self.size {
            return None;
        }
        Move::all(self.size.get())
            .filter_map(|mv| {
                let value = self.value(&position.after(mv).ok()?)?;
                Some((rank_for_mover(value), mv))
            })
            .max_by_key(|(rank, mv)| (*rank, std::cmp::Reverse(*mv)))
            .map(|(_, mv)| mv)
    }

    /// Perfect play from `position`: each side's [`Table::best_move`] in turn, at most
    /// `limit` moves.
    pub fn best_line<B: Board>(&self, position: &Position<B>, limit: usize) -> Vec<Move> {
        position.line_of(limit, |current| self.best_move(current))
    }

    /// The value of the empty board with X to move.
    pub fn start_value(&self) -> Value {
        self.values[0]
    }

    /// Every state with its value.
    pub fn states(&self) -> impl Iterator<Item = (Position<BitBoard>, Value)> + '_ {
        self.values
            .iter()
            .enumerate()
            .filter_map(move |(index, value)| Some((state_of(self.size, index).ok()?, *value)))
    }
}
