//! Toppling Dominoes's values against an independent brute force: the rules written again
//! plainly on a vector of characters (no bitboards, no rows as components, no mirror
//! images), the game tree built from them option by option in the value store, compared
//! with the evaluator (components, normal forms, negatives and cache) on every small strip;
//! the evaluator against the plain recursion on every short row; and values worked from the
//! rules.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;

use grundy::cgt::{plain_value, Evaluator, GameId, ValueStore};
use grundy::games::toppling::Toppling;

/// Every strip after a move of the player whose dominoes are `mine` (its colour and
/// green): a domino of theirs falls one way, and with it every domino next to it on that
/// side, up to an empty place or the end of the strip.
fn moves(strip: &[char], mine: char) -> Vec<Vec<char>> {
    let mut result = Vec::new();
    for (i, &c) in strip.iter().enumerate() {
        if c != mine && c != 'G' {
            continue;
        }
        // To the left.
        let mut next = strip.to_vec();
        let mut j = i as i64;
        while j >= 0 && next[j as usize] != '.' {
            next[j as usize] = '.';
            j -= 1;
        }
        result.push(next);
        // To the right.
        let mut next = strip.to_vec();
        let mut j = i;
        while j < strip.len() && next[j] != '.' {
            next[j] = '.';
            j += 1;
        }
        result.push(next);
    }
    result
}

/// The value of `strip` by the definition: `{ Left's options | Right's options }`.
fn brute(store: &mut ValueStore, memo: &mut HashMap<Vec<char>, GameId>, strip: &[char]) -> GameId {
    if let Some(&id) = memo.get(strip) {
        return id;
    }
    let lefts: Vec<GameId> = moves(strip, 'L')
        .iter()
        .map(|option| brute(store, memo, option))
        .collect();
    let rights: Vec<GameId> = moves(strip, 'R')
        .iter()
        .map(|option| brute(store, memo, option))
        .collect();
    let id = store.game(&lefts, &rights);
    memo.insert(strip.to_vec(), id);
    id
}

/// Every strip of `length` cells over `alphabet`.
fn every(length: usize, alphabet: &[char]) -> impl Iterator<Item = Vec<char>> + '_ {
    let base = alphabet.len();
    (0..base.pow(length as u32)).map(move |mut code| {
        (0..length)
            .map(|_| {
                let c = alphabet[code % base];
                code /= base;
                c
            })
            .collect()
    })
}

#[test]
fn the_evaluator_agrees_with_the_rules_on_every_small_strip() {
    let mut store = ValueStore::new();
    let mut memo = HashMap::new();
    let mut evaluator = Evaluator::new();
    let mut count = 0;
    // Every strip of up to 7 cells with empty places, every row of 8 and 9 dominoes.
    let strips = (1..=7)
        .flat_map(|length| every(length, &['.', 'L', 'R', 'G']))
        .chain((8..=9).flat_map(|length| every(length, &['L', 'R', 'G'])));
    for strip in strips {
        let expected = brute(&mut store, &mut memo, &strip);
        let text: String = strip.iter().collect();
        let ours = evaluator.value(&mut store, &text.parse::<Toppling>().unwrap());
        assert_eq!(
            ours,
            expected,
            "{text}: {} against {}",
            store.display(ours),
            store.display(expected)
        );
        count += 1;
    }
    assert_eq!(
        count,
        4 + 16 + 64 + 256 + 1024 + 4096 + 16384 + 6561 + 19683
    );
}

#[test]
fn the_evaluator_agrees_with_the_plain_recursion_on_every_short_row() {
    for length in 1..=7 {
        for row in every(length, &['L', 'R', 'G']) {
            let text: String = row.iter().collect();
            let position: Toppling = text.parse().unwrap();
            let mut store = ValueStore::new();
            let cached = Evaluator::new().value(&mut store, &position);
            let plain = plain_value(&mut store, &position);
            assert_eq!(cached, plain, "{text}");
        }
    }
}

/// The canonical value of `strip` by the evaluator, in notation.
fn value(strip: &str) -> String {
    let mut store = ValueStore::new();
    let id = Evaluator::new().value(&mut store, &strip.parse::<Toppling>().unwrap());
    store.display(id)
}

/// Values from the rules by hand. A row of `n` blue dominoes: Left's options are the rows
/// of 0 to `n - 1` blue dominoes and Right has none, so it is `{0, …, n - 1 |} = n` (and
/// red rows are negative). A row of `n` green dominoes has as options, for both players,
/// the green rows of 0 to `n - 1` dominoes: the nimber `*n`. `LR`: each player's best
/// topple fells both dominoes (`{0, -1 | 0, 1}`), so it is `{0|0} = *`, and `LR.RL` is
/// `* + * = 0`. `LLR`: Left's best topple is the middle domino to the right, leaving `L..`
/// = 1; Right's fells all three (0) rather than leaving `LL.` = 2: `{1|0}`, a switch, not a
/// number, although it has no green domino.
#[test]
fn values_worked_from_the_rules() {
    for n in 1..=8usize {
        assert_eq!(value(&"L".repeat(n)), n.to_string());
        assert_eq!(value(&"R".repeat(n)), format!("-{n}"));
    }
    assert_eq!(value("G"), "*");
    assert_eq!(value("GG"), "*2");
    assert_eq!(value("GGGGG"), "*5");
    assert_eq!(value("LR"), "*");
    assert_eq!(value("LLR"), "{1|0}");
    assert_eq!(value("RL"), "*");
    assert_eq!(value("LR.RL"), "0");
    assert_eq!(value("LR+RL"), "0");
    assert_eq!(value("LLL.RR"), "1");
    assert_eq!(value("G.GG"), "*3");
}

/// The strip keeps its cells through a game: a long row of 64 dominoes is valued (a row
/// has only as many positions as it has intervals).
#[test]
fn a_full_strip_of_one_colour_is_valued() {
    assert_eq!(value(&"L".repeat(64)), "64");
    assert_eq!(value(&"G".repeat(64)), "*64");
}

/// The value cgt-tools asserts in its own tests (`correct_canonical` in
/// `cgt/short/partizan/games/toppling_dominoes.rs`, commit 17fa9f3): the row blue, red, red,
/// blue, blue (`xooxx` there) is `{1|*}`. The same-run comparison with cgt-tools in
/// docs/benchmarks.md found the two programs equal on every row it timed as well.
#[test]
fn cgt_tools_published_value() {
    assert_eq!(value("LRRLL"), "{1|*}");
}
