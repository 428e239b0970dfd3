//! Strategies: how a built-in player chooses its moves, for every game.
//!
//! A [`Strategy`] looks at a [`GameState`] and returns a move in notation. Five kinds play
//! every game, and are the opponents the contests used: perfect play (fastest win, slowest
//! loss), the POI judge's near-optimal player ([`StrategySpec::Noisy`]), random play, a fixed
//! cycle of moves ([`StrategySpec::Scripted`]), and a stubborn player that drags every game
//! out. A game may add strategies of its own ([`StrategyKind`], listed by its registry entry,
//! such as Pousse's sparring partners); [`StrategySpec::Own`] holds one, and
//! [`StrategySpec::check_game`] refuses it for the games that do not list it. Random
//! choices come from a seeded ChaCha generator, so a game replays exactly from its seed.
//!
//! ```
//! use grundy::game::{Budget, Status};
//! use grundy::registry;
//! use grundy::strategy::StrategySpec;
//!
//! let mut game = registry::find("rectangle").unwrap().start("33x11").unwrap();
//! let mut perfect = "perfect".parse::<StrategySpec>().unwrap().build(1);
//! let mut noisy = "noisy:0.5".parse::<StrategySpec>().unwrap().build(2);
//! while game.status() == Status::Ongoing {
//!     let player = if game.history().len() % 2 == 0 { &mut perfect } else { &mut noisy };
//!     let mv = player.choose(game.as_mut(), &Budget::default()).unwrap();
//!     game.play(&mv).unwrap();
//! }
//! // 33x11 is won for the first player, and perfect play keeps it.
//! assert_eq!(game.status(), Status::Won { winner: grundy::player::Seat::First });
//! ```

use std::fmt;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::error::ParseError;
use crate::game::{Budget, GameEntry, GameState, Strategy, StrategyKind};

/// A strategy as named on the command line and in the protocol.
#[derive(Debug, Clone, PartialEq)]
pub enum StrategySpec {
    /// `perfect`: fastest win, slowest loss (the Pousse engine for Pousse).
    Perfect,
    /// `stubborn`: the longest game: slowest loss, and when winning a win that drags.
    Stubborn,
    /// `random`: a uniformly random legal move.
    Random,
    /// `noisy[:ε]`: perfect, except a random legal move with probability ε (default 0.1).
    Noisy {
        /// The probability of a random move, in [0, 1].
        epsilon: f64,
    },
    /// `scripted:m1,m2,…`: the moves in a cycle; a move that is illegal in the position is
    /// skipped for the next one in the cycle, and when none is legal the first legal move
    /// is played.
    Scripted {
        /// The cycle, in notation.
        moves: Vec<String>,
    },
    /// A strategy that a game adds to the generic ones (Pousse's `alphabeta` and `mcts`),
    /// read by the [`StrategyKind`] its registry entry lists.
    Own(OwnStrategy),
}

/// A game-specific strategy as read: its kind, the game that offers it and its argument.
#[derive(Clone)]
pub struct OwnStrategy {
    kind: &'static dyn StrategyKind,
    owner: &'static str,
    argument: Option<String>,
}

impl OwnStrategy {
    /// The strategy's name without its argument (`alphabeta`).
    pub fn name(&self) -> &'static str {
        self.kind.name()
    }

    /// The argument as written back (`depth=6`), if any.
    pub fn argument(&self) -> Option<&str> {
        self.argument.as_deref()
    }

    /// The title of the game that offers it (`Pousse`), for messages.
    pub fn owner(&self) -> &'static str {
        self.owner
    }
}

impl PartialEq for OwnStrategy {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name() && self.argument == other.argument
    }
}

impl fmt::Debug for OwnStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OwnStrategy({self})")
    }
}

impl fmt::Display for OwnStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.argument {
            None => f.write_str(self.name()),
            Some(argument) => write!(f, "{}:{argument}", self.name()),
        }
    }
}

/// A game-specific strategy kind with the title of the game that offers it (`Pousse`), as
/// [`StrategySpec::read`] looks kinds up by name.
pub type OfferedKind = (&'static dyn StrategyKind, &'static str);

/// The ε of `noisy` when none is given: the POI judge's near-optimal library erred about one
/// move in ten.
pub const DEFAULT_EPSILON: f64 = 0.1;

impl StrategySpec {
    /// The strategies every game accepts, for help texts.
    pub const GENERIC_NAMES: [&'static str; 5] = [
        "perfect",
        "stubborn",
        "random",
        "noisy[:ε]",
        "scripted:m1,m2,…",
    ];

