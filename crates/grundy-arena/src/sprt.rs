//! The sequential probability ratio test over game pairs, as modern engine testers run it:
//! the generalised SPRT of the pentanomial model in normalised Elo.
//!
//! A pair's score per game is one of 0, ¼, ½, ¾, 1. The normalised Elo of a distribution
//! of pair scores with mean μ and standard deviation σ is `(μ − ½)/(√2·σ) · 800/ln 10`, so
//! the hypotheses `H0: nElo = elo0` and `H1: nElo = elo1` constrain `(μ − ½)/σ` to
//! `t = √2 · elo / (800/ln 10)`. The log-likelihood ratio is
//! `LLR = N · Σ p̂ᵢ (ln p1ᵢ − ln p0ᵢ)` with `p̂` the observed frequencies (a count of 0
//! taken as 0.001, so that no frequency is 0) and `pk` the distribution of largest
//! likelihood under `Hk`. That distribution has the form `pᵢ = p̂ᵢ/(1 + θ·φᵢ)`, where
//! `φᵢ = aᵢ − ½ − (t·σ/2)·(1 + ((aᵢ − μ)/σ)²)` is the constraint's gradient at the
//! solution; it is found by iterating: μ and σ of the current `p`, then θ by bisection so
//! that `p` sums to 1, until `p` stops changing. The test stops when the LLR leaves
//! `(ln(β/(1−α)), ln((1−β)/α))`: below, H0 is accepted; above, H1.

use std::fmt;
use std::str::FromStr;

use crate::pentanomial::Pentanomial;
use crate::schedule::Scheduled;

/// The pair scores per game of the five pentanomial outcomes.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// `800 / ln 10`: normalised Elo per unit of `(μ − ½)/σ` per game.
const NELO_SCALE: f64 = 800.0 / std::f64::consts::LN_10;

/// What the test decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// The LLR fell to the lower bound: the change is not worth elo1.
    AcceptH0,
    /// The LLR rose to the upper bound: the change is worth elo1.
    AcceptH1,
    /// Neither yet: keep playing.
    Continue,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Decision::AcceptH0 => "H0 accepted",
            Decision::AcceptH1 => "H1 accepted",
            Decision::Continue => "no decision",
        })
    }
}

/// The test's hypotheses (normalised Elo) and error rates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// Normalised Elo under H0.
    pub elo0: f64,
    /// Normalised Elo under H1 (above `elo0`).
    pub elo1: f64,
    /// The false positive rate (H1 accepted though H0 holds).
    pub alpha: f64,
    /// The false negative rate.
    pub beta: f64,
}

/// An SPRT spec that does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("sprt {text}: {problem}")]
pub struct SprtSpecError {
    /// The spec as given.
    pub text: String,
    /// What is wrong, naming the field.
    pub problem: String,
}

impl FromStr for Sprt {
    type Err = SprtSpecError;

