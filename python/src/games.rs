//! Every question the bindings ask about which games exist, in one place.
//!
//! The rest of the crate never names a game: it asks this module for the list of games, a
//! game by name, a game in progress from a position, and the few facts the OpenSpiel adapter
//! needs (how many moves a position can have, how long a game can last). The games
//! themselves come from the library's registry.

use grundy::entry::Game as Entry;
use grundy::play::GameState;
use grundy::registry;
use grundy::strategy::StrategySpec;
use grundy::ParseError;

/// One of the library's games, as the bindings hold it (the Python class `Game` wraps one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameKind {
    kind: Entry,
}

/// Every game, in the library's order.
pub fn all() -> Vec<GameKind> {
    registry::all()
        .iter()
        .map(|&kind| GameKind { kind })
        .collect()
}

/// The game called `name` or one of its aliases (any letter case), or the library's error
/// listing the games.
pub fn find(name: &str) -> Result<GameKind, ParseError> {
    Ok(GameKind {
        kind: registry::find(name)?,
    })
}

impl GameKind {
    /// The game's name, as the command line writes it.
    pub fn name(self) -> &'static str {
        self.kind.name()
    }

    /// One line that says what the game is.
    pub fn summary(self) -> &'static str {
        self.kind.summary()
    }

    /// The position a game starts from when none is given.
    pub fn default_position(self) -> &'static str {
        self.kind.default_position()
    }

    /// True for the impartial games, which have a misère version.
    pub fn is_impartial(self) -> bool {
        self.kind.is_impartial()
    }

    /// Small, varied positions that tests of every game start from (the registry's).
    pub fn sample_positions(self) -> Vec<&'static str> {
        self.kind.test_positions()
    }

    /// A game in progress from `position` in the game's notation.
    pub fn start(self, position: &str) -> Result<Box<dyn GameState>, ParseError> {
        self.kind.start(position)
    }

    /// An error unless `strategy` can play this game (the Pousse sparring partners play
    /// Pousse only).
    pub fn check_strategy(self, strategy: &StrategySpec) -> Result<(), ParseError> {
        strategy.check_game(self.kind)
    }

    /// The most legal moves any position reachable from `state` has, when the library can
    /// bound them (the registry entry says why the bound holds).
    pub fn most_moves(self, state: &dyn GameState) -> Option<u128> {
        self.kind.most_moves(state)
    }

    /// The position of `state` drawn as an SVG document, for games with a drawing.
    pub fn picture_svg(self, state: &dyn GameState) -> Option<String> {
        self.kind.entry().picture_svg(state)
    }

    /// A bound on the number of moves left in any game from `state`, when the rules give
    /// one that is worth stating (the registry entry says why it holds; Pousse has none).
    pub fn longest_game(self, state: &dyn GameState) -> Option<u128> {
        self.kind.longest_game(state)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use grundy::play::Status;

    #[test]
    fn every_game_starts_from_its_default_position() {
        let games = all();
        let names: Vec<&str> = games.iter().map(|game| game.name()).collect();
        assert_eq!(names, grundy::registry::names());
        for game in games {
            let state = game.start(game.default_position()).unwrap();
            assert_eq!(state.position(), game.default_position());
            assert!(!game.summary().is_empty());
            assert_eq!(find(&game.name().to_uppercase()).unwrap(), game);
        }
    }

    #[test]
    fn unknown_names_get_the_library_message() {
        let error = find("chess").unwrap_err().to_string();
        assert!(
            error.starts_with("unknown game; the games are rectangle"),
            "{error}"
        );
        assert!(error.contains("\"chess\""), "{error}");
    }

    /// Plays every game at random from small positions and checks the two bounds hold at
    /// every step.
    #[test]
    fn bounds_hold_along_random_games() {
        use rand::SeedableRng;
        let starts: Vec<(GameKind, &str)> = all()
            .into_iter()
            .flat_map(|game| {
                game.sample_positions()
                    .into_iter()
                    .map(move |position| (game, position))
            })
            .collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for (game, position) in starts {
            let name = game.name();
            for _ in 0..20 {
                let mut state = game.start(position).unwrap();
                let most = game.most_moves(state.as_ref()).unwrap();
                let longest = game.longest_game(state.as_ref());
                let mut played = 0u128;
                while state.status() == Status::Ongoing && played < 200 {
                    assert!(state.legal_moves(0).total.unwrap() <= most, "{name}");
                    let mv = state.random_move(&mut rng).unwrap();
                    state.play(&mv).unwrap();
                    played += 1;
                }
                if let Some(longest) = longest {
                    // Within the 200 random moves a game whose bound is smaller has ended.
                    if longest <= 200 {
                        assert!(state.status() != Status::Ongoing, "{name}");
                    }
                    assert!(played <= longest, "{name}: {played} > {longest}");
                }
            }
        }
    }

    #[test]
    fn the_bidding_bound_counts_the_room() {
        let game = find("bidding").unwrap();
        let state = game.start("15/4/2").unwrap();
        // Room 11: ⌊log2 11⌋ = 3.
        assert_eq!(game.longest_game(state.as_ref()), Some(11 * 5));
        let over = game.start("3/3/1").unwrap();
        assert_eq!(game.longest_game(over.as_ref()), Some(0));
    }
}
