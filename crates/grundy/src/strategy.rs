//! Strategies: how a built-in player chooses its moves, for every game.
//!
//! A [`Strategy`] looks at a [`GameState`] and returns a move in notation. Five kinds are the
//! opponents the contests used: perfect play (fastest win, slowest loss), the POI judge's
//! near-optimal player ([`StrategySpec::Noisy`]), random play, a fixed cycle of moves
//! ([`StrategySpec::Scripted`]), and a stubborn player that drags every game out. Two more are
//! Pousse sparring partners of other designs than the Pousse engine, to measure it against
//! ([`StrategySpec::AlphaBeta`], [`StrategySpec::Mcts`]); a game accepts them only when its
//! registry entry lists them among its own strategies, and [`StrategySpec::check_game`]
//! refuses them elsewhere. Random choices come from a seeded ChaCha generator, so a
//! game replays exactly from its seed.
//!
//! ```
//! use grundy::play::{Budget, Status};
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
//! assert_eq!(game.status(), Status::Won { winner: grundy::play::Side::First });
//! ```

use std::fmt;
use std::str::FromStr;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::error::ParseError;
use crate::games::pousse::sparring;
use crate::play::{Budget, GameState};
use crate::registry::Game;

/// A way of choosing moves. Each player owns its strategy (and, in the arena, its own copy of
/// the game), so solver caches and random generators are never shared between players.
pub trait Strategy: Send {
    /// The strategy as written on the command line (`noisy:0.1`), for records.
    fn name(&self) -> String;

    /// A legal move for the side to move in `game`, or `None` when the game is over.
    fn choose(&mut self, game: &mut dyn GameState, budget: &Budget) -> Option<String>;
}

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
    /// `alphabeta[:depth=N]` (Pousse only): the classical alpha-beta searcher of
    /// `grundy::games::pousse::classic`, to depth N, or within the move's time without a
    /// depth. With a depth it still stops at the move's time.
    AlphaBeta {
        /// The fixed search depth in plies; `None`: by time.
        depth: Option<u32>,
    },
    /// `mcts[:playouts=N]` (Pousse only): the UCT searcher of `grundy::games::pousse::mcts`,
    /// N playouts per move, or within the move's time without a count. With a count it still
    /// stops at the move's time.
    Mcts {
        /// Playouts per move; `None`: by time.
        playouts: Option<u64>,
    },
}

/// The deepest `alphabeta:depth=N`.
pub const MAX_ALPHABETA_DEPTH: u32 = 60;

/// The ε of `noisy` when none is given: the POI judge's near-optimal library erred about one
/// move in ten.
pub const DEFAULT_EPSILON: f64 = 0.1;

impl StrategySpec {
    /// Every strategy name, for help texts.
    pub const NAMES: [&'static str; 7] = [
        "perfect",
        "stubborn",
        "random",
        "noisy[:ε]",
        "scripted:m1,m2,…",
        "alphabeta[:depth=N]",
        "mcts[:playouts=N]",
    ];

