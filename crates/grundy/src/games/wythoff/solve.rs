//! Wythoff's game solved: the closed form for one queen at any size, the nim values of small
//! queens from a table, and from them the outcome and winning moves of sums.
//!
//! **One queen.** Wythoff (1907): the queen to move loses exactly on the pairs
//! `(⌊kφ⌋, ⌊kφ²⌋)` and their mirror images, `k = 0, 1, 2, …` (φ the golden ratio):
//! `(0,0), (1,2), (3,5), (4,7), (6,10), …` (OEIS A000201 and A001950). They are computed
//! here in integers, never floats: `⌊kφ⌋ = ⌊(k + √(5k²))/2⌋ = (k + isqrt(5k²)) div 2` (√5·k
//! is irrational for `k > 0`, so the integer square root loses nothing), on big integers,
//! so coordinates up to `u128::MAX` are exact. Each whole number is in exactly one pair,
//! and the pairs' differences `k` are all distinct, so a queen has at most one winning move
//! along each of its three lines: to its row's losing square, its column's, its diagonal's.
//!
//! **Sums.** A sum of queens is valued by the nim-sum of the queens' nim values (Sprague–
//! Grundy). Those have no closed form (OEIS A004481 is their table); [`ValueTable`]
//! computes them for queens whose coordinates are at most [`VALUED_MAX`] (a losing queen is
//! worth 0 at any size). A sum holding a queen beyond is answered only when that queen is
//! alone with queens in their corners (the closed form); otherwise nothing is claimed.
//!
//! The remoteness has no closed form either: the generic [`Solver`] computes it exactly on
//! positions of at most [`REMOTENESS_STATES`] positions reachable.

use std::sync::{Arc, Mutex, PoisonError};

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::{nth_queen_move, queen_moves, show, Queen, Wythoff, WythoffGame, WythoffMove};

use crate::impartial::{Halted, SearchBounds, Solver};
use crate::position::ImpartialGame;
use crate::report::Outcome;
use crate::nimber::Nimber;

/// The largest coordinate of a queen the value table takes: a queen up to `2000,2000` is
/// valued in about a second (docs/benchmarks.md); beyond, only its outcome is known.
pub const VALUED_MAX: u128 = 2000;

/// The most positions reachable (the product of each queen's `(a+1)(b+1)`) for which the
/// remoteness is computed exactly by the generic solver.
pub const REMOTENESS_STATES: u128 = 5000;

/// `⌊kφ⌋`, the `k`-th lower Wythoff number (OEIS A000201, from `k = 0`), exactly.
pub fn lower(k: &BigUint) -> BigUint {
    let five_k_squared = k * k * 5u32;
    (k + five_k_squared.sqrt()) / 2u32
}

/// The `k`-th losing pair `(⌊kφ⌋, ⌊kφ²⌋)`, whose difference is `k`.
pub fn losing_pair(k: &BigUint) -> (BigUint, BigUint) {
    let a = lower(k);
    let b = &a + k;
    (a, b)
}

/// Whether a single queen on `(a, b)` is lost for the player to move.
pub fn is_losing((a, b): Queen) -> bool {
    let (low, high) = (a.min(b), a.max(b));
    lower(&BigUint::from(high - low)) == BigUint::from(low)
}

/// The other coordinate of the losing pair that holds `n` (every whole number is in
/// exactly one: `0` with itself, `1` with `2`, `3` with `5`, …).
pub fn partner(n: u128) -> BigUint {
    if n == 0 {
        return BigUint::from(0u32);
    }
    let big = BigUint::from(n);
    // ⌊n/φ⌋ = ⌊(√(5n²) − n)/2⌋, and the index of the pair is within one or two of it.
    let guess = ((&big * &big * 5u32).sqrt() - &big) / 2u32;
    let low = guess.to_u128().unwrap_or(u128::MAX).saturating_sub(2);
    for k in low..low.saturating_add(5) {
        let (a, b) = losing_pair(&BigUint::from(k));
        if a == big {
            return b;
        }
        if b == big {
            return a;
        }
    }
    // n − ⌊n/φ⌋ is the index of the pair where n is the larger coordinate.
    let upper_index = n - guess.to_u128().unwrap_or(0);
    let low = upper_index.saturating_sub(2);
    for k in low..low.saturating_add(5) {
        let (a, b) = losing_pair(&BigUint::from(k));
        if b == big {
            return a;
        }
        if a == big {
            return b;
        }
    }
    unreachable_partner(n)
}

/// Every whole number is a lower or an upper Wythoff number (Beatty's theorem), so the
/// search above always finds the pair; this is never reached.
fn unreachable_partner(n: u128) -> BigUint {
    debug_assert!(false, "no Wythoff pair holds {n}");
    BigUint::from(n)
}

