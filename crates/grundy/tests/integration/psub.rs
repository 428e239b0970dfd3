//! Partizan subtraction's values against an independent brute force: the rules written
//! again plainly (a heap list and two sets, every move by definition), the game tree built
//! from them option by option in the value store, compared with the evaluator (components
//! and cache) and with the bottom-up value sequence of `psub::period` on every small
//! position; the registry's report.
//!
//! Published values: CGSuite's own test of its `game.heap.PartizanSubtraction` ruleset
//! (`lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala` in
//! github.com/aaron-siegel/cgsuite, "define partizan heap games properly") gives the
//! canonical form of a heap of 6 under `{1,3}` against `{2,3}`, the ruleset of CGSuite's
//! example `examples/PartizanSubtraction.cgs`; it is checked below. Other values are
//! derived here by hand (see also `games/psub/golden.rs`).
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;

use grundy::cgt::{Evaluator, GameId, ValueStore};
use grundy::games::psub::{period, PartizanSubtraction};
use grundy::registry;
use grundy::report::{Report, SolveOptions};

/// Every heap list after one move with the amounts `set`: some heap loses an amount of
/// the set it holds at least.
fn moves(heaps: &[u32], set: &[u32]) -> Vec<Vec<u32>> {
    let mut result = Vec::new();
    for (index, &heap) in heaps.iter().enumerate() {
        for &amount in set {
            if amount <= heap {
                let mut next = heaps.to_vec();
                next[index] = heap - amount;
                result.push(next);
            }
        }
    }
    result
}

/// The value of `heaps` by the definition: `{ Left's options | Right's options }`.
fn brute(
    store: &mut ValueStore,
    memo: &mut HashMap<Vec<u32>, GameId>,
    sets: (&[u32], &[u32]),
    heaps: &[u32],
) -> GameId {
    if let Some(&id) = memo.get(heaps) {
        return id;
    }
    let lefts: Vec<GameId> = moves(heaps, sets.0)
        .iter()
        .map(|option| brute(store, memo, sets, option))
        .collect();
    let rights: Vec<GameId> = moves(heaps, sets.1)
        .iter()
        .map(|option| brute(store, memo, sets, option))
        .collect();
    let id = store.game(&lefts, &rights);
    memo.insert(heaps.to_vec(), id);
    id
}

/// Every subset of 1..=4 (the empty one too).
fn small_sets() -> Vec<Vec<u32>> {
    (0u32..16)
        .map(|bits| (1..=4).filter(|a| bits & (1 << (a - 1)) != 0).collect())
        .collect()
}

/// Every pair of sets of amounts up to 4; every heap up to 12 alone, every pair of heaps
/// up to 12 and every triple up to 5.
#[test]
fn the_evaluator_agrees_with_the_rules_on_every_small_position() {
    let mut count = 0;
    for left in &small_sets() {
        for right in &small_sets() {
            let mut store = ValueStore::new();
            let mut memo = HashMap::new();
            let mut evaluator = Evaluator::new();
            let mut positions: Vec<Vec<u32>> = (0..=12).map(|a| vec![a]).collect();
            for a in 0..=12 {
                for b in 0..=12 {
                    positions.push(vec![a, b]);
                }
            }
            for code in 0..6 * 6 * 6 {
                positions.push(vec![code % 6, code / 6 % 6, code / 36]);
            }
            let sequence = period::values(
                &mut store,
                &PartizanSubtraction::new(left, right, &[0]).unwrap(),
                12,
            );
            for heaps in positions {
                let expected = brute(&mut store, &mut memo, (left, right), &heaps);
                let position = PartizanSubtraction::new(left, right, &heaps).unwrap();
                assert_eq!(
                    evaluator.value(&mut store, &position),
                    expected,
                    "{position}"
                );
                if let [heap] = heaps[..] {
                    assert_eq!(sequence[heap as usize], expected, "{position}");
                }
                count += 1;
            }
        }
    }
    assert_eq!(count, 256 * (13 + 169 + 216));
}

/// Values derived by hand from the rules: with `1|2`, heap 1 is `{0|} = 1`, heap 2 is
/// `{1|0}` (hot: Left's option 1 exceeds Right's 0) and heap 3 is `{{1|0}|1} = 0` (no Left
/// option is ≥ 0, no Right option ≤ 0). With `1|1` the heaps alternate 0 and `*`.
#[test]
fn values_derived_by_hand() {
    let value = |text: &str| {
        let Report::Valued(report) = registry::find("psub")
            .unwrap()
            .solve(text, &SolveOptions::default())
            .unwrap()
        else {
            panic!("a valued report");
        };
        report.canonical
    };
    assert_eq!(value("1|2:1"), "1");
    assert_eq!(value("1|2:2"), "{1|0}");
    assert_eq!(value("1|2:3"), "0");
    assert_eq!(value("1|1:5"), "*");
    assert_eq!(value("1|1:4"), "0");
    assert_eq!(value("1|:7"), "7");
    assert_eq!(value("1|2:1+1+2"), value("1|2:1+1+2@L"));
}

/// The report's notes give the value sequence and the period observed in it.
#[test]
fn the_report_names_the_observed_period() {
    let report = registry::find("psub")
        .unwrap()
        .solve("1|1:3", &SolveOptions::default())
        .unwrap();
    let Report::Valued(report) = report else {
        panic!("a valued report");
    };
    assert!(
        report.notes.contains(
            &"1|1: values of heaps 0..12: 0, *, 0, *, 0, *, 0, *, 0, *, 0, *, 0".to_string()
        ),
        "{:?}",
        report.notes
    );
    assert!(report.notes.iter().any(|note| note.starts_with(
        "values of heaps 0..300: period 2 from heap 0, seen over 150 periods (observed, not proved"
    )));
    let report = registry::find("psub")
        .unwrap()
        .solve("1|:3", &SolveOptions::default())
        .unwrap();
    let Report::Valued(report) = report else {
        panic!("a valued report");
    };
    assert!(report
        .notes
        .iter()
        .any(|note| note.starts_with("values of heaps 0..300: no period seen")));
}

/// CGSuite's test `GameHeapTest.scala` ("define partizan heap games properly", in
/// github.com/aaron-siegel/cgsuite, `lib/core/src/test/scala/org/cgsuite/lang/`):
/// `game.heap.PartizanSubtraction([1,3],[2,3])(6).CanonicalForm` is
/// `{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}`. Read in this project's CGSuite notation and
/// compared with the evaluator's value of `1,3|2,3:6`, with the value sequence's and with
/// the report's text.
#[test]
fn cgsuites_published_value_of_a_heap_of_six() {
    const CGSUITE: &str = "{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}";
    let mut store = ValueStore::new();
    let published = store.evaluate(CGSUITE).unwrap();
    let position: PartizanSubtraction = "1,3|2,3:6".parse().unwrap();
    let mut evaluator = Evaluator::new();
    assert_eq!(evaluator.value(&mut store, &position), published);
    let sequence = period::values(&mut store, &position, 6);
    assert_eq!(sequence[6], published);
    let Report::Valued(report) = registry::find("psub")
        .unwrap()
        .solve("1,3|2,3:6", &SolveOptions::default())
        .unwrap()
    else {
        panic!("a valued report");
    };
    assert_eq!(report.canonical, CGSUITE);
}