    /// The game this strategy is limited to, if any: `Some("Pousse")` for the sparring
    /// partners.
    pub fn only_for(&self) -> Option<&'static str> {
        match self {
            StrategySpec::AlphaBeta { .. } | StrategySpec::Mcts { .. } => Some("Pousse"),
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
            StrategySpec::AlphaBeta { .. } => "alphabeta",
            StrategySpec::Mcts { .. } => "mcts",
        }
    }

    /// An error unless this strategy can play `game`: a game-specific strategy (the Pousse
    /// sparring partners) plays only the games whose registry entry accepts it
    /// ([`GameEntry::own_strategies`](crate::registry::GameEntry::own_strategies)). The
    /// error names the strategy.
    pub fn check_game(&self, game: Game) -> Result<(), ParseError> {
        match self.only_for() {
            Some(only) if !game.accepts(self) => {
                let name = self.to_string();
                Err(ParseError::at_token(
                    format!(
                        "{} is a {only} strategy; it cannot play {game}",
                        self.base_name()
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
            StrategySpec::AlphaBeta { depth } => Box::new(sparring::AlphaBeta::new(*depth)),
            StrategySpec::Mcts { playouts } => Box::new(sparring::Mcts::new(*playouts, seed)),
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
            StrategySpec::AlphaBeta { depth: None } => f.write_str("alphabeta"),
            StrategySpec::AlphaBeta { depth: Some(depth) } => write!(f, "alphabeta:depth={depth}"),
            StrategySpec::Mcts { playouts: None } => f.write_str("mcts"),
            StrategySpec::Mcts {
                playouts: Some(playouts),
            } => write!(f, "mcts:playouts={playouts}"),
        }
    }
}

impl FromStr for StrategySpec {
    type Err = ParseError;

    /// Reads `perfect`, `stubborn`, `random`, `noisy`, `noisy:0.25`, `scripted:a,b,c`,
    /// `alphabeta`, `alphabeta:depth=6`, `mcts` or `mcts:playouts=20000`.
    fn from_str(text: &str) -> Result<Self, ParseError> {
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
            ("alphabeta", None) => Ok(StrategySpec::AlphaBeta { depth: None }),
            ("alphabeta", Some(argument)) => {
                match setting(argument, "depth").and_then(|v| v.parse::<u32>().ok()) {
                    Some(depth) if (1..=MAX_ALPHABETA_DEPTH).contains(&depth) => {
                        Ok(StrategySpec::AlphaBeta { depth: Some(depth) })
                    }
                    _ => Err(fail(format!(
                        "alphabeta takes a depth from 1 to {MAX_ALPHABETA_DEPTH}, as in \
                         alphabeta:depth=6 (or nothing: search within the move's time)"
                    ))),
                }
            }
            ("mcts", None) => Ok(StrategySpec::Mcts { playouts: None }),
            ("mcts", Some(argument)) => {
                match setting(argument, "playouts").and_then(|v| v.parse::<u64>().ok()) {
                    Some(playouts) if playouts >= 1 => Ok(StrategySpec::Mcts {
                        playouts: Some(playouts),
                    }),
                    _ => Err(fail(
                        "mcts takes a number of playouts of at least 1, as in \
                         mcts:playouts=20000 (or nothing: search within the move's time)"
                            .to_string(),
                    )),
                }
            }
            ("perfect" | "stubborn" | "random", Some(_)) => {
                Err(fail(format!("the strategy {name} takes no argument")))
            }
            _ => Err(fail(format!(
                "unknown strategy; the strategies are {}",
                StrategySpec::NAMES.join(", ")
            ))),
        }
    }
}

/// The value of `name=value` in `argument` when the name is `name` (any letter case).
fn setting<'a>(argument: &'a str, name: &str) -> Option<&'a str> {
    let (key, value) = argument.split_once('=')?;
    key.trim().eq_ignore_ascii_case(name).then(|| value.trim())
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
    use crate::play::Status;
    use crate::registry::{find, Game};

    fn game(name: &str) -> Game {
        find(name).unwrap()
    }

    #[test]
    fn specs_round_trip() {
        for text in [
            "perfect",
            "stubborn",
            "random",
            "noisy:0.25",
            "scripted:v1,h1",
            "alphabeta",
            "alphabeta:depth=6",
            "mcts",
            "mcts:playouts=20000",
        ] {
            let spec: StrategySpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!(
            "noisy".parse::<StrategySpec>().unwrap(),
            StrategySpec::Noisy { epsilon: 0.1 }
        );
        for bad in [
            "",
            "best",
            "noisy:2",
            "noisy:x",
            "scripted",
            "scripted:",
            "random:1",
            "alphabeta:6",
            "alphabeta:depth=0",
            "alphabeta:depth=61",
            "alphabeta:playouts=6",
            "mcts:playouts=0",
            "mcts:playouts=-3",
            "mcts:depth=4",
            "mcts:",
        ] {
            let error = bad.parse::<StrategySpec>().unwrap_err();
            assert!(!error.to_string().is_empty());
            assert_eq!(error.location.token.as_deref(), Some(bad));
        }
        assert_eq!(
            "AlphaBeta:Depth=3".parse::<StrategySpec>().unwrap(),
            StrategySpec::AlphaBeta { depth: Some(3) }
        );
    }

    #[test]
    fn sparring_partners_play_pousse_only() {
        for text in ["alphabeta", "mcts:playouts=10"] {
            let spec: StrategySpec = text.parse().unwrap();
            assert!(spec.check_game(game("pousse")).is_ok());
            assert!(spec.check_game(game("pousse-waterloo")).is_ok());
            let error = spec.check_game(game("rectangle")).unwrap_err().to_string();
            let name = text.split(':').next().unwrap();
            assert!(
                error.contains(&format!("{name} is a Pousse strategy")),
                "{error}"
            );
            // Asked anyway, they give no move instead of panicking.
            let mut game = game("rectangle").start("4x3").unwrap();
            assert_eq!(
                spec.build(1).choose(game.as_mut(), &Budget::default()),
                None
            );
        }
        assert!(StrategySpec::Perfect.check_game(game("paper")).is_ok());
    }

    #[test]
    fn sparring_partners_win_at_once_when_they_can() {
        for text in ["alphabeta:depth=2", "mcts:playouts=50", "alphabeta", "mcts"] {
            let mut game = game("pousse").start("..../XXX./..../O.O.:X").unwrap();
            let budget = Budget {
                movetime: Some(std::time::Duration::from_millis(50)),
                ..Budget::default()
            };
            let mv = text
                .parse::<StrategySpec>()
                .unwrap()
                .build(3)
                .choose(game.as_mut(), &budget)
                .unwrap();
            game.play(&mv).unwrap();
            assert_eq!(
                game.status(),
                Status::Won {
                    winner: crate::play::Side::First
                },
                "{text} played {mv}"
            );
        }
    }

    fn play_out(spec: &str, seed: u64, start: &str) -> Vec<String> {
        let mut game = game("rectangle").start(start).unwrap();
        let mut strategy = spec.parse::<StrategySpec>().unwrap().build(seed);
        while game.status() == Status::Ongoing {
            let mv = strategy.choose(game.as_mut(), &Budget::default()).unwrap();
            game.play(&mv).unwrap();
        }
        game.history()
    }

    #[test]
    fn seeded_strategies_replay_exactly() {
        for spec in ["random", "noisy:0.5"] {
            assert_eq!(play_out(spec, 9, "60x50"), play_out(spec, 9, "60x50"));
            assert_ne!(play_out(spec, 9, "60x50"), play_out(spec, 10, "60x50"));
        }
    }

    #[test]
    fn scripted_cycles_and_skips_illegal_moves() {
        // v1 is legal until the width is 1; then h1 only.
        let moves = play_out("scripted:v1,v9,h1", 0, "3x3");
        assert_eq!(moves, ["v1", "h1", "v1", "h1"]);
    }

    #[test]
    fn stubborn_games_last_longer_than_perfect_ones() {
        let perfect = play_out("perfect", 0, "640x307").len();
        let stubborn = play_out("stubborn", 0, "640x307").len();
        assert!(stubborn >= perfect, "{stubborn} < {perfect}");
    }
}
