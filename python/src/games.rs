//! Every question the bindings ask about which games exist, in one place.
//!
//! The rest of the crate never names a game: it asks this module for the list of games, a
//! game by name, a game in progress from a position, and the few facts the OpenSpiel adapter
//! needs (how many moves a position can have, how long a game can last). The games
//! themselves come from the library's registry, followed by the games defined in Python
//! (`grundy.define_game`, [`define`]), which every front end then plays alike.

use std::sync::{Mutex, PoisonError};

use grundy::error::ParseError;
use grundy::game::GameState;
use grundy::registry;
use grundy::registry::Game as Entry;
use grundy::strategy::StrategySpec;

use crate::user::entry::UserEntry;

/// One of the library's games or a game defined in Python, as the bindings hold it (the
/// Python class `Game` wraps one). Two games are equal when their names are.
#[derive(Debug, Clone, Copy)]
pub struct GameKind {
    kind: Entry,
    /// The entry of a game defined in Python.
    user: Option<&'static UserEntry>,
}

impl PartialEq for GameKind {
    fn eq(&self, other: &Self) -> bool {
        self.kind == other.kind
    }
}

impl Eq for GameKind {}

impl std::hash::Hash for GameKind {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.kind.hash(state);
    }
}

/// The games defined in Python, in the order they were defined (a game defined again under
/// its name takes the old one's place).
static USER_GAMES: Mutex<Vec<&'static UserEntry>> = Mutex::new(Vec::new());

/// The games defined in Python.
fn user_games() -> Vec<&'static UserEntry> {
    USER_GAMES
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone()
}

/// Every game: the library's, in its order, then the games defined in Python.
pub fn all() -> Vec<GameKind> {
    registry::all()
        .iter()
        .map(|&kind| GameKind { kind, user: None })
        .chain(user_games().into_iter().map(GameKind::of_user))
        .collect()
}

/// The game called `name` or one of its aliases (any letter case), or the library's error
/// listing the games.
pub fn find(name: &str) -> Result<GameKind, ParseError> {
    if let Ok(kind) = registry::find(name) {
        return Ok(GameKind { kind, user: None });
    }
    let wanted = name.trim().to_ascii_lowercase();
    user_games()
        .into_iter()
        .find(|entry| entry.name == wanted)
        .map(GameKind::of_user)
        .ok_or_else(|| {
            let names: Vec<&str> = all().iter().map(|game| game.name()).collect();
            ParseError::at_token(
                format!("unknown game; the games are {}", names.join(", ")),
                name,
            )
        })
}

/// Adds a game defined in Python under its name, in place of a game defined before under
/// the same name; an error when the name is a built-in game's (or one of its aliases).
pub fn define(entry: &'static UserEntry) -> Result<GameKind, String> {
    if let Ok(builtin) = registry::find(entry.name) {
        return Err(format!(
            "{:?} is the name of grundy's game {}; give your game another name",
            entry.name,
            builtin.name()
        ));
    }
    let mut games = USER_GAMES.lock().unwrap_or_else(PoisonError::into_inner);
    match games.iter_mut().find(|known| known.name == entry.name) {
        Some(known) => *known = entry,
        None => games.push(entry),
    }
    Ok(GameKind::of_user(entry))
}

impl GameKind {
    fn of_user(entry: &'static UserEntry) -> GameKind {
        GameKind {
            kind: entry.handle(),
            user: Some(entry),
        }
    }

    /// The game's name, as the command line writes it.
    pub fn name(self) -> &'static str {
        self.kind.name()
    }

    /// The game's name for a person (`Pousse`).
    pub fn title(self) -> &'static str {
        self.kind.title()
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

    /// The entry of a game defined in Python; `None` for the library's games.
    pub fn user(self) -> Option<&'static UserEntry> {
        self.user
    }

    /// The library's handle of the game, for the library's front ends (the referee).
    pub fn handle(self) -> Entry {
        self.kind
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
        strategy.check_game(self.kind.entry())
    }

    /// The most legal moves any position reachable from `state` has, when the library can
    /// bound them (the registry entry says why the bound holds; a game defined in Python
    /// walks its positions).
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
    use grundy::game::Status;

    #[test]
    fn every_game_starts_from_its_default_position() {
        let games = all();
        let names: Vec<&str> = games.iter().map(|game| game.name()).collect();
        assert_eq!(names, grundy::registry::names());
        assert!(games.iter().all(|game| game.user().is_none()));
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
