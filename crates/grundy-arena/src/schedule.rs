//! Which games a match or a tournament plays: each pair of seats, each start position, each
//! round, in both colours, and the key that names a game's place in it. A schedule is pure data, the same on every machine, so that the
//! shards of a tournament ([`crate::shard`]) and a resumed run agree on every game's index.

use serde::{Deserialize, Serialize};

/// Where a game sits in a schedule: the identity resume uses to skip games already played.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct GameKey {
    /// The player in the first seat, as labelled in the schedule.
    pub first: String,
    /// The player in the second seat.
    pub second: String,
    /// The start position.
    pub position: String,
    /// The round (0-based): the same pairing, position and colours again.
    pub round: u32,
}

/// One game of a schedule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scheduled {
    /// The entrant in the first seat (index into the entrants).
    pub first: usize,
    /// The entrant in the second seat.
    pub second: usize,
    /// The start position.
    pub position: String,
    /// The round, from 0.
    pub round: u32,
}

/// Every game of a round robin (each pair of players) or a gauntlet (player 0 against each
/// other player), on every position, in both colours, `rounds` times.
pub fn schedule(
    players: usize,
    positions: &[String],
    rounds: u32,
    gauntlet: bool,
) -> Vec<Scheduled> {
    let mut pairs = Vec::new();
    for a in 0..players {
        for b in a + 1..players {
            if !gauntlet || a == 0 {
                pairs.push((a, b));
            }
        }
    }
    let mut games = Vec::new();
    for round in 0..rounds {
        for position in positions {
            for &(a, b) in &pairs {
                for (first, second) in [(a, b), (b, a)] {
                    games.push(Scheduled {
                        first,
                        second,
                        position: position.clone(),
                        round,
                    });
                }
            }
        }
    }
    games
}

/// Two players, `games` games on each position, colours alternating (the first player of the
/// match starts the even-numbered games).
pub fn match_schedule(positions: &[String], games: u32) -> Vec<Scheduled> {
    let mut scheduled = Vec::new();
    for position in positions {
        for game in 0..games {
            let (first, second) = if game % 2 == 0 { (0, 1) } else { (1, 0) };
            scheduled.push(Scheduled {
                first,
                second,
                position: position.clone(),
                round: game / 2,
            });
        }
    }
    scheduled
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn schedules_cover_both_colours() {
        let positions = vec!["4x3".to_string(), "5x5".to_string()];
        let games = schedule(3, &positions, 2, false);
        assert_eq!(games.len(), 3 * 2 * 2 * 2);
        let gauntlet = schedule(4, &positions, 1, true);
        assert_eq!(gauntlet.len(), 3 * 2 * 2);
        assert!(gauntlet.iter().all(|g| g.first == 0 || g.second == 0));
        let pairs: HashSet<(usize, usize)> = games.iter().map(|g| (g.first, g.second)).collect();
        assert_eq!(pairs.len(), 6);
        let matched = match_schedule(&positions, 3);
        assert_eq!(matched.len(), 6);
        assert_eq!((matched[1].first, matched[1].round), (1, 0));
        assert_eq!(matched[2].round, 1);
    }
}
