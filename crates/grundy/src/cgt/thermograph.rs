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
use super::store::{deep, GameId, ValueStore};

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
    /// The left and right stops of `g`.
    pub fn stops(&mut self, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(stops) = self.stops.get(&g) {
            return stops.clone();
        }
        if self.is_interrupted() {
            return (Dyadic::ZERO, Dyadic::ZERO);
        }
        let stops = match self.as_number(g) {
            Some(x) => (x.clone(), x),
            None => {
                let lefts = self.left_options(g);
                let rights = self.right_options(g);
                let left_stop = lefts.iter().map(|&l| deep(|| self.stops(l)).1).max();
                let right_stop = rights.iter().map(|&r| deep(|| self.stops(r)).0).min();
                // A game that is not a number has options on both sides in canonical form.
                (
                    left_stop.unwrap_or_default(),
                    right_stop.unwrap_or_default(),
                )
            }
        };
        if !self.is_interrupted() {
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

    /// The thermograph of `g`.
    pub fn thermograph(&mut self, g: GameId) -> Arc<Thermograph> {
        if let Some(thermograph) = self.thermographs.get(&g) {
            return thermograph.clone();
        }
        if self.is_interrupted() {
            return Arc::new(Thermograph::of_number(Dyadic::ZERO));
        }
        let thermograph = Arc::new(deep(|| self.compute_thermograph(g)));
        if !self.is_interrupted() {
            self.thermographs.insert(g, thermograph.clone());
            self.step();
        }
        thermograph
    }

    /// The mean (mast value) of `g`.
    pub fn mean(&mut self, g: GameId) -> Dyadic {
        self.thermograph(g).mast()
    }

    /// The temperature of `g`.
    pub fn temperature(&mut self, g: GameId) -> Dyadic {
        self.thermograph(g).temperature()
    }

    fn compute_thermograph(&mut self, g: GameId) -> Thermograph {
        if let Some(x) = self.as_number(g).filter(|x| x.is_integer()) {
            return Thermograph::of_number(x);
        }
        let lefts = self.left_options(g);
        let rights = self.right_options(g);
        let mut left: Option<Piecewise> = None;
        for l in lefts {
            let wall = self.thermograph(l).right.shifted(-1);
            left = Some(match left {
                None => wall,
                Some(so_far) => so_far.combine(&wall, true),
            });
        }
        let mut right: Option<Piecewise> = None;
        for r in rights {
            let wall = self.thermograph(r).left.shifted(1);
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