/// Every winning move of a single queen: the losing squares on its row, column and
/// diagonal that lie nearer the corner, in that order (empty when the queen is lost).
pub fn queen_winning_moves((a, b): Queen) -> Vec<Queen> {
    let mut targets = Vec::new();
    let below = |p: &BigUint, limit: u128| p.to_u128().filter(|p| *p < limit);
    if let Some(c) = below(&partner(b), a) {
        targets.push((c, b));
    }
    if let Some(d) = below(&partner(a), b) {
        targets.push((a, d));
    }
    let (low, high) = losing_pair(&BigUint::from(a.abs_diff(b)));
    let (x, y) = if a <= b { (low, high) } else { (high, low) };
    if let (Some(x), Some(y)) = (x.to_u128(), y.to_u128()) {
        if x < a && y < b {
            targets.push((x, y));
        }
    }
    targets
}

/// The nim values of queens `(a, b)` with `a ≤ width`, `b ≤ height`, computed row by row:
/// each value is the least not among those of the squares left of it, above it and on its
/// diagonal, kept as bit sets per row, column and diagonal.
pub struct ValueTable {
    width: usize,
    height: usize,
    values: Vec<u32>,
}

impl ValueTable {
    /// The table of every queen `(a, b)` with `a ≤ width` and `b ≤ height`.
    pub fn new(width: usize, height: usize) -> Self {
        let (w, h) = (width + 1, height + 1);
        let bits = width + height + 2;
        let words = bits.div_ceil(64);
        let mut values = vec![0u32; w * h];
        // Values seen along each column b (over a' < a) and each diagonal (b − a).
        let mut columns = vec![0u64; h * words];
        let mut diagonals = vec![0u64; (w + h) * words];
        let mut row = vec![0u64; words];
        for a in 0..w {
            row.iter_mut().for_each(|word| *word = 0);
            for b in 0..h {
                let diagonal = b + w - a;
                let mut value = 0;
                for word in 0..words {
                    let seen = row[word]
                        | columns[b * words + word]
                        | diagonals[diagonal * words + word];
                    if seen != u64::MAX {
                        value = word * 64 + seen.trailing_ones() as usize;
                        break;
                    }
                }
                values[a * h + b] = value as u32;
                let (word, bit) = (value / 64, 1u64 << (value % 64));
                row[word] |= bit;
                columns[b * words + word] |= bit;
                diagonals[diagonal * words + word] |= bit;
            }
        }
        ValueTable {
            width,
            height,
            values,
        }
    }

    /// A table that values every queen of `queens` within [`VALUED_MAX`]: the largest table
    /// built so far in this process when it covers them (an analysis asks several times,
    /// and the full table takes a third of a second), else a new one covering both, kept
    /// for the next question (at most 2001 × 2001 values, 16 MB).
    pub fn for_queens(queens: &[Queen]) -> Arc<ValueTable> {
        static LARGEST: Mutex<Option<Arc<ValueTable>>> = Mutex::new(None);
        let small = queens.iter().filter(|(a, b)| *a.max(b) <= VALUED_MAX);
        // Both at most VALUED_MAX, so they fit a usize.
        let width = small.clone().map(|(a, b)| *a.min(b)).max().unwrap_or(0) as usize;
        let height = small.map(|(a, b)| *a.max(b)).max().unwrap_or(0) as usize;
        let mut largest = LARGEST.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(table) = largest.as_ref() {
            if table.width >= width && table.height >= height {
                return Arc::clone(table);
            }
        }
        let (width, height) = largest.as_ref().map_or((width, height), |table| {
            (table.width.max(width), table.height.max(height))
        });
        let table = Arc::new(ValueTable::new(width, height));
        *largest = Some(Arc::clone(&table));
        table
    }

    /// The nim value of the queen `(a, b)`, when the table holds it (either way round).
    pub fn get(&self, (a, b): Queen) -> Option<Nimber> {
        let (low, high) = (a.min(b), a.max(b));
        let (low, high) = (usize::try_from(low).ok()?, usize::try_from(high).ok()?);
        if low > self.width || high > self.height {
            return None;
        }
        Some(Nimber::from(self.values[low * (self.height + 1) + high]))
    }
}

/// The nim value of a queen from `table`, or 0 for a losing queen at any size.
fn queen_value(table: &ValueTable, queen: Queen) -> Option<Nimber> {
    table
        .get(queen)
        .or_else(|| is_losing(queen).then_some(0))
}

/// The nim value of the position, when every queen is valued (within [`VALUED_MAX`], or a
/// losing queen); `None` otherwise.
pub fn grundy_value(position: &Wythoff) -> Option<Nimber> {
    let table = ValueTable::for_queens(position.queens());
    value_with(&table, position)
}

