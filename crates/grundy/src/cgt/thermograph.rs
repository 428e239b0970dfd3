//! Stops, thermographs, means and temperatures.
//!
//! The **left stop** of `G` is the number reached when Left starts and both players play
//! until a number is reached, each stopping play as soon as it is a number; the **right
//! stop** likewise with Right starting (Siegel, *Combinatorial Game Theory*, II.3).
//!
//! **Cooling** `G` by `t` taxes every move by `t`: `G_t = {G^L_t - t | G^R_t + t}` until the
//! cooled game is infinitesimally close to a number, after which it stays that number (the
//! **mast**). The **thermograph** draws the left stop (left wall) and right stop (right
//! wall) of `G_t` against `t >= -1`; the walls meet at the **temperature** of `G`, and the
//! mast stands at the **mean**. An integer has temperature -1, a number `m/2^k` temperature
//! `-1/2^k`, an infinitesimal temperature 0 (Siegel II.5).
//!
//! Walls are computed from the options' walls, as Winning Ways and CGSuite do: the Left
//! scaffold is the maximum over Left options of their right walls shifted by `-t`, the Right
//! scaffold the minimum over Right options of their left walls shifted by `+t`; where the
//! scaffolds first meet the mast rises. Every wall is made of segments of slope 0 and ±1, so
//! breakpoints are dyadic.

use std::sync::Arc;

use super::dyadic::Dyadic;
use super::nus::Nus;
use super::store::{deep, growth_bytes, GameId, ValueStore};
use crate::integer::Integer;

/// One linear piece of a function of temperature: from `start` on (until the next piece)
/// the value is `value + slope·(t - start)`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Piece {
    start: Dyadic,
    value: Dyadic,
    slope: i64,
}

/// A continuous piecewise-linear function on `t >= -1` with integer slopes.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Piecewise {
    pieces: Vec<Piece>,
}

impl Piecewise {
    fn constant(value: Dyadic) -> Self {
        Piecewise {
            pieces: vec![Piece {
                start: Dyadic::integer(-1),
                value,
                slope: 0,
            }],
        }
    }

    /// The piece that holds at `t`.
    fn piece_at(&self, t: &Dyadic) -> &Piece {
        let mut found = &self.pieces[0];
        for piece in &self.pieces {
            if &piece.start <= t {
                found = piece;
            } else {
                break;
            }
        }
        found
    }

    fn at(&self, t: &Dyadic) -> Dyadic {
        let piece = self.piece_at(t);
        &piece.value + &(t - &piece.start).times(piece.slope)
    }

    fn slope_at(&self, t: &Dyadic) -> i64 {
        self.piece_at(t).slope
    }

    /// The function plus `k·t`.
    fn shifted(&self, k: i64) -> Self {
        Piecewise {
            pieces: self
                .pieces
                .iter()
                .map(|p| Piece {
                    start: p.start.clone(),
                    value: &p.value + &p.start.times(k),
                    slope: p.slope + k,
                })
                .collect(),
        }
    }

    /// The function mirrored: `-f`.
    fn negated(&self) -> Piecewise {
        Piecewise {
            pieces: self
                .pieces
                .iter()
                .map(|p| Piece {
                    start: p.start.clone(),
                    value: -&p.value,
                    slope: -p.slope,
                })
                .collect(),
        }
    }

    /// The heap bytes of the pieces and their numbers.
    fn heap_bytes(&self) -> usize {
        self.pieces.capacity() * std::mem::size_of::<Piece>()
            + self
                .pieces
                .iter()
                .map(|p| p.start.heap_bytes() + p.value.heap_bytes())
                .sum::<usize>()
    }

