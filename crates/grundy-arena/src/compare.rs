//! Two records of one schedule compared game by game: did a changed player do better on the
//! same games?
//!
//! Two builds of an engine that play the same schedule (the same start positions in the same
//! seats, against the same opponents) can be compared far more sharply game by game than by
//! their totals: a game both builds won, or both lost, says nothing about which is stronger,
//! and the games whose results differ are the evidence. Under the hypothesis that neither is
//! stronger, each such game is as likely to favour one build as the other, so the count that
//! favours one is binomial with p = ½ (the sign test, or McNemar's exact test). The games are
//! paired by their place in the schedule ([`GameKey`]: seats, position and round).

use std::collections::HashMap;

use thiserror::Error;

use crate::record::GameRecord;
use crate::schedule::GameKey;

/// How one player fared in the games the two records share.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerComparison {
    /// The player, as labelled in the schedule.
    pub player: String,
    /// The shared games the player sat in whose results count in both records (void games,
    /// which count in neither, are left out).
    pub games: usize,
    /// The player's score in those games in each record: a win 1, a draw ½.
    pub score: [f64; 2],
    /// The games whose result was better for the player in the first record, and those
    /// better in the second.
    pub better: [usize; 2],
}

impl PlayerComparison {
    /// The two-sided p-value of the sign test on [`PlayerComparison::better`]: how likely a
    /// split at least this uneven is if neither record's player is the stronger.
    pub fn sign_test_p(&self) -> f64 {
        sign_test(self.better[0], self.better[1])
    }
}

/// The games two records share and how each player fared in them.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The games found in both records.
    pub shared: usize,
    /// The games found only in the first record, and only in the second.
    pub only: [usize; 2],
    /// Every player of the shared games, in the order of their first game.
    pub players: Vec<PlayerComparison>,
}

/// Why two records cannot be compared.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CompareError {
    /// The same place in the schedule holds games of different games.
    #[error("the records are of different games: {first} in the first, {second} in the second (position {position})")]
    DifferentGames {
        /// The first record's game.
        first: String,
        /// The second record's game.
        second: String,
        /// The start position where they met.
        position: String,
    },
    /// A record holds the same place in the schedule twice.
    #[error("the {which} record holds the game {first} against {second} from {position} (round {round}) twice")]
    Repeated {
        /// `first` or `second`.
        which: &'static str,
        /// The first seat's player.
        first: String,
        /// The second seat's player.
        second: String,
        /// The start position.
        position: String,
        /// The round.
        round: u32,
    },
    /// No game is in both records.
    #[error("the records have no game in common (the same players in the same seats, start position and round)")]
    NothingShared,
}

/// The place of `record` in its schedule: its key, or for a record written without one (a
/// plain match), its seats and position with the round counted from the games before it.
fn place(record: &GameRecord, earlier: &mut HashMap<(String, String, String), u32>) -> GameKey {
    if let Some(key) = &record.key {
        return key.clone();
    }
    let seats = (
        record.players[0].clone(),
        record.players[1].clone(),
        record.position.clone(),
    );
    let round = earlier.entry(seats).or_insert(0);
    let key = GameKey {
        first: record.players[0].clone(),
        second: record.players[1].clone(),
        position: record.position.clone(),
        round: *round,
    };
    *round += 1;
    key
}

/// The games of one record by their place in the schedule.
fn by_place<'a>(
    records: &'a [GameRecord],
    which: &'static str,
) -> Result<(Vec<GameKey>, HashMap<GameKey, &'a GameRecord>), CompareError> {
    let mut earlier = HashMap::new();
    let mut order = Vec::with_capacity(records.len());
    let mut games = HashMap::with_capacity(records.len());
    for record in records {
        let key = place(record, &mut earlier);
        if games.insert(key.clone(), record).is_some() {
            return Err(CompareError::Repeated {
                which,
                first: key.first,
                second: key.second,
                position: key.position,
                round: key.round,
            });
        }
        order.push(key);
    }
    Ok((order, games))
}

