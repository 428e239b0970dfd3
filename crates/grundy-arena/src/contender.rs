//! A player with terms of its own: `SPEC@movetime=MS,gametime=MS,threads=N`.
//!
//! Engine testers give each side its own time ("the challenger at ten times the engine's
//! time"); a [`Contender`] is a [`PlayerSpec`] and the [`PlayerOptions`] that override the
//! match's clock for that player alone, and the threads a built-in player's search may use.
//! The referee enforces each side's own clock: a player that overruns its own limit forfeits.
//!
//! ```
//! use std::time::Duration;
//! use grundy_arena::contender::Contender;
//!
//! let c: Contender = "alphabeta@movetime=1000".parse().unwrap();
//! assert_eq!(c.options.movetime, Some(Duration::from_millis(1000)));
//! assert_eq!(c.to_string(), "alphabeta@movetime=1000");
//! let c: Contender = "perfect@movetime=100,threads=2".parse().unwrap();
//! assert_eq!(c.options.threads, Some(2));
//! let program: Contender = "cmd:grundy engine --threads 2@movetime=500".parse().unwrap();
//! assert_eq!(program.options.movetime, Some(Duration::from_millis(500)));
//! assert!("cmd:./engine@threads=2".parse::<Contender>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use grundy::error::ParseError;
use grundy::registry::Game;

use crate::player::{BuiltinPlayer, Clock, Limits, Player, PlayerSpec};
use crate::referee::Terms;

/// The most threads a player may be given.
pub const MAX_THREADS: usize = 256;

/// The option names, in the order they are written.
pub const OPTION_NAMES: [&str; 4] = ["movetime", "gametime", "threads", "timemargin"];

/// A player's own terms; unset ones follow the match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayerOptions {
    /// The most one of this player's moves may take (instead of the match's `--movetime`).
    pub movetime: Option<Duration>,
    /// This player's time for the whole game (instead of the match's `--gametime`).
    pub gametime: Option<Duration>,
    /// Search threads of a built-in player (the Pousse engine's Lazy SMP); default 1.
    pub threads: Option<usize>,
    /// How far over a limit this player's move may go before it forfeits (default 0), as
    /// cutechess's `timemargin`; the player is not told of it.
    pub timemargin: Option<Duration>,
}

impl PlayerOptions {
    /// The clock this player plays under: its own limits where set, the match's otherwise.
    pub fn clock(&self, game: Clock) -> Clock {
        Clock {
            movetime: self.movetime.or(game.movetime),
            gametime: self.gametime.or(game.gametime),
        }
    }

    /// The referee's terms for this player: [`PlayerOptions::clock`] and its time margin.
    pub fn terms(&self, game: Clock) -> Terms {
        Terms {
            clock: self.clock(game),
            time_margin: self.timemargin.unwrap_or_default(),
        }
    }

    /// True when no option is set.
    pub fn is_empty(&self) -> bool {
        *self == PlayerOptions::default()
    }
}

impl fmt::Display for PlayerOptions {
    /// `movetime=1000,threads=2` (only the options set).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(time) = self.movetime {
            parts.push(format!("movetime={}", time.as_millis()));
        }
        if let Some(time) = self.gametime {
            parts.push(format!("gametime={}", time.as_millis()));
        }
        if let Some(threads) = self.threads {
            parts.push(format!("threads={threads}"));
        }
        if let Some(time) = self.timemargin {
            parts.push(format!("timemargin={}", time.as_millis()));
        }
        f.write_str(&parts.join(","))
    }
}

impl FromStr for PlayerOptions {
    type Err = ParseError;

    /// Reads `movetime=MS`, `gametime=MS`, `threads=N` and `timemargin=MS`, separated by
    /// commas.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let mut options = PlayerOptions::default();
        if text.trim().is_empty() {
            return Err(ParseError::at_token(
                "the player options after @ are missing, as in perfect@movetime=100,threads=2",
                text,
            ));
        }
        for part in text.split(',') {
            let bad = |message: String| ParseError::at_token(message, part);
            let Some((key, value)) = part.split_once('=') else {
                return Err(bad(format!(
                    "a player option is name=value, the names being {}",
                    OPTION_NAMES.join(", ")
                )));
            };
            let key = key.trim().to_ascii_lowercase();
            let value = value.trim().parse::<u64>().ok();
            let number = value.filter(|&n| n >= 1);
            let twice = || bad(format!("the player option {key} is given twice"));
            match key.as_str() {
                "movetime" | "gametime" => {
                    let time = number.map(Duration::from_millis).ok_or_else(|| {
                        bad(format!("{key} is a number of milliseconds of at least 1"))
                    })?;
                    let slot = if key == "movetime" {
                        &mut options.movetime
                    } else {
                        &mut options.gametime
                    };
                    if slot.replace(time).is_some() {
                        return Err(twice());
                    }
                }
                "timemargin" => {
                    let time = value
                        .map(Duration::from_millis)
                        .ok_or_else(|| bad("timemargin is a number of milliseconds".to_string()))?;
                    if options.timemargin.replace(time).is_some() {
                        return Err(twice());
                    }
                }
                "threads" => {
                    let threads = number
                        .and_then(|n| usize::try_from(n).ok())
                        .filter(|&n| n <= MAX_THREADS)
                        .ok_or_else(|| {
                            bad(format!("threads is a number from 1 to {MAX_THREADS}"))
                        })?;
                    if options.threads.replace(threads).is_some() {
                        return Err(twice());
                    }
                }
                _ => {
                    return Err(bad(format!(
                        "unknown player option {key}; the options are {}",
                        OPTION_NAMES.join(", ")
                    )))
                }
            }
        }
        Ok(options)
    }
}

