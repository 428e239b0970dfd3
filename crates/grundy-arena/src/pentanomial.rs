//! Game pairs: the same start position played twice with the colours swapped. A pair scores
//! 0, ½, 1, 1½ or 2 points for a player; counting pairs by score (the pentanomial counts)
//! measures strength without the noise of who moved first, as engine testers do. The Elo
//! margin comes from the variance of the pair scores.

use std::collections::HashMap;

use crate::rating::{elo_of_score, erf, Elo};
use crate::record::GameRecord;

/// The two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Pairs by a player's score in half points: `counts[k]` pairs scored `k/2` points (of 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pentanomial {
    /// Pairs scoring 0, ½, 1, 1½ and 2 points.
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// The pairs counted.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Counts a pair that scored `half_points` half points (0 to 4; more is taken as 4).
    pub fn add(&mut self, half_points: usize) {
        self.counts[half_points.min(4)] += 1;
    }

    /// The mean score per game and the variance of the per-game score of a pair (the pair's
    /// points over 2); `None` without pairs.
    pub fn mean_and_variance(&self) -> Option<(f64, f64)> {
        let n = self.pairs();
        if n == 0 {
            return None;
        }
        let n = n as f64;
        let score = |k: usize| k as f64 / 4.0;
        let mean: f64 = (0..5)
            .map(|k| self.counts[k] as f64 * score(k))
            .sum::<f64>()
            / n;
        let variance: f64 = (0..5)
            .map(|k| self.counts[k] as f64 * (score(k) - mean).powi(2))
            .sum::<f64>()
            / n;
        Some((mean, variance))
    }

    /// The Elo difference, its 95% margin (the mean pair score ± 1.96 standard errors
    /// mapped through the Elo curve) and the likelihood of superiority (the normal
    /// probability that the mean pair score is above ½); `None` without pairs.
    pub fn elo(&self) -> Option<Elo> {
        let (mean, variance) = self.mean_and_variance()?;
        let error = (variance / self.pairs() as f64).sqrt();
        let low = elo_of_score(mean - Z95 * error);
        let high = elo_of_score(mean + Z95 * error);
        let los = if error > 0.0 {
            0.5 * (1.0 + erf((mean - 0.5) / (error * std::f64::consts::SQRT_2)))
        } else if mean > 0.5 {
            1.0
        } else if mean < 0.5 {
            0.0
        } else {
            0.5
        };
        Some(Elo {
            difference: elo_of_score(mean),
            margin: (high - low) / 2.0,
            los,
        })
    }

    /// `a/b/c/d/e`: the counts from 0 to 2 points.
    pub fn to_compact(&self) -> String {
        let parts: Vec<String> = self.counts.iter().map(u64::to_string).collect();
        parts.join("/")
    }
}

/// The pentanomial counts of each of `labels` from `records`, when every counted game of
/// that player lies in a complete pair: two counted games of the same two players on the
/// same position and round, with the colours swapped. `None` for a player with an unpaired
/// game (an odd number of games on a position, a void partner, a run not yet finished).
pub fn pair_counts(labels: &[String], records: &[GameRecord]) -> Vec<Option<Pentanomial>> {
    type PairKey = (String, String, String, u32);
    // For each pair key: the games' (first seat, first player's score).
    let mut groups: HashMap<PairKey, Vec<(String, f64)>> = HashMap::new();
    for record in records {
        let Some(key) = &record.key else { continue };
        let Some(score) = record.result.first_score() else {
            continue;
        };
        let (low, high) = if key.first <= key.second {
            (key.first.clone(), key.second.clone())
        } else {
            (key.second.clone(), key.first.clone())
        };
        groups
            .entry((low, high, key.position.clone(), key.round))
            .or_default()
            .push((key.first.clone(), score));
    }
    let mut counts: Vec<Option<Pentanomial>> = vec![Some(Pentanomial::default()); labels.len()];
    let find = |label: &str| labels.iter().position(|l| l == label);
    for ((low, high, _, _), games) in &groups {
        let (Some(a), Some(b)) = (find(low), find(high)) else {
            continue;
        };
        let paired = games.len() == 2 && games[0].0 != games[1].0;
        if !paired {
            counts[a] = None;
            counts[b] = None;
            continue;
        }
        // Half points of `low` over the two games.
        let halves: f64 = games
            .iter()
            .map(|(first, score)| if first == low { *score } else { 1.0 - score })
            .sum::<f64>()
            * 2.0;
        let halves = halves.round() as usize;
        if let Some(pentanomial) = counts[a].as_mut() {
            pentanomial.add(halves);
        }
        if let Some(pentanomial) = counts[b].as_mut() {
            pentanomial.add(4 - halves.min(4));
        }
    }
    counts
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn hand_computed_pairs() {
        // Pairs scoring 0, ½, 1, 1½, 2 points: 1, 2, 4, 2, 1, per game 0, .25, .5, .75, 1:
        // mean ½, variance Σw(x−½)²/10 = (2·.25 + 4·.0625)/10 = 0.075.
        let p = Pentanomial {
            counts: [1, 2, 4, 2, 1],
        };
        let (mean, variance) = p.mean_and_variance().unwrap();
        assert!((mean - 0.5).abs() < 1e-12);
        assert!((variance - 0.075).abs() < 1e-12);
        let elo = p.elo().unwrap();
        // ½ ± 1.96·√(0.075/10) = ½ ± 0.169738 → ±(−400·log10(1/0.669738 − 1)) = ±122.82.
        assert!(elo.difference.abs() < 1e-9);
        assert!((elo.margin - 122.818).abs() < 0.001, "{elo:?}");
        assert!((elo.los - 0.5).abs() < 1e-12);
        assert_eq!(p.to_compact(), "1/2/4/2/1");
        assert_eq!(Pentanomial::default().elo(), None);
    }
}
