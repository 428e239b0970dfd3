//! Everything a front end shows about a value, in one serialisable record.

use serde::Serialize;

use super::dyadic::Dyadic;
use super::store::{GameId, OutcomeClass, ValueStore};
use super::thermograph::WallPoint;
use crate::integer::Integer;
use crate::stop::{Stop, Stopped};

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

/// A [`Summary`] with every number written out in decimal, ready to print: serialised, the
/// same JSON as the summary's. Writing a long number takes time (a `1/2^400000` has 120 000
/// digits), so [`Summary::printed`] looks at a stop while it writes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrintedSummary {
    /// [`Summary::canonical`].
    pub canonical: String,
    /// [`Summary::outcome`].
    pub outcome: OutcomeClass,
    /// [`Summary::outcome_meaning`].
    pub outcome_meaning: &'static str,
    /// [`Summary::left_stop`], written out.
    pub left_stop: String,
    /// [`Summary::right_stop`], written out.
    pub right_stop: String,
    /// [`Summary::mean`], written out.
    pub mean: String,
    /// [`Summary::temperature`], written out.
    pub temperature: String,
    /// [`Summary::left_wall`], written out.
    pub left_wall: Vec<PrintedPoint>,
    /// [`Summary::right_wall`], written out.
    pub right_wall: Vec<PrintedPoint>,
    /// [`Summary::all_small`].
    pub all_small: bool,
    /// [`Summary::atomic_weight`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub atomic_weight: Option<String>,
    /// [`Summary::birthday`], written out (a JSON number while it fits 64 bits, as the
    /// summary's).
    pub birthday: PrintedInteger,
}

/// A breakpoint of a thermograph wall, written out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrintedPoint {
    /// [`WallPoint::temperature`], written out.
    pub temperature: String,
    /// [`WallPoint::value`], written out.
    pub value: String,
}

/// An integer written out: a JSON number while it fits an `i64`, its text beyond, as an
/// [`Integer`] serialises.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrintedInteger {
    /// A number that fits an `i64`.
    Small(i64),
    /// The decimal text of a larger one.
    Big(String),
}

impl std::fmt::Display for PrintedInteger {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PrintedInteger::Small(n) => write!(f, "{n}"),
            PrintedInteger::Big(text) => f.write_str(text),
        }
    }
}

impl Serialize for PrintedInteger {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            PrintedInteger::Small(n) => serializer.serialize_i64(*n),
            PrintedInteger::Big(text) => serializer.serialize_str(text),
        }
    }
}

impl Summary {
    /// The summary with every number written out, looking at `stop` between numbers and
    /// while a long one is written.
    pub fn printed(&self, stop: &Stop) -> Result<PrintedSummary, Stopped> {
        let number = |x: &Dyadic| {
            stop.check()?;
            x.to_decimal(stop)
        };
        let wall = |points: &[WallPoint]| {
            points
                .iter()
                .map(|point| {
                    Ok(PrintedPoint {
                        temperature: number(&point.temperature)?,
                        value: number(&point.value)?,
                    })
                })
                .collect::<Result<Vec<_>, Stopped>>()
        };
        let birthday = match self.birthday.to_i64() {
            Some(n) => PrintedInteger::Small(n),
            None => PrintedInteger::Big(self.birthday.to_decimal(stop)?),
        };
        Ok(PrintedSummary {
            canonical: self.canonical.clone(),
            outcome: self.outcome,
            outcome_meaning: self.outcome_meaning,
            left_stop: number(&self.left_stop)?,
            right_stop: number(&self.right_stop)?,
            mean: number(&self.mean)?,
            temperature: number(&self.temperature)?,
            left_wall: wall(&self.left_wall)?,
            right_wall: wall(&self.right_wall)?,
            all_small: self.all_small,
            atomic_weight: self.atomic_weight.clone(),
            birthday,
        })
    }

    /// An upper bound on the bytes of the summary's numbers written out (the canonical form
    /// and the atomic weight, already text, not included): what printing it will hold.
    pub fn printed_len_bound(&self) -> usize {
        let walls = self
            .left_wall
            .iter()
            .chain(&self.right_wall)
            .map(|p| p.temperature.text_len_bound() + p.value.text_len_bound() + 8)
            .sum::<usize>();
        [
            &self.left_stop,
            &self.right_stop,
            &self.mean,
            &self.temperature,
        ]
        .iter()
        .map(|x| x.text_len_bound())
        .sum::<usize>()
            + walls
            + self.birthday.decimal_len_bound()
    }

    /// The heap bytes the summary holds.
    fn heap_bytes(&self) -> usize {
        let point = std::mem::size_of::<WallPoint>();
        let walls = self
            .left_wall
            .iter()
            .chain(&self.right_wall)
            .map(|p| point + p.temperature.heap_bytes() + p.value.heap_bytes())
            .sum::<usize>();
        self.canonical.capacity()
            + self.atomic_weight.as_ref().map_or(0, String::capacity)
            + walls
            + self.birthday.heap_bytes()
    }
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
        let summary = Summary {
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
        };
        // Held until it is printed, then written out twice (the numbers' texts and the
        // output they go into): counted against the memory limit of the bounded run now,
        // so that a summary too large to print is refused before it is printed.
        let printed = summary.printed_len_bound().saturating_mul(2);
        self.charge(summary.heap_bytes().saturating_add(printed));
        self.reserve(0);
        summary
    }
}