    fn starts(&self) -> impl Iterator<Item = Dyadic> + '_ {
        self.pieces.iter().map(|p| p.start.clone())
    }

    /// The pointwise maximum (`larger`) or minimum of two functions.
    fn combine(&self, other: &Piecewise, larger: bool) -> Piecewise {
        let mut starts: Vec<Dyadic> = self.starts().chain(other.starts()).collect();
        starts.sort_unstable();
        starts.dedup();
        let better = |a: &Dyadic, b: &Dyadic| if larger { a > b } else { a < b };
        let mut pieces: Vec<Piece> = Vec::new();
        for (i, s) in starts.iter().enumerate() {
            let end = starts.get(i + 1);
            let (fa, fs) = (self.at(s), self.slope_at(s));
            let (ga, gs) = (other.at(s), other.slope_at(s));
            // Which is ahead just after s.
            let f_first =
                better(&fa, &ga) || (fa == ga && (fs == gs || better_slope(fs, gs, larger)));
            let (first, second) = if f_first {
                ((fa, fs), (ga, gs))
            } else {
                ((ga, gs), (fa, fs))
            };
            // Does the other overtake it inside the interval?
            let overtaking = if first.1 != second.1 && better_slope(second.1, first.1, larger) {
                let gap = &first.0 - &second.0; // >= 0 for max, <= 0 for min
                gap.divided_by(second.1 - first.1).and_then(|offset| {
                    let crossing = s + &offset;
                    (&crossing > s && end.map_or(true, |e| &crossing < e)).then(|| Piece {
                        start: crossing,
                        value: &first.0 + &offset.times(first.1),
                        slope: second.1,
                    })
                })
            } else {
                None
            };
            pieces.push(Piece {
                start: s.clone(),
                value: first.0,
                slope: first.1,
            });
            pieces.extend(overtaking);
        }
        Piecewise { pieces }.simplified()
    }

    /// Merges pieces that continue one another.
    fn simplified(self) -> Piecewise {
        let mut pieces: Vec<Piece> = Vec::with_capacity(self.pieces.len());
        for piece in self.pieces {
            if let Some(last) = pieces.last() {
                if last.slope == piece.slope {
                    continue;
                }
            }
            pieces.push(piece);
        }
        Piecewise { pieces }
    }

    /// The function up to `t`, constant from `t` on.
    fn capped_at(&self, t: &Dyadic, value: &Dyadic) -> Piecewise {
        let mut pieces: Vec<Piece> = self
            .pieces
            .iter()
            .filter(|p| &p.start < t)
            .cloned()
            .collect();
        pieces.push(Piece {
            start: t.clone(),
            value: value.clone(),
            slope: 0,
        });
        Piecewise { pieces }.simplified()
    }

    /// The breakpoints: the value at -1, at every change of slope.
    fn points(&self) -> Vec<WallPoint> {
        self.pieces
            .iter()
            .map(|p| WallPoint {
                temperature: p.start.clone(),
                value: p.value.clone(),
            })
            .collect()
    }
}

/// Whether slope `a` gets ahead of slope `b` as `t` grows (for a maximum: steeper up).
fn better_slope(a: i64, b: i64, larger: bool) -> bool {
    if larger {
        a > b
    } else {
        a < b
    }
}

/// A breakpoint of a thermograph wall: at temperature `temperature` the wall is at `value`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct WallPoint {
    /// The temperature `t` (the vertical coordinate of a thermograph).
    pub temperature: Dyadic,
    /// The wall's value there (the horizontal coordinate).
    pub value: Dyadic,
}

/// The thermograph of a game: its two walls, its temperature and its mast value (the mean).
///
/// ```
/// use grundy::cgt::{Dyadic, ValueStore};
/// let mut store = ValueStore::new();
/// let (three, minus_one) = (store.integer(3), store.integer(-1));
/// let g = store.game(&[three], &[minus_one]); // {3 | -1}
/// let thermograph = store.thermograph(g);
/// assert_eq!(thermograph.temperature(), Dyadic::integer(2));
/// assert_eq!(thermograph.mast(), Dyadic::integer(1));
/// assert_eq!(thermograph.left_at(&Dyadic::integer(1)), Dyadic::integer(2));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thermograph {
    left: Piecewise,
    right: Piecewise,
    temperature: Dyadic,
    mast: Dyadic,
}