/// Compares the games of two records of one schedule, paired by their place in it.
pub fn compare(first: &[GameRecord], second: &[GameRecord]) -> Result<Comparison, CompareError> {
    let (order, first_games) = by_place(first, "first")?;
    let (_, second_games) = by_place(second, "second")?;
    let mut players: Vec<PlayerComparison> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut shared = 0;
    for key in &order {
        let Some(other) = second_games.get(key) else {
            continue;
        };
        let game = first_games[key];
        if game.game != other.game {
            return Err(CompareError::DifferentGames {
                first: game.game.clone(),
                second: other.game.clone(),
                position: key.position.clone(),
            });
        }
        shared += 1;
        let (Some(a), Some(b)) = (game.result.first_score(), other.result.first_score()) else {
            continue;
        };
        for (player, a, b) in [(&key.first, a, b), (&key.second, 1.0 - a, 1.0 - b)] {
            let slot = *index.entry(player.clone()).or_insert_with(|| {
                players.push(PlayerComparison {
                    player: player.clone(),
                    games: 0,
                    score: [0.0; 2],
                    better: [0; 2],
                });
                players.len() - 1
            });
            let entry = &mut players[slot];
            entry.games += 1;
            entry.score[0] += a;
            entry.score[1] += b;
            if a > b {
                entry.better[0] += 1;
            } else if b > a {
                entry.better[1] += 1;
            }
        }
    }
    if shared == 0 {
        return Err(CompareError::NothingShared);
    }
    Ok(Comparison {
        shared,
        only: [first_games.len() - shared, second_games.len() - shared],
        players,
    })
}

/// The two-sided p-value of the exact sign test: `a` games favour one side and `b` the other;
/// how likely is a split at least this uneven when each game favours either with odds ½?
/// 1 when there is no game to count.
pub fn sign_test(a: usize, b: usize) -> f64 {
    let n = a + b;
    let fewer = a.min(b);
    // P(X = i) for X ~ Binomial(n, ½), summed over the tail in logarithms, so that long
    // series neither overflow nor underflow before the terms that matter.
    let mut log_term = -(n as f64) * std::f64::consts::LN_2;
    let mut tail = log_term.exp();
    for i in 1..=fewer {
        log_term += ((n - i + 1) as f64).ln() - (i as f64).ln();
        tail += log_term.exp();
    }
    (2.0 * tail).min(1.0)
}

