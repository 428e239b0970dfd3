//! Remoteness: winning fast and losing slowly.
//!
//! The remoteness of a position is the length of the game when the winner wins as fast as
//! possible and the loser drags it out as long as possible (see [`crate::impartial`]).
//! Unlike the Grundy value it does not split over the two sides, so it is computed here by a
//! retrograde table over every rectangle up to a size ([`RemotenessTable`], cost about
//! `A·B·(A+B)/4` steps for `A × B`), exact but limited to small sides.
//!
//! For big rectangles the strategy is a heuristic with a measured record. A winning position
//! has at most two winning targets (one per side, see [`super::solve`]); the winner
//! ([`fastest_win_move`]) takes the one whose result the exact table rates faster when it
//! fits, and otherwise the one leaving the smaller rectangle (smaller longer side, then
//! smaller shorter side), since the loser's dragging game is bounded by the sides' lengths.
//! The loser ([`stubborn_move`]) plays the exact slowest loss when the table fits, and
//! otherwise shaves one unit off the side whose shave lets our winner's reply shrink the
//! rectangle least.
//!
//! [`remoteness_report`] gives the exact remoteness when the table is affordable, and
//! otherwise the length of the game our winner reaches against the two dragging opponents
//! measured ([`Opponent`]), labelled as a heuristic.

use std::sync::OnceLock;

use super::solve::{outcome, winning_results};
use super::{Cut, Direction, Rectangle};
use crate::impartial::Outcome;

/// The largest `A·B·(A+B)` for which [`remoteness_report`] builds an exact table
/// (about 2·10^8 table look-ups, well under a second).
pub const EXACT_BUDGET: u64 = 800_000_000;

/// Sides up to this are answered by a table built once per process (a few milliseconds).
pub const SMALL_TABLE_SIDE: u64 = 128;

/// Exact remoteness of every rectangle `a × b` with `a ≤ max_width`, `b ≤ max_height`.
#[derive(Debug, Clone)]
pub struct RemotenessTable {
    max_width: u64,
    max_height: u64,
    values: Vec<u32>,
}

impl RemotenessTable {
    /// The work of building a table, `A·B·(A+B)`, or `None` when it does not fit in a u64.
    pub fn cost(max_width: u64, max_height: u64) -> Option<u64> {
        max_width
            .checked_mul(max_height)?
            .checked_mul(max_width.checked_add(max_height)?)
    }

    /// The table, or `None` when its cost exceeds `budget` (see [`Self::cost`]).
    pub fn build(max_width: u64, max_height: u64, budget: u64) -> Option<Self> {
        if Self::cost(max_width, max_height)? > budget || max_width == 0 || max_height == 0 {
            return None;
        }
        let (width, height) = (
            usize::try_from(max_width).ok()?,
            usize::try_from(max_height).ok()?,
        );
        let mut values = vec![0u32; width.checked_mul(height)?];
        for a in 1..=width {
            for b in 1..=height {
                let mut fastest_win = u32::MAX;
                let mut slowest_loss = 0u32;
                let mut any = false;
                let mut consider = |after: u32| {
                    any = true;
                    if after % 2 == 0 {
                        fastest_win = fastest_win.min(after);
                    } else {
                        slowest_loss = slowest_loss.max(after);
                    }
                };
                for m in a.div_ceil(2)..a {
                    consider(values[(m - 1) * height + b - 1]);
                }
                let row = &values[(a - 1) * height..a * height];
                for m in b.div_ceil(2)..b {
                    consider(row[m - 1]);
                }
                values[(a - 1) * height + b - 1] = if !any {
                    0
                } else if fastest_win != u32::MAX {
                    fastest_win + 1
                } else {
                    slowest_loss + 1
                };
            }
        }
        Some(RemotenessTable {
            max_width,
            max_height,
            values,
        })
    }

    /// The exact remoteness, when the table covers the position (either way round).
    pub fn get(&self, position: &Rectangle) -> Option<u64> {
        let (w, h) = (position.width(), position.height());
        let (a, b) = if w <= self.max_width && h <= self.max_height {
            (w, h)
        } else if h <= self.max_width && w <= self.max_height {
            (h, w)
        } else {
            return None;
        };
        // Both fit in usize: the table was allocated with these bounds.
        let index = (a as usize - 1) * self.max_height as usize + (b as usize - 1);
        self.values.get(index).map(|&value| u64::from(value))
    }