    /// `elo0=E0,elo1=E1[,alpha=A][,beta=B]`, in any order; α and β default to 0.05.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let fail = |problem: String| SprtSpecError {
            text: text.to_string(),
            problem,
        };
        let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
        for field in text.split(',') {
            let (name, value) = field
                .split_once('=')
                .ok_or_else(|| fail(format!("`{field}` is not name=value")))?;
            let number: f64 = value
                .trim()
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| fail(format!("{name}: `{value}` is not a number")))?;
            match name.trim() {
                "elo0" => elo0 = Some(number),
                "elo1" => elo1 = Some(number),
                "alpha" => alpha = number,
                "beta" => beta = number,
                other => {
                    return Err(fail(format!(
                        "unknown field `{other}` (expected elo0, elo1, alpha, beta)"
                    )))
                }
            }
        }
        let elo0 = elo0.ok_or_else(|| fail("elo0 is missing".into()))?;
        let elo1 = elo1.ok_or_else(|| fail("elo1 is missing".into()))?;
        if elo0 >= elo1 {
            return Err(fail(format!("elo0 ({elo0}) must be below elo1 ({elo1})")));
        }
        for (name, rate) in [("alpha", alpha), ("beta", beta)] {
            if !(rate > 0.0 && rate < 0.5) {
                return Err(fail(format!("{name} ({rate}) must lie between 0 and 0.5")));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

impl Sprt {
    /// The LLR bounds: `(ln(β/(1−α)), ln((1−β)/α))`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for the pairs counted.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        let counts: Vec<f64> = pairs
            .counts
            .iter()
            .map(|&c| if c == 0 { 1e-3 } else { c as f64 })
            .collect();
        let total: f64 = counts.iter().sum();
        let observed: Vec<f64> = counts.iter().map(|c| c / total).collect();
        let t0 = std::f64::consts::SQRT_2 * self.elo0 / NELO_SCALE;
        let t1 = std::f64::consts::SQRT_2 * self.elo1 / NELO_SCALE;
        let p0 = most_likely(&observed, t0);
        let p1 = most_likely(&observed, t1);
        total
            * (0..5)
                .map(|i| observed[i] * (p1[i].ln() - p0[i].ln()))
                .sum::<f64>()
    }

    /// The decision for an LLR.
    pub fn decide(&self, llr: f64) -> Decision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Decision::AcceptH1
        } else if llr <= lower {
            Decision::AcceptH0
        } else {
            Decision::Continue
        }
    }
}

/// A match schedule in game pairs for a sequential test: round after round, every position
/// twice in a row with the colours swapped (player 0 first, then player 1), `pairs` rounds.
/// Keys are those of [`crate::schedule::match_schedule`] with `2·pairs` games.
pub fn pair_schedule(positions: &[String], pairs: u32) -> Vec<Scheduled> {
    let mut games = Vec::new();
    for round in 0..pairs {
        for position in positions {
            for (first, second) in [(0, 1), (1, 0)] {
                games.push(Scheduled {
                    first,
                    second,
                    position: position.clone(),
                    round,
                });
            }
        }
    }
    games
}

fn mean_and_deviation(p: &[f64]) -> (f64, f64) {
    let mean: f64 = (0..5).map(|i| p[i] * PAIR_SCORES[i]).sum();
    let variance: f64 = (0..5).map(|i| p[i] * (PAIR_SCORES[i] - mean).powi(2)).sum();
    (mean, variance.sqrt())
}

