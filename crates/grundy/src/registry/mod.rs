//! The one list of games: what every front end (the command line, the referee, the engine
//! protocol, the web page, the Python package) asks for a game by name, and whatever needs
//! every game at once.
//!
//! Each game describes itself once, in its folder `games/<game>/entry.rs`, by implementing
//! [`GameEntry`](crate::game::GameEntry). [`all`] lists the entries (the `games!` list in
//! `games/mod.rs`, one line per folder, is the only list of games) and [`find`] looks one up
//! by name or alias; a front end holds a [`Game`], a copyable handle to an entry that also
//! reads the rules term of a position (`@misere`, misère play from above the games), and
//! never matches on games.
//!
//! This is the one module above the games: nothing below it asks which games there are. So
//! what needs them all lives here: reading a game's name (`FromStr` for [`Game`]), reading a
//! strategy by name (`FromStr` for [`StrategySpec`], which looks up every game's own
//! strategy kinds, and [`strategy_names`]), and [`answer_contest`], whose refusal names the
//! games that have a contest format.
//!
//! ```
//! use grundy::game::Status;
//! use grundy::player::Seat;
//! use grundy::registry::{self, Game};
//! use grundy::report::{Report, SolveOptions};
//!
//! // Every game, with its notation and an example a person can try.
//! for game in registry::all() {
//!     assert!(game.start(game.example()).is_ok(), "{game}");
//! }
//!
//! // Names and aliases; an unknown name lists the games.
//! let game: Game = registry::find("rec").unwrap();
//! assert_eq!(game.name(), "rectangle");
//! let unknown = registry::find("chess").unwrap_err().to_string();
//! assert!(unknown.contains("rectangle, cuboid"), "{unknown}");
//!
//! // Play through the object-safe interface …
//! let mut state = game.start("2x1").unwrap();
//! state.play("v1").unwrap();
//! assert_eq!(state.status(), Status::Won { winner: Seat::First });
//!
//! // … or ask for the analysis.
//! let report = game.solve("4x3", &SolveOptions::default()).unwrap();
//! assert!(matches!(report, Report::Solved(ref solved) if solved.grundy == Some(2)));
//! ```

mod game;

use std::str::FromStr;
use std::sync::LazyLock;

use crate::error::ParseError;
use crate::report::{SolveError, SolveOptions};
use crate::strategy::{OfferedKind, StrategySpec};

pub use game::Game;

/// The handles of the games' entries (`games/mod.rs`), made once.
static ALL: LazyLock<Vec<Game>> = LazyLock::new(|| {
    crate::games::ENTRIES
        .iter()
        .copied()
        .map(Game::new)
        .collect()
});

/// Every game and family, in the order help texts list them.
pub fn all() -> &'static [Game] {
    &ALL
}

/// The game named `name` or one of its aliases (any letter case); an unknown name is an
/// error that lists the games.
pub fn find(name: &str) -> Result<Game, ParseError> {
    let wanted = name.trim().to_ascii_lowercase();
    all()
        .iter()
        .copied()
        .find(|game| game.name() == wanted || game.aliases().iter().any(|alias| *alias == wanted))
        .ok_or_else(|| {
            ParseError::at_token(
                format!("unknown game; the games are {}", names().join(", ")),
                name,
            )
        })
}

/// The names of every game, in order.
pub fn names() -> Vec<&'static str> {
    all().iter().map(|game| game.name()).collect()
}

impl FromStr for Game {
    type Err = ParseError;

    /// Reads a game's name or alias (any letter case), as [`find`].
    fn from_str(text: &str) -> Result<Self, ParseError> {
        find(text)
    }
}

/// Every game-specific strategy kind of the list with the title of the first game that
/// lists it, each once.
pub fn offered_strategies() -> Vec<OfferedKind> {
    let mut kinds: Vec<OfferedKind> = Vec::new();
    for game in all() {
        for &kind in game.own_strategies() {
            if !kinds.iter().any(|(known, _)| known.name() == kind.name()) {
                kinds.push((kind, game.title()));
            }
        }
    }
    kinds
}

/// Every strategy name, for help texts: the generic ones, then each game's own.
pub fn strategy_names() -> Vec<&'static str> {
    StrategySpec::names_with(&offered_strategies())
}

impl FromStr for StrategySpec {
    type Err = ParseError;

    /// Reads `perfect`, `stubborn`, `random`, `noisy`, `noisy:0.25`, `scripted:a,b,c`, or a
    /// game's own strategy by its kind (`alphabeta:depth=6`, `mcts:playouts=20000`): see
    /// [`StrategySpec::read`].
    fn from_str(text: &str) -> Result<Self, ParseError> {
        StrategySpec::read(text, &offered_strategies())
    }
}

