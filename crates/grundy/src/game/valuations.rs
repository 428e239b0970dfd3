//! The two valuations of a game with canonical values, named for the checks and benches
//! that compare them on every game of the list.

use crate::error::ParseError;

/// Two ways a game with canonical values values a position, each from an empty store and
/// printed in the value notation: the evaluator that `grundy solve` uses (components, a
/// cache of positions, the game's closed forms) and the plain recursion over every option
/// with neither. They must agree. A check or a bench that compares them asks the entry for
/// them ([`GameEntry::valuations`](super::GameEntry::valuations)), so it takes every game
/// from the list and never names one.
pub trait Valuations: Send + Sync {
    /// The canonical value of `position` as `grundy solve` finds it (who is to move does
    /// not change it: `@R` is read and ignored).
    fn evaluated(&self, position: &str) -> Result<String, ParseError>;

    /// The canonical value of `position` by the plain recursion: every option valued in
    /// turn, with no components and no cache. Exponential, so it takes a budget of
    /// positions to visit (repeats counted), lowers it by the visits made, and gives up,
    /// answering `Ok(None)`, when it runs out.
    fn plain(&self, position: &str, budget: &mut u64) -> Result<Option<String>, ParseError>;
}
