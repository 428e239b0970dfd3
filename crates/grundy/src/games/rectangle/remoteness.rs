//! Remoteness: winning fast and losing slowly.
//!
//! The remoteness of a position is the length of the game when the winner wins as fast as
//! possible and the loser drags it out as long as possible (see [`crate::impartial`]).
//! Unlike the Grundy value it does not split over the two sides. Three exact sources:
//!
//! - [`RemotenessTable`]: a retrograde table over every rectangle up to a size (cost about
//!   `A·B·(A+B)/4` steps for `A × B`), which also gives the perfect move in the generic
//!   solver's tie order;
//! - [`super::sweep::RemotenessSweep`]: the same values row by row in O(1) amortised time
//!   per rectangle and O(side) memory, for exhaustive checks;
//! - [`formula_remoteness`], a closed form for every size: a lost position whose sides share
//!   the Grundy value `v` lasts `2v + 2` moves (2 for `v = 1`, −4 for `v = 0`) plus twice
//!   the trailing one bits of the sides, and a won one is one more than its best winning
//!   result. It is proved in `docs/rectangle-remoteness.md` and checked against the sweep on
//!   every rectangle with sides up to 300 in the tests (40 000 by the `rectangle_sweep`
//!   example, see `docs/benchmark-notes.md`).
//!
//! The strategy for big rectangles follows from the proof, so it is exact at every size:
//!
//! - the winner ([`fastest_win_move`]) plays the exact table move when the sides are small,
//!   and otherwise the winning result (at most two, see [`super::solve`]) with the smaller
//!   closed-form remoteness;
//! - the loser ([`stubborn_move`]) plays the exact table move when small, and otherwise the
//!   shave of 1 to 3 units off either side whose result has the largest closed-form
//!   remoteness (the proof shows that a shave by one or two is always a slowest loss).
//!
//! [`remoteness_report`] says which source a figure comes from.

use std::sync::OnceLock;