/// What `grundy batch <game>` answers: the game's answer to a contest input, or, for a game
/// without a contest format, an error that names the games with one.
pub fn answer_contest(
    game: Game,
    input: &[u8],
    options: &SolveOptions,
) -> Result<String, SolveError> {
    if game.contest().is_some() {
        return game.answer_contest(input, options);
    }
    Err(SolveError::Unsupported(format!(
        "{} has no contest batch format; the games with one are {}",
        game.name(),
        all()
            .iter()
            .filter(|game| game.contest().is_some())
            .map(|game| game.name())
            .collect::<Vec<_>>()
            .join(", ")
    )))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn test_positions_are_served_and_huge_ones_are_not() {
        for game in all() {
            for position in game.test_positions() {
                let state = game.start(position).unwrap();
                assert!(
                    game.check_served(state.as_ref()).is_ok(),
                    "{game} {position}"
                );
            }
        }
        let takebreak = find("takebreak").unwrap();
        let huge = takebreak.start("0.77:5000").unwrap();
        let over = takebreak.check_served(huge.as_ref()).unwrap_err();
        assert_eq!(
            over.to_string(),
            "the largest heap is 5000, over the server's cap of 4096"
        );
        let bidding = find("bidding").unwrap();
        let big = bidding.start("33554432").unwrap();
        assert_eq!(bidding.check_served(big.as_ref()).unwrap_err().cap, 1 << 16);
    }

    /// Every game states a position at each of its caps and one step past it: the first is
    /// served, the second refused (by the caps, or already by the notation).
    #[test]
    fn every_game_states_positions_at_its_caps() {
        for game in all() {
            let usual = game.cap_edges();
            let misere = game.cap_edges_misere();
            assert!(!usual.is_empty(), "{game} states no position at its caps");
            assert_eq!(
                !misere.is_empty(),
                game.is_impartial(),
                "{game}: misère caps"
            );
            for edge in usual.iter().chain(&misere) {
                let shown: String = edge.at.chars().take(40).collect();
                let at = game.start(&edge.at).unwrap();
                assert!(game.check_served(at.as_ref()).is_ok(), "{game} {shown}");
                if let Some(first) = edge.line.first() {
                    let mut replayed = game.start(&edge.at).unwrap();
                    replayed.play(first).unwrap();
                    assert!(
                        game.check_served(replayed.as_ref()).is_ok(),
                        "{game} {first}"
                    );
                }
                if let Ok(past) = game.start(&edge.past) {
                    assert!(
                        game.check_served(past.as_ref()).is_err(),
                        "{game}: one step past the cap ({shown}…) is served"
                    );
                }
            }
        }
    }

    #[test]
    fn misere_positions_have_caps_of_their_own() {
        let served = |game: &str, position: &str| {
            let game = find(game).unwrap();
            game.check_served(game.start(position).unwrap().as_ref())
        };
        assert!(served("takebreak", "0.77:4096").is_ok());
        assert_eq!(
            served("takebreak", "0.77:4096@misere")
                .unwrap_err()
                .to_string(),
            "the number of tokens under misère play is 4096, over the server's cap of 25"
        );
        assert!(served("takebreak", "0.77:20+5@misere").is_ok());
        assert!(served("rectangle", "100x100").is_ok());
        assert_eq!(
            served("rectangle", "100x100@misere").unwrap_err().what,
            "the longest side under misère play"
        );
        assert!(served("nim", "1000000+1").is_ok());
        assert!(served("nim", "1000000+1@misere").is_err());
        // A misère position is held to its entry's misère caps, read on its usual rules' game.
        for game in all().iter().filter(|game| game.is_impartial()) {
            for position in game.test_positions() {
                let misere = game.start(&format!("{position}@misere")).unwrap();
                let usual = game.start(position).unwrap();
                assert_eq!(
                    game.check_served(misere.as_ref()),
                    game.entry().check_served_misere(usual.as_ref()),
                    "{game} {position}"
                );
            }
        }
    }

    #[test]
    fn names_and_aliases_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for game in all() {
            for name in std::iter::once(&game.name()).chain(game.aliases()) {
                assert!(seen.insert(*name), "{name} is used twice");
                assert_eq!(*name, name.to_ascii_lowercase());
            }
        }
    }

    #[test]
    fn every_name_and_alias_finds_its_game() {
        for game in all() {
            assert_eq!(find(game.name()).unwrap(), *game);
            assert_eq!(find(&game.name().to_ascii_uppercase()).unwrap(), *game);
            for alias in game.aliases() {
                assert_eq!(find(alias).unwrap(), *game);
            }
        }
        assert_eq!(find("licytacja").unwrap().name(), "bidding");
        assert_eq!(find("rec").unwrap().name(), "rectangle");
    }

    #[test]
    fn an_unknown_name_lists_the_games() {
        let error = find("chess").unwrap_err();
        assert_eq!(error.location.token.as_deref(), Some("chess"));
        for game in all() {
            assert!(error.message.contains(game.name()), "{error}");
        }
    }

    #[test]
    fn examples_and_default_positions_start_and_solve() {
        let options = SolveOptions {
            depth: Some(2),
            no_cache: true,
            ..SolveOptions::default()
        };
        for game in all() {
            for position in [game.example(), game.default_position()] {
                let state = game.start(position).unwrap();
                assert_eq!(Game::from(state.entry()), *game);
                let report = game.solve(position, &options).unwrap();
                let json = report.to_json();
                assert!(json.contains("\"position\":"), "{json}");
            }
        }
    }

    #[test]
    fn game_specific_strategies_play_only_their_games() {
        let mcts: StrategySpec = "mcts:playouts=10".parse().unwrap();
        for name in ["pousse", "pousse-waterloo"] {
            let game = find(name).unwrap();
            assert!(game.accepts(&mcts));
            assert_eq!(game.strategy(&mcts, 1).unwrap().name(), "mcts:playouts=10");
        }
        let rectangle = find("rectangle").unwrap();
        assert!(!rectangle.accepts(&mcts));
        let error = rectangle.strategy(&mcts, 1).err().unwrap().to_string();
        assert!(
            error.contains("mcts is a Pousse strategy; it cannot play rectangle"),
            "{error}"
        );
        for game in all() {
            for generic in ["perfect", "stubborn", "random", "noisy:0.2", "scripted:a,b"] {
                let spec: StrategySpec = generic.parse().unwrap();
                assert!(game.strategy(&spec, 3).is_ok(), "{generic} on {game}");
            }
        }
    }

    #[test]
    fn games_without_a_contest_say_which_have_one() {
        let error = answer_contest(find("rectangle").unwrap(), b"", &SolveOptions::default())
            .unwrap_err()
            .to_string();
        assert!(error.contains("cuboid, paper, pousse"), "{error}");
    }
}
