//! Elo differences with 95% error bars and the likelihood of superiority, from wins, draws
//! and losses: how much stronger one player is, and how sure the games make us.
//!
//! The score `s = (W + D/2)/N` maps to an Elo difference `-400·log10(1/s − 1)`. The error
//! bars come from the per-game score's standard deviation (trinomial: 1, ½, 0), `s ± 1.96·σ/√N`
//! mapped through the same curve. The likelihood of superiority ignores draws:
//! `LOS = Φ((W − L)/√(W + L))`.

use serde::{Deserialize, Serialize};

/// The two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses of one player (against one opponent or a field).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Tally {
    /// Games won.
    pub wins: u64,
    /// Games drawn (by adjudication).
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl std::ops::AddAssign for Tally {
    fn add_assign(&mut self, other: Tally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
    }
}

/// The games of a tally less those of a part of it (the games a player played second are
/// its games less those it played first).
impl std::ops::Sub for Tally {
    type Output = Tally;

    fn sub(self, part: Tally) -> Tally {
        Tally {
            wins: self.wins - part.wins,
            draws: self.draws - part.draws,
            losses: self.losses - part.losses,
        }
    }
}

/// An Elo estimate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Elo {
    /// The estimated difference; infinite when every game was won (or lost).
    pub difference: f64,
    /// Half the width of the 95% interval, in Elo; infinite when an end of the interval is.
    pub margin: f64,
    /// The likelihood of superiority, from 0 to 1.
    pub los: f64,
}

impl Tally {
    /// Counts one game in which this side scored `score`: 1 a win, 0 a loss, anything
    /// between a draw.
    pub fn count(&mut self, score: f64) {
        if score >= 1.0 {
            self.wins += 1;
        } else if score <= 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// The games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The score, wins plus half the draws.
    pub fn score(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The score per game, from 0 to 1; `None` without games.
    pub fn share(&self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| self.score() / games as f64)
    }

    /// The Elo difference, its 95% margin and the likelihood of superiority; `None` without
    /// games.
    pub fn elo(&self) -> Option<Elo> {
        let n = self.games();
        if n == 0 {
            return None;
        }
        let n = n as f64;
        let s = self.score() / n;
        let variance = (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n;
        let deviation = (variance / n).sqrt();
        let low = elo_of_score(s - Z95 * deviation);
        let high = elo_of_score(s + Z95 * deviation);
        Some(Elo {
            difference: elo_of_score(s),
            margin: (high - low) / 2.0,
            los: self.los(),
        })
    }

    /// The likelihood of superiority: ½ with no decisive games.
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        let x = (self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt();
        0.5 * (1.0 + erf(x))
    }
}

/// The Elo difference of an expected score; ±∞ at 1 and 0 (and beyond, for error bars).
pub fn elo_of_score(score: f64) -> f64 {
    if score >= 1.0 {
        f64::INFINITY
    } else if score <= 0.0 {
        f64::NEG_INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The error function, by its Taylor series near 0 and its continued fraction far out
/// (both to about 1e-12), so that the likelihood of superiority is exact to print.
pub fn erf(x: f64) -> f64 {
    if x < 0.0 {
        return -erf(-x);
    }
    if x > 6.0 {
        return 1.0;
    }
    if x < 2.5 {
        // erf x = 2/√π Σ (−1)^n x^(2n+1) / (n! (2n+1))
        let mut term = x;
        let mut sum = x;
        let mut n = 0.0;
        while term.abs() > 1e-17 * sum.abs() {
            n += 1.0;
            term *= -x * x / n;
            sum += term / (2.0 * n + 1.0);
        }
        return 2.0 / std::f64::consts::PI.sqrt() * sum;
    }
    // erfc x = e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + …)))))
    let mut fraction = x;
    for k in (1..60).rev() {
        fraction = x + (k as f64 / 2.0) / fraction;
    }
    1.0 - (-x * x).exp() / std::f64::consts::PI.sqrt() / fraction
}

/// An Elo estimate as a table shows it: `+147 ± 269`, `+inf`, `-`.
pub fn format_elo(elo: Option<Elo>) -> (String, String) {
    match elo {
        None => ("-".into(), "-".into()),
        Some(elo) => {
            let difference = if elo.difference.is_finite() {
                // Adding 0 turns −0 into 0, so an even score prints as +0.
                format!("{:+.0}", elo.difference.round() + 0.0)
            } else if elo.difference > 0.0 {
                "+inf".into()
            } else {
                "-inf".into()
            };
            let margin = if elo.margin.is_finite() {
                format!("±{:.0}", elo.margin)
            } else {
                "±inf".into()
            };
            (
                format!("{difference} {margin}"),
                format!("{:.1}%", elo.los * 100.0),
            )
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn games_are_counted_summed_and_split() {
        let mut tally = Tally::default();
        for score in [1.0, 0.5, 0.0, 1.0] {
            tally.count(score);
        }
        assert_eq!(
            tally,
            Tally {
                wins: 2,
                draws: 1,
                losses: 1
            }
        );
        let mut first = Tally::default();
        first.count(1.0);
        assert_eq!(
            tally - first,
            Tally {
                wins: 1,
                draws: 1,
                losses: 1
            }
        );
        first += tally - first;
        assert_eq!(first, tally);
        assert_eq!(tally.share(), Some(0.625));
        assert_eq!(Tally::default().share(), None);
    }

    #[test]
    fn hand_computed_six_two_two() {
        // s = 0.7: -400·log10(3/7) = 147.19; σ² = (6·0.09 + 2·0.04 + 2·0.49)/10 = 0.16,
        // σ/√10 = 0.12649, s ± 0.24792 = 0.45208 … 0.94792 → −33.40 … +504.03 Elo;
        // LOS = Φ(4/√8) = ½(1 + erf(1)) = 0.92135.
        let elo = Tally {
            wins: 6,
            draws: 2,
            losses: 2,
        }
        .elo()
        .unwrap();
        assert!(close(elo.difference, 147.1907, 1e-3), "{elo:?}");
        assert!(close(elo.margin, 268.7163, 1e-3), "{elo:?}");
        assert!(close(elo.los, 0.921_350_4, 1e-6), "{elo:?}");
    }

    #[test]
    fn even_and_one_sided_results() {
        let even = Tally {
            wins: 30,
            draws: 40,
            losses: 30,
        }
        .elo()
        .unwrap();
        assert!(close(even.difference, 0.0, 1e-9));
        assert!(close(even.los, 0.5, 1e-12));
        let sweep = Tally {
            wins: 10,
            draws: 0,
            losses: 0,
        }
        .elo()
        .unwrap();
        assert_eq!(sweep.difference, f64::INFINITY);
        assert!(sweep.los > 0.999);
        assert_eq!(Tally::default().elo(), None);
        assert_eq!(format_elo(Some(sweep)).0, "+inf ±inf");
    }

    #[test]
    fn erf_matches_known_values() {
        for (x, value) in [
            (0.0, 0.0),
            (0.5, 0.520_499_877_813_046_5),
            (1.0, 0.842_700_792_949_714_9),
            (2.0, 0.995_322_265_018_952_7),
            (3.0, 0.999_977_909_503_001_4),
            (-1.0, -0.842_700_792_949_714_9),
        ] {
            assert!(close(erf(x), value, 1e-10), "erf({x}) = {}", erf(x));
        }
    }
}