    /// Every strategy name, for help texts: the generic ones, then the usage of each kind of
    /// `offered` ([`crate::registry::strategy_names`] passes every game's own).
    pub fn names_with(offered: &[OfferedKind]) -> Vec<&'static str> {
        let own = offered.iter().map(|(kind, _)| kind.usage());
        Self::GENERIC_NAMES.into_iter().chain(own).collect()
    }

    /// The game this strategy is limited to, if any: `Some("Pousse")` for the sparring
    /// partners.
    pub fn only_for(&self) -> Option<&'static str> {
        match self {
            StrategySpec::Own(own) => Some(own.owner()),
            _ => None,
        }
    }

    /// The strategy's name without its argument (`noisy` for `noisy:0.25`).
    pub fn base_name(&self) -> &'static str {
        match self {
            StrategySpec::Perfect => "perfect",
            StrategySpec::Stubborn => "stubborn",
            StrategySpec::Random => "random",
            StrategySpec::Noisy { .. } => "noisy",
            StrategySpec::Scripted { .. } => "scripted",
            StrategySpec::Own(own) => own.name(),
        }
    }

    /// True when this strategy can play `game`: a generic strategy, or one of the game's
    /// own ([`GameEntry::own_strategies`]).
    pub fn plays(&self, game: &dyn GameEntry) -> bool {
        match self {
            StrategySpec::Own(own) => game
                .own_strategies()
                .iter()
                .any(|kind| kind.name() == own.name()),
            _ => true,
        }
    }

    /// An error unless this strategy can play `game`: a game-specific strategy (the Pousse
    /// sparring partners) plays only the games whose registry entry accepts it
    /// ([`GameEntry::own_strategies`]). The error names the strategy.
    pub fn check_game(&self, game: &dyn GameEntry) -> Result<(), ParseError> {
        match self.only_for() {
            Some(only) if !self.plays(game) => {
                let name = self.to_string();
                Err(ParseError::at_token(
                    format!(
                        "{} is a {only} strategy; it cannot play {}",
                        self.base_name(),
                        game.name()
                    ),
                    &name,
                ))
            }
            _ => Ok(()),
        }
    }

    /// A player following this strategy; `seed` fixes every random choice it will make.
    pub fn build(&self, seed: u64) -> Box<dyn Strategy> {
        let rng = ChaCha8Rng::seed_from_u64(seed);
        match self {
            StrategySpec::Perfect => Box::new(Perfect),
            StrategySpec::Stubborn => Box::new(Stubborn),
            StrategySpec::Random => Box::new(Random { rng }),
            StrategySpec::Noisy { epsilon } => Box::new(Noisy {
                epsilon: *epsilon,
                rng,
            }),
            StrategySpec::Scripted { moves } => Box::new(Scripted {
                moves: moves.clone(),
                next: 0,
            }),
            StrategySpec::Own(own) => own.kind.build(own.argument(), seed),
        }
    }
}

impl fmt::Display for StrategySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrategySpec::Perfect => f.write_str("perfect"),
            StrategySpec::Stubborn => f.write_str("stubborn"),
            StrategySpec::Random => f.write_str("random"),
            StrategySpec::Noisy { epsilon } => write!(f, "noisy:{epsilon}"),
            StrategySpec::Scripted { moves } => write!(f, "scripted:{}", moves.join(",")),
            StrategySpec::Own(own) => own.fmt(f),
        }
    }
}

impl StrategySpec {
    /// Reads `perfect`, `stubborn`, `random`, `noisy`, `noisy:0.25`, `scripted:a,b,c`, or a
    /// game-specific strategy of one of the kinds `offered` (`alphabeta:depth=6`,
    /// `mcts:playouts=20000`).
    ///
    /// `FromStr` (`"mcts".parse::<StrategySpec>()`) offers every game's own kinds; it is
    /// implemented beside the list of games ([`crate::registry`]), the one module that
    /// knows them all, so that this module asks no list which games there are.
    pub fn read(text: &str, offered: &[OfferedKind]) -> Result<Self, ParseError> {
        let (name, argument) = match text.split_once(':') {
            Some((name, argument)) => (name, Some(argument)),
            None => (text, None),
        };
        let fail = |message: String| ParseError::at_token(message, text);
        match (name.to_ascii_lowercase().as_str(), argument) {
            ("perfect", None) => Ok(StrategySpec::Perfect),
            ("stubborn", None) => Ok(StrategySpec::Stubborn),
            ("random", None) => Ok(StrategySpec::Random),
            ("noisy", None) => Ok(StrategySpec::Noisy {
                epsilon: DEFAULT_EPSILON,
            }),
            ("noisy", Some(argument)) => match argument.parse::<f64>() {
                Ok(epsilon) if (0.0..=1.0).contains(&epsilon) => {
                    Ok(StrategySpec::Noisy { epsilon })
                }
                _ => Err(fail(
                    "the noise of noisy:ε is a probability from 0 to 1, as in noisy:0.1"
                        .to_string(),
                )),
            },
            ("scripted", Some(argument)) => {
                let moves: Vec<String> = argument
                    .split(',')
                    .map(str::trim)
                    .filter(|mv| !mv.is_empty())
                    .map(str::to_string)
                    .collect();
                if moves.is_empty() {
                    Err(fail(
                        "scripted needs at least one move, as in scripted:pass,double,triple"
                            .to_string(),
                    ))
                } else {
                    Ok(StrategySpec::Scripted { moves })
                }
            }
            ("scripted", None) => Err(fail(
                "scripted needs its moves, as in scripted:pass,double,triple".to_string(),
            )),
            ("perfect" | "stubborn" | "random", Some(_)) => {
                Err(fail(format!("the strategy {name} takes no argument")))
            }
            (other, argument) => {
                let Some(&(kind, owner)) = offered.iter().find(|(kind, _)| kind.name() == other)
                else {
                    return Err(fail(format!(
                        "unknown strategy; the strategies are {}",
                        StrategySpec::names_with(offered).join(", ")
                    )));
                };
                let argument = kind.read_argument(argument).map_err(fail)?;
                Ok(StrategySpec::Own(OwnStrategy {
                    kind,
                    owner,
                    argument,
                }))
            }
        }
    }
}

