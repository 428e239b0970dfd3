//! What the Waterloo table proves about a game, under either rule set.
//!
//! Under the Waterloo rules the table is the whole truth. Under the ICFP rule a move that
//! produces a state its player produced before loses, so the past matters. Take a position
//! won or lost in k moves under the Waterloo rules. From it, every move of the losing side
//! leads to a win in fewer than k moves for the other, and the winning side can always move
//! to a loss in fewer moves: along any such line the remoteness strictly decreases, so no
//! state repeats within the line, and every state it produces has a remoteness below k. If
//! no state produced earlier in the game has a decided value with a remoteness below k,
//! nothing on such a line can repeat the past either, and the table's result holds under the
//! ICFP rule: the winner wins within k moves (the loser might have to lose sooner, trapped
//! by its own earlier states, so the distance is an upper bound), and the table's best move
//! keeps the guarantee. Otherwise, and for Waterloo draws (the ICFP rule has none), the
//! table proves nothing and the caller searches instead.

use super::super::board::{Board, Move};
use super::super::game::{BoardGame, RuleSet, PousseStatus};
use super::retrograde::Value;
use super::SolvedTable;

/// What the table proves about the current position of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The value for the side to move (under the ICFP rule a win or a loss only).
    pub value: Value,
    /// True when the remoteness is exact (Waterloo rules); under the ICFP rule it is an
    /// upper bound on the length of the game with best play by the winner.
    pub remoteness_exact: bool,
    /// The move to play: quickest win, a draw, or slowest loss; `None` when the game is
    /// over.
    pub best: Option<Move>,
    /// The line of perfect play from here, at most the length asked for.
    pub line: Vec<Move>,
    /// Moves proven to win.
    pub winning: Vec<Move>,
    /// True when `winning` lists every winning move (Waterloo rules).
    pub winning_complete: bool,
}

/// What `table` proves about the current position of `game`, with a line of at most
/// `line_limit` moves; `None` when the table is for another size or proves nothing here.
pub fn verdict<B: Board>(
    table: &SolvedTable,
    game: &BoardGame<B>,
    line_limit: usize,
) -> Option<Verdict> {
    let position = game.position();
    let value = table.value(position)?;
    let waterloo = game.rules() == RuleSet::Waterloo;
    if let PousseStatus::Won {
        by_repetition: true,
        ..
    } = game.status()
    {
        return None;
    }
    if !waterloo {
        let bound = match value {
            Value::Win(k) | Value::Loss(k) => k,
            Value::Draw => return None,
        };
        let clash = game.produced_positions().iter().any(|past| {
            matches!(
                table.value(past),
                Some(Value::Win(d) | Value::Loss(d)) if d < bound
            )
        });
        if clash {
            return None;
        }
    }
    Some(Verdict {
        value,
        remoteness_exact: waterloo,
        best: table.best_move(position),
        line: table.best_line(position, line_limit),
        winning: table.winning_moves(position),
        winning_complete: waterloo,
    })
}