    /// The perfect move by the table: the fastest win, or when lost the slowest loss; ties
    /// go to the first cut in legal order, as in [`crate::Solver::perfect_move`]. `None`
    /// when the position is terminal or not covered.
    pub fn perfect_move(&self, position: &Rectangle) -> Option<Cut> {
        let winning = Outcome::from_remoteness(self.get(position)?) == Outcome::Win;
        let mut best: Option<(u64, Cut)> = None;
        for direction in [Direction::Vertical, Direction::Horizontal] {
            // Cuts p ≤ side/2 reach every result once, in legal order.
            for p in 1..=position.side(direction) / 2 {
                let cut = Cut::new(direction, p);
                let after = self.get(&position.apply(&cut).ok()?)?;
                let score = if winning {
                    if after % 2 != 0 {
                        continue;
                    }
                    u64::MAX - after
                } else {
                    after
                };
                if best.is_none_or(|(top, _)| score > top) {
                    best = Some((score, cut));
                }
            }
        }
        best.map(|(_, cut)| cut)
    }
}

/// The table for sides up to [`SMALL_TABLE_SIDE`], built on first use.
pub fn small_table() -> &'static RemotenessTable {
    static TABLE: OnceLock<RemotenessTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        RemotenessTable::build(SMALL_TABLE_SIDE, SMALL_TABLE_SIDE, u64::MAX)
            .unwrap_or_else(|| unreachable!("a 128 × 128 table always fits"))
    })
}

/// The size order the heuristic minimises: the longer side, then the shorter.
fn size_key(position: &Rectangle) -> (u64, u64) {
    let canonical = position.canonical();
    (canonical.width(), canonical.height())
}

/// The winning move by size alone (no table): the winning result with the smaller longer
/// side, then the smaller shorter side. `None` when the position is lost.
pub fn heuristic_win_move(position: &Rectangle) -> Option<Cut> {
    winning_results(position)
        .into_iter()
        .filter_map(|(direction, kept)| {
            let cut = position.cut_keeping(direction, kept)?;
            let next = position.apply(&cut).ok()?;
            Some((size_key(&next), cut))
        })
        .min()
        .map(|(_, cut)| cut)
}

/// The winning move that keeps the game short: exact (fastest win) when the small table
/// covers the position, [`heuristic_win_move`] otherwise. `None` when the position is lost.
///
/// ```
/// use grundy::games::rectangle::{remoteness::fastest_win_move, Rectangle};
/// let position = Rectangle::new(100_000_000, 99_999_999).unwrap();
/// let cut = fastest_win_move(&position).unwrap();
/// assert_eq!(grundy::games::rectangle::solve::grundy_value(&position.apply(&cut).unwrap()), 0);
/// ```
pub fn fastest_win_move(position: &Rectangle) -> Option<Cut> {
    if outcome(position) == Outcome::Loss {
        return None;
    }
    match small_table().get(position) {
        Some(_) => small_table().perfect_move(position),
        None => heuristic_win_move(position),
    }
}

/// The losing move by size alone: shave one unit off a side, choosing the side after whose
/// shave our winner's reply leaves the larger rectangle. `None` when terminal.
pub fn heuristic_stubborn_move(position: &Rectangle) -> Option<Cut> {
    [Direction::Vertical, Direction::Horizontal]
        .into_iter()
        .filter_map(|direction| {
            let side = position.side(direction);
            let cut = position.cut_keeping(direction, side.checked_sub(1)?)?;
            let next = position.apply(&cut).ok()?;
            let reply = heuristic_win_move(&next)
                .and_then(|answer| next.apply(&answer).ok())
                .unwrap_or(next);
            Some((size_key(&reply), std::cmp::Reverse(cut), cut))
        })
        .max()
        .map(|(_, _, cut)| cut)
}

/// The move that makes a lost game last: exact (slowest loss) when the small table covers
/// the position, [`heuristic_stubborn_move`] otherwise. In a won position it is the same
/// as [`fastest_win_move`]; `None` when terminal.
pub fn stubborn_move(position: &Rectangle) -> Option<Cut> {
    perfect_move(position)
}

/// The move of our strategy: the fastest win when winning, the slowest loss when losing;
/// exact on the small table, heuristic beyond it. `None` when terminal.
pub fn perfect_move(position: &Rectangle) -> Option<Cut> {
    if small_table().get(position).is_some() {
        return small_table().perfect_move(position);
    }
    match outcome(position) {
        Outcome::Win => heuristic_win_move(position),
        Outcome::Loss => heuristic_stubborn_move(position),
    }
}

/// The dragging opponents the heuristic is measured against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// Cuts one unit off the longer side (off the width on a square) when it can.
    ShaveOne,
    /// [`stubborn_move`]: the exact slowest loss when small, the best shave when big.
    Stubborn,
}