/// A player and its own terms, as written on the command line: `SPEC` or `SPEC@OPTIONS`.
#[derive(Debug, Clone, PartialEq)]
pub struct Contender {
    /// What to run.
    pub spec: PlayerSpec,
    /// Its own clock and threads.
    pub options: PlayerOptions,
}

impl Contender {
    /// A player under the match's terms.
    pub fn plain(spec: PlayerSpec) -> Self {
        Contender {
            spec,
            options: PlayerOptions::default(),
        }
    }

    /// A fresh player for one game, with its threads.
    pub fn build(&self, limits: &Limits) -> Box<dyn Player> {
        match &self.spec {
            PlayerSpec::Builtin(spec) => Box::new(
                BuiltinPlayer::new(spec.clone()).with_threads(self.options.threads.unwrap_or(1)),
            ),
            other => other.build(limits),
        }
    }

    /// An error unless the player can play `game` (the Pousse sparring partners play
    /// Pousse only; a program is asked at the start of each game).
    pub fn check_game(&self, game: Game) -> Result<(), ParseError> {
        match &self.spec {
            PlayerSpec::Builtin(spec) => spec.check_game(game.entry()),
            PlayerSpec::Command(_) => Ok(()),
        }
    }
}

impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.options.is_empty() {
            write!(f, "{}", self.spec)
        } else {
            write!(f, "{}@{}", self.spec, self.options)
        }
    }
}

impl FromStr for Contender {
    type Err = ParseError;

    /// Reads `SPEC[@OPTIONS]`. For a built-in strategy the options start at the first `@`.
    /// A `cmd:` command line may itself hold `@`, so its options start at the last `@` and
    /// only when an option name follows it (`cmd:./engine@movetime=500`).
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let split = if text.starts_with("cmd:") {
            text.rsplit_once('@').filter(|(_, tail)| {
                let name = tail.split('=').next().unwrap_or("").trim();
                OPTION_NAMES
                    .iter()
                    .any(|option| option.eq_ignore_ascii_case(name))
            })
        } else {
            text.split_once('@')
        };
        let (spec, options) = match split {
            Some((_, options)) if options.trim().is_empty() => {
                return Err(ParseError::at_token(
                    "the player options after @ are missing, as in perfect@movetime=100,threads=2",
                    text,
                ))
            }
            Some((spec, options)) => (spec, options.parse::<PlayerOptions>()?),
            None => (text, PlayerOptions::default()),
        };
        let spec: PlayerSpec = spec.parse()?;
        if matches!(spec, PlayerSpec::Command(_)) && options.threads.is_some() {
            return Err(ParseError::at_token(
                "threads= is for built-in players; give a program its own option \
                 (cmd:grundy engine --threads 2)",
                text,
            ));
        }
        Ok(Contender { spec, options })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use grundy::registry;

    #[test]
    fn contenders_round_trip() {
        for text in [
            "perfect",
            "alphabeta@movetime=1000",
            "perfect@movetime=100,threads=2",
            "perfect@movetime=20,timemargin=200",
            "mcts:playouts=500@gametime=60000",
            "cmd:grundy engine",
            "cmd:grundy engine@movetime=20",
            "scripted:v1,h1@movetime=5",
        ] {
            let contender: Contender = text.parse().unwrap();
            assert_eq!(contender.to_string(), text);
        }
        let at_in_command: Contender = "cmd:./engine --mail a@b".parse().unwrap();
        assert!(at_in_command.options.is_empty());
        assert_eq!(at_in_command.to_string(), "cmd:./engine --mail a@b");
    }

    #[test]
    fn bad_options_name_their_token() {
        for (text, token) in [
            ("perfect@", "perfect@"),
            ("perfect@speed=3", "speed=3"),
            ("perfect@movetime=0", "movetime=0"),
            ("perfect@movetime=fast", "movetime=fast"),
            ("perfect@threads=1000", "threads=1000"),
            ("perfect@movetime=5,movetime=6", "movetime=6"),
            ("perfect@threads", "threads"),
            ("cmd:./engine@movetime=x", "movetime=x"),
        ] {
            let error = text.parse::<Contender>().unwrap_err();
            assert_eq!(
                error.location.token.as_deref(),
                Some(token),
                "{text}: {error}"
            );
        }
        let error = "cmd:./engine@threads=2"
            .parse::<Contender>()
            .unwrap_err()
            .to_string();
        assert!(error.contains("built-in"), "{error}");
        assert!("best@movetime=5".parse::<Contender>().is_err());
    }

    #[test]
    fn own_limits_override_the_match_clock() {
        let options: PlayerOptions = "movetime=50".parse().unwrap();
        let game = Clock {
            movetime: Some(Duration::from_millis(10)),
            gametime: Some(Duration::from_secs(5)),
        };
        let clock = options.clock(game);
        assert_eq!(clock.movetime, Some(Duration::from_millis(50)));
        assert_eq!(clock.gametime, Some(Duration::from_secs(5)));
        assert_eq!(PlayerOptions::default().clock(game), game);
    }

    #[test]
    fn sparring_partners_are_checked_against_the_game() {
        let mcts: Contender = "mcts@movetime=10".parse().unwrap();
        assert!(mcts.check_game(registry::find("pousse").unwrap()).is_ok());
        let error = mcts
            .check_game(registry::find("rectangle").unwrap())
            .unwrap_err()
            .to_string();
        assert!(error.contains("mcts is a Pousse strategy"), "{error}");
    }
}