/// The comparison as a table: one line per player with its score in each record, the games
/// better for it in each and the sign test's p-value.
pub fn comparison_table(comparison: &Comparison) -> String {
    let width = comparison
        .players
        .iter()
        .map(|player| player.player.chars().count())
        .max()
        .unwrap_or(0)
        .max("player".len());
    let mut table = format!(
        "{:<width$}  {:>6}  {:>8}  {:>8}  {:>11}  {:>11}  {:>11}\n",
        "player", "games", "score 1", "score 2", "better in 1", "better in 2", "sign test p"
    );
    for player in &comparison.players {
        table.push_str(&format!(
            "{:<width$}  {:>6}  {:>8.1}  {:>8.1}  {:>11}  {:>11}  {:>11.3}\n",
            player.player,
            player.games,
            player.score[0],
            player.score[1],
            player.better[0],
            player.better[1],
            player.sign_test_p()
        ));
    }
    table
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::result::{GameResult, Termination};

    /// A game of `players` from `position` that `winner` (`first`, `second`, or none for a
    /// draw) won, with its schedule key when `keyed`.
    fn game(players: [&str; 2], position: &str, winner: Option<&str>, keyed: bool) -> GameRecord {
        GameRecord {
            game: "pousse".into(),
            position: position.into(),
            players: players.map(String::from),
            seed: 1,
            moves: Vec::new(),
            result: GameResult {
                winner: winner.map(String::from),
                termination: Termination::Normal,
                detail: String::new(),
            },
            stderr: [String::new(), String::new()],
            notes: Vec::new(),
            key: keyed.then(|| GameKey {
                first: players[0].into(),
                second: players[1].into(),
                position: position.into(),
                round: 0,
            }),
        }
    }

    #[test]
    fn the_sign_test_matches_the_binomial_tails() {
        // No evidence either way.
        assert_eq!(sign_test(0, 0), 1.0);
        assert_eq!(sign_test(3, 3), 1.0);
        // 0 of 5: 2 · (1/32).
        assert!((sign_test(0, 5) - 0.0625).abs() < 1e-12);
        assert!((sign_test(5, 0) - 0.0625).abs() < 1e-12);
        // 1 of 10: 2 · 11/1024.
        assert!((sign_test(1, 9) - 22.0 / 1024.0).abs() < 1e-12);
        // 22 against 41: about 0.023.
        assert!(
            (sign_test(22, 41) - 0.0226).abs() < 5e-4,
            "{}",
            sign_test(22, 41)
        );
        // Long series stay finite and in range.
        let p = sign_test(49_000, 51_000);
        assert!(p > 0.0 && p < 1e-9, "{p}");
        assert!((sign_test(50_000, 50_000) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn games_are_paired_by_their_place_and_counted_for_both_seats() {
        let first = vec![
            game(["new", "mcts"], "6:L1", Some("first"), true),
            game(["mcts", "new"], "6:L1", Some("first"), true),
            game(["new", "mcts"], "6:T2", None, true),
            game(["new", "mcts"], "6:B3", Some("second"), true),
        ];
        let second = vec![
            // Another order, one game missing, one more.
            game(["mcts", "new"], "6:L1", Some("second"), true),
            game(["new", "mcts"], "6:L1", Some("first"), true),
            game(["new", "mcts"], "6:T2", Some("first"), true),
            game(["new", "mcts"], "6:R4", Some("first"), true),
        ];
        let comparison = compare(&first, &second).unwrap();
        assert_eq!(comparison.shared, 3);
        assert_eq!(comparison.only, [1, 1]);
        assert_eq!(comparison.players.len(), 2);
        let new = &comparison.players[0];
        assert_eq!(new.player, "new");
        assert_eq!(new.games, 3);
        assert_eq!(new.score, [1.5, 3.0]);
        // The second record's "new" won the game from 6:L1 as second and the draw.
        assert_eq!(new.better, [0, 2]);
        let mcts = &comparison.players[1];
        assert_eq!((mcts.player.as_str(), mcts.score), ("mcts", [1.5, 0.0]));
        assert_eq!(mcts.better, [2, 0]);
    }

    #[test]
    fn records_without_keys_pair_by_seats_position_and_order() {
        let first = vec![
            game(["a", "b"], "4x3", Some("first"), false),
            game(["a", "b"], "4x3", Some("second"), false),
        ];
        let second = vec![
            game(["a", "b"], "4x3", Some("first"), false),
            game(["a", "b"], "4x3", Some("first"), false),
        ];
        let comparison = compare(&first, &second).unwrap();
        assert_eq!(comparison.shared, 2);
        assert_eq!(comparison.players[0].better, [0, 1]);
    }

    #[test]
    fn void_games_count_in_neither_record() {
        let mut void = game(["a", "b"], "4x3", None, true);
        void.result.termination = Termination::Void;
        let first = vec![void];
        let second = vec![game(["a", "b"], "4x3", Some("first"), true)];
        let comparison = compare(&first, &second).unwrap();
        assert_eq!(comparison.shared, 1);
        assert!(comparison.players.is_empty());
    }

    #[test]
    fn records_that_cannot_be_compared_are_refused_with_the_reason() {
        let pousse = vec![game(["a", "b"], "6:L1", Some("first"), true)];
        let mut other = pousse.clone();
        other[0].game = "nim".into();
        assert!(matches!(
            compare(&pousse, &other),
            Err(CompareError::DifferentGames { .. })
        ));
        let elsewhere = vec![game(["a", "b"], "6:T1", Some("first"), true)];
        assert_eq!(
            compare(&pousse, &elsewhere),
            Err(CompareError::NothingShared)
        );
        let twice = vec![pousse[0].clone(), pousse[0].clone()];
        let error = compare(&pousse, &twice).unwrap_err();
        assert!(matches!(
            error,
            CompareError::Repeated {
                which: "second",
                ..
            }
        ));
        assert!(error.to_string().contains("6:L1"), "{error}");
    }

    #[test]
    fn the_table_has_a_line_per_player() {
        let first = vec![game(["new", "mcts"], "6:L1", Some("first"), true)];
        let second = vec![game(["new", "mcts"], "6:L1", Some("second"), true)];
        let table = comparison_table(&compare(&first, &second).unwrap());
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines.len(), 3, "{table}");
        assert!(lines[0].starts_with("player"));
        assert!(lines[1].starts_with("new "), "{table}");
        assert!(lines[1].contains("1.0") && lines[1].trim_end().ends_with("1.000"));
    }
}