impl Thermograph {
    /// The thermograph of an integer: both walls and the mast at `x`, temperature -1.
    fn of_number(x: Dyadic) -> Thermograph {
        Thermograph {
            left: Piecewise::constant(x.clone()),
            right: Piecewise::constant(x.clone()),
            temperature: Dyadic::integer(-1),
            mast: x,
        }
    }

    /// The thermograph of the negative: walls swapped and mirrored.
    fn negated(&self) -> Thermograph {
        Thermograph {
            left: self.right.negated(),
            right: self.left.negated(),
            temperature: self.temperature.clone(),
            mast: -&self.mast,
        }
    }

    /// The heap bytes the thermograph owns: its walls' pieces and their numbers.
    pub fn heap_bytes(&self) -> usize {
        self.left.heap_bytes() + self.right.heap_bytes() + self.mast.heap_bytes()
    }

    /// The temperature: where the walls meet and the mast begins.
    pub fn temperature(&self) -> Dyadic {
        self.temperature.clone()
    }

    /// The mast's value: the mean of the game.
    pub fn mast(&self) -> Dyadic {
        self.mast.clone()
    }

    /// The left wall's breakpoints, from `t = -1` up to the temperature (the last point is
    /// the foot of the mast, where the wall turns vertical).
    pub fn left_wall(&self) -> Vec<WallPoint> {
        self.with_foot(self.left.points())
    }

    /// The right wall's breakpoints, as [`left_wall`](Self::left_wall).
    pub fn right_wall(&self) -> Vec<WallPoint> {
        self.with_foot(self.right.points())
    }

    fn with_foot(&self, mut points: Vec<WallPoint>) -> Vec<WallPoint> {
        if points
            .last()
            .is_some_and(|last| last.temperature < self.temperature)
        {
            points.push(WallPoint {
                temperature: self.temperature.clone(),
                value: self.mast.clone(),
            });
        }
        points
    }

    /// The left wall at temperature `t >= -1`: the left stop of the game cooled by `t`.
    pub fn left_at(&self, t: &Dyadic) -> Dyadic {
        self.left.at(t)
    }

    /// The right wall at temperature `t >= -1`.
    pub fn right_at(&self, t: &Dyadic) -> Dyadic {
        self.right.at(t)
    }
}

impl ValueStore {
    /// The left and right stops of `g`. A nus `x + n·↑ + *m` has both stops `x` (an
    /// infinitesimal moves no stop; Siegel II.3), so `*50000` never lists its options.
    pub fn stops(&mut self, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(nus) = self.nus_ref(g) {
            let x = nus.number.clone();
            return (x.clone(), x);
        }
        if let Some(stops) = self.stops.get(&g) {
            return stops.clone();
        }
        if self.is_interrupted() {
            return (Dyadic::ZERO, Dyadic::ZERO);
        }
        let lefts = self.left_options(g);
        let rights = self.right_options(g);
        let left_stop = lefts.iter().map(|&l| deep(|| self.stops(l)).1).max();
        let right_stop = rights.iter().map(|&r| deep(|| self.stops(r)).0).min();
        // A game that is not a number has options on both sides in canonical form.
        let stops = (
            left_stop.unwrap_or_default(),
            right_stop.unwrap_or_default(),
        );
        let growth = growth_bytes(&self.stops);
        if self.afford(growth) {
            self.number_bytes = self
                .number_bytes
                .saturating_add(stops.0.heap_bytes() + stops.1.heap_bytes());
            self.stops.insert(g, stops.clone());
            self.step();
        }
        stops
    }