fn value_with(table: &ValueTable, position: &Wythoff) -> Option<Nimber> {
    position
        .queens()
        .iter()
        .try_fold(0, |sum, queen| Some(sum ^ queen_value(table, *queen)?))
}

/// The one queen not in its corner when the others all are, or `None`.
fn lone_queen(position: &Wythoff) -> Option<Queen> {
    let mut active = position.queens().iter().filter(|queen| **queen != (0, 0));
    let queen = *active.next()?;
    active.next().is_none().then_some(queen)
}

/// Who wins, when known: from the nim value, or for a lone queen by the closed form.
pub fn outcome(position: &Wythoff) -> Option<Outcome> {
    if let Some(value) = grundy_value(position) {
        return Some(Outcome::from_grundy(value));
    }
    let queen = lone_queen(position)?;
    Some(if is_losing(queen) {
        Outcome::Loss
    } else {
        Outcome::Win
    })
}

/// Why the position cannot be valued, when it cannot: the queens beyond the table that are
/// not alone.
pub fn unvalued_reason(position: &Wythoff) -> Option<String> {
    if outcome(position).is_some() {
        return None;
    }
    let table = ValueTable::for_queens(&[]);
    let huge: Vec<String> = position
        .distinct_queens()
        .into_iter()
        .filter(|queen| queen_value(&table, *queen).is_none() && queen.0.max(queen.1) > VALUED_MAX)
        .map(show)
        .collect();
    Some(format!(
        "cannot value this sum: the nim values of Wythoff queens have no closed form, they are \
         computed for coordinates up to {VALUED_MAX}, and the queen(s) {} are beyond (a single \
         queen of any size is answered by the closed form, and a losing one is worth 0)",
        huge.join(", ")
    ))
}

/// Every winning move, when known (one per distinct queen and target, queens in the order
/// they first appear): from the nim values, or for a lone queen by the closed form. Empty
/// when the position is lost.
pub fn winning_moves(position: &Wythoff) -> Option<Vec<WythoffMove>> {
    let table = ValueTable::for_queens(position.queens());
    if let Some(sum) = value_with(&table, position) {
        if sum == 0 {
            return Some(Vec::new());
        }
        let mut moves = Vec::new();
        for from in position.distinct_queens() {
            let value = queen_value(&table, from)?;
            let target = value ^ sum;
            if table.get(from).is_none() {
                // A losing queen beyond the table: its moves' values are not known, but
                // every one is worth more than 0.
                if target == 0 {
                    continue;
                }
                return None;
            }
            for to in queen_moves(from) {
                if table.get(to) == Some(target) {
                    moves.push(WythoffMove { from, to });
                }
            }
        }
        return Some(moves);
    }
    let from = lone_queen(position)?;
    Some(
        queen_winning_moves(from)
            .into_iter()
            .map(|to| WythoffMove { from, to })
            .collect(),
    )
}

/// The number of positions reachable from `position` (a bound: the product of the queens'
/// rectangles), `None` past `u128`.
pub fn reachable(position: &Wythoff) -> Option<u128> {
    position.queens().iter().try_fold(1u128, |total, (a, b)| {
        total.checked_mul(a.checked_add(1)?.checked_mul(b.checked_add(1)?)?)
    })
}

/// Whether the remoteness is computed exactly (at most [`REMOTENESS_STATES`] positions).
pub fn remoteness_is_exact(position: &Wythoff) -> bool {
    reachable(position).is_some_and(|states| states <= REMOTENESS_STATES)
}

/// The exact remoteness, `None` beyond [`REMOTENESS_STATES`], within `bounds`.
pub fn remoteness(
    position: &Wythoff,
    solver: &mut Solver<WythoffGame>,
    bounds: &SearchBounds,
) -> Result<Option<u64>, Halted> {
    if !remoteness_is_exact(position) {
        return Ok(None);
    }
    solver
        .try_remoteness(&position.queens().to_vec(), bounds)
        .map(Some)
}

fn to_move(position: &Wythoff, (index, to): (usize, Queen)) -> WythoffMove {
    WythoffMove {
        from: position.queens()[index],
        to,
    }
}

