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

/// The most games a schedule may hold. A tournament of more is refused when it is started,
/// and a record header that implies more is refused as damaged before anything is sized by
/// it: a merge keeps every game's key and result in memory (about 10^6 games merge in a few
/// seconds), so a bound far above any tournament played here, and far below what a damaged
/// field could ask for (`rounds` up to 2^32).
pub const MAX_SCHEDULE_GAMES: u64 = 4_000_000;

/// How many games [`schedule`] makes of `players` players, `positions` positions and
/// `rounds` rounds, checked against [`MAX_SCHEDULE_GAMES`] without building it: an error
/// names the field that is out of bounds, or the product that is.
pub fn schedule_size(
    players: usize,
    positions: usize,
    rounds: u32,
    gauntlet: bool,
) -> Result<usize, String> {
    let bound = MAX_SCHEDULE_GAMES;
    if players < 2 {
        return Err(format!("players: {players}; a schedule needs at least 2"));
    }
    if positions == 0 {
        return Err("positions: none; a schedule needs at least 1".into());
    }
    if rounds == 0 {
        return Err("rounds: 0; a schedule needs at least 1".into());
    }
    for (field, value) in [
        ("players", players as u64),
        ("positions", positions as u64),
        ("rounds", u64::from(rounds)),
    ] {
        if value > bound {
            return Err(format!(
                "{field}: {value}, above the bound of {bound} games a schedule may hold"
            ));
        }
    }
    let players = players as u128;
    let pairs = if gauntlet {
        players - 1
    } else {
        players * (players - 1) / 2
    };
    let games = pairs * 2 * positions as u128 * u128::from(rounds);
    if games > u128::from(bound) {
        return Err(format!(
            "players ({players}), positions ({positions}) and rounds ({rounds}) make {games} games, above the bound of {bound} games a schedule may hold"
        ));
    }
    Ok(games as usize)
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
#[allow(clippy::unwrap_used)]
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

    #[test]
    fn schedule_sizes_are_bounded() {
        let positions = vec!["4x3".to_string(), "5x5".to_string()];
        for (players, rounds, gauntlet) in [(3, 2, false), (4, 1, true), (5, 3, false)] {
            assert_eq!(
                schedule_size(players, positions.len(), rounds, gauntlet),
                Ok(schedule(players, &positions, rounds, gauntlet).len())
            );
        }
        for (players, positions, rounds, named) in [
            (1, 1, 1, "players: 1"),
            (2, 0, 1, "positions: none"),
            (2, 1, 0, "rounds: 0"),
            (
                2,
                1,
                u32::MAX,
                "rounds: 4294967295, above the bound of 4000000",
            ),
            (
                3,
                2,
                1_000_000,
                "make 12000000 games, above the bound of 4000000",
            ),
        ] {
            let error = schedule_size(players, positions, rounds, false).unwrap_err();
            assert!(error.contains(named), "{error}");
        }
    }
}
