//! Published Cutcake values, each checked with the plain win/loss oracle (which knows
//! nothing of values): a cake of value `v` plus a cake of value `-v` is a second-player
//! win. A `1x(n+1)` cake is `-n` (Right alone can cut it, `n` times) and `(n+1)x1` is `n`.
//!
//! Sources: Berlekamp, Conway and Guy, *Winning Ways*, chapter 2 ("Cutcake"), its table of
//! values and the formula [`super::published_value`]; the doctest of
//! python/examples/rulesets/cutcake.py (`5x1` is 4, `1x5` is -4, `4x4` is 0, `8x3` is 3).

use super::{published_value, Cutcake};
use crate::partizan::oracle::{outcome, OutcomeClass};

/// Cakes with their published values: `(width, height, value)`.
const PUBLISHED: &[(u64, u64, i64)] = &[
    // The Python example's doctest.
    (5, 1, 4),
    (1, 5, -4),
    (4, 4, 0),
    (8, 3, 3),
    // Winning Ways' table, first rows: height 1 is `W - 1`, heights 2 and 3 are
    // `⌊W/2⌋ - 1`, heights 4 to 7 `⌊W/4⌋ - 1`; a cake higher than wide the negative.
    (1, 1, 0),
    (2, 1, 1),
    (2, 2, 0),
    (3, 2, 0),
    (4, 2, 1),
    (5, 3, 1),
    (6, 2, 2),
    (7, 3, 2),
    (8, 4, 1),
    (2, 4, -1),
    (2, 6, -2),
    (3, 7, -2),
];

/// `width`×`height` plus a cake of the opposite value.
fn with_opposite(width: u64, height: u64, value: i64) -> Cutcake {
    let mut cakes = vec![(width, height)];
    let steps = value.unsigned_abs();
    if value > 0 {
        cakes.push((1, steps + 1));
    } else if value < 0 {
        cakes.push((steps + 1, 1));
    }
    match Cutcake::new(cakes) {
        Ok(position) => position,
        Err(error) => panic!("{width}x{height}: {error}"),
    }
}

#[test]
fn published_values_are_values() {
    for &(width, height, value) in PUBLISHED {
        assert_eq!(published_value(width, height), value, "{width}x{height}");
        if width * height > 16 {
            // Too many ways to cut for the plain oracle; the closed form is checked
            // against the options up to 14×14 in the module's tests.
            continue;
        }
        let position = with_opposite(width, height, value);
        assert_eq!(outcome(&position), OutcomeClass::Previous, "{position}");
        // And one more for either side breaks the balance.
        let more = with_opposite(width, height, value + 1);
        assert_ne!(outcome(&more), OutcomeClass::Previous, "{more}");
    }
}