use super::solve::{outcome, strip_grundy, winning_results};
use super::{Cut, Direction, Rectangle};
use crate::report::Outcome;

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
    /// go to the first cut in legal order, as in [`crate::impartial::Solver::perfect_move`]. `None`
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
                if best.map_or(true, |(top, _)| score > top) {
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

/// The remoteness of a lost position by the closed form found in the exact table: with `v`
/// the common Grundy value of the sides and `k` the total number of trailing one bits of
/// both sides, it is `2k − 4` for `v = 0`, `2k + 2` for `v = 1` and `2v + 2k + 2` for
/// `v ≥ 2`. A won position's is one more than the least over its (at most two) winning
/// results. Exact for every size: proved in `docs/rectangle-remoteness.md`, and checked
/// against [`super::sweep::RemotenessSweep`] on every rectangle with sides up to 300 in the
/// tests (up to 40 000 by the `rectangle_sweep` example).
///
/// The winning side is therefore cheap to play well: it has at most two results to rate, and
/// the loser cannot stretch the game much past twice the Grundy value it is left with (plus
/// at most 256 moves for the trailing ones).
pub fn formula_remoteness(position: &Rectangle) -> u128 {
    if outcome(position) == Outcome::Loss {
        return lost_formula(position.width(), position.height());
    }
    winning_results(position)
        .into_iter()
        .map(|(direction, kept)| {
            let (width, height) = match direction {
                Direction::Vertical => (kept, position.height()),
                Direction::Horizontal => (position.width(), kept),
            };
            lost_formula(width, height) + 1
        })
        .min()
        .unwrap_or(0)
}

/// [`formula_remoteness`] of a lost position `width × height` (equal Grundy values).
fn lost_formula(width: u64, height: u64) -> u128 {
    let value = u128::from(strip_grundy(width));
    let ones = 2 * u128::from(width.trailing_ones() + height.trailing_ones());
    match value {
        0 => ones.saturating_sub(4),
        1 => ones + 2,
        _ => 2 * value + ones + 2,
    }
}

/// The winning move by the closed form (no table): the winning result with the smaller
/// [`formula_remoteness`], the vertical one on a tie, cut at `side − kept`. A fastest win,
/// since the closed form is exact (the name predates the proof). `None` when the position is
/// lost.
pub fn heuristic_win_move(position: &Rectangle) -> Option<Cut> {
    let mut best: Option<(u128, Cut)> = None;
    for (direction, kept) in winning_results(position) {
        let cut = position.cut_keeping(direction, kept)?;
        let after = formula_remoteness(&position.apply(&cut).ok()?);
        if best.map_or(true, |(top, _)| after < top) {
            best = Some((after, cut));
        }
    }
    best.map(|(_, cut)| cut)
}

/// The fastest win: the table's move (in the generic solver's tie order) when the small
/// table covers the position, [`heuristic_win_move`] otherwise. `None` when the position is
/// lost.
///
/// ```
/// use grundy::games::rectangle::{remoteness::fastest_win_move, solve, Cut, Direction, Rectangle};
/// let position = Rectangle::new(100_000_000, 99_999_999).unwrap();
/// let cut = fastest_win_move(&position).unwrap();
/// assert_eq!(cut, Cut::new(Direction::Vertical, 1)); // to the square 99999999x99999999
/// assert_eq!(solve::grundy_value(&position.apply(&cut).unwrap()), 0);
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

/// The kept lengths a stubborn loser tries on a side: shaving one, two or three units. On
/// every lost rectangle one of the shaves by one or two is a slowest loss (proved in
/// `docs/rectangle-remoteness.md`; tests `shaving_is_slowest`, to 300, and the ignored
/// `closed_form_matches_the_table_to_2000`).
fn stubborn_candidates(side: u64) -> impl Iterator<Item = u64> {
    let low = side.div_ceil(2);
    (1..=3u64)
        .filter_map(move |d| side.checked_sub(d))
        .filter(move |&m| m >= low && m >= 1)
}

/// The losing move by the closed form (no table): among the shaves of 1 to 3 units off
/// either side, the one whose result has the largest [`formula_remoteness`]; the first in legal
/// order on a tie. In a lost position it is a slowest loss, since one of these shaves is and
/// the closed form is exact (the name predates the proof). `None` when terminal.
pub fn heuristic_stubborn_move(position: &Rectangle) -> Option<Cut> {
    let mut best: Option<(u128, Cut)> = None;
    for direction in [Direction::Vertical, Direction::Horizontal] {
        for kept in stubborn_candidates(position.side(direction)) {
            let Some(cut) = position.cut_keeping(direction, kept) else {
                continue;
            };
            let after = formula_remoteness(&position.apply(&cut).ok()?);
            let better = match best {
                None => true,
                Some((top, chosen)) => after > top || (after == top && cut < chosen),
            };
            if better {
                best = Some((after, cut));
            }
        }
    }
    best.map(|(_, cut)| cut)
}

/// The move that makes a lost game last (a slowest loss): the table's move when the small
/// table covers the position, [`heuristic_stubborn_move`] otherwise. In a won position it is
/// the same as [`fastest_win_move`]; `None` when terminal.
pub fn stubborn_move(position: &Rectangle) -> Option<Cut> {
    perfect_move(position)
}

/// The move of our strategy: the fastest win when winning, the slowest loss when losing;
/// from the small table when it covers the position, by the exact closed form beyond it.
/// `None` when terminal.
pub fn perfect_move(position: &Rectangle) -> Option<Cut> {
    if small_table().get(position).is_some() {
        return small_table().perfect_move(position);
    }
    match outcome(position) {
        Outcome::Win => heuristic_win_move(position),
        Outcome::Loss => heuristic_stubborn_move(position),
    }
}

/// The dragging opponents the strategy is measured against.
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

/// Where an exact remoteness comes from. Both are exact; the closed form is proved in
/// `docs/rectangle-remoteness.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RemotenessKind {
    /// From the retrograde table ([`RemotenessTable`]).
    Table,
    /// From [`formula_remoteness`], for rectangles too big for a table.
    ClosedForm,
}

/// A remoteness with its source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RemotenessReport {
    /// The number of moves.
    pub moves: u64,
    /// Table or closed form.
    pub kind: RemotenessKind,
}