    /// The left stop of `g`.
    pub fn left_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).0
    }

    /// The right stop of `g`.
    pub fn right_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).1
    }

    /// The thermograph of `g`. A number's comes from its binary digits and a nus's from a
    /// few nus of its shape, so neither walks a long chain of options (`1/2^400000` has
    /// 400 000 levels of them, `*50000` 50 000 options).
    pub fn thermograph(&mut self, g: GameId) -> Arc<Thermograph> {
        if let Some(thermograph) = self.thermographs.get(&g) {
            return thermograph.clone();
        }
        if self.is_interrupted() {
            return Arc::new(Thermograph::of_number(Dyadic::ZERO));
        }
        let thermograph = match self.as_nus(g) {
            Some(nus) if nus.is_number() => Arc::new(self.number_thermograph(&nus.number)),
            Some(nus) => self.nus_thermograph(nus),
            None => Arc::new(deep(|| {
                self.thermograph_from_options(g, &mut |store, option| store.thermograph(option))
            })),
        };
        self.remember_thermograph(g, &thermograph);
        thermograph
    }

    /// Keeps `thermograph` as the thermograph of `g` (unless the run was interrupted, when
    /// it is a placeholder), counting its bytes.
    fn remember_thermograph(&mut self, g: GameId, thermograph: &Arc<Thermograph>) {
        let growth = growth_bytes(&self.thermographs);
        if !self.thermographs.contains_key(&g) && self.afford(growth) {
            self.thermograph_bytes = self
                .thermograph_bytes
                .saturating_add(thermograph.heap_bytes());
            self.thermographs.insert(g, thermograph.clone());
            self.step();
        }
    }

    /// The mean (mast value) of `g`.
    pub fn mean(&mut self, g: GameId) -> Dyadic {
        self.thermograph(g).mast()
    }

    /// The temperature of `g`.
    pub fn temperature(&mut self, g: GameId) -> Dyadic {
        self.thermograph(g).temperature()
    }

    /// The thermograph of `g` from its options' thermographs, as `option_thermograph` gives
    /// them (through the cache, or, for the tests' slow twin, by plain recursion).
    fn thermograph_from_options(
        &mut self,
        g: GameId,
        option_thermograph: &mut dyn FnMut(&mut ValueStore, GameId) -> Arc<Thermograph>,
    ) -> Thermograph {
        if let Some(x) = self.as_number(g).filter(|x| x.is_integer()) {
            return Thermograph::of_number(x);
        }
        let lefts = self.left_options(g);
        let rights = self.right_options(g);
        let mut left: Option<Piecewise> = None;
        for l in lefts {
            let wall = option_thermograph(self, l).right.shifted(-1);
            left = Some(match left {
                None => wall,
                Some(so_far) => so_far.combine(&wall, true),
            });
        }
        let mut right: Option<Piecewise> = None;
        for r in rights {
            let wall = option_thermograph(self, r).left.shifted(1);
            right = Some(match right {
                None => wall,
                Some(so_far) => so_far.combine(&wall, false),
            });
        }
        let stops = self.stops(g);
        let left = left.unwrap_or_else(|| Piecewise::constant(stops.0));
        let right = right.unwrap_or_else(|| Piecewise::constant(stops.1));
        let (temperature, mast) = meeting_point(&left, &right);
        Thermograph {
            left: left.capped_at(&temperature, &mast),
            right: right.capped_at(&temperature, &mast),
            temperature,
            mast,
        }
    }

    /// The thermograph of the number `x`, from its binary digits.
    ///
    /// An integer's walls are the mast at `x`, temperature -1. For `x = a/2^k` (`a` odd,
    /// `k >= 1`, `x > 0`) the temperature is `-1/2^k` and, between `t = -1/2^j` and
    /// `-1/2^(j+1)` (`j < k`), the left wall starts at `⌈x·2^j⌉/2^j` and stays level when the
    /// `(j+1)`-th binary digit of `x` after the point is 1 and `j + 1 < k`, falling with
    /// slope -1 otherwise; the right wall starts at `⌊x·2^j⌋/2^j` and rises with slope 1
    /// when that digit is 1 or `j + 1 = k`, staying level otherwise. (The left wall of
    /// `x`'s canonical form `{x - 1/2^k | x + 1/2^k}` is the right wall of `x - 1/2^k` less
    /// `t`, and so on down the digits; the tests check the rule against that recursion on
    /// every number with a denominator up to 2^8.) A negative number's walls mirror those
    /// of its negative.
    ///
    /// The walls have a piece for each run of equal digits, so their size is known before
    /// they are built: it is reserved against the memory limit first, and a number whose
    /// walls would pass the limit interrupts the run with nothing built.
    fn number_thermograph(&mut self, x: &Dyadic) -> Thermograph {
        if x.is_integer() {
            return Thermograph::of_number(x.clone());
        }
        if x.signum() < 0 {
            return self.number_thermograph(&-x).negated();
        }
        let (a, k) = (x.numerator(), x.exponent());
        // The binary digit `j` places after the point, for `1 <= j <= k`.
        let digit = |j: u64| a.bit(k - j);
        let left_slope = |j: u64| if j + 1 < k && digit(j + 1) { 0 } else { -1 };
        let right_slope = |j: u64| if j + 1 == k || digit(j + 1) { 1 } else { 0 };
        // A piece starts where the slope changes; each holds a value of about `j` bits
        // past the integer part.
        let whole_bits = a.bits().saturating_sub(k);
        let mut bytes = 0usize;
        for j in 0..k {
            let starts = |slope: &dyn Fn(u64) -> i64| j == 0 || slope(j) != slope(j - 1);
            let pieces = usize::from(starts(&left_slope)) + usize::from(starts(&right_slope));
            let value = Integer::heap_bytes_for_bits(j + whole_bits + 1);
            bytes = bytes.saturating_add(pieces * (std::mem::size_of::<Piece>() + value));
        }
        if !self.reserve(bytes) {
            return Thermograph::of_number(Dyadic::ZERO);
        }
        let temperature = -Dyadic::new(1, k);
        let wall = |slope: &dyn Fn(u64) -> i64, value: &dyn Fn(u64) -> Dyadic| {
            let mut pieces: Vec<Piece> = Vec::new();
            for j in 0..k {
                let slope = slope(j);
                if pieces.last().is_some_and(|last| last.slope == slope) {
                    continue;
                }
                pieces.push(Piece {
                    start: -Dyadic::new(1, j),
                    value: value(j),
                    slope,
                });
            }
            pieces.push(Piece {
                start: temperature.clone(),
                value: x.clone(),
                slope: 0,
            });
            Piecewise { pieces }
        };
        // `x·2^j` is not an integer for `j < k`: its ceiling is its floor plus one.
        let left = wall(&left_slope, &|j| {
            Dyadic::new(&a.shr_floor(k - j) + &Integer::ONE, j)
        });
        let right = wall(&right_slope, &|j| Dyadic::new(a.shr_floor(k - j), j));
        Thermograph {
            left,
            right,
            temperature: temperature.clone(),
            mast: x.clone(),
        }
    }

    /// The thermograph of a nus `x + n·↑ + *m` that is not a number, from a few nus of the
    /// same `x`, each through its options.
    ///
    /// - `x + *m`: its thermograph is a function of the set of its options' thermographs
    ///   (those of `x + *j`, `j < m`), so once `x + *j` has the thermograph of `x + *(j-1)`,
    ///   so has every `x + *i` above.
    /// - `x + n·↑ + *m` with `n >= 2` is `{x | x + (n-1)·↑ + *(m xor 1)}`: its thermograph
    ///   is a function of the next one down the chain `n, n-1, …, 1` (the nimber parts
    ///   alternating), so the chain repeats once a thermograph comes back, and the one at
    ///   `n` is read off the cycle. Down (`n < 0`) mirrors up.
    fn nus_thermograph(&mut self, nus: Nus) -> Arc<Thermograph> {
        let Nus {
            number,
            ups,
            nimber,
        } = nus;
        let shape = |ups: Integer, nimber: u64| Nus {
            number: number.clone(),
            ups,
            nimber,
        };
        if ups.is_zero() {
            let mut previous = self.thermograph_of_nus(Nus::number(number.clone()));
            for j in 1..=nimber {
                let current = self.thermograph_of_nus(shape(Integer::ZERO, j));
                if current == previous || j == nimber || self.is_interrupted() {
                    return current;
                }
                previous = current;
            }
            return previous;
        }
        // Along the chain `i = 1, 2, …, |n|` (signed like `n`), the nimber part at `i` is
        // `m xor ((|n| - i) mod 2)`, so that it is `m` at `|n|`.
        let sign = Integer::small(i64::from(ups.signum()));
        let size = ups.abs();
        let odd = |n: &Integer| n.trailing_zeros() == Some(0);
        let mut chain: Vec<Arc<Thermograph>> = Vec::new();
        let mut i = Integer::ONE;
        loop {
            let flip = u64::from(odd(&(&size - &i)));
            let current = self.thermograph_of_nus(shape(&sign * &i, nimber ^ flip));
            if i == size || self.is_interrupted() {
                return current;
            }
            if let Some(seen) = chain.iter().position(|earlier| *earlier == current) {
                // The thermograph at `i` is the one at `seen + 1`: from there the chain
                // repeats with period `i - (seen + 1)`.
                let first = Integer::from(seen as u64 + 1);
                let period = &i - &first;
                let offset = &size - &first;
                let step = offset_in_period(&offset, &period);
                return chain[seen + step].clone();
            }
            chain.push(current);
            i = &i + &Integer::ONE;
        }
    }

    /// The thermograph of the nus, through the cache, computed from its options (for the
    /// small nus [`nus_thermograph`](Self::nus_thermograph) walks).
    fn thermograph_of_nus(&mut self, nus: Nus) -> Arc<Thermograph> {
        let id = self.nus(nus);
        if let Some(thermograph) = self.thermographs.get(&id) {
            return thermograph.clone();
        }
        let thermograph = Arc::new(
            self.thermograph_from_options(id, &mut |store, option| store.thermograph(option)),
        );
        self.remember_thermograph(id, &thermograph);
        thermograph
    }
}

