//! The environment an opponent library reads: `GRUNDY_STRATEGY` and `GRUNDY_SEED`.
//!
//! A contestant's program cannot pass arguments to the library, and standard input holds
//! the contest's own test format, so the extra choices come from the environment.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The variable naming the library's strategy (see each game's strategy type).
pub const STRATEGY_VAR: &str = "GRUNDY_STRATEGY";

/// The variable holding the random seed (a decimal `u64`).
pub const SEED_VAR: &str = "GRUNDY_SEED";

/// The seed when neither the environment nor the input gives one: runs are reproducible.
pub const DEFAULT_SEED: u64 = 0x6772_756e_6479;

/// What the environment asks of a library, unparsed strategy name included.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Environment {
    /// `GRUNDY_STRATEGY`, when set and not empty.
    pub strategy: Option<String>,
    /// `GRUNDY_SEED`, when set and not empty.
    pub seed: Option<u64>,
}

impl Environment {
    /// Reads both variables; a seed that is not a decimal `u64` is an error naming it.
    pub fn from_process() -> Result<Self, String> {
        let get = |name: &str| {
            std::env::var(name)
                .ok()
                .map(|value| value.trim().to_string())
                .filter(|value| !value.is_empty())
        };
        let seed = match get(SEED_VAR) {
            None => None,
            Some(text) => Some(text.parse::<u64>().map_err(|_| {
                format!("{SEED_VAR}={text:?} is not a seed (a decimal number up to 2^64 - 1)")
            })?),
        };
        Ok(Environment {
            strategy: get(STRATEGY_VAR),
            seed,
        })
    }
}

/// The generator every random strategy draws from: ChaCha8, so a seed gives the same game
/// on every platform.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}
