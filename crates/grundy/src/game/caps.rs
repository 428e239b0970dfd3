//! A shared server's caps on the work a position implies: a position over a cap
//! ([`OverCap`]), and the positions each game states at the edge of its caps ([`CapEdge`]),
//! from which the tests of every game check the caps and what the server does at them.

use std::fmt;

/// A position over one of a game's caps for a shared server ([`GameEntry::check_served`](crate::game::GameEntry::check_served)):
/// what is too large, how large it is and the cap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverCap {
    /// The quantity, in words (`the largest heap`, `the board's side`).
    pub what: &'static str,
    /// Its value in the position.
    pub value: u128,
    /// The largest value served.
    pub cap: u128,
}

impl OverCap {
    /// `Err` naming `what` when `value` is over `cap`.
    pub fn check(
        what: &'static str,
        value: impl Into<u128>,
        cap: impl Into<u128>,
    ) -> Result<(), OverCap> {
        let (value, cap) = (value.into(), cap.into());
        if value > cap {
            Err(OverCap { what, value, cap })
        } else {
            Ok(())
        }
    }
}

impl fmt::Display for OverCap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is {}, over the server's cap of {}",
            self.what, self.value, self.cap
        )
    }
}

impl std::error::Error for OverCap {}

/// A position at one of a game's caps and the same position one step past it, stated by the
/// game beside its caps ([`GameEntry::cap_edges`](crate::game::GameEntry::cap_edges)), so
/// that the tests of every game follow the caps when they move: the server must admit `at`
/// and analyse it, after `line` too, within its limits, and refuse `past`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CapEdge {
    /// A position at the cap: the hardest such position known (the largest board, the
    /// costliest rules).
    pub at: String,
    /// The same position one step past the cap.
    pub past: String,
    /// Moves from `at` that stay within the caps and cost the most to replay; empty when the
    /// first legal moves will do.
    pub line: Vec<String>,
}

impl CapEdge {
    /// The edge between `at` and `past`, with no line of its own.
    pub fn new(at: impl Into<String>, past: impl Into<String>) -> CapEdge {
        CapEdge {
            at: at.into(),
            past: past.into(),
            line: Vec::new(),
        }
    }

    /// The edge between `at@misere` and `past@misere`: the positions under misère play.
    pub fn misere(at: &str, past: &str) -> CapEdge {
        CapEdge::new(format!("{at}@misere"), format!("{past}@misere"))
    }
}

/// `count` copies of `part` joined by `+`: a sum of equal parts, as caps on the number of
/// parts are stated.
pub fn sum_of(part: &str, count: usize) -> String {
    vec![part; count].join("+")
}