/// `offset mod period` for a small positive period (the length of a cycle of thermographs).
fn offset_in_period(offset: &Integer, period: &Integer) -> usize {
    let period_small = period.to_u64().unwrap_or(1).max(1);
    // offset mod period from the binary digits, most significant first.
    let mut rest = 0u64;
    for bit in (0..offset.bits()).rev() {
        rest = (2 * rest + u64::from(offset.bit(bit))) % period_small;
    }
    usize::try_from(rest).unwrap_or(0)
}

/// The least `t >= -1` where the Left scaffold is no longer to the right of the Right
/// scaffold (`left(t) <= right(t)`), and the value there. The difference `left - right` never
/// grows with `t` (slopes of the Left scaffold are at most 0, of the Right at least 0).
fn meeting_point(left: &Piecewise, right: &Piecewise) -> (Dyadic, Dyadic) {
    let minus_one = Dyadic::integer(-1);
    let gap = |t: &Dyadic| left.at(t) - right.at(t);
    if gap(&minus_one) <= Dyadic::ZERO {
        let (l, r) = (left.at(&minus_one), right.at(&minus_one));
        let mast = if l == r {
            l
        } else {
            Dyadic::simplest_between(Some(&l), Some(&r)).unwrap_or(l)
        };
        return (minus_one, mast);
    }
    let mut starts: Vec<Dyadic> = left.starts().chain(right.starts()).collect();
    starts.sort_unstable();
    starts.dedup();
    for (i, s) in starts.iter().enumerate() {
        let g = gap(s);
        let slope = left.slope_at(s) - right.slope_at(s);
        if slope >= 0 {
            continue;
        }
        let Some(offset) = g.divided_by(-slope) else {
            continue;
        };
        let t = s + &offset;
        if starts.get(i + 1).map_or(true, |next| &t <= next) {
            let at = left.at(&t);
            return (t, at);
        }
    }
    // Unreachable for games (the gap falls at slope -2 after the last breakpoint).
    let last = starts.last().cloned().unwrap_or(minus_one);
    let at = left.at(&last);
    (last, at)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn d(text: &str) -> Dyadic {
        text.parse().unwrap()
    }

    fn points(wall: &[WallPoint]) -> Vec<(String, String)> {
        wall.iter()
            .map(|p| (p.temperature.to_string(), p.value.to_string()))
            .collect()
    }

    /// The thermograph by plain recursion over the canonical options (memoised by id, so
    /// that long chains stay quick): no digit rule, no nus shortcut. The slow twin of
    /// [`ValueStore::thermograph`].
    fn tree_thermograph(
        store: &mut ValueStore,
        g: GameId,
        memo: &mut std::collections::HashMap<GameId, Arc<Thermograph>>,
    ) -> Arc<Thermograph> {
        if let Some(known) = memo.get(&g) {
            return known.clone();
        }
        let mut inner = std::mem::take(memo);
        let thermograph = Arc::new(store.thermograph_from_options(g, &mut |store, option| {
            tree_thermograph(store, option, &mut inner)
        }));
        *memo = inner;
        memo.insert(g, thermograph.clone());
        thermograph
    }

    /// The stops by their definition over the canonical options.
    fn tree_stops(store: &mut ValueStore, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(x) = store.as_number(g) {
            return (x.clone(), x);
        }
        let lefts = store.left_options(g);
        let rights = store.right_options(g);
        let left = lefts.iter().map(|&l| tree_stops(store, l).1).max();
        let right = rights.iter().map(|&r| tree_stops(store, r).0).min();
        (left.unwrap(), right.unwrap())
    }

    /// Every number with a denominator up to 2^8 and a numerator up to 600 either side.
    fn small_numbers() -> impl Iterator<Item = Dyadic> {
        (0..=8u64).flat_map(|k| (-600i64..=600).map(move |a| Dyadic::new(a, k)))
    }

    #[test]
    fn the_digit_rule_gives_every_small_number_its_thermograph() {
        let mut store = ValueStore::new();
        let mut memo = std::collections::HashMap::new();
        for x in small_numbers() {
            let g = store.number(x.clone());
            let fast = store.thermograph(g);
            assert_eq!(fast, tree_thermograph(&mut store, g, &mut memo), "{x}");
        }
    }

    /// The nus `x + n·↑ + *m` for a few numbers `x`, `|n| <= 6` and `m <= 7`.
    fn small_nus() -> Vec<Nus> {
        let mut all = Vec::new();
        for x in [
            "0", "1", "-2", "1/2", "-3/4", "5/8", "7/2", "85/256", "-21/64",
        ] {
            for ups in -6i64..=6 {
                for nimber in 0..=7 {
                    all.push(Nus {
                        number: d(x),
                        ups: ups.into(),
                        nimber,
                    });
                }
            }
        }
        all
    }

    #[test]
    fn nus_thermographs_and_stops_are_their_options_ones() {
        let mut store = ValueStore::new();
        let mut memo = std::collections::HashMap::new();
        for nus in small_nus() {
            let g = store.nus(nus.clone());
            let fast = store.thermograph(g);
            assert_eq!(fast, tree_thermograph(&mut store, g, &mut memo), "{nus}");
            assert_eq!(store.stops(g), tree_stops(&mut store, g), "{nus}");
        }
    }

    #[test]
    fn huge_nus_are_valued_without_their_options() {
        let mut store = ValueStore::new();
        let before = store.len();
        let star = store.nimber(1 << 40);
        let up = store.ups(Integer::ONE.shl(80));
        let down_star = store.nus(Nus {
            number: d("-3/8"),
            ups: -Integer::ONE.shl(70),
            nimber: 5,
        });
        for (g, small) in [
            (star, Nus::nimber(3)),
            (up, Nus::ups(4)),
            (
                down_star,
                Nus {
                    number: d("-3/8"),
                    ups: Integer::small(-6),
                    nimber: 5,
                },
            ),
        ] {
            let thermograph = store.thermograph(g);
            let id = store.nus(small);
            assert_eq!(thermograph, store.thermograph(id));
        }
        assert_eq!(store.stops(down_star), (d("-3/8"), d("-3/8")));
        // A few small nus were made on the way, never the 2^40 options.
        assert!(store.len() < before + 100, "{} values", store.len());
    }

    #[test]
    fn a_number_with_a_long_denominator_has_a_short_thermograph() {
        let mut store = ValueStore::new();
        let x = Dyadic::new(1, 400_000);
        let g = store.number(x.clone());
        let thermograph = store.thermograph(g);
        assert_eq!(thermograph.temperature(), -x.clone());
        assert_eq!(thermograph.mast(), x);
        // 0.000…01: the left wall falls all the way, the right wall is level to the last
        // digit.
        assert_eq!(thermograph.left_wall().len(), 2);
        assert_eq!(thermograph.right_wall().len(), 3);
    }

    #[test]
    fn walls_too_large_for_the_memory_limit_are_refused_before_they_are_built() {
        use crate::cgt::{Interrupted, Limits};
        // 0.0101…01 with 20 000 digits: a piece at every digit, 10 000 values of up to
        // 20 000 bits on each wall, about 50 MB.
        let mut digits = Integer::ZERO;
        for _ in 0..10_000 {
            digits = &digits.shl(2) + &Integer::ONE;
        }
        let x = Dyadic::new(digits, 20_000);
        let mut store = ValueStore::new();
        let answer = store.bounded(Limits::memory(10_000_000), |store| {
            let g = store.number(x.clone());
            store.thermograph(g)
        });
        assert!(matches!(answer, Err(Interrupted::StoreOverMemory { .. })));
        assert!(store.size().bytes < 10_000_000);
    }

    #[test]
    fn switches_cool_to_their_means() {
        let mut store = ValueStore::new();
        let (one, zero) = (store.integer(1), store.zero());
        let g = store.game(&[one], &[zero]);
        // {1 | 0}: stops 1 and 0, mean 1/2, temperature 1/2 (Siegel II.5; Winning Ways ch. 6).
        assert_eq!(store.stops(g), (d("1"), d("0")));
        assert_eq!(store.mean(g), d("1/2"));
        assert_eq!(store.temperature(g), d("1/2"));
        let t = store.thermograph(g);
        assert_eq!(
            points(&t.left_wall()),
            vec![("-1".into(), "2".into()), ("1/2".into(), "1/2".into())]
        );
        assert_eq!(
            points(&t.right_wall()),
            vec![("-1".into(), "-1".into()), ("1/2".into(), "1/2".into())]
        );
    }

    #[test]
    fn numbers_have_negative_temperatures() {
        let mut store = ValueStore::new();
        for (x, temperature) in [
            ("0", "-1"),
            ("5", "-1"),
            ("1/2", "-1/2"),
            ("3/4", "-1/4"),
            ("-3/8", "-1/8"),
        ] {
            let g = store.number(d(x));
            assert_eq!(store.temperature(g), d(temperature), "{x}");
            assert_eq!(store.mean(g), d(x), "{x}");
        }
    }

    #[test]
    fn infinitesimals_have_temperature_zero() {
        let mut store = ValueStore::new();
        for g in [
            store.nimber(1),
            store.ups(1),
            store.ups(-3),
            store.nimber(5),
        ] {
            assert_eq!(store.temperature(g), Dyadic::ZERO);
            assert_eq!(store.mean(g), Dyadic::ZERO);
        }
    }

    #[test]
    fn a_compound_hot_game() {
        // {4 | {2 | 0}}: left stop 4, right stop 2 (the left stop of {2|0}); the right
        // option {2|0} has mean 1 and temperature 1, so the scaffolds 4 - t and 1 + t meet
        // at t = 3/2, mean 5/2.
        let mut store = ValueStore::new();
        let (four, two, zero) = (store.integer(4), store.integer(2), store.zero());
        let inner = store.game(&[two], &[zero]);
        let g = store.game(&[four], &[inner]);
        assert_eq!(store.stops(g), (d("4"), d("2")));
        assert_eq!(store.temperature(g), d("3/2"));
        assert_eq!(store.mean(g), d("5/2"));
        let t = store.thermograph(g);
        assert_eq!(
            points(&t.right_wall()),
            vec![
                ("-1".into(), "2".into()),
                ("1".into(), "2".into()),
                ("3/2".into(), "5/2".into())
            ]
        );
    }
}