/// The distribution of pair scores of largest likelihood for the observed frequencies
/// among those with `(μ − ½)/σ = t`.
fn most_likely(observed: &[f64], t: f64) -> Vec<f64> {
    let mut p = vec![0.2; 5];
    for _ in 0..1000 {
        let (mean, deviation) = mean_and_deviation(&p);
        let phi: Vec<f64> = PAIR_SCORES
            .iter()
            .map(|&a| a - 0.5 - 0.5 * t * deviation * (1.0 + ((a - mean) / deviation).powi(2)))
            .collect();
        let low_phi = phi.iter().copied().fold(f64::INFINITY, f64::min);
        let high_phi = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if low_phi >= 0.0 || high_phi <= 0.0 {
            break;
        }
        // Σ p̂ φ/(1 + θφ) falls from +∞ to −∞ as θ runs over (−1/max φ, −1/min φ).
        let sum = |theta: f64| -> f64 {
            (0..5)
                .map(|i| observed[i] * phi[i] / (1.0 + theta * phi[i]))
                .sum()
        };
        let (mut below, mut above) = (-1.0 / high_phi, -1.0 / low_phi);
        for _ in 0..200 {
            let middle = 0.5 * (below + above);
            if middle <= below || middle >= above {
                break;
            }
            if sum(middle) > 0.0 {
                below = middle;
            } else {
                above = middle;
            }
        }
        let theta = 0.5 * (below + above);
        let next: Vec<f64> = (0..5)
            .map(|i| observed[i] / (1.0 + theta * phi[i]))
            .collect();
        let change = (0..5).map(|i| (next[i] - p[i]).abs()).fold(0.0, f64::max);
        p = next;
        if change < 1e-14 {
            break;
        }
    }
    p
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// An independent reference: the profile likelihood. For a fixed mean μ the constraint
    /// fixes σ = (μ − ½)/t, so the largest likelihood is that of two moment constraints,
    /// found through its convex dual (empirical-likelihood style, 2-D Newton); the outer
    /// maximum over μ is a golden-section search. With t = 0 only the mean is fixed.
    fn reference_log_likelihood(observed: &[f64; 5], t: f64) -> f64 {
        let inner = |mean: f64| -> f64 {
            let g: Vec<[f64; 2]> = PAIR_SCORES
                .iter()
                .map(|&a| {
                    if t == 0.0 {
                        [a - mean, 0.0]
                    } else {
                        let sigma = (mean - 0.5) / t;
                        [a - mean, (a - mean).powi(2) - sigma * sigma]
                    }
                })
                .collect();
            // Maximise F(λ) = Σ p̂ ln(1 + λ·g) (concave); the constrained maximum of
            // Σ p̂ ln p is then Σ p̂ ln p̂ − F(λ*).
            let f = |l: [f64; 2]| -> f64 {
                let mut total = 0.0;
                for i in 0..5 {
                    let x = 1.0 + l[0] * g[i][0] + l[1] * g[i][1];
                    if x <= 0.0 {
                        return f64::NEG_INFINITY;
                    }
                    total += observed[i] * x.ln();
                }
                total
            };
            let mut l = [0.0, 0.0];
            for _ in 0..200 {
                let (mut grad, mut hess) = ([0.0; 2], [[0.0; 2]; 2]);
                for i in 0..5 {
                    let x = 1.0 + l[0] * g[i][0] + l[1] * g[i][1];
                    for r in 0..2 {
                        grad[r] += observed[i] * g[i][r] / x;
                        for c in 0..2 {
                            hess[r][c] -= observed[i] * g[i][r] * g[i][c] / (x * x);
                        }
                    }
                }
                let step = if t == 0.0 {
                    [grad[0] / hess[0][0], 0.0]
                } else {
                    let det = hess[0][0] * hess[1][1] - hess[0][1] * hess[1][0];
                    [
                        (hess[1][1] * grad[0] - hess[0][1] * grad[1]) / det,
                        (hess[0][0] * grad[1] - hess[1][0] * grad[0]) / det,
                    ]
                };
                let mut scale = 1.0;
                let here = f(l);
                loop {
                    let next = [l[0] - scale * step[0], l[1] - scale * step[1]];
                    if f(next) >= here || scale < 1e-12 {
                        l = next;
                        break;
                    }
                    scale /= 2.0;
                }
                if here > 60.0 {
                    // The moments cannot be met: no distribution has them.
                    return f64::NEG_INFINITY;
                }
            }
            let entropy: f64 = observed.iter().map(|p| p * p.ln()).sum();
            entropy - f(l)
        };
        if t == 0.0 {
            return inner(0.5);
        }
        // μ − ½ has the sign of t; only a window of means can be met at all, so a grid
        // finds it before the golden-section search narrows down on the maximum.
        let (from, to) = if t > 0.0 { (0.5, 1.0) } else { (0.0, 0.5) };
        let steps = 2000;
        let grid = |k: usize| from + (to - from) * k as f64 / steps as f64;
        let best = (1..steps)
            .max_by(|&x, &y| inner(grid(x)).total_cmp(&inner(grid(y))))
            .unwrap();
        let (mut a, mut b) = (grid(best - 1), grid(best + 1));
        let ratio = (5f64.sqrt() - 1.0) / 2.0;
        for _ in 0..100 {
            let c = b - ratio * (b - a);
            let d = a + ratio * (b - a);
            if inner(c) > inner(d) {
                b = d;
            } else {
                a = c;
            }
        }
        inner(0.5 * (a + b))
    }

    fn reference_llr(counts: [u64; 5], elo0: f64, elo1: f64) -> f64 {
        let regular: Vec<f64> = counts
            .iter()
            .map(|&c| if c == 0 { 1e-3 } else { c as f64 })
            .collect();
        let total: f64 = regular.iter().sum();
        let observed: [f64; 5] = std::array::from_fn(|i| regular[i] / total);
        let t = |elo: f64| std::f64::consts::SQRT_2 * elo / (800.0 / 10f64.ln());
        total
            * (reference_log_likelihood(&observed, t(elo1))
                - reference_log_likelihood(&observed, t(elo0)))
    }

    #[test]
    fn llr_matches_the_profile_likelihood() {
        for (counts, elo0, elo1) in [
            ([10, 40, 100, 45, 12], 0.0, 5.0),
            ([10, 40, 100, 45, 12], -3.0, 2.0),
            ([3, 20, 61, 30, 9], 0.0, 10.0),
            ([30, 20, 61, 30, 2], 0.0, 10.0),
            ([120, 1100, 2600, 1200, 140], 0.0, 2.0),
            ([0, 4, 9, 5, 0], 0.0, 20.0),
            ([1, 1, 1, 1, 1], -10.0, 10.0),
        ] {
            let sprt = Sprt {
                elo0,
                elo1,
                alpha: 0.05,
                beta: 0.05,
            };
            let fast = sprt.llr(&Pentanomial { counts });
            let reference = reference_llr(counts, elo0, elo1);
            assert!(
                (fast - reference).abs() < 1e-6 * (1.0 + reference.abs()),
                "{counts:?} [{elo0}, {elo1}]: {fast} vs {reference}"
            );
        }
    }

    #[test]
    fn llr_agrees_with_the_quadratic_approximation() {
        // For many pairs the GSPRT LLR is close to N·(t1 − t0)·(2t̂ − t0 − t1)/2 with
        // t̂ = (μ̂ − ½)/σ̂ per pair and tk the hypotheses per pair.
        let counts = [1200, 11000, 26000, 12000, 1400];
        let pairs = Pentanomial { counts };
        let (mean, variance) = pairs.mean_and_variance().unwrap();
        let t_hat = (mean - 0.5) / variance.sqrt();
        let scale = std::f64::consts::SQRT_2 / (800.0 / 10f64.ln());
        let (t0, t1) = (0.0, 3.0 * scale);
        let n = pairs.pairs() as f64;
        let approximation = n * (t1 - t0) * (2.0 * t_hat - t0 - t1) / 2.0;
        let sprt: Sprt = "elo0=0,elo1=3".parse().unwrap();
        let llr = sprt.llr(&pairs);
        assert!(
            (llr - approximation).abs() < 0.02 * approximation.abs(),
            "{llr} vs {approximation}"
        );
        assert_eq!(sprt.decide(llr), Decision::AcceptH1, "{llr}");
    }

    #[test]
    fn bounds_and_decisions() {
        let sprt: Sprt = "elo0=0,elo1=5,alpha=0.05,beta=0.1".parse().unwrap();
        let (lower, upper) = sprt.bounds();
        assert!((lower - (0.1f64 / 0.95).ln()).abs() < 1e-12);
        assert!((upper - 18f64.ln()).abs() < 1e-12);
        assert_eq!(sprt.decide(upper), Decision::AcceptH1);
        assert_eq!(sprt.decide(lower - 0.1), Decision::AcceptH0);
        assert_eq!(sprt.decide(0.0), Decision::Continue);
        // Many even pairs: H0 (no gain) is accepted against a 5-Elo gain.
        let even = Pentanomial {
            counts: [1000, 4000, 10000, 4000, 1000],
        };
        assert_eq!(sprt.decide(sprt.llr(&even)), Decision::AcceptH0);
    }

    #[test]
    fn bad_specs_name_the_field() {
        for (text, named) in [
            ("elo0=0", "elo1 is missing"),
            ("elo0=5,elo1=0", "must be below"),
            ("elo0=0,elo1=5,alpha=0", "alpha (0)"),
            ("elo0=0,elo1=5,beta=x", "beta: `x`"),
            ("elo0=0,elo1=5,gamma=1", "unknown field `gamma`"),
            ("elo0", "`elo0` is not name=value"),
            ("elo0=nan,elo1=1", "elo0: `nan`"),
        ] {
            let error = text.parse::<Sprt>().unwrap_err().to_string();
            assert!(error.contains(named), "{text}: {error}");
        }
    }
}