/// The exact remoteness: from the table when the small table covers the position or a table
/// for it costs at most `budget` (see [`RemotenessTable::cost`]; [`EXACT_BUDGET`] is the
/// default), otherwise from [`formula_remoteness`]. `None` when the remoteness exceeds a u64
/// (sides near 2^64 only).
pub fn remoteness_report(position: &Rectangle, budget: u64) -> Option<RemotenessReport> {
    if let Some(moves) = small_table().get(position) {
        return Some(RemotenessReport {
            moves,
            kind: RemotenessKind::Table,
        });
    }
    let canonical = position.canonical();
    if let Some(table) = RemotenessTable::build(canonical.width(), canonical.height(), budget) {
        return table.get(position).map(|moves| RemotenessReport {
            moves,
            kind: RemotenessKind::Table,
        });
    }
    u64::try_from(formula_remoteness(position))
        .ok()
        .map(|moves| RemotenessReport {
            moves,
            kind: RemotenessKind::ClosedForm,
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
                assert_eq!(
                    table.perfect_move(&position),
                    solver.perfect_move(&position),
                    "{position}"
                );
            }
        }
        assert_eq!(
            table.get(&Rectangle::new(36, 40).unwrap()),
            table.get(&Rectangle::new(40, 36).unwrap())
        );
        assert_eq!(table.get(&Rectangle::new(41, 1).unwrap()), None);
    }

    #[test]
    fn closed_form_matches_the_table() {
        let table = RemotenessTable::build(300, 300, u64::MAX).unwrap();
        for width in 1..=300 {
            for height in 1..=300 {
                let position = Rectangle::new(width, height).unwrap();
                let exact = u128::from(table.get(&position).unwrap());
                assert_eq!(formula_remoteness(&position), exact, "{position}");
            }
        }
    }

    /// Whether a shave by one or two off a side is a slowest loss in every lost rectangle the
    /// table covers.
    fn shaving_is_slowest_in(table: &RemotenessTable, side: u64) {
        for width in 2..=side {
            for height in 1..=width {
                let position = Rectangle::new(width, height).unwrap();
                let remoteness = table.get(&position).unwrap();
                if remoteness % 2 != 0 {
                    continue;
                }
                let mut slowest = 0;
                for direction in [Direction::Vertical, Direction::Horizontal] {
                    let length = position.side(direction);
                    for kept in [length.saturating_sub(1), length.saturating_sub(2)] {
                        if let Some(cut) = position.cut_keeping(direction, kept) {
                            slowest =
                                slowest.max(table.get(&position.apply(&cut).unwrap()).unwrap());
                        }
                    }
                }
                assert_eq!(slowest + 1, remoteness, "{position}");
            }
        }
    }

    #[test]
    fn shaving_is_slowest() {
        shaving_is_slowest_in(&RemotenessTable::build(300, 300, u64::MAX).unwrap(), 300);
    }

    /// The same check further out; run with `--ignored` in release mode (a few seconds).
    #[test]
    #[ignore = "slow: 2000 x 2000 table"]
    fn closed_form_matches_the_table_to_2000() {
        let table = RemotenessTable::build(2000, 2000, u64::MAX).unwrap();
        for width in 1..=2000 {
            for height in 1..=width {
                let position = Rectangle::new(width, height).unwrap();
                let exact = u128::from(table.get(&position).unwrap());
                assert_eq!(formula_remoteness(&position), exact, "{position}");
            }
        }
        shaving_is_slowest_in(&table, 2000);
    }

    #[test]
    fn closed_form_near_the_top() {
        let top = Rectangle::new(u64::MAX - 1, u64::MAX - 1).unwrap();
        assert_eq!(formula_remoteness(&top), 2 * u128::from(u64::MAX / 2) + 2);
        assert!(remoteness_report(&top, EXACT_BUDGET).is_none());
        let top = Rectangle::new(u64::MAX, u64::MAX).unwrap();
        assert_eq!(formula_remoteness(&top), 2 * 128 - 4);
        assert!(heuristic_stubborn_move(&top).is_some());
        assert!(heuristic_win_move(&Rectangle::new(u64::MAX, u64::MAX - 1).unwrap()).is_some());
    }

    /// The remoteness recursion with [`formula_remoteness`] on every move: one more than the
    /// least even (lost) successor if there is one, else one more than the largest.
    fn recursion_from_the_formula(position: &Rectangle) -> u128 {
        let mut fastest_win = None::<u128>;
        let mut slowest_loss = None::<u128>;
        for direction in [Direction::Vertical, Direction::Horizontal] {
            let side = position.side(direction);
            for kept in side.div_ceil(2)..side {
                let cut = position.cut_keeping(direction, kept).unwrap();
                let after = formula_remoteness(&position.apply(&cut).unwrap());
                if after % 2 == 0 {
                    fastest_win = Some(fastest_win.map_or(after, |best| best.min(after)));
                } else {
                    slowest_loss = Some(slowest_loss.map_or(after, |best| best.max(after)));
                }
            }
        }
        match (fastest_win, slowest_loss) {
            (Some(even), _) => even + 1,
            (None, Some(odd)) => odd + 1,
            (None, None) => 0,
        }
    }

    proptest::proptest! {
        /// Spot checks beyond the exhaustive sweep: the closed form satisfies the recursion
        /// that defines remoteness at random rectangles with sides up to 2^16.
        #[test]
        fn closed_form_satisfies_the_recursion(width in 1u64..=1 << 16, height in 1u64..=1 << 16) {
            let position = Rectangle::new(width, height).unwrap();
            proptest::prop_assert_eq!(
                formula_remoteness(&position),
                recursion_from_the_formula(&position)
            );
        }
    }

    #[test]
    fn big_rectangles_are_reported_from_the_closed_form() {
        let position = Rectangle::new(100_000_000, 99_999_999).unwrap();
        let report = remoteness_report(&position, EXACT_BUDGET).unwrap();
        assert_eq!(report.kind, RemotenessKind::ClosedForm);
        assert_eq!(u128::from(report.moves), formula_remoteness(&position));
        let small = remoteness_report(&Rectangle::new(4, 3).unwrap(), EXACT_BUDGET).unwrap();
        assert_eq!((small.moves, small.kind), (5, RemotenessKind::Table));
    }

    #[test]
    fn table_budget_is_enforced() {
        assert!(RemotenessTable::build(1000, 1000, EXACT_BUDGET).is_none());
        assert!(RemotenessTable::build(u64::MAX, u64::MAX, u64::MAX).is_none());
        assert_eq!(RemotenessTable::cost(u64::MAX, 2), None);
    }
}