impl Opponent {
    /// The opponent's move in `position`; `None` when terminal.
    pub fn choose(self, position: &Rectangle) -> Option<Cut> {
        match self {
            Opponent::ShaveOne => {
                let direction = if position.width() >= position.height() {
                    Direction::Vertical
                } else {
                    Direction::Horizontal
                };
                position.cut_keeping(direction, position.side(direction).checked_sub(1)?)
            }
            Opponent::Stubborn => stubborn_move(position),
        }
    }
}

/// Plays a game to the end: `first` moves in `start`, then the players alternate. Returns the
/// number of moves, or `None` after `limit` moves (or if a player returns an illegal cut).
pub fn play_out(
    start: Rectangle,
    mut first: impl FnMut(&Rectangle) -> Option<Cut>,
    mut second: impl FnMut(&Rectangle) -> Option<Cut>,
    limit: u64,
) -> Option<u64> {
    let mut position = start;
    let mut moves = 0u64;
    while !position.is_terminal() {
        if moves >= limit {
            return None;
        }
        let cut = if moves % 2 == 0 {
            first(&position)?
        } else {
            second(&position)?
        };
        position = position.apply(&cut).ok()?;
        moves += 1;
    }
    Some(moves)
}

/// Whether a remoteness is proven or a measured strategy figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RemotenessKind {
    /// From the exact retrograde table.
    Exact,
    /// The longest game of our strategy against the [`Opponent`]s measured.
    Heuristic,
}

/// A remoteness with its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RemotenessReport {
    /// The number of moves.
    pub moves: u64,
    /// Exact, or the heuristic figure.
    pub kind: RemotenessKind,
}

/// Longest play-out [`remoteness_report`] tries before giving up on a heuristic figure.
pub const PLAY_OUT_LIMIT: u64 = 100_000;

/// The remoteness: exact when the table for the position costs at most `budget`
/// (see [`RemotenessTable::cost`]; [`EXACT_BUDGET`] is the default), otherwise the longest
/// game of [`perfect_move`] against each [`Opponent`] (our strategy plays the winner's side,
/// whichever it is). `None` only if a play-out exceeded [`PLAY_OUT_LIMIT`].
pub fn remoteness_report(position: &Rectangle, budget: u64) -> Option<RemotenessReport> {
    if let Some(moves) = small_table().get(position) {
        return Some(RemotenessReport {
            moves,
            kind: RemotenessKind::Exact,
        });
    }
    let (width, height) = size_key(position);
    if let Some(table) = RemotenessTable::build(width, height, budget) {
        return table.get(position).map(|moves| RemotenessReport {
            moves,
            kind: RemotenessKind::Exact,
        });
    }
    let mut longest = 0;
    for opponent in [Opponent::ShaveOne, Opponent::Stubborn] {
        let moves = match outcome(position) {
            Outcome::Win => play_out(
                *position,
                perfect_move,
                |p| opponent.choose(p),
                PLAY_OUT_LIMIT,
            )?,
            Outcome::Loss => play_out(
                *position,
                |p| opponent.choose(p),
                perfect_move,
                PLAY_OUT_LIMIT,
            )?,
        };
        longest = longest.max(moves);
    }
    Some(RemotenessReport {
        moves: longest,
        kind: RemotenessKind::Heuristic,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::games::rectangle::RectangleGame;
    use crate::impartial::Solver;

    #[test]
    fn table_matches_the_generic_solver() {
        let table = RemotenessTable::build(40, 36, u64::MAX).unwrap();
        let mut solver = Solver::new(RectangleGame);
        for width in 1..=40 {
            for height in 1..=36 {
                let position = Rectangle::new(width, height).unwrap();
                assert_eq!(table.get(&position), Some(solver.remoteness(&position)));
                assert_eq!(table.perfect_move(&position), solver.perfect_move(&position), "{position}");
            }
        }
        assert_eq!(table.get(&Rectangle::new(36, 40).unwrap()), table.get(&Rectangle::new(40, 36).unwrap()));
        assert_eq!(table.get(&Rectangle::new(41, 1).unwrap()), None);
    }

    #[test]
    fn table_budget_is_enforced() {
        assert!(RemotenessTable::build(1000, 1000, EXACT_BUDGET).is_none());
        assert!(RemotenessTable::build(u64::MAX, u64::MAX, u64::MAX).is_none());
        assert_eq!(RemotenessTable::cost(u64::MAX, 2), None);
    }
}