/// Fastest win, slowest loss.
struct Perfect;

impl Strategy for Perfect {
    fn name(&self) -> String {
        StrategySpec::Perfect.to_string()
    }

    fn choose(&mut self, game: &mut dyn GameState, budget: &Budget) -> Option<String> {
        game.perfect_move(budget)
    }
}

/// The longest game.
struct Stubborn;

impl Strategy for Stubborn {
    fn name(&self) -> String {
        StrategySpec::Stubborn.to_string()
    }

    fn choose(&mut self, game: &mut dyn GameState, budget: &Budget) -> Option<String> {
        game.stubborn_move(budget)
    }
}

/// A uniformly random legal move.
struct Random {
    rng: ChaCha8Rng,
}

impl Strategy for Random {
    fn name(&self) -> String {
        StrategySpec::Random.to_string()
    }

    fn choose(&mut self, game: &mut dyn GameState, _: &Budget) -> Option<String> {
        game.random_move(&mut self.rng)
    }
}

/// Perfect with probability 1 − ε, random otherwise.
struct Noisy {
    epsilon: f64,
    rng: ChaCha8Rng,
}

impl Strategy for Noisy {
    fn name(&self) -> String {
        StrategySpec::Noisy {
            epsilon: self.epsilon,
        }
        .to_string()
    }

    fn choose(&mut self, game: &mut dyn GameState, budget: &Budget) -> Option<String> {
        // Draw every time, so the random stream does not depend on the position.
        let err = self.rng.gen_bool(self.epsilon);
        if err {
            game.random_move(&mut self.rng)
        } else {
            game.perfect_move(budget)
        }
    }
}

/// A fixed cycle of moves.
struct Scripted {
    moves: Vec<String>,
    next: usize,
}

impl Strategy for Scripted {
    fn name(&self) -> String {
        StrategySpec::Scripted {
            moves: self.moves.clone(),
        }
        .to_string()
    }

    fn choose(&mut self, game: &mut dyn GameState, _: &Budget) -> Option<String> {
        for _ in 0..self.moves.len() {
            let candidate = &self.moves[self.next % self.moves.len()];
            self.next = (self.next + 1) % self.moves.len();
            let mut trial = game.clone_box();
            if let Ok(canonical) = trial.play(candidate) {
                return Some(canonical);
            }
        }
        game.legal_moves(1).moves.into_iter().next()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A kind of strategy no game offers, for reading specs without the list of games.
    struct Echo;

    impl StrategyKind for Echo {
        fn name(&self) -> &'static str {
            "echo"
        }

        fn usage(&self) -> &'static str {
            "echo[:word]"
        }

        fn read_argument(&self, argument: Option<&str>) -> Result<Option<String>, String> {
            Ok(argument.map(str::to_lowercase))
        }

        fn build(&self, _: Option<&str>, _: u64) -> Box<dyn Strategy> {
            Box::new(Perfect)
        }
    }

    #[test]
    fn specs_read_the_offered_kinds_and_no_others() {
        let offered: [OfferedKind; 1] = [(&Echo, "Toy")];
        let spec = StrategySpec::read("Echo:ABC", &offered).unwrap();
        assert_eq!(spec.to_string(), "echo:abc");
        assert_eq!(spec.only_for(), Some("Toy"));
        assert_eq!(spec.base_name(), "echo");
        assert_eq!(
            StrategySpec::names_with(&offered).last(),
            Some(&"echo[:word]")
        );
        let error = StrategySpec::read("echo", &[]).unwrap_err();
        assert_eq!(error.location.token.as_deref(), Some("echo"));
        assert!(
            error
                .to_string()
                .contains("the strategies are perfect, stubborn, random, noisy[:ε], scripted"),
            "{error}"
        );
        assert_eq!(
            StrategySpec::read("noisy", &[]).unwrap(),
            StrategySpec::Noisy {
                epsilon: DEFAULT_EPSILON
            }
        );
    }
}