/// The move perfect play makes: the fastest win or the slowest loss, exact within
/// [`REMOTENESS_STATES`]; beyond, a winning move bringing the queen nearest the corner (the
/// farthest when `stubborn`), or when lost or unknown one step of the farthest queen.
fn chosen_move(
    position: &Wythoff,
    solver: &mut Solver<WythoffGame>,
    bounds: &SearchBounds,
    stubborn: bool,
) -> Result<Option<WythoffMove>, Halted> {
    if position.is_terminal() {
        return Ok(None);
    }
    let queens = position.queens().to_vec();
    if remoteness_is_exact(position) {
        let lost = Outcome::from_remoteness(solver.try_remoteness(&queens, bounds)?)
            == Outcome::Loss;
        if !stubborn || lost {
            let chosen = solver.try_perfect_move(&queens, bounds)?;
            return Ok(chosen.map(|mv| to_move(position, mv)));
        }
        let mut best: Option<(u64, WythoffMove)> = None;
        for mv in WythoffGame.legal_moves(&queens) {
            let Ok(next) = WythoffGame.apply(&queens, &mv) else {
                continue;
            };
            let after = solver.try_remoteness(&next, bounds)?;
            if after % 2 == 0 && best.as_ref().map_or(true, |(longest, _)| after > *longest) {
                best = Some((after, to_move(position, mv)));
            }
        }
        return Ok(best.map(|(_, mv)| mv));
    }
    Ok(heuristic_move(position, stubborn))
}

/// The move beyond the exact remoteness: a winning move bringing the queen nearest the
/// corner (the farthest when `stubborn`), or when lost or unknown one step of the farthest
/// queen.
fn heuristic_move(position: &Wythoff, stubborn: bool) -> Option<WythoffMove> {
    let distance = |mv: &WythoffMove| mv.to.0.saturating_add(mv.to.1);
    if let Some(winning) = winning_moves(position) {
        let pick = if stubborn {
            winning.into_iter().max_by_key(distance)
        } else {
            winning.into_iter().min_by_key(distance)
        };
        if pick.is_some() {
            return pick;
        }
    }
    let from = position
        .queens()
        .iter()
        .copied()
        .max_by_key(|(a, b)| a.saturating_add(*b))?;
    nth_queen_move(from, 0)
        .or_else(|| nth_queen_move(from, from.0))
        .map(|to| WythoffMove { from, to })
}

/// The move perfect play makes: the fastest win or the slowest loss, exact within
/// [`REMOTENESS_STATES`]; beyond, a winning move bringing the queen nearest the corner, or
/// when lost or unknown one step of the farthest queen. `None` when every queen is home.
pub fn perfect_move(
    position: &Wythoff,
    solver: &mut Solver<WythoffGame>,
    bounds: &SearchBounds,
) -> Result<Option<WythoffMove>, Halted> {
    chosen_move(position, solver, bounds, false)
}

/// The stubborn move: when lost, the slowest loss; when won, the winning move that leaves
/// the longest lost game (exact within [`REMOTENESS_STATES`]).
pub fn stubborn_move(
    position: &Wythoff,
    solver: &mut Solver<WythoffGame>,
    bounds: &SearchBounds,
) -> Result<Option<WythoffMove>, Halted> {
    chosen_move(position, solver, bounds, true)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn wythoff(text: &str) -> Wythoff {
        text.parse().unwrap()
    }

    #[test]
    fn the_first_losing_pairs() {
        let pairs: Vec<(u128, u128)> = (0u32..6)
            .map(|k| {
                let (a, b) = losing_pair(&BigUint::from(k));
                (a.to_u128().unwrap(), b.to_u128().unwrap())
            })
            .collect();
        assert_eq!(pairs, [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]);
        assert!(is_losing((5, 3)));
        assert!(!is_losing((5, 4)));
        assert_eq!(partner(7).to_u128(), Some(4));
        assert_eq!(partner(4).to_u128(), Some(7));
        assert_eq!(partner(0).to_u128(), Some(0));
    }

    #[test]
    fn the_table_starts_as_published() {
        let table = ValueTable::new(3, 3);
        let rows: Vec<Vec<Nimber>> = (0..4)
            .map(|a| (0..4).map(|b| table.get((a, b)).unwrap()).collect())
            .collect();
        assert_eq!(rows, [[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5], [3, 4, 5, 6]]);
    }

    #[test]
    fn sums_and_huge_queens() {
        assert_eq!(grundy_value(&wythoff("3,5+2,7")), Some(ValueTable::new(2, 7).get((2, 7)).unwrap()));
        let huge = wythoff("1000000000000000000000000000000,1000000000000000000000000000001");
        assert_eq!(outcome(&huge), Some(Outcome::Win));
        assert_eq!(grundy_value(&huge), None);
        assert!(!winning_moves(&huge).unwrap().is_empty());
        let sum = wythoff("1000000000000000000000000000000,1+1,2");
        assert_eq!(outcome(&sum), None);
        assert!(unvalued_reason(&sum).unwrap().contains("1000000000000000000000000000000,1"));
        assert_eq!(outcome(&wythoff("0,0")), Some(Outcome::Loss));
        assert_eq!(winning_moves(&wythoff("0,0")), Some(Vec::new()));
    }
}
