//! Everything a front end shows about a value, in one serialisable record.

use serde::Serialize;

use super::dyadic::Dyadic;
use super::store::{GameId, OutcomeClass, ValueStore};
use super::thermograph::WallPoint;
use crate::integer::Integer;

/// What `grundy value` prints and `--json` serialises: the canonical form, who wins, the
/// stops, mean, temperature, thermograph walls and, for all-small games, the atomic weight.
/// Numbers are exact dyadic rationals, serialised as strings (`"3/4"`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// The canonical form in CGSuite-style notation.
    pub canonical: String,
    /// L, R, N or P.
    pub outcome: OutcomeClass,
    /// The outcome in words.
    pub outcome_meaning: &'static str,
    /// The left stop.
    pub left_stop: Dyadic,
    /// The right stop.
    pub right_stop: Dyadic,
    /// The mean (the thermograph's mast value).
    pub mean: Dyadic,
    /// The temperature (-1 for integers).
    pub temperature: Dyadic,
    /// The left wall's breakpoints from `t = -1` to the temperature (vertical above).
    pub left_wall: Vec<WallPoint>,
    /// The right wall's breakpoints.
    pub right_wall: Vec<WallPoint>,
    /// Whether every subposition lets both players move or neither.
    pub all_small: bool,
    /// The atomic weight, for all-small games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub atomic_weight: Option<String>,
    /// The birthday: the height of the canonical game tree.
    /// (A JSON number while it fits 64 bits, its decimal text beyond.)
    pub birthday: Integer,
}

impl ValueStore {
    /// The summary of `g`.
    ///
    /// ```
    /// use grundy::cgt::{OutcomeClass, ValueStore};
    /// let mut store = ValueStore::new();
    /// let g = store.evaluate("{1|0}").unwrap();
    /// let summary = store.summary(g);
    /// assert_eq!(summary.canonical, "{1|0}");
    /// assert_eq!(summary.outcome, OutcomeClass::Next);
    /// assert_eq!(summary.mean.to_string(), "1/2");
    /// ```
    pub fn summary(&mut self, g: GameId) -> Summary {
        let canonical = self.display(g);
        let outcome = self.outcome(g);
        let (left_stop, right_stop) = self.stops(g);
        let thermograph = self.thermograph(g);
        let all_small = self.is_all_small(g);
        let atomic_weight = if all_small {
            self.atomic_weight(g).ok().map(|w| self.display(w))
        } else {
            None
        };
        Summary {
            canonical,
            outcome,
            outcome_meaning: outcome.describe(),
            left_stop,
            right_stop,
            mean: thermograph.mast(),
            temperature: thermograph.temperature(),
            left_wall: thermograph.left_wall(),
            right_wall: thermograph.right_wall(),
            all_small,
            atomic_weight,
            birthday: self.birthday(g),
        }
    }
}
